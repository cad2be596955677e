"""Light and dark themes: the Fusion style with an explicit palette, and no stylesheet.

The mode is "system" (follow ``QStyleHints.colorScheme()`` and its changes, Qt 6.5+),
"light" or "dark". Fusion is used on every platform so both themes look and measure the
same everywhere, including where the native style has no dark variant.

Fusion draws a check box's, a radio button's and a menu's check box edge from the Window colour
(darker(140), then lighter), which all but vanishes on either palette (1.2:1 on the dark one).
Those classes get a palette of their own whose Window colour Fusion turns into an edge in the
muted tone, over 3:1 (``edge_palette``); none of them paints Window, so nothing else changes.
The few widgets the palette cannot colour (hint and error labels, the connection badge, the
command palette, the crash report) are styled one by one (dynoview/ui/themed.py). No stylesheet
on the application: it would draw every widget through QStyleSheetStyle (~12 ms of the first
paint, issue 19). No Python QStyle subclass: Qt would call Python for every primitive of every
widget, each cell of each item view included. Nor does the start-up touch a QStyle object from
Python (PySide6 builds QStyle's enums, ~10 ms, the first time one crosses over): the application
is created with Fusion (``new_application``) and the light palette is Fusion's, written out.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QToolTip

from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.themed import restyle_all
from dynoview.ui.tones import muted

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyle

log = logging.getLogger(__name__)
MODES = ("system", "light", "dark")
MODE_LABELS = {"system": QT_TRANSLATE_NOOP("theme", "Follow &system"),
               "light": QT_TRANSLATE_NOOP("theme", "&Light"),
               "dark": QT_TRANSLATE_NOOP("theme", "&Dark")}
STYLE = "fusion"
#: Classes whose check box (or radio) edge Fusion draws from Window: they get ``edge_palette``.
EDGE_CLASSES = ("QMenu", "QCheckBox", "QRadioButton")
#: Tooltips (text, background) in the light and dark themes.
TOOLTIP_COLOURS = (("#202124", "#fffbe6"), ("#e8eaed", "#3c4043"))

# Fusion's standard palette (Qt 6), the light theme and the base of the dark one.
_LIGHT = {
    QPalette.ColorRole.Window: "#efefef",
    QPalette.ColorRole.WindowText: "#000000",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f7f7f7",
    QPalette.ColorRole.ToolTipBase: "#ffffdc",
    QPalette.ColorRole.ToolTipText: "#000000",
    QPalette.ColorRole.PlaceholderText: "#80000000",
    QPalette.ColorRole.Text: "#000000",
    QPalette.ColorRole.Button: "#efefef",
    QPalette.ColorRole.ButtonText: "#000000",
    QPalette.ColorRole.BrightText: "#ffffff",
    QPalette.ColorRole.Light: "#ffffff",
    QPalette.ColorRole.Midlight: "#cacaca",
    QPalette.ColorRole.Mid: "#b8b8b8",
    QPalette.ColorRole.Dark: "#9f9f9f",
    QPalette.ColorRole.Shadow: "#767676",
    QPalette.ColorRole.Highlight: "#308cc6",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#0000ff",
    QPalette.ColorRole.LinkVisited: "#ff00ff",
    QPalette.ColorRole.Accent: "#308cc6",
}
_LIGHT_DISABLED = {
    QPalette.ColorRole.WindowText: "#bebebe",
    QPalette.ColorRole.Text: "#bebebe",
    QPalette.ColorRole.ButtonText: "#bebebe",
    QPalette.ColorRole.Base: "#efefef",
    QPalette.ColorRole.Dark: "#bebebe",
    QPalette.ColorRole.Shadow: "#b1b1b1",
    QPalette.ColorRole.Highlight: "#919191",
    QPalette.ColorRole.Accent: "#919191",
}
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
    pal = QPalette()
    layers = [(_LIGHT, _LIGHT_DISABLED)] + ([(_DARK, _DARK_DISABLED)] if scheme == "dark" else [])
    for colors, disabled in layers:
        for role, color in colors.items():
            pal.setColor(QPalette.ColorGroup.All, role, QColor(color))
        for role, color in disabled.items():
            pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(color))
    return pal


def edge_palette(pal: QPalette) -> QPalette:
    """The Window colour of ``EDGE_CLASSES`` in ``pal``'s theme, alone (they take every other
    colour from the application's palette): one Fusion turns into a check box or radio edge in
    ``tones.muted``, over 3:1 against the window or menu. Fusion derives that edge from Window,
    darker(140) then lighter(240) in a dark colour scheme or lighter(110) in a light one. A check
    box or radio button paints no Window, and a menu fills itself from Base, so Window changes
    only the edges (and a menu's frame, that much lighter in the dark theme, darker in the
    light)."""
    dark_scheme = QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark
    menu = QPalette()
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive, QPalette.ColorGroup.Disabled):
        edge = muted(_in_group(pal, group))
        menu.setColor(group, QPalette.ColorRole.Window,
                      edge.darker(171) if dark_scheme else edge.lighter(127))  # 240/140, 140/110
    return menu


def _in_group(pal: QPalette, group: QPalette.ColorGroup) -> QPalette:
    copy = QPalette(pal)
    copy.setCurrentColorGroup(group)
    return copy


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

    def apply(self) -> None:
        """Style and palettes for the current mode, and the widgets styled one by one
        (themed.py); tells the platform too (Qt 6.8+), so native title bars and dialogs match
        where the platform supports it."""
        hints = QGuiApplication.styleHints()
        if self.mode == "system":
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(Qt.ColorScheme.Dark if self.mode == "dark" else Qt.ColorScheme.Light)
        scheme = self.effective()
        _use_fusion(self.app)
        pal = palette(scheme)
        self.app.setPalette(pal)
        edges = edge_palette(pal)
        for name in EDGE_CLASSES:
            self.app.setPalette(edges, name)  # type: ignore[arg-type]  # a C string
        text, background = TOOLTIP_COLOURS[scheme == "dark"]
        tips = QPalette(pal)
        tips.setColor(QPalette.ColorRole.ToolTipText, QColor(text))
        tips.setColor(QPalette.ColorRole.ToolTipBase, QColor(background))
        QToolTip.setPalette(tips)
        restyle_all()
        if scheme != self.scheme:
            self.scheme = scheme
            self.changed.emit(scheme)

    def _system_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self.mode == "system" and self.scheme is not None and system_scheme() != self.scheme:
            log.info("system colour scheme changed to %s", system_scheme())
            self.apply()


_fusion: QStyle | None = None  # the style set last; the application owns it
_fusion_from_start = False  # new_application() made the application with Fusion


def new_application(argv: list[str]) -> QApplication:
    """The QApplication, with Fusion as its style from the start: Qt makes no other style first
    and ``ThemeManager.apply`` need not look at it (a QStyle object in Python costs its enums)."""
    global _fusion_from_start
    app = QApplication([*argv, "-style", STYLE])
    _fusion_from_start = True
    return app


def _use_fusion(app: QApplication) -> None:
    """Qt's own Fusion (no Python subclass), set only when another style replaced it: setStyle
    re-polishes every widget. (``app.style()`` is a nameless stylesheet wrapper once a sheet is
    set, so the style object is kept; Qt deletes it when a different style takes its place.)"""
    global _fusion
    if not _fusion_from_start and (_fusion is None or not shiboken6.isValid(_fusion)):
        if app.style().name() == STYLE and not app.styleSheet():
            _fusion = app.style()  # the platform's default already
        else:
            _fusion = QApplication.setStyle(STYLE)
