"""The Stream tab on a table whose stream was disabled. DynamoDB drops the StreamSpecification but
keeps LatestStreamArn, and the records stay readable for 24 hours. Before, the tab said the table
had no stream and suggested enabling one (a new, empty stream), with Read and Follow off; now it
describes the last stream, says it is disabled and how long its records are kept, and offers
Read (not Follow), which shows them."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo, describe_table
from dynoview.core.streams.description import disabled_stream_message
from dynoview.ui.context import AppContext
from dynoview.ui.stream.panel import StreamPanel
from tests.helpers import connect

pytestmark = [pytest.mark.gui,
              pytest.mark.only_on("dynamodb-local", reason="moto breaks when a stream is disabled "
                                  "(see tests/integration/test_streams.py); DynamoDB Local keeps it "
                                  "readable, as AWS does")]

SIGNUPS = ("SIGNUP#ada", "SIGNUP#bob", "SIGNUP#cy")


@pytest.fixture
def disabled_table(endpoint_url: str) -> Iterator[tuple[Connection, str]]:
    """A table that streamed three puts, then had its stream disabled."""
    conn = connect(endpoint_url, name="gui-test")
    name = f"tab-disabled-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    try:
        for pk in SIGNUPS:
            conn.client.put_item(TableName=name, Item={"PK": {"S": pk}})
        conn.client.update_table(TableName=name, StreamSpecification={"StreamEnabled": False})
        yield conn, name
    finally:
        conn.client.delete_table(TableName=name)


@pytest.fixture
def ctx(qasync_loop: asyncio.AbstractEventLoop,
        disabled_table: tuple[Connection, str]) -> Iterator[AppContext]:
    conn, name = disabled_table
    context = AppContext()
    context.set_connection(conn)
    info = describe_table(conn, name)
    assert not info.stream_enabled and info.stream_arn  # DynamoDB's answer the tab must read
    context.set_table(info)
    yield context
    context.tasks.shutdown()


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> StreamPanel:
    widget = StreamPanel(ctx)
    qtbot.addWidget(widget)
    widget.poll_interval_ms = 100
    # Described, or (before the fix) turned away at once as a table without a stream.
    qtbot.waitUntil(lambda: widget.info is not None or "has no stream" in widget.info_label.text(),
                    timeout=10000)
    return widget


def test_disabled_stream_is_described_and_offers_read_not_follow(
        panel: StreamPanel, disabled_table: tuple[Connection, str]) -> None:
    _, name = disabled_table
    text = panel.info_label.text()
    print("Stream tab says:", text)
    assert "has no stream" not in text and "StreamEnabled=true" not in text
    assert disabled_stream_message(name) in text
    assert "24 hours after the last one was written" in text
    assert panel.read_button.isEnabled()
    assert not panel.follow_button.isEnabled()
    assert "disabled" in panel.follow_button.toolTip()


def test_read_shows_the_records_the_disabled_stream_kept(qtbot: Any, panel: StreamPanel) -> None:
    assert panel.start(follow=False)
    qtbot.waitUntil(lambda: panel.state == "idle" and not panel.pending, timeout=15000)
    assert [panel.model.event_at(row).key_text() for row in range(panel.model.rowCount())] == \
        [f"PK={pk}" for pk in SIGNUPS]


def test_asking_to_follow_a_disabled_stream_only_reads_it(qtbot: Any, panel: StreamPanel) -> None:
    assert panel.start(follow=True)
    assert not panel.follow_button.isChecked()
    qtbot.waitUntil(lambda: panel.state == "idle" and not panel.pending, timeout=15000)
    assert panel.model.rowCount() == len(SIGNUPS)


def test_a_table_without_a_stream_arn_still_says_how_to_enable_one(
        panel: StreamPanel, ctx: AppContext) -> None:
    ctx.set_table(TableInfo("plain", KeyAttribute("id", "S"), None))
    assert "has no stream" in panel.info_label.text()
    assert "StreamEnabled=true" in panel.info_label.text()
    assert not panel.read_button.isEnabled() and not panel.follow_button.isEnabled()
    assert panel.follow_button.toolTip() and "disabled" not in panel.follow_button.toolTip()
