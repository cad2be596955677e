"""Tables for local development in the window: the create dialog shows the CreateTable request
for the article's layout or a pasted DescribeTable answer and creates it; the delete dialog
deletes only once the name is typed exactly; on a connection that is not local both say why and
cannot send anything."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.ui.context import AppContext
from dynoview.ui.tables.create_dialog import CreateTableDialog
from dynoview.ui.tables.delete_dialog import DeleteTableDialog
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui


@pytest.fixture
def local_ctx(qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


@pytest.fixture
def aws_ctx(qasync_loop: asyncio.AbstractEventLoop) -> Iterator[tuple[AppContext, list[str]]]:
    """A context on an AWS endpoint, with every request its client would send recorded."""
    spec = ConnectionSpec(name="aws", endpoint_url="https://dynamodb.us-east-1.amazonaws.com",
                          region="us-east-1")
    conn = Connection(spec, credentials=FAKE_KEYS)
    sent: list[str] = []
    conn.client.meta.events.register("before-send.dynamodb", lambda request, **_: sent.append(request.url))
    context = AppContext()
    context.set_connection(conn)
    yield context, sent
    context.tasks.shutdown()


def test_create_the_article_layout_then_delete_it_by_typing_its_name(
        qtbot: Any, local_ctx: AppContext, demo_conn: Connection) -> None:
    name = f"dev-{uuid.uuid4().hex[:8]}"
    dialog = CreateTableDialog(local_ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.create_button.isEnabled()  # no name yet
    qtbot.keyClicks(dialog.name, name)
    shown = json.loads(dialog.preview.toPlainText().split("\n\nThen")[0])
    assert shown["TableName"] == name and shown["GlobalSecondaryIndexes"][0]["IndexName"] == "email-index"
    assert "TTL on expiresAt" in dialog.preview.toPlainText()
    with qtbot.waitSignal(dialog.created, timeout=30000) as created:
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert created.args == [name]
    table = demo_conn.client.describe_table(TableName=name)["Table"]
    assert table["StreamSpecification"]["StreamViewType"] == "NEW_AND_OLD_IMAGES"

    delete = DeleteTableDialog(local_ctx, name)
    qtbot.addWidget(delete)
    delete.show()
    qtbot.keyClicks(delete.typed, name.upper())
    assert not delete.delete_button.isEnabled()
    delete.typed.clear()
    qtbot.keyClicks(delete.typed, name)
    assert delete.delete_button.isEnabled()
    with qtbot.waitSignal(delete.deleted, timeout=30000):
        qtbot.mouseClick(delete.delete_button, Qt.MouseButton.LeftButton)
    assert name not in demo_conn.list_tables()


def test_create_a_copy_from_a_pasted_describe_table_answer(qtbot: Any, local_ctx: AppContext,
                                                           demo_conn: Connection, seeded_table: str) -> None:
    answer = demo_conn.client.describe_table(TableName=seeded_table)
    name = f"copy-{uuid.uuid4().hex[:8]}"
    dialog = CreateTableDialog(local_ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.from_describe, Qt.MouseButton.LeftButton)
    dialog.describe.setPlainText("{not json")
    assert "not JSON" in dialog.status.text() and not dialog.create_button.isEnabled()
    dialog.describe.setPlainText(json.dumps(answer, default=str))
    qtbot.keyClicks(dialog.name, name)
    assert json.loads(dialog.preview.toPlainText())["TableName"] == name
    try:
        with qtbot.waitSignal(dialog.created, timeout=30000):
            qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
        copy = demo_conn.client.describe_table(TableName=name)["Table"]
        assert copy["KeySchema"] == answer["Table"]["KeySchema"]
        assert ({i["IndexName"] for i in copy["GlobalSecondaryIndexes"]}
                == {i["IndexName"] for i in answer["Table"]["GlobalSecondaryIndexes"]})
    finally:
        if name in demo_conn.list_tables():
            demo_conn.client.delete_table(TableName=name)


def test_on_aws_both_dialogs_refuse_and_send_nothing(qtbot: Any,
                                                     aws_ctx: tuple[AppContext, list[str]]) -> None:
    ctx, sent = aws_ctx
    create = CreateTableDialog(ctx)
    qtbot.addWidget(create)
    create.show()
    qtbot.keyClicks(create.name, "accounts")
    assert "only create a table on a local endpoint" in create.status.text()
    assert not create.create_button.isEnabled()
    create.create_table()  # even called directly, nothing goes out
    delete = DeleteTableDialog(ctx, "accounts")
    qtbot.addWidget(delete)
    delete.show()
    assert "only delete a table on a local endpoint" in delete.status.text()
    assert not delete.typed.isEnabled() and not delete.delete_button.isEnabled()
    delete.typed.setText("accounts")
    delete.delete()
    qtbot.wait(50)
    assert sent == [] and not ctx.tasks.running()
