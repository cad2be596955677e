"""The create dialog refuses, at the pasted JSON, a TTL attribute name UpdateTimeToLive would
refuse: before, the preview said "Then UpdateTimeToLive: TTL on tttt…" and Create was on, and
clicking it made the table and then failed at TTL ("CreateTable failed"). Nothing is sent now.
A description without TableName still asks, in the window, to type a name (it has a field)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.ui.context import AppContext
from dynoview.ui.tables.create_dialog import CreateTableDialog
from dynoview.ui.themed import is_refused

pytestmark = pytest.mark.gui


def described(attribute: Any, name: str | None = "copied") -> str:
    table: dict[str, Any] = {"KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                             "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}]}
    if name is not None:
        table["TableName"] = name
    return json.dumps({"Table": table, "TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED",
                                                                 "AttributeName": attribute}})


@pytest.fixture
def dialog(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
           demo_conn: Connection) -> Iterator[CreateTableDialog]:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    widget = CreateTableDialog(ctx)
    qtbot.addWidget(widget)
    widget.show()
    widget.from_describe.setChecked(True)
    yield widget
    ctx.tasks.shutdown()


@pytest.mark.parametrize("attribute", ["t" * 256, "é" * 128, ""], ids=["256-chars", "256-bytes", "empty"])
def test_a_ttl_attribute_name_dynamodb_refuses_is_refused_at_the_json(
        dialog: CreateTableDialog, attribute: str) -> None:
    dialog.describe.setPlainText(described("expiresAt"))
    assert dialog.create_button.isEnabled()
    dialog.describe.setPlainText(described(attribute))
    assert dialog.plan is None and not dialog.create_button.isEnabled()
    assert "TimeToLiveDescription.AttributeName" in dialog.status.text(), dialog.status.text()
    assert is_refused(dialog.describe) and "1 to 255 bytes" in dialog.describe.toolTip()
    assert "UpdateTimeToLive" not in dialog.preview.toPlainText()
    dialog.describe.setPlainText(described("é" * 127 + "e"))  # 255 bytes: DynamoDB's limit
    assert dialog.create_button.isEnabled() and not is_refused(dialog.describe)


def test_a_description_without_table_name_asks_to_type_one(dialog: CreateTableDialog) -> None:
    dialog.describe.setPlainText(described("expiresAt", name=None))
    assert not dialog.create_button.isEnabled()
    assert dialog.status.text() == "The description has no TableName: type a name for the table."
    assert is_refused(dialog.name)
    dialog.name.setText("named-here")
    assert dialog.create_button.isEnabled() and dialog.plan is not None
    assert dialog.plan.name == "named-here"
