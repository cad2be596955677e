"""Selecting one row of a table view from code, whatever keys the user is holding.

``QTableView.selectRow`` reads the keyboard's modifiers the way a click does: with Ctrl held
(a Ctrl+ shortcut or a Ctrl-click that led here) it toggles the row in an extended selection,
with Shift it extends the selection from the anchor. A link that shows a row, a re-audit that
selects its key again or a context menu's row must select that row alone.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView


def select_only_row(view: QAbstractItemView, row: int) -> None:
    """Make ``row`` the view's current row and its whole selection (no-op outside the model)."""
    model, selection = view.model(), view.selectionModel()
    if model is None or selection is None or not 0 <= row < model.rowCount():
        return
    # The flags here, not at import: the Items panel imports this before the first paint,
    # and PySide6 builds an enum type the first time it is touched.
    flags = QItemSelectionModel.SelectionFlag
    selection.setCurrentIndex(model.index(row, 0), flags.ClearAndSelect | flags.Rows)
