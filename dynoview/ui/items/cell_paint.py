"""Paint an items cell with one call into Python, not seven.

Qt's ``QStyledItemDelegate`` asks the model for seven roles per painted cell (font,
alignment, foreground, check state, decoration, display, background), each a call from C++
into Python that takes the GIL. A full repaint of the Items view is about 200 cells: with the
view's own ``flags``/``rowCount``/``columnCount`` calls, 1,800 GIL acquisitions, and while a
worker decodes a page each one may wait for the worker to hand the GIL over
(benchmarks/browse_throughput.py: paints of 15-25 ms CPU lasted 50-170 ms). Here the delegate
asks the model once per cell (``ItemsModel.look``) and fills the style option itself, as
``QStyledItemDelegate.initStyleOption`` would from those roles: our model answers none of
font, alignment, check state or decoration, so they keep the view's defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from dynoview.ui.cell_option import fill_option

Look = Callable[[int, int], tuple[str, QBrush | None, QBrush | None]]


class ItemsDelegate(QStyledItemDelegate):
    """Fills a cell's style option from ``model.look(row, column)`` when the model has one
    (the items model), else as Qt does."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._model: object = None  # the model ``_look`` belongs to
        self._look: Look | None = None

    def initStyleOption(self, option: QStyleOptionViewItem,
                        index: QModelIndex | QPersistentModelIndex) -> None:
        model = index.model()
        if model is not self._model:
            self._model, self._look = model, getattr(model, "look", None)
        look = self._look
        if look is None:
            super().initStyleOption(option, index)
            return
        fill_option(option, index, *look(index.row(), index.column()))


__all__ = ["ItemsDelegate"]
