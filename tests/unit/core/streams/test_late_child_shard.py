"""A closed shard's child that DescribeStream lists late, while other shards are still open: the
reader reads it once it is listed (after its parent, each record once), over a scripted DynamoDB
Streams client (neither moto nor DynamoDB Local splits or rolls shards)."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.reads.receipts import ReadLog
from dynoview.core.streams import reader as reader_module
from dynoview.core.streams.reader import StreamReader
from tests.unit.core.test_streams import FakeConn, FakeStreams

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/accounts/stream/2026-11-30T08:00:00.000"


def record(seq: int, pk: str) -> dict[str, Any]:
    return {"eventID": f"e{seq}", "eventName": "INSERT", "dynamodb": {
        "ApproximateCreationDateTime": 1796040000 + seq,
        "Keys": {"PK": {"S": pk}, "SK": {"S": "LOCK"}},
        "NewImage": {"PK": {"S": pk}, "SK": {"S": "LOCK"}},
        "SequenceNumber": str(seq).zfill(21), "SizeBytes": 50, "StreamViewType": "NEW_AND_OLD_IMAGES"}}


class Streams(FakeStreams):
    """``FakeStreams`` whose DescribeStream lists only the shards in ``listed`` (a child shard is
    listed some time after its parent closed), counting its calls."""

    def __init__(self, records: dict[str, list[dict[str, Any]]], parents: dict[str, str],
                 closed: set[str], listed: list[str], status: str = "ENABLED") -> None:
        shards = [{"ShardId": shard_id, "SequenceNumberRange": {
                       "StartingSequenceNumber": items[0]["dynamodb"]["SequenceNumber"]},
                   **({"ParentShardId": parents[shard_id]} if shard_id in parents else {})}
                  for shard_id, items in records.items()]
        super().__init__({"StreamArn": ARN, "TableName": "accounts", "StreamStatus": status,
                          "StreamViewType": "NEW_AND_OLD_IMAGES", "Shards": shards,
                          "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                                        {"AttributeName": "SK", "KeyType": "RANGE"}]},
                         records, closed)
        self.listed = listed
        self.describes = 0

    @property
    def status(self) -> str:
        return str(self.description["StreamStatus"])

    @status.setter
    def status(self, value: str) -> None:
        self.description["StreamStatus"] = value

    def describe_stream(self, **kw: Any) -> dict[str, Any]:
        self.describes += 1
        answer = super().describe_stream(**kw)
        answer["StreamDescription"]["Shards"] = [
            s for s in answer["StreamDescription"]["Shards"] if s["ShardId"] in self.listed]
        return answer


def rolled_over() -> Streams:
    """Shard A closed (its child A2 not listed yet), shard B open."""
    return Streams({"shardId-A": [record(1, "ada"), record(2, "bob")],
                    "shardId-B": [record(10, "cy")],
                    "shardId-A2": [record(100, "ada"), record(101, "dan")]},
                   parents={"shardId-A2": "shardId-A"}, closed={"shardId-A"},
                   listed=["shardId-A", "shardId-B"])


def reader_for(fake: Streams, **kw: Any) -> StreamReader:
    return StreamReader(FakeConn(fake), ARN, log=ReadLog(), table="accounts", **kw)  # type: ignore[arg-type]


def seqs(events: list) -> list[str]:
    return [e.sequence_number.lstrip("0") for e in events]


@pytest.mark.parametrize("forget", [False, True], ids=["stream-tab", "watch"])
def test_a_late_listed_child_is_read_while_another_shard_is_open(
        monkeypatch: pytest.MonkeyPatch, forget: bool) -> None:
    monkeypatch.setattr(reader_module, "RELIST_S", 0.0)
    fake = rolled_over()
    reader = reader_for(fake, forget_read_shards=forget)
    first = reader.poll()
    assert seqs(first.events) == ["1", "2", "10"]
    assert any("shardId-A is closed and its child shard is not listed yet: it is read once "
               "DynamoDB lists it" in n for n in first.notices)
    assert not any("no child shard yet" in n for n in first.notices)
    waiting = reader.poll()  # still not listed: nothing new, shard B keeps being read
    assert waiting.events == [] and not waiting.finished
    fake.listed.append("shardId-A2")
    found = reader.poll()
    assert any("reading continues with shardId-A2" in n for n in found.notices)
    assert not found.caught_up  # a shard was added and not read yet
    events = [*found.events]
    for result in reader.polls():
        events.extend(result.events)
    assert seqs(events) == ["100", "101"]
    assert sorted(c.shard_id for c in reader.active) == ["shardId-A2", "shardId-B"]
    for _ in range(3):  # read once: never added again
        assert reader.poll().events == []
    assert reader.shards_added == 3


def test_a_child_listed_before_its_parent_is_read_to_its_end_waits_for_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A key's records are in the parent first: a child listed (found by the relisting for
    another closed shard) while its parent still has records to read is read only after them."""
    monkeypatch.setattr(reader_module, "RELIST_S", 0.0)
    fake = Streams({"shardId-A": [record(n, "ada") for n in (1, 2, 3, 4)],
                    "shardId-C": [record(50, "eve")],
                    "shardId-B": [record(10, "cy")],
                    "shardId-A2": [record(100, "ada")],
                    "shardId-C2": [record(150, "eve")]},
                   parents={"shardId-A2": "shardId-A", "shardId-C2": "shardId-C"},
                   closed={"shardId-A", "shardId-C"},
                   listed=["shardId-A", "shardId-C", "shardId-B"])
    reader = reader_for(fake, limit=1)
    events = list(reader.poll().events)  # C read to its end, its child not listed; A: one record
    assert seqs(events) == ["1", "50", "10"]
    fake.listed.append("shardId-A2")  # listed while A still has records to read
    events += reader.poll().events
    assert "shardId-A2" not in reader.cursors
    fake.listed.append("shardId-C2")
    for result in reader.polls():
        events.extend(result.events)
    assert [s for s, e in zip(seqs(events), events, strict=True) if "ada" in str(e.keys["PK"])] == \
        ["1", "2", "3", "4", "100"]
    assert sorted(seqs(events), key=int) == ["1", "2", "3", "4", "10", "50", "100", "150"]


