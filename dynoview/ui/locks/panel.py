"""Accounts beside their locks: schema, full audit, findings, diagnose, export, repairs.

The panel is thin: ``LocksController`` runs core's audit, diagnosis and schema detection
as tasks on the qasync loop and reports through signals; the panel shows results and turns
row actions into signals on the context (open an item, open a repair transaction in the
builder). The grid's sort, filter and search (``grid_order``), the diagnose box
(``diagnose``), the text (``text``), exports (``export``) and the repair forms (``repairs``)
live in their own modules.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelection, QTimer, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from dynoview.core.audit.rows import AuditRows
from dynoview.core.audit.run import AuditProgress, AuditResult
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.applicability import diagnosis_evidence, row_evidence
from dynoview.core.uniqueness.diagnose import VIA_INDEX, Diagnosis
from dynoview.core.uniqueness.findings import (
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    ORPHAN_LOCK,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.schema import SchemaProposal, UniquenessSchema
from dynoview.ui.builder.template_forms import TemplateForm
from dynoview.ui.context import AppContext, WrittenKey
from dynoview.ui.locks import repairs as locks_repairs
from dynoview.ui.locks.controller import LocksController
from dynoview.ui.locks.diagnose import DIAGNOSIS_LINES
from dynoview.ui.locks.export import export_dialog, write_audit
from dynoview.ui.locks.grid_order import GridOrder
from dynoview.ui.locks.layout import NO_AUDIT, LocksPanelLayout
from dynoview.ui.locks.model import AuditRowsModel, FindingRole, row_item
from dynoview.ui.locks.schema_dialog import SchemaDialog
from dynoview.ui.locks.text import counts_text, details_html, schema_html

__all__ = ["DIAGNOSIS_LINES", "LocksPanel"]



class LocksPanel(LocksPanelLayout):
    """Every account next to its uniqueness locks, with the broken cases named."""

    audit_finished = Signal(object)  # AuditResult, once its rows are in the grid
    diagnosis_finished = Signal(object)  # Diagnosis
    rows_ready = Signal()  # a new order (audit, sort, filter or search) is in the grid

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.result: AuditResult | None = None
        self.diagnosis: Diagnosis | None = None
        self.current_form: TemplateForm | None = None  # an open repair form
        self.schema_dialog: SchemaDialog | None = None
        self.export_dialog: QFileDialog | None = None
        self.repair_dialog: QDialog | None = None
        self.stale = False  # a write touched the table since the audit
        self._reselect: dict[str, Any] | None = None  # the row key to select after a re-audit
        self.model = AuditRowsModel(self)
        self.controller = LocksController(ctx, self)
        self._setup_ui(self.model)
        # Sort, status filter and search: orders computed off the UI thread for large audits.
        self.grid = GridOrder(self.model, self.view, self.search, self.status_filter, self.controller, self)
        self._connect_ui()
        self._connect_controller()
        ctx.table_changed.connect(self._on_table_changed)
        ctx.connection_changed.connect(lambda _conn: self._on_table_changed(None))
        ctx.schema_changed.connect(lambda _schema: self._show_schema(self.ctx.schema_note))
        ctx.items_written.connect(self._on_items_written)
        self._on_table_changed(ctx.table)

    @property
    def schema(self) -> UniquenessSchema:
        """The open table's schema (shared through the context with the builder and items)."""
        return self.ctx.schema

    def _connect_controller(self) -> None:
        c = self.controller
        c.audit_progress.connect(self._on_progress)
        c.audit_partial.connect(self._on_partial)
        c.audited.connect(self._on_audit_result)
        c.order_failed.connect(self.ctx.report)
        self.grid.rows_ready.connect(self.rows_ready)
        self.grid.busy.connect(self._ordering_busy)
        self.grid.cancelled.connect(
            lambda: self.ctx.status_message.emit("Cancelled: the rows keep the order they had."))
        c.audit_failed.connect(self._on_audit_error)
        c.diagnosed.connect(self._on_diagnosis)
        c.diagnose_failed.connect(self._on_diagnose_error)
        c.detected.connect(self._on_detected)
        c.detect_failed.connect(self.ctx.report)

    def _connect_ui(self) -> None:
        self.audit_button.clicked.connect(self.run_audit)
        self.cancel_button.clicked.connect(self._cancel_clicked)
        self.repair_all_button.clicked.connect(self.repair_all)
        # clicked(bool) must not reach edit_schema's parameters: that was the TypeError.
        self.edit_schema_button.clicked.connect(lambda _checked=False: self.edit_schema())
        self.detect_button.clicked.connect(self.detect_schema)
        self.export_csv_button.clicked.connect(lambda: self._export_dialog("csv"))
        self.export_json_button.clicked.connect(lambda: self._export_dialog("json"))
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        # A reset or refilter drops the selection without selectionChanged: update the buttons.
        for sig in (self.model.modelReset, self.model.layoutChanged):
            sig.connect(self._selection_maybe_gone)
        self.view.doubleClicked.connect(lambda _i: self.open_selected_item())
        self.open_item_button.clicked.connect(self.open_selected_item)
        self.release_button.clicked.connect(self.repair_release)
        self.claim_button.clicked.connect(self.repair_claim)
        self.resolve_button.clicked.connect(self.repair_duplicate)
        box = self.diagnose_box
        box.diagnose_requested.connect(lambda: self.run_diagnose())
        box.account_requested.connect(self.open_diagnosed_account)
        box.open_lock_button.clicked.connect(self.open_diagnosed_lock)
        box.diag_release_button.clicked.connect(self.diagnosis_release)
        box.diag_claim_button.clicked.connect(self.diagnosis_claim)
        box.diag_resolve_button.clicked.connect(self.diagnosis_resolve)

    # ------------------------------------------------------------------ table and schema

    def _on_table_changed(self, info: TableInfo | None) -> None:
        self.controller.cancel_audit()
        self.controller.cancel_order()
        self._audit_running(False)
        self.result = None
        self.stale = False
        self._reselect = None
        self.model.clear()
        self.grid.reset(None)
        self.details.clear()
        self.show_diagnosis(None)
        ready = self.ctx.table is not None and self.ctx.reader is not None
        for w in (self.audit_button, self.detect_button, self.edit_schema_button, self.diagnose_button):
            w.setEnabled(ready)
        if not ready:
            self._show_schema("Open a table to pair its accounts with their locks.")
            return
        table = self.ctx.table
        assert table is not None
        self._show_schema(self.ctx.schema_note)
        self.counts_label.setText(NO_AUDIT)
        if self.ctx.reads_on_open(table):
            self.run_audit()

    def _show_schema(self, note: str) -> None:
        self.schema_label.setText(schema_html(self.schema, note))
        self.diagnose_box.set_rules([r.name for r in self.schema.rules])

    def set_schema(self, schema: UniquenessSchema, save: bool = True) -> None:
        """Use a schema (and save it for this connection and table); a small local table is
        audited again at once, any other shows that the audit is out of date."""
        self.ctx.set_schema(schema, save)
        self.result = None
        self.model.clear()
        self.grid.reset(None)
        self.show_diagnosis(None)
        self.counts_label.setText("The schema changed: run the full audit again.")
        if self.ctx.reads_on_open(self.ctx.table):
            self.run_audit()

    def edit_schema(self, notes: tuple[str, ...] = (), schema: UniquenessSchema | None = None) -> None:
        """Open the schema dialog (``open()``, no nested loop); Save applies it."""
        if self.schema_dialog is not None:
            self.schema_dialog.close()
        dialog = SchemaDialog(schema or self.schema, tuple(notes or ()), self)
        self.schema_dialog = dialog
        dialog.finished.connect(lambda code: self._schema_dialog_finished(dialog, code))
        dialog.open()

    def _schema_dialog_finished(self, dialog: SchemaDialog, code: int) -> None:
        if self.schema_dialog is dialog:
            self.schema_dialog = None
        if code == QDialog.DialogCode.Accepted:
            self.set_schema(dialog.schema())
        dialog.deleteLater()

    def detect_schema(self) -> None:
        """Read a sample page (in the background) and propose a schema to confirm."""
        self.controller.start_detect()

    def _on_detected(self, proposal: SchemaProposal) -> None:
        self.edit_schema(proposal.notes, proposal.schema)

    # ------------------------------------------------------------------ audit

    def run_audit(self) -> None:
        """Start the full-table audit in the background (replacing a running one)."""
        if self.ctx.reader is None or self.ctx.table is None:
            return
        row = self.selected_row()
        if row is not None:
            self._reselect = row.key
        self._audit_running(True)
        self.progress.setRange(0, 0)
        self.progress.setFormat("Starting…")
        self.controller.start_audit(self.schema, self.segments.value(), self.consistent.isChecked())

    def cancel_audit(self) -> None:
        self.controller.cancel_audit()
        self._audit_running(False)
        if self.model.partial:
            self.model.clear()  # findings of part of a table are not shown as if they were all
        self.counts_label.setText("The audit was cancelled; run it again for a complete view.")

    def _cancel_clicked(self) -> None:
        """The Cancel button stops the audit, or the sort, filter or search in progress."""
        if self.controller.audit_running():
            self.cancel_audit()
        elif self.grid.running:
            self.grid.cancel()

    def _audit_running(self, running: bool) -> None:
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.audit_button.setEnabled(not running and self.ctx.table is not None)

    def _on_progress(self, p: AuditProgress) -> None:
        fraction = p.fraction
        if fraction is None:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(fraction * 1000))
        self.progress.setFormat(p.short_text())
        self.progress.setToolTip(p.text())

    def _on_partial(self, rows: AuditRows) -> None:
        """Findings no later item can undo, shown while the scan runs (unless an earlier
        audit's full rows are on screen: those stay until the new ones are ready)."""
        if self.model.audit_rows is not None and not self.model.partial:
            return
        first = self.model.rowCount() == 0
        self.model.set_rows(rows)
        if first:
            self.status_beside_account(self.model.status_column())
            self.grid.show_sort(None)  # problems first
            QTimer.singleShot(0, self.view.resizeColumnsToContents)  # once the rows are laid out
        self.counts_label.setText(
            f"{len(rows):,} problem row(s) so far: duplicates, case clashes and expired items show "
            "as they are read; orphan and missing locks once every segment is read.")
        self.rows_ready.emit()

    def _on_audit_result(self, result: AuditResult, rows: AuditRows) -> None:
        self._audit_running(False)
        self.result = result
        self.stale = False
        self.repair_all_button.setEnabled(bool(result.findings))
        self.model.set_rows(rows)
        self.status_beside_account(self.model.status_column())
        self.view.resizeColumnsToContents()
        self.counts_label.setText(counts_text(result))
        key, self._reselect = self._reselect, None
        if key is not None:
            self.select_key(key)
        self.rows_ready.emit()
        # A filter or search typed before (or during) the audit applies to the new rows.
        self.grid.reset(rows)
        self.audit_finished.emit(result)

    def _ordering_busy(self, busy: bool, text: str) -> None:
        if self.controller.audit_running():
            return  # the audit's progress keeps the bar
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
            self.progress.setFormat(text)

    def repair_all(self) -> None:
        """Open the bulk repair of the last audit's findings (a dialog of its own)."""
        from dynoview.ui.locks.repair_dialog import open_repair_dialog

        self.repair_dialog = open_repair_dialog(self, self.ctx, self.result, self.schema)

    def _on_audit_error(self, exc: BaseException) -> None:
        self._audit_running(False)
        self.ctx.report(exc, operation="Scan")

    def set_status_filter(self, statuses: set[str] | frozenset[str] | None) -> None:
        """Filter rows by status (None for all), as the combo box does."""
        self.grid.set_status_filter(statuses)

    # ------------------------------------------------------------------ selection and details

    def selected_row(self) -> PairRow | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.pair_row(rows[0].row()) if rows else None

    def selected_finding(self) -> Finding | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.data(rows[0], FindingRole) if rows else None

    def select_row(self, proxy_row: int) -> None:
        self.view.selectRow(proxy_row)

    def select_key(self, key: dict[str, Any]) -> bool:
        """Select the row of an account or lock key (after a re-audit, or from a link)."""
        rows = self.model.audit_rows
        row = rows.row_of_key(key) if rows is not None else None
        view_row = self.model.view_row_of(row) if row is not None else None
        if view_row is None:
            return False
        self.view.selectRow(view_row)
        self.view.scrollTo(self.model.index(view_row, 0))
        return True

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        row = self.selected_row()
        self._update_row_actions(row)
        # The templates act on this row, with its findings when whole and fresh, or on nothing.
        self.ctx.select_item(row_item(self.schema, row) if row else None, "audit", read=True,
                             evidence=row_evidence(row, self.model.partial or self.model.is_stale(row)))

    def _selection_maybe_gone(self) -> None:
        row = self.selected_row()
        self._update_row_actions(row)
        if row is None and self.ctx.subject is not None and self.ctx.subject.source == "audit":
            self.ctx.select_item(None)

    def _update_row_actions(self, row: PairRow | None) -> None:
        """Details and buttons for the selected row; every button needs one."""
        self.details.setHtml(details_html(self.schema, row, stale=self.model.is_stale(row)) if row else "")
        # Rows of findings so far are for reading: repairs wait for the whole table.
        statuses = row.statuses if row and not self.model.partial else set()
        self.open_item_button.setEnabled(row is not None)
        self.release_button.setEnabled(row is not None and row.kind == "lock"
                                       and bool(statuses & {ORPHAN_LOCK, EXPIRED}))
        self.claim_button.setEnabled(row is not None and MISSING_LOCK in statuses)
        self.resolve_button.setEnabled(row is not None and DUPLICATE_VALUE in statuses)

    def open_selected_item(self) -> None:
        row = self.selected_row()
        if row is not None and self.ctx.table is not None:
            self.ctx.open_item_requested.emit(self.ctx.table.name, row.key)

    # ------------------------------------------------------------------ repairs

    def open_repair(self, form: TemplateForm | None) -> None:
        """Show a repair form (``open()``, no nested loop); accepting it opens its
        transaction in the builder, where it is reviewed before anything is sent."""
        if form is None:
            return
        if self.current_form is not None:
            self.current_form.close()
        self.current_form = form
        form.finished.connect(lambda code: self._repair_finished(form, code))
        form.open()

    def _repair_finished(self, form: TemplateForm, code: int) -> None:
        if self.current_form is form:
            self.current_form = None
        if code == QDialog.DialogCode.Accepted and form.transaction is not None:
            self.ctx.open_builder_requested.emit(form.transaction.to_request())
        form.deleteLater()

    def _open_built(self, build: Callable[..., TemplateForm | None], *args: Any, **kwargs: Any) -> None:
        """Build a repair form with ``build(schema, table, *args, parent=self)`` and open it;
        a form that cannot be built says why."""
        table = self.ctx.table
        if table is None:
            return
        try:
            form = build(self.schema, table.name, *args, parent=self, **kwargs)
        except ValueError as exc:
            self.ctx.report(exc)
            return
        self.open_repair(form)

    def repair_release(self) -> None:
        row = self.selected_row()
        if row is not None:
            self._open_built(locks_repairs.release_for_row, row, stale=self.stale)

    def repair_claim(self) -> None:
        row = self.selected_row()
        if row is not None:
            self._open_built(locks_repairs.claim_for_row, row)

    def repair_duplicate(self) -> None:
        """Ask which of the accounts holding the value keeps it: never decided for the user."""
        row = self.selected_row()
        if row is not None:
            self._open_built(locks_repairs.resolve_for_row, row, self.model.pair_row_of_account)

    # ------------------------------------------------------------------ export

    def export_to(self, path: str | Path, fmt: str) -> Path:
        """Write the audit's findings as CSV, or the full report as JSON."""
        if self.result is None:
            raise ValueError("Run the audit first: there is nothing to export yet.")
        return write_audit(self.result, path, fmt)

    def _export_dialog(self, fmt: str) -> None:
        """Ask where to save, then write."""
        if self.result is None:
            self.ctx.status_message.emit("Run the audit first: there is nothing to export yet.")
            return
        self.export_dialog = export_dialog(self, self.result, fmt,
                                           lambda path: self._export_chosen(path, fmt))

    def _export_chosen(self, path: str, fmt: str) -> None:
        self.export_dialog = None
        try:
            self.export_to(path, fmt)
            self.ctx.status_message.emit(f"Exported to {path}.")
        except (OSError, ValueError) as exc:
            self.ctx.report(exc)

    # ------------------------------------------------------------------ diagnose

    def run_diagnose(self, *, select: bool = True) -> None:
        """Diagnose the typed value; ``select`` makes its account (or lock) the selection the
        templates act on (a re-run after a write does not move the user's selection)."""
        value = self.value_edit.text()
        if self.ctx.reader is None or self.ctx.table is None:
            return
        if not value:
            self.diagnosis_view.setHtml("<p>Type the value to diagnose (an email or a username).</p>")
            return
        self.diagnosis_view.setHtml("<p>Reading…</p>")
        self.controller.start_diagnose(self.schema, self.rule_picker.currentText(), value, select=select)

    def _on_diagnose_error(self, exc: BaseException) -> None:
        err = self.ctx.report(exc, operation="GetItem")
        self.diagnosis_view.setHtml(f"<p><b>{html.escape(err.title)}</b>: {html.escape(err.message)}</p>")

    def _on_diagnosis(self, d: Diagnosis, select: bool = True) -> None:
        self.show_diagnosis(d)
        if select:
            # The diagnosed account (or the lock, when no account holds the value) becomes the
            # selection the templates act on; a free value selects nothing.
            subject = d.accounts[0] if d.accounts else d.lock_item
            self.ctx.select_item(subject, "diagnose", read=bool(subject), evidence=diagnosis_evidence(d))
        self.diagnosis_finished.emit(d)

    def show_diagnosis(self, d: Diagnosis | None, *, stale: bool = False) -> None:
        """Show an answer (None clears it) and enable the buttons it allows."""
        self.diagnosis = d
        self.diagnose_box.show_diagnosis(self.schema, d, stale=stale)

    def diagnosis_release(self) -> None:
        if self.diagnosis is not None:
            self._open_built(locks_repairs.release_for_diagnosis, self.diagnosis)

    def diagnosis_claim(self) -> None:
        if self.diagnosis is not None:
            self._open_built(locks_repairs.claim_for_diagnosis, self.diagnosis)

    def diagnosis_resolve(self) -> None:
        if self.diagnosis is not None:
            self._open_built(locks_repairs.resolve_for_diagnosis, self.diagnosis)

    def open_diagnosed_account(self, index: int = 0) -> None:
        d, table = self.diagnosis, self.ctx.table
        if d is not None and table is not None and 0 <= index < len(d.accounts):
            self.ctx.open_item_requested.emit(table.name, table.key_of(d.accounts[index]))

    def open_diagnosed_lock(self) -> None:
        d, table = self.diagnosis, self.ctx.table
        if d is not None and table is not None and d.lock_item is not None:
            self.ctx.open_item_requested.emit(table.name, table.key_of(d.lock_item))

    # ------------------------------------------------------------------ after a write

    def _on_items_written(self, written: list[WrittenKey]) -> None:
        """A transaction wrote items of this table: the audit rows and the diagnosis that
        show them are out of date. Small local tables are read again at once; anything
        else is marked stale, visibly, until the user re-runs it."""
        table = self.ctx.table
        mine = [w.key for w in written if table is not None and w.table == table.name]
        if table is None or not mine:
            return
        refresh = self.ctx.reads_on_open(table)
        if self.result is not None:
            self.stale = True
            self.model.mark_stale(mine)
            self.counts_label.setText(f"Stale: a transaction wrote {len(mine)} item(s) since this "
                                      "audit; re-run the audit. " + counts_text(self.result))
            self._update_row_actions(self.selected_row())
            if refresh:
                self.run_audit()
        d = self.diagnosis
        if d is not None:
            # The diagnosed value's holders can change through any account, so any write counts.
            if refresh or d.method == VIA_INDEX:
                self.rule_picker.setCurrentText(d.rule)
                self.value_edit.setText(getattr(d, "typed", d.value))
                self.run_diagnose(select=False)
            else:
                self.show_diagnosis(d, stale=True)
