"""The result of a read, as the Items and PartiQL tabs show it: the rows with their progress
line and Export…/Copy to table… on the left, the selected item on the right."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dynoview.ui.accessible import tab_leaves
from dynoview.ui.context import AppContext
from dynoview.ui.elided_label import ElidedLabel
from dynoview.ui.items import ui_gate
from dynoview.ui.items.detail import ItemDetail
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.transfer import Items, MorePages, Partial, TableOf, TransferButtons

MIN_COLUMN, MAX_COLUMN = 70, 320  # pixels: a fitted column stays readable and leaves room
FIT_ROWS = 40  # rows measured to fit columns: about a screenful, cheap whatever the result


class ItemsView(QTableView):
    """The rows; a paint or layout holds decoding workers back (``ui_gate``)."""

    def __init__(self) -> None:
        super().__init__()
        header = RowNumbers(self)
        header.setSectionsClickable(True)
        header.setHighlightSections(True)
        self.setVerticalHeader(header)

    def paintEvent(self, event: QPaintEvent) -> None:
        with ui_gate.busy():
            super().paintEvent(event)

    def updateGeometries(self) -> None:
        with ui_gate.busy():
            super().updateGeometries()


class RowNumbers(QHeaderView):
    """Row numbers as wide as the first and last need: Qt measures 200 rows for this width
    once rows are added, about 1,000 calls into the model per page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)

    def sizeHint(self) -> QSize:
        count = self.count()
        if not count:
            return super().sizeHint()
        width = max(self.sectionSizeFromContents(0).width(),
                    self.sectionSizeFromContents(count - 1).width())
        return QSize(width, self.defaultSectionSize())


class ResultPane(QSplitter):
    """View, progress line and transfer buttons | the selected item's detail."""

    def __init__(self, ctx: AppContext, model: ItemsModel, result: Items, selected: Items,
                 table: TableOf, *, source: str = "the current result",
                 more_pages: MorePages | None = None, partial: Partial | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.model = model
        self.view = self._build_view(model)
        self.detail = ItemDetail()
        # Elided, whole in its tooltip: "12 items written by the builder are not on this page…"
        # squeezed the detail pane and widened the window.
        self.progress = ElidedLabel()
        # Export… and Copy to table… for what the view holds (dynoview/ui/items/transfer.py).
        self.transfer = TransferButtons(ctx, result, selected, table, source=source,
                                        has_result=lambda: model.rowCount() > 0,
                                        more_pages=more_pages, partial=partial)
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
        # What showing rows takes comes with the first rows, or once the window has painted
        # (``prepare_rows``): an empty view paints no cell, and its Qt classes cost some 13 ms
        # before the window's first paint (issue 19).
        self._prepared = False
        model.modelReset.connect(self._rows_arrived)
        model.rowsInserted.connect(self._rows_arrived)

    def _rows_arrived(self) -> None:
        if self.model.rowCount():
            self.prepare_rows()

    def prepare_rows(self) -> None:
        """Give the view its one-call delegate (unless it has one of that kind already, such as
        edit in place's), and import the style classes ``fit_columns`` measures with."""
        if self._prepared:
            return
        self._prepared = True
        self.model.modelReset.disconnect(self._rows_arrived)
        self.model.rowsInserted.disconnect(self._rows_arrived)
        from PySide6.QtWidgets import QStyle  # noqa: F401 - its 17 enums: 10 ms, here, not at the first page

        from dynoview.ui.items.cell_paint import ItemsDelegate

        if not isinstance(self.view.itemDelegate(), ItemsDelegate):
            self.view.setItemDelegate(ItemsDelegate(self.view))  # one call into the model per painted cell

    @staticmethod
    def _build_view(model: ItemsModel) -> QTableView:
        view = tab_leaves(ItemsView())
        view.setAccessibleName(QCoreApplication.translate("ResultPane", "Items"))
        view.setAccessibleDescription(QCoreApplication.translate(
            "ResultPane", "One row per item; Enter or a selection shows it in full"))
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Several rows for "Copy as"; Edit… and Delete… still act on exactly one.
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        header = view.horizontalHeader()
        header.setDefaultSectionSize(150)
        header.setResizeContentsPrecision(FIT_ROWS)  # a double click on a divider fits like this
        view.verticalHeader().setDefaultSectionSize(24)
        return view

    def fit_columns(self) -> None:
        """Size the columns to the contents of the rows in sight, within readable bounds.

        Measured here in one Python call, not by ``resizeColumnsToContents``: Qt asks the
        model for every measured cell and role, each call taking the GIL, and while a worker
        decodes the next page each of those waits for it (a 70 ms stall at the first page).
        """
        model, view = self.model, self.view
        rows = model.rowCount()
        if not rows:
            return
        first = max(0, view.rowAt(0))
        from PySide6.QtGui import QFontMetricsF
        from PySide6.QtWidgets import QStyle

        # Fractional advances, rounded up: the cell lays its text out unrounded, and a date
        # 139.02 px wide in a column fitted to 139 was cut to "2026-08-08T08:00:0…".
        texts = QFontMetricsF(view.font())
        style = view.style()
        pad = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1) + 1
        header = view.horizontalHeader()
        # A third of the view at most: a long key must not leave room for PK and SK alone
        # (the whole value is in the cell's tooltip and the detail pane).
        # maximumViewportSize, not viewport(): the first viewport() wrapper of the process
        # makes PySide build some 60 enum types, 30-100 ms in the first read's first page.
        widest = max(2 * MIN_COLUMN, min(MAX_COLUMN, view.maximumViewportSize().width() // 3))
        for col in range(model.columnCount()):
            cells = model.display_texts(col, first, FIT_ROWS)
            width = max([math.ceil(texts.horizontalAdvance(text)) + pad for text in cells]
                        + [header.sectionSizeHint(col)])
            header.resizeSection(col, min(max(width, MIN_COLUMN), widest))

    def selected_rows(self) -> list[int]:
        """The selected rows, in the order shown."""
        return sorted(index.row() for index in self.view.selectionModel().selectedRows())

    def selected_items(self) -> list[dict[str, Any]]:
        return [self.model.item(row) for row in self.selected_rows()]
