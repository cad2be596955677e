"""The Accounts & locks panel's background work: the full audit, one value's diagnosis and
schema detection, each an ``async def`` task on the qasync loop.

Core does the reading and classifying (``run_audit``, ``diagnose``, ``propose_schema``) in
the task runner's thread pool; this controller starts and cancels the tasks by name and
reports through signals, so the panel stays synchronous and tests can drive it alone.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal

from dynoview.core.audit.run import AuditProgress, AuditResult, run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.diagnose import Diagnosis, diagnose
from dynoview.core.uniqueness.findings import PairRow
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import SchemaProposal, UniquenessSchema
from dynoview.ui.context import AppContext

AUDIT_TASK = "locks-audit"
DIAGNOSE_TASK = "locks-diagnose"
DETECT_TASK = "locks-detect"
DETECT_SAMPLE = 1000


def detect(reader: Reader, table: TableInfo, cancel: threading.Event) -> SchemaProposal:
    """Read one sample page and propose a schema from it (blocking: runs in the pool)."""
    page = reader.read("Scan", {"TableName": table.name, "Limit": DETECT_SAMPLE})
    return propose_schema(page.get("Items", []), table)


class LocksController(QObject):
    """Starts, cancels and reports the audit, diagnose and detect tasks of one panel."""

    audit_progress = Signal(object)  # AuditProgress, only while the audit runs
    audited = Signal(object, object)  # AuditResult, list[PairRow] (built off the UI thread)
    audit_failed = Signal(object)  # the exception
    diagnosed = Signal(object, bool)  # Diagnosis, whether it becomes the selection
    diagnose_failed = Signal(object)
    detected = Signal(object)  # SchemaProposal
    detect_failed = Signal(object)
    _progress = Signal(object)  # AuditProgress, emitted on the worker thread (queued here)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._progress.connect(self._relay_progress)

    # ------------------------------------------------------------------ audit

    def start_audit(self, schema: UniquenessSchema, segments: int, consistent: bool) -> bool:
        """Start the full-table audit (replacing a running one); False without a table."""
        reader, table = self.ctx.reader, self.ctx.table
        if reader is None or table is None:
            return False
        self.ctx.tasks.start(AUDIT_TASK, self.audit(reader, table, schema, segments, consistent),
                             on_error=self.audit_failed.emit)
        return True

    async def audit(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, segments: int,
                    consistent: bool) -> None:
        result, rows = await self.ctx.tasks.call(self._audit_work, reader, table, schema, segments,
                                                 consistent, cancellable=True)
        self.audited.emit(result, rows)

    def _audit_work(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, segments: int,
                    consistent: bool, cancel: threading.Event) -> tuple[AuditResult, list[PairRow]]:
        result = run_audit(reader, table, schema, segments=segments, consistent=consistent,
                           progress=self._progress.emit, cancel=cancel)
        return result, result.pairing.rows()  # rows are built here, off the UI thread

    def cancel_audit(self) -> None:
        self.ctx.tasks.cancel(AUDIT_TASK)

    def audit_running(self) -> bool:
        return self.ctx.tasks.is_running(AUDIT_TASK)

    def _relay_progress(self, p: AuditProgress) -> None:
        if self.audit_running():  # a cancelled audit's last reports are dropped
            self.audit_progress.emit(p)

    # ------------------------------------------------------------------ diagnose and detect

    def start_diagnose(self, schema: UniquenessSchema, rule: str, value: str, *, select: bool) -> bool:
        reader, table = self.ctx.reader, self.ctx.table
        if reader is None or table is None:
            return False
        self.ctx.tasks.start(DIAGNOSE_TASK, self.diagnose(reader, table, schema, rule, value, select),
                             on_error=self.diagnose_failed.emit)
        return True

    async def diagnose(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: str,
                       value: str, select: bool) -> None:
        d: Diagnosis = await self.ctx.tasks.call(_diagnose_work, reader, table, schema, rule, value,
                                                 cancellable=True)
        self.diagnosed.emit(d, select)

    def start_detect(self) -> bool:
        reader, table = self.ctx.reader, self.ctx.table
        if reader is None or table is None:
            return False
        self.ctx.tasks.start(DETECT_TASK, self.detect(reader, table), on_error=self.detect_failed.emit)
        return True

    async def detect(self, reader: Reader, table: TableInfo) -> None:
        self.detected.emit(await self.ctx.tasks.call(detect, reader, table, cancellable=True))


def _diagnose_work(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: str, value: str,
                   cancel: threading.Event) -> Diagnosis:
    return diagnose(reader, table, schema, rule, value, cancel=cancel)
