"""`dynoview watch` when the watched stream ends under it: the table re-created, or its stream
turned off and on, is followed on the new stream (seeded again with an audit), so a broken
write made there is still reported; a stream turned off for good ends a watch asked for a
verdict or a time with exit 2 and says what was not watched, never exit 0 "no finding
appeared"."""

from __future__ import annotations

import signal
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from tests.integration.test_cli_watch import Watch, signup

# moto (5.x) keeps a turned-off stream's shard open (no end to read) and fails transactions on
# a re-created table; DynamoDB Local ends streams as DynamoDB does.
pytestmark = [pytest.mark.integration,
              pytest.mark.only_on("dynamodb-local", reason="moto never ends a turned-off stream")]
STREAM = {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}


def create(conn: Connection, name: str) -> None:
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification=STREAM)
    conn.client.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 1})


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"watch-{uuid.uuid4().hex[:8]}"
    create(conn, name)
    yield name
    conn.client.delete_table(TableName=name)


def recreate(conn: Connection, name: str) -> None:
    conn.client.delete_table(TableName=name)
    conn.client.get_waiter("table_not_exists").wait(TableName=name, WaiterConfig={"Delay": 1})
    create(conn, name)


def stream_off(conn: Connection, name: str) -> None:
    conn.client.update_table(TableName=name, StreamSpecification={"StreamEnabled": False})


def stream_off_and_on(conn: Connection, name: str) -> None:
    stream_off(conn, name)
    time.sleep(1)
    conn.client.update_table(TableName=name, StreamSpecification=STREAM)


def summary_of(watch: Watch) -> dict[str, Any]:
    objects = watch.objects()
    assert objects and objects[-1]["type"] == "summary", (watch.out, watch.err)
    return objects[-1]


@pytest.mark.parametrize("replace", [recreate, stream_off_and_on], ids=["re-created", "off-and-on"])
def test_a_broken_write_to_the_new_stream_is_reported(conn: Connection, endpoint_url: str, table: str,
                                                      replace: Any) -> None:
    watch = Watch(endpoint_url, table, "--fail-on", "missing", "--format", "json",
                  "--duration", "60").ready()
    signup(conn, table, 1)  # a correct one, in the first stream
    replace(conn, table)
    signup(conn, table, 2, email_lock=False)
    assert watch.finish(timeout=90) == 1, watch.err
    assert any("was replaced" in line and "the watch follows the new one" in line for line in watch.err)
    summary = summary_of(watch)
    assert summary["failed"] is True and summary["appeared"] == {"MISSING_LOCK": 1}, summary
    assert summary["unwatched_since"] == {}
    [finding] = [o for o in watch.objects() if o["type"] == "finding"]
    assert (finding["status"], finding["value"]) == ("MISSING_LOCK", "user2@x.io")
    assert "Exit 1: a missing lock appeared" in watch.err[-1]


def test_a_stream_turned_off_for_good_is_exit_2_naming_what_was_not_watched(
        conn: Connection, endpoint_url: str, table: str) -> None:
    # Ended by SIGTERM once the watch says it waits, not by a --duration it must see the stream
    # end within (a loaded machine's slow engine could outlast it: exit 0, a flaky failure). The
    # generous --duration only bounds a watch that never says it.
    watch = Watch(endpoint_url, table, "--fail-on", "missing", "--format", "json",
                  "--duration", "120").ready()
    stream_off(conn, table)
    signup(conn, table, 3, email_lock=False)  # in no stream: the watch cannot see it
    watch.wait_for("Waiting for the table to get a stream again", timeout=100)
    watch.proc.send_signal(signal.SIGTERM)
    assert watch.finish(timeout=60) == 2, watch.err
    summary = summary_of(watch)
    assert summary["failed"] is False and summary["ended"] == "interrupted", summary
    assert list(summary["unwatched_since"]) == [table]
    last = watch.err[-1]
    assert "Exit 2: the stream ended" in last and "was not watched" in last, last
    assert "No finding of the --fail-on kinds appeared" not in last


def test_without_a_verdict_or_a_time_the_watch_ends_with_its_stream(
        conn: Connection, endpoint_url: str, table: str) -> None:
    watch = Watch(endpoint_url, table, "--format", "json").ready()
    stream_off(conn, table)
    assert watch.finish(timeout=60) == 0, watch.err
    summary = summary_of(watch)
    assert summary["ended"] == "the stream ended" and list(summary["unwatched_since"]) == [table]
