"""The one mark of a refused field (dynoview/ui/themed.py: ``mark_refused``): a red outline on
the field itself, never on its context menu, and a state that ``is_refused`` reads without
comparing style sheets."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QLineEdit, QSpinBox, QWidget

from dynoview.ui.themed import is_refused, mark_refused

pytestmark = pytest.mark.gui

RED = QColor("#d32f2f")


class CountLike(QSpinBox):
    """A Python subclass, as the app's count box is: the sheet must still reach it."""


def red_on_left_edge(widget: QWidget) -> bool:
    """Whether a pixel of ``widget``'s left edge, halfway down, is the refusal's red."""
    widget.resize(160, 28)
    widget.ensurePolished()
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    colours = [image.pixelColor(x, image.height() // 2) for x in range(3)]
    return any(abs(c.red() - RED.red()) + abs(c.green() - RED.green()) + abs(c.blue() - RED.blue()) < 60
               for c in colours)


@pytest.mark.parametrize("make", [QLineEdit, CountLike], ids=["line-edit", "python-subclass"])
def test_a_refused_field_is_outlined_in_red_until_the_mark_is_taken_away(qapp: QApplication,
                                                                          make: type[QWidget]) -> None:
    field = make()
    assert not is_refused(field) and not red_on_left_edge(field)
    mark_refused(field)
    assert is_refused(field) and red_on_left_edge(field)
    mark_refused(field, False)
    assert not is_refused(field) and field.styleSheet() == "" and not red_on_left_edge(field)


def test_the_outline_stays_on_the_field_and_off_its_context_menu(qapp: QApplication) -> None:
    # An unscoped sheet reaches the field's children: a right click on a refused field opened
    # a menu outlined in red, as if the menu were refused too.
    field = QLineEdit()
    mark_refused(field)
    menu = field.createStandardContextMenu()
    assert menu is not None and menu.parent() is field
    menu.ensurePolished()
    image = menu.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    assert image.pixelColor(0, image.height() // 2) != RED
    assert red_on_left_edge(field)
