"""The "Staged changes" pane names each staged item's lock moves by its own table's uniqueness
rules. The staged set is the window's, shared by every Items tab, so it can hold cells of tables
with different rules; before, the pane took one schema and, for such a set, showed no lock note
at all: an email change that moves a lock looked like a plain edit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import USER, open_window, users_schema  # USER: u@b.example on B
from tests.helpers import account_key

pytestmark = pytest.mark.gui
ADA = account_key("a1f9c3")  # ada@lovelace.io on the seeded table (A)


def show_in_main_tab(qtbot: Any, window: MainWindow, table: str) -> None:
    with qtbot.waitSignal(window.table_shown, timeout=15000):
        window.tables_panel.select(table)
    qtbot.waitUntil(lambda: window.items_panel.model.rowCount() > 0, timeout=15000)


def stage(qtbot: Any, panel: ItemsPanel, key: dict[str, Any], attribute: str, text: str) -> None:
    model = panel.model
    row = next(r for r in range(model.rowCount()) if all(model.item(r).get(k) == v for k, v in key.items()))
    panel.view.setCurrentIndex(model.index(row, model.columns().index(attribute)))
    panel.cell_edits.edit_current()
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.line.setText(text)
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)


def test_each_staged_item_is_described_by_its_own_table_s_rules(
        qtbot: Any, qasync_loop: Any, config: Path, demo_conn: Connection, seeded_table: str,
        users_table: str) -> None:
    window = open_window(qtbot, demo_conn, users_table)
    qtbot.waitUntil(lambda: window.items_panel.model.rowCount() > 0, timeout=15000)
    window.ctx.set_schema(users_schema())  # saved for B
    panel = window.items_panel
    stage(qtbot, panel, USER, "email", "u@new.example")
    stage(qtbot, panel, USER, "username", "u2")  # not protected by B's rules
    show_in_main_tab(qtbot, window, seeded_table)  # A: no saved schema, the article's layout
    stage(qtbot, panel, ADA, "email", "ada@new.example")
    stage(qtbot, panel, ADA, "username", "ada2")  # protected by A's rules
    lines = panel.cell_edits.pane.lines()
    assert sorted(lines) == sorted([
        "email: S u@b.example → S u@new.example "
        "(protected: the email lock moves from u@b.example to u@new.example)",
        "username: S u → S u2",
        "email: S ada@lovelace.io → S ada@new.example "
        "(protected: the email lock moves from ada@lovelace.io to ada@new.example)",
        "username: S ada → S ada2 (protected: the username lock moves from ada to ada2)"])
    show_in_main_tab(qtbot, window, users_table)  # B again: the notes are the same
    assert sorted(panel.cell_edits.pane.lines()) == sorted(lines)
