"""The window with the keyboard only: Tab leaves a grid that holds rows (Qt's tables stepped
between cells and wrapped, a trap), Ctrl+8 and Ctrl+9 show tabs opened later, and Enter runs the
read from every field of the read form."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit

from dynoview.core.session.connection import Connection
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui


def test_no_grid_of_the_window_takes_tab(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
        seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    for index in range(window.tabs.count()):  # every tab built, with its grids
        window.feature_tabs.show_index(index)
    views = [v for v in window.findChildren(QAbstractItemView) if v.tabKeyNavigation()]
    assert views == [], [v.accessibleName() or type(v).__name__ for v in views]


def test_tab_leaves_the_items_grid_with_rows(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
        seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    window.show()
    qtbot.waitExposed(window)
    grid = window.items_panel.view
    assert grid.model().rowCount() > 0
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    for key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
        grid.setFocus()
        grid.setCurrentIndex(grid.model().index(0, 0))
        qtbot.waitUntil(lambda: QApplication.focusWidget() is grid, timeout=5000)
        QTest.keyClick(grid, key)
        assert QApplication.focusWidget() is not grid, key


def test_ctrl_8_shows_the_eighth_tab(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
        seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    window.show()
    qtbot.waitExposed(window)
    count = window.tabs.count()
    window.open_items_tab(seeded_table)
    qtbot.waitUntil(lambda: window.tabs.count() == count + 1, timeout=15000)
    assert window.tabs.count() == 8
    window.feature_tabs.show_index(0)
    QTest.keyClick(window, Qt.Key.Key_8, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentIndex() == 7
    QTest.keyClick(window, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)  # no 9th tab: stays
    assert window.tabs.currentIndex() == 7


@pytest.mark.parametrize("field", ["page_size", "filter_attr"])
def test_enter_in_the_page_size_or_filter_attribute_runs_the_read(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, field: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    form = window.items_panel.form
    line = getattr(form, field).findChild(QLineEdit)
    assert line is not None
    with qtbot.waitSignal(form.run_requested, timeout=2000):
        QTest.keyClick(line, Qt.Key.Key_Return)
