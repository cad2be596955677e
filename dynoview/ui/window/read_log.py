"""The read log: every data read with its consistency, cost and exact request.

A browse of a large table records a receipt per page, so adding one costs the same however
many are shown: the model appends a row and drops the oldest ``TRIM_ROWS`` at once when it
holds more than ``MAX_ROWS`` (as ``ReadLog`` keeps 5,000), and the view sizes its columns on
the rows in sight, not on every row.
"""

from __future__ import annotations

import json
import time
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QPlainTextEdit, QSplitter, QTableView, QVBoxLayout, QWidget

from dynoview.core.reads.estimates import capacity_text
from dynoview.core.reads.receipts import STRONG, ReadReceipt
from dynoview.ui.items.detail import monospace

COLUMNS = ("Time", "Operation", "Table / index", "Consistency", "Capacity", "Count", "Scanned",
           "Duration")
ReceiptRole = Qt.ItemDataRole.UserRole + 1
_Index = QModelIndex | QPersistentModelIndex
MAX_ROWS = 5000  # receipts shown, as many as ReadLog keeps
TRIM_ROWS = 500  # dropped at once past MAX_ROWS: one removal per 500 reads, not one per read
RESIZE_EVERY_S = 1.0


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
            return COLUMNS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self._receipts[index.row()]
        col = index.column()
        if role == ReceiptRole:
            return r
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                r.time.astimezone().strftime("%H:%M:%S.%f")[:-3],
                r.operation + (f" (failed: {r.error})" if r.error else ""),
                r.target,
                r.consistency,
                capacity_text(r),
                "" if r.count is None else str(r.count),
                "" if r.scanned_count is None else str(r.scanned_count),
                f"{r.duration_ms:.0f} ms",
            )[col]
        if role == Qt.ItemDataRole.ToolTipRole and col == 4:
            # What the estimate counted, e.g. a TransactGetItems key with no item (count
            # shows the items found, the estimate charges every key read).
            basis = f" Estimate: {r.estimate_basis}." if r.estimate_basis else ""
            return ("As DynamoDB reported it, and the app's own estimate from item sizes "
                    "(4 KB read units, halved for eventual reads)." + basis)
        if role == Qt.ItemDataRole.ToolTipRole and col == 3:
            return ("Strongly consistent: reflects every write acknowledged before the read."
                    if r.consistency == STRONG else
                    "Eventually consistent: may miss writes from the last second; costs half.")
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (4, 5, 6, 7):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ReadLogView(QWidget):
    """Receipts on top, the selected receipt's exact request below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ReadLogModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        # Compact rows: the dock is short at 1024x700 and should still show several reads.
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.horizontalHeader().setStretchLastSection(True)
        # Fit columns to the rows in sight only (Qt measures 1,000 rows by default: a cost per
        # receipt that grew with the log).
        self.table.horizontalHeader().setResizeContentsPrecision(0)
        self.table.setAlternatingRowColors(True)
        self.request_text = QPlainTextEdit(readOnly=True)
        self.request_text.setFont(monospace())
        self.request_text.setPlaceholderText("Select a read to see the exact request sent.")
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
            self.table.resizeColumnsToContents()

    def _show(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        receipt = self.model.receipt(current.row())
        self.request_text.setPlainText(json.dumps(receipt.to_json(), indent=2, ensure_ascii=False))
