"""Edit as JSON… in the Items tab, end to end through the builder: the edit opens as an Update
of only the attributes changed, so an attribute another writer added while the dialog was open
survives the Execute; the dialog refuses, at once and with the reason, what the builder could
not build (nothing changed, a guard over DynamoDB's limits); a delete of an item wider than one
condition can check says how much its guard checks."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo, describe_table
from dynoview.core.values.dynamodb_json import dynamodb_json
from dynoview.ui.items.edit_dialog import ItemEditDialog
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window
from tests.gui.test_template_flows import execute

pytestmark = pytest.mark.gui
INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
SESSION = {"PK": {"S": "SESSION#s-no-ttl"}, "SK": {"S": "SESSION"}}


def s(text: str) -> dict[str, str]:
    return {"S": text}


def wide(count: int) -> dict[str, Any]:
    return {"PK": s("WIDE#1"), "SK": s("ITEM"), **{f"a{i:03d}": s(f"v{i}") for i in range(count)}}


def test_an_attribute_added_while_the_dialog_was_open_survives_the_edit(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    row = next(r for r in range(panel.model.rowCount()) if panel.model.item(r)["PK"] == SESSION["PK"])
    select_only_row(panel.view, row)
    seen = panel.model.item(row)
    panel.edit_selected()
    dialog = panel.edit_dialog
    assert dialog is not None
    hint = next(label.text() for label in dialog.findChildren(QLabel) if "DynamoDB JSON" in label.text())
    dialog.editor.setPlainText(dynamodb_json({**seen, "note": s("edited in DynoView")}))
    demo_conn.client.update_item(TableName=seeded_table, Key=SESSION, UpdateExpression="SET revoked = :r",
                                 ExpressionAttributeValues={":r": {"BOOL": True}})
    dialog.ok.click()
    builder: Any = window.feature("BuilderPanel")
    (action,) = builder.transaction.actions
    assert (action.kind, action.label) == ("Update", "edited item: note")
    assert builder.action_list.item(0).text().endswith("(edited item: note)")
    execute(qtbot, builder)  # through the preflight, as the user would
    stored = demo_conn.client.get_item(TableName=seeded_table, Key=SESSION, ConsistentRead=True)["Item"]
    assert stored == {**seen, "note": s("edited in DynoView"), "revoked": {"BOOL": True}}
    assert "an Update of only the attributes you changed" in hint  # what the dialog promised


def test_the_dialog_says_why_an_edit_cannot_be_opened(qtbot: Any) -> None:
    dialog = ItemEditDialog(wide(200), info=INFO)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ok.click()  # nothing edited
    assert dialog.item is None and dialog.isVisible()
    assert dialog.error.text().startswith("Not opened: Nothing changed: the item is as you saw it")
    many = {**wide(200), **{f"a{i:03d}": s("mine") for i in range(150)}}
    dialog.editor.setPlainText(dynamodb_json(many))
    dialog.ok.click()
    assert dialog.item is None
    assert dialog.error.text().startswith("Not opened: This edit changes 150 attributes, and the guard "
                                          "that each still holds the value you saw would need 301 "
                                          "operators; DynamoDB allows 300")
    fewer = {**wide(200), **{f"a{i:03d}": s("mine") for i in range(149)}}
    dialog.editor.setPlainText(dynamodb_json(fewer))
    dialog.ok.click()
    assert dialog.item == fewer and dialog.result()


def test_a_delete_of_a_wide_item_says_how_much_its_guard_checks(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    info = describe_table(demo_conn, seeded_table)
    window.ctx.delete_requested.emit(info, wide(180))
    builder: Any = window.feature("BuilderPanel")
    (action,) = builder.transaction.actions
    assert action.kind == "Delete" and action.condition.count(" = ") == 149
    assert builder.action_list.item(0).text().endswith(
        "(item, guarded on 149 of its 180 attributes (one condition holds no more): a change since "
        "to the other 31 is not detected)")
