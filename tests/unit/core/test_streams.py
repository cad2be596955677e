"""Stream records, diffs, TTL labelling, shard lineage and the reader's error handling,
without a network: recorded records and a scripted streams client."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.receipts import EVENTUAL, ReadLog
from dynoview.core.streams import reader as reader_module
from dynoview.core.streams.description import stream_info_from_description
from dynoview.core.streams.key_filter import KeyFilter
from dynoview.core.streams.reader import (
    AFTER_SEQUENCE_NUMBER,
    AT_SEQUENCE_NUMBER,
    LATEST,
    TRIM_HORIZON,
    StreamReader,
)
from dynoview.core.streams.records import (
    ADDED,
    CHANGED,
    REMOVED,
    TTL_DELETE_LABEL,
    StreamEvent,
    diff_images,
    is_ttl_delete,
    parse_record,
)

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/accounts/stream/2026-11-30T08:00:00.000"

# A TTL delete as DynamoDB delivers it to a Lambda trigger (lower-case identity keys,
# epoch-second timestamps): recorded from the documented event shape.
TTL_RECORD: dict[str, Any] = {
    "eventID": "c81e728d9d4c2f636f067f89cc14862c",
    "eventName": "REMOVE",
    "eventVersion": "1.1",
    "eventSource": "aws:dynamodb",
    "awsRegion": "us-east-1",
    "dynamodb": {
        "ApproximateCreationDateTime": 1796040000,
        "Keys": {"PK": {"S": "SESSION#s-expired-2h"}, "SK": {"S": "SESSION"}},
        "OldImage": {
            "PK": {"S": "SESSION#s-expired-2h"},
            "SK": {"S": "SESSION"},
            "account": {"S": "ACCT#a1f9c3"},
            "expiresAt": {"N": "1796025600"},
            "token": {"B": "AP8="},
        },
        "SequenceNumber": "4421584500000000017450439091",
        "SizeBytes": 120,
        "StreamViewType": "NEW_AND_OLD_IMAGES",
    },
    "userIdentity": {"type": "Service", "principalId": "dynamodb.amazonaws.com"},
}

# The same removal made by a user: no userIdentity at all.
USER_REMOVE: dict[str, Any] = {k: v for k, v in TTL_RECORD.items() if k != "userIdentity"}


def api_record(event: str, seq: int, pk: str, old: dict | None = None, new: dict | None = None,
               identity: dict | None = None) -> dict[str, Any]:
    """A record shaped as boto3's GetRecords returns it (datetime, bytes, capitalised identity)."""
    ddb: dict[str, Any] = {
        "ApproximateCreationDateTime": datetime(2026, 11, 30, 8, 0, seq % 60, tzinfo=UTC),
        "Keys": {"PK": {"S": pk}, "SK": {"S": "LOCK"}},
        "SequenceNumber": str(seq),
        "SizeBytes": 50,
        "StreamViewType": "NEW_AND_OLD_IMAGES",
    }
    if old is not None:
        ddb["OldImage"] = old
    if new is not None:
        ddb["NewImage"] = new
    record: dict[str, Any] = {"eventID": f"e{seq}", "eventName": event, "dynamodb": ddb}
    if identity is not None:
        record["userIdentity"] = identity
    return record


# --------------------------------------------------------------------------- records


def test_ttl_delete_is_labelled_from_a_recorded_lambda_record() -> None:
    event = parse_record(TTL_RECORD, "shardId-1", key_names=("PK", "SK"), table="accounts")
    assert is_ttl_delete(TTL_RECORD)
    assert event.ttl_delete
    assert event.label == TTL_DELETE_LABEL == "expired: deleted by DynamoDB"
    assert event.time == datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert event.key_text() == "PK=SESSION#s-expired-2h, SK=SESSION"
    assert event.old_image is not None and event.old_image["token"] == {"B": b"\x00\xff"}
    assert {c.kind for c in event.diff} == {REMOVED}
    data = event.to_json()
    assert data["label"] == TTL_DELETE_LABEL and data["ttl_delete"] is True
    assert data["user_identity"] == {"type": "Service", "principal_id": "dynamodb.amazonaws.com"}
    assert data["old_image"]["token"] == {"B": "AP8="}  # binary back to base64 in JSON
    json.dumps(data)  # the CLI line is plain JSON


