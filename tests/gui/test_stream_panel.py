"""The stream viewer standalone on a seeded local endpoint."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.reads.receipts import EVENTUAL
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.streams.reader import LATEST
from dynoview.core.streams.records import TTL_DELETE_LABEL, parse_record
from dynoview.ui.context import AppContext
from dynoview.ui.row_select import select_only_row
from dynoview.ui.stream.events_model import COL_EVENT, COL_LABEL, EVENT_COLORS
from dynoview.ui.stream.panel import StreamPanel
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui

TTL_RECORD: dict[str, Any] = {
    "eventID": "1", "eventName": "REMOVE",
    "dynamodb": {"ApproximateCreationDateTime": 1796040000,
                 "Keys": {"PK": {"S": "SESSION#s1"}, "SK": {"S": "SESSION"}},
                 "OldImage": {"PK": {"S": "SESSION#s1"}, "SK": {"S": "SESSION"},
                              "expiresAt": {"N": "1796025600"}},
                 "SequenceNumber": "999", "StreamViewType": "NEW_AND_OLD_IMAGES"},
    "userIdentity": {"type": "Service", "principalId": "dynamodb.amazonaws.com"},
}


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> StreamPanel:
    widget = StreamPanel(ctx)
    qtbot.addWidget(widget)
    widget.poll_interval_ms = 100
    qtbot.waitUntil(lambda: widget.info is not None, timeout=10000)
    return widget


def put(conn: Connection, table: str, pk: str) -> None:
    conn.client.put_item(TableName=table, Item={"PK": {"S": pk}, "SK": {"S": "X"}})


def test_describes_the_stream_and_states_the_ordering_rule(panel: StreamPanel) -> None:
    assert "NEW_AND_OLD_IMAGES" in panel.info_label.text()
    assert "Order holds per item" in panel.order_note.text()
    assert "not" in panel.order_note.text() and "partitions" in panel.order_note.text()
    assert panel.shards.topLevelItemCount() == 1
    assert panel.shards.topLevelItem(0).text(1) == "open"
    assert panel.read_button.isEnabled()


def test_read_from_trim_horizon_catches_up_and_leaves_eventual_receipts(
        qtbot: Any, panel: StreamPanel, ctx: AppContext) -> None:
    assert panel.start(follow=False)
    qtbot.waitUntil(lambda: panel.state == "idle" and not panel.pending, timeout=15000)
    # Every item written, plus the demo's buggy email change (a MODIFY of Barbara's account).
    assert panel.model.rowCount() == DEMO_ITEMS + 1
    assert f"Caught up after {DEMO_ITEMS + 1} records" in panel.status.text()
    receipts = [r for r in ctx.read_log.receipts() if r.operation == "GetRecords"]
    assert receipts and {r.consistency for r in receipts} == {EVENTUAL}


def test_switching_tables_forgets_what_was_said_about_the_last_stream(
        qtbot: Any, panel: StreamPanel, ctx: AppContext) -> None:
    """After a table switch the status is about the new table: never "0 records … Caught up
    after 64 records"; Clear forgets the note too."""
    assert panel.start(follow=False)
    qtbot.waitUntil(lambda: panel.state == "idle" and not panel.pending, timeout=15000)
    assert f"Caught up after {DEMO_ITEMS + 1}" in panel.status.text()
    panel.clear()
    assert "Caught up" not in panel.status.text()
    assert panel.start(follow=False)
    qtbot.waitUntil(lambda: panel.state == "idle" and not panel.pending, timeout=15000)
    table = ctx.table
    ctx.set_table(None)
    ctx.set_table(table)
    assert panel.status.text().startswith("0 records")
    assert "Caught up" not in panel.status.text() and "last poll" not in panel.status.text()


def test_follow_pause_and_resume(qtbot: Any, panel: StreamPanel, demo_conn: Connection,
                                 seeded_table: str) -> None:
    panel.position.setCurrentIndex(panel.position.findData(LATEST))
    panel.follow_button.setChecked(True)
    assert panel.state == "following"
    qtbot.waitUntil(lambda: panel.reader is not None and panel.polls >= 1, timeout=10000)
    put(demo_conn, seeded_table, "FOLLOW#1")
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10000)
    panel.pause()
    assert panel.state == "paused" and "paused" in panel.status.text()
    polls = panel.polls
    put(demo_conn, seeded_table, "FOLLOW#2")
    qtbot.wait(600)  # several poll intervals: nothing is polled while paused
    assert panel.model.rowCount() == 1 and panel.polls <= polls + 1
    panel.resume()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=10000)
    assert panel.model.event_at(1).key_text() == "PK=FOLLOW#2, SK=X"
    panel.stop()
    assert panel.state == "idle" and not panel.follow_button.isChecked()


