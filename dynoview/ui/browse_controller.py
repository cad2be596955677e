"""Drives the items view: builds the read, pages it off the UI thread, feeds the model.

Unfiltered reads prefetch one page ahead, so scrolling shows the next page as
soon as the view asks and the network round trip overlaps with the UI work.
Filtered Scans are not prefetched: finding one page may read much of the table.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import BrowseSpec, build_request
from dynoview.core.reads.reader import Page, PageCursor
from dynoview.ui.context import AppContext
from dynoview.ui.items_model import ItemsModel

TASK = "browse"


class BrowseController(QObject):
    """One read at a time: starting a new one cancels the stale one."""

    page_loaded = Signal(object)  # Page
    failed = Signal(str, str)  # field (may be ""), message
    busy_changed = Signal(bool)

    def __init__(self, ctx: AppContext, model: ItemsModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = model
        self.cursor: PageCursor | None = None
        self.spec: BrowseSpec | None = None
        self.scanned_total = 0
        self.requests_total = 0
        self._inflight: PageCursor | None = None
        self._buffer: Page | None = None  # a prefetched page the view has not asked for yet
        self._wanted = False  # the view asked for a page that has not arrived yet
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
        """Show the next page: from the prefetch buffer if it is there, else read it."""
        if self.cursor is None:
            return
        if self._buffer is not None:
            page, self._buffer = self._buffer, None
            self._deliver(page)
            return
        self._wanted = True
        self.busy_changed.emit(True)
        self._read_next()

    def _read_next(self) -> None:
        cursor = self.cursor
        if cursor is None or cursor.exhausted or self._inflight is cursor:
            return
        self._inflight = cursor
        self.model.set_loading(True)
        want = self.spec.page_size if self.spec else None
        self.ctx.tasks.submit(self.task_name, cursor.next_page, want, pass_cancel=True,
                              on_result=lambda page: self._arrived(cursor, page),
                              on_error=lambda exc: self._error(cursor, exc))

    def _arrived(self, cursor: PageCursor, page: Page) -> None:
        if cursor is not self.cursor:
            return  # a stale read finished after the user started another
        self._inflight = None
        if self._wanted:
            self._deliver(page)
        else:
            self._buffer = page
            self.model.set_loading(False)

    def _deliver(self, page: Page) -> None:
        self._wanted = False
        self.scanned_total += page.scanned
        self.requests_total += page.requests
        self.model.append_page(page.items, page.exhausted and self._buffer is None)
        self.busy_changed.emit(False)
        self.page_loaded.emit(page)
        if self.prefetch and self.cursor is not None and not self.cursor.exhausted:
            self._read_next()
            self.model.set_loading(False)  # the view may ask; the answer is already coming

    def _error(self, cursor: PageCursor, exc: BaseException) -> None:
        if cursor is not self.cursor:
            return
        self._inflight = None
        self._wanted = False
        self.model.set_loading(False)
        self.model.set_exhausted(True)
        self.busy_changed.emit(False)
        if isinstance(exc, DynoViewError):
            self.failed.emit(exc.field or "", exc.message)
            return
        err = self.ctx.report(exc, operation=cursor.operation)
        self.failed.emit("", err.message)

    def cancel(self) -> None:
        self.ctx.tasks.cancel(self.task_name)
        self._inflight = None
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

    def current_request(self) -> dict[str, Any] | None:
        return dict(self.cursor.request) if self.cursor else None