def test_user_delete_is_not_a_ttl_delete() -> None:
    event = parse_record(USER_REMOVE)
    assert not event.ttl_delete
    assert event.label == "deleted"
    assert event.to_json()["user_identity"] is None


def test_getrecords_identity_spelling_is_recognised() -> None:
    record = api_record("REMOVE", 7, "SESSION#x", old={"PK": {"S": "SESSION#x"}},
                        identity={"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"})
    assert parse_record(record).label == TTL_DELETE_LABEL


@pytest.mark.parametrize("identity", [
    {"type": "Service", "principalId": "lambda.amazonaws.com"},
    {"type": "User", "principalId": "dynamodb.amazonaws.com"},
])
def test_other_service_or_user_identities_are_user_deletes(identity: dict) -> None:
    assert not is_ttl_delete({**USER_REMOVE, "userIdentity": identity})


def test_service_identity_on_a_modify_is_not_a_ttl_delete() -> None:
    record = api_record("MODIFY", 3, "X", old={"a": {"S": "1"}}, new={"a": {"S": "2"}},
                        identity={"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"})
    assert not parse_record(record).ttl_delete


def test_diff_uses_dynamodb_equality() -> None:
    old = {"n": {"N": "1.0"}, "s": {"S": "a"}, "gone": {"BOOL": True}, "tags": {"SS": ["x", "y"]}}
    new = {"n": {"N": "1"}, "s": {"S": "b"}, "tags": {"SS": ["y", "x"]}, "new": {"NULL": True}}
    changes = {c.name: c.kind for c in diff_images(old, new)}
    assert changes == {"s": CHANGED, "gone": REMOVED, "new": ADDED}
    assert [c.name for c in diff_images(old, new)] == ["s", "gone", "new"]


def test_modify_event_shows_changes_in_text_and_json() -> None:
    record = api_record("MODIFY", 5, "ACCT#a1", old={"email": {"S": "a@x.io"}, "v": {"N": "1"}},
                        new={"email": {"S": "b@x.io"}, "v": {"N": "1"}})
    event = parse_record(record, "shardId-1")
    assert event.label == "modified"
    assert event.diff_text() == '~email: a@x.io → b@x.io'
    assert event.to_json()["diff"] == [
        {"attribute": "email", "change": "changed", "old": {"S": "a@x.io"}, "new": {"S": "b@x.io"}}]
    assert event.to_json()["time"] == "2026-11-30T08:00:05Z"
    assert "MODIFY" in event.text_line() and "a@x.io → b@x.io" in event.text_line()


def test_keys_only_record_has_no_diff() -> None:
    record = api_record("INSERT", 2, "A")
    event = parse_record(record)
    assert event.diff == ()
    assert "keys only" in event.diff_text()


# --------------------------------------------------------------------------- key filter


def test_key_filter_matches_collection_or_item() -> None:
    ev_lock = parse_record(api_record("INSERT", 1, "UNIQ#EMAIL#ada@lovelace.io"), key_names=("PK", "SK"))
    ev_acct = parse_record(api_record("INSERT", 2, "ACCT#a1f9c3"), key_names=("PK", "SK"))
    ev_other = parse_record(api_record("INSERT", 3, "ACCT#zzz"), key_names=("PK", "SK"))
    flt = KeyFilter.parse(["UNIQ#EMAIL#ada@lovelace.io,LOCK", "ACCT#a1f9c3"])
    assert [flt.matches(e) for e in (ev_lock, ev_acct, ev_other)] == [True, True, False]
    assert not KeyFilter.parse("UNIQ#EMAIL#ada@lovelace.io,PROFILE").matches(ev_lock)
    assert KeyFilter.parse("ACCT#zzz; ACCT#a1f9c3").keys == (("ACCT#zzz", None), ("ACCT#a1f9c3", None))
    assert KeyFilter().matches(ev_other)  # an empty filter matches everything


