"""How many items a sampling Scan reads: a spin box that says so when it changes what was typed.

Qt puts a count outside the box's range back when the box loses focus, which pressing Scan
does first: "50" (under the 100 minimum) scanned 5,000 items while the box still said 50 a
moment before. This box takes the nearest count instead, says what it did at the box, and
holds the Scan that made it lose focus, so what is read is what the box shows.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QSpinBox, QWidget

from dynoview.ui.i18n.formats import number
from dynoview.ui.plain_text import plain_tooltip
from dynoview.ui.themed import is_refused, mark_refused


class CountBox(QSpinBox):
    corrected = Signal(str)  # the sentence saying which count was typed and which is kept

    def __init__(self, minimum: int, maximum: int, value: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(minimum, maximum)
        self.setValue(value)
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        self._typed: str | None = None  # the count as typed, until the box takes it
        self._held = False  # a correction the next Scan must not run past
        self._tip = ""
        self.lineEdit().textEdited.connect(self._edited)
        self.editingFinished.connect(self._finished)

    def setToolTip(self, tip: str) -> None:
        super().setToolTip(tip)
        if not is_refused(self):
            self._tip = tip

    def _edited(self, _text: str) -> None:
        self._typed = self.cleanText()
        self._held = False
        if is_refused(self):
            mark_refused(self, False)
            self.setToolTip(self._tip)

    def _finished(self) -> None:
        typed, self._typed = self._typed, None
        if typed is None:
            return
        if self._took(typed):
            return
        low, high, value = number(self.minimum()), number(self.maximum()), number(self.value())
        if typed.strip():
            message = self.tr("{typed} is not a count from {low} to {high}: the box now says "
                              "{value}. Scan again to read that many, or type another count.").format(
                typed=repr(typed), low=low, high=high, value=value)
        else:
            message = self.tr("No count was typed: the box is back at {value}. Scan again to "
                              "read that many, or type a count from {low} to {high}.").format(
                value=value, low=low, high=high)
        self._held = True
        mark_refused(self)
        super().setToolTip(plain_tooltip(message))
        self.corrected.emit(message)

    def _took(self, typed: str) -> bool:
        """True when the box read ``typed`` as the count it holds, by its own parse in its locale:
        "5.000" in Portuguese or "5,000" in English is 5000, as the box shows it, not a mistake."""
        state = self.validate(typed, 0)[0]
        return state == QValidator.State.Acceptable and self.valueFromText(typed) == self.value()

    def hold(self) -> bool:
        """True once after a correction: the Scan pressed as the box lost focus does not run
        (the message says what the box changed); the focus goes back to the box."""
        held, self._held = self._held, False
        if held:
            self.setFocus()
        return held
