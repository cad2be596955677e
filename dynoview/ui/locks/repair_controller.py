"""Runs "Repair all…" as one task on the qasync loop: ``run_repairs`` in the thread pool,
each finding's outcome reported as it lands, cancellation as task cancellation.

Cancelling the task does not abandon the run mid-finding: it sets the run's cancel event and
waits for the finding in progress to settle (its transaction, if sent, is answered and
logged), so the task ends when the run has really stopped and Continue can never overlap it.
"""

from __future__ import annotations

import asyncio
import functools
import threading

from PySide6.QtCore import QObject, Signal

from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import RepairPlan
from dynoview.core.repair.run import RepairRun, run_repairs
from dynoview.core.repair.state import RepairState
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.tasks import relay_to_ui

REPAIR_TASK = "locks-repair-all"


class RepairController(QObject):
    """One bulk repair of one plan; ``state`` remembers the findings done across runs."""

    progress = Signal(object)  # RepairProgress, in order; the last one carries the finished run
    failed = Signal(object)  # the exception that stopped the run before its finished report
    stopped = Signal()  # the task ended (after the run's last report was queued)

    def __init__(self, ctx: AppContext, plan: RepairPlan, schema: UniquenessSchema, table: TableInfo,
                 state: RepairState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.plan = plan
        self.schema = schema
        self.table = table
        self.state = state
        self._cancel: threading.Event | None = None
        self._work: asyncio.Future[RepairRun] | None = None  # the run in the pool, until it returns
        # The run reports on a pool thread: relayed, so a report after the window is gone is dropped.
        self._report = relay_to_ui(self, self.progress.emit)

    def start(self, conn: Connection, reader: Reader | None, confirmation: str | bool, rate: float,
              log: ActionLog) -> None:
        """Run (or continue) the plan in the background."""
        task = self.ctx.tasks.start(REPAIR_TASK, self.run(conn, reader, confirmation, rate, log),
                                    on_error=self.failed.emit)
        task.add_done_callback(lambda _task: self.stopped.emit())

    async def run(self, conn: Connection, reader: Reader | None, confirmation: str | bool, rate: float,
                  log: ActionLog) -> RepairRun:
        self._cancel = cancel = threading.Event()
        work = functools.partial(run_repairs, conn, self.plan, self.schema, self.table, reader=reader,
                                 confirmation=confirmation, rate=rate, cancel=cancel,
                                 progress=self._report, state=self.state, log=log)
        self._work = pending = asyncio.ensure_future(self.ctx.tasks.call(work))
        try:
            return await asyncio.shield(pending)
        except asyncio.CancelledError:
            cancel.set()  # stop after the finding in progress, once it is settled
            return await pending

    def cancel(self) -> None:
        """Stop after the finding in progress. The run's own event is set here, not only when
        the task's cancellation reaches it: at the window's close the loop may never turn again,
        and the pool thread would go on repairing, unseen, until the process exits."""
        if self._cancel is not None:
            self._cancel.set()
        self.ctx.tasks.cancel(REPAIR_TASK)

    @property
    def stopping(self) -> bool:
        """Cancelled, and finishing the finding in flight (window/quit_guard waits for it)."""
        return self.busy and self._cancel is not None and self._cancel.is_set()

    @property
    def busy(self) -> bool:
        """True until the run in the pool has returned (a cancelled task may still be settling
        its finding in flight)."""
        return self._work is not None and not self._work.done()

    def running(self) -> bool:
        return self.ctx.tasks.is_running(REPAIR_TASK)