def test_key_filter_escapes_and_numbers() -> None:
    assert KeyFilter.parse(r"a\,b,c").keys == (("a,b", "c"),)
    record = {"eventName": "INSERT", "dynamodb": {"Keys": {"id": {"N": "42"}}, "SequenceNumber": "1"}}
    event = parse_record(record, key_names=("id",))
    assert KeyFilter.parse("42.0").matches(event)
    assert not KeyFilter.parse("43").matches(event)
    with pytest.raises(DynoViewError, match="no partition key"):
        KeyFilter.parse(",LOCK")


def test_key_filter_with_three_parts_is_refused_not_folded_into_the_sort_key() -> None:
    with pytest.raises(DynoViewError) as info:
        KeyFilter.parse("UNIQ#EMAIL#ada@lovelace.io,LOCK,extra")
    assert "has 3 parts, but a key is PK or PK,SK" in info.value.message
    assert r"\," in info.value.message  # and how to write a comma inside a value
    assert KeyFilter.parse(r"a,b\,c").keys == (("a", "b,c"),)


# --------------------------------------------------------------------------- lineage


DESCRIPTION: dict[str, Any] = {
    "StreamArn": ARN,
    "StreamLabel": "2026-11-30T08:00:00.000",
    "StreamStatus": "ENABLED",
    "StreamViewType": "NEW_AND_OLD_IMAGES",
    "TableName": "accounts",
    "KeySchema": [{"AttributeName": "SK", "KeyType": "RANGE"}, {"AttributeName": "PK", "KeyType": "HASH"}],
    "Shards": [
        {"ShardId": "shardId-parent", "ParentShardId": "shardId-trimmed",
         "SequenceNumberRange": {"StartingSequenceNumber": "100", "EndingSequenceNumber": "199"}},
        {"ShardId": "shardId-child-a", "ParentShardId": "shardId-parent",
         "SequenceNumberRange": {"StartingSequenceNumber": "200"}},
        {"ShardId": "shardId-child-b", "ParentShardId": "shardId-parent",
         "SequenceNumberRange": {"StartingSequenceNumber": "300"}},
    ],
}


def test_lineage_open_closed_and_sequence_lookup() -> None:
    info = stream_info_from_description(DESCRIPTION)
    assert info.key_names == ("PK", "SK")
    assert [s.shard_id for s in info.roots()] == ["shardId-parent"]  # its parent was trimmed
    assert [s.shard_id for s in info.children("shardId-parent")] == ["shardId-child-a", "shardId-child-b"]
    assert [s.state for s in info.shards] == ["closed", "open", "open"]
    assert [(d, s.shard_id) for d, s in info.lineage()] == [
        (0, "shardId-parent"), (1, "shardId-child-a"), (1, "shardId-child-b")]
    assert info.shard_for_sequence("150").shard_id == "shardId-parent"  # type: ignore[union-attr]
    assert info.shard_for_sequence("350").shard_id == "shardId-child-b"  # type: ignore[union-attr]
    assert info.shard_for_sequence("5") is None
    text = "\n".join(info.describe_lines())
    assert "old and new images: full diffs" in text
    assert "    shardId-child-a [open]" in text and "Shards: 3 (2 open)" in text


# --------------------------------------------------------------------------- reader


def client_error(code: str, op: str = "GetRecords") -> ClientError:
    return ClientError({"Error": {"Code": code, "Message": code}}, op)


