"""An edit or a delete of an item is built with its own table's uniqueness schema, not the main
Items tab's: staged cells are every Items tab's and extra Items tabs show other tables. Before,
an account's email edit on table A sent while table B (its own saved schema: accounts are
``USER#…``) was in the main tab went as a single Update (the old lock stuck, the new value
unlocked), and deleting the account from an extra Items tab left both its locks behind."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.template_forms import DeleteAccountForm
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window
from tests.helpers import account_key, lock_key

pytestmark = pytest.mark.gui
ACCOUNT = account_key("a1f9c3")  # ada@lovelace.io, handle ada (the demo's seed)
OLD, NEW = lock_key("EMAIL", "ada@lovelace.io"), lock_key("EMAIL", "ada@new.example")



def window_on_b(qtbot: Any, conn: Connection, b_table: str) -> MainWindow:
    """The window with B in the main tab and B's own schema saved for it."""
    window = open_window(qtbot, conn, b_table)
    qtbot.waitUntil(lambda: window.items_panel.model.rowCount() > 0, timeout=15000)
    window.ctx.set_schema(dataclasses.replace(article_schema(), account_pk_prefix="USER#"))
    return window


def show_in_main_tab(qtbot: Any, window: MainWindow, table: str) -> None:
    with qtbot.waitSignal(window.table_shown, timeout=15000):
        window.tables_panel.select(table)
    qtbot.waitUntil(lambda: window.items_panel.model.rowCount() > 0, timeout=15000)


def row_of(panel: ItemsPanel, key: dict[str, Any]) -> int:
    model = panel.model
    return next(r for r in range(model.rowCount())
                if all(model.item(r).get(k) == v for k, v in key.items()))


def type_email(qtbot: Any, panel: ItemsPanel, text: str) -> None:
    index = panel.model.index(row_of(panel, ACCOUNT), panel.model.columns().index("email"))
    panel.view.setCurrentIndex(index)
    panel.cell_edits.edit_current()
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.line.setText(text)
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)


def execute(qtbot: Any, builder: Any) -> Any:
    refused: list[Any] = []
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: (refused.append(preflight), answer(False))
    builder.result = None
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None or bool(refused), timeout=30000)
    assert not refused, refused[0].refusals
    return builder.result


def present(conn: Connection, table: str, key: dict[str, Any]) -> bool:
    return "Item" in conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)


def stage_on_a_then_show_b(qtbot: Any, conn: Connection, a_table: str,
                           b_table: str) -> tuple[MainWindow, ItemsPanel]:
    """Ada's email staged on A (no saved schema: the article's layout), then B in the main tab."""
    window = window_on_b(qtbot, conn, b_table)
    show_in_main_tab(qtbot, window, a_table)
    panel = window.items_panel
    type_email(qtbot, panel, "ada@new.example")
    show_in_main_tab(qtbot, window, b_table)  # B again, with its own saved schema
    assert window.ctx.schema.account_pk_prefix == "USER#"
    return window, panel


def test_an_email_staged_on_a_is_described_and_built_with_a_s_schema_while_b_is_in_the_main_tab(
        qtbot: Any, qasync_loop: Any, config: Path, demo_conn: Connection, seeded_table: str,
        users_table: str) -> None:
    window, panel = stage_on_a_then_show_b(qtbot, demo_conn, seeded_table, users_table)
    # The pane (every Items tab's) describes the lock move by A's rules.
    assert panel.cell_edits.pane.lines() == [
        "email: S ada@lovelace.io → S ada@new.example "
        "(protected: the email lock moves from ada@lovelace.io to ada@new.example)"]
    panel.cell_edits.pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")
    assert [(a.kind, a.target_key(("PK", "SK"))) for a in builder.transaction.actions] == [
        ("Put", NEW), ("Delete", OLD), ("Update", ACCOUNT)]


def test_an_email_staged_on_a_is_sent_with_a_s_schema_while_b_is_in_the_main_tab(
        qtbot: Any, qasync_loop: Any, config: Path, demo_conn: Connection, seeded_table: str,
        users_table: str) -> None:
    window, panel = stage_on_a_then_show_b(qtbot, demo_conn, seeded_table, users_table)
    panel.cell_edits.pane.review_button.click()
    result = execute(qtbot, window.feature("BuilderPanel"))
    assert result.status == "succeeded", result.message
    stored = demo_conn.client.get_item(TableName=seeded_table, Key=ACCOUNT, ConsistentRead=True)["Item"]
    assert stored["email"] == {"S": "ada@new.example"}
    assert not present(demo_conn, seeded_table, OLD)  # the old lock moved: no stuck signup
    assert present(demo_conn, seeded_table, NEW)  # the new value is locked


def test_an_account_deleted_from_an_extra_items_tab_takes_its_locks(
        qtbot: Any, qasync_loop: Any, config: Path, demo_conn: Connection, seeded_table: str,
        users_table: str) -> None:
    window = window_on_b(qtbot, demo_conn, users_table)
    window.open_items_tab(seeded_table)
    qtbot.waitUntil(lambda: bool(window.extra_items) and window.extra_items[0].model.rowCount() > 0,
                    timeout=15000)
    panel = window.extra_items[0]
    panel.view.selectRow(row_of(panel, ACCOUNT))
    panel.delete_selected()
    builder: Any = window.feature("BuilderPanel")
    form = builder.template_runner.current_form
    assert isinstance(form, DeleteAccountForm)  # an account of A, by A's rules
    form.accept()
    assert sorted((a.kind, str(a.target_key(("PK", "SK")))) for a in builder.transaction.actions) == sorted(
        ("Delete", str(key)) for key in (ACCOUNT, OLD, lock_key("HANDLE", "ada")))
    result = execute(qtbot, builder)
    assert result.status == "succeeded", result.message
    for key in (ACCOUNT, OLD, lock_key("HANDLE", "ada")):
        assert not present(demo_conn, seeded_table, key), key
