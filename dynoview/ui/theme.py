"""Light and dark themes: the Fusion style with an explicit palette plus a small stylesheet.

The mode is "system" (follow ``QStyleHints.colorScheme()`` and its changes, Qt 6.5+),
"light" or "dark". Fusion is used on every platform so both themes look and measure the
same everywhere, including where the native style has no dark variant.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory, QStyleOption, QWidget

from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.resources import stylesheet as _stylesheet
from dynoview.ui.tones import muted

log = logging.getLogger(__name__)
MODES = ("system", "light", "dark")
MODE_LABELS = {"system": QT_TRANSLATE_NOOP("theme", "Follow &system"),
               "light": QT_TRANSLATE_NOOP("theme", "&Light"),
               "dark": QT_TRANSLATE_NOOP("theme", "&Dark")}

_DARK = {
    QPalette.ColorRole.Window: "#2b2d31",
    QPalette.ColorRole.WindowText: "#e3e5e8",
    QPalette.ColorRole.Base: "#1e1f22",
    QPalette.ColorRole.AlternateBase: "#26282c",
    QPalette.ColorRole.ToolTipBase: "#3c4043",
    QPalette.ColorRole.ToolTipText: "#e8eaed",
    QPalette.ColorRole.PlaceholderText: "#8b9096",
    QPalette.ColorRole.Text: "#e3e5e8",
    QPalette.ColorRole.Button: "#35373c",
    QPalette.ColorRole.ButtonText: "#e3e5e8",
    QPalette.ColorRole.BrightText: "#ff8a80",
    QPalette.ColorRole.Light: "#4a4d52",
    QPalette.ColorRole.Midlight: "#3d4045",
    QPalette.ColorRole.Mid: "#2a2c30",
    QPalette.ColorRole.Dark: "#18191b",
    QPalette.ColorRole.Shadow: "#0b0b0c",
    QPalette.ColorRole.Highlight: "#3d6fd6",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#8ab4f8",
    QPalette.ColorRole.LinkVisited: "#c58af9",
}
_DARK_DISABLED = {
    QPalette.ColorRole.WindowText: "#7c8087",
    QPalette.ColorRole.Text: "#7c8087",
    QPalette.ColorRole.ButtonText: "#7c8087",
    QPalette.ColorRole.Highlight: "#4a4d52",
    QPalette.ColorRole.HighlightedText: "#b0b3b8",
}


def system_scheme() -> str:
    """"dark" if the desktop asks for a dark colour scheme, else "light" (also when unknown)."""
    hints = QGuiApplication.styleHints()
    return "dark" if hints.colorScheme() == Qt.ColorScheme.Dark else "light"


def palette(scheme: str) -> QPalette:
    """The palette of the "light" or "dark" theme."""
    fusion = QStyleFactory.create("Fusion")
    base = fusion.standardPalette()
    if scheme == "light":
        return base
    pal = QPalette(base)
    for role, color in _DARK.items():
        pal.setColor(QPalette.ColorGroup.All, role, QColor(color))
    for role, color in _DARK_DISABLED.items():
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(color))
    return pal


class ThemedFusion(QProxyStyle):
    """Fusion, with check box and radio button edges that show on a dark window.

    Fusion outlines them a shade darker than the window and fills them with the base colour,
    so on the dark palette an unchecked box all but vanished (1.2:1 against the window; 1.7:1
    on the light one). The edge is redrawn in a grey halfway between text and base: over 3:1
    in both themes, as non-text contrast needs.
    """

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,
                      painter: QPainter, widget: QWidget | None = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in (QStyle.PrimitiveElement.PE_IndicatorCheckBox,
                           QStyle.PrimitiveElement.PE_IndicatorRadioButton):
            return
        rect = option.rect  # type: ignore[attr-defined]
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(muted(option.palette)))  # type: ignore[attr-defined]
        if element == QStyle.PrimitiveElement.PE_IndicatorCheckBox:
            painter.translate(0.5, 0.5)  # the same geometry as Fusion's own square
            painter.drawRect(rect.adjusted(0, 0, -1, -1))
        else:
            circle = QPainterPath()
            radius = (rect.width() + (rect.width() + 1) % 2) / 2.0 - 1
            circle.addEllipse(QPointF(rect.center()) + QPointF(1, 1), radius, radius)
            painter.drawPath(circle)
        painter.restore()


class ThemeManager(QObject):
    """Applies the chosen mode to the application and re-applies it when the system changes."""

    changed = Signal(str)  # the scheme now shown: "light" or "dark"

    def __init__(self, app: QApplication, mode: str = "system", parent: QObject | None = None) -> None:
        super().__init__(parent or app)
        self.app = app
        self.mode = mode if mode in MODES else "system"
        self.scheme: str | None = None
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._system_changed)

    def effective(self) -> str:
        return system_scheme() if self.mode == "system" else self.mode

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown theme mode {mode!r}")
        self.mode = mode
        self.apply()

    def apply(self, *, stylesheet: bool = True) -> None:
        """Style, palette and stylesheet for the current mode; tells the platform too (Qt 6.8+),
        so native title bars and dialogs match where the platform supports it. Without
        ``stylesheet``, ``apply_stylesheet()`` must follow (start-up sets it once the window
        is built)."""
        hints = QGuiApplication.styleHints()
        if self.mode == "system":
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(Qt.ColorScheme.Dark if self.mode == "dark" else Qt.ColorScheme.Light)
        scheme = self.effective()
        if not isinstance(getattr(self.app, "_dynoview_style", None), ThemedFusion) \
                or self.app.style().name():  # a named style replaced ours since
            style = ThemedFusion()
            self.app._dynoview_style = style  # type: ignore[attr-defined]  # kept alive with the app
            self.app.setStyle(style)
        self.app.setPalette(palette(scheme))
        if stylesheet:
            self.app.setStyleSheet(_stylesheet(scheme))
        if scheme != self.scheme:
            self.scheme = scheme
            self.changed.emit(scheme)

    def apply_stylesheet(self) -> None:
        """The stylesheet of the scheme ``apply()`` chose."""
        self.app.setStyleSheet(_stylesheet(self.scheme or self.effective()))

    def _system_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self.mode == "system" and self.scheme is not None and system_scheme() != self.scheme:
            log.info("system colour scheme changed to %s", system_scheme())
            self.apply()