def test_key_filter_colours_and_diff(qtbot: Any, panel: StreamPanel, demo_conn: Connection,
                                     seeded_table: str) -> None:
    demo_conn.client.transact_write_items(TransactItems=[
        {"Delete": {"TableName": seeded_table,
                    "Key": {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}}},
        {"Update": {"TableName": seeded_table, "Key": {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}},
                    "UpdateExpression": "SET email = :e",
                    "ExpressionAttributeValues": {":e": {"S": "ada@analytical.engine"}}}},
    ])
    panel.start(follow=False)
    qtbot.waitUntil(lambda: panel.state == "idle" and not panel.pending, timeout=15000)
    panel.key_filter.setText("UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3,PROFILE")
    proxy = panel.proxy
    rows = [(proxy.index(r, COL_EVENT).data(), proxy.index(r, COL_LABEL).data())
            for r in range(proxy.rowCount())]
    assert rows == [("INSERT", "inserted"), ("INSERT", "inserted"), ("REMOVE", "deleted"),
                    ("MODIFY", "modified")]
    assert "shown by the filter" in panel.status.text()
    insert_color = proxy.index(0, COL_EVENT).data(Qt.ItemDataRole.ForegroundRole).color().name()
    remove_color = proxy.index(2, COL_EVENT).data(Qt.ItemDataRole.ForegroundRole).color().name()
    assert insert_color in EVENT_COLORS["INSERT"] and remove_color in EVENT_COLORS["REMOVE"]
    select_only_row(panel.view, 3)
    assert panel.detail_tabs.diff.rowCount() == 1
    assert [panel.detail_tabs.diff.item(0, c).text() for c in range(4)] == [
        "email", "changed", "ada@lovelace.io", "ada@analytical.engine"]
    assert '"event": "MODIFY"' in panel.detail_tabs.record_json.toPlainText()
    panel.key_filter.setText(",oops")
    assert "no partition key" in panel.filter_error.text() and not panel.filter_error.isHidden()
    panel.key_filter.clear()
    assert proxy.rowCount() == panel.model.rowCount()


def test_ttl_deletes_are_labelled_and_filterable(panel: StreamPanel) -> None:
    panel.model.add_events([parse_record(TTL_RECORD, "shardId-x", key_names=("PK", "SK"))])
    panel.kind_filter.setCurrentIndex(panel.kind_filter.findText("TTL expiries"))
    assert panel.proxy.rowCount() == 1
    assert panel.proxy.index(0, COL_LABEL).data() == TTL_DELETE_LABEL
    source_row = panel.proxy.mapToSource(panel.proxy.index(0, COL_LABEL)).row()
    assert "dynamodb.amazonaws.com" in panel.model.tooltip(source_row, COL_LABEL)
    panel.kind_filter.setCurrentIndex(panel.kind_filter.findText("User deletes"))
    assert panel.proxy.rowCount() == 0


def test_table_without_stream_explains_how_to_enable_it(panel: StreamPanel, ctx: AppContext) -> None:
    ctx.set_table(TableInfo("plain", KeyAttribute("id", "S"), None))
    assert "has no stream" in panel.info_label.text()
    assert "StreamEnabled=true" in panel.info_label.text()
    assert not panel.read_button.isEnabled() and not panel.follow_button.isEnabled()
    assert panel.start() is False


def test_missing_sequence_number_is_a_message_not_a_crash(panel: StreamPanel) -> None:
    panel.position.setCurrentIndex(panel.position.findText("At sequence number"))
    assert panel.sequence.isEnabled()
    assert panel.start(follow=False) is False
    assert "needs the number" in panel.notice.text()
    assert panel.state == "idle"


def test_model_drops_oldest_beyond_its_bound(panel: StreamPanel) -> None:
    panel.model.max_rows = 3
    events = [parse_record({**TTL_RECORD, "dynamodb": {**TTL_RECORD["dynamodb"], "SequenceNumber": str(i)}})
              for i in range(5)]
    panel.model.add_events(events[:2])
    panel.model.add_events(events[2:])
    assert [e.sequence_number for e in panel.model.events()] == ["2", "3", "4"]
    assert panel.model.dropped == 2


def test_a_describe_error_is_shown_as_its_characters(panel: StreamPanel) -> None:
    """The description line is rich text (bold labels); a server's message in it is escaped."""
    from PySide6.QtGui import QTextDocument

    marker = '<b>B</b><img src="file:///nonexistent.png"><a href="x">L</a>'
    panel.controller.describe_failed.emit(f"DescribeStream failed: {marker}")
    document = QTextDocument()
    document.setHtml(panel.info_label.text())
    assert document.toPlainText() == f"DescribeStream failed: {marker}"
