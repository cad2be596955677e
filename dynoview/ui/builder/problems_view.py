"""The transaction's problems, one line each with its action and field; activating a line
selects its action."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle, QWidget

from dynoview.core.tx.model import Problem
from dynoview.ui.i18n import QT_TRANSLATE_NOOP

EMPTY_HINT = QT_TRANSLATE_NOOP(
    "builder.problems_view",
    "Nothing to check yet: add an action (Add action) or start from a template (Templates), "
    "or import a request (Import JSON).")


class ProblemsView(QListWidget):
    """``action_activated(index)`` when the user activates a problem of one action."""

    action_activated = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAccessibleName(self.tr("Problems"))
        self.itemActivated.connect(self._activated)

    def set_problems(self, problems: list[Problem], *, empty: bool = False) -> None:
        """The problems, or (``empty``: no action yet) how to start."""
        self.clear()
        for p in problems:
            icon = QStyle.StandardPixmap.SP_MessageBoxCritical if p.is_error \
                else QStyle.StandardPixmap.SP_MessageBoxWarning
            item = QListWidgetItem(self.style().standardIcon(icon), f"{p.location()}: {p.message}")
            item.setData(Qt.ItemDataRole.UserRole, p.index)
            self.addItem(item)
        if empty:
            # An empty builder is a starting point, not a list of errors.
            self.addItem(QCoreApplication.translate("builder.problems_view", EMPTY_HINT))

    def _activated(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(index, int):
            self.action_activated.emit(index)
