"""Drives the items view: builds the read, pages it off the UI thread, feeds the model.

A read runs as a task (``TaskRunner.start``): an ``async def`` loop that awaits pages in the
thread pool while the view wants one and hands them to the model; it ends when nothing is
wanted, and the view's next request starts it again. Unfiltered reads prefetch one
page ahead, so scrolling shows the next page as soon as the view asks and the network round
trip overlaps with the UI work. Filtered Scans are not prefetched: finding one page may read
much of the table. Starting another read or ``cancel()`` cancels the task (and its Scan).

When the view asks for more ``EAGER_ASKS`` times in a row, each as soon as the page before
was shown, with more than a few screens shown (``EAGER_AFTER_ROWS``: not the view filling its
first screen; it is held at the end, the user wants the rows as fast as they come), each read
of the worker gathers pages for ``STREAM_S`` (the same requests, one after the other), and the
view gets them at once: about five shows a second, whatever the page size. Pages of 100 from a
fast endpoint would otherwise cost the UI thread one insertion, signal round and repaint each,
and a round trip through the event loop between two requests; gathered by count (2,000 rows),
a show still came every 60 ms, and its repaint (6-10 ms, the view asking the model once per
cell and role) held the worker back for a fifth of the read.

Pages are read as compact rows (``Reader.cursor(..., rows=...)``): the worker that read a
page also decodes it, so the UI thread only appends rows, at most ``CHUNK_ROWS`` per turn of
the event loop (``PageFeeder``), fewer once a turn took longer than ``SHOW_SLICE_S`` (a busy
machine); ``page_loaded`` comes once a page is shown whole. While
pages are being shown, decoding workers wait between slices (``ui_gate``): measured at 1 MB
pages, showing one page while the next was decoded stalled the loop 45-65 ms (every call of
the loop into Python queued for the GIL), and 15-25 ms once the worker waits. While a read
task runs the collector makes no full collection (``gc_pauses.read_collections``). A sort of
many loaded rows runs in the pool too (``ItemsModel.sorting``).

The same controller reads single items for the panel: one by key (GetItem, for a link to an
item not on the page) and the items a transaction just wrote.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.errors import CancelledError, DynoViewError, InputError
from dynoview.ui.context import AppContext
from dynoview.ui.gc_pauses import read_collections
from dynoview.ui.items import ui_gate
from dynoview.ui.items.feeder import PageFeeder
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.rows import SortJob, row_shape

if TYPE_CHECKING:  # the read code loads with the connection, after the first paint
    import asyncio

    from dynoview.core.reads.browse import BrowseSpec
    from dynoview.core.reads.reader import Page, PageCursor, Reader
    from dynoview.core.session.connection import Connection
    from dynoview.core.session.tables import TableInfo

TASK = "browse"
# Rows appended per turn of the event loop. Appending costs about 0.05 us a row (1 ms for
# 20,000); the repaint after each turn costs the same whatever the rows: few, large turns.
CHUNK_ROWS = 20_000
SHOW_SLICE_S = 0.005  # a turn that appended for longer appends fewer rows next turn
MIN_CHUNK_ROWS = 1000
STREAM_ROWS = 100_000  # most rows gathered per read while the view waits at the end
STREAM_S = 0.2  # ... or what that read brought in this long
EAGER_ASKS = 3  # asks in a row, each right after a page was shown, before gathering pages
EAGER_S = 0.1  # "right after"
EAGER_AFTER_ROWS = 200  # more than a view fills on its own
Fresh = list[tuple[dict[str, Any], dict[str, Any] | None]]  # (key, the item now or None)


def next_chunk(rows: int, seconds: float) -> int:
    """Rows to append next turn, after ``rows`` took ``seconds``: as many as fit in
    ``SHOW_SLICE_S`` when that turn took longer (a large page while the machine is busy), the
    same otherwise; never fewer than ``MIN_CHUNK_ROWS`` (or ``CHUNK_ROWS`` when it is lower)."""
    if seconds <= SHOW_SLICE_S:
        return rows
    return max(min(MIN_CHUNK_ROWS, CHUNK_ROWS), int(rows * SHOW_SLICE_S / seconds))


class ReadFor:
    """What a single-item read was asked for: the connection and the table (the panel's own
    ``TableInfo``). Its answer may come after the user switched: shown then, another table's
    item would pass for one of the table on screen (and Edit…/Delete… act on it). A plain
    class: this module loads before the window's first paint (issue 19)."""

    __slots__ = ("conn", "table")

    def __init__(self, conn: Connection | None, table: TableInfo) -> None:
        self.conn, self.table = conn, table

    def still(self, ctx: AppContext, info: TableInfo | None) -> bool:
        """The panel still shows this table on this connection: the answer is its own."""
        return info is self.table and ctx.connection is self.conn


