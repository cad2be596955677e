"""Edit as JSON… that changes an item's key, end to end through the builder: the move's Delete
keeps the names of the attributes seen through the builder's editors (never in the request), and
an attribute another writer added while the dialog was open refuses the Execute at the preflight,
naming it, with the item left as it is; without one, the item moves."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.values.dynamodb_json import dynamodb_json
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window
from tests.gui.test_template_flows import execute

pytestmark = pytest.mark.gui
SESSION = {"PK": {"S": "SESSION#s-no-ttl"}, "SK": {"S": "SESSION"}}
MOVED = {"PK": {"S": "SESSION#s-moved"}, "SK": {"S": "SESSION"}}


def edit_key_as_json(window: MainWindow) -> tuple[dict[str, Any], Any]:
    """Open the session item in Edit as JSON…, give it the key ``MOVED`` and press OK: (the item
    seen, the builder holding the move)."""
    panel = window.items_panel
    row = next(r for r in range(panel.model.rowCount()) if panel.model.item(r)["PK"] == SESSION["PK"])
    select_only_row(panel.view, row)
    seen = dict(panel.model.item(row))
    panel.edit_selected()
    dialog = panel.edit_dialog
    assert dialog is not None
    dialog.editor.setPlainText(dynamodb_json({**seen, **MOVED}))
    return seen, dialog


def stored(conn: Connection, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
    item: dict[str, Any] | None = conn.client.get_item(TableName=table, Key=key,
                                                       ConsistentRead=True).get("Item")
    return item


def test_a_move_is_refused_when_an_attribute_was_added_while_the_dialog_was_open(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    seen, dialog = edit_key_as_json(window)
    demo_conn.client.update_item(TableName=seeded_table, Key=SESSION, UpdateExpression="SET revoked = :r",
                                 ExpressionAttributeValues={":r": {"BOOL": True}})
    dialog.ok.click()
    builder: Any = window.feature("BuilderPanel")
    delete, put = builder.transaction.actions
    assert (delete.kind, put.kind) == ("Delete", "Put")
    assert "seen" not in builder.preview and "revoked" not in builder.preview
    refused: list[Any] = []
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)

    def decline(preflight: Any, _table: str, answer: Any) -> None:
        refused.append(preflight)
        answer(False)  # the override is not typed: nothing is sent

    builder.ask_override = decline
    builder.execute()
    qtbot.waitUntil(lambda: bool(refused) or builder.result is not None, timeout=30000)
    assert builder.result is None and len(refused) == 1
    (refusal,) = refused[0].refusals
    assert refusal.action == 0 and "now also holds revoked, added since you opened it" in refusal.message
    assert "Reopen the item" in refusal.message
    assert stored(demo_conn, seeded_table, SESSION) == {**seen, "revoked": {"BOOL": True}}
    assert stored(demo_conn, seeded_table, MOVED) is None
    assert delete.seen is not None and set(delete.seen) == set(seen)  # kept through the editor


def test_a_move_without_an_added_attribute_moves_the_item(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    seen, dialog = edit_key_as_json(window)
    dialog.ok.click()
    builder: Any = window.feature("BuilderPanel")
    execute(qtbot, builder)  # through the preflight, as the user would
    assert stored(demo_conn, seeded_table, SESSION) is None
    assert stored(demo_conn, seeded_table, MOVED) == {**seen, **MOVED}
