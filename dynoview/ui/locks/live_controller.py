"""Live mode's background work: a ``Watcher`` on the open table, stepped off the UI thread.

``start`` runs one task on the qasync loop: the watcher finds the stream and seeds itself (a
replay, or an audit while the stream's position is held) in the task runner's pool, then
each ``step`` (one GetRecords per shard) runs in the pool too and its ``WatchStep`` comes
back to the UI thread as a signal, where applying it is cheap. ``stop`` cancels it (the
blocking call's cancel event is set), as the panel does on toggle off, a table change and
close. Indexing the grid's rows for the events (``LiveRows.build_index``) runs in the pool
as well, and so do the watch's starting state (``start_state``, read between two steps once
asked by ``want_start``) and its comparison with the grid's rows (``reconcile``).
"""

from __future__ import annotations

import asyncio
import gc
import threading

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from dynoview.core.audit.collector import relaxed_gc
from dynoview.core.audit.rows import AuditRows
from dynoview.core.background import ui_heartbeat
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.start_findings import StartState, start_events, start_state
from dynoview.core.watch.watcher import Watcher, WatchStep
from dynoview.ui.context import AppContext
from dynoview.ui.locks.controller import HEARTBEAT_MS, Checkpoint
from dynoview.ui.locks.live_rows import LiveRows

LIVE_TASK = "locks-live"
INDEX_TASK = "locks-live-index"
RECONCILE_TASK = "locks-live-reconcile"


class LiveController(QObject):
    """Starts, steps and stops one panel's watch; reports through signals."""

    started = Signal(object, list)  # Watcher, notices (sentences)
    stepped = Signal(object)  # WatchStep
    indexed = Signal(object)  # LiveRows, its index built
    failed = Signal(object)  # the exception (no stream: a DynoViewError naming UpdateTable)
    start_found = Signal(object)  # StartState, once asked by ``want_start``
    reconciled = Signal(object, list)  # LiveRows, the StartEvents that bring its rows in line
    stopped = Signal()

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.watcher: Watcher | None = None
        self.steps = 0
        self._want_start = False
        self._heartbeat = QTimer(self)
        self._heartbeat.setTimerType(Qt.TimerType.PreciseTimer)
        self._heartbeat.setInterval(HEARTBEAT_MS)
        self._heartbeat.timeout.connect(ui_heartbeat.beat)

    def start(self, schema: UniquenessSchema) -> bool:
        """Watch the open table (replacing a running watch); False without one."""
        reader, table = self.ctx.reader, self.ctx.table
        if reader is None or table is None:
            return False
        self.ctx.tasks.start(LIVE_TASK, self.run(reader, table, schema), on_error=self._failed)
        return True

    @property
    def running(self) -> bool:
        return self.ctx.tasks.is_running(LIVE_TASK)

    def stop(self) -> None:
        was = self.running or self.watcher is not None
        self.ctx.tasks.cancel(LIVE_TASK)
        self.ctx.tasks.cancel(INDEX_TASK)
        self.ctx.tasks.cancel(RECONCILE_TASK)
        self.watcher = None
        if was:
            self.stopped.emit()

    async def run(self, reader: Reader, table: TableInfo, schema: UniquenessSchema) -> None:
        watcher = Watcher(reader, table, schema)
        self.watcher = watcher
        self.steps = 0
        self._want_start = False
        # No full collection while Live runs: one walks everything the watch keeps, holding the
        # GIL for hundreds of milliseconds at 200 writes/s (benchmarks/live_mode.py); the young
        # generations, where cycles are made, are still collected. What the seeding left alive
        # is frozen, as an audit's result is (ui/gc_pauses.py).
        with relaxed_gc():
            # The heartbeat the watch's threads give way to (the seeding audit's, and each
            # step's between shards), beaten while Live runs.
            ui_heartbeat.start()
            self._heartbeat.start()
            try:
                notices: list[str] = await self.ctx.tasks.call(_start, watcher, cancellable=True)
                gc.freeze()
                self.started.emit(watcher, notices)
                await self._start_state(watcher)
                while self.watcher is watcher:
                    step: WatchStep = await self.ctx.tasks.call(_step, watcher, cancellable=True)
                    self.steps += 1
                    self.stepped.emit(step)
                    if step.finished:
                        break
                    await self._start_state(watcher)
                    await _pause(step.wait_s)
            finally:
                ui_heartbeat.stop()
                self._heartbeat.stop()

    def want_start(self) -> None:
        """Read the watch's starting state after the step (or the start) being handled."""
        self._want_start = True

    async def _start_state(self, watcher: Watcher) -> None:
        # Between two steps of this loop: the watcher is not being stepped while it is read.
        if self._want_start and self.watcher is watcher:
            self._want_start = False
            start: StartState = await self.ctx.tasks.call(_read_start, watcher, cancellable=True)
            if self.watcher is watcher:
                self.start_found.emit(start)

    def reconcile(self, live: LiveRows, start: StartState) -> None:
        """Compare ``live``'s rows with the starting state, in the pool; ``reconciled`` brings
        the changes back (the rows are not changed meanwhile: Live holds its events)."""
        self.ctx.tasks.start(RECONCILE_TASK, self._reconcile(live, start), on_error=self._failed)

    async def _reconcile(self, live: LiveRows, start: StartState) -> None:
        events = await self.ctx.tasks.call(start_events, live.rows, start, cancellable=True)
        self.reconciled.emit(live, events)

    def index(self, rows: AuditRows) -> None:
        """Index ``rows`` for the events, in the pool; ``indexed`` brings it back."""
        self.ctx.tasks.start(INDEX_TASK, self._index(rows), on_error=self._failed)

    async def _index(self, rows: AuditRows) -> None:
        live = await self.ctx.tasks.call(LiveRows(rows).build_index, cancellable=True)
        self.indexed.emit(live)

    def _failed(self, exc: BaseException) -> None:
        self.ctx.tasks.cancel(LIVE_TASK)
        self.watcher = None
        self.failed.emit(exc)


async def _pause(seconds: float) -> None:
    """``asyncio.sleep`` on the loop that runs the task (qasync's loop need not be the
    running loop ``asyncio.sleep`` asks for: a test drives it from pytest-qt's waits)."""
    loop = asyncio.get_event_loop()
    done = loop.create_future()

    def wake() -> None:
        if not done.done():
            done.set_result(None)

    handle = loop.call_later(max(0.0, seconds), wake)
    try:
        await done
    finally:
        handle.cancel()


def _start(watcher: Watcher, cancel: threading.Event) -> list[str]:
    return watcher.start(Checkpoint(cancel))


def _step(watcher: Watcher, cancel: threading.Event) -> WatchStep:
    return watcher.step(Checkpoint(cancel))


def _read_start(watcher: Watcher, cancel: threading.Event) -> StartState:
    return start_state(watcher)
