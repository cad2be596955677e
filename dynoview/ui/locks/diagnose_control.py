"""Wires the diagnose box to its flow (``DiagnoseFlow``), the panel's controller (which runs the
diagnosis off the UI thread) and the repair forms; the panel composes one."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal

from dynoview.core.tx.applicability import diagnosis_evidence
from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.locks import repairs as locks_repairs
from dynoview.ui.locks.controller import LocksController
from dynoview.ui.locks.diagnose import DiagnoseBox
from dynoview.ui.locks.diagnose_flow import EMPTY_TEXT, READING_TEXT, Ask, DiagnoseFlow
from dynoview.ui.locks.repair_flow import CLAIM, RELEASE, RESOLVE
from dynoview.ui.locks.row_repairs import RowRepairs


class DiagnoseControl(QObject):
    """Diagnose, show the answer, open what it names, repair it."""

    finished = Signal(object)  # Diagnosis, once shown

    def __init__(self, ctx: AppContext, box: DiagnoseBox, controller: LocksController, repairs: RowRepairs,
                 schema: Callable[[], UniquenessSchema], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.box, self.controller, self.repairs, self.schema = ctx, box, controller, repairs, schema
        self.flow = DiagnoseFlow()
        box.diagnose_requested.connect(lambda: self.run())
        box.account_requested.connect(self.open_account)
        box.open_lock_button.clicked.connect(self.open_lock)
        box.diag_scan_button.clicked.connect(lambda _c=False: self.scan_instead())
        for button, kind, build in (
                (box.diag_release_button, RELEASE, locks_repairs.release_for_diagnosis),
                (box.diag_claim_button, CLAIM, locks_repairs.claim_for_diagnosis),
                (box.diag_resolve_button, RESOLVE, locks_repairs.resolve_for_diagnosis)):
            button.clicked.connect(lambda _c=False, k=kind, b=build: self._repair(k, b))
        controller.diagnosed.connect(self._answered)
        controller.diagnose_failed.connect(self._failed)

    @property
    def diagnosis(self) -> Diagnosis | None:
        return self.flow.diagnosis

    def run(self, *, select: bool = True) -> None:
        """Diagnose the typed value (``select``: its account or lock becomes the selection)."""
        if self.ctx.reader is None or self.ctx.table is None:
            return
        typed = self.box.value_edit.text()
        ask = self.flow.ask(self.box.rule_picker.currentText(), typed, select=select)
        if ask is None:
            self.box.refuse(self.tr("The value is only spaces: type the email or username to "
                                    "diagnose.") if typed else
                            QCoreApplication.translate("locks.diagnose_flow", EMPTY_TEXT))
            return
        self._start(ask)

    def scan_instead(self) -> None:
        """Ask the answer's question again, its holders looked up by a Scan (HOLDER_UNKNOWN)."""
        ask = self.flow.ask_with_a_scan()
        if ask is not None and self.ctx.reader is not None and self.ctx.table is not None:
            self._start(ask)

    def _start(self, ask: Ask) -> None:
        self.box.clear_marks()
        self.box.show_text(READING_TEXT)
        self.controller.start_diagnose(self.schema(), ask.rule, ask.value, select=ask.select,
                                       scan=ask.scan)

    def show(self, d: Diagnosis | None, *, stale: bool = False) -> None:
        """Show an answer (None clears it) and enable the buttons it allows."""
        self.flow.show(d, stale=stale)
        self._show()

    def written(self, refresh: bool) -> None:
        """The table was written: ask again where that is cheap, else mark the answer stale."""
        ask = self.flow.written(refresh)
        if ask is not None:
            self.box.rule_picker.setCurrentText(ask.rule)
            self.box.value_edit.setText(ask.value)
            self.run(select=False)
        elif self.flow.stale:
            self._show()

    def _show(self) -> None:
        schema = self.schema()
        self.box.show_answer(schema, self.flow.diagnosis, self.flow.buttons(schema), stale=self.flow.stale)

    def _answered(self, d: Diagnosis, select: bool = True) -> None:
        self.flow.answered(d)
        self._show()
        if select:
            subject = self.flow.subject()
            self.ctx.select_item(subject, "diagnose", read=bool(subject), evidence=diagnosis_evidence(d))
        self.finished.emit(d)

    def _failed(self, exc: BaseException) -> None:
        field = getattr(exc, "field", None)
        # About what was typed: said at the field only (``describe``), not broadcast as well.
        err = (self.ctx.describe if field in ("value", "scope", "rule") else self.ctx.report)(
            exc, operation="GetItem")
        self.flow.failed(err.message)
        if field in ("value", "scope"):  # about what was typed (a scope is typed there too)
            self.box.refuse(err.message)
        elif field == "rule":
            self.box.refuse(err.message, self.box.rule_picker)
        else:
            self.box.show_text(err.message, err.title)

    def _repair(self, kind: str, build: Callable[..., object]) -> None:
        if self.flow.diagnosis is not None:
            self.repairs.open(kind, build, self.flow.diagnosis)  # type: ignore[arg-type]

    def open_account(self, index: int = 0) -> None:
        d, table = self.flow.diagnosis, self.ctx.table
        if d is not None and table is not None and 0 <= index < len(d.accounts):
            self.ctx.open_item_requested.emit(table.name, table.key_of(d.accounts[index]))

    def open_lock(self) -> None:
        d, table = self.flow.diagnosis, self.ctx.table
        if d is not None and table is not None and d.lock_item is not None:
            self.ctx.open_item_requested.emit(table.name, table.key_of(d.lock_item))
