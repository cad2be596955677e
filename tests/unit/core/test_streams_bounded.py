"""A reader that follows a stream for days keeps a bounded set of shards: each closed shard
read to its end leaves ``cursors``; its id stays only while DescribeStream lists it. No local
endpoint splits or rolls shards over, so a scripted streams client rolls them here (as
``test_streams`` does)."""

from __future__ import annotations

from typing import Any

from dynoview.core.streams.reader import StreamReader
from tests.unit.core.test_streams import ARN, DESCRIPTION, FakeConn, FakeStreams, api_record

GENERATIONS = 40


def shard(n: int) -> dict[str, Any]:
    """Generation ``n`` of one partition's shard (each rolls over to the next)."""
    out: dict[str, Any] = {"ShardId": f"shardId-{n:03}",
                           "SequenceNumberRange": {"StartingSequenceNumber": str(1000 + 10 * n)}}
    if n:
        out["ParentShardId"] = f"shardId-{n - 1:03}"
    return out


def rolling(generations: int) -> FakeStreams:
    """Shards 0..n-1, all closed but the last, one record each."""
    shards = [shard(n) for n in range(generations)]
    fake = FakeStreams({**DESCRIPTION, "Shards": shards},
                       {s["ShardId"]: [api_record("INSERT", 1000 + 10 * n, f"P{n}")]
                        for n, s in enumerate(shards)},
                       closed={s["ShardId"] for s in shards[:-1]})
    return fake


def follow(reader: StreamReader, polls: int) -> list[str]:
    seen: list[str] = []
    for _ in range(polls):
        result = reader.poll()
        seen += [e.sequence_number for e in result.events]
        assert len(reader.cursors) <= 2  # the shard being read, and the child it handed over to
    return seen


def test_read_shards_leave_the_cursors_and_are_never_read_twice() -> None:
    fake = rolling(GENERATIONS)
    reader = StreamReader(FakeConn(fake), ARN, table="accounts", forget_read_shards=True)  # type: ignore[arg-type]
    seen = follow(reader, 3 * GENERATIONS)
    assert seen == [str(1000 + 10 * n) for n in range(GENERATIONS)]  # each once, in order
    assert list(reader.cursors) == [f"shardId-{GENERATIONS - 1:03}"]
    assert len(reader.read_shards) == GENERATIONS - 1
    assert reader.shards_added == GENERATIONS
    # Without forgetting (the default, for one-off reads), every cursor stays.
    keeping = StreamReader(FakeConn(rolling(GENERATIONS)), ARN, table="accounts")  # type: ignore[arg-type]
    for _ in range(3 * GENERATIONS):
        keeping.poll()
    assert len(keeping.cursors) == GENERATIONS


def test_ids_of_shards_no_longer_listed_are_dropped() -> None:
    """After the 24-hour retention DescribeStream stops listing a shard: its id is dropped at
    the next DescribeStream, so a watch of days keeps about a day of shard ids."""
    fake = rolling(GENERATIONS)
    reader = StreamReader(FakeConn(fake), ARN, table="accounts", forget_read_shards=True)  # type: ignore[arg-type]
    follow(reader, 3 * GENERATIONS)
    # The partition rolls over once more; the oldest shards passed the retention.
    fake.closed.add(f"shardId-{GENERATIONS - 1:03}")
    newest = shard(GENERATIONS)
    fake.shards[newest["ShardId"]] = [api_record("INSERT", 1000 + 10 * GENERATIONS, "last")]
    kept = [shard(n) for n in range(GENERATIONS - 5, GENERATIONS + 1)]
    fake.description = {**fake.description, "Shards": kept}
    seen = follow(reader, 4)
    assert seen == [str(1000 + 10 * GENERATIONS)]
    assert reader.read_shards <= {s["ShardId"] for s in kept}
    assert list(reader.cursors) == [newest["ShardId"]]
