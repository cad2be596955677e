"""Accounts & locks → "Repair all…": the bulk repair of an audit's findings, in a dialog.

Shows the plan (how many orphan locks are released, missing locks claimed, findings
left for a decision), then runs ``dynoview.core.repair.run.run_repairs`` through its
``RepairController`` (a task on the qasync loop), never on the UI thread: one row per
finding with its result, a progress bar, the rate, and Cancel. A cancelled run continues
where it stopped ("Continue"): the dialog keeps the findings done, so none is acted on
twice. Each repair re-checks its finding with strongly consistent reads before its
guarded transaction is sent, and every transaction goes to the action log. It works on the
connection it opened on (``transfer.opened_on``): when the window's changes, Start turns off and
a run under way goes on there.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.audit.run import AuditResult
from dynoview.core.errors import DynoViewError
from dynoview.core.repair.plan import RepairPlan, held_where_ttl_unknown, plan_repairs
from dynoview.core.repair.run import (
    DEFAULT_RATE,
    MAX_RATE,
    MIN_RATE,
    READ_ONLY_MESSAGE,
    RepairProgress,
    RepairRun,
)
from dynoview.core.repair.state import APPLIED, PENDING, RepairState
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import ActionLog, for_connection
from dynoview.core.tx.confirmation import ConfirmationRequirement, confirmation_for_tables
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.accessible import labelled
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import WrittenKey
from dynoview.ui.locks.repair_controller import RepairController
from dynoview.ui.locks.repair_model import COL_RESULT, COL_VALUE, RepairModel
from dynoview.ui.plain_text import plain_label
from dynoview.ui.transfer.opened_on import OpenedOn


class RepairDialog(QDialog):
    """The plan, the run and each finding's result for one audit of one table."""

    run_finished = Signal(object)  # RepairRun, when a run ends (cancelled runs too)

    def __init__(self, ctx: AppContext, findings: list[Finding], schema: UniquenessSchema,
                 table: TableInfo, parent: QWidget | None = None, *,
                 log: ActionLog | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.schema = schema
        self.table = table
        self.plan: RepairPlan = held_where_ttl_unknown(plan_repairs(findings, schema, table.name), table)
        # The connection its plan, state and outcomes belong to: it never writes to another.
        self.opened_on = OpenedOn(ctx, self)
        self.connection = self.opened_on.connection
        # Its writes are logged in its connection's profile's log (the demo's never in the user's).
        self.log = log if log is not None else (
            for_connection(self.connection.spec) if self.connection is not None else ActionLog())
        # In memory: Cancel then Continue resumes, and no finding is acted on twice.
        self.state = RepairState(None, "", table.name)
        self.last_run: RepairRun | None = None
        self._running = False
        self._written: list[dict[str, Any]] = []
        self.model = RepairModel(self.plan, self)
        self.controller = RepairController(ctx, self.plan, schema, table, self.state, self)
        self.controller.progress.connect(self._on_progress)
        self.controller.failed.connect(self._on_error)
        self.controller.stopped.connect(self._stopped)
        self.setWindowTitle(self.tr("Repair all — {name}").format(name=table.name))
        self._setup_ui()
        self.opened_on.left.connect(self._connection_left)
        self._update_buttons()

    # ------------------------------------------------------------------ layout

    def _requirement(self) -> ConfirmationRequirement | None:
        conn = self.connection
        if conn is None:
            return None
        return confirmation_for_tables(conn, [self.table.name], self.tr("these repairs"))

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        conn = self.connection
        where = self.opened_on.opened_text() if conn is not None else self.tr("no connection")
        self.plan_label = plain_label(QLabel(self.tr(
            "{summary} Table {name} on {where}.").format(
                summary=self.plan.summary(), name=self.table.name, where=where)))
        self.plan_label.setWordWrap(True)
        layout.addWidget(self.plan_label)
        note = plain_label(QLabel(self.tr(
            "Each repair first re-reads its lock and account with strongly consistent reads "
                      "and runs the preflight; a finding that changed since the audit is skipped. "
                      "Duplicates, case clashes and expired items are listed for you to decide.")))
        note.setWordWrap(True)
        layout.addWidget(note)
        self.read_only_label = plain_label(QLabel(READ_ONLY_MESSAGE))
        self.read_only_label.setWordWrap(True)
        self.read_only_label.setVisible(conn is None or conn.spec.read_only)
        layout.addWidget(self.read_only_label)
        layout.addWidget(self._build_view(), 1)
        self.details = plain_label(QLabel())
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.details)
        layout.addLayout(self._build_run_row())
        self.status_label = plain_label(QLabel(self.tr("Nothing sent yet.")))
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)
        layout.addLayout(self._build_buttons())
        self.resize(900, 520)

    def _build_view(self) -> QTableView:
        self.view = QTableView()
        self.view.setAccessibleName(self.tr("Findings to repair"))
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().setVisible(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_VALUE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_RESULT, QHeaderView.ResizeMode.Stretch)
        self.view.selectionModel().currentRowChanged.connect(lambda cur, _prev: self._show_row(cur.row()))
        return self.view

    def _build_run_row(self) -> QHBoxLayout:
        """The rate, the typed confirmation (where the connection asks for one), the progress."""
        row = QHBoxLayout()
        self.rate = QDoubleSpinBox()
        row.addWidget(labelled(plain_label(QLabel(self.tr("Rate:"))), self.rate))
        self.rate.setRange(MIN_RATE, MAX_RATE)
        self.rate.setDecimals(1)
        self.rate.setValue(DEFAULT_RATE)
        self.rate.setSuffix(self.tr(" per second"))
        self.rate.setToolTip(self.tr("At most this many findings are re-checked and repaired per second."))
        row.addWidget(self.rate)
        requirement = self._requirement()
        self.confirm_edit = QLineEdit()
        self.confirm_edit.setAccessibleName(self.tr("Confirmation"))
        if requirement is not None and requirement.type_to_confirm is not None:
            self.confirm_edit.setPlaceholderText(self.tr(
                "Type {type_to_confirm} to confirm").format(type_to_confirm=requirement.type_to_confirm))
            self.confirm_edit.setToolTip(requirement.message)
            self.confirm_edit.textChanged.connect(lambda _t: self._update_buttons())
            self.confirm_edit.returnPressed.connect(self._confirmed)
        else:
            self.confirm_edit.setVisible(False)
        row.addWidget(self.confirm_edit, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, max(1, len(self.plan.actionable)))
        self.progress.setValue(0)
        row.addWidget(self.progress, 1)
        return row

    def _build_buttons(self) -> QHBoxLayout:
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        count = len(self.plan.actionable)
        self.start_button = QPushButton(self.tr("&Repair %Ln finding(s)", "", count))
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr(
            "Stop after the finding in progress; Continue picks up from there."))
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.clicked.connect(self.reject)
        for b in (self.start_button, self.cancel_button, self.close_button):
            # Enter in the rate or the confirmation must not start the bulk write (nor close the
            # dialog): no button is the default. The run starts from a click, Space or Alt+R.
            b.setAutoDefault(False)
            b.setDefault(False)
            buttons.addWidget(b)
        return buttons

    def _confirmed(self) -> None:
        """Enter in the confirmation field: the focus goes to the button, which then takes a
        Space or a click (the typed name confirms the table, not the run)."""
        if self.start_button.isEnabled():
            self.start_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_row(self, row: int) -> None:
        if row < 0:
            self.details.clear()
            return
        item, outcome = self.model.item(row), self.model.outcome(row)
        text = outcome.message if outcome is not None else (item.reason or item.finding.sentence)
        if outcome is not None and outcome.request:
            text += self.tr("\nRequest: {request}").format(request=outcome.request)
        self.details.setText(text)

    # ------------------------------------------------------------------ state

    @property
    def running(self) -> bool:
        return self._running

    def _remaining(self) -> int:
        done = self.model.outcomes()
        return sum(1 for p in self.plan.actionable
                   if p.id not in self.state.done and (done.get(p.id) is None
                                                       or done[p.id].status == PENDING))

    def unfinished(self) -> bool:
        """A run is under way, or one stopped (Cancel, close, an error) with findings left."""
        return self._running or self.controller.busy or (self.last_run is not None and self._remaining() > 0)

    def _update_buttons(self) -> None:
        conn = self.connection
        writable = conn is not None and not conn.spec.read_only and not self.opened_on.stale
        requirement = self._requirement()
        typed_ok = (requirement is None or requirement.type_to_confirm is None
                    or self.confirm_edit.text().strip() == requirement.type_to_confirm)
        remaining = self._remaining()
        self.start_button.setEnabled(writable and not self._running and remaining > 0 and typed_ok)
        if self.last_run is not None and remaining:
            self.start_button.setText(self.tr("&Continue ({remaining} left)").format(remaining=remaining))
        self.cancel_button.setEnabled(self._running)
        self.rate.setEnabled(not self._running)

    # ------------------------------------------------------------------ the run

    def start(self) -> None:
        """Run (or continue) the repair in the background, on the connection it opened on."""
        conn = self.connection
        if self._running or conn is None:
            return
        if self.opened_on.stale:  # its plan is of that connection's table: never another's
            self.status_label.setText(self.opened_on.stale_text())
            self._update_buttons()
            return
        requirement = self._requirement()
        confirmation: str | bool = True
        if requirement is not None and requirement.type_to_confirm is not None:
            confirmation = self.confirm_edit.text().strip()
        try:
            if requirement is not None:
                requirement.check(confirmation)  # refused here, before anything is read
        except DynoViewError as exc:
            self.status_label.setText(exc.message)
            return
        self._running = True
        self._written = []
        self.status_label.setText(self.tr("Repairing: each finding is re-checked, then repaired…"))
        self._update_buttons()
        self.controller.start(conn, self.opened_on.reader, confirmation, float(self.rate.value()), self.log)

    def _connection_left(self) -> None:
        """The window's connection changed: a run goes on where it started (it holds its own
        connection and reader, and stops only between findings); nothing new starts here."""
        self.status_label.setText(self.opened_on.running_text() if self._running
                                  else self.opened_on.stale_text())
        self._update_buttons()

    def _stale_note(self) -> str:
        """Said after the run's sentences once the window is on another connection."""
        return " " + self.opened_on.stale_text() if self.opened_on.stale else ""

    def cancel(self) -> None:
        """Stop after the finding in progress (its transaction, if sent, is settled first)."""
        if self._running:
            self.controller.cancel()
            self.status_label.setText(self.tr("Stopping after the finding in progress…"))

    def _on_progress(self, p: RepairProgress) -> None:
        if p.outcome is not None:
            self.model.set_outcome(p.outcome)
            if p.outcome.status == APPLIED and not p.outcome.earlier:
                self._written.extend(p.outcome.written)
        self.progress.setValue(p.done)
        if p.outcome is not None and not p.finished:
            running = " " + self.opened_on.running_text() if self.opened_on.stale else ""
            self.status_label.setText(p.text() + running)
        if p.finished and p.run is not None:
            self._finished(p.run)

    def _finished(self, run: RepairRun) -> None:
        self.last_run = run
        self._running = False
        for outcome in run.outcomes:  # the findings it did not reach show "not done yet"
            self.model.set_outcome(outcome)
        text = run.summary()
        if run.cancelled:
            text = self.tr("Cancelled. {summary} Continue picks up where it stopped.").format(summary=text)
        if run.error:
            text += self.tr(" Stopped by an error: {error}").format(error=run.error)
        self.status_label.setText(text + self._stale_note())
        if not self.isVisible():  # closed while it stopped: say how it ended where the user is
            name = self.table.name
            if self.opened_on.stale:  # the window shows another connection now: say which one
                name = self.tr("{name} on {where}").format(name=name, where=self.opened_on.opened_text())
            self.ctx.status_message.emit(self.tr("Repair all on {name}: {summary}").format(
                name=name, summary=text))
        written, self._written = self._written, []
        if written:
            # Views holding these items (the audit rows, the browser) re-read or mark them stale.
            self.ctx.items_written.emit([WrittenKey(self.table.name, k) for k in written])
        self._update_buttons()
        self.run_finished.emit(run)

    def _on_error(self, exc: BaseException) -> None:
        self._running = False
        err = self.ctx.report(exc, table=self.table.name)
        self.status_label.setText(self.tr("Nothing more was sent: {message}").format(
            message=err.message) + self._stale_note())
        self._update_buttons()

    def _stopped(self) -> None:
        if self._running:  # ended without its finished report (refused before the first finding)
            self._running = False
            self._update_buttons()

    def reject(self) -> None:
        """Closing stops a run after the finding in progress; results so far stay in the log."""
        self.cancel()
        super().reject()

    def delete_when_done(self) -> None:
        """Closed, and its run (if any) really stopped: deleted, unless the run stopped with
        findings left for the next Repair all… to continue (``_unfinished_dialog``). One whose
        window left its connection goes too: it can never send again, and no reopen finds it."""
        if self.isVisible() or self._running or self.controller.busy:
            return  # asked again when the run stops
        if self.unfinished() and not self.opened_on.stale:
            return
        self.deleteLater()


