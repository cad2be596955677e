"""Review of streams and the live watch against a real endpoint (moto and DynamoDB Local):
what is said when a record may have been missed, and when the watch is not up to date.

The endpoints never expire iterators nor fail on their own: the service's errors are injected
into the real client once; everything else (iterators, records, the audit) is real."""

from __future__ import annotations

import time
from typing import Any

import pytest
from botocore.exceptions import ClientError, EndpointConnectionError

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.streams.description import table_stream_arn
from dynoview.core.streams.reader import LATEST, StreamReader
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.watcher import Watcher

pytestmark = pytest.mark.integration


def s(value: str) -> dict[str, str]:
    return {"S": value}


def expire_next_get_records(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    real = client.get_records
    calls = {"n": 0}

    def expire_once(**kw: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ClientError({"Error": {"Code": "ExpiredIteratorException",
                                         "Message": "Iterator expired"}}, "GetRecords")
        return real(**kw)

    monkeypatch.setattr(client, "get_records", expire_once)


def test_an_expired_latest_iterator_before_any_record_does_not_claim_nothing_was_skipped(
        conn: Connection, accounts_table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Following from LATEST with no record read yet, the iterator expires (a pause of more
    than 15 minutes): the write made meanwhile is behind a new LATEST iterator. It was said to
    be "no record skipped"; it is now said to be possibly missed, and counted as lost."""
    arn = table_stream_arn(conn, accounts_table)
    reader = StreamReader(conn, arn, position=LATEST, table=accounts_table)
    reader.open_iterators()
    assert reader.poll().events == []
    conn.client.put_item(TableName=accounts_table, Item={"PK": s("WHILE#PAUSED"), "SK": s("X")})
    expire_next_get_records(reader.client, monkeypatch)
    result = reader.poll()
    shown = [e.key_text() for e in result.events]
    if shown != ["PK=WHILE#PAUSED, SK=X"]:  # the write is behind the new iterator
        assert not any("no record was skipped" in n for n in result.notices), result.notices
        assert any("may have been missed" in n for n in result.notices), result.notices
        assert reader.records_lost == 1


def test_a_watch_whose_reads_fail_is_not_up_to_date(
        conn: Connection, accounts_table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dropped connection (retried) on every read: the step must not read as up to date,
    which Live mode showed as "up to date" beside the failure notice."""
    reader = Reader(conn)
    watcher = Watcher(reader, describe_table(conn, accounts_table), article_schema(), seed="audit")
    watcher.start()
    deadline = time.monotonic() + 30
    while not watcher.step().up_to_date:
        assert time.monotonic() < deadline
    client = watcher.follower.stream.client  # the reader's own client (short timeouts)

    def dropped(**kw: Any) -> Any:
        raise EndpointConnectionError(endpoint_url="http://localhost:1")

    monkeypatch.setattr(client, "get_records", dropped)
    step = watcher.step()
    assert any("trying again" in n for n in step.notices)
    assert step.failed and not step.up_to_date and not step.caught_up


def test_a_throttled_watch_is_not_up_to_date(
        conn: Connection, accounts_table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reader = Reader(conn)
    watcher = Watcher(reader, describe_table(conn, accounts_table), article_schema(), seed="audit")
    watcher.start()
    watcher.step()  # what was read during the seeding audit
    client = watcher.follower.stream.client  # the reader's own client (short timeouts)

    def throttled(**kw: Any) -> Any:
        raise ClientError({"Error": {"Code": "LimitExceededException", "Message": "slow down"}},
                          "GetRecords")

    monkeypatch.setattr(client, "get_records", throttled)
    step = watcher.step()
    assert any("slow down" in n for n in step.notices)
    assert not step.up_to_date