def test_relisting_is_bounded_by_relist_s() -> None:
    """DescribeStream is asked at most every RELIST_S while a child is awaited."""
    fake = rolled_over()
    reader = reader_for(fake)
    reader.poll()
    asked = fake.describes
    for _ in range(5):
        reader.poll()
    assert fake.describes == asked
    fake.listed.append("shardId-A2")
    reader._looked_for_shards -= reader_module.RELIST_S  # RELIST_S seconds pass
    found = reader.poll()
    assert fake.describes == asked + 1
    assert any("reading continues with shardId-A2" in n for n in found.notices)
    assert seqs(reader.poll().events) == ["100", "101"]


def test_no_relisting_once_every_closed_shard_has_its_child() -> None:
    fake = rolled_over()
    fake.listed.append("shardId-A2")
    reader = reader_for(fake)
    assert seqs(reader.poll().events) == ["1", "2", "10"]
    asked = fake.describes
    reader._looked_for_shards -= reader_module.RELIST_S
    assert seqs(reader.poll().events) == ["100", "101"]
    reader._looked_for_shards -= reader_module.RELIST_S
    reader.poll()
    assert fake.describes == asked  # nothing awaited: no DescribeStream


def test_a_disabled_stream_awaits_no_child() -> None:
    fake = rolled_over()
    fake.status = "DISABLED"
    reader = reader_for(fake)
    notices = reader.poll().notices
    asked = fake.describes
    reader._looked_for_shards -= reader_module.RELIST_S
    reader.poll()
    assert fake.describes == asked
    assert any("shardId-A is closed" in n for n in notices)


def test_the_frontier_waits_for_a_late_listed_child(monkeypatch: pytest.MonkeyPatch) -> None:
    """The watch judges a write whole once the frontier passes its records' time: while shard A's
    child is not listed, its records (older than shard B's end) are unread, so there is none."""
    monkeypatch.setattr(reader_module, "RELIST_S", 0.0)
    fake = rolled_over()
    reader = reader_for(fake, forget_read_shards=True)
    reader.poll()
    for _ in range(3):  # B at its tip, A read to its end: without the wait, B's tip would do
        reader.poll()
        assert reader.frontier() is None
    fake.listed.append("shardId-A2")
    for _ in reader.polls():
        pass
    assert reader.frontier() is not None  # A2 read to its tip with B: known again
