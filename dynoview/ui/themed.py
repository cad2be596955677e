"""The few widgets the palette alone cannot colour, each styled on its own for the light or dark theme.

The application has no stylesheet: one set on the application makes Qt draw every widget through
QStyleSheetStyle, which cost the window's first paint about 12 ms (issue 19) and every cell of
every item view a detour on each repaint. Instead:

- a "hint" or "error" label gets its text colour in its own palette (``set_role``);
- a field whose content is refused gets a red outline of its own (``mark_refused``);
- the connection badge gets a stylesheet of its own, for its kind of connection (``style_badge``);
- a dialog that needs more (the command palette, the crash report) gets its own small sheet for
  each theme (``set_sheets``).

``ThemeManager.apply`` calls ``restyle_all`` when the theme changes (which also polishes any
widget with a sheet of its own again, on the new palette). The theme is told by the
application palette's brightness (``tones.is_dark``), so a widget made later is styled the same.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from dynoview.ui.tones import is_dark

#: Text colours of labels by their "role" property (light, dark): over 4.5:1 on the window.
ROLE_COLOURS = {"hint": ("#5f6368", "#a0a4aa"), "error": ("#c62828", "#ff8a80")}
#: The connection badge by its "kind" property: (background, text) in the light and dark themes.
BADGE_COLOURS = {
    "demo": (("#1565c0", "#ffffff"), ("#1e63c4", "#ffffff")),
    "read-only": (("#ffe0a3", "#5d3b00"), ("#7a5200", "#ffe7b8")),
    "demo-read-only": (("#1565c0", "#ffe0a3"), ("#1e63c4", "#ffe7b8")),
    "unencrypted": (("#c62828", "#ffffff"), ("#b71c1c", "#ffffff")),
}
#: A field whose content is refused (the sentence says why): readable in both themes.
FIELD_ERROR_STYLE = "border: 2px solid #d32f2f;"
_REFUSED = "refused"  # the property a refused field carries while marked
BADGE_OBJECT = "connection-badge"
#: Set on the badge of a production connection: the status bar's colour, the badge a white pill.
PRODUCTION_COLOUR = "production-colour"
_SHEETS = ("sheet-light", "sheet-dark")  # properties holding a widget's own sheet per theme


def dark_theme() -> bool:
    return is_dark(QApplication.palette())


def set_role(label: QWidget, role: str) -> None:
    """Colour ``label``'s text as a "hint" or an "error" (or plainly, for any other role) in the
    current theme, and again when the theme changes; the "role" property says which."""
    label.setProperty("role", role)
    _colour_role(label)


def _colour_role(label: QWidget) -> None:
    pal = QPalette(label.palette())
    colours = ROLE_COLOURS.get(str(label.property("role")))
    app_text = QApplication.palette().color(QPalette.ColorRole.WindowText)
    colour = QColor(colours[dark_theme()]) if colours else app_text
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        pal.setColor(group, QPalette.ColorRole.WindowText, colour)
    # Disabled keeps the theme's own disabled text.
    pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText,
                 QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText))
    label.setPalette(pal)


def mark_refused(field: QWidget, refused: bool = True) -> None:
    """Outline ``field`` in red while what it holds is refused (the sentence beside it says
    why), or take the outline away: every form marks its fields this one way.

    The sheet names the field's own Qt class: unscoped, it outlined the field's context menu
    too. ``is_refused`` tells the state without comparing sheets at each call site.
    """
    field.setProperty(_REFUSED, refused)
    field.setStyleSheet(refused_sheet(field) if refused else "")


def refused_sheet(field: QWidget) -> str:
    """The sheet ``mark_refused`` gives ``field``."""
    qt_class = next(c for c in type(field).__mro__ if c.__module__.startswith("PySide6."))
    return f"{qt_class.__name__} {{ {FIELD_ERROR_STYLE} }}"


def is_refused(field: QWidget) -> bool:
    """Whether ``field`` is marked and still shows the mark (nothing replaced its sheet)."""
    return bool(field.property(_REFUSED)) and field.styleSheet() == refused_sheet(field)


def style_badge(label: QLabel) -> None:
    """The connection badge's look for its "kind" property (demo, read-only, both, unencrypted;
    none: plain text), or a white pill when it carries a production colour."""
    production = label.property(PRODUCTION_COLOUR)
    if production:
        label.setStyleSheet(f"QLabel {{ background: white; color: {production}; font-weight: bold; "
                            "border-radius: 3px; padding: 0 6px; }")
        return
    colours = BADGE_COLOURS.get(str(label.property("kind") or ""))
    # The padding whatever the kind: the badge keeps its size when the kind changes.
    sheet = "QLabel { padding: 1px 8px; border-radius: 3px; "
    if colours:
        background, text = colours[dark_theme()]
        sheet += f"background: {background}; color: {text}; "
    label.setStyleSheet(sheet + "}")


def set_sheets(widget: QWidget, light: str, dark: str) -> None:
    """Give ``widget`` its own stylesheet, ``light`` or ``dark`` as the theme is (and changes)."""
    widget.setProperty(_SHEETS[0], light)
    widget.setProperty(_SHEETS[1], dark)
    widget.setStyleSheet(dark if dark_theme() else light)


def restyle_all() -> None:
    """Style every themed widget for the theme now applied."""
    dark = dark_theme()
    for widget in QApplication.allWidgets():
        if widget.property("role") is not None:
            _colour_role(widget)
        if isinstance(widget, QLabel) and widget.objectName() == BADGE_OBJECT:
            style_badge(widget)
        sheet = widget.property(_SHEETS[dark])
        if sheet is not None:
            widget.setStyleSheet(str(sheet))
        elif widget.styleSheet():
            # A sheet of its own (a field's error border): Qt keeps the palette the sheet was
            # polished on, so the widget is polished again on the new one.
            widget.setStyleSheet(widget.styleSheet())
