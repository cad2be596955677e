"""How a staged cell paints in the Items tab: its new value (or "(removed)"), a background of its
own in the light and dark themes, and "was …" in its tooltip."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QGuiApplication

from dynoview.ui.plain_text import plain_tooltip
from dynoview.ui.tones import tone

if TYPE_CHECKING:  # the edit code loads with edit in place, after the first rows
    from dynoview.core.edits.staging import CellChange

#: The object name of a window's staged set (``staging.CellStaging``): the Items tab finds it
#: without importing the edit code.
STAGING_OBJECT = "cell-staging"


def staged_background() -> QBrush:
    return QBrush(tone(QGuiApplication.palette(), "#d6e9ff", "#1f4470"))


def staged_foreground() -> QBrush:
    return QBrush(tone(QGuiApplication.palette(), "#0b2540", "#e6f1ff"))


def staged_role(change: CellChange, role: int) -> Any:
    """The model's answer for one role of a staged cell."""
    if role == Qt.ItemDataRole.DisplayRole:
        if change.new is None:
            return QCoreApplication.translate("StagedCell", "(removed)")
        from dynoview.core.values.display import display_text  # with the rows, after the paint

        return display_text(change.new)
    if role == Qt.ItemDataRole.BackgroundRole:
        return staged_background()
    if role == Qt.ItemDataRole.ForegroundRole:
        return staged_foreground()
    if role == Qt.ItemDataRole.ToolTipRole:
        from dynoview.core.edits.diff import value_text  # with the edit code, after the paint

        staged = QCoreApplication.translate("StagedCell", "Staged: {value}").format(
            value=value_text(change.new, limit=2000) if change.new is not None else
            QCoreApplication.translate("StagedCell", "removed"))
        was = QCoreApplication.translate("StagedCell", "was {value}").format(
            value=value_text(change.old, limit=2000))
        return plain_tooltip(f"{staged}\n{was}")  # the values are the table's: never HTML
    return None
