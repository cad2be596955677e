"""A cell staged again on an attribute a transaction of this app wrote is guarded, after that
write, on the value written, whatever window or session made the transaction: the builder's
"written" notice says what it set (``WrittenKey.values``, ``core.edits.staging.written_values``).

Before, only the transaction "Review and send…" last opened in this very window was known (kept
in memory): after a restart, executing the restored transaction left the re-staged cell guarded
on the value before the user's own write, and its send was refused. A value that no transaction
of this app wrote still makes the guard fail."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from dynoview.core.edits.staging import written_values
from dynoview.core.session.connection import Connection
from dynoview.core.tx.model import PUT, UPDATE, Action, Transaction
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window
from tests.gui.test_staged_cells_after_send import KEY, PK, cell, type_in_cell  # noqa: F401

pytestmark = pytest.mark.gui
def execute(qtbot: Any, builder: Any) -> Any:
    """Execute what the builder holds; the preflight's refusal (a list of its summaries) if it
    refuses, else the result."""
    refused: list[str] = []
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: (refused.append(str(preflight)), answer(False))
    builder.result = None
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None or bool(refused), timeout=30000)
    return refused or builder.result


def stored(conn: Connection, table: str) -> dict[str, Any]:
    return conn.client.get_item(TableName=table, Key=KEY, ConsistentRead=True)["Item"]


def staged(panel: ItemsPanel) -> list[tuple[str, Any, Any]]:
    return [(c.attribute, c.old, c.new) for e in panel.cell_edits.staging.edits for c in e.cells]


def set_display_name(table: str, value: str) -> Transaction:
    """A transaction the user built by hand in the builder: an Update of displayName."""
    return Transaction([Action(UPDATE, table, key=dict(KEY), update="SET #n = :v",
                               names={"#n": "displayName"}, values={":v": {"S": value}})])


def test_a_cell_staged_again_is_rebased_on_the_restored_transaction_the_next_window_executes(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, config: Path) -> None:
    first = MainWindow()  # not qtbot's: it is deleted here, as a window the app closes is
    first.ctx.set_connection(demo_conn)
    first.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(first.table_shown, timeout=15000):
        first.tables_panel.select(seeded_table)
    before = stored(demo_conn, seeded_table)["displayName"]
    type_in_cell(qtbot, first.items_panel, "displayName", "V1")
    first.items_panel.cell_edits.pane.review_button.click()  # the builder holds T (V1)
    qtbot.waitUntil(lambda: any(config.rglob("current/*.json")), timeout=10000)
    first.closing_unattended = True  # as SIGTERM or a logout closes it: nothing asked
    first.close()
    first.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    assert staged(panel) == [("displayName", before, {"S": "V1"})]  # restored
    window.router.open_builder()
    builder: Any = window.feature("BuilderPanel")
    assert len(builder.transaction.actions) == 1  # T, restored
    window.tabs.setCurrentWidget(panel)
    type_in_cell(qtbot, panel, "displayName", "V2")
    window.tabs.setCurrentWidget(builder)
    result = execute(qtbot, builder)  # the restored T writes V1
    assert not isinstance(result, list) and result.status == "succeeded", result
    qtbot.waitUntil(lambda: staged(panel) == [("displayName", {"S": "V1"}, {"S": "V2"})], timeout=10000)
    window.tabs.setCurrentWidget(panel)
    panel.cell_edits.pane.review_button.click()
    result = execute(qtbot, window.feature("BuilderPanel"))
    assert not isinstance(result, list) and result.status == "succeeded", result  # not refused
    assert stored(demo_conn, seeded_table)["displayName"] == {"S": "V2"}
    qtbot.waitUntil(lambda: not staged(panel), timeout=10000)


def test_a_transaction_built_by_hand_that_writes_the_attribute_is_the_users_own_write(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, config: Path) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    type_in_cell(qtbot, panel, "displayName", "V2")
    window.router.open_builder()
    builder: Any = window.feature("BuilderPanel")
    builder.set_transaction(set_display_name(seeded_table, "V1"))
    result = execute(qtbot, builder)
    assert not isinstance(result, list) and result.status == "succeeded", result
    qtbot.waitUntil(lambda: staged(panel) == [("displayName", {"S": "V1"}, {"S": "V2"})], timeout=10000)


def test_a_value_no_transaction_of_the_app_wrote_still_fails_the_guard(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, config: Path) -> None:
    """"Review and send…" made T (displayName V1), which is replaced in the builder unsent;
    someone else writes V1; the app then writes another attribute of the item (status). The re-staged
    cell keeps its guard: V1 is in the table, but no transaction of this app wrote it."""
    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    before = stored(demo_conn, seeded_table)["displayName"]
    type_in_cell(qtbot, panel, "displayName", "V1")
    panel.cell_edits.pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")
    window.tabs.setCurrentWidget(panel)
    type_in_cell(qtbot, panel, "displayName", "V2")
    type_in_cell(qtbot, panel, "status", "suspended")
    demo_conn.client.update_item(  # someone else, outside the app
        TableName=seeded_table, Key=KEY, UpdateExpression="SET displayName = :v",
        ExpressionAttributeValues={":v": {"S": "V1"}})
    builder.set_transaction(Transaction([Action(UPDATE, seeded_table, key=dict(KEY),
                                                update="SET #s = :v", names={"#s": "status"},
                                                values={":v": {"S": "suspended"}})]))
    result = execute(qtbot, builder)
    assert not isinstance(result, list) and result.status == "succeeded", result
    # Read again and settled: the status cell is written; displayName keeps its guard.
    qtbot.waitUntil(lambda: len(staged(panel)) == 1, timeout=10000)
    assert staged(panel) == [("displayName", before, {"S": "V2"})]
    window.tabs.setCurrentWidget(panel)
    panel.cell_edits.pane.review_button.click()
    result = execute(qtbot, window.feature("BuilderPanel"))
    assert isinstance(result, list) or result.status != "succeeded", result
    assert stored(demo_conn, seeded_table)["displayName"] == {"S": "V1"}  # theirs, kept


def test_written_values_are_what_the_request_alone_says() -> None:
    update = Action(UPDATE, "t", key=dict(KEY),
                    update="SET #a = :a, b = if_not_exists(b, :b), c = c + :c, d.e = :d REMOVE f, g[0] "
                           "ADD h :h",
                    names={"#a": "a"},
                    values={":a": {"S": "x"}, ":b": {"S": "y"}, ":c": {"N": "1"}, ":d": {"S": "z"},
                            ":h": {"N": "2"}})
    assert written_values(update) == {"a": {"S": "x"}, "f": None}
    put = Action(PUT, "t", item={**KEY, "a": {"S": "x"}})
    assert written_values(put) == {**KEY, "a": {"S": "x"}}
    assert written_values(Action(UPDATE, "t", key=dict(KEY), update="SET = broken")) == {}
