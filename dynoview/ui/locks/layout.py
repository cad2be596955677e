"""The Accounts & locks panel's views, without behaviour: the panel composes them.

``AuditBar`` (the schema sentence, the audit row with the Live toggle, the counts),
``FilterBar`` (status filter, search, exports), ``FindingsPane`` (the grid beside the selected
row's details and actions, and the ``OrderingBar`` over the grid while a large order runs)
and ``arrange`` (those, the Live bar and the diagnose box, sized for 1024x700: the rows wrap
rather than clip, and the findings get most of the height).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
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
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.audit.run import DEFAULT_SEGMENTS, MAX_SEGMENTS
from dynoview.core.uniqueness.findings import PROBLEMS, STATUSES
from dynoview.ui.accessible import name_clear_button, tab_leaves
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.i18n.labels import finding_label
from dynoview.ui.locks.controller import DETECT_SAMPLE
from dynoview.ui.locks.diagnose import DiagnoseBox
from dynoview.ui.locks.grid_paint import paint_cells_directly
from dynoview.ui.locks.live_bar import LiveBar
from dynoview.ui.locks.model import AuditRowsModel
from dynoview.ui.locks.repair_flow import RowActions
from dynoview.ui.placeholder import PlaceholderBrowser
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role

FILTER_ALL = QT_TRANSLATE_NOOP("locks.layout", "All rows")
FILTER_PROBLEMS = QT_TRANSLATE_NOOP("locks.layout", "Problems only")
NO_AUDIT = QT_TRANSLATE_NOOP("locks.layout", "No audit yet: run the full audit to pair accounts with locks.")


class AuditBar(QWidget):
    """The schema sentence, the audit's buttons and progress, and the counts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.schema_label = plain_label(QLabel())
        self.schema_label.setWordWrap(True)
        layout.addWidget(self.schema_label)
        layout.addLayout(self._build_row())
        self.counts_label = plain_label(QLabel(QCoreApplication.translate("locks.layout", NO_AUDIT)))
        self.counts_label.setWordWrap(True)
        layout.addWidget(self.counts_label)

    def show_counts(self, text: str, *, error: bool = False) -> None:
        """The counts line; ``error``: why the audit has no counts to show, in the error colour."""
        set_role(self.counts_label, "error" if error else "")
        self.counts_label.setText(text)

    def _build_row(self) -> FlowLayout:
        row = FlowLayout()  # wraps at 1024x700 rather than clipping "Strongly consistent"
        self.audit_button = QPushButton(self.tr("Run full audit"))
        self.audit_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.live_toggle = QToolButton()
        self.live_toggle.setText(self.tr("Live"))
        self.live_toggle.setAccessibleName(self.tr("Live mode"))
        self.segments = QSpinBox()
        self.segments.setRange(1, MAX_SEGMENTS)
        self.segments.setValue(DEFAULT_SEGMENTS)
        self.segments.setPrefix(self.tr("Segments: "))
        self.segments.setToolTip(self.tr("Parallel Scan segments (Segment/TotalSegments)."))
        self.segments.setAccessibleName(self.tr("Audit segments"))
        self.segments.setAccessibleDescription(self.tr("Parallel Scan segments of the full audit"))
        self.segments.setMaximumWidth(150)
        self.consistent = QCheckBox(self.tr("Strongly consistent"))
        self.consistent.setToolTip(self.tr("Strong reads cost twice the read capacity of eventual reads."))
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        # Room for "3,000,000 of ~3,000,000 · 4/4 segments", the longest text it usually shows.
        self.progress.setMinimumWidth(self.fontMetrics().horizontalAdvance(
            self.tr("3,000,000 of ~3,000,000 · 16/16 segments")) + 24)
        self.progress.hide()
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.repair_all_button = QPushButton(self.tr("Repair all…"))
        self.repair_all_button.setToolTip(self.tr(
            "Release every orphan lock and claim every missing lock the "
                                          "audit found, each re-checked and guarded; the rest is listed "
                                          "for a decision"))
        self.repair_all_button.setEnabled(False)
        self.edit_schema_button = QPushButton(self.tr("Edit schema…"))
        self.detect_button = QPushButton(self.tr("Detect from sample"))
        self.detect_button.setToolTip(self.tr(
            "Read {DETECT_SAMPLE} items and propose a schema to confirm.").format(
                DETECT_SAMPLE=DETECT_SAMPLE))
        for w in (self.audit_button, self.live_toggle, self.segments, self.consistent, self.progress,
                  self.cancel_button, self.repair_all_button):
            row.addWidget(w)
        # The schema buttons end this row, so the schema sentence above has the full width
        # (three lines became two at 1024 px, room the findings get).
        row.addStretch()
        row.addWidget(self.edit_schema_button)
        row.addWidget(self.detect_button)
        return row

    def set_running(self, running: bool, can_audit: bool) -> None:
        # The progress and Cancel take the places of Run, Repair all and the schema buttons
        # (none is for use while the audit reads): the row keeps its lines at 1024 px, and the
        # findings arriving meanwhile keep their height.
        had_focus = self.audit_button.hasFocus()
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        for button in (self.audit_button, self.repair_all_button, self.edit_schema_button,
                       self.detect_button):
            button.setVisible(not running)
        self.audit_button.setEnabled(not running and can_audit)
        if running and had_focus:
            self.cancel_button.setFocus()

    def show_progress(self, fraction: float | None, text: str, tip: str = "") -> None:
        """A share done (None: unknown, a busy bar) and its text."""
        # QProgressBar.setValue repaints the bar at once, on the UI thread (1-20 ms each report
        # while an audit runs); with updates off it is repainted with the next frame instead.
        self.progress.setUpdatesEnabled(False)
        try:
            if fraction is None:
                self.progress.setRange(0, 0)
            else:
                self.progress.setRange(0, 1000)
                self.progress.setValue(int(fraction * 1000))
            self.progress.setFormat(text)
            self.progress.setToolTip(tip or text)
        finally:
            self.progress.setUpdatesEnabled(True)  # queues one update


