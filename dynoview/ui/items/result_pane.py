"""The result of a read, as the Items and PartiQL tabs show it: the rows with their progress
line and Export…/Copy to table… on the left, the selected item on the right."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dynoview.ui.context import AppContext
from dynoview.ui.items.detail import ItemDetail
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.transfer import Items, TableOf, TransferButtons

MIN_COLUMN, MAX_COLUMN = 70, 320  # pixels: a fitted column stays readable and leaves room
FIT_ROWS = 100  # rows measured to fit columns: enough for a width, cheap on a big result


class ResultPane(QSplitter):
    """View, progress line and transfer buttons | the selected item's detail."""

    def __init__(self, ctx: AppContext, model: ItemsModel, result: Items, selected: Items,
                 table: TableOf, *, source: str = "the current result",
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.model = model
        self.view = self._build_view(model)
        self.detail = ItemDetail()
        self.progress = QLabel()
        # Export… and Copy to table… for what the view holds (dynoview/ui/items/transfer.py).
        self.transfer = TransferButtons(ctx, result, selected, table, source=source)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self.progress, 1)
        bottom.addWidget(self.transfer)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.view, 1)
        left_layout.addLayout(bottom)
        self.addWidget(left)
        self.addWidget(self.detail)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 1)

    @staticmethod
    def _build_view(model: ItemsModel) -> QTableView:
        view = QTableView()
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Several rows for "Copy as"; Edit… and Delete… still act on exactly one.
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        header = view.horizontalHeader()
        header.setDefaultSectionSize(150)
        # Fitting columns measures this many rows, not Qt's default 1,000: each measured cell
        # formats its value on the UI thread, and a page of new columns refits every column.
        header.setResizeContentsPrecision(FIT_ROWS)
        view.verticalHeader().setDefaultSectionSize(24)
        return view

    def fit_columns(self) -> None:
        """Size the columns to their first rows' contents, within readable bounds."""
        if not self.model.rowCount():
            return
        self.view.resizeColumnsToContents()
        header = self.view.horizontalHeader()
        for col in range(self.model.columnCount()):
            header.resizeSection(col, min(max(header.sectionSize(col), MIN_COLUMN), MAX_COLUMN))

    def selected_rows(self) -> list[int]:
        """The selected rows, in the order shown."""
        return sorted(index.row() for index in self.view.selectionModel().selectedRows())

    def selected_items(self) -> list[dict[str, Any]]:
        return [self.model.item(row) for row in self.selected_rows()]
