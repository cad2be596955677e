"""A table whose key names hold "]" or "." is queried from the Items tab like any other: before,
"x]" raised an expression syntax error out of the Run button (the crash dialog), and a dotted
name was sent as a nested path that DynamoDB refuses in a key condition."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui


@pytest.fixture(params=["x]", "user.id"])
def odd_table(request: pytest.FixtureRequest, demo_conn: Connection) -> Iterator[tuple[str, str]]:
    pk = request.param
    name = f"odd-{uuid.uuid4().hex[:8]}"
    demo_conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": pk, "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": pk, "AttributeType": "S"}])
    for value in ("u1", "u2"):
        demo_conn.client.put_item(TableName=name, Item={pk: {"S": value}, "note": {"S": value}})
    yield name, pk
    demo_conn.client.delete_table(TableName=name)


def test_query_by_an_odd_key_name(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
                                  odd_table: tuple[str, str]) -> None:
    name, pk = odd_table
    window = open_window(qtbot, demo_conn, name)
    panel = window.items_panel
    panel.mode.setCurrentText("Query")
    panel.pk_value.setText("u2")
    panel.run()
    qtbot.waitUntil(lambda: not panel.controller.busy and panel.model.rowCount() == 1, timeout=10000)
    assert panel.model.item(0)[pk] == {"S": "u2"}
    assert panel.form.error_label.text() == ""
