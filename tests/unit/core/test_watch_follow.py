"""Following a stream for the watch, without a network: a scripted streams client. Records
come with the item after them (read back when the stream has no new images); lost records
are flagged; throttling, expired iterators and failing calls are survived without skipping
a record."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError, EndpointConnectionError

from dynoview.core.reads.receipts import ReadLog
from dynoview.core.streams.description import stream_info_from_description
from dynoview.core.streams.reader import AFTER_SEQUENCE_NUMBER, LATEST, TRIM_HORIZON, StreamReader
from dynoview.core.streams.records import parse_record
from dynoview.core.watch.follow import READ_BACK_NOTE, StreamFollower, watch_record

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/accounts/stream/2026-11-30T08:00:00.000"


def description(view: str = "NEW_AND_OLD_IMAGES", shards: tuple[str, ...] = ("shard-1",)) -> dict[str, Any]:
    return {"StreamArn": ARN, "TableName": "accounts", "StreamViewType": view, "StreamStatus": "ENABLED",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}],
            "Shards": [{"ShardId": s, "SequenceNumberRange": {"StartingSequenceNumber": "1"}}
                       for s in shards]}


def rec(event: str, seq: int, pk: str, new: bool = True) -> dict[str, Any]:
    keys = {"PK": {"S": pk}, "SK": {"S": "PROFILE" if pk.startswith("ACCT#") else "LOCK"}}
    ddb: dict[str, Any] = {"Keys": keys, "SequenceNumber": str(seq),
                           "ApproximateCreationDateTime": 1796040000}
    if new and event != "REMOVE":
        ddb["NewImage"] = {**keys, "email": {"S": "ada@x.io"}}
    return {"eventID": f"e{seq}", "eventName": event, "dynamodb": ddb}


def client_error(code: str, status: int = 400) -> ClientError:
    return ClientError({"Error": {"Code": code, "Message": code},
                        "ResponseMetadata": {"HTTPStatusCode": status}}, "GetRecords")


class FakeStreams:
    """Shards of records; scripted failures per operation (a code, or an exception)."""

    def __init__(self, shards: dict[str, list[dict[str, Any]]], view: str = "NEW_AND_OLD_IMAGES") -> None:
        self.shards = shards
        self.description = description(view, tuple(shards))
        self.fail: dict[str, list[BaseException | None]] = {}  # None: that call succeeds
        self._iters: dict[str, tuple[str, int]] = {}
        self.iterator_calls: list[dict[str, Any]] = []

    def _scripted(self, op: str) -> None:
        queue = self.fail.get(op)
        if queue:
            failure = queue.pop(0)
            if failure is not None:
                raise failure

    def describe_stream(self, **kw: Any) -> dict[str, Any]:
        return {"StreamDescription": self.description}

    def get_shard_iterator(self, **kw: Any) -> dict[str, Any]:
        self.iterator_calls.append(kw)
        self._scripted("GetShardIterator")
        records = self.shards[kw["ShardId"]]
        kind = kw["ShardIteratorType"]
        if kind == TRIM_HORIZON:
            pos = 0
        elif kind == LATEST:
            pos = len(records)
        else:
            seqs = [r["dynamodb"]["SequenceNumber"] for r in records]
            pos = seqs.index(kw["SequenceNumber"]) + (kind == AFTER_SEQUENCE_NUMBER)
        token = f"it-{len(self._iters)}"
        self._iters[token] = (kw["ShardId"], pos)
        return {"ShardIterator": token}

    def get_records(self, ShardIterator: str, Limit: int) -> dict[str, Any]:
        self._scripted("GetRecords")
        shard, pos = self._iters[ShardIterator]
        records = self.shards[shard][pos:pos + Limit]
        token = f"it-{len(self._iters)}"
        self._iters[token] = (shard, pos + len(records))
        return {"Records": records, "NextShardIterator": token}


class FakeConn:
    def __init__(self, client: FakeStreams) -> None:
        self.client = client

    def streams_client(self) -> FakeStreams:
        return self.client


class FakeReader:
    """The table side: BatchGetItem answered from a dict of items (the first call may leave
    keys unprocessed, as a throttled DynamoDB does)."""

    def __init__(self, conn: FakeConn, items: dict[str, dict[str, Any]],
                 unprocessed_once: bool = False) -> None:
        self.conn = conn
        self.log = ReadLog()
        self.items = items
        self.calls: list[dict[str, Any]] = []
        self.unprocessed_once = unprocessed_once

    def read(self, operation: str, request: dict[str, Any]) -> dict[str, Any]:
        assert operation == "BatchGetItem"
        self.calls.append(request)
        [(table, spec)] = request["RequestItems"].items()
        assert spec["ConsistentRead"] is True
        keys = spec["Keys"]
        if self.unprocessed_once:
            self.unprocessed_once = False
            return {"Responses": {table: []}, "UnprocessedKeys": {table: {"Keys": keys}}}
        found = [self.items[k["PK"]["S"]] for k in keys if k["PK"]["S"] in self.items]
        return {"Responses": {table: found}, "UnprocessedKeys": {}}


def follower(fake: FakeStreams, items: dict[str, dict[str, Any]] | None = None,
             position: str = TRIM_HORIZON, **kw: Any) -> tuple[StreamFollower, FakeReader]:
    conn = FakeConn(fake)
    reader = FakeReader(conn, items or {}, **kw)
    info = stream_info_from_description(fake.description)
    stream = StreamReader(conn, info, position=position, table="accounts",  # type: ignore[arg-type]
                          parse=watch_record)
    return StreamFollower(reader, info, "accounts", position, stream), reader  # type: ignore[arg-type]


def test_records_come_with_their_new_image() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1"), rec("REMOVE", 2, "UNIQ#EMAIL#x")]})
    watch, reader = follower(fake)
    result = watch.poll()
    assert [u.event.sequence_number for u in result.updates] == ["1", "2"]
    assert result.updates[0].item is not None and result.updates[0].item["email"] == {"S": "ada@x.io"}
    assert result.updates[1].item is None and result.updates[1].source == "keys"
    assert reader.calls == [] and watch.notes() == []


def test_keys_only_streams_read_items_back_consistently_and_say_what_it_costs() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1", new=False),
                                    rec("MODIFY", 2, "ACCT#2", new=False)]}, view="KEYS_ONLY")
    acct1 = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@x.io"}}
    watch, reader = follower(fake, {"ACCT#1": acct1}, unprocessed_once=True)
    assert watch.notes() == [READ_BACK_NOTE.format(view="KEYS_ONLY")]
    assert "GetItem" in watch.notes()[0] and "1 read capacity unit" in watch.notes()[0]
    result = watch.poll()
    assert [(u.item, u.source) for u in result.updates] == [(acct1, "read back"), (None, "read back")]
    assert len(reader.calls) == 2  # the unprocessed keys were asked for again
    assert watch.read_back_items == 2


def test_trimmed_records_are_flagged_as_lost() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1"), rec("INSERT", 2, "ACCT#2")]})
    watch, _ = follower(fake)
    assert not watch.poll().lost
    fake.fail["GetRecords"] = [client_error("ExpiredIteratorException")]
    fake.fail["GetShardIterator"] = [client_error("TrimmedDataAccessException")]
    result = watch.poll()
    assert result.lost
    assert any("trimmed" in n for n in result.notices)
    assert not watch.poll().lost  # flagged once


def test_an_expired_iterator_is_renewed_after_the_last_record_read() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1")]})
    watch, _ = follower(fake)
    watch.poll()
    fake.shards["shard-1"].append(rec("INSERT", 2, "ACCT#2"))
    fake.fail["GetRecords"] = [client_error("ExpiredIteratorException")]
    result = watch.poll()
    assert [u.event.sequence_number for u in result.updates] == ["2"] and not result.lost
    assert fake.iterator_calls[-1]["ShardIteratorType"] == AFTER_SEQUENCE_NUMBER


def test_throttling_asks_for_a_longer_wait() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1")]})
    watch, _ = follower(fake)
    fake.fail["GetRecords"] = [client_error("LimitExceededException")]
    result = watch.poll()
    assert result.updates == [] and result.wait_s >= 1.0
    assert [u.event.sequence_number for u in watch.poll().updates] == ["1"]


def test_a_failing_call_is_retried_and_skips_no_record() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1")], "shard-2": [rec("INSERT", 7, "ACCT#7")]})
    watch, _ = follower(fake)
    watch.stream.open_iterators()
    # shard-1 is read, then shard-2's call fails: shard-1's record must come again.
    fake.fail["GetRecords"] = [None, EndpointConnectionError(endpoint_url="http://localhost:1")]
    result = watch.poll()
    assert result.updates == [] and result.wait_s > 0
    assert "trying again" in result.notices[0] and "No record is skipped" in result.notices[0]
    again = watch.poll()
    assert sorted(u.event.sequence_number for u in again.updates) == ["1", "7"]


def test_a_failed_read_back_keeps_the_records_for_the_next_round() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1", new=False)]}, view="KEYS_ONLY")
    acct1 = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}
    watch, reader = follower(fake, {"ACCT#1": acct1})
    failing = reader.read

    def fail_once(operation: str, request: dict[str, Any]) -> dict[str, Any]:
        reader.read = failing  # type: ignore[method-assign]
        raise client_error("ProvisionedThroughputExceededException")

    reader.read = fail_once  # type: ignore[method-assign]
    assert watch.poll().updates == []
    assert [u.item for u in watch.poll().updates] == [acct1]


def test_access_errors_are_not_retried() -> None:
    fake = FakeStreams({"shard-1": []})
    watch, _ = follower(fake)
    fake.fail["GetShardIterator"] = [client_error("AccessDeniedException")]
    try:
        watch.poll()
    except ClientError as exc:
        assert exc.response["Error"]["Code"] == "AccessDeniedException"
    else:
        raise AssertionError("an access error must end the watch with its sentence")


def test_the_watch_reads_a_record_as_parse_record_does_but_for_the_diff() -> None:
    ttl_delete = {
        "eventID": "e9", "eventName": "REMOVE", "userIdentity": {"type": "Service",
                                                                 "principalId": "dynamodb.amazonaws.com"},
        "dynamodb": {"ApproximateCreationDateTime": 1796040000.5, "SequenceNumber": "9", "SizeBytes": 70,
                     "StreamViewType": "NEW_AND_OLD_IMAGES",
                     "Keys": {"PK": {"B": "AP8="}, "SK": {"S": "LOCK"}},
                     "OldImage": {"PK": {"B": "AP8="}, "SK": {"S": "LOCK"}, "email": {"S": "a@x.io"}}}}
    lean = watch_record(ttl_delete, "shard-1", key_names=("PK", "SK"), table="accounts")
    full = parse_record(ttl_delete, "shard-1", key_names=("PK", "SK"), table="accounts")
    assert lean.diff == () and full.diff != ()
    assert lean.keys == full.keys == {"PK": {"B": b"\x00\xff"}, "SK": {"S": "LOCK"}}
    for name in ("time", "event_name", "sequence_number", "event_id", "ttl_delete", "identity_type",
                 "principal_id", "size_bytes", "view_type", "key_names", "table", "label"):
        assert getattr(lean, name) == getattr(full, name), name
    assert lean.key_text() == full.key_text() and lean.old_image is not None
    assert lean.old_image["email"] == {"S": "a@x.io"} and lean.new_image is None
