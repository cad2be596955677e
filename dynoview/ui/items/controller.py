"""Drives the items view: builds the read, pages it off the UI thread, feeds the model.

A read runs as a task (``TaskRunner.start``): an ``async def`` loop that awaits pages in the
thread pool while the view wants one and hands them to the model; it ends when nothing is
wanted, and the view's next request starts it again. Unfiltered reads prefetch one
page ahead, so scrolling shows the next page as soon as the view asks and the network round
trip overlaps with the UI work. Filtered Scans are not prefetched: finding one page may read
much of the table. Starting another read or ``cancel()`` cancels the task (and its Scan).

The same controller reads single items for the panel: one by key (GetItem, for a link to an
item not on the page) and the items a transaction just wrote.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import BrowseSpec, build_request
from dynoview.core.reads.reader import Page, PageCursor, Reader
from dynoview.ui.context import AppContext
from dynoview.ui.items.model import ItemsModel

TASK = "browse"
Fresh = list[tuple[dict[str, Any], dict[str, Any] | None]]  # (key, the item now or None)


def _read_items(reader: Reader, table: str, keys: list[dict[str, Any]]) -> Fresh:
    """In a worker: each key's item as it is now (None: deleted), strongly consistent."""
    return [(key, reader.get_item(table, key)) for key in keys]


class BrowseController(QObject):
    """One read at a time: starting a new one cancels the stale one."""

    page_loaded = Signal(object)  # Page
    failed = Signal(str, str)  # field (may be ""), message
    busy_changed = Signal(bool)
    key_read = Signal(object, object)  # key, item or None: ``read_key``'s answer
    items_reread = Signal(object)  # Fresh: ``reread``'s answer

    def __init__(self, ctx: AppContext, model: ItemsModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = model
        self.cursor: PageCursor | None = None
        self.spec: BrowseSpec | None = None
        self.scanned_total = 0
        self.requests_total = 0
        self._buffer: Page | None = None  # a prefetched page the view has not asked for yet
        self._wanted = False  # the view asked for a page that has not arrived yet
        self._task: asyncio.Task[Any] | None = None  # the read's task
        # One task name per controller: a second Items tab's read must not cancel this one.
        self.task_name = f"{TASK}-{id(self)}"
        model.more_requested.connect(self.fetch_more)

    @property
    def prefetch(self) -> bool:
        return bool(self.spec and not (self.spec.filter and self.spec.filter.attribute))

    def start(self, spec: BrowseSpec) -> bool:
        """Begin a new read; returns False (and emits ``failed``) if the input is bad."""
        self.cancel()
        table = self.ctx.tables.get(spec.table) or self.ctx.table
        if self.ctx.reader is None or table is None:
            self.failed.emit("", "Connect and pick a table first.")
            return False
        try:
            operation, request = build_request(table, spec)
            cursor = self.ctx.reader.cursor(operation, request, table)
        except DynoViewError as exc:
            self.failed.emit(exc.field or "", exc.message)
            return False
        self.spec = spec
        self.cursor = cursor
        self.scanned_total = self.requests_total = 0
        self.model.reset(table)
        self.model.set_exhausted(False)
        self.fetch_more()
        return True

    def fetch_more(self) -> None:
        """Show the next page: from the prefetch buffer if it is there, else ask the read."""
        cursor = self.cursor
        if cursor is None:
            return
        if self._buffer is not None:
            page, self._buffer = self._buffer, None
            self._deliver(page)
        elif cursor.exhausted:
            return
        else:
            self._wanted = True
            self.model.set_loading(True)
            self.busy_changed.emit(True)
        self._keep_reading(cursor)

    def _keep_reading(self, cursor: PageCursor) -> None:
        """Start the read task unless one is running (it sees the new demand after its page)."""
        task = self._task
        if task is not None and not task.done() and not task.cancelling():
            return
        if not self._needs_page(cursor):
            return
        # The first page, the next one, or going on after Cancel or an error: the cursor only
        # moves when a page is whole, so no row is lost or shown twice.
        want = self.spec.page_size if self.spec else None
        self._task = self.ctx.tasks.start(self.task_name, self._read(cursor, want),
                                          on_error=lambda exc: self._error(cursor, exc))

    def _needs_page(self, cursor: PageCursor) -> bool:
        return not cursor.exhausted and (self._wanted or (self.prefetch and self._buffer is None))

    async def _read(self, cursor: PageCursor, want: int | None) -> None:
        """Read pages while the view wants one, plus one ahead when unfiltered, then end.

        The task ends when nothing is wanted, so an idle tab holds no task; ``fetch_more``
        starts the next one.
        """
        while self._needs_page(cursor):
            if not self._wanted:
                self.model.set_loading(False)  # the view may ask; the answer is already coming
            page = await self.ctx.tasks.call(cursor.next_page, want, cancellable=True)
            if self._wanted:
                self._deliver(page)
            else:
                self._buffer = page

    def _deliver(self, page: Page) -> None:
        self._wanted = False
        self.scanned_total += page.scanned
        self.requests_total += page.requests
        self.model.append_page(page.items, page.exhausted)
        self.busy_changed.emit(False)
        self.page_loaded.emit(page)

    def _error(self, cursor: PageCursor, exc: BaseException) -> None:
        if cursor is not self.cursor:
            return
        self._wanted = False
        self._buffer = None
        self.model.set_loading(False)
        self.model.set_exhausted(True)
        self.busy_changed.emit(False)
        if isinstance(exc, DynoViewError):
            self.failed.emit(exc.field or "", exc.message)
            return
        err = self.ctx.report(exc, operation=cursor.operation)
        self.failed.emit("", err.message)

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._buffer = None
        self._wanted = False
        self.model.set_loading(False)
        self.busy_changed.emit(False)

    @property
    def busy(self) -> bool:
        return self._wanted

    def describe_progress(self) -> str:
        """"120 items shown, 480 read, more available" for the status line."""
        shown = self.model.rowCount()
        parts = [f"{shown} item{'s' if shown != 1 else ''} shown"]
        if self.model.hidden_count:
            parts.append(f"{self.model.hidden_count} expired hidden")
        if self.spec and self.spec.filter and self.spec.filter.attribute:
            parts.append(f"{self.scanned_total} read to find them")
        parts.append("end of table" if self.model.exhausted else "more available (scroll or Ctrl+L)")
        return ", ".join(parts)

    # -- single items ------------------------------------------------------------------
    def read_key(self, table: str, key: Mapping[str, Any]) -> None:
        """Read one item by key (strongly consistent GetItem); ``key_read`` brings it."""
        self.ctx.tasks.start(f"items-open-key-{id(self)}", self._read_key(table, dict(key)),
                             on_error=self._get_item_failed)

    def _get_item_failed(self, exc: BaseException) -> None:
        self.ctx.report(exc, operation="GetItem")

    async def _read_key(self, table: str, key: dict[str, Any]) -> None:
        reader = self.ctx.reader
        if reader is None:
            return
        item = await self.ctx.tasks.call(reader.get_item, table, key)
        self.key_read.emit(key, item)

    def reread(self, table: str, keys: list[dict[str, Any]]) -> None:
        """Read the items with these keys again (after a write); ``items_reread`` brings them."""
        self.ctx.tasks.start(f"items-reread-{id(self)}", self._reread(table, keys),
                             on_error=self._get_item_failed)

    async def _reread(self, table: str, keys: list[dict[str, Any]]) -> None:
        reader = self.ctx.reader
        if reader is None:
            return
        self.items_reread.emit(await self.ctx.tasks.call(_read_items, reader, table, keys))
