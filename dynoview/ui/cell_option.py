"""A view cell's style option filled from one answer of its model (text and brushes), as
``QStyledItemDelegate.initStyleOption`` fills it from seven roles: what the one-call delegates
of the Items view (``items.cell_paint``) and the Accounts & locks grid (``locks.grid_paint``)
share. Roles these models never answer (font, alignment, check state, decoration) keep the
view's defaults."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import QStyleOptionViewItem

_HAS_DISPLAY = QStyleOptionViewItem.ViewItemFeature.HasDisplay
_TEXT = QPalette.ColorRole.Text


def fill_option(option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex,
                text: str, background: QBrush | None, foreground: QBrush | None) -> None:
    """``option`` for the cell at ``index`` showing ``text`` in these brushes (None: the view's)."""
    option.index = index  # type: ignore[assignment]
    if foreground is not None:
        palette = option.palette
        palette.setBrush(_TEXT, foreground)
        option.palette = palette
    option.features |= _HAS_DISPLAY
    option.text = text
    if background is not None:
        option.backgroundBrush = background
    option.styleObject = None  # type: ignore[assignment]  # as Qt: no style animations in cells
