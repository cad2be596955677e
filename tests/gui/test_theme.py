"""The light and dark themes (dynoview/ui/theme.py): Qt's own Fusion and a palette, no stylesheet
on the application, so painting calls no Python and no widget goes through QStyleSheetStyle;
check boxes and radio buttons (as widgets and in menus) with an edge over 3:1, a mark for every
state, and the size Fusion gives them. (The app has no checkable item view or group box: one
would draw Fusion's own, fainter edge unless it got ``edge_palette`` too.)"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAction, QColor, QGuiApplication, QImage, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

from dynoview.ui.theme import ThemeManager, palette
from tests.gui.colour_contrast import contrast

pytestmark = pytest.mark.gui

STATES = {"unchecked": Qt.CheckState.Unchecked, "checked": Qt.CheckState.Checked,
          "partial": Qt.CheckState.PartiallyChecked}


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The theme applied; the light one again after (as the other GUI tests expect it)."""
    manager = ThemeManager(qapp, request.param)
    manager.apply()
    yield request.param
    manager.set_mode("light")
    manager.deleteLater()


def best_contrast(image: QImage, area: QRect, background: QColor) -> float:
    return max(contrast(image.pixelColor(x, y), background)
               for x in range(area.left(), area.right() + 1) for y in range(area.top(), area.bottom() + 1))


def shown(qtbot, widget: QWidget) -> QImage:
    qtbot.addWidget(widget)
    widget.resize(widget.sizeHint().expandedTo(widget.minimumSizeHint()).expandedTo(widget.size()))
    return widget.grab().toImage()


def button(kind: type[QCheckBox] | type[QRadioButton], state: str = "unchecked", *,
           enabled: bool = True) -> QCheckBox | QRadioButton:
    widget = kind("Strongly consistent")
    if isinstance(widget, QCheckBox):
        widget.setTristate(True)
        widget.setCheckState(STATES[state])
    else:
        widget.setChecked(state == "checked")
    widget.setEnabled(enabled)
    return widget


def indicator(widget: QCheckBox | QRadioButton) -> QRect:
    option = QStyleOptionButton()
    option.initFrom(widget)
    element = (QStyle.SubElement.SE_CheckBoxIndicator if isinstance(widget, QCheckBox)
               else QStyle.SubElement.SE_RadioButtonIndicator)
    return widget.style().subElementRect(element, option, widget)


def check_list(states: list[str]) -> QListWidget:
    view = QListWidget()
    for state in states:
        item = QListWidgetItem(f"item {state}")
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsUserTristate)
        item.setCheckState(STATES[state])
        view.addItem(item)
    view.resize(300, 120)
    return view


def test_the_light_palette_is_fusions_own(qapp: QApplication) -> None:
    """The light palette is written out (asking Fusion for it builds QStyle's enums in Python
    before the first paint): every colour of every group must still be Fusion's, also after the
    dark theme was applied (a role left out would keep the dark one)."""
    from PySide6.QtWidgets import QStyleFactory

    QGuiApplication.styleHints().unsetColorScheme()  # Fusion's standard palette follows it
    fusion = QStyleFactory.create("Fusion").standardPalette()
    groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive, QPalette.ColorGroup.Disabled)
    roles = [role for role in QPalette.ColorRole if role != QPalette.ColorRole.NColorRoles]
    manager = ThemeManager(qapp, "dark")
    manager.apply()
    try:
        ours = palette("light")
        differ = [(group.name, role.name) for group in groups for role in roles
                  if ours.color(group, role).rgba() != fusion.color(group, role).rgba()]
    finally:
        manager.set_mode("light")
        manager.deleteLater()
    assert differ == []


