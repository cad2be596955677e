"""WCAG contrast between two colours, for the GUI tests that check edges and text stand out."""

from __future__ import annotations

from PySide6.QtGui import QColor


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio between two colours."""
    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
