"""Placeholders that wrap: a sentence drawn in the placeholder tone over an empty view.

``QTextEdit`` and ``QTextBrowser`` draw their placeholder on one line (``QPlainTextEdit`` wraps
its own): in the Accounts & locks tab at 1024x700, "Select a row to see what is wrong and what
to do." was cut after "what", and Diagnose's hint after "the answer". ``PlaceholderBrowser``
keeps the placeholder from Qt and draws it itself, wrapped, while its document is empty. An
empty list says what to do the same way (``paint_placeholder``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QTextBrowser, QWidget

TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


def paint_placeholder(view: QAbstractScrollArea, text: str, margin: int,
                      alignment: Qt.AlignmentFlag = TOP_LEFT) -> None:
    """Draw ``text`` word-wrapped in ``view``'s viewport, ``margin`` pixels in (from a paintEvent)."""
    painter = QPainter(view.viewport())
    try:
        painter.setPen(view.palette().color(QPalette.ColorRole.PlaceholderText))
        painter.drawText(view.viewport().rect().adjusted(margin, margin, -margin, -margin),
                         int(alignment | Qt.TextFlag.TextWordWrap), text)
    finally:
        painter.end()  # never outlives the paint


class PlaceholderBrowser(QTextBrowser):
    """A ``QTextBrowser`` whose ``placeholderText`` is drawn word-wrapped."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._placeholder = ""

    def setPlaceholderText(self, text: str) -> None:
        # Not handed to Qt, which would draw it too, on one line.
        self._placeholder = text
        self.viewport().update()

    def placeholderText(self) -> str:
        return self._placeholder

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._placeholder and self.document().isEmpty():
            paint_placeholder(self, self._placeholder, round(self.document().documentMargin()))
