"""A value typed in a cell of an extra Items tab ("Open … in a new Items tab") and not entered yet
is staged, as in the window's own Items tab, when the window closes (Ctrl+Q, the title bar, a
signal), when that tab's ✕ is clicked and when the window changes its connection (staged on the
connection it was typed on, not the new one). Before, only the window's own Items tab staged it:
the extra tab was deleted with the value in its editor."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar

from dynoview.core.session.connection import Connection
from dynoview.ui.items.cell_editor import CellEditor
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.helpers import connect

pytestmark = pytest.mark.gui
TYPED = "typed-in-the-extra-tab@x.io"


def extra_tab(qtbot: Any, window: MainWindow, table: str) -> ItemsPanel:
    """``table`` opened in a new Items tab, its rows shown."""
    window.show()
    window.open_items_tab(table)
    qtbot.waitUntil(lambda: bool(window.extra_items) and window.extra_items[0].model.rowCount() > 0,
                    timeout=15000)
    return window.extra_items[0]


def type_without_entering(qtbot: Any, panel: ItemsPanel) -> None:
    """F2 on the first row's email and text typed: the editor stays open, nothing entered."""
    column = panel.model.columns().index("email")
    panel.cell_edits.edit(panel.model.index(0, column))
    qtbot.waitUntil(lambda: panel.view.findChild(CellEditor) is not None, timeout=5000)
    editor = panel.view.findChild(CellEditor)
    assert editor is not None
    editor.line.selectAll()
    editor.line.insert(TYPED)
    assert panel.cell_edits.staging.edits.count == 0  # not staged yet


def assert_kept(panel: ItemsPanel, label: str | None = None) -> None:
    staging = panel.cell_edits.staging
    assert staging.edits.count == 1, staging.error
    [item] = list(staging.edits)
    assert TYPED in str(item.cells)
    assert staging.store.edits_path.exists()  # and kept for the next start
    if label is not None:
        assert staging.edits.connection == label


def test_a_value_typed_in_an_extra_tab_is_staged_when_the_window_closes(
        qtbot: Any, connected_window: MainWindow, seeded_table: str) -> None:
    window = connected_window
    panel = extra_tab(qtbot, window, seeded_table)
    type_without_entering(qtbot, panel)
    window.close()  # File → Quit, Ctrl+Q, the title bar's close and SIGTERM land in closeEvent
    assert_kept(panel)


def test_a_value_typed_in_an_extra_tab_is_staged_when_its_tab_is_closed(
        qtbot: Any, connected_window: MainWindow, seeded_table: str) -> None:
    window = connected_window
    panel = extra_tab(qtbot, window, seeded_table)
    type_without_entering(qtbot, panel)
    bar = window.tabs.tabBar()
    close = bar.tabButton(window.tabs.indexOf(panel), QTabBar.ButtonPosition.RightSide)
    assert close is not None
    QTest.mouseClick(close, Qt.MouseButton.LeftButton)  # the tab's ✕
    assert panel not in window.extra_items
    assert_kept(panel)


def test_a_value_typed_in_an_extra_tab_is_staged_on_its_connection_when_the_window_reconnects(
        qtbot: Any, connected_window: MainWindow, seeded_table: str, moto_endpoint: str) -> None:
    window = connected_window
    panel = extra_tab(qtbot, window, seeded_table)
    staging = panel.cell_edits.staging
    typed_on = staging._connection()
    type_without_entering(qtbot, panel)
    other: Connection = connect(moto_endpoint, name="gui-other")
    # What the connection controller reports once File → Connect… reached another endpoint.
    window._connected(other, None, other.list_tables())
    assert panel not in window.extra_items  # closed with the connection it was on
    assert_kept(panel, label=typed_on)  # staged on the connection it was typed on
    assert typed_on is not None and not typed_on.startswith("gui-other")