def open_repair_dialog(parent: QWidget | None, ctx: AppContext, audit_result: AuditResult | None,
                       schema: UniquenessSchema) -> RepairDialog | None:
    """Open "Repair all…" for the audit's findings (non-blocking); None, with a status message,
    when there is no audit or no table to repair."""
    table = ctx.table
    if audit_result is None or table is None or ctx.connection is None:
        ctx.status_message.emit(QCoreApplication.translate(
            "locks.repair_dialog", "Run the full audit first: Repair all works on its findings."))
        return None
    if audit_result.table != table.name:
        ctx.status_message.emit(QCoreApplication.translate(
            "locks.repair_dialog", "The audit is of {table}; run it on {name} first.").format(
                table=audit_result.table, name=table.name))
        return None
    if audit_result.schema != schema:
        # The findings were classified with the audit's schema: repairing them with another
        # would build other lock keys.
        ctx.status_message.emit(QCoreApplication.translate(
            "locks.repair_dialog", "The schema changed since the audit: run the full audit again, then "
                                "Repair all."))
        return None
    earlier = _unfinished_dialog(ctx, schema, table)
    if earlier is not None:
        # A run stopped with findings left: show it (its outcomes and Continue) rather than a
        # fresh plan that forgets what it repaired; a re-audit after its writes no longer lists them.
        earlier.open()
        earlier.raise_()
        earlier.activateWindow()
        return earlier
    dialog = RepairDialog(ctx, list(audit_result.findings), schema, table, parent)
    # A new one each time there is none to continue: it must not stay hidden for the session,
    # holding its plan and the connection it opened on.
    for done in (dialog.finished, dialog.run_finished, dialog.controller.stopped, dialog.opened_on.left):
        done.connect(dialog.delete_when_done)
    dialog.open()
    return dialog


def _unfinished_dialog(ctx: AppContext, schema: UniquenessSchema, table: TableInfo) -> RepairDialog | None:
    """This table's Repair all, on this connection and schema, whose run has findings left."""
    for widget in QApplication.topLevelWidgets():
        if (isinstance(widget, RepairDialog) and widget.ctx is ctx and widget.connection is ctx.connection
                and widget.table.name == table.name and widget.schema == schema and widget.unfinished()):
            return widget
    return None
