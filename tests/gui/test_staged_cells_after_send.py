"""Staged cells around a send: a cell written by the transaction the builder held leaves the
staged set although another cell of the same item was staged after Review and send…, and that
one stays staged and sendable. A map the map editor would stage with an empty key (DynamoDB
refuses it) is refused in the editor, at the attribute, which stays open with the text."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.ui.items.panel import ItemsPanel
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
PK = "ACCT#c3e511"
KEY = {"PK": {"S": PK}, "SK": {"S": "PROFILE"}}


def cell(panel: ItemsPanel, column: str) -> Any:
    model = panel.model
    row = next(r for r in range(model.rowCount()) if model.item(r)["PK"]["S"] == PK)
    return model.index(row, model.columns().index(column))


def type_in_cell(qtbot: Any, panel: ItemsPanel, column: str, text: str) -> None:
    index = cell(panel, column)
    panel.view.setCurrentIndex(index)
    panel.cell_edits.edit_current()
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.line.setText(text)
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)


def execute(qtbot: Any, builder: Any) -> Any:
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: answer(False)
    builder.result = None
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None, timeout=30000)
    return builder.result


def test_a_written_cell_leaves_the_staged_set_and_one_staged_after_the_review_stays_sendable(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    staging = panel.cell_edits.staging
    type_in_cell(qtbot, panel, "displayName", "Alan M. Turing")
    panel.cell_edits.pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")  # holds the displayName Update
    window.tabs.setCurrentWidget(panel)
    type_in_cell(qtbot, panel, "status", "suspended")  # one more cell of the same item
    assert staging.edits.count == 2
    result = execute(qtbot, builder)
    assert result.status == "succeeded", result.message
    # The item is read again and the written cell dropped; the other stays.
    qtbot.waitUntil(lambda: staging.edits.count == 1, timeout=10000)
    lines = panel.cell_edits.pane.lines()
    assert len(lines) == 1 and lines[0].startswith("status: "), lines
    stored = demo_conn.client.get_item(TableName=seeded_table, Key=KEY, ConsistentRead=True)["Item"]
    assert stored["displayName"] == {"S": "Alan M. Turing"} and stored["status"] != {"S": "suspended"}
    window.tabs.setCurrentWidget(panel)
    panel.cell_edits.pane.review_button.click()
    result = execute(qtbot, window.feature("BuilderPanel"))
    assert result.status == "succeeded", result.message  # not refused on a stale guard
    stored = demo_conn.client.get_item(TableName=seeded_table, Key=KEY, ConsistentRead=True)["Item"]
    assert stored["status"] == {"S": "suspended"}
    qtbot.waitUntil(lambda: staging.edits.count == 0, timeout=10000)


def test_undo_after_discard_all_does_not_stage_again_what_the_builder_wrote(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    """Review and send…, Discard all, then Execute in the builder: Undo would have staged the
    written email change again, moving its lock from a value the table no longer holds."""
    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    staging = panel.cell_edits.staging
    type_in_cell(qtbot, panel, "email", "written@x.io")
    panel.cell_edits.pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")
    window.tabs.setCurrentWidget(panel)
    staging.discard_all()
    assert staging.edits.count == 0 and staging.edits.can_undo
    result = execute(qtbot, builder)
    assert result.status == "succeeded", result.message
    stored = demo_conn.client.get_item(TableName=seeded_table, Key=KEY, ConsistentRead=True)["Item"]
    assert stored["email"] == {"S": "written@x.io"}
    qtbot.waitUntil(lambda: not staging.edits.can_undo, timeout=10000)
    staging.undo()
    assert staging.edits.count == 0 and not panel.cell_edits.pane.lines()


def test_the_map_editor_refuses_an_empty_key_at_the_attribute_and_stays_open(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    demo_conn.client.update_item(
        TableName=seeded_table, Key=KEY, UpdateExpression="SET prefs = :p",
        ExpressionAttributeValues={":p": {"M": {"theme": {"S": "dark"}}}})
    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    panel.cell_edits.edit(cell(panel, "prefs"))
    dialog: Any = panel.cell_edits.dialog
    typed = '{"theme": {"S": "dark"}, "": {"S": "x"}}'
    dialog.editor.setPlainText(typed)
    dialog.stage()
    assert dialog.isVisible() and dialog.editor.toPlainText() == typed
    assert dialog.error.text().startswith(f"Not staged at {PK} / PROFILE › prefs: A map in this "
                                          "value has an empty key")
    assert panel.cell_edits.staging.edits.count == 0
    dialog.reject()
