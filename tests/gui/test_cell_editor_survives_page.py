"""A value typed in an open cell editor survives a page (or a re-read item) that brings a new
attribute: the model resets to add the column, and Qt's reset releases open editors without
committing them. Before, the editor vanished and the typed text was dropped without a word
(nothing staged; closing the window found no editor). Now the editor is open again on the same
item (found by its key, not its row number) and attribute, with what was typed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window
from tests.helpers import empty_keys_table, s

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own configuration folder (where the staged edits are kept)."""
    root = tmp_path / "config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


A_ITEMS = 60


@pytest.fixture
def table(demo_conn: Connection) -> Iterator[str]:
    """One partition, read in sort key order: A00..A59 hold ``note`` (more than a window's height
    of rows, which the view fetches to fill it); B00..B05 also ``extra``, an attribute the first
    pages do not have."""
    with empty_keys_table(demo_conn, "survive") as info:
        for i in range(A_ITEMS):
            demo_conn.client.put_item(TableName=info.name, Item={"PK": s("P"), "SK": s(f"A{i:02d}"),
                                                                  "note": s(f"a{i}")})
        for i in range(6):
            demo_conn.client.put_item(TableName=info.name, Item={"PK": s("P"), "SK": s(f"B{i:02d}"),
                                                                  "note": s(f"b{i}"), "extra": s("e")})
        yield info.name


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, table: str) -> MainWindow:
    win = open_window(qtbot, demo_conn, table)
    win.show()
    return win


def cell(panel: ItemsPanel, sk: str, column: str) -> Any:
    model = panel.model
    row = next(r for r in range(model.rowCount()) if model.item(r)["SK"]["S"] == sk)
    return model.index(row, model.columns().index(column))


def first_pages(qtbot: Any, panel: ItemsPanel) -> None:
    """Read again three items a page: the first pages have no ``extra``."""
    panel.form.page_size.setValue(3)
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0 and not panel.controller.busy, timeout=15000)
    assert "extra" not in panel.model.columns()


def type_into(qtbot: Any, panel: ItemsPanel, sk: str, text: str) -> None:
    index = cell(panel, sk, "note")
    panel.view.setCurrentIndex(index)
    panel.cell_edits.edit(index)
    editor = panel.cell_edits.delegate.editor
    assert editor is not None and editor.isVisible()
    editor.line.setText(text)


def settle() -> None:
    """Let the released editor go (Qt deletes it later), as the event loop would."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def assert_editing(panel: ItemsPanel, sk: str, text: str) -> None:
    """An editor is open on ``sk``'s note holding ``text``, and nothing is staged yet."""
    editor = panel.cell_edits.delegate.editor
    assert editor is not None and editor.isVisible(), "the editor was closed: the typed text is gone"
    assert editor.line.text() == text
    assert panel.view.currentIndex() == cell(panel, sk, "note")
    assert panel.view.indexWidget(cell(panel, sk, "note")) is editor
    assert panel.cell_edits.staging.edits.count == 0


def staged_note(panel: ItemsPanel) -> tuple[str, Any]:
    [item] = list(panel.cell_edits.staging.edits)
    [change] = item.cells
    assert change.attribute == "note"
    return item.key["SK"]["S"], change.new


def test_a_page_with_a_new_attribute_keeps_the_open_editor_and_its_text(
        qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    first_pages(qtbot, panel)
    # Sorted by sort key, descending: rows that arrive go above, so the edited row's number changes.
    panel.model.sort(panel.model.columns().index("SK"), Qt.SortOrder.DescendingOrder)
    type_into(qtbot, panel, "A00", "TYPED VALUE")
    typed_at = cell(panel, "A00", "note").row()
    for _ in range(A_ITEMS):  # Ctrl+L until a page brings ``extra``
        panel.controller.fetch_more()
        qtbot.waitUntil(lambda: not panel.controller.busy, timeout=15000)
        if "extra" in panel.model.columns():
            break
    assert "extra" in panel.model.columns()
    assert cell(panel, "A00", "note").row() != typed_at  # the rows moved under the editor
    settle()
    assert_editing(panel, "A00", "TYPED VALUE")
    # Closing the window stages what the editor holds (it relies on the delegate's editor).
    window.close()
    assert staged_note(panel) == ("A00", s("TYPED VALUE"))


def test_an_item_re_read_with_a_new_attribute_keeps_the_open_editor_and_its_text(
        qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    first_pages(qtbot, panel)
    type_into(qtbot, panel, "A01", "EDITED")
    # Another item, re-read after a write, now has an attribute never seen: a new column.
    changed = {"PK": s("P"), "SK": s("A00"), "note": s("a0"), "brandnew": s("x")}
    assert panel.model.replace_item({"PK": s("P"), "SK": s("A00")}, changed)
    assert "brandnew" in panel.model.columns()
    settle()
    assert_editing(panel, "A01", "EDITED")
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)
    assert staged_note(panel) == ("A01", s("EDITED"))


def test_text_that_cannot_be_staged_yet_is_kept_to_fix(qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    first_pages(qtbot, panel)
    type_into(qtbot, panel, "A02", "12x")
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.type_box.setCurrentText("N")
    assert editor.check() is not None
    changed = {"PK": s("P"), "SK": s("A00"), "note": s("a0"), "brandnew": s("x")}
    panel.model.replace_item({"PK": s("P"), "SK": s("A00")}, changed)
    settle()
    assert_editing(panel, "A02", "12x")
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    assert editor.type_box.currentText() == "N" and editor.problem.isVisibleTo(editor)


def test_an_item_hidden_meanwhile_gets_the_typed_value_staged(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection) -> None:
    """Hiding expired items resets the model too; the edited item, now hidden, cannot be edited
    on: what was typed is staged on it, as leaving the cell would."""
    with empty_keys_table(demo_conn, "survive-ttl") as info:
        client = demo_conn.client
        client.update_time_to_live(TableName=info.name, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expiresAt"})
        client.put_item(TableName=info.name, Item={"PK": s("P"), "SK": s("A00"), "note": s("a0")})
        client.put_item(TableName=info.name, Item={"PK": s("P"), "SK": s("A01"), "note": s("a1"),
                                                   "expiresAt": {"N": str(int(time.time()) - 3600)}})
        window = open_window(qtbot, demo_conn, info.name)
        window.show()
        panel = window.items_panel
        assert panel.model.ttl_attribute == "expiresAt" and panel.model.hidden_count == 0
        type_into(qtbot, panel, "A01", "LAST WORDS")
        panel.model.set_hide_expired(True)
        settle()
        assert panel.model.hidden_count == 1
        assert staged_note(panel) == ("A01", s("LAST WORDS"))
        window.close()


def test_a_new_read_stages_what_the_open_editor_holds(qtbot: Any, window: MainWindow) -> None:
    """Ctrl+R / F5 (a new read) resets the rows: the typed value is staged first, on its item."""
    panel = window.items_panel
    first_pages(qtbot, panel)
    type_into(qtbot, panel, "A01", "TYPED BEFORE READ")
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0 and not panel.controller.busy, timeout=15000)
    assert staged_note(panel) == ("A01", s("TYPED BEFORE READ"))


def test_another_table_stages_what_the_open_editor_holds(qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    first_pages(qtbot, panel)
    info = panel.info
    type_into(qtbot, panel, "A02", "TYPED BEFORE SWITCH")
    panel.set_table(None)
    item = next(iter(panel.cell_edits.staging.edits))
    assert item.table == info.name and staged_note(panel) == ("A02", s("TYPED BEFORE SWITCH"))
