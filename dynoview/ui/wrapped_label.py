"""A word-wrapped label that keeps the height its text needs at its width: Qt's box layouts do
not always ask a nested label's height for its width, and squeezed the last line away."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class WrappedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None, *,
                 selectable: bool = False) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        if selectable:
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._keep_height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._keep_height()

    def _keep_height(self) -> None:
        need = self.heightForWidth(self.width()) if self.text() else 0
        if need != self.minimumHeight():
            self.setMinimumHeight(max(0, need))
