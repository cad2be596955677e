"""The check for attributes added since an item was opened runs again right before the send:
the confirmation can stay open as long as the user takes, and another writer's attribute added
meanwhile would be deleted unseen (a hostile test's data loss). Nothing is sent then, and the
builder says which attribute and what to do; without one, the Delete goes as confirmed."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.outcomes import NOT_SENT
from dynoview.core.tx.templates import delete_item
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
SESSION = {"PK": {"S": "SESSION#s-no-ttl"}, "SK": {"S": "SESSION"}}


def stored(conn: Connection, table: str) -> dict[str, Any] | None:
    item: dict[str, Any] | None = conn.client.get_item(TableName=table, Key=SESSION,
                                                       ConsistentRead=True).get("Item")
    return item


def builder_with_delete(qtbot: Any, conn: Connection, table: str) -> Any:
    window: MainWindow = open_window(qtbot, conn, table)
    builder: Any = window.feature("BuilderPanel")
    shown = stored(conn, table)
    assert shown is not None
    builder.drafts.receive(delete_item(describe_table(conn, table), shown), "Delete item")
    builder.ask_override = lambda preflight, table, answer: answer(False)
    return builder


def test_an_attribute_added_while_the_user_confirms_stops_the_send(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    builder = builder_with_delete(qtbot, demo_conn, seeded_table)

    def confirm_slowly(requirement: Any, preview: str, answer: Any) -> None:
        # Another writer, while the confirmation is open.
        demo_conn.client.update_item(TableName=seeded_table, Key=SESSION,
                                     UpdateExpression="SET refundId = :r",
                                     ExpressionAttributeValues={":r": {"S": "RF-1"}})
        answer(True)

    builder.ask_confirmation = confirm_slowly
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None, timeout=30000)
    assert builder.result.status == NOT_SENT and builder.result.attempts == 0
    assert "now also holds refundId, added since you opened it" in builder.result.message
    assert "Nothing was sent" in builder.result.message
    assert builder.status.text().startswith("Not sent: ")
    assert (stored(demo_conn, seeded_table) or {}).get("refundId") == {"S": "RF-1"}
    assert builder.action_log.entries_for_token(builder.result.token) == []  # never left the machine


def test_without_one_the_delete_is_sent_as_confirmed(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    builder = builder_with_delete(qtbot, demo_conn, seeded_table)
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None, timeout=30000)
    assert builder.result.status == "succeeded", builder.result.message
    assert stored(demo_conn, seeded_table) is None
