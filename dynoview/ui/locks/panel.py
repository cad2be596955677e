"""Accounts beside their locks: schema, full audit, findings, diagnose, export, repairs, Live.

The panel composes small views (``layout``: the audit bar, the filter bar, the findings pane;
``diagnose``: the diagnose box; ``live_bar``) and the objects that run their workflows:
``LocksController`` (audit, diagnosis and detection as tasks on the qasync loop), ``GridOrder``
(sort, filter, search), ``SchemaActions``, ``DiagnoseControl`` (over ``DiagnoseFlow``),
``RowRepairs`` (over ``RepairFlow``), ``LiveMode`` and ``AuditExport`` (the exports). What is
left here is the audit and the grid's selection, and turning row actions into signals on the
context.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QItemSelection, QTimer, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from dynoview.core.audit.rows import AuditRows
from dynoview.core.audit.run import AuditResult
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.applicability import row_evidence
from dynoview.core.uniqueness.findings import Finding, PairRow
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.template_forms import TemplateForm
from dynoview.ui.context import AppContext
from dynoview.ui.locks import repairs as locks_repairs
from dynoview.ui.locks.after_writes import AfterWrites
from dynoview.ui.locks.controller import LocksController
from dynoview.ui.locks.diagnose import DIAGNOSIS_LINES, DiagnoseBox
from dynoview.ui.locks.diagnose_control import DiagnoseControl
from dynoview.ui.locks.export import write_audit
from dynoview.ui.locks.export_flow import AuditExport
from dynoview.ui.locks.grid_order import GridOrder
from dynoview.ui.locks.layout import NO_AUDIT, AuditBar, FilterBar, FindingsPane, arrange, find_shortcut
from dynoview.ui.locks.live_bar import LiveBar
from dynoview.ui.locks.live_mode import LiveMode
from dynoview.ui.locks.model import AuditRowsModel, FindingRole, row_item
from dynoview.ui.locks.repair_flow import CLAIM, RELEASE, RESOLVE, row_actions
from dynoview.ui.locks.row_repairs import RowRepairs
from dynoview.ui.locks.schema_actions import SchemaActions
from dynoview.ui.locks.schema_dialog import SchemaDialog
from dynoview.ui.locks.text import details_html, result_text
from dynoview.ui.row_select import select_only_row

__all__ = ["DIAGNOSIS_LINES", "LocksPanel"]


class LocksPanel(QWidget):
    """Every account next to its uniqueness locks, with the broken cases named."""

    audit_finished = Signal(object)  # AuditResult, once its rows are in the grid
    diagnosis_finished = Signal(object)  # Diagnosis
    rows_ready = Signal()  # a new order (audit, sort, filter or search) is in the grid

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.result: AuditResult | None = None
        self.export_dialog: QFileDialog | None = None
        self.repair_dialog: QDialog | None = None
        self.stale = False  # a write touched the table since the audit
        self._reselect: dict[str, Any] | None = None  # the row key to select after a re-audit
        # The rows and row number the details pane shows (no reference: rows can be large).
        self._shown: tuple[weakref.ref[AuditRows], int] | None = None
        self.model = AuditRowsModel(self)
        self.controller = LocksController(ctx, self)
        self.audit_bar, self.filter_bar = AuditBar(), FilterBar()
        self.findings, self.diagnose_box, self.live_bar = FindingsPane(self.model), DiagnoseBox(), LiveBar()
        arrange(self, self.audit_bar, self.filter_bar, self.live_bar, self.findings, self.diagnose_box)
        self._name_widgets()
        # Sort, status filter and search: orders computed off the UI thread for large audits.
        self.grid = GridOrder(self.model, self.view, self.search, self.status_filter, self.controller, self)
        self.repairs = RowRepairs(ctx, lambda: self.schema, self)
        self.schema_actions = SchemaActions(ctx, self.controller, self.schema_label, self.diagnose_box,
                                            self.set_schema, self)
        self.diagnose = DiagnoseControl(ctx, self.diagnose_box, self.controller, self.repairs,
                                        lambda: self.schema, self)
        self.live = LiveMode(ctx, self.model, self.view, self.grid, self.live_toggle, self.live_bar,
                             lambda: self.schema, self.show_selected, self)
        # Export CSV…/JSON…, off the UI thread: the findings as the grid shows them (Live's changes in).
        self.exporter = AuditExport(ctx, self.filter_bar, self,
                                    lambda result: self.live.changes() if result is self.result else None)
        self._connect()
        # Ctrl+F goes to the search, as in the other tabs of desktop tools (layout.find_shortcut).
        find_shortcut(self, self.search)
        ctx.table_changed.connect(self._on_table_changed)
        ctx.connection_changed.connect(lambda _conn: self._on_table_changed(None))
        ctx.schema_changed.connect(lambda _schema: self.schema_actions.show(self.ctx.schema_note))
        self.after_writes = AfterWrites(self)  # rows a write or a preflight showed changed: stale
        self._on_table_changed(ctx.table)

    def _name_widgets(self) -> None:
        """The composed views' widgets by the names the window and the tests use."""
        a, f, g, d = self.audit_bar, self.filter_bar, self.findings, self.diagnose_box
        self.schema_label, self.counts_label = a.schema_label, a.counts_label
        self.audit_button, self.live_toggle = a.audit_button, a.live_toggle
        self.segments, self.consistent, self.progress = a.segments, a.consistent, a.progress
        self.cancel_button, self.repair_all_button = a.cancel_button, a.repair_all_button
        self.edit_schema_button, self.detect_button = a.edit_schema_button, a.detect_button
        self.status_filter, self.search = f.status_filter, f.search
        self.export_csv_button, self.export_json_button = f.export_csv_button, f.export_json_button
        self.view, self.details, self.open_item_button = g.view, g.details, g.open_item_button
        self.ordering_bar = g.ordering_bar
        self.release_button, self.claim_button = g.release_button, g.claim_button
        self.resolve_button, self.rule_picker = g.resolve_button, d.rule_picker
        self.value_edit, self.diagnose_button = d.value_edit, d.diagnose_button
        self.diagnosis_view, self.open_account_button = d.diagnosis_view, d.open_account_button
        self.open_lock_button, self.diag_release_button = d.open_lock_button, d.diag_release_button
        self.diag_claim_button, self.diag_resolve_button = d.diag_claim_button, d.diag_resolve_button

    @property
    def schema(self) -> UniquenessSchema:
        """The open table's schema (shared through the context with the builder and items)."""
        return self.ctx.schema

    @property
    def schema_dialog(self) -> SchemaDialog | None:
        return self.schema_actions.dialog

    @property
    def current_form(self) -> TemplateForm | None:
        """The open repair form, if any (``RowRepairs``)."""
        return self.repairs.current_form

    def _connect(self) -> None:
        c = self.controller
        c.audit_progress.connect(lambda p: self.audit_bar.show_progress(p.fraction, p.short_text(), p.text()))
        c.audit_partial.connect(self._on_partial)
        c.audited.connect(self._on_audit_result)
        c.audit_failed.connect(self._on_audit_error)
        c.order_failed.connect(self.ctx.report)
        self.grid.rows_ready.connect(self.rows_ready)
        self.grid.busy.connect(self.ordering_bar.show_busy)
        self.ordering_bar.cancel_button.clicked.connect(self.grid.cancel)
        self.grid.cancelled.connect(
            lambda: self.ctx.status_message.emit(self.tr("Cancelled: the rows keep the order they had.")))
        self.diagnose.finished.connect(self.diagnosis_finished)
        self.audit_button.clicked.connect(self.run_audit)
        self.cancel_button.clicked.connect(lambda: _cancel_running(self))
        self.repair_all_button.clicked.connect(self.repair_all)
        # clicked(bool) must not reach edit_schema's parameters: that was the TypeError.
        self.edit_schema_button.clicked.connect(lambda _checked=False: self.edit_schema())
        self.detect_button.clicked.connect(self.detect_schema)
        # Ask where to save, then write in the background (the status line says where, or the
        # error why not).
        for button, fmt in ((self.export_csv_button, "csv"), (self.export_json_button, "json")):
            button.clicked.connect(lambda _=False, fmt=fmt: setattr(
                self, "export_dialog", self.exporter.ask(self.result, fmt)))
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        # A reset or refilter drops the selection without selectionChanged: update the buttons.
        for sig in (self.model.modelReset, self.model.layoutChanged):
            sig.connect(self._selection_maybe_gone)
        self.view.doubleClicked.connect(lambda _i: self.open_selected_item())
        self.open_item_button.clicked.connect(self.open_selected_item)
        for button, kind, build in ((self.release_button, RELEASE, locks_repairs.release_for_row),
                                    (self.claim_button, CLAIM, locks_repairs.claim_for_row),
                                    (self.resolve_button, RESOLVE, locks_repairs.resolve_for_row)):
            button.clicked.connect(lambda _c=False, k=kind, b=build: self._repair_row(k, b))

    # ------------------------------------------------------------------ table and schema

    def _on_table_changed(self, info: TableInfo | None) -> None:
        # A repair form of the table (or connection) left says so and sends nothing here.
        self.repairs.turn_off_if_moved()
        # Every answer on its way is of the table left: none may land in this one's views.
        for cancel in (self.controller.cancel_audit, self.controller.cancel_order,
                       self.controller.cancel_diagnose, self.controller.cancel_detect):
            cancel()
        self.audit_bar.set_running(False, self.ctx.table is not None)
        self.result, self.stale, self._reselect = None, False, None
        self.repair_all_button.setEnabled(False)
        self.model.clear()
        self.grid.reset(None)
        self.details.clear()
        self.diagnose.show(None)
        ready = self.ctx.table is not None and self.ctx.reader is not None
        for w in (self.audit_button, self.detect_button, self.edit_schema_button, self.diagnose_button):
            w.setEnabled(ready)
        self.live.set_available(ready)  # a watch of the last table stops
        # The last table's counts go with its rows, with or without a table now.
        self.audit_bar.show_counts(QCoreApplication.translate("locks.layout", NO_AUDIT))
        if not ready:
            self.schema_actions.show(self.tr("Open a table to pair its accounts with their locks."))
            return
        table = self.ctx.table
        assert table is not None
        self.schema_actions.show(self.ctx.schema_note)
        if self.ctx.reads_on_open(table):
            self.run_audit()

    def set_schema(self, schema: UniquenessSchema, save: bool = True) -> None:
        """Use a schema (and save it for this connection and table); a small local table is
        audited again at once, any other shows that the audit is out of date."""
        self.ctx.set_schema(schema, save)
        self.live.stop()
        # An audit or diagnosis still reading classifies with the schema left: dropped.
        self.controller.cancel_audit()
        self.controller.cancel_diagnose()
        self.audit_bar.set_running(False, self.ctx.table is not None)
        self.repair_all_button.setEnabled(False)
        self.result = None
        self.model.clear()
        self.grid.reset(None)
        self.diagnose.show(None)
        self.audit_bar.show_counts(self.tr("The schema changed: run the full audit again."))
        if self.ctx.reads_on_open(self.ctx.table):
            self.run_audit()

    def edit_schema(self, notes: tuple[str, ...] = (), schema: UniquenessSchema | None = None) -> None:
        self.schema_actions.edit(notes, schema)

    def detect_schema(self) -> None:
        self.schema_actions.detect()

    # ------------------------------------------------------------------ audit

    def run_audit(self) -> None:
        """Start the full-table audit in the background (replacing a running one)."""
        if self.ctx.reader is None or self.ctx.table is None:
            return
        row = self.selected_row()
        if row is not None:
            self._reselect = row.key
        self.audit_bar.set_running(True, True)
        self.audit_bar.show_progress(None, self.tr("Starting…"))
        self.controller.start_audit(self.schema, self.segments.value(), self.consistent.isChecked())

    def cancel_audit(self) -> None:
        self.controller.cancel_audit()
        self.audit_bar.set_running(False, self.ctx.table is not None)
        if self.model.partial:
            self.model.clear()  # findings of part of a table are not shown as if they were all
        self.audit_bar.show_counts(self.tr("The audit was cancelled; run it again for a complete view."))

    def _on_partial(self, rows: AuditRows) -> None:
        """Findings no later item can undo, shown while the scan runs (unless an earlier
        audit's full rows are on screen: those stay until the new ones are ready)."""
        if self.model.audit_rows is not None and not self.model.partial:
            return
        if rows.schema != self.schema:
            return  # relayed before its audit was cancelled for a new schema
        first = self.model.audit_rows is None
        self.model.set_rows(rows)
        # The last audit's orders index other rows; the filter and search typed apply to these.
        self.grid.reset(rows)
        if first:
            self.findings.status_beside_account(self.model.status_column())
            QTimer.singleShot(0, self.view.resizeColumnsToContents)  # once the rows are laid out
        text = self.tr("%n problem row(s) so far: duplicates, case clashes and expired items show as they "
                       "are read; orphan and missing locks once every segment is read.", "", len(rows))
        if not self.grid.partial_filtered:
            text += " " + self.tr("The filter and search apply once the audit is complete.")
        self.audit_bar.show_counts(text)
        self.rows_ready.emit()

    def _on_audit_result(self, result: AuditResult, rows: AuditRows) -> None:
        table = self.ctx.table
        if (table is not None and result.table != table.name) or result.schema != self.schema:
            return  # of a table or schema the user has left (its task was cancelled too late)
        self.audit_bar.set_running(False, self.ctx.table is not None)
        self.result, self.stale = result, False
        self.repair_all_button.setEnabled(bool(result.findings))
        self.model.set_rows(rows)
        # The orders kept index the last audit's rows: replaced first, so nothing below can
        # leave the sort and search working on those. A filter or search typed before (or
        # during) the audit applies to the new rows.
        self.grid.reset(rows)
        self.findings.status_beside_account(self.model.status_column())
        self.view.resizeColumnsToContents()
        text, unmatched = result_text(result)
        self.audit_bar.show_counts(text, error=unmatched)  # a schema that matched nothing is said
        key, self._reselect = self._reselect, None
        try:
            if key is not None:
                self.select_key(key)
        finally:  # a reselect that fails still leaves the new audit whole (and is reported)
            self.rows_ready.emit()
            self.live.rows_replaced()
            self.audit_finished.emit(result)

    def repair_all(self) -> None:
        """Open the bulk repair of the last audit's findings (a dialog of its own)."""
        from dynoview.ui.dialog_lifetime import forget_when_deleted
        from dynoview.ui.locks.repair_dialog import open_repair_dialog

        self.repair_dialog = open_repair_dialog(self, self.ctx, self.result, self.schema)
        forget_when_deleted(self, "repair_dialog", self.repair_dialog)

    def _on_audit_error(self, exc: BaseException) -> None:
        self.audit_bar.set_running(False, self.ctx.table is not None)
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

    def select_row(self, view_row: int) -> None:
        select_only_row(self.view, view_row)

    def select_key(self, key: dict[str, Any]) -> bool:
        """Select the row of an account or lock key (after a re-audit, or from a link)."""
        rows = self.model.audit_rows
        row = rows.row_of_key(key) if rows is not None else None
        view_row = self.model.view_row_of(row) if row is not None else None
        if view_row is None:
            return False
        select_only_row(self.view, view_row)
        self.view.scrollTo(self.model.index(view_row, 0))
        return True

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        row = self.show_selected()
        # The templates act on this row, with its findings when whole and fresh, or on nothing.
        self.ctx.select_item(row_item(self.schema, row) if row else None, "audit", read=True,
                             evidence=row_evidence(row, self.model.partial or self.model.is_stale(row)))

    def _selection_maybe_gone(self) -> None:
        """A reset, sort, filter or search: the selected row may be gone. The pane is shown
        again only when another row (or none) is selected: a sort keeping the row rendered a
        long value's pane again, for seconds."""
        if not _still_shown(_selected_place(self), self._shown):
            self.show_selected()
        if self._shown is None and self.ctx.subject is not None and self.ctx.subject.source == "audit":
            self.ctx.select_item(None)

    def show_selected(self) -> PairRow | None:
        """Details and buttons for the selected row (``row_actions``: every button needs one)."""
        place = _selected_place(self)
        self._shown = (weakref.ref(place[0]), place[1]) if place is not None else None
        row = self.selected_row()
        html = details_html(self.schema, row, stale=self.model.is_stale(row)) if row else ""
        self.findings.show_row(html, row_actions(self.schema, row, partial=self.model.partial,
                                                 account_row=self.model.pair_row_of_account))
        return row

    def open_selected_item(self) -> None:
        row = self.selected_row()
        if row is not None and self.ctx.table is not None:
            self.ctx.open_item_requested.emit(self.ctx.table.name, row.key)

    def _repair_row(self, kind: str, build: Any) -> None:
        row = self.selected_row()
        if row is None:
            return
        if kind == RELEASE:
            self.repairs.open(kind, build, row, stale=self.stale)
        elif kind == RESOLVE:  # which holder keeps the value is asked: never decided for the user
            self.repairs.open(kind, build, row, self.model.pair_row_of_account)
        else:
            self.repairs.open(kind, build, row)

    # ------------------------------------------------------------------ export and diagnose

    def export_to(self, path: str | Path, fmt: str) -> Path:
        """Write the audit's findings as CSV, or the full report as JSON, before returning
        (scripts and tests; the Export buttons write in the background: ``exporter``)."""
        if self.result is None:
            raise ValueError("Run the audit first: there is nothing to export yet.")
        return write_audit(self.result, path, fmt)

    def first_field(self) -> QWidget:
        """Where the keyboard starts when the tab opens: the value to diagnose (the search box
        while there is no table to diagnose in)."""
        return self.value_edit if self.value_edit.isEnabled() else self.search

    def run_diagnose(self, *, select: bool = True) -> None:
        """Diagnose the typed value; ``select`` makes its account (or lock) the selection the
        templates act on (a re-run after a write does not move the user's selection)."""
        self.diagnose.run(select=select)


def _selected_place(panel: LocksPanel) -> tuple[AuditRows, int] | None:
    """The audit's rows and the row number selected, if a row is."""
    selected = panel.view.selectionModel().selectedRows()
    rows = panel.model.audit_rows
    if not selected or rows is None:
        return None
    return rows, panel.model.row_at(selected[0].row())


def _still_shown(place: tuple[AuditRows, int] | None,
                 shown: tuple[weakref.ref[AuditRows], int] | None) -> bool:
    """Whether the pane shows the selected row already (the same rows, by identity: comparing
    two audits' columns would walk them)."""
    if place is None or shown is None:
        return False
    return shown[0]() is place[0] and shown[1] == place[1]


def _cancel_running(panel: LocksPanel) -> None:
    """The Cancel button stops the audit, or the sort, filter or search in progress."""
    if panel.controller.audit_running():
        panel.cancel_audit()
    elif panel.grid.running:
        panel.grid.cancel()
