"""The Accounts & locks panel's background work: the full audit, the grid's orders (sort,
filter, search), one value's diagnosis and schema detection, each an ``async def`` task on
the qasync loop.

Core does the reading, classifying and ordering (``run_audit``, ``build_rows``,
``RowOrdering``, ``diagnose``, ``propose_schema``) in the task runner's thread pool; this
controller starts and cancels the tasks by name and reports through signals, so the panel
stays synchronous and tests can drive it alone. The audit's rows are built as columns in the
pool, so the UI thread receives them ready to show.
"""

from __future__ import annotations

import threading
import time
from array import array
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from dynoview.core.audit.rows import AuditRows, build_rows, rows_of_findings
from dynoview.core.audit.run import AuditProgress, AuditResult
from dynoview.core.audit.two_tables import run_schema_audit
from dynoview.core.audit.view_order import RowOrdering, ViewQuery
from dynoview.core.background import ui_heartbeat, yield_to_ui
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.diagnose import Diagnosis, diagnose
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import SchemaProposal, UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.gc_pauses import audit_collections
from dynoview.ui.tasks import relay_to_ui

if TYPE_CHECKING:  # asyncio loads with the qasync loop, after the window's first paint
    import asyncio

AUDIT_TASK = "locks-audit"
ORDER_TASK = "locks-order"
PREPARE_TASK = "locks-prepare-order"
DIAGNOSE_TASK = "locks-diagnose"
DETECT_TASK = "locks-detect"
DETECT_SAMPLE = 1000
#: At most this often a running audit's progress reaches the UI thread: each report is work
#: there, and the UI thread waits for the GIL behind the audit's own threads every time.
PROGRESS_EVERY_S = 0.25
#: At most this often the findings so far replace the grid's rows while an audit runs (the first
#: at once): each is a model reset, a repaint and a relayout of the counts on the UI thread.
PARTIAL_EVERY_S = 1.0
#: While an audit runs the event loop beats this often; its threads wait for the loop once it
#: has missed a beat (``dynoview.core.background.yield_to_ui``).
HEARTBEAT_MS = 10


class _Checkpoint(threading.Event):
    """The task's cancel event as the audit reads it: between pages and between the slices of
    building its rows. Each read first lets a window's event loop that is behind run
    (``yield_to_ui``), so the steps after the scan, in one thread, give way as the scan does."""

    def __init__(self, cancel: threading.Event) -> None:
        super().__init__()
        self.cancel = cancel

    def is_set(self) -> bool:
        yield_to_ui()
        return self.cancel.is_set()


Checkpoint = _Checkpoint  # for Live mode's seeding audit


def detect(reader: Reader, table: TableInfo, cancel: threading.Event) -> SchemaProposal:
    """Read one sample page and propose a schema from it (blocking: runs in the pool)."""
    page = reader.read("Scan", {"TableName": table.name, "Limit": DETECT_SAMPLE})
    return propose_schema(page.get("Items", []), table)


