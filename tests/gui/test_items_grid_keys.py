"""The Items grid's keys (Del, F2) belong to the grid: in a shown window a window-wide Del in
the "Staged changes" list, the tables list or the detail pane put a Delete of the grid's
selected row in the builder (and the staged line stayed). ``delete_requested`` is what the grid's
Del asks the window for (an account's form, a lock's release, any other item's Delete)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row


def _shown(qtbot: Any, win: MainWindow) -> None:
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)


def test_del_in_the_staged_list_discards_the_line_and_builds_no_delete(
        qtbot: Any, connected_window: MainWindow) -> None:
    win = connected_window
    _shown(qtbot, win)
    panel = win.items_panel
    select_only_row(panel.view, 0)
    item = panel.model.item(0)
    panel.cell_edits.staging.stage_text(panel.info, item, "note", "S", "typo")
    pane = panel.cell_edits.pane
    qtbot.waitUntil(lambda: pane.list.model().rowCount() == 1)
    pane.select_line(0)
    pane.list.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pane.list)
    with qtbot.assertNotEmitted(win.ctx.delete_requested, wait=100):
        qtbot.keyClick(pane.list, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: panel.cell_edits.staging.edits.count == 0)
    assert win.tabs.currentWidget() is panel


def test_del_in_the_tables_list_builds_no_delete(qtbot: Any, connected_window: MainWindow) -> None:
    win = connected_window
    _shown(qtbot, win)
    select_only_row(win.items_panel.view, 0)
    tables = win.tables_panel
    target = tables.focusProxy() or tables
    target.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tables
                    or tables.isAncestorOf(QApplication.focusWidget()))
    with qtbot.assertNotEmitted(win.ctx.delete_requested, wait=100):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Delete)
    assert win.tabs.currentWidget() is win.items_panel


def test_del_in_the_grid_still_asks_to_delete_its_row(
        qtbot: Any, connected_window: MainWindow) -> None:
    win = connected_window
    _shown(qtbot, win)
    panel = win.items_panel
    select_only_row(panel.view, 0)
    item = panel.model.item(0)
    panel.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.view)
    with qtbot.waitSignal(win.ctx.delete_requested) as asked:
        qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    assert asked.args[1] == item
