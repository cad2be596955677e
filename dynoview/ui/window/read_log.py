"""The read log: every data read with its consistency, cost and exact request.

A browse of a large table records a receipt per page, so adding one costs the same however
many are shown: the model appends a row and drops the oldest ``TRIM_ROWS`` at once when it
holds more than ``MAX_ROWS`` (as ``ReadLog`` keeps 5,000), and the view sizes its columns on
the rows in sight, not on every row.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    Qt,
)
from PySide6.QtWidgets import QMenu, QPlainTextEdit, QSplitter, QTableView, QVBoxLayout, QWidget

from dynoview.ui.accessible import tab_leaves
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.items.detail import monospace
from dynoview.ui.plain_text import plain_tooltip

if TYPE_CHECKING:  # a type only: the receipts' module loads with the first read (ui/context.py)
    from dynoview.core.reads.receipts import ReadReceipt

COLUMNS = (QT_TRANSLATE_NOOP("window.read_log", "Time"), QT_TRANSLATE_NOOP("window.read_log", "Operation"),
           QT_TRANSLATE_NOOP("window.read_log", "Table / index"),
           QT_TRANSLATE_NOOP("window.read_log", "Consistency"),
           QT_TRANSLATE_NOOP("window.read_log", "Capacity"),
           QT_TRANSLATE_NOOP("window.read_log", "Count"), QT_TRANSLATE_NOOP("window.read_log", "Scanned"),
           QT_TRANSLATE_NOOP("window.read_log", "Duration"))
ReceiptRole = Qt.ItemDataRole.UserRole + 1
_Index = QModelIndex | QPersistentModelIndex
MAX_ROWS = 5000  # receipts shown, as many as ReadLog keeps
TRIM_ROWS = 500  # dropped at once past MAX_ROWS: one removal per 500 reads, not one per read
RESIZE_EVERY_S = 1.0
MAX_COLUMN = 260  # pixels: a failed read's message is cut here (whole in its tooltip)
SHRUNK_COLUMN = 48  # pixels: a column at least, when the view is narrow
LAST_COLUMN = 80  # pixels: what the stretched Duration column needs
COL_TIME = 0


class ReadLogModel(QAbstractTableModel):
    def __init__(self, parent: Any = None, max_rows: int = MAX_ROWS, trim_rows: int = TRIM_ROWS) -> None:
        super().__init__(parent)
        self._receipts: list[ReadReceipt] = []
        self.max_rows, self.trim_rows = max_rows, max(1, trim_rows)

    def add(self, receipt: ReadReceipt) -> None:
        self.add_all([receipt])

    def add_all(self, receipts: list[ReadReceipt]) -> None:
        """Append receipts as one insertion (an audit's pages arrive by the dozen)."""
        if not receipts:
            return
        excess = len(self._receipts) + len(receipts) - self.max_rows
        if excess > self.trim_rows - 1 and self._receipts:
            drop = min(len(self._receipts), max(self.trim_rows, excess))
            self.beginRemoveRows(QModelIndex(), 0, drop - 1)
            del self._receipts[:drop]
            self.endRemoveRows()
        row = len(self._receipts)
        self.beginInsertRows(QModelIndex(), row, row + len(receipts) - 1)
        self._receipts.extend(receipts)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._receipts.clear()
        self.endResetModel()

    def receipt(self, row: int) -> ReadReceipt:
        return self._receipts[row]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._receipts)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("window.read_log", COLUMNS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self._receipts[index.row()]
        col = index.column()
        if role == ReceiptRole:
            return r
        if role == Qt.ItemDataRole.DisplayRole:
            # Imported with the first receipt shown, not with the window (its first paint).
            from dynoview.core.reads.estimates import capacity_text
            from dynoview.ui.i18n.labels import consistency_label

            return (
                r.time.astimezone().strftime("%H:%M:%S.%f")[:-3],
                r.operation + (f" (failed: {r.error})" if r.error else ""),
                r.target,
                consistency_label(r.consistency),
                capacity_text(r),
                "" if r.count is None else str(r.count),
                "" if r.scanned_count is None else str(r.scanned_count),
                f"{r.duration_ms:.0f} ms",
            )[col]
        if role == Qt.ItemDataRole.ToolTipRole and col == 4:
            # What the estimate counted, e.g. a TransactGetItems key with no item (count
            # shows the items found, the estimate charges every key read).
            basis = self.tr(
                " Estimate: {estimate_basis}.").format(
                    estimate_basis=r.estimate_basis) if r.estimate_basis else ""
            return (self.tr("As DynamoDB reported it, and the app's own estimate from item sizes "
                    "(4 KB read units, halved for eventual reads).") + basis)
        if role == Qt.ItemDataRole.ToolTipRole and col == 1 and r.error:
            return plain_tooltip(f"{r.operation} failed: {r.error}")  # the server's words: never HTML
        if role == Qt.ItemDataRole.ToolTipRole and col == 3:
            from dynoview.core.reads.receipts import MIXED, STRONG  # loaded: a receipt is shown

            if r.consistency == MIXED:
                from dynoview.ui.i18n.labels import consistency_label

                return self.tr("Tables read with different consistency: {tables}.").format(
                    tables="; ".join(f"{t.table} {consistency_label(t.consistency)}" for t in r.tables))
            return (self.tr("Strongly consistent: reflects every write acknowledged before the read.")
                    if r.consistency == STRONG else
                    self.tr("Eventually consistent: may miss writes from the last second; costs half."))
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (4, 5, 6, 7):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ReadLogView(QWidget):
    """Receipts on top, the selected receipt's exact request below."""

    def __init__(self, ctx: AppContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx  # the connection's region and endpoint, for "Copy as code…"
        self.code_dialog: QWidget | None = None  # the open ReadCodeDialog, if any
        self.model = ReadLogModel(self)
        self.table = tab_leaves(QTableView())
        self.table.setAccessibleName(self.tr("Read log"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        # Compact rows: the dock is short at 1024x700 and should still show several reads.
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        # A stretched last section never gets narrower than the default size (Qt's is 100 px):
        # Duration needs less, and the time it held back was cut short at 1024x700. Set first:
        # the stretched section keeps the size it had when it began to stretch.
        self.table.horizontalHeader().setDefaultSectionSize(LAST_COLUMN)
        self.table.horizontalHeader().setStretchLastSection(True)
        # Fit columns to the rows in sight only (Qt measures 1,000 rows by default: a cost per
        # receipt that grew with the log).
        self.table.horizontalHeader().setResizeContentsPrecision(0)
        self.table.setAlternatingRowColors(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setWordWrap(False)
        self.request_text = QPlainTextEdit(readOnly=True)
        self.request_text.setAccessibleName(self.tr("Request sent"))
        self.request_text.setFont(monospace())
        self.request_text.setPlaceholderText(self.tr("Select a read to see the exact request sent."))
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(self.request_text)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        self.table.selectionModel().currentRowChanged.connect(self._show)
        self._sized_at = -RESIZE_EVERY_S
        self.model.rowsInserted.connect(self._follow)
        self.table.installEventFilter(self)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._menu)

    def add(self, receipt: ReadReceipt) -> None:
        self.model.add(receipt)

    def add_all(self, receipts: list[ReadReceipt]) -> None:
        self.model.add_all(receipts)

    def _follow(self) -> None:
        self.table.scrollToBottom()
        # Sizing columns calls data() for every cell in sight: once a second is enough while
        # reads pour in (each call waits for the GIL behind busy worker threads).
        now = time.monotonic()
        if now - self._sized_at >= RESIZE_EVERY_S:
            self._sized_at = now
            self.fit_columns()

    def fit_columns(self) -> None:
        """Columns as wide as the rows in sight, none wider than ``MAX_COLUMN``: a long error
        must not push the others past the view."""
        header = self.table.horizontalHeader()
        # Not the stretched last column: fitted to its contents it stops stretching to the
        # view's edge (Qt stretches it again only when the view is resized).
        for col in range(header.count() - 1):
            self.table.resizeColumnToContents(col)
        for col in range(header.count() - 1):  # the last one stretches to the view's edge
            if header.sectionSize(col) > MAX_COLUMN:
                header.resizeSection(col, MAX_COLUMN)
        # Still wider than the view: the widest columns give way, down to their titles' width.
        last = header.count() - 1
        # The room left of a vertical scroll bar, shown or about to be (rows were just added).
        room = self.table.width() - self.table.verticalScrollBar().sizeHint().width() \
            - 2 * self.table.frameWidth()
        # The stretched last column keeps at least its title's width and the default size
        # (LAST_COLUMN: Qt does not stretch a section below it).
        keep = max(header.sectionSizeHint(last), header.defaultSectionSize())
        overflow = sum(header.sectionSize(c) for c in range(last)) + keep - room
        floors = {c: max(SHRUNK_COLUMN, header.sectionSizeHint(c)) for c in range(last)}
        floors[COL_TIME] = header.sectionSize(COL_TIME)  # the time is never cut: it tells reads apart
        while overflow > 0:
            col = max(range(last), key=lambda c: header.sectionSize(c) - floors[c])
            give = min(overflow, header.sectionSize(col) - floors[col])
            if give <= 0:
                break
            header.resizeSection(col, header.sectionSize(col) - give)
            overflow -= give

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.Resize and self.model.rowCount():
            self.fit_columns()  # a narrower dock or splitter: the columns give way again
        return super().eventFilter(watched, event)

    def _show(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        import json  # with the first receipt shown, not before the window's first paint

        receipt = self.model.receipt(current.row())
        self.request_text.setPlainText(json.dumps(receipt.to_json(), indent=2, ensure_ascii=False))

    def context_menu(self, row: int) -> QMenu:
        """The menu for one receipt: "Copy as code…" for a GetItem, Query or Scan."""
        from dynoview.core.codegen.read_request import READ_OPERATIONS  # botocore: not at start-up

        receipt = self.model.receipt(row)
        menu = QMenu(self.table)
        action = menu.addAction(self.tr("Copy as code…"), lambda: self.copy_as_code(row))
        exportable = receipt.operation in READ_OPERATIONS
        action.setEnabled(exportable)
        if not exportable:  # a batch or transaction read: the core exports one request only
            action.setToolTip(self.tr("A {operation} cannot be exported as code: only GetItem, "
                              "Query and Scan can.").format(operation=receipt.operation))
        menu.setToolTipsVisible(True)
        menu.aboutToHide.connect(menu.deleteLater)
        return menu

    def _menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        if index.isValid():
            self.context_menu(index.row()).popup(self.table.viewport().mapToGlobal(pos))

    def copy_as_code(self, row: int) -> None:
        """The receipt's read as Python, AWS CLI or JavaScript (``ReadCodeDialog``)."""
        from dynoview.ui.codegen.read_code_dialog import ReadCodeDialog  # built on first use

        dialog = ReadCodeDialog.for_receipt(self.model.receipt(row), self.ctx, self)
        dialog.finished.connect(dialog.deleteLater)
        self.code_dialog = dialog
        dialog.open()
