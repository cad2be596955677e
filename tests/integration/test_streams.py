"""Streams against the local endpoint over HTTP: what it emits for puts, transactions,
updates and deletes; key filters; following; re-acquiring an expired iterator.

moto emits no TTL deletes (it never expires items) and breaks when a stream is disabled,
so TTL labels and closed shards are tested on recorded records in tests/unit.
"""

from __future__ import annotations

from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import EVENTUAL, ReadLog
from dynoview.core.session.connection import Connection
from dynoview.core.streams.description import describe_stream, table_stream_arn
from dynoview.core.streams.key_filter import KeyFilter
from dynoview.core.streams.reader import (
    AFTER_SEQUENCE_NUMBER,
    AT_SEQUENCE_NUMBER,
    LATEST,
    TRIM_HORIZON,
    StreamReader,
)
from dynoview.demo.backend import HEALTHY

pytestmark = pytest.mark.integration


def s(value: str) -> dict[str, str]:
    return {"S": value}


def test_describe_stream_of_the_seeded_table(conn: Connection, accounts_table: str) -> None:
    arn = table_stream_arn(conn, accounts_table)
    info = describe_stream(conn, arn)
    assert info.table_name == accounts_table
    assert info.view_type == "NEW_AND_OLD_IMAGES"
    assert info.key_names == ("PK", "SK")
    assert len(info.shards) == 1 and info.shards[0].is_open
    assert info.roots() == list(info.shards)