def _read_items(reader: Reader, table: str, keys: list[dict[str, Any]],
                cancel: threading.Event) -> Fresh:
    """In a worker: each key's item as it is now (None: deleted), strongly consistent; stops
    at ``cancel`` (the tab switched: the answer is not wanted)."""
    fresh: Fresh = []
    for key in keys:
        if cancel.is_set():
            raise CancelledError("The read was cancelled.")
        fresh.append((key, reader.get_item(table, key)))
    return fresh


class BrowseController(QObject):
    """One read at a time: starting a new one cancels the stale one."""

    page_loaded = Signal(object)  # Page
    failed = Signal(str, str)  # field (may be ""), message
    busy_changed = Signal(bool)
    key_read = Signal(object, object, object)  # ReadFor, key, item or None: ``read_key``'s answer
    items_reread = Signal(object, object)  # ReadFor, Fresh: ``reread``'s answer

    def __init__(self, ctx: AppContext, model: ItemsModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = model
        self.cursor: PageCursor | None = None
        self.spec: BrowseSpec | None = None
        self.scanned_total = 0
        self.requests_total = 0
        self._ahead: list[Page] = []  # pages read ahead that the view has not asked for yet
        self._eager = 0  # asks in a row that came right after a page was shown
        self._shown_at = 0.0  # when the last page was shown whole (time.monotonic)
        self._streaming = False  # the view waits at the end: gather pages per read
        self._wanted = False  # the view asked for a page that has not arrived yet
        self._task: asyncio.Task[Any] | None = None  # the read's task
        self._feeder = PageFeeder(model)  # pages read, being shown
        self._show_task: asyncio.Task[Any] | None = None
        # One task name per controller: a second Items tab's read must not cancel this one.
        self.task_name = f"{TASK}-{id(self)}"
        model.more_requested.connect(self.fetch_more)
        model.sorting.sorter = self._sort
        ctx.connection_changed.connect(self.cancel_item_reads)

    @property
    def prefetch(self) -> bool:
        return bool(self.spec and not (self.spec.filter and self.spec.filter.attribute))

    def start(self, spec: BrowseSpec) -> bool:
        """Begin a new read; returns False (and emits ``failed``) if the input is bad."""
        self.cancel(keep_read=False)
        table = self.ctx.tables.get(spec.table) or self.ctx.table
        if self.ctx.reader is None or table is None:
            self.failed.emit("", self.tr("Connect and pick a table first."))
            return False
        from dynoview.core.reads.browse import build_request

        try:
            operation, request = build_request(table, spec)
            cursor = self.ctx.reader.cursor(operation, request, table,
                                            rows=row_shape(table, self.model.now))
        except (DynoViewError, InputError) as exc:  # a sentence at its field, never the crash dialog
            self.failed.emit(exc.field or "", exc.message)
            return False
        self.spec = spec
        self.cursor = cursor
        self.scanned_total = self.requests_total = 0
        self._eager, self._streaming = 0, False
        self.model.reset(table, spec.index)  # an index may leave the TTL attribute out
        self.model.exhausted = False
        self.fetch_more()
        return True

    def fetch_more(self) -> None:
        """Show the next page: what was read ahead if there is some, else ask the read."""
        cursor = self.cursor
        if cursor is None:
            return
        self._eager = self._eager + 1 if time.monotonic() - self._shown_at < EAGER_S else 0
        self._streaming = self._streaming or (self.prefetch and self._eager >= EAGER_ASKS
                                              and self.model.rowCount() >= EAGER_AFTER_ROWS)
        if self._ahead:
            pages, self._ahead = self._ahead, []
            for page in pages:
                if self._take(cursor, page):
                    self._deliver(page)
        elif cursor.exhausted and not self._reading:
            self._sync_loading()  # nothing more to read: the view may not wait for it
            return
        else:
            # A read in flight may bring the last page (the cursor is marked exhausted only
            # once the task takes it): it is wanted, so the task shows it.
            self._wanted = True
            self._sync_loading()
            self.busy_changed.emit(True)
        self._keep_reading(cursor)

    @property
    def _reading(self) -> bool:
        task = self._task
        return task is not None and not task.done() and not task.cancelling()

    def _keep_reading(self, cursor: PageCursor) -> None:
        """Start the read task unless one is running (it sees the new demand after its page)."""
        if self._reading or not self._needs_page(cursor):
            return
        # The first page, the next one, or going on after Cancel or an error: the cursor only
        # moves when a page is taken (``_take``), so no row is lost or shown twice.
        self._task = self.ctx.tasks.start(self.task_name, self._read(cursor),
                                          on_error=lambda exc: self._error(cursor, exc))

    def _needs_page(self, cursor: PageCursor) -> bool:
        # Only the current read's cursor: a page it cannot take is never read in a loop.
        return (cursor is self.cursor and not cursor.exhausted
                and (self._wanted or (self.prefetch and not self._ahead)))

    async def _read(self, cursor: PageCursor) -> None:
        """Read pages while the view wants one, plus one ahead when unfiltered, then end.

        The task ends when nothing is wanted, so an idle tab holds no task; ``fetch_more``
        starts the next one.
        """
        with read_collections():  # no full collection while pages are decoded (gc_pauses)
            while self._needs_page(cursor):
                if not self._wanted:
                    self._sync_loading()  # the view may ask; the answer is already coming
                want = self.spec.page_size if self.spec else None
                read = cursor.read_page
                if want is not None and self._streaming:
                    # Several requests of the same size for STREAM_S, then one show.
                    want, read = max(want, STREAM_ROWS), functools.partial(read, within=STREAM_S)
                page = await self.ctx.tasks.call(read, want, cancellable=True)
                if not self._wanted:
                    self._ahead.append(page)  # taken when the view asks for it
                elif self._take(cursor, page):
                    self._deliver(page)

    def _take(self, cursor: PageCursor, page: Page) -> bool:
        """Move the cursor past a page as it goes to the view, not when it was read: a page
        dropped on the way (its read cancelled, its answer come too late, read ahead and
        cleared by Cancel) is read again by the next read, never skipped."""
        return cursor is self.cursor and cursor.advance(page)

    def _sync_loading(self) -> None:
        """The view asks for more only when no page is awaited or still being shown."""
        self.model.loading = self._wanted or bool(self._feeder)

    def _deliver(self, page: Page) -> None:
        """Queue a page to show; the show task appends it a chunk at a time."""
        self._wanted = False
        self._feeder.queue(page)
        self._sync_loading()
        task = self._show_task
        if task is None or task.done() or task.cancelling():
            cursor = self.cursor
            self._show_task = self.ctx.tasks.start(f"{self.task_name}-show", self._show(),
                                                   on_error=lambda exc: self._show_failed(cursor, exc))

    async def _show(self) -> None:
        """Append the queued pages, a chunk per turn of the event loop. Meanwhile decoding
        workers wait (``ui_gate``): between two chunks the loop paints and runs timers, and
        each of its calls into Python would otherwise queue for the GIL behind them."""
        import asyncio

        with ui_gate.busy():
            chunk = CHUNK_ROWS
            while self._feeder:
                started = time.perf_counter()
                shown = self._feeder.step(chunk)
                chunk = next_chunk(chunk, time.perf_counter() - started)
                self._sync_loading()
                for page in shown:
                    self._page_shown(page)
                if self._feeder:
                    await asyncio.sleep(0)  # paint, input and timers run between chunks

    def _page_shown(self, page: Page) -> None:
        self._shown_at = time.monotonic()
        self.scanned_total += page.scanned
        self.requests_total += page.requests
        if not self.busy:
            self.busy_changed.emit(False)
        self.page_loaded.emit(page)

    def _flush(self) -> None:
        """Show what is queued now, whole (the cursor has moved past it: it is not read again).
        Pages read ahead are not taken yet: dropped, the next read reads them again."""
        task, self._show_task = self._show_task, None
        if task is not None:
            task.cancel()
        for page in self._feeder.flush():
            self.scanned_total += page.scanned
            self.requests_total += page.requests

    def _show_failed(self, cursor: PageCursor | None, exc: BaseException) -> None:
        self._feeder.clear()  # a page that broke the model is not shown again
        if cursor is not None:
            self._error(cursor, exc)

    def _error(self, cursor: PageCursor, exc: BaseException) -> None:
        if cursor is not self.cursor:
            return
        self._wanted = False
        self._ahead = []
        self._flush()
        self.model.loading = False
        self.model.exhausted = True
        self.busy_changed.emit(False)
        if isinstance(exc, DynoViewError):
            self.failed.emit(exc.field or "", exc.message)
            return
        err = self.ctx.report(exc, operation=cursor.operation)
        self.failed.emit("", err.message)

    def cancel(self, keep_read: bool = True) -> None:
        """Stop reading. Pages already read are shown (``keep_read``) or dropped (a new read)."""
        if self._task is not None:
            self._task.cancel()
        self._ahead = []
        self._wanted = False
        self._eager, self._streaming = 0, False
        if keep_read:
            self._flush()
        else:
            task, self._show_task = self._show_task, None
            if task is not None:
                task.cancel()
            self._feeder.clear()
        self.model.loading = False
        self.busy_changed.emit(False)

    @property
    def busy(self) -> bool:
        return self._wanted or bool(self._feeder)

    # -- sorting many rows -------------------------------------------------------------
    def _sort(self, job: SortJob) -> None:
        """The model's ``sorter``: sort in the pool (the model runs one job at a time)."""
        self.ctx.tasks.start(f"{self.task_name}-sort", self._run_sort(job))

    async def _run_sort(self, job: SortJob) -> None:
        try:
            result = await self.ctx.tasks.call(job.run)
        except BaseException:
            self.model.sorting.drop(job)  # the next change sorts again
            raise
        self.model.sorting.apply(job, result)

    def describe_progress(self) -> str:
        """"120 items shown, 480 read, more available" for the status line."""
        shown = self.model.rowCount()
        parts = [self.tr("%Ln item(s) shown", "", shown)]
        if self.model.hidden_count:
            parts.append(self.tr(
                "{hidden_count} expired hidden").format(hidden_count=self.model.hidden_count))
        if self.spec and self.spec.filter and self.spec.filter.attribute:
            parts.append(self.tr(
                "{scanned_total} read to find them").format(scanned_total=self.scanned_total))
        cursor = self.cursor
        if not self.model.exhausted:
            parts.append(self.tr("more available (scroll or Ctrl+L)"))
        elif cursor is not None and not cursor.exhausted:  # a failed page stopped the read
            parts.append(self.tr("stopped before the end, more available (Ctrl+L)"))
        else:
            parts.append(self.tr("end of table"))
        return ", ".join(parts)

    # -- single items ------------------------------------------------------------------
    @property
    def index_read(self) -> str | None:
        """The index the shown rows were read from (None: the table itself)."""
        return self.spec.index if self.spec is not None else None

    def read_key(self, table: TableInfo, key: Mapping[str, Any]) -> None:
        """Read one item by key (strongly consistent GetItem); ``key_read`` brings it."""
        read_for = ReadFor(self.ctx.connection, table)
        self.ctx.tasks.start(f"items-open-key-{id(self)}", self._read_key(read_for, dict(key)),
                             on_error=lambda exc: self._get_item_failed(read_for, exc))

    def _get_item_failed(self, read_for: ReadFor, exc: BaseException) -> None:
        if read_for.conn is self.ctx.connection:  # a closed connection's error is news to no one
            self.ctx.report(exc, operation="GetItem")

    async def _read_key(self, read_for: ReadFor, key: dict[str, Any]) -> None:
        reader = self.ctx.reader
        if reader is None:
            return
        item = await self.ctx.tasks.call(reader.get_item, read_for.table.name, key)
        self.key_read.emit(read_for, key, item)

    def reread(self, table: TableInfo, keys: list[dict[str, Any]]) -> None:
        """Read the items with these keys again (after a write); ``items_reread`` brings them."""
        read_for = ReadFor(self.ctx.connection, table)
        self.ctx.tasks.start(f"items-reread-{id(self)}", self._reread(read_for, keys),
                             on_error=lambda exc: self._get_item_failed(read_for, exc))

    async def _reread(self, read_for: ReadFor, keys: list[dict[str, Any]]) -> None:
        reader = self.ctx.reader
        if reader is None:
            return
        fresh = await self.ctx.tasks.call(_read_items, reader, read_for.table.name, keys,
                                          cancellable=True)
        self.items_reread.emit(read_for, fresh)

    def cancel_item_reads(self, *_: object) -> None:
        """Stop the reads by key (another table or connection): their answers are not this
        table's. The answers check ``ReadFor.still`` too, for one already on its way."""
        for name in (f"items-open-key-{id(self)}", f"items-reread-{id(self)}"):
            self.ctx.tasks.cancel(name)
