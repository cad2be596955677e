"""Capacity and partitions: item-collection sizes per partition key (largest first, with
the 10 GB limit when the table has an LSI), items per key, likely hot keys, and what the
sampling Scan cost as reported by the service next to DynoView's own estimate."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.counts import units_text
from dynoview.core.reads.capacity import (
    COLLECTION_LIMIT_BYTES,
    PartitionReport,
    Sample,
    analyse_partitions,
    scan_sample,
)
from dynoview.core.session.tables import TableInfo
from dynoview.ui.accessible import tab_leaves
from dynoview.ui.context import AppContext
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.i18n.formats import number
from dynoview.ui.plain_text import plain_label
from dynoview.ui.row_select import select_only_row
from dynoview.ui.scans.bar_chart import Bar, BarChart
from dynoview.ui.scans.collections_model import CollectionsModel
from dynoview.ui.scans.controller import ScanController, bind_scan_controls, show_message
from dynoview.ui.scans.count_box import CountBox
from dynoview.ui.scans.sizes import share_text, size_text
from dynoview.ui.tones import warning_color
from dynoview.ui.wrapped_label import WrappedLabel

TOP_BARS = 20


def _rcu(units: float) -> str:
    """Read capacity units as the language writes the number ("0.5 RCU", "0,5 RCU",
    "131,072.5 RCU"): the core's figure, every digit kept, with the language's separators."""
    locale = QLocale()
    return f"{units_text(units, locale.groupSeparator(), locale.decimalPoint())} RCU"


class CapacityPanel(QWidget):
    """Item-collection sizes and partition-key spread from a bounded Scan (or given items),
    and the Scan's cost: service-reported capacity next to DynoView's estimate."""

    report_changed = Signal(object)  # PartitionReport | None

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.report: PartitionReport | None = None
        self.sample: Sample | None = None
        self._table: TableInfo | None = None
        self._setup_ui()
        self.scanner = ScanController(ctx, "capacity-scan", self)
        bind_scan_controls(self.scanner, self.scan_button, self.cancel_button, self.message,
                           self._ready)
        self.scanner.scanned.connect(self._scanned)
        self.scanner.showing = lambda: self.report is not None
        ctx.table_changed.connect(self._on_table_changed)
        ctx.connection_changed.connect(lambda _conn: self._on_table_changed(None))
        self._on_table_changed(ctx.table)

    # -- construction ------------------------------------------------------------
    def _setup_ui(self) -> None:
        # Plain text: these quote partition key values, which Qt would otherwise render as
        # HTML when they look like it.
        self.message = plain_label(QLabel())
        self.message.setWordWrap(True)
        self.summary = plain_label(WrappedLabel(self.tr(
            "Scan a sample to see item-collection sizes and partition keys."), selectable=True))
        self.limit_label = plain_label(WrappedLabel())
        self.hot_label = plain_label(WrappedLabel(selectable=True))

        # The collections and the sample's cost take turns: stacked, neither showed eight rows
        # at 1024x700.
        self.lists = left = QTabWidget()
        left.setDocumentMode(True)
        left.addTab(self._build_collections(), self.tr("Item collections, largest first"))
        left.addTab(self._build_pages(), self.tr("What the sample cost"))
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(left)
        body.addWidget(self._build_charts())
        body.setSizes([560, 480])  # proportions: the table needs its columns

        layout = QVBoxLayout(self)
        layout.addLayout(self._build_controls())
        for label in (self.message, self.summary, self.limit_label, self.hot_label):
            layout.addWidget(label)
        layout.addWidget(body, 1)

        self.scan_button.clicked.connect(self.scan)
        self.max_items.corrected.connect(lambda text: show_message(self.message, text, warn=True))
        self.size_chart.bar_clicked.connect(self._select_collection)

    def _build_controls(self) -> FlowLayout:
        self.max_items = CountBox(100, 200_000, 2000)
        self.max_items.setSingleStep(1000)
        self.max_items.setPrefix(self.tr("Sample up to "))
        self.max_items.setSuffix(self.tr(" items"))
        self.max_items.setAccessibleName(self.tr("Items to sample"))
        self.max_items.setToolTip(self.tr("A bounded, eventually consistent Scan; every page leaves a "
                                  "read receipt"))
        self.scan_button = QPushButton(self.tr("Scan sample"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        controls = FlowLayout()
        for widget in (self.max_items, self.scan_button, self.cancel_button):
            controls.addWidget(widget)
        return controls

    def _build_collections(self) -> QTableView:
        self.model = CollectionsModel(self)
        self.view = tab_leaves(QTableView())
        self.view.setAccessibleName(self.tr("Item collections, largest first"))
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        return self.view

    def _build_charts(self) -> QSplitter:
        self.size_chart = BarChart()
        self.size_chart.y_title = self.tr("collection size")
        self.size_chart.x_title = self.tr("partition key (largest first)")
        self.size_chart.integer_axis = False
        self.size_chart.value_format = size_text
        self.size_chart.empty_text = self.tr("Scan a sample to see collection sizes.")
        self.dist_chart = BarChart()
        self.dist_chart.y_title = self.tr("partition keys")
        self.dist_chart.x_title = self.tr("items per partition key")
        self.dist_chart.empty_text = self.tr("Scan a sample to see how items spread over keys.")
        for chart in (self.size_chart, self.dist_chart):
            chart.setMinimumHeight(110)  # two stacked still fit under the summary at 1024x700
        charts = QSplitter(Qt.Orientation.Vertical)
        charts.addWidget(self.size_chart)
        charts.addWidget(self.dist_chart)
        charts.setChildrenCollapsible(False)
        return charts

    def _build_pages(self) -> QTableWidget:
        self.pages = tab_leaves(QTableWidget(0, 5))
        self.pages.setAccessibleName(self.tr("What the sample cost, per page"))
        self.pages.setHorizontalHeaderLabels([self.tr("Page"), self.tr("Items"), self.tr("Bytes returned"),
                                              self.tr("Reported by DynamoDB"), self.tr("DynoView estimate")])
        self.pages.verticalHeader().hide()
        self.pages.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.pages.horizontalHeader().setStretchLastSection(True)
        self.pages.setToolTip(self.tr("Each Scan page is billed on the total size of the items it read, "
                              "rounded up to 4 KB, halved for eventually consistent reads."))
        self.pages.verticalHeader().setDefaultSectionSize(self.pages.fontMetrics().height() + 6)
        return self.pages

    # -- data --------------------------------------------------------------------
    def _on_table_changed(self, table: TableInfo | None) -> None:
        self.cancel()
        self._table = table
        self.report = None
        self.sample = None
        self.model.set_report(None)
        self.size_chart.set_bars([], title="")
        self.size_chart.set_marker(None)
        self.dist_chart.set_bars([], title="")
        self.pages.setRowCount(0)
        self._name_cost_tab(False)
        self.hot_label.clear()
        self.limit_label.clear()
        self.scan_button.setEnabled(self._ready())
        show_message(self.message, "" if table is not None else self.tr(
            "Open a table to see its partitions."))
        if table is None:
            self.summary.clear()  # the closed table's figures must not stay beside the message
        else:
            self.summary.setText(self.tr("Scan a sample of {name} to see item-collection sizes and "
                                 "how items spread over partition keys.").format(name=table.name))
            if self.ctx.reader is not None and self.ctx.reads_on_open(table):
                self.scan()

    def _ready(self) -> bool:
        return self._table is not None and self.ctx.reader is not None

    def scan(self) -> None:
        table, reader = self._table, self.ctx.reader
        if table is None or reader is None or self.max_items.hold():
            return
        work = functools.partial(scan_sample, max_items=self.max_items.value())
        self.scanner.start(work, reader, table.name,
                           progress=self.tr(
                               "Scanning up to {value} items of {name}…").format(
                                   value=number(self.max_items.value()), name=table.name))

    def cancel(self) -> None:
        self.scanner.cancel()

    def _scanned(self, sample: Sample) -> None:
        self._analyse(sample.items, sample.exhausted, sample)

    def load_items(self, items: Sequence[dict[str, Any]], *, complete: bool = False,
                   table: TableInfo | None = None) -> None:
        """Analyse the given items (a Scan sample or the items view's result set)."""
        if table is not None:
            self._table = table
        self._analyse(items, complete, None)

    def _analyse(self, items: Sequence[dict[str, Any]], complete: bool, sample: Sample | None) -> None:
        # Nothing is replaced until the analysis is shown: a cancel (or failure) meanwhile
        # leaves the previous report, cost tab and charts together, all of one scan.
        if self._table is None:
            return
        work = functools.partial(analyse_partitions, items, self._table, complete=complete)
        self.scanner.analyse(work, lambda report: self._show(report, sample), progress=self.tr(
            "Sizing the item collections of %Ln item(s)…", "", len(items)))

    def _show(self, report: PartitionReport, sample: Sample | None) -> None:
        """The analysis of the items, and the scan's cost when it was a scan's sample (given
        items have no cost: the previous scan's would not be theirs)."""
        self.report = report
        self.sample = sample
        if sample is None:
            self.pages.setRowCount(0)
        else:
            self._fill_pages(sample)
        self._name_cost_tab(sample is not None and sample.exhausted)
        self.model.set_report(report)
        text = report.summary()
        if sample is not None:
            text += " " + sample.describe()
        if report.largest_item is not None:
            item = report.largest_item
            text += (self.tr(" Largest item: {key_text}, {human_bytes} "
                     "({share_text} of the 400 KB item limit).").format(
                         key_text=item.key_text, human_bytes=size_text(item.bytes),
                         share_text=share_text(item.limit_fraction)))
        self.summary.setText(text)
        self.limit_label.setText(report.limit_note())
        if report.hot_keys:
            self.hot_label.setText(self.tr("Likely hot: ") + " ".join(
                f"{h.stat.key_text} {h.reason}" for h in report.hot_keys))
            self.hot_label.setStyleSheet(f"color: {warning_color(self.palette()).name()};")
        elif not report.hot_judged:
            self.hot_label.setText(self.tr(
                "Too few items to call a partition key hot: it takes at least {count}.").format(
                    count=number(report.hot_min_items)))
            self.hot_label.setStyleSheet("")
        else:  # a full read is no sample
            self.hot_label.setText(self.tr("No partition key stands out in this table: items spread "
                                   "evenly enough over keys.") if report.complete else self.tr(
                                   "No partition key stands out in this sample: items spread "
                                   "evenly enough over keys."))
            self.hot_label.setStyleSheet("")
        self._fill_charts(report)
        self.report_changed.emit(report)

    def _fill_charts(self, report: PartitionReport) -> None:
        pal = self.palette()
        hot = report.is_hot
        # Whole keys: the chart cuts a long one to the room it has, the tooltip says it whole.
        bars = [Bar(s.key_text, s.total_bytes,
                    warning_color(pal) if hot(s) else None,
                    f"{s.key_text}\n{self.tr('%Ln item(s)', '', s.items)}, {size_text(s.total_bytes)}"
                    + (self.tr(
                        " ({share_text} of the 10 GB limit)").format(
                            share_text=share_text(s.limit_fraction)) if report.has_lsi else "")
                    + (self.tr("\nLikely hot") if hot(s) else ""))
                for s in report.collections[:TOP_BARS]]
        shown = self.tr(
            "largest {bars_count} of {key_count}").format(
                bars_count=len(bars), key_count=report.key_count) if report.key_count > len(bars) \
            else self.tr("all", "every item collection is shown")
        self.size_chart.set_bars(bars, title=self.tr("Item-collection sizes ({shown})").format(shown=shown))
        if report.has_lsi:
            self.size_chart.set_marker(COLLECTION_LIMIT_BYTES, self.tr("10 GB item-collection limit (LSI)"))
        else:
            self.size_chart.set_marker(None)
        self.dist_chart.set_bars(
            [Bar(label, count, None,
                 self.tr("%Ln partition key(s) (holds|hold) {items} each", "", count).format(
                     items=self.tr("1 item") if label == "1" else
                     self.tr("{label} items").format(label=label)))
             for label, count in report.distribution],
            title=self.tr("How many items each partition key holds"))

    def _fill_pages(self, sample: Sample) -> None:
        self.pages.setRowCount(len(sample.pages) + 1)
        for row, page in enumerate(sample.pages):
            values = (number(row + 1), number(page.items), size_text(page.bytes),
                      self.tr("not reported") if page.reported is None else _rcu(page.reported),
                      "" if page.estimated is None else _rcu(page.estimated))
            for col, text in enumerate(values):
                self.pages.setItem(row, col, QTableWidgetItem(text))
        total = sample.reported_units
        totals = (self.tr("Total"), number(len(sample.items)), size_text(sum(p.bytes for p in sample.pages)),
                  self.tr("not reported") if total is None else _rcu(total), _rcu(sample.estimated_units))
        for col, text in enumerate(totals):
            cell = QTableWidgetItem(text)
            font = cell.font()
            font.setBold(True)
            cell.setFont(font)
            self.pages.setItem(len(sample.pages), col, cell)
        self.pages.resizeColumnsToContents()

    def _name_cost_tab(self, whole: bool) -> None:
        """The cost tab's name: a scan that read every item was no sample."""
        self.lists.setTabText(self.lists.indexOf(self.pages), self.tr(
            "What the scan cost") if whole else self.tr("What the sample cost"))
        self.pages.setAccessibleName(self.tr("What the scan cost, per page") if whole else self.tr(
            "What the sample cost, per page"))

    def _select_collection(self, index: int) -> None:
        if 0 <= index < self.model.rowCount():
            select_only_row(self.view, index)
            self.view.scrollTo(self.model.index(index, 0))