def test_an_item_view_paints_without_calling_python(qtbot, scheme: str) -> None:
    """Last session's style was a Python QProxyStyle: Qt called Python for every primitive of
    every cell on every repaint. Qt's own Fusion and the stylesheet paint in C++ alone."""
    view = check_list(["unchecked", "checked", "partial"] * 5)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.viewport().repaint()  # PySide6 builds the Python types a first paint meets, once
    calls: list[str] = []

    def profile(frame, event: str, _arg) -> None:  # type: ignore[no-untyped-def]
        if event == "call" and frame.f_code.co_name != "profile":
            calls.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")
    sys.setprofile(profile)
    try:
        view.viewport().repaint()
    finally:
        sys.setprofile(None)
    assert calls == []


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_a_buttons_edge_stands_out_from_the_window(qtbot, scheme: str, kind: type[QCheckBox]) -> None:
    widget = button(kind)
    image = shown(qtbot, widget)
    # What shows behind it: the window (the button's own Window colour is the edge's source).
    background = QApplication.palette().color(QPalette.ColorRole.Window)
    assert best_contrast(image, indicator(widget), background) >= 3.0


def test_a_menus_check_box_edge_stands_out(qtbot, scheme: str) -> None:
    """Menus keep Fusion's drawing (a stylesheet rule would lay their items out anew): their
    palette's Window colour is the one Fusion turns into a visible edge."""
    menu = QMenu()
    qtbot.addWidget(menu)
    action = QAction("Follow the stream", menu)
    action.setCheckable(True)
    menu.addAction(action)
    menu.addAction(QAction("Refresh", menu))
    image = shown(qtbot, menu)
    row = menu.actionGeometry(action)
    background = image.pixelColor(row.right() - 4, row.center().y())  # the menu, past the text
    # Left of the text, past the menu's frame.
    area = QRect(row.left() + 3, row.top(), 20, row.height())
    assert best_contrast(image, area, background) >= 3.0


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_every_state_has_its_own_look(qtbot, scheme: str, kind: type[QCheckBox]) -> None:
    states = ["unchecked", "checked", "partial"] if kind is QCheckBox else ["unchecked", "checked"]
    looks = {}
    for state in states:
        for enabled in (True, False):
            widget = button(kind, state, enabled=enabled)
            looks[state, enabled] = shown(qtbot, widget).copy(indicator(widget))
    assert len({bytes(image.constBits()) for image in looks.values()}) == len(looks)
    # The mark shows against the box's own fill (the image files were found and drawn).
    for state in states[1:]:
        image = looks[state, True]
        fill = image.pixelColor(1, image.height() - 2)  # inside the edge, below the mark
        assert best_contrast(image, image.rect().adjusted(3, 3, -3, -3), fill) >= 3.0, state


def test_an_item_views_check_states_each_look_different(qtbot, scheme: str) -> None:
    view = check_list(list(STATES))
    shown(qtbot, view)
    image = view.viewport().grab().toImage()
    rows = [view.visualItemRect(view.item(i)) for i in range(len(STATES))]
    boxes = [image.copy(QRect(row.left(), row.top(), 20, row.height())) for row in rows]
    assert len({bytes(box.constBits()) for box in boxes}) == len(STATES)


def test_no_stylesheet_on_the_application(qtbot, qapp: QApplication, scheme: str) -> None:
    """An application stylesheet, however small, drew every widget through QStyleSheetStyle
    (~12 ms of the first paint, issue 19): a check box is drawn by Fusion itself, at its size."""
    assert qapp.styleSheet() == ""
    widget = button(QCheckBox)
    shown(qtbot, widget)
    assert widget.style().metaObject().className() == "QFusionStyle"


def test_the_application_is_made_with_fusion_whatever_the_desktop_asks() -> None:
    """``new_application`` (what the app starts with) puts Fusion in from the start, so the
    theme need not replace a desktop's style (Windows 11, macOS, Breeze) before the first paint."""
    code = ("from dynoview.ui.theme import ThemeManager, new_application\n"
            "app = new_application(['dynoview'])\n"
            "ThemeManager(app, 'dark').apply()\n"
            "print(app.style().name(), app.arguments())\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_STYLE_OVERRIDE": "windows"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.split()[0] == "fusion"
    assert "-style" not in done.stdout  # Qt took the option; the app's own arguments are untouched
