"""Colours taken from the widget palette, so charts and highlights read in light and dark
themes."""

from __future__ import annotations

from PySide6.QtGui import (
    QColor,
    QPalette,
)

# --------------------------------------------------------------------------- colours


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def tone(palette: QPalette, light: str, dark: str) -> QColor:
    """A colour picked for the palette's brightness, so text and bars keep their contrast."""
    return QColor(dark if is_dark(palette) else light)


def warning_color(palette: QPalette) -> QColor:
    return tone(palette, "#c62828", "#ef5350")


def muted(palette: QPalette) -> QColor:
    """A grey between text and background: visible in both themes, clearly secondary."""
    text = palette.color(QPalette.ColorRole.WindowText)
    base = palette.color(QPalette.ColorRole.Base)
    return QColor((text.red() + base.red()) // 2, (text.green() + base.green()) // 2,
                  (text.blue() + base.blue()) // 2)


def caution_background(palette: QPalette) -> QColor:
    return tone(palette, "#fff3cd", "#5c4600")


# --------------------------------------------------------------------------- chart
