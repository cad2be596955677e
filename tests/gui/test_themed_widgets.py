"""The widgets the palette alone cannot colour (dynoview/ui/themed.py), in both themes and across a
theme switch: hint and error labels, the connection badge, tooltips, widgets with a sheet of their
own (the command palette, a field's error border)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QToolTip, QVBoxLayout, QWidget

from dynoview.ui.theme import ThemeManager
from dynoview.ui.themed import (
    BADGE_COLOURS,
    PRODUCTION_COLOUR,
    ROLE_COLOURS,
    set_role,
    set_sheets,
    style_badge,
)
from tests.gui.colour_contrast import contrast

pytestmark = pytest.mark.gui


@pytest.fixture
def theme(qapp: QApplication) -> Iterator[ThemeManager]:
    manager = ThemeManager(qapp, "light")
    manager.apply()
    yield manager
    manager.set_mode("light")
    manager.deleteLater()


def text_colour(label: QWidget) -> str:
    return label.palette().color(QPalette.ColorRole.WindowText).name()


def window_colour() -> QColor:
    return QApplication.palette().color(QPalette.ColorRole.Window)


def test_hint_and_error_labels_follow_the_theme(qtbot, theme: ThemeManager) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    hint, error, plain = QLabel("a hint"), QLabel("an error"), QLabel("plain")
    set_role(hint, "hint")
    set_role(error, "error")
    layout = QVBoxLayout(holder)
    for label in (hint, error, plain):
        layout.addWidget(label)  # reparented after the colour was set: it stays
    holder.show()
    for scheme in ("light", "dark", "light", "dark"):
        theme.set_mode(scheme)
        QApplication.processEvents()  # Qt posts the new palette to the widgets that inherit it
        dark = scheme == "dark"
        assert text_colour(hint) == ROLE_COLOURS["hint"][dark]
        assert text_colour(error) == ROLE_COLOURS["error"][dark]
        assert text_colour(plain) == QApplication.palette().color(QPalette.ColorRole.WindowText).name()
        for label in (hint, error):
            assert contrast(QColor(text_colour(label)), window_colour()) >= 4.5, (scheme, label.text())


def test_a_label_switches_role(qtbot, theme: ThemeManager) -> None:
    label = QLabel("saved")
    qtbot.addWidget(label)
    set_role(label, "error")
    set_role(label, "hint")
    assert label.property("role") == "hint" and text_colour(label) == ROLE_COLOURS["hint"][False]
    # Disabled, a label greys as every other text does.
    role = QPalette.ColorRole.WindowText
    disabled = label.palette().color(QPalette.ColorGroup.Disabled, role)
    assert disabled == QApplication.palette().color(QPalette.ColorGroup.Disabled, role)


def test_the_badge_takes_its_kinds_colours_in_each_theme(qtbot, theme: ThemeManager) -> None:
    badge = QLabel("DEMO  demo")
    badge.setObjectName("connection-badge")
    qtbot.addWidget(badge)
    badge.setProperty("kind", "demo")
    style_badge(badge)
    assert BADGE_COLOURS["demo"][0][0] in badge.styleSheet()
    plain_size = QLabel("DEMO  demo").sizeHint()
    assert badge.sizeHint().width() > plain_size.width()  # its padding
    theme.set_mode("dark")
    assert BADGE_COLOURS["demo"][1][0] in badge.styleSheet()
    badge.setProperty("kind", "unencrypted")
    style_badge(badge)
    assert BADGE_COLOURS["unencrypted"][1][0] in badge.styleSheet()
    # A production connection: a white pill in the status bar's colour, whatever the theme.
    badge.setProperty(PRODUCTION_COLOUR, "#b00020")
    style_badge(badge)
    theme.set_mode("light")
    assert "background: white" in badge.styleSheet() and "#b00020" in badge.styleSheet()


def test_tooltips_take_the_themes_colours(qtbot, theme: ThemeManager) -> None:
    light = QToolTip.palette().color(QPalette.ColorRole.ToolTipBase).name()
    theme.set_mode("dark")
    dark_tips = QToolTip.palette()
    assert dark_tips.color(QPalette.ColorRole.ToolTipBase).name() != light
    assert contrast(dark_tips.color(QPalette.ColorRole.ToolTipText),
                    dark_tips.color(QPalette.ColorRole.ToolTipBase)) >= 4.5


def test_widgets_with_their_own_sheet_take_the_new_palette(qtbot, theme: ThemeManager) -> None:
    """A field marked with an error border keeps its sheet and takes the new theme's colours; a
    widget with a sheet per theme gets the other one."""
    field = QLineEdit("bad value")
    field.setStyleSheet("QLineEdit { border: 1px solid #d32f2f; }")
    popup = QWidget()
    set_sheets(popup, "QWidget { border: 1px solid #9aa0a6; }", "QWidget { border: 1px solid #5f6368; }")
    for widget in (field, popup):
        qtbot.addWidget(widget)
        widget.show()
    light_base = field.palette().color(QPalette.ColorRole.Base).name()
    theme.set_mode("dark")
    assert field.styleSheet() == "QLineEdit { border: 1px solid #d32f2f; }"
    assert field.palette().color(QPalette.ColorRole.Base).name() != light_base
    base = QPalette.ColorRole.Base
    assert field.palette().color(base) == QApplication.palette().color(base)
    assert "#5f6368" in popup.styleSheet()
    theme.set_mode("light")
    assert "#9aa0a6" in popup.styleSheet()