def test_trim_horizon_has_every_seeded_write_including_transactions(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    arn = table_stream_arn(conn, accounts_table)
    events = read_events(conn, arn, log=reader.log, table=accounts_table)
    scanned = reader.read("Scan", {"TableName": accounts_table})["Count"]
    inserts = [e for e in events if e.event_name == "INSERT"]
    assert len(inserts) == scanned  # one INSERT per item written
    # Plus the demo's buggy email change (account updated, old lock kept): one MODIFY.
    [change] = [e for e in events if e.event_name != "INSERT"]
    assert (change.event_name, change.key_text()) == ("MODIFY", "PK=ACCT#4c5d6e, SK=PROFILE")
    assert change.diff_text() == "~email: barbara@mit.edu → barbara@liskov.io"
    # The first signup was one TransactWriteItems: account plus two locks, one record each.
    first = [e.key_text() for e in events[:3]]
    assert first == ["PK=ACCT#a1f9c3, SK=PROFILE", "PK=UNIQ#EMAIL#ada@lovelace.io, SK=LOCK",
                     "PK=UNIQ#HANDLE#ada, SK=LOCK"]
    assert events[0].diff and all(c.kind == "added" for c in events[0].diff)
    receipts = [r for r in reader.log.receipts() if r.operation == "GetRecords"]
    assert receipts and all(r.consistency == EVENTUAL for r in receipts)
    assert receipts[0].table == accounts_table and receipts[0].count == len(events)


def change_email_transaction(table: str) -> dict[str, Any]:
    """The article's email change: put the new lock, delete the old, update the account."""
    return {"TransactItems": [
        {"Put": {"TableName": table, "Item": {"PK": s("UNIQ#EMAIL#ada@analytical.engine"),
                                               "SK": s("LOCK")},
                 "ConditionExpression": "attribute_not_exists(PK)"}},
        {"Delete": {"TableName": table, "Key": {"PK": s("UNIQ#EMAIL#ada@lovelace.io"),
                                                "SK": s("LOCK")}}},
        {"Update": {"TableName": table, "Key": {"PK": s("ACCT#a1f9c3"), "SK": s("PROFILE")},
                    "UpdateExpression": "SET email = :e",
                    "ExpressionAttributeValues": {":e": s("ada@analytical.engine")}}},
    ]}


def test_transaction_emits_insert_remove_and_modify_with_diff(
        conn: Connection, accounts_table: str) -> None:
    arn = table_stream_arn(conn, accounts_table)
    follower = StreamReader(conn, arn, position=LATEST, table=accounts_table)
    assert follower.poll().events == []
    conn.client.transact_write_items(**change_email_transaction(accounts_table))
    events = follower.poll().events
    assert [(e.event_name, e.label) for e in events] == [
        ("INSERT", "inserted"), ("REMOVE", "deleted"), ("MODIFY", "modified")]
    remove, modify = events[1], events[2]
    assert not remove.ttl_delete  # a user delete, not an expiry
    assert remove.old_image is not None and remove.new_image is None
    assert [(c.name, c.kind, c.old, c.new) for c in modify.diff] == [
        ("email", "changed", s("ada@lovelace.io"), s("ada@analytical.engine"))]
    line = modify.to_json()
    assert line["diff"][0]["old"] == {"S": "ada@lovelace.io"}
    assert line["keys"] == {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}


def test_key_filter_answers_what_happened_to_this_signup(conn: Connection, accounts_table: str) -> None:
    conn.client.transact_write_items(**change_email_transaction(accounts_table))
    arn = table_stream_arn(conn, accounts_table)
    flt = KeyFilter.parse(["UNIQ#EMAIL#ada@lovelace.io", "ACCT#a1f9c3,PROFILE"])
    events = read_events(conn, arn, key_filter=flt, table=accounts_table)
    assert [(e.key_text(), e.event_name) for e in events] == [
        ("PK=ACCT#a1f9c3, SK=PROFILE", "INSERT"),
        ("PK=UNIQ#EMAIL#ada@lovelace.io, SK=LOCK", "INSERT"),
        ("PK=UNIQ#EMAIL#ada@lovelace.io, SK=LOCK", "REMOVE"),
        ("PK=ACCT#a1f9c3, SK=PROFILE", "MODIFY"),
    ]


def test_follow_picks_up_new_writes(conn: Connection, accounts_table: str) -> None:
    arn = table_stream_arn(conn, accounts_table)
    reader = StreamReader(conn, arn, position=LATEST, table=accounts_table)
    polls = reader.polls(follow=True, interval=0.05, max_seconds=20)
    assert next(polls).events == []
    for i in range(3):
        conn.client.put_item(TableName=accounts_table, Item={"PK": s(f"NEW#{i}"), "SK": s("X")})
    seen: list[str] = []
    for result in polls:
        seen.extend(e.key_text() for e in result.events)
        if len(seen) >= 3:
            break
    assert seen == [f"PK=NEW#{i}, SK=X" for i in range(3)]


def test_at_and_after_sequence_number(conn: Connection, accounts_table: str) -> None:
    arn = table_stream_arn(conn, accounts_table)
    everything = read_events(conn, arn)
    pivot = everything[5].sequence_number
    at = read_events_from(conn, arn, AT_SEQUENCE_NUMBER, pivot)
    after = read_events_from(conn, arn, AFTER_SEQUENCE_NUMBER, pivot)
    assert at[0].sequence_number == pivot
    assert after[0].sequence_number == everything[6].sequence_number
    assert len(at) == len(everything) - 5 and len(after) == len(at) - 1


def read_events(conn: Connection, arn: str, *, key_filter: KeyFilter | None = None,
                log: ReadLog | None = None, table: str | None = None) -> list:
    """Every record available now from the trim horizon, without following."""
    reader = StreamReader(conn, arn, key_filter=key_filter, log=log, table=table)
    return [e for result in reader.polls() for e in result.events]


def read_events_from(conn: Connection, arn: str, position: str, seq: str) -> list:
    reader = StreamReader(conn, arn, position=position, sequence_number=seq)
    return [e for result in reader.polls() for e in result.events]


def test_expired_iterator_resumes_without_a_gap(conn: Connection, accounts_table: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The endpoint never expires iterators, so the service's error is injected once; the
    re-acquired AFTER_SEQUENCE_NUMBER iterator is real."""
    arn = table_stream_arn(conn, accounts_table)
    reader = StreamReader(conn, arn, position=TRIM_HORIZON, table=accounts_table)
    first = [e for r in reader.polls() for e in r.events]
    conn.client.put_item(TableName=accounts_table, Item={"PK": s("AFTER#1"), "SK": s("X")})
    client = reader.client  # the reader's own client (short timeouts), not conn.streams_client()
    real = client.get_records
    calls = {"n": 0}

    def expire_once(**kw: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ClientError({"Error": {"Code": "ExpiredIteratorException",
                                         "Message": "Iterator expired"}}, "GetRecords")
        return real(**kw)

    monkeypatch.setattr(client, "get_records", expire_once)
    result = reader.poll()
    assert [e.key_text() for e in result.events] == ["PK=AFTER#1, SK=X"]
    assert any("expired" in n and first[-1].sequence_number in n for n in result.notices)


def test_table_without_stream_says_how_to_enable_it(conn: Connection) -> None:
    name = "no-stream-table-for-streams-test"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
    try:
        with pytest.raises(DynoViewError, match="StreamEnabled=true"):
            table_stream_arn(conn, name)
    finally:
        conn.client.delete_table(TableName=name)


def test_seeded_accounts_match_the_demo(conn: Connection, accounts_table: str) -> None:
    arn = table_stream_arn(conn, accounts_table)
    events = read_events(conn, arn, key_filter=KeyFilter.parse([f"ACCT#{h[0]},PROFILE" for h in HEALTHY]))
    assert len(events) == len(HEALTHY)


def test_fast_parser_keeps_binary_numbers_and_times(conn: Connection, accounts_table: str) -> None:
    """GetRecords bodies are parsed with orjson: values must come out as botocore's would."""
    from datetime import UTC, datetime, timedelta

    arn = table_stream_arn(conn, accounts_table)
    reader = StreamReader(conn, arn, position=LATEST, table=accounts_table)
    reader.poll()
    item = {"PK": s("BIN#1"), "SK": s("X"), "raw": {"B": b"\x00\xffdata"},
            "n": {"N": "12345678901234567890.5"}, "set": {"BS": [b"\x01", b"\x02"]}}
    conn.client.put_item(TableName=accounts_table, Item=item)
    (event,) = reader.poll().events
    assert event.new_image == item
    assert event.time is not None and abs(datetime.now(UTC) - event.time) < timedelta(minutes=5)
    assert event.to_json()["new_image"]["raw"] == {"B": "AP9kYXRh"}
