"""Selecting a row from code selects that row alone, even while the user holds Ctrl or Shift
(``QTableView.selectRow`` would toggle it, or extend the selection to it, as a click would)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTableView

from dynoview.ui.row_select import select_only_row

pytestmark = pytest.mark.gui


@pytest.fixture
def view(qtbot: Any) -> QTableView:
    model = QStandardItemModel(5, 2)
    for row in range(5):
        model.setItem(row, 0, QStandardItem(f"row {row}"))
    table = QTableView()
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    qtbot.addWidget(table)
    table.show()
    qtbot.waitExposed(table)
    model.setParent(table)
    return table


@pytest.fixture(params=[(Qt.Key.Key_Control, Qt.KeyboardModifier.ControlModifier),
                        (Qt.Key.Key_Shift, Qt.KeyboardModifier.ShiftModifier)], ids=["ctrl", "shift"])
def held(request: Any, view: QTableView) -> Iterator[Qt.Key]:
    """The key held down on the view (as after a Ctrl+ shortcut), released afterwards."""
    key, modifier = request.param
    QTest.keyPress(view, key, modifier)
    yield key
    QTest.keyRelease(view, key, Qt.KeyboardModifier.NoModifier)


def selected(view: QTableView) -> list[int]:
    return sorted(index.row() for index in view.selectionModel().selectedRows())


def test_a_held_modifier_changes_what_qt_select_row_does(view: QTableView, held: Qt.Key) -> None:
    select_only_row(view, 1)
    assert QApplication.keyboardModifiers() != Qt.KeyboardModifier.NoModifier
    view.selectRow(3)  # what the app did before: Ctrl adds row 3, Shift selects 1 to 3
    assert selected(view) != [3]


def test_the_row_alone_is_selected_and_current(view: QTableView, held: Qt.Key) -> None:
    select_only_row(view, 1)
    select_only_row(view, 3)
    assert selected(view) == [3]
    assert view.currentIndex().row() == 3
    select_only_row(view, 3)  # again: stays selected (a toggle would clear it)
    assert selected(view) == [3]


def test_a_row_outside_the_model_changes_nothing(view: QTableView) -> None:
    select_only_row(view, 2)
    select_only_row(view, 5)
    select_only_row(view, -1)
    assert selected(view) == [2]


def test_a_link_to_an_item_selects_it_alone_while_ctrl_is_held(qtbot: Any, qasync_loop: Any,
                                                               demo_conn: Any, seeded_table: str) -> None:
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.ctx.set_connection(demo_conn)
    window.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(window.table_shown, timeout=15000):
        window.tables_panel.select(seeded_table)
    panel = window.items_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() > 3, timeout=15000)
    view = panel.results.view
    select_only_row(view, 0)
    key = {name: panel.model.item(2)[name] for name in ("PK", "SK")}
    QTest.keyPress(view, Qt.Key.Key_Control, Qt.KeyboardModifier.ControlModifier)
    try:
        panel.open_key(key)  # "Show in Items" from another panel, reached with Ctrl held
    finally:
        QTest.keyRelease(view, Qt.Key.Key_Control, Qt.KeyboardModifier.NoModifier)
    assert selected(view) == [2]
    assert panel.selection.selected_item() == panel.model.item(2)
