"""A one-line label that never widens its window: a text longer than its room ends in "…",
and the whole text is its tooltip."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QWidget

from dynoview.ui.plain_text import plain_tooltip

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent, QResizeEvent

MIN_WIDTH = 40  # pixels: what a squeezed label still asks for (a word and the ellipsis)


class ElidedLabel(QLabel):
    """``text()`` stays the whole text; only the painting is cut, so the label's minimum width
    is small and a long message cannot push the window past the screen."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._own_tip = ""  # a tooltip the caller set, kept when the text is not cut
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._update_tip()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._update_tip()

    def setToolTip(self, tip: str) -> None:
        self._own_tip = tip
        self._update_tip()

    def is_elided(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_WIDTH, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_tip()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.is_elided():
            # A text that fits is painted by QLabel itself, the same way: the window's first
            # paint then makes no Python style objects (importing QStyle, QStyleOption and
            # QPainter builds 20 enums, ~10 ms of start-up).
            super().paintEvent(event)
            return
        from PySide6.QtGui import QPainter
        from PySide6.QtWidgets import QStyle, QStyleOption

        # Ended here, not when the local goes: a frame can outlive its call (a kept traceback,
        # a profiler, a stall sampler), and a painter still active when Qt finishes the paint
        # is ended later on a device Qt has moved on from (SIGSEGV; tests/gui/test_crash_painter.py).
        with QPainter(self) as painter:
            opt = QStyleOption()
            opt.initFrom(self)
            self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, opt, painter, self)
            rect = self.contentsRect()
            text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
            self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(),
                                      self.isEnabled(), text, self.foregroundRole())

    def _update_tip(self) -> None:
        whole = self.text()
        if self.is_elided() and whole != self._own_tip:
            tip = f"{whole}\n\n{self._own_tip}" if self._own_tip else whole
            # The label is plain text, so its tooltip shows it the same way, never as HTML.
            tip = plain_tooltip(tip)
        else:
            tip = self._own_tip
        super().setToolTip(tip)