class LocksController(QObject):
    """Starts, cancels and reports the audit, diagnose and detect tasks of one panel."""

    audit_progress = Signal(object)  # AuditProgress, only while the audit runs
    audit_partial = Signal(object)  # AuditRows of the certain findings so far, while it runs
    audited = Signal(object, object)  # AuditResult, AuditRows (built off the UI thread)
    audit_failed = Signal(object)  # the exception
    ordered = Signal(object, object)  # ViewQuery, array('i') of the rows to show
    order_failed = Signal(object)
    diagnosed = Signal(object, bool)  # Diagnosis, whether it becomes the selection
    diagnose_failed = Signal(object)
    detected = Signal(object)  # SchemaProposal
    detect_failed = Signal(object)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        # The audit reports on a pool thread: relayed to the UI thread, and dropped once this
        # controller is gone (an emit on it during the window's deletion crashed Qt).
        self._progress = relay_to_ui(self, self._relay_progress)
        self._partial = relay_to_ui(self, self._relay_partial)
        self._progress_sent = 0.0
        self._heartbeat = QTimer(self)
        self._heartbeat.setTimerType(Qt.TimerType.PreciseTimer)
        self._heartbeat.setInterval(HEARTBEAT_MS)
        self._heartbeat.timeout.connect(ui_heartbeat.beat)
        self._beating = 0  # audits of this panel whose threads may be running
        self._audit_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ audit

    def start_audit(self, schema: UniquenessSchema, segments: int, consistent: bool) -> bool:
        """Start the full-table audit (replacing a running one); False without a table."""
        reader, table = self.ctx.reader, self.ctx.table
        if reader is None or table is None:
            return False
        self._audit_task = self.ctx.tasks.start(
            AUDIT_TASK, self.audit(reader, table, schema, segments, consistent),
            on_error=self.audit_failed.emit)
        return True

    async def audit(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, segments: int,
                    consistent: bool) -> None:
        self._beat(True)
        try:
            result, rows = await self.ctx.tasks.call(self._audit_work, reader, table, schema,
                                                     segments, consistent, cancellable=True)
        finally:
            self._beat(False)
        self.audited.emit(result, rows)

    def _beat(self, on: bool) -> None:
        """The heartbeat the audit's threads yield to, beaten while one of this panel's runs."""
        if on:
            ui_heartbeat.start()
            self._beating += 1
            self._heartbeat.start()
        else:
            ui_heartbeat.stop()
            self._beating -= 1
            if not self._beating:
                self._heartbeat.stop()

    def _audit_work(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, segments: int,
                    consistent: bool, cancel: threading.Event) -> tuple[AuditResult, AuditRows]:
        partial_sent = [float("-inf")]

        def so_far(findings: list[Finding]) -> None:
            now = time.monotonic()
            if now - partial_sent[0] >= PARTIAL_EVERY_S:  # later reports hold every earlier finding
                partial_sent[0] = now
                self._partial(rows_of_findings(schema, findings))

        self._progress_sent = 0.0
        checkpoint = _Checkpoint(cancel)
        with audit_collections():  # what it builds is frozen at the end, never walked
            # Locks in a table of their own (schema.locks): both tables are scanned and paired.
            # As many workers as the CLI, well below the window's threads: at the CLI's priority
            # two workers kept those threads, holding the GIL, waiting for a core (the loop stood
            # still 280-500 ms); one worker at that priority kept the loop going but made the
            # audit ~1.55x the CLI's at 3M items (benchmarks/window_audit.py).
            result = run_schema_audit(reader, table, schema, segments=segments, consistent=consistent,
                                      progress=self._progress_from_audit, cancel=checkpoint,
                                      findings_so_far=so_far, low_priority_workers=True)
            rows = build_rows(result.pairing, result.findings, checkpoint)  # here, off the UI thread
        return result, rows

    def cancel_audit(self) -> None:
        self.ctx.tasks.cancel(AUDIT_TASK)

    def audit_running(self) -> bool:
        return self.ctx.tasks.is_running(AUDIT_TASK)

    def _progress_from_audit(self, p: AuditProgress) -> None:
        """On the audit's thread: pass a report on every ``PROGRESS_EVERY_S``, and the last."""
        now = time.monotonic()
        if now - self._progress_sent >= PROGRESS_EVERY_S or p.segments_done == p.segments:
            self._progress_sent = now
            self._progress(p)

    def _audit_live(self) -> bool:
        """An audit runs and was not cancelled: a cancelled one stays running until its thread
        stops, and what it relays meanwhile is of a table or schema the user has left."""
        task = self._audit_task
        return self.audit_running() and task is not None and not task.cancelling()

    def _relay_progress(self, p: AuditProgress) -> None:
        if self._audit_live():  # a cancelled audit's last reports are dropped
            self.audit_progress.emit(p)

    def _relay_partial(self, rows: AuditRows) -> None:
        if self._audit_live():
            self.audit_partial.emit(rows)

    # ------------------------------------------------------------------ the grid's order

    def start_order(self, ordering: RowOrdering, query: ViewQuery) -> None:
        """Compute the rows to show for ``query`` in the pool (replacing a running order)."""
        self.ctx.tasks.start(ORDER_TASK, self.order(ordering, query), on_error=self.order_failed.emit)

    async def order(self, ordering: RowOrdering, query: ViewQuery) -> None:
        shown: array = await self.ctx.tasks.call(ordering.order, query, cancellable=True)
        self.ordered.emit(query, shown)

    def cancel_order(self) -> None:
        self.ctx.tasks.cancel(ORDER_TASK)

    def start_prepare(self, ordering: RowOrdering) -> None:
        """Sort by account in the pool ahead of a click (``RowOrdering.prepare``)."""
        self.ctx.tasks.start(PREPARE_TASK, self.ctx.tasks.call(ordering.prepare, cancellable=True),
                             on_error=self.order_failed.emit)

    def cancel_prepare(self) -> None:
        self.ctx.tasks.cancel(PREPARE_TASK)

    def order_running(self) -> bool:
        return self.ctx.tasks.is_running(ORDER_TASK)

    # ------------------------------------------------------------------ diagnose and detect

    def start_diagnose(self, schema: UniquenessSchema, rule: str, value: str, *, select: bool,
                       scan: bool = False) -> bool:
        """Diagnose ``value`` off the UI thread; ``scan``: holders by a Scan, not the index."""
        reader, table = self.ctx.reader, self.ctx.table
        if reader is None or table is None:
            return False
        self.ctx.tasks.start(DIAGNOSE_TASK, self.diagnose(reader, table, schema, rule, value, select, scan),
                             on_error=self.diagnose_failed.emit)
        return True

    async def diagnose(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: str,
                       value: str, select: bool, scan: bool = False) -> None:
        d: Diagnosis = await self.ctx.tasks.call(_diagnose_work, reader, table, schema, rule, value,
                                                 not scan, cancellable=True)
        self.diagnosed.emit(d, select)

    def cancel_diagnose(self) -> None:
        self.ctx.tasks.cancel(DIAGNOSE_TASK)

    def start_detect(self) -> bool:
        reader, table = self.ctx.reader, self.ctx.table
        if reader is None or table is None:
            return False
        self.ctx.tasks.start(DETECT_TASK, self.detect(reader, table), on_error=self.detect_failed.emit)
        return True

    async def detect(self, reader: Reader, table: TableInfo) -> None:
        self.detected.emit(await self.ctx.tasks.call(detect, reader, table, cancellable=True))

    def cancel_detect(self) -> None:
        self.ctx.tasks.cancel(DETECT_TASK)


def _diagnose_work(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: str, value: str,
                   use_index: bool, cancel: threading.Event) -> Diagnosis:
    return diagnose(reader, table, schema, rule, value, use_index=use_index, cancel=cancel)
