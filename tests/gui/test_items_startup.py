"""The Items tab at start-up (issue 19): complete before the window's first paint, without the
code only rows need (decoding, the value display, TTL, the cells' delegate), which comes with
the first rows or once the window has painted."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from dynoview.ui.context import AppContext
from dynoview.ui.items import panel as panel_module
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


def test_rows_keep_edit_in_place_delegate_once_it_is_made(qtbot: Any, qasync_loop: Any) -> None:
    """Once the window has painted, the Items tab makes what rows need; edit in place, made
    later (after the first rows, or on first use), swaps in its delegate, and rows arriving
    after it do not swap it for the plain one-call one."""
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    panel = window.items_panel
    QApplication.processEvents()
    assert panel._cell_edits is None and not panel.results._prepared  # not painted yet
    window.show()
    qtbot.waitUntil(lambda: panel.results._prepared)
    assert isinstance(panel.view.itemDelegate(), ItemsDelegate) and panel._cell_edits is None
    delegate = panel.cell_edits.delegate
    assert panel.view.itemDelegate() is delegate
    panel.model.append_page([{"pk": {"S": "a"}}], exhausted=True)
    assert panel.view.itemDelegate() is delegate
    assert panel.model.look(0, 0)[0] == "a"


def test_a_double_click_before_edit_in_place_is_made_opens_the_cell_editor(
        qtbot: Any, qasync_loop: Any, demo_conn: Any, seeded_table: str) -> None:
    """The first rows show before edit in place is made: a double click on a cell then makes
    it and opens that cell's editor (once: its own handler is not called for that click)."""
    from tests.gui.conftest import open_window

    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    assert panel._cell_edits is None
    index = panel.model.index(0, panel.model.columns().index("displayName"))
    opened: list[Any] = []
    panel.view.edit = lambda *args: opened.append(args) or True  # type: ignore[method-assign]
    panel.view.doubleClicked.emit(index)
    assert panel._cell_edits is not None
    assert opened == [(index,)]  # one editor, for that cell


def test_cells_staged_in_another_items_tab_are_marked_with_the_first_rows(
        qtbot: Any, qasync_loop: Any, demo_conn: Any, seeded_table: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's staged set exists already (another Items tab made it): a new Items tab
    makes edit in place with its first rows, so the staged cells are marked at once."""
    from tests.gui.conftest import open_window

    window = open_window(qtbot, demo_conn, seeded_table)
    first = window.items_panel
    column = first.model.columns().index("displayName")
    item = first.model.item(0)
    assert first.cell_edits.staging.stage_text(first.info, item, "displayName", "S",
                                               "Staged in the first tab") is None
    monkeypatch.setattr(panel_module, "EDITS_AFTER_ROWS_MS", 60_000)
    window.open_items_tab(seeded_table)
    qtbot.waitUntil(lambda: len(window.extra_items) == 1, timeout=10000)
    other = window.extra_items[0]
    qtbot.waitUntil(lambda: other.model.rowCount() > 0 and not other.controller.busy, timeout=10000)
    assert other._cell_edits is not None  # with the rows: the later making waits a minute here
    row = next(r for r in range(other.model.rowCount()) if other.model.item(r)["PK"] == item["PK"]
               and other.model.item(r)["SK"] == item["SK"])
    assert other.model.data(other.model.index(row, column)) == "Staged in the first tab"