class FakeStreams:
    """A scripted DynamoDB Streams client: shards hold records; errors can be injected."""

    def __init__(self, description: dict[str, Any], shards: dict[str, list[dict]],
                 closed: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        self.description = description
        self.shards = shards
        self.closed = set(closed)
        self.fail: dict[str, list[str]] = {}  # operation -> codes to raise, in order
        self.iterator_calls: list[dict[str, Any]] = []
        self._iters: dict[str, tuple[str, int]] = {}

    def describe_stream(self, **kw: Any) -> dict[str, Any]:
        """The description, with an ending sequence number on each closed shard (as DynamoDB
        lists a closed shard: a reader takes a shard for closed only when it does)."""
        shards = [self._listed(s) for s in self.description.get("Shards", [])]
        return {"StreamDescription": {**self.description, "Shards": shards}}

    def _listed(self, shard: dict[str, Any]) -> dict[str, Any]:
        numbers = shard.get("SequenceNumberRange") or {}
        if shard["ShardId"] not in self.closed or "EndingSequenceNumber" in numbers:
            return shard
        records = self.shards.get(shard["ShardId"]) or []
        end = records[-1]["dynamodb"]["SequenceNumber"] if records else numbers.get("StartingSequenceNumber")
        return {**shard, "SequenceNumberRange": {**numbers, "EndingSequenceNumber": end}}

    def _raise_if_scripted(self, op: str) -> None:
        codes = self.fail.get(op)
        if codes:
            raise client_error(codes.pop(0), op)

    def get_shard_iterator(self, **kw: Any) -> dict[str, Any]:
        self.iterator_calls.append(kw)
        self._raise_if_scripted("GetShardIterator")
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
        self._raise_if_scripted("GetRecords")
        shard, pos = self._iters[ShardIterator]
        records = self.shards[shard][pos:pos + Limit]
        end = pos + len(records)
        response: dict[str, Any] = {"Records": records}
        if not (shard in self.closed and end >= len(self.shards[shard])):
            token = f"it-{len(self._iters)}"
            self._iters[token] = (shard, end)
            response["NextShardIterator"] = token
        return response


class FakeConn:
    def __init__(self, client: FakeStreams) -> None:
        self.client = client

    def streams_client(self) -> FakeStreams:
        return self.client


def make_reader(fake: FakeStreams, **kw: Any) -> tuple[StreamReader, ReadLog]:
    log = ReadLog()
    reader = StreamReader(FakeConn(fake), ARN, log=log, table="accounts", **kw)  # type: ignore[arg-type]
    return reader, log


def seqs(events: list) -> list[str]:
    return [e.sequence_number for e in events]


def three_shards() -> FakeStreams:
    return FakeStreams(DESCRIPTION, {
        "shardId-parent": [api_record("INSERT", 150, "P1"), api_record("MODIFY", 151, "P1",
                                                                       {"a": {"N": "1"}}, {"a": {"N": "2"}})],
        "shardId-child-a": [api_record("INSERT", 201, "A1")],
        "shardId-child-b": [api_record("REMOVE", 301, "B1", old={"a": {"N": "1"}})],
    }, closed={"shardId-parent"})


def drain(reader: StreamReader) -> tuple[list, list[str]]:
    events: list = []
    notices: list[str] = []
    for result in reader.polls():
        events.extend(result.events)
        notices.extend(result.notices)
    return events, notices


def test_trim_horizon_reads_parent_then_children_and_leaves_eventual_receipts() -> None:
    reader, log = make_reader(three_shards())
    events, notices = drain(reader)
    assert seqs(events) == ["150", "151", "201", "301"]
    assert any("Shard shardId-parent is closed" in n and "shardId-child-a" in n for n in notices)
    receipts = log.receipts()
    assert receipts and all(r.operation == "GetRecords" and r.consistency == EVENTUAL for r in receipts)
    assert receipts[0].count == 2 and receipts[0].table == "accounts"
    assert receipts[0].consumed_capacity is None
    assert set(receipts[0].request) == {"ShardIterator", "Limit"}
    assert receipts[0].extra["shard_id"] == "shardId-parent"


def test_latest_reads_only_open_shards_and_new_records() -> None:
    fake = three_shards()
    reader, _ = make_reader(fake)
    reader.position = LATEST
    events, _ = drain(reader)
    assert events == []
    assert {c["ShardId"] for c in fake.iterator_calls} == {"shardId-child-a", "shardId-child-b"}
    fake.shards["shardId-child-a"].append(api_record("INSERT", 202, "A2"))
    result = reader.poll()
    assert seqs(result.events) == ["202"]


def test_expired_iterator_is_reacquired_after_the_last_sequence_number() -> None:
    fake = three_shards()
    reader, log = make_reader(fake, position=AT_SEQUENCE_NUMBER, sequence_number="201")
    first = reader.poll()
    assert seqs(first.events) == ["201"]
    fake.shards["shardId-child-a"].append(api_record("INSERT", 202, "A2"))
    fake.fail["GetRecords"] = ["ExpiredIteratorException"]
    second = reader.poll()
    assert seqs(second.events) == ["202"]
    assert any("expired" in n and "after sequence number 201" in n for n in second.notices)
    assert fake.iterator_calls[-1] == {"StreamArn": ARN, "ShardId": "shardId-child-a",
                                       "ShardIteratorType": AFTER_SEQUENCE_NUMBER, "SequenceNumber": "201"}
    assert [r.error for r in log.receipts()].count("ExpiredIteratorException") == 1


def test_trimmed_data_restarts_at_trim_horizon_with_a_message() -> None:
    fake = three_shards()
    fake.fail["GetShardIterator"] = ["TrimmedDataAccessException"]
    reader, _ = make_reader(fake, position=AFTER_SEQUENCE_NUMBER, sequence_number="201")
    result = reader.poll()
    assert seqs(result.events) == ["201"]  # from the oldest record kept
    assert any("24 hours" in n and "trimmed" in n for n in result.notices)


def test_trimmed_on_get_records_also_recovers() -> None:
    fake = three_shards()
    reader, _ = make_reader(fake)
    fake.fail["GetRecords"] = ["TrimmedDataAccessException"]
    result = reader.poll()
    assert any("trimmed" in n for n in result.notices)
    assert seqs(result.events) == ["150", "151"]


def test_gone_shard_is_skipped_for_its_children() -> None:
    fake = three_shards()
    fake.fail["GetShardIterator"] = ["ResourceNotFoundException"]
    reader, _ = make_reader(fake)
    events, notices = drain(reader)
    assert seqs(events) == ["201", "301"]
    assert any("no longer exists" in n for n in notices)


def test_throttling_is_a_notice_not_a_crash() -> None:
    fake = three_shards()
    fake.fail["GetRecords"] = ["LimitExceededException"]
    reader, _ = make_reader(fake)
    result = reader.poll()
    assert result.events == [] and not result.caught_up and result.throttled
    assert any("slow down" in n for n in result.notices)
    assert seqs(reader.poll().events) == ["150", "151"]


def test_other_errors_propagate() -> None:
    fake = three_shards()
    fake.fail["GetRecords"] = ["AccessDeniedException"]
    reader, log = make_reader(fake)
    with pytest.raises(ClientError):
        reader.poll()
    assert log.receipts()[-1].error == "AccessDeniedException"


def test_key_filter_in_the_reader_counts_what_it_hides() -> None:
    reader, _ = make_reader(three_shards(), key_filter=KeyFilter.parse("P1"))
    result = reader.poll()
    assert seqs(result.events) == ["150", "151"]
    result = reader.poll()  # children
    assert result.events == [] and result.filtered_out == 2


def test_unknown_sequence_number_and_missing_number_are_explained() -> None:
    with pytest.raises(DynoViewError, match="needs the number"):
        make_reader(three_shards(), position=AT_SEQUENCE_NUMBER)
    reader, _ = make_reader(three_shards(), position=AT_SEQUENCE_NUMBER, sequence_number="7")
    with pytest.raises(DynoViewError, match="24-hour retention"):
        reader.poll()


def test_all_shards_closed_on_a_disabled_stream_finishes_with_a_notice() -> None:
    fake = three_shards()
    fake.closed |= {"shardId-child-a", "shardId-child-b"}
    fake.description = {**fake.description, "StreamStatus": "DISABLED"}
    reader, _ = make_reader(fake)
    events, notices = drain(reader)
    assert len(events) == 4
    assert any("no new records will arrive" in n for n in notices)


def test_all_shards_closed_on_an_enabled_stream_waits_for_the_next_shard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """DescribeStream may list a closed shard's child some time after it closed: the reader
    waits for it (it said the stream had ended, and a watch stopped) and reads it from its start."""
    monkeypatch.setattr(reader_module, "RELIST_S", 0.0)
    fake = three_shards()
    fake.closed |= {"shardId-child-a", "shardId-child-b"}
    reader, _ = make_reader(fake)
    events, notices = drain(reader)
    assert len(events) == 4
    assert not any("no new records will arrive" in n for n in notices)
    assert any("has not listed the next shard yet" in n for n in notices)
    waiting = reader.poll()
    assert not waiting.finished and waiting.caught_up and not waiting.events
    late = {"ShardId": "shardId-late", "ParentShardId": "shardId-child-b",
            "SequenceNumberRange": {"StartingSequenceNumber": "400"}}
    fake.description = {**fake.description, "Shards": [*fake.description["Shards"], late]}
    fake.shards["shardId-late"] = [api_record("INSERT", 401, "L1")]
    found = reader.poll()
    assert not found.finished and any("reading continues with shardId-late" in n for n in found.notices)
    assert seqs(reader.poll().events) == ["401"]


def test_full_pages_ask_for_an_immediate_repoll() -> None:
    fake = three_shards()
    reader, _ = make_reader(fake, limit=1)
    first = reader.poll()
    assert first.more and seqs(first.events) == ["150"]




def test_json_round_trip_keeps_everything() -> None:
    event = parse_record(TTL_RECORD, "shardId-1", key_names=("PK", "SK"), table="accounts")
    again = StreamEvent.from_json(json.loads(json.dumps(event.to_json())))
    assert again.to_json() == event.to_json()
    assert again.ttl_delete and again.old_image == event.old_image and again.time == event.time


def test_one_empty_page_is_not_the_end_of_a_shard() -> None:
    """GetRecords may answer empty before reaching a shard's records (documented)."""

    served: set[str] = set()

    class EmptyFirst(FakeStreams):
        def get_records(self, ShardIterator: str, Limit: int) -> dict[str, Any]:
            shard, pos = self._iters[ShardIterator]
            if shard not in served:
                served.add(shard)
                token = f"it-{len(self._iters)}"
                self._iters[token] = (shard, pos)
                return {"Records": [], "NextShardIterator": token}
            return super().get_records(ShardIterator, Limit)

    base = three_shards()
    fake = EmptyFirst(base.description, base.shards, base.closed)
    reader, _ = make_reader(fake)
    events, _ = drain(reader)
    assert seqs(events) == ["150", "151", "201", "301"]


def test_key_filter_escapes_semicolons_and_backslashes_in_one_pass() -> None:
    """A value holding ";" was cut into two keys (matching nothing, said nothing), and "\\\\" was
    unescaped twice, so a value ending in a backslash could not be written."""
    assert KeyFilter.parse(r"UNIQ#EMAIL#x\;y@x.io,LOCK").keys == (("UNIQ#EMAIL#x;y@x.io", "LOCK"),)
    assert KeyFilter.parse("back\\\\,LOCK").keys == (("back\\", "LOCK"),)
    assert KeyFilter.parse(r"a\,b,c;d").keys == (("a,b", "c"), ("d", None))
