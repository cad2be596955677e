"""Small window-management helpers that respect what the platform can do."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# Platforms where a program may not raise or focus its own windows (Qt warns when asked).
_NO_RAISE = {"offscreen", "minimal", "wayland", "wayland-egl"}


def bring_to_front(widget: QWidget) -> None:
    """Show ``widget`` (non-modal) and, where the platform allows it, raise and focus it."""
    widget.show()
    if QGuiApplication.platformName() not in _NO_RAISE:
        widget.raise_()
        widget.activateWindow()
