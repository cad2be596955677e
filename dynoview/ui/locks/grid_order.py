"""The Accounts & locks grid's sort, status filter and search.

Each change of the header's sort, the status filter or the search box becomes a ``ViewQuery``;
the rows to show for it are computed by core's ``RowOrdering`` (at once for a small audit,
in the pool for a large one, while a busy bar with Cancel shows) and swapped into the model
as a whole. The grid stays usable in its current order meanwhile, and a newer request
replaces an older one.
"""

from __future__ import annotations

from array import array
from dataclasses import replace

from PySide6.QtCore import QObject, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QLineEdit, QTableView

from dynoview.core.audit.rows import AuditRows
from dynoview.core.audit.view_order import STATUS_COLUMN, RowOrdering, SortKey, ViewQuery
from dynoview.ui.i18n.formats import number
from dynoview.ui.locks.controller import LocksController
from dynoview.ui.locks.model import AuditRowsModel

#: Up to this many rows the grid is ordered at once on the UI thread (milliseconds); larger
#: audits are ordered in the pool.
ORDER_AT_ONCE_ROWS = 10_000
#: Once a large audit's rows are shown, the account order is sorted in the pool after this
#: pause (the first paint goes first), so a click on a header finds it ready.
PREPARE_AFTER_MS = 300
#: An order in the pool shows its busy bar (with Cancel) only once it has run this long: a
#: sort or filter of a million rows is often done sooner, and never flashes one.
BUSY_AFTER_MS = 150
#: The audit's own order (problems first) reads as a descending Status sort.
PROBLEMS_FIRST = SortKey(STATUS_COLUMN, 0, True)


