"""The Accounts & locks panel's widgets and their layout, without behaviour.

``LocksPanelLayout`` builds every widget as a named attribute (as Qt Designer's generated
``setupUi`` does); ``LocksPanel`` subclasses it and connects the widgets to its slots. Sized
for 1024x700: the rows wrap rather than clip, and the findings get most of the height.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
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

from dynoview.core.audit.run import DEFAULT_SEGMENTS, MAX_SEGMENTS
from dynoview.core.uniqueness.findings import LABELS, PROBLEMS, STATUSES
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.locks.controller import DETECT_SAMPLE
from dynoview.ui.locks.diagnose import DiagnoseBox

FILTER_ALL = "All rows"
FILTER_PROBLEMS = "Problems only"
NO_AUDIT = "No audit yet: run the full audit to pair accounts with locks."


class LocksPanelLayout(QWidget):
    """The schema sentence, the audit row, the counts, the filters, the findings beside the
    selected row's details, and the diagnose box below."""

    def _setup_ui(self, model: QAbstractItemModel) -> None:
        layout = QVBoxLayout(self)
        self.schema_label = QLabel()
        self.schema_label.setWordWrap(True)
        schema_row = QHBoxLayout()
        schema_row.addWidget(self.schema_label, 1)
        layout.addLayout(schema_row)
        layout.addLayout(self._build_audit_row())
        self.counts_label = QLabel(NO_AUDIT)
        self.counts_label.setWordWrap(True)
        layout.addWidget(self.counts_label)
        layout.addLayout(self._build_filter_row())
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._build_view(model))
        splitter.addWidget(self._build_details())
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 300])
        box = self._build_diagnose_box()
        # The findings get most of the room, but the answer box never shrinks below its text.
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(splitter)
        vertical.addWidget(box)
        vertical.setChildrenCollapsible(False)
        vertical.setStretchFactor(0, 3)
        vertical.setStretchFactor(1, 2)
        vertical.setSizes([440, box.answer_height + 90])
        layout.addWidget(vertical, 1)

    def _build_audit_row(self) -> FlowLayout:
        row = FlowLayout()  # wraps at 1024x700 rather than clipping "Strongly consistent"
        self.audit_button = QPushButton("Run full audit")
        self.audit_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.segments = QSpinBox()
        self.segments.setRange(1, MAX_SEGMENTS)
        self.segments.setValue(DEFAULT_SEGMENTS)
        self.segments.setPrefix("Segments: ")
        self.segments.setToolTip("Parallel Scan segments (Segment/TotalSegments).")
        self.segments.setMaximumWidth(150)
        self.consistent = QCheckBox("Strongly consistent")
        self.consistent.setToolTip("Strong reads cost twice the read capacity of eventual reads.")
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        # Room for "3,000,000 of ~3,000,000 · 4/4 segments", the longest text it usually shows.
        self.progress.setMinimumWidth(self.fontMetrics().horizontalAdvance(
            "3,000,000 of ~3,000,000 · 16/16 segments") + 24)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.repair_all_button = QPushButton("Repair all…")
        self.repair_all_button.setToolTip("Release every orphan lock and claim every missing lock the "
                                          "audit found, each re-checked and guarded; the rest is listed "
                                          "for a decision")
        self.repair_all_button.setEnabled(False)
        self.edit_schema_button = QPushButton("Edit schema…")
        self.detect_button = QPushButton("Detect from sample")
        self.detect_button.setToolTip(f"Read {DETECT_SAMPLE} items and propose a schema to confirm.")
        for w in (self.audit_button, self.segments, self.consistent, self.progress, self.cancel_button,
                  self.repair_all_button):
            row.addWidget(w)
        # The schema buttons end this row, so the schema sentence above has the full width
        # (three lines became two at 1024 px, room the findings get).
        row.addStretch()
        row.addWidget(self.edit_schema_button)
        row.addWidget(self.detect_button)
        return row

    def _build_filter_row(self) -> FlowLayout:
        row = FlowLayout()
        self.status_filter = QComboBox()
        self.status_filter.addItem(FILTER_ALL, None)
        self.status_filter.addItem(FILTER_PROBLEMS, set(PROBLEMS))
        for status in STATUSES:
            self.status_filter.addItem(LABELS[status], {status})
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search values or account ids")
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(180)
        self.export_csv_button = QPushButton("Export CSV…")
        self.export_json_button = QPushButton("Export JSON…")
        for w in (self.status_filter, self.search, self.export_csv_button, self.export_json_button):
            row.addWidget(w)
        return row

    def _build_view(self, model: QAbstractItemModel) -> QTableView:
        self.view = QTableView()
        self.view.setModel(model)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        # Fit columns to the rows in view only: measuring the default 1,000 rows calls data()
        # thousands of times on the UI thread after every audit.
        self.view.horizontalHeader().setResizeContentsPrecision(0)
        rows = self.view.verticalHeader()
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)  # compact
        # Fixed heights: a million rows cost the header nothing to lay out.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        return self.view

    def _build_details(self) -> QWidget:
        details = QWidget()
        layout = QVBoxLayout(details)
        layout.setContentsMargins(0, 0, 0, 0)
        self.details = QTextBrowser()
        self.details.setPlaceholderText("Select a row to see what is wrong and what to do.")
        layout.addWidget(self.details, 1)
        actions = QGridLayout()
        self.open_item_button = QPushButton("Open item")
        self.release_button = QPushButton("Release lock…")
        self.claim_button = QPushButton("Claim lock…")
        self.resolve_button = QPushButton("Resolve duplicate…")
        # Two by two, so the details pane can stay narrow and leave the room to the findings.
        for i, b in enumerate((self.open_item_button, self.release_button, self.claim_button,
                               self.resolve_button)):
            b.setEnabled(False)
            actions.addWidget(b, i // 2, i % 2)
        layout.addLayout(actions)
        return details

    def _build_diagnose_box(self) -> DiagnoseBox:
        box = self.diagnose_box = DiagnoseBox()
        # The box's widgets, by the names the panel and the tests use.
        self.rule_picker, self.value_edit = box.rule_picker, box.value_edit
        self.diagnose_button, self.diagnosis_view = box.diagnose_button, box.diagnosis_view
        self.open_account_button, self.open_lock_button = box.open_account_button, box.open_lock_button
        self.diag_release_button = box.diag_release_button
        self.diag_claim_button = box.diag_claim_button
        self.diag_resolve_button = box.diag_resolve_button
        return box

    def status_beside_account(self, status: int) -> None:
        """Show the Status column second (the model keeps it last): what support reads first
        stays in view when a narrow window scrolls the value columns away."""
        header = self.view.horizontalHeader()
        for logical in range(header.count()):  # undo a move made for another schema
            header.moveSection(header.visualIndex(logical), logical)
        if status < header.count():
            header.moveSection(header.visualIndex(status), 1)
        header.setStretchLastSection(True)
