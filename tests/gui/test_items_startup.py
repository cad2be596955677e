"""The Items tab at start-up (issue 19): complete before the window's first paint, without the
code only rows need (decoding, the value display, TTL, the cells' delegate), which comes with
the first rows or once the window has painted."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from dynoview.ui.context import AppContext
from dynoview.ui.items.cell_paint import ItemsDelegate
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.result_pane import ResultPane
from tests.unit.ui.test_first_paint_imports import loaded_by_the_window

pytestmark = pytest.mark.gui

#: What the Items tab imports with its first rows (or once the window has painted), not before.
WITH_THE_ROWS = (
    "msgspec", "orjson", "decimal", "datetime",  # decoding pages, numbers, TTL and receipt clocks
    "dynoview.core.reads.rows", "dynoview.core.reads.columns", "dynoview.core.reads.browse",
    "dynoview.core.values", "dynoview.core.ttl.expiry",
    "dynoview.ui.items.cell_paint", "dynoview.ui.cell_option",  # the one-call delegate
)


def test_building_the_window_leaves_the_row_code_for_later() -> None:
    assert loaded_by_the_window(WITH_THE_ROWS) == []


def test_a_result_pane_gets_its_one_call_delegate_with_its_first_rows(qtbot: Any, ctx: AppContext) -> None:
    model = ItemsModel()
    pane = ResultPane(ctx, model, list, list, lambda: None)
    qtbot.addWidget(pane)
    assert not isinstance(pane.view.itemDelegate(), ItemsDelegate)  # no row: Qt's own paints nothing
    model.reset(None)  # a new read, still no row
    assert not isinstance(pane.view.itemDelegate(), ItemsDelegate)
    model.append_page([{"pk": {"S": "a"}, "n": {"N": "1.50"}}], exhausted=True)
    assert isinstance(pane.view.itemDelegate(), ItemsDelegate)
    assert [model.look(0, column)[0] for column in range(model.columnCount())] == ["a", "1.50"]
    pane.fit_columns()  # measures with the style metrics imported with the rows
    assert pane.view.horizontalHeader().sectionSize(0) > 0


def test_rows_keep_edit_in_place_delegate_made_after_the_paint(qtbot: Any, qasync_loop: Any) -> None:
    """Once the window has painted, the Items tab makes what rows need, edit in place first:
    rows arriving later do not swap its delegate for the plain one-call one."""
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    panel = window.items_panel
    QApplication.processEvents()
    assert panel._cell_edits is None and not panel.results._prepared  # not painted yet
    window.show()
    qtbot.waitUntil(lambda: panel.results._prepared)
    delegate = panel.cell_edits.delegate
    assert panel.view.itemDelegate() is delegate
    panel.model.append_page([{"pk": {"S": "a"}}], exhausted=True)
    assert panel.view.itemDelegate() is delegate
    assert panel.model.look(0, 0)[0] == "a"