class GridOrder(QObject):
    """Turns the header, the status filter and the search box into orders of the grid."""

    rows_ready = Signal()  # a new order is in the grid
    busy = Signal(bool, str)  # ordering in the pool for a while (show a busy bar, Cancel), its text
    cancelled = Signal()

    def __init__(self, model: AuditRowsModel, view: QTableView, search: QLineEdit,
                 status_filter: QComboBox, controller: LocksController,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model, self.view, self.search, self.status_filter = model, view, search, status_filter
        self.controller = controller
        self.ordering: RowOrdering | None = None
        self.partial_filtered = True  # the findings so far follow the filter and search
        self.partial_sorted = True  # and the sort
        self.query = ViewQuery()  # what was asked for
        self.shown = ViewQuery()  # what the grid shows now
        model.order_requested.connect(self._sort_requested)
        search.textChanged.connect(lambda text: self._set_query(replace(self.query, search=text)))
        status_filter.currentIndexChanged.connect(
            lambda _i: self._set_query(replace(self.query, statuses=self._statuses())))
        controller.ordered.connect(self._on_ordered)
        controller.order_failed.connect(lambda _exc: self._set_busy(False))
        self._busy_text = ""
        self._busy_shown = False
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.timeout.connect(self._show_busy)

    def reset(self, rows: AuditRows | None) -> None:
        """New rows in the model (an audit, or none), in the audit's order (problems first); then
        the sort asked for (kept from the findings so far to the full rows, and across a
        re-audit), the filter and the search already typed, if any. No rows (another table or
        schema, other columns): the sort goes back to problems first."""
        self.controller.cancel_order()
        self.controller.cancel_prepare()
        self.ordering = RowOrdering(rows) if rows is not None and not rows.partial else None
        self.shown = ViewQuery()
        sort = self.query.sort if rows is not None else None
        self.show_sort(sort)
        self.query = ViewQuery(sort, self._statuses(), self.search.text())
        self._request()
        ordering = self.ordering
        if ordering is not None and len(ordering.rows) > ORDER_AT_ONCE_ROWS:
            QTimer.singleShot(PREPARE_AFTER_MS, self, lambda: self._prepare(ordering))

    def _filter_partial(self, rows: AuditRows) -> None:
        """The findings so far under the sort, filter and search asked for: ordered at once
        when they are few; too many to order on the UI thread while the audit runs, they show
        problems first and unfiltered until it ends (``partial_filtered`` and
        ``partial_sorted`` say which), and the header's arrow says so."""
        query = ViewQuery(self.query.sort, self._statuses(), self.search.text())
        few = len(rows) <= ORDER_AT_ONCE_ROWS
        self.partial_filtered = replace(query, sort=None) == ViewQuery() or few
        self.partial_sorted = query.sort is None or few
        if few:
            shown = RowOrdering(rows).order(query) if query != ViewQuery() else rows.default_order
            self.model.set_order(shown)
            self.rows_ready.emit()
        else:  # the sort stays asked for, and applies to the full rows (``reset``)
            self.show_sort(None)

    def _prepare(self, ordering: RowOrdering) -> None:
        if ordering is self.ordering:  # not replaced meanwhile
            self.controller.start_prepare(ordering)

    def rows_changed(self) -> None:
        """Live mode changed rows in place: the orders kept for them are out of date."""
        rows = self.model.audit_rows
        if self.ordering is not None and rows is not None:
            self.controller.cancel_prepare()
            self.ordering = RowOrdering(rows)

    @property
    def running(self) -> bool:
        return self.controller.order_running()

    def set_status_filter(self, statuses: set[str] | frozenset[str] | None) -> None:
        """Filter rows by status (None for all), through the combo box when it offers it."""
        if not self._select_filter(statuses):
            chosen = frozenset(statuses) if statuses is not None else None
            self._set_query(replace(self.query, statuses=chosen))

    def cancel(self) -> None:
        """Stop a sort, filter or search: the grid keeps the order it shows, and the header,
        filter and search box say so again."""
        self.controller.cancel_order()
        self._set_busy(False)
        self.query = self.shown
        self.show_sort(self.shown.sort)
        with QSignalBlocker(self.search):
            self.search.setText(self.shown.search)
        with QSignalBlocker(self.status_filter):
            self._select_filter(self.shown.statuses)
        self.cancelled.emit()

    def show_sort(self, key: SortKey | None) -> None:
        """Put the header's sort arrow on a column without asking for a sort again."""
        header = self.view.horizontalHeader()
        key = key or PROBLEMS_FIRST
        column = self.model.status_column()
        for c in range(self.model.columnCount()):
            if self.model.sort_key(c, Qt.SortOrder.AscendingOrder) == replace(key, descending=False):
                column = c
        order = Qt.SortOrder.DescendingOrder if key.descending else Qt.SortOrder.AscendingOrder
        with QSignalBlocker(header):
            header.setSortIndicator(column, order)

    # ------------------------------------------------------------------ requests

    def _statuses(self) -> frozenset[str] | None:
        chosen = self.status_filter.currentData()
        return frozenset(chosen) if chosen is not None else None

    def _select_filter(self, statuses: set[str] | frozenset[str] | None) -> bool:
        wanted = set(statuses) if statuses is not None else None
        for i in range(self.status_filter.count()):
            if self.status_filter.itemData(i) == wanted:
                self.status_filter.setCurrentIndex(i)
                return True
        return False

    def _sort_requested(self, key: SortKey) -> None:
        # Status, descending, is the audit's own order: problems first, no work.
        self._set_query(replace(self.query, sort=None if key == PROBLEMS_FIRST else key))

    def _set_query(self, query: ViewQuery) -> None:
        self.query = query
        self._request()

    def _request(self) -> None:
        ordering = self.ordering
        if ordering is None:
            rows = self.model.audit_rows
            if rows is not None and rows.partial:  # the findings so far follow the search too
                self._filter_partial(rows)
            return
        if self.query == self.shown:
            self.controller.cancel_order()
            self._set_busy(False)
            return
        if len(ordering.rows) <= ORDER_AT_ONCE_ROWS:
            self._on_ordered(self.query, ordering.order(self.query))
            return
        self.controller.start_order(ordering, self.query)
        self._set_busy(True, self.tr("Ordering {rows_count} rows…").format(
            rows_count=number(len(ordering.rows))))

    def _on_ordered(self, query: ViewQuery, shown: array) -> None:
        if query != self.query or self.ordering is None:
            return  # a later request replaced it
        self._set_busy(False)
        self.model.set_order(shown)
        self.shown = query
        self.rows_ready.emit()

    def _set_busy(self, busy: bool, text: str = "") -> None:
        """An order started (its busy bar shows after ``BUSY_AFTER_MS``) or ended."""
        if busy:
            self._busy_text = text
            if self._busy_shown or BUSY_AFTER_MS <= 0:
                self._show_busy()
            else:
                self._busy_timer.start(BUSY_AFTER_MS)
            return
        self._busy_timer.stop()
        if self._busy_shown:
            self._busy_shown = False
            self.busy.emit(False, "")

    def _show_busy(self) -> None:
        if self.running:
            self._busy_shown = True
            self.busy.emit(True, self._busy_text)
