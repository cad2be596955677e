"""Accounts beside their locks: schema, full audit, findings, diagnose, export, repairs.

The panel is thin: core (``audit``, ``diagnose``, ``locks``, ``report``) does
the reading and classifying in a worker thread through ``ctx.tasks``; the
panel shows results and turns row actions into signals on the context
(open an item, open a repair transaction in the builder).
"""

from __future__ import annotations

import html
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.reads.reader import Reader
from dynoview.core.session.private_files import write_private_text
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.audit import (
    DEFAULT_SEGMENTS,
    MAX_SEGMENTS,
    AuditProgress,
    AuditResult,
    run_audit,
)
from dynoview.core.uniqueness.diagnose import VIA_INDEX, Diagnosis, diagnose
from dynoview.core.uniqueness.pairing import (
    DUPLICATE_VALUE,
    EXPIRED,
    LABELS,
    MISSING_LOCK,
    ORPHAN_LOCK,
    PROBLEMS,
    STATUSES,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.report import audit_json, dumps, findings_csv
from dynoview.core.uniqueness.schema import SchemaProposal, UniquenessSchema
from dynoview.core.values.attributes import display_text
from dynoview.ui.builder.template_forms import (
    ClaimLockForm,
    ReleaseLockForm,
    ResolveDuplicateForm,
    TemplateForm,
)
from dynoview.ui.context import AppContext, WrittenKey
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.locks_model import FindingRole, PairingFilterProxy, PairingModel, RowRole, row_item
from dynoview.ui.schema_dialog import SchemaDialog

AUDIT_TASK = "locks-audit"
DIAGNOSE_TASK = "locks-diagnose"
DETECT_TASK = "locks-detect"
DETECT_SAMPLE = 1000

FILTER_ALL = "All rows"
FILTER_PROBLEMS = "Problems only"
DIAGNOSIS_LINES = 7  # the answer box shows this many lines before it scrolls (fits 1024x700)


def _detect(reader: Reader, table: TableInfo, cancel: threading.Event) -> SchemaProposal:
    """Read one sample page and propose a schema from it (runs in a worker thread)."""
    page = reader.read("Scan", {"TableName": table.name, "Limit": DETECT_SAMPLE})
    return propose_schema(page.get("Items", []), table)


class LocksPanel(QWidget):
    """Every account next to its uniqueness locks, with the broken cases named."""

    audit_finished = Signal(object)  # AuditResult
    diagnosis_finished = Signal(object)  # Diagnosis
    _progress = Signal(object)  # AuditProgress, emitted from the worker thread (queued)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.result: AuditResult | None = None
        self.diagnosis: Diagnosis | None = None
        self.current_form: TemplateForm | None = None  # an open repair form
        self.schema_dialog: SchemaDialog | None = None
        self.export_dialog: QFileDialog | None = None
        self.stale = False  # a write touched the table since the audit
        self._reselect: dict[str, Any] | None = None  # the row key to select after a re-audit
        self.model = PairingModel(self)
        self.proxy = PairingFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self._setup_ui()
        self._progress.connect(self._on_progress)
        ctx.table_changed.connect(self._on_table_changed)
        ctx.connection_changed.connect(lambda _conn: self._on_table_changed(None))
        ctx.schema_changed.connect(lambda _schema: self._show_schema(self.ctx.schema_note))
        ctx.items_written.connect(self._on_items_written)
        self._on_table_changed(ctx.table)

    @property
    def schema(self) -> UniquenessSchema:
        """The open table's schema (shared through the context with the builder and items)."""
        return self.ctx.schema

    # ------------------------------------------------------------------ layout

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)

        schema_row = QHBoxLayout()
        self.schema_label = QLabel()
        self.schema_label.setWordWrap(True)
        self.edit_schema_button = QPushButton("Edit schema…")
        # clicked(bool) must not reach edit_schema's parameters: that was the TypeError.
        self.edit_schema_button.clicked.connect(lambda _checked=False: self.edit_schema())
        self.detect_button = QPushButton("Detect from sample")
        self.detect_button.setToolTip(f"Read {DETECT_SAMPLE} items and propose a schema to confirm.")
        self.detect_button.clicked.connect(self.detect_schema)
        schema_row.addWidget(self.schema_label, 1)
        layout.addLayout(schema_row)

        audit_row = FlowLayout()  # wraps at 1024x700 rather than clipping "Strongly consistent"
        self.audit_button = QPushButton("Run full audit")
        self.audit_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.audit_button.clicked.connect(self.run_audit)
        self.segments = QSpinBox()
        self.segments.setRange(1, MAX_SEGMENTS)
        self.segments.setValue(DEFAULT_SEGMENTS)
        self.segments.setPrefix("Segments: ")
        self.segments.setToolTip("Parallel Scan segments (Segment/TotalSegments).")
        self.consistent = QCheckBox("Strongly consistent")
        self.consistent.setToolTip("Strong reads cost twice the read capacity of eventual reads.")
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel_audit)
        self.cancel_button.hide()
        self.segments.setMaximumWidth(150)
        for w in (self.audit_button, self.segments, self.consistent):
            audit_row.addWidget(w)
        self.progress.setMinimumWidth(160)
        audit_row.addWidget(self.progress)
        audit_row.addWidget(self.cancel_button)
        self.repair_all_button = QPushButton("Repair all…")
        self.repair_all_button.setToolTip("Release every orphan lock and claim every missing lock the "
                                          "audit found, each re-checked and guarded; the rest is listed "
                                          "for a decision")
        self.repair_all_button.setEnabled(False)
        self.repair_all_button.clicked.connect(self.repair_all)
        audit_row.addWidget(self.repair_all_button)
        # The schema buttons end this row, so the schema sentence above has the full width
        # (three lines became two at 1024 px, room the findings get).
        audit_row.addStretch()
        audit_row.addWidget(self.edit_schema_button)
        audit_row.addWidget(self.detect_button)
        layout.addLayout(audit_row)

        self.counts_label = QLabel("No audit yet: run the full audit to pair accounts with locks.")
        self.counts_label.setWordWrap(True)
        layout.addWidget(self.counts_label)

        filter_row = FlowLayout()
        self.status_filter = QComboBox()
        self.status_filter.addItem(FILTER_ALL, None)
        self.status_filter.addItem(FILTER_PROBLEMS, set(PROBLEMS))
        for status in STATUSES:
            self.status_filter.addItem(LABELS[status], {status})
        self.status_filter.currentIndexChanged.connect(self._apply_status_filter)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search values or account ids")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_search)
        self.export_csv_button = QPushButton("Export CSV…")
        self.export_csv_button.clicked.connect(lambda: self._export_dialog("csv"))
        self.export_json_button = QPushButton("Export JSON…")
        self.export_json_button.clicked.connect(lambda: self._export_dialog("json"))
        filter_row.addWidget(self.status_filter)
        self.search.setMinimumWidth(180)
        filter_row.addWidget(self.search)
        filter_row.addWidget(self.export_csv_button)
        filter_row.addWidget(self.export_json_button)
        layout.addLayout(filter_row)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)  # compact
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        # A reset or refilter drops the selection without selectionChanged: update the buttons.
        for sig in (self.proxy.modelReset, self.proxy.layoutChanged, self.proxy.rowsRemoved):
            sig.connect(self._selection_maybe_gone)
        self.view.doubleClicked.connect(lambda _i: self.open_selected_item())
        splitter.addWidget(self.view)

        details = QWidget()
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(0, 0, 0, 0)
        self.details = QTextBrowser()
        self.details.setPlaceholderText("Select a row to see what is wrong and what to do.")
        details_layout.addWidget(self.details, 1)
        actions = QGridLayout()
        self.open_item_button = QPushButton("Open item")
        self.open_item_button.clicked.connect(self.open_selected_item)
        self.release_button = QPushButton("Release lock…")
        self.release_button.clicked.connect(self.repair_release)
        self.claim_button = QPushButton("Claim lock…")
        self.claim_button.clicked.connect(self.repair_claim)
        self.resolve_button = QPushButton("Resolve duplicate…")
        self.resolve_button.clicked.connect(self.repair_duplicate)
        # Two by two, so the details pane can stay narrow and leave the room to the findings.
        for i, b in enumerate((self.open_item_button, self.release_button, self.claim_button,
                               self.resolve_button)):
            b.setEnabled(False)
            actions.addWidget(b, i // 2, i % 2)
        details_layout.addLayout(actions)
        splitter.addWidget(details)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 300])

        box = QGroupBox("Diagnose one value")
        box_layout = QVBoxLayout(box)
        row = QHBoxLayout()
        self.rule_picker = QComboBox()
        self.value_edit = QLineEdit()
        self.value_edit.setPlaceholderText("An email or username, exactly as the person typed it")
        self.value_edit.returnPressed.connect(lambda: self.run_diagnose())
        self.diagnose_button = QPushButton("Diagnose")
        self.diagnose_button.clicked.connect(lambda _checked=False: self.run_diagnose())
        row.addWidget(self.rule_picker)
        row.addWidget(self.value_edit, 1)
        row.addWidget(self.diagnose_button)
        box_layout.addLayout(row)
        answer_row = QHBoxLayout()
        self.diagnosis_view = QTextBrowser()
        self.diagnosis_view.setObjectName("diagnosis-answer")
        self.diagnosis_view.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        self.diagnosis_view.setPlaceholderText("Type an email or username above and press Diagnose: "
                                               "the answer says whether it is locked, and by whom.")
        # Tall enough to read a whole answer without dragging the splitter; longer ones scroll.
        lines = QFontMetrics(self.diagnosis_view.font()).lineSpacing() * DIAGNOSIS_LINES
        self.diagnosis_view.setMinimumHeight(lines + 12)
        answer_row.addWidget(self.diagnosis_view, 1)
        answer_buttons = QGridLayout()  # two columns: five stacked buttons outgrew the answer box
        self.diag_release_button = QPushButton("Release lock…")
        self.diag_release_button.clicked.connect(self.diagnosis_release)
        self.diag_claim_button = QPushButton("Claim lock…")
        self.diag_claim_button.clicked.connect(self.diagnosis_claim)
        self.diag_resolve_button = QPushButton("Resolve duplicate…")
        self.diag_resolve_button.clicked.connect(self.diagnosis_resolve)
        self.open_account_button = QPushButton("Open account")
        self.open_account_button.clicked.connect(self.open_diagnosed_account)
        self.open_lock_button = QPushButton("Open lock")
        self.open_lock_button.clicked.connect(self.open_diagnosed_lock)
        for i, b in enumerate((self.open_account_button, self.open_lock_button,
                               self.diag_release_button, self.diag_claim_button,
                               self.diag_resolve_button)):
            b.setEnabled(False)
            answer_buttons.addWidget(b, i // 2, i % 2)
        answer_buttons.setRowStretch(3, 1)
        answer_row.addLayout(answer_buttons)
        box_layout.addLayout(answer_row, 1)
        # The findings get most of the room, but the answer box never shrinks below its text.
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(splitter)
        vertical.addWidget(box)
        vertical.setChildrenCollapsible(False)
        vertical.setStretchFactor(0, 3)
        vertical.setStretchFactor(1, 2)
        vertical.setSizes([440, lines + 90])
        layout.addWidget(vertical, 1)

    # ------------------------------------------------------------------ table and schema

    def _on_table_changed(self, info: TableInfo | None) -> None:
        self.ctx.tasks.cancel(AUDIT_TASK)
        self._audit_running(False)
        self.result = None
        self.stale = False
        self._reselect = None
        self.model.clear()
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
        self.counts_label.setText("No audit yet: run the full audit to pair accounts with locks.")
        if self.ctx.reads_on_open(table):
            self.run_audit()

    def _show_schema(self, note: str) -> None:
        s = self.schema
        account = f"{s.pk_name} begins with {s.account_pk_prefix}"
        if s.sk_name and s.account_sk_value is not None:
            account += f", {s.sk_name} = {s.account_sk_value}"
        rules = "; ".join(f"{r.name}: {r.attribute} → {r.pk_template}"
                          + (f" / {r.sk_value}" if r.sk_value else "")
                          + (f" ({r.normalisation})" if r.normalisation != "none" else "")
                          + (f" via {r.index_name}" if r.index_name else "") for r in s.rules)
        self.schema_label.setText(f"<b>Schema</b> ({html.escape(note)}): accounts where "
                                  f"{html.escape(account)}. Rules: {html.escape(rules)}.")
        current = self.rule_picker.currentText()
        self.rule_picker.clear()
        self.rule_picker.addItems([r.name for r in s.rules])
        if current in [r.name for r in s.rules]:
            self.rule_picker.setCurrentText(current)

    def set_schema(self, schema: UniquenessSchema, save: bool = True) -> None:
        """Use a schema (and save it for this connection and table); a small local table is
        audited again at once, any other shows that the audit is out of date."""
        self.ctx.set_schema(schema, save)
        self.result = None
        self.model.clear()
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
        if self.ctx.reader is None or self.ctx.table is None:
            return
        self.ctx.tasks.submit(DETECT_TASK, _detect, self.ctx.reader, self.ctx.table,
                              on_result=self._on_detected, on_error=self.ctx.report, pass_cancel=True)

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
        self.ctx.tasks.submit(
            AUDIT_TASK, self._audit_work, self.ctx.reader, self.ctx.table, self.schema,
            self.segments.value(), self.consistent.isChecked(),
            on_result=self._on_audit_result, on_error=self._on_audit_error, pass_cancel=True)

    def _audit_work(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, segments: int,
                    consistent: bool, cancel: threading.Event) -> tuple[AuditResult, list[PairRow]]:
        result = run_audit(reader, table, schema, segments=segments, consistent=consistent,
                           progress=self._progress.emit, cancel=cancel)
        return result, result.pairing.rows()  # rows are built here, off the UI thread

    def cancel_audit(self) -> None:
        self.ctx.tasks.cancel(AUDIT_TASK)
        self._audit_running(False)
        self.counts_label.setText("The audit was cancelled; run it again for a complete view.")

    def _audit_running(self, running: bool) -> None:
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.audit_button.setEnabled(not running and self.ctx.table is not None)

    def _on_progress(self, p: AuditProgress) -> None:
        if not self.ctx.tasks.is_running(AUDIT_TASK):
            return
        fraction = p.fraction
        if fraction is None:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(fraction * 1000))
        self.progress.setFormat(p.text())

    def _on_audit_result(self, outcome: tuple[AuditResult, list[PairRow]]) -> None:
        result, rows = outcome
        self._audit_running(False)
        self.result = result
        self.stale = False
        self.repair_all_button.setEnabled(bool(result.findings))
        self.model.set_rows([r.name for r in result.schema.rules], rows)
        self._status_beside_account()
        self.view.sortByColumn(self.model.status_column(), Qt.SortOrder.DescendingOrder)
        self.view.resizeColumnsToContents()
        self.counts_label.setText(self.counts_text(result))
        key, self._reselect = self._reselect, None
        if key is not None:
            self.select_key(key)
        self.audit_finished.emit(result)

    def _status_beside_account(self) -> None:
        """Show the Status column second (the model keeps it last): what support reads first
        stays in view when a narrow window scrolls the value columns away."""
        header = self.view.horizontalHeader()
        status = self.model.status_column()
        for logical in range(header.count()):  # undo a move made for another schema
            header.moveSection(header.visualIndex(logical), logical)
        if status < header.count():
            header.moveSection(header.visualIndex(status), 1)
        header.setStretchLastSection(True)

    def repair_all(self) -> None:
        """Open the bulk repair of the last audit's findings (a dialog of its own)."""
        from dynoview.ui.repair_dialog import open_repair_dialog

        self.repair_dialog = open_repair_dialog(self, self.ctx, self.result, self.schema)

    def _on_audit_error(self, exc: BaseException) -> None:
        self._audit_running(False)
        self.ctx.report(exc, operation="Scan")

    @staticmethod
    def counts_text(result: AuditResult) -> str:
        parts = [f"{LABELS[s]}: {result.counts.get(s, 0)}" for s in STATUSES]
        cost = (f"{result.consumed_capacity:g} RCU" if result.consumed_capacity is not None
                else "capacity not reported")
        mode = "strong" if result.consistent else "eventual"
        return (" · ".join(parts) + f"  —  {result.items_read:,} items, {result.segments} segment(s), "
                f"{mode} reads, {cost}")

    def _apply_status_filter(self) -> None:
        self.proxy.set_statuses(self.status_filter.currentData())

    def set_status_filter(self, statuses: set[str] | None) -> None:
        """Filter rows by status (None for all), as the combo box does."""
        for i in range(self.status_filter.count()):
            if self.status_filter.itemData(i) == statuses:
                self.status_filter.setCurrentIndex(i)
                return
        self.proxy.set_statuses(statuses)

    # ------------------------------------------------------------------ selection and details

    def selected_row(self) -> PairRow | None:
        rows = self.view.selectionModel().selectedRows()
        return self.proxy.data(rows[0], RowRole) if rows else None

    def selected_finding(self) -> Finding | None:
        rows = self.view.selectionModel().selectedRows()
        return self.proxy.data(rows[0], FindingRole) if rows else None

    def select_row(self, proxy_row: int) -> None:
        self.view.selectRow(proxy_row)

    def select_key(self, key: dict[str, Any]) -> bool:
        """Select the row of an account or lock key (after a re-audit, or from a link)."""
        for r in range(self.proxy.rowCount()):
            row = self.proxy.data(self.proxy.index(r, 0), RowRole)
            if row is not None and row.key == key:
                self.view.selectRow(r)
                self.view.scrollTo(self.proxy.index(r, 0))
                return True
        return False

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        row = self.selected_row()
        self._update_row_actions(row)
        # The templates act on what is selected now: this row, or nothing.
        self.ctx.select_item(row_item(self.schema, row) if row is not None else None, "audit",
                             read=True)

    def _selection_maybe_gone(self) -> None:
        row = self.selected_row()
        self._update_row_actions(row)
        if row is None and self.ctx.subject is not None and self.ctx.subject.source == "audit":
            self.ctx.select_item(None)

    def _update_row_actions(self, row: PairRow | None) -> None:
        """Details and buttons for the selected row; every button needs one."""
        self.details.setHtml(self.details_html(row) if row else "")
        statuses = row.statuses if row else set()
        self.open_item_button.setEnabled(row is not None)
        self.release_button.setEnabled(row is not None and row.kind == "lock"
                                       and bool(statuses & {ORPHAN_LOCK, EXPIRED}))
        self.claim_button.setEnabled(row is not None and MISSING_LOCK in statuses)
        self.resolve_button.setEnabled(row is not None and DUPLICATE_VALUE in statuses)

    def details_html(self, row: PairRow) -> str:
        who = html.escape(row.account_id or "A lock with no account")
        parts = [f"<h3>{who}</h3>"]
        if self.model.is_stale(row):
            parts.append("<p><b>Stale: a transaction wrote this item after the audit; re-run the "
                         "audit to see its state now.</b></p>")
        for rule, cell in row.cells.items():
            lock = html.escape(cell.lock_key[self.schema.pk_name]["S"]) if cell.lock_key else "none"
            parts.append(f"<p><b>{html.escape(rule)}</b>: {html.escape(cell.value or '(no value)')} — "
                         f"{html.escape(LABELS[cell.status])}; lock: {lock}</p>")
        if not row.findings:
            parts.append("<p>Every value has its lock: nothing to do.</p>")
        for f in row.findings:
            parts.append(f"<p><b>{html.escape(f.label)}</b>: {html.escape(f.sentence)}</p>"
                         f"<p><i>{html.escape(f.explanation)}</i></p>")
        return "".join(parts)

    def open_selected_item(self) -> None:
        row = self.selected_row()
        if row is not None and self.ctx.table is not None:
            self.ctx.open_item_requested.emit(self.ctx.table.name, row.key)

    # ------------------------------------------------------------------ repairs

    def open_repair(self, form: TemplateForm) -> None:
        """Show a repair form (``open()``, no nested loop); accepting it opens its
        transaction in the builder, where it is reviewed before anything is sent."""
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

    def _account_items(self, account_ids: tuple[str, ...] | list[str]) -> list[dict[str, Any]]:
        """Accounts as the audit saw them (key and protected values), by id."""
        rows = {r.account_id: r for r in self.model.rows() if r.account_id}
        return [row_item(self.schema, rows[a]) for a in account_ids if a in rows]

    def _audit_evidence(self) -> str:
        stale = " — stale: the table was written since, re-run the audit" if self.stale else ""
        return f"No account holds it, according to the audit{stale}."

    def repair_release(self) -> None:
        row, table = self.selected_row(), self.ctx.table
        if row is None or table is None or row.kind != "lock":
            return
        try:
            form = ReleaseLockForm(self.schema, table.name, row.key, [], self._audit_evidence(), self)
        except ValueError as exc:
            self.ctx.report(exc)
            return
        self.open_repair(form)

    def repair_claim(self) -> None:
        row, table = self.selected_row(), self.ctx.table
        if row is None or table is None:
            return
        for rule, cell in row.cells.items():
            if cell.status == MISSING_LOCK and cell.value:
                self.open_repair(ClaimLockForm(self.schema, table.name, row_item(self.schema, row), rule,
                                               self))
                return

    def repair_duplicate(self) -> None:
        """Ask which of the accounts holding the value keeps it: never decided for the user."""
        row, table = self.selected_row(), self.ctx.table
        if row is None or table is None:
            return
        for rule, cell in row.cells.items():
            f = cell.finding
            if cell.status == DUPLICATE_VALUE and f is not None and cell.value:
                try:
                    form = ResolveDuplicateForm(self.schema, table.name, rule,
                                                self._account_items(f.account_ids), self)
                except ValueError as exc:
                    self.ctx.report(exc)
                    return
                self.open_repair(form)
                return

    # ------------------------------------------------------------------ export

    def export_to(self, path: str | Path, fmt: str) -> Path:
        """Write the audit's findings as CSV, or the full report as JSON."""
        if self.result is None:
            raise ValueError("Run the audit first: there is nothing to export yet.")
        text = findings_csv(self.result.findings) if fmt == "csv" else dumps(audit_json(self.result))
        # Findings name emails and account ids: the export is private like every file we write.
        return write_private_text(Path(path), text)

    def _export_dialog(self, fmt: str) -> None:
        """Ask where to save (``open()``, no nested loop), then write."""
        if self.result is None:
            self.ctx.status_message.emit("Run the audit first: there is nothing to export yet.")
            return
        dialog = QFileDialog(self, "Export audit findings" if fmt == "csv" else "Export audit report")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter("CSV (*.csv)" if fmt == "csv" else "JSON (*.json)")
        dialog.setDefaultSuffix(fmt)
        dialog.selectFile(f"{self.result.table}-locks.{fmt}")
        dialog.fileSelected.connect(lambda path: self._export_chosen(path, fmt))
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.export_dialog = dialog
        dialog.open()

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
        self.ctx.tasks.submit(DIAGNOSE_TASK, self._diagnose_work, self.ctx.reader, self.ctx.table,
                              self.schema, self.rule_picker.currentText(), value,
                              on_result=lambda d: self._on_diagnosis(d, select=select),
                              on_error=self._on_diagnose_error, pass_cancel=True)

    @staticmethod
    def _diagnose_work(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: str,
                       value: str, cancel: threading.Event) -> Diagnosis:
        return diagnose(reader, table, schema, rule, value, cancel=cancel)

    def _on_diagnose_error(self, exc: BaseException) -> None:
        err = self.ctx.report(exc, operation="GetItem")
        self.diagnosis_view.setHtml(f"<p><b>{html.escape(err.title)}</b>: {html.escape(err.message)}</p>")

    def _on_diagnosis(self, d: Diagnosis, *, select: bool = True) -> None:
        self.show_diagnosis(d)
        if select:
            # The diagnosed account (or the lock, when no account holds the value) becomes the
            # selection the templates act on; a free value selects nothing.
            subject = d.accounts[0] if d.accounts else d.lock_item
            self.ctx.select_item(subject, "diagnose", read=subject is not None)
        self.diagnosis_finished.emit(d)

    def show_diagnosis(self, d: Diagnosis | None, *, stale: bool = False) -> None:
        """Show an answer (None clears it) and enable the buttons it allows."""
        self.diagnosis = d
        if d is None:
            self.diagnosis_view.clear()
        else:
            self.diagnosis_view.setHtml(self.diagnosis_html(d, stale=stale))
        holders = self._exact_holders(d) if d is not None else []
        orphan = d is not None and d.lock_item is not None and not d.accounts
        self.diag_release_button.setEnabled(orphan and d is not None and d.status in (ORPHAN_LOCK, EXPIRED))
        self.diag_claim_button.setEnabled(d is not None and d.status == MISSING_LOCK and len(d.accounts) == 1)
        self.diag_resolve_button.setEnabled(d is not None and d.status == DUPLICATE_VALUE
                                            and len(holders) >= 2)
        accounts = d.accounts if d is not None else []
        self.open_account_button.setEnabled(bool(accounts))
        self.open_account_button.setText("Open account" if len(accounts) < 2 else
                                         f"Open account ({len(accounts)})")
        self.open_account_button.setMenu(None)
        if len(accounts) > 1:
            # Several holders: the button offers each one.
            menu = QMenu(self.open_account_button)
            for i, account in enumerate(accounts):
                pk = account.get(self.schema.pk_name, {}).get("S", "?")
                menu.addAction(pk, lambda i=i: self.open_diagnosed_account(i))
            self.open_account_button.setMenu(menu)
        self.open_lock_button.setEnabled(d is not None and d.lock_item is not None)

    def _exact_holders(self, d: Diagnosis) -> list[dict[str, Any]]:
        """The accounts holding exactly the diagnosed value (a case variant is a clash)."""
        rule = self.schema.rule(d.rule)
        stored = {d.value, getattr(d, "typed", d.value)}
        return [a for a in d.accounts if a.get(rule.attribute, {}).get("S") in stored]

    def diagnosis_release(self) -> None:
        d, table = self.diagnosis, self.ctx.table
        if d is None or d.lock_item is None or table is None:
            return
        origin = getattr(d, "origin", None)
        evidence = "No account holds it, according to the diagnosis."
        if origin is not None:
            evidence += f" {origin.label.capitalize()}: {origin.evidence}"
        try:
            form = ReleaseLockForm(self.schema, table.name, d.lock_item, d.account_ids, evidence, self)
        except ValueError as exc:
            self.ctx.report(exc)
            return
        former = getattr(origin, "account_id", None)
        if former:
            form.owner.setText(former)  # the evidence names the account that left it
        self.open_repair(form)

    def diagnosis_claim(self) -> None:
        d, table = self.diagnosis, self.ctx.table
        if d is None or table is None or len(d.accounts) != 1:
            return
        self.open_repair(ClaimLockForm(self.schema, table.name, d.accounts[0], d.rule, self))

    def diagnosis_resolve(self) -> None:
        d, table = self.diagnosis, self.ctx.table
        if d is None or table is None:
            return
        try:
            form = ResolveDuplicateForm(self.schema, table.name, d.rule, self._exact_holders(d), self)
        except ValueError as exc:
            self.ctx.report(exc)
            return
        self.open_repair(form)

    def open_diagnosed_account(self, index: int = 0) -> None:
        d, table = self.diagnosis, self.ctx.table
        if d is not None and table is not None and 0 <= index < len(d.accounts):
            self.ctx.open_item_requested.emit(table.name, table.key_of(d.accounts[index]))

    def open_diagnosed_lock(self) -> None:
        d, table = self.diagnosis, self.ctx.table
        if d is not None and table is not None and d.lock_item is not None:
            self.ctx.open_item_requested.emit(table.name, table.key_of(d.lock_item))

    @staticmethod
    def diagnosis_html(d: Diagnosis, *, stale: bool = False) -> str:
        parts = []
        if stale:
            parts.append("<p><b>Stale: the table was written since this answer; press Diagnose "
                         "again.</b></p>")
        parts.append(f"<p><b>{html.escape(d.sentence)}</b></p>")
        typed_note = getattr(d, "typed_note", None)
        if typed_note:
            parts.append(f"<p>{html.escape(typed_note)}</p>")
        origin = getattr(d, "origin", None)
        if origin is not None and origin.evidence not in d.sentence:  # not said twice
            parts.append(f"<p>Where the lock came from: <b>{html.escape(origin.label)}</b>. "
                         f"{html.escape(origin.evidence)}</p>")
        parts += [f"<p><i>{html.escape(n)}</i></p>" for n in d.notes]
        items = ([("Lock", d.lock_item)] if d.lock_item else []) + [("Account", a) for a in d.accounts]
        for label, item in items:
            fields = ", ".join(f"{html.escape(k)}={html.escape(display_text(v, 80))}"
                               for k, v in item.items())
            parts.append(f"<p>{label}: {fields}</p>")
        parts.append("<p>Reads:</p><ul>")
        parts += [f"<li>{html.escape(r.operation)} {html.escape(r.target)}: {html.escape(r.summary())}"
                  "</li>" for r in d.receipts]
        parts.append("</ul>")
        return "".join(parts)

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
                                      "audit; re-run the audit. " + self.counts_text(self.result))
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
