"""A PartiQL statement is sent as the editor holds it: a no-break space (U+00A0) in a string
literal stays one. Before, the tab read the editor with ``toPlainText``, which turns an NBSP into
a plain space: ``WHERE PK = 'a<NBSP>b'`` queried ``'a b'`` and showed another item (a wrong
answer about the data), and the history kept the space too."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.ui import settings as saved
from dynoview.ui.context import AppContext
from dynoview.ui.json_text import raw_text
from dynoview.ui.partiql.panel import PartiqlPanel
from tests.helpers import connect

pytestmark = pytest.mark.gui
NBSP = "\u00a0"


@pytest.fixture
def conn(endpoint_url: str) -> Connection:
    return connect(endpoint_url, name=f"gui-nbsp-{uuid.uuid4().hex[:8]}")


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """Two items whose keys differ only by an NBSP against a plain space."""
    name = f"nbsp-{uuid.uuid4().hex[:8]}"
    client = conn.client
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    client.get_waiter("table_exists").wait(TableName=name)
    client.put_item(TableName=name, Item={"PK": {"S": f"a{NBSP}b"}, "kind": {"S": "nbsp"}})
    client.put_item(TableName=name, Item={"PK": {"S": "a b"}, "kind": {"S": "space"}})
    yield name
    client.delete_table(TableName=name)


@pytest.fixture
def ctx(qasync_loop: Any, conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(conn)
    yield context
    context.tasks.shutdown()


def panel_on(qtbot: Any, ctx: AppContext) -> PartiqlPanel:
    widget = PartiqlPanel(ctx)
    qtbot.addWidget(widget)
    return widget


def test_an_nbsp_in_a_literal_finds_its_item_and_history_keeps_it(
        qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> None:
    statement = f"SELECT * FROM \"{table}\" WHERE PK = 'a{NBSP}b'"
    panel = panel_on(qtbot, ctx)
    panel.editor.setPlainText(statement)
    assert raw_text(panel.editor) == statement  # the editor holds the NBSP
    assert panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0 or panel.error_label.isVisible(), timeout=15000)
    assert not panel.error_label.isVisible(), panel.error_label.text()
    assert [panel.model.item(r)["kind"] for r in range(panel.model.rowCount())] == [{"S": "nbsp"}]
    sent = [r for r in ctx.read_log.receipts() if r.operation == "ExecuteStatement"][-1]
    assert sent.request["Statement"] == statement
    # The history keeps the statement exactly, and a pick (the next start) puts it back exactly.
    assert saved.partiql_history(conn.spec.name)[0]["statement"] == statement
    other = panel_on(qtbot, ctx)
    other.load_history(1)
    assert raw_text(other.editor) == statement
    assert other.run()
    qtbot.waitUntil(lambda: other.model.rowCount() > 0 or other.error_label.isVisible(), timeout=15000)
    assert [other.model.item(r)["kind"] for r in range(other.model.rowCount())] == [{"S": "nbsp"}]
    assert saved.partiql_history(conn.spec.name) == [
        {"statement": statement, "parameters": [], "consistent": False}]  # the same entry, once
