"""The TTL timeline: a bar chart of items expiring per hour or day ahead, the expired
items DynamoDB has not deleted yet, and the items that will never expire (with why).

The chart is ``dynoview.ui.scans.bar_chart.BarChart``, shared with the capacity panel.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.reads.capacity import Sample
from dynoview.core.session.tables import TableInfo
from dynoview.core.ttl.timeline import (
    AUTO,
    DAY,
    HOUR,
    Bucket,
    TtlEntry,
    TtlTimeline,
    build_timeline,
    scan_for_timeline,
    ttl_disabled_message,
)
from dynoview.ui.accessible import tab_leaves
from dynoview.ui.context import AppContext
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.scans.bar_chart import Bar, BarChart
from dynoview.ui.scans.controller import ScanController, bind_scan_controls, show_message
from dynoview.ui.scans.count_box import CountBox
from dynoview.ui.scans.ttl_labels import bar_label, bar_span
from dynoview.ui.tones import muted, warning_color

EntryRole = Qt.ItemDataRole.UserRole + 1


# Chart and colours: dynoview/ui/scans/bar_chart.py and dynoview/ui/tones.py.


def _cell(text: str, tooltip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    if tooltip:
        item.setToolTip(plain_tooltip(tooltip))
    return item


def _table(headers: Sequence[str]) -> QTableWidget:
    table = tab_leaves(QTableWidget(0, len(headers)))
    table.setHorizontalHeaderLabels(list(headers))
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    # Compact rows: eight and more in sight at 1024x700, under the chart.
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    return table


SWEEP_NOTE = QT_TRANSLATE_NOOP("scans.ttl_timeline_panel",
                               "DynamoDB deletes expired items in a background sweep, typically within a "
                               "few days: until then they are still read, so check expiry at read time.")


class TtlTimelinePanel(QWidget):
    """How TTL plays out for a table: expired-but-present items, what expires when, and
    what never will. Reads a bounded Scan (keys and TTL only) or any given items."""

    timeline_changed = Signal(object)  # TtlTimeline | None
    MAX_ROWS = 5000  # rows listed for one bar

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.now: datetime | None = None  # fixed clock for tests; None means real time
        self.timeline: TtlTimeline | None = None
        self._items: list[dict[str, Any]] = []
        self._source = ""
        self._grouping: str = AUTO  # the grouping asked for of the chart shown
        self._table: TableInfo | None = None
        self._setup_ui()
        self.scanner = ScanController(ctx, "ttl-timeline", self)
        bind_scan_controls(self.scanner, self.scan_button, self.cancel_button, self.message,
                           self._ready)
        self.scanner.scanned.connect(self._scanned)
        self.scanner.dropped.connect(self._show_grouping)
        self.scanner.showing = lambda: self.timeline is not None
        ctx.table_changed.connect(self._on_table_changed)
        ctx.connection_changed.connect(lambda _conn: self._on_table_changed(None))
        self._on_table_changed(ctx.table)

    # -- construction ------------------------------------------------------------
    def _setup_ui(self) -> None:
        # Plain text: both quote the table's own words (key values, attribute names), which
        # Qt would otherwise render as HTML when they look like it.
        self.message = plain_label(QLabel())
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary = plain_label(QLabel(self.tr("Scan the table to see when its items expire.")))
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Said once, in the summary's tooltip and the expired bar's list title: two lines of
        # italics took the tables' room at 1024x700.
        self.summary.setToolTip(QCoreApplication.translate("scans.ttl_timeline_panel", SWEEP_NOTE))

        self.chart = BarChart()
        self.chart.x_title = self.tr("expires in (from now)")
        self.chart.y_title = self.tr("items")
        self.chart.empty_text = self.tr("Scan the table to see its TTL timeline.")
        main = QSplitter(Qt.Orientation.Vertical)
        main.addWidget(self.chart)
        main.addWidget(self._build_lists())
        self.chart.setMinimumHeight(150)
        main.setStretchFactor(0, 2)
        main.setStretchFactor(1, 3)
        main.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(self._build_controls())
        for label in (self.message, self.summary):
            layout.addWidget(label)
        layout.addWidget(main, 1)
        self._connect()

    def _build_controls(self) -> FlowLayout:
        """Wraps rather than pushing Export PNG… off a narrow window."""
        self.granularity = QComboBox()
        self.granularity.addItem(self.tr("Auto"), AUTO)
        self.granularity.addItem(self.tr("Per hour"), HOUR)
        self.granularity.addItem(self.tr("Per day"), DAY)
        self.granularity.setToolTip(self.tr("Group expiries per hour or per day ahead (Auto picks hours "
                                    "when everything expires within 48 hours)"))
        self.max_items = CountBox(100, 100_000, 5000)
        self.max_items.setSingleStep(1000)
        self.max_items.setPrefix(self.tr("up to "))
        self.max_items.setSuffix(self.tr(" items"))
        self.max_items.setToolTip(self.tr("A bounded Scan of keys and the TTL attribute only; every page "
                                  "leaves a read receipt"))
        self.scan_button = QPushButton(self.tr("Scan table"))
        self.scan_button.setToolTip(self.tr("Read the keys and TTL attribute of up to this many items"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.export_button = QPushButton(self.tr("Export PNG…"))
        self.export_button.setToolTip(self.tr("Save the chart as a PNG image"))
        controls = FlowLayout()
        group = plain_label(QLabel(self.tr("Group")))
        group.setBuddy(self.granularity)
        self.max_items.setAccessibleName(self.tr("Items to scan"))
        for widget in (group, self.granularity, self.max_items, self.scan_button,
                       self.cancel_button):
            controls.addWidget(widget)
        controls.addStretch()
        controls.addWidget(self.export_button)
        return controls

    def _build_lists(self) -> QSplitter:
        """The selected bar's items beside the items that never expire."""
        self.bar_title = plain_label(QLabel(self.tr("Click a bar to list its items.")))
        self.bar_title.setToolTip(QCoreApplication.translate("scans.ttl_timeline_panel", SWEEP_NOTE))
        self.items_table = _table((self.tr(
            "Key"), self.tr("TTL value"), self.tr("Expires (local time)"), self.tr("State")))
        self.items_table.setToolTip(self.tr("Double-click an item to open it"))
        self.items_table.setAccessibleName(self.tr("Items of the selected bar"))
        bar_box = QWidget()
        bar_layout = QVBoxLayout(bar_box)
        bar_layout.setContentsMargins(0, 0, 0, 0)
        bar_layout.addWidget(self.bar_title)
        bar_layout.addWidget(self.items_table)

        self.never_box = never_box = QGroupBox(self.tr("Will never expire"))
        never_layout = QVBoxLayout(never_box)
        self.never_table = _table((self.tr("Key"), self.tr("TTL value"), self.tr("Reason")))
        self.never_table.setAccessibleName(self.tr("Items that will never expire"))
        never_layout.addWidget(self.never_table)

        lists = QSplitter(Qt.Orientation.Horizontal)
        lists.addWidget(bar_box)
        lists.addWidget(never_box)
        lists.setStretchFactor(0, 3)
        lists.setStretchFactor(1, 2)
        return lists

    def _connect(self) -> None:
        self.scan_button.clicked.connect(self.scan)
        self.max_items.corrected.connect(lambda text: show_message(self.message, text, warn=True))
        self.export_button.clicked.connect(lambda: self.export_png())
        self.granularity.currentIndexChanged.connect(lambda _i: self._rebuild())
        self.chart.bar_clicked.connect(self.show_bar)
        self.items_table.cellDoubleClicked.connect(lambda row, _col: self._open(self.items_table, row))
        self.never_table.cellDoubleClicked.connect(lambda row, _col: self._open(self.never_table, row))

    # -- table and data ----------------------------------------------------------
    def _on_table_changed(self, table: TableInfo | None) -> None:
        self.cancel()
        self._table = table
        self._items = []
        self._source = ""
        self.timeline = None
        self.chart.set_bars([], title="")
        self.items_table.setRowCount(0)
        self.never_table.setRowCount(0)
        self.never_box.setTitle(self.tr("Will never expire"))
        self.bar_title.setText(self.tr("Click a bar to list its items."))
        ready = self._ready()
        self.scan_button.setEnabled(ready)
        if table is None:
            show_message(self.message, self.tr("Open a table to see its TTL timeline."))
            self.summary.clear()  # the previous table's figures must not stay
        elif not table.ttl_enabled:  # a DISABLED describe still names the attribute
            show_message(self.message, ttl_disabled_message(table), warn=True)
            self.summary.clear()
        else:
            show_message(self.message, "")
            self.summary.setText(self.tr("TTL attribute: {ttl_attribute}. Scan the table to see "
                                 "when its items expire.").format(ttl_attribute=table.ttl_attribute))
        self.timeline_changed.emit(None)
        if ready and self.ctx.reads_on_open(table):
            self.scan()

    def _ready(self) -> bool:
        table = self._table
        return table is not None and table.ttl_enabled and self.ctx.reader is not None

    def scan(self) -> None:
        """Scan keys and the TTL attribute in a worker; the chart updates when it is done."""
        table, reader = self._table, self.ctx.reader
        if table is None or reader is None or not table.ttl_enabled or self.max_items.hold():
            return
        work = functools.partial(scan_for_timeline, max_items=self.max_items.value())
        self.scanner.start(work, reader, table,
                           progress=self.tr(
                               "Scanning {name} (keys and {ttl_attribute} only)…").format(
                                   name=table.name, ttl_attribute=table.ttl_attribute))

    def cancel(self) -> None:
        self.scanner.cancel()

    def _scanned(self, sample: Sample) -> None:
        scope = self.tr("every item") if sample.exhausted else \
            self.tr("the first %Ln item(s)", "", len(sample.items))
        self.load_items(sample.items, self.tr("a Scan of {scope}").format(scope=scope))

    def load_items(self, items: Sequence[dict[str, Any]], source: str = "the current result set",
                   table: TableInfo | None = None) -> None:
        """Show the timeline of the given items (e.g. the items view's result set)."""
        if table is not None:
            self._table = table
        self._chart(list(items), source)

    def _rebuild(self) -> None:
        self._chart(self._items, self._source)

    def _chart(self, items: list[dict[str, Any]], source: str) -> None:
        # The items and their source are kept only once charted: a cancel (or failure)
        # meanwhile leaves the previous chart, lists and summary together, all of one scan.
        table = self._table
        if table is None or not source:
            return
        if not table.ttl_enabled or not table.ttl_attribute:
            show_message(self.message, ttl_disabled_message(table), warn=True)
            return
        grouping = self.granularity.currentData()
        work = functools.partial(build_timeline, items, table.ttl_attribute, table.key_names,
                                 now=self.now, granularity=grouping)
        self.scanner.analyse(work, lambda timeline: self._show(timeline, items, source, grouping),
                             progress=self.tr("Charting %Ln item(s) by expiry…", "", len(items)))

    def _show_grouping(self) -> None:
        """The box back to the grouping of the chart shown (a re-chart was cancelled), without
        charting again."""
        at = self.granularity.findData(self._grouping)
        if self.timeline is not None and at >= 0:
            with QSignalBlocker(self.granularity):
                self.granularity.setCurrentIndex(at)

    def _show(self, timeline: TtlTimeline, items: list[dict[str, Any]], source: str,
              grouping: str) -> None:
        self.timeline = timeline
        self._items, self._source, self._grouping = items, source, grouping
        pal = self.palette()
        bars = []
        for bucket in timeline.bars():
            color = warning_color(pal) if bucket.kind == "expired" else (
                muted(pal) if bucket.kind == "later" else None)
            label = bar_label(bucket, timeline)  # translated: core's bucket.label is English
            tip = f"{label}: {self.tr('%Ln item(s)', '', bucket.count)}\n{bar_span(bucket)}"
            if bucket.kind == "expired" and timeline.oldest_expired is not None:
                tip += self.tr("\nOldest: {key_text}").format(key_text=timeline.oldest_expired.key_text)
            bars.append(Bar(label, bucket.count, color, tip))
        # Whole sentences per step: a translated sentence cannot take an English "hour".
        title = (self.tr("Items by expiry, per hour ahead ({attribute})")
                 if timeline.granularity == HOUR else self.tr("Items by expiry, per day ahead ({attribute})"))
        self.chart.set_bars(bars, title=title.format(attribute=timeline.attribute))
        self.summary.setText(self.tr(
            "From {source}: {summary}").format(source=self._source, summary=timeline.summary()))
        self._fill_never(timeline.never)
        self.chart.select(0 if timeline.expired else None, emit=False)
        if timeline.expired:
            self.show_bar(0)
        else:
            self.items_table.setRowCount(0)
            self.bar_title.setText(self.tr("Click a bar to list its items."))
        self.timeline_changed.emit(timeline)

    # -- lists -------------------------------------------------------------------
    def show_bar(self, index: int) -> None:
        """List the items of bar ``index`` (what clicking the bar does)."""
        if self.timeline is None:
            return
        bars = self.timeline.bars()
        if not 0 <= index < len(bars):
            return
        bucket: Bucket = bars[index]
        self.chart.select(index, emit=False)
        if bucket.kind == "expired":
            what = self.tr("expired but still present (oldest first)")
        elif bucket.kind == "ahead":
            what = self.tr("expiring {label} from now").format(label=bar_label(bucket, self.timeline))
        else:
            what = self.tr("expiring later")
        shown = min(bucket.count, self.MAX_ROWS)
        more = self.tr(", first {shown} shown").format(shown=shown) if shown < bucket.count else ""
        count = bucket.count
        self.bar_title.setText(self.tr("%Ln item(s) {what}{more}.", "", count).format(what=what, more=more))
        self._fill(self.items_table, bucket.entries[:shown], lambda e: (
            e.key_text, e.value_text,
            e.state.expires_at.astimezone().strftime("%Y-%m-%d %H:%M:%S") if e.state.expires_at else "",
            e.state.text), tooltip=lambda e: e.state.dates())

    def _fill_never(self, entries: Sequence[TtlEntry]) -> None:
        # Capped like the bar list: 100,000 rows filled on the UI thread froze it for seconds.
        shown = min(len(entries), self.MAX_ROWS)
        self.never_box.setTitle(self.tr("Will never expire") if shown == len(entries) else self.tr(
            "Will never expire (first {shown} of {total} shown)").format(shown=shown, total=len(entries)))
        self._fill(self.never_table, entries[:shown], lambda e: (e.key_text, e.value_text, e.reason),
                   tooltip=lambda e: e.reason)

    def _fill(self, table: QTableWidget, entries: Sequence[TtlEntry],
              columns: Callable[[TtlEntry], tuple[str, ...]],
              tooltip: Callable[[TtlEntry], str]) -> None:
        table.setUpdatesEnabled(False)
        table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            for col, text in enumerate(columns(entry)):
                cell = _cell(text, tooltip(entry))
                if col == 0:
                    cell.setData(EntryRole, entry)
                table.setItem(row, col, cell)
        for col in range(table.columnCount() - 1):  # the last column stretches
            table.resizeColumnToContents(col)
        table.setUpdatesEnabled(True)

    def _open(self, table: QTableWidget, row: int) -> None:
        cell = table.item(row, 0)
        entry = cell.data(EntryRole) if cell is not None else None
        if isinstance(entry, TtlEntry) and self._table is not None:
            self.ctx.open_item_requested.emit(self._table.name, dict(entry.key))

    # -- export ------------------------------------------------------------------
    def export_png(self, path: str | None = None) -> str | None:
        """Save the chart as PNG (asks where when no path is given); returns the path."""
        if path is None:
            name = f"{self._table.name}-ttl-timeline.png" if self._table else "ttl-timeline.png"
            path, _ = QFileDialog.getSaveFileName(self, self.tr(
                "Export chart as PNG"), name, "PNG images (*.png)")
            if not path:
                return None
        if not self.chart.save_png(path):
            show_message(self.message, self.tr("Could not write {path}. Choose a folder you can write "
                         "to and try again.").format(path=path), warn=True)
            return None
        return path