class FilterBar(QWidget):
    """The status filter, the search box and the exports (with an export's progress and Cancel)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = FlowLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.status_filter = QComboBox()
        self.status_filter.addItem(QCoreApplication.translate("locks.layout", FILTER_ALL), None)
        self.status_filter.addItem(QCoreApplication.translate("locks.layout", FILTER_PROBLEMS), set(PROBLEMS))
        for status in STATUSES:
            self.status_filter.addItem(finding_label(status), {status})
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search values or account ids"))
        self.search.setClearButtonEnabled(True)
        name_clear_button(self.search)
        self.status_filter.setAccessibleName(self.tr("Show rows"))
        self.search.setAccessibleName(self.tr("Search values or account ids"))
        self.search.setMinimumWidth(180)
        self.export_csv_button = QPushButton(self.tr("Export CSV…"))
        self.export_json_button = QPushButton(self.tr("Export JSON…"))
        # An export being written (export_flow.AuditExport): its share and Cancel, beside the
        # buttons, shown only once it takes a while.
        self.export_progress = QProgressBar()
        self.export_progress.setRange(0, 1000)
        self.export_progress.setTextVisible(True)
        self.export_progress.setAccessibleName(self.tr("Export progress"))
        self.export_progress.setMinimumWidth(self.fontMetrics().horizontalAdvance(
            self.tr("Writing 3,000,000 of 3,000,000 findings")) + 24)
        self.export_cancel_button = QPushButton(self.tr("Cancel export"))
        self.export_progress.hide()
        self.export_cancel_button.hide()
        for w in (self.status_filter, self.search, self.export_csv_button, self.export_json_button,
                  self.export_progress, self.export_cancel_button):
            row.addWidget(w)

    def set_exporting(self, exporting: bool) -> None:
        """While an export is written the Export buttons are off (one export at a time); its
        progress and Cancel are shown by ``show_export_progress``."""
        had_focus = self.export_cancel_button.hasFocus()
        for button in (self.export_csv_button, self.export_json_button):
            button.setEnabled(not exporting)
        if not exporting:
            self.export_progress.hide()
            self.export_cancel_button.hide()
            if had_focus:  # the keyboard stays in the bar, not lost with the hidden button
                self.export_csv_button.setFocus()

    def show_export_progress(self, fraction: float, text: str) -> None:
        self.export_progress.setValue(int(fraction * 1000))
        self.export_progress.setFormat(text)
        self.export_progress.setToolTip(text)
        self.export_progress.show()
        self.export_cancel_button.show()


class OrderingBar(QFrame):
    """A sort, filter or search ordering a large audit's rows: its text, a busy bar and Cancel,
    laid over the grid's bottom edge. In no layout, so showing and hiding it moves nothing:
    the audit bar's progress and Cancel, shown for it before, relaid the whole panel out
    (11-17 ms of the UI thread in a 1280x860 window, against 2 ms for this bar)."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 2, 2)
        self.label = plain_label(QLabel())
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)  # busy: an order has no share done to show
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(120)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        row.addWidget(self.label, 1)
        row.addWidget(self.progress)
        row.addWidget(self.cancel_button)
        self.hide()
        view.installEventFilter(self)  # follows the grid's size

    def show_busy(self, busy: bool, text: str) -> None:
        if busy:
            self.label.setText(text)
            self.progress.setToolTip(text)
            self._place()
            self.raise_()
        self.setVisible(busy)

    def _place(self) -> None:
        """Along the bottom of the grid's rows (the view's viewport)."""
        view = self.parentWidget()
        if not isinstance(view, QTableView):
            return
        rows = view.viewport().geometry()
        height = self.sizeHint().height()
        self.setGeometry(rows.left(), max(rows.top(), rows.bottom() + 1 - height), rows.width(), height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self._place()
        return False


class FindingsPane(QSplitter):
    """The grid beside the selected row's details and its four actions."""

    def __init__(self, model: AuditRowsModel, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.addWidget(self._build_view(model))
        self.ordering_bar = OrderingBar(self.view)
        self.addWidget(self._build_details())
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 1)
        self.setSizes([900, 300])

    def _build_view(self, model: AuditRowsModel) -> QTableView:
        self.view = tab_leaves(QTableView())
        self.view.setAccessibleName(self.tr("Accounts and locks"))
        self.view.setAccessibleDescription(self.tr(
            "One row per value: its account, its lock and the finding"))
        self.view.setModel(model)
        paint_cells_directly(self.view, model.look)  # one call per cell into Python, none per primitive
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
        # Its sections are blank (the model names no rows), yet after every sort, filter or
        # search it measured 200 of them for its width: 1,300 headerData calls into Python
        # and their text layout on the UI thread.
        rows.hide()
        return self.view

    def _build_details(self) -> QWidget:
        details = QWidget()
        layout = QVBoxLayout(details)
        layout.setContentsMargins(0, 0, 0, 0)
        self.details = PlaceholderBrowser()
        self.details.setPlaceholderText(self.tr("Select a row to see what is wrong and what to do."))
        layout.addWidget(self.details, 1)
        actions = QGridLayout()
        self.open_item_button = QPushButton(self.tr("Open item"))
        self.release_button = QPushButton(self.tr("Release lock…"))
        self.claim_button = QPushButton(self.tr("Claim lock…"))
        self.resolve_button = QPushButton(self.tr("Resolve duplicate…"))
        # Two by two, so the details pane can stay narrow and leave the room to the findings.
        for i, b in enumerate((self.open_item_button, self.release_button, self.claim_button,
                               self.resolve_button)):
            b.setEnabled(False)
            actions.addWidget(b, i // 2, i % 2)
        layout.addLayout(actions)
        return details

    def show_row(self, html: str, actions: RowActions) -> None:
        """The selected row's details and the buttons it allows."""
        self.details.setHtml(html)
        self.open_item_button.setEnabled(actions.open_item)
        self.release_button.setEnabled(actions.release)
        self.claim_button.setEnabled(actions.claim)
        self.resolve_button.setEnabled(actions.resolve)

    def status_beside_account(self, status: int) -> None:
        """Show the Status column second (the model keeps it last): what support reads first
        stays in view when a narrow window scrolls the value columns away."""
        header = self.view.horizontalHeader()
        for logical in range(header.count()):  # undo a move made for another schema
            header.moveSection(header.visualIndex(logical), logical)
        if status < header.count():
            header.moveSection(header.visualIndex(status), 1)
        header.setStretchLastSection(True)


def arrange(panel: QWidget, audit: AuditBar, filters: FilterBar, live: LiveBar, findings: FindingsPane,
            diagnose: DiagnoseBox) -> None:
    """The panel's layout: the bars, then the findings over the diagnose box."""
    layout = QVBoxLayout(panel)
    layout.setSpacing(4)  # every pixel of height goes to the findings at 1024x700
    for bar in (audit, live, filters):
        layout.addWidget(bar)
    # The findings get most of the room; the answer box gets what its text needs (the splitter
    # gives it more when dragged, and it never shrinks below its minimum).
    vertical = QSplitter(Qt.Orientation.Vertical)
    vertical.addWidget(findings)
    vertical.addWidget(diagnose)
    vertical.setChildrenCollapsible(False)
    vertical.setStretchFactor(0, 1)  # a taller window goes to the findings
    vertical.setStretchFactor(1, 0)
    vertical.setSizes([10_000, diagnose.minimumSizeHint().height()])

    def give_room(height: int) -> None:
        """An answer came: the box grows to show it (never past 60% of the split)."""
        total = sum(vertical.sizes())
        want = min(height, int(total * 0.6))
        if want > vertical.sizes()[1]:
            vertical.setSizes([total - want, want])

    diagnose.room_wanted.connect(give_room)
    layout.addWidget(vertical, 1)


def find_shortcut(tab: QWidget, search: QLineEdit) -> QShortcut:
    """The platform's Find (Ctrl+F) on ``tab``: the focus goes to ``search``, its text selected.
    Only while the focus is in the tab, so it never takes another tab's Find."""
    def go() -> None:
        search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        search.selectAll()

    find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), tab, go)
    find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    return find
