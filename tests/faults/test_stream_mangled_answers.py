"""GetRecords answers a proxy mangles, on a real endpoint (hostile watch test, defects 1, 4, 5):

- ``{}`` (or Records without a next iterator) on a shard DescribeStream lists as open is not a
  closed shard: the stream reader, the watch's follower and ``dynoview stream`` say it and read
  on, so a record written afterwards is read;
- JSON of the wrong shape (``[1]``, ``null``, Records not a list, SizeBytes not a number) is a
  damaged answer, said and asked again, never a traceback;
- answers cut short again and again fail the watch's round, which is retried (said), instead of
  ending the watch.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.streams.description import describe_stream, table_stream_arn
from dynoview.core.streams.reader import TRIM_HORIZON, StreamReader
from dynoview.core.watch.follow import StreamFollower
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]

BAD_SIZE = json.dumps({"Records": [{"eventName": "INSERT", "dynamodb": {
    "SizeBytes": "abc", "Keys": {"PK": {"S": "x"}, "SK": {"S": "LOCK"}}, "SequenceNumber": "1"}}],
    "NextShardIterator": "it"}).encode()
MANGLED = {
    "empty": (b"{}", "it has no Records"),
    "no-iterator": (b'{"Records": []}', "yet DescribeStream lists the shard as open"),
    "array": (b"[1]", "it is not a whole JSON answer"),
    "null": (b"null", "it is not a whole JSON answer"),
    "records-text": (b'{"Records": "abc", "NextShardIterator": "it"}', "its Records are not a list"),
    "size-text": (BAD_SIZE, "its SizeBytes is not a number of bytes"),
}


@pytest.fixture
def streamed(direct: Connection) -> Iterator[str]:
    """A table with a NEW_AND_OLD_IMAGES stream holding one write (lock A)."""
    name = f"mangled-{uuid.uuid4().hex[:8]}"
    direct.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    put(direct, name, "A")
    yield name
    direct.client.delete_table(TableName=name)


def put(conn: Connection, table: str, name: str) -> None:
    conn.client.put_item(TableName=table, Item={"PK": {"S": f"UNIQ#EMAIL#{name}@x.io"}, "SK": {"S": "LOCK"}})


def read(poll: object, polls: int = 6) -> tuple[list[str], list[str]]:
    """The partition keys and notices of ``polls`` polls (a reader's or a follower's)."""
    pks: list[str] = []
    notices: list[str] = []
    for _ in range(polls):
        result = poll()  # type: ignore[operator]
        events = getattr(result, "events", None)
        if events is None:
            events = [u.event for u in result.updates]
        pks += [e.keys["PK"]["S"] for e in events]
        notices += result.notices
    return pks, notices


def reader_for(conn: Connection, table: str) -> StreamReader:
    return StreamReader(conn, describe_stream(conn, table_stream_arn(conn, table)),
                        position=TRIM_HORIZON, table=table)


def follower_for(conn: Connection, table: str) -> StreamFollower:
    return StreamFollower(Reader(conn), describe_stream(conn, table_stream_arn(conn, table)), table,
                          TRIM_HORIZON)


@pytest.mark.parametrize("via", ["reader", "follower"])
@pytest.mark.parametrize("kind", list(MANGLED))
def test_a_mangled_answer_is_said_and_reading_goes_on(
        proxy: FaultProxy, pconn: Connection, direct: Connection, streamed: str, kind: str,
        via: str) -> None:
    body, said = MANGLED[kind]
    reading = reader_for(pconn, streamed) if via == "reader" else follower_for(pconn, streamed)
    assert read(reading.poll, 3)[0] == ["UNIQ#EMAIL#A@x.io"]
    rule = proxy.add(fp.REPLACE, operation="GetRecords", times=1, body=body, headers={})
    pks, notices = read(reading.poll, 1)
    assert rule.applied == 1 and pks == []
    assert any("arrived damaged" in n and said in n and "no record is skipped" in n for n in notices), \
        notices
    put(direct, streamed, "B")  # written after the mangled answer: still read, once
    assert read(reading.poll)[0] == ["UNIQ#EMAIL#B@x.io"]


def test_dynoview_stream_reads_past_an_empty_answer(
        capsys: pytest.CaptureFixture[str], proxy: FaultProxy, streamed: str) -> None:
    proxy.add(fp.REPLACE, operation="GetRecords", times=1, body=b"{}", headers={})
    code = main(["stream", "--table", streamed, "--endpoint-url", proxy.url])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert [json.loads(line)["keys"]["PK"]["S"] for line in out.splitlines()] == ["UNIQ#EMAIL#A@x.io"]
    assert "arrived damaged (it has no Records)" in err and "Traceback" not in err


def test_a_reader_refuses_garbage_again_and_again_with_a_sentence(
        proxy: FaultProxy, pconn: Connection, streamed: str) -> None:
    reader = reader_for(pconn, streamed)
    rule = proxy.add(fp.REPLACE, operation="GetRecords", times=None, body=b"[1]", headers={})
    with pytest.raises(DamagedResponseError, match="arrived damaged"):
        reader.poll()
    proxy.remove(rule)
    assert read(reader.poll, 3)[0] == ["UNIQ#EMAIL#A@x.io"]


@pytest.mark.parametrize("kind", [fp.CUT, fp.REPLACE])
def test_the_watch_retries_a_round_of_damaged_answers(
        proxy: FaultProxy, pconn: Connection, direct: Connection, streamed: str, kind: str) -> None:
    follower = follower_for(pconn, streamed)
    assert read(follower.poll, 3)[0] == ["UNIQ#EMAIL#A@x.io"]
    put(direct, streamed, "B")
    rule = proxy.add(kind, operation="GetRecords", times=None, body=b"{}", headers={})
    failed = follower.poll()  # every answer of the round damaged: said, retried later
    assert failed.failed and failed.wait_s > 0 and not failed.updates
    [notice] = failed.notices
    assert "arrived damaged" in notice and "trying again in" in notice and "No record is skipped" in notice
    proxy.remove(rule)
    assert read(follower.poll)[0] == ["UNIQ#EMAIL#B@x.io"]
