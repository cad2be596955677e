"""Where reading stands in each shard of a stream, what one poll over them returned, and which
listed shards follow the ones read to their end."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from dynoview.core.streams.description import ShardInfo, StreamInfo
from dynoview.core.streams.records import StreamEvent

TRIM_HORIZON = "TRIM_HORIZON"
LATEST = "LATEST"
AT_SEQUENCE_NUMBER = "AT_SEQUENCE_NUMBER"
AFTER_SEQUENCE_NUMBER = "AFTER_SEQUENCE_NUMBER"
POSITIONS = (TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER)

#: ``StreamReader.frontier`` when every shard being read is at its tip.
TIP = datetime.max.replace(tzinfo=UTC)
EMPTY_PAGES_AT_TIP = 2  # consecutive empty pages before a shard counts as read to its tip
# A GetRecords response stops at 1 MB; a page this big probably has more behind it.
FULL_PAGE_BYTES = 900_000


@dataclass
class ShardCursor:
    """Where reading stands in one shard."""

    shard_id: str
    start_type: str = TRIM_HORIZON
    start_sequence: str | None = None
    iterator: str | None = None
    last_sequence: str | None = None
    finished: bool = False
    records_read: int = 0
    empty_pages: int = 0  # consecutive GetRecords answers without records
    read_to: datetime | None = None  # the time of the newest record read from it
    at_tip: bool = False  # its last read this poll reached the shard's end for now
    tip_proven: bool = False  # read to its tip once (an empty page may not be the tip)


@dataclass
class PollResult:
    """One round of GetRecords over the shards being read."""

    events: list[StreamEvent] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    more: bool = False  # a shard returned a full page: poll again without waiting
    caught_up: bool = True  # every shard being read is at its tip (EMPTY_PAGES_AT_TIP empty pages)
    finished: bool = False  # no shard left to read: all closed and drained
    filtered_out: int = 0
    calls: int = 0
    throttled: bool = False  # DynamoDB Streams asked to slow down: wait longer before the next poll


def read_frontier(cursors: Iterable[ShardCursor]) -> datetime | None:
    """How far every shard being read (``cursors``) has been read: the oldest of their newest
    record times (``TIP`` for a shard at its tip). A shard's records come in order, so no record
    older than the frontier is left unread: a write whose records carry an earlier time has been
    read whole, whichever shards hold them. None while a shard has given no record and is not
    at its tip (a new child shard, a throttled first read)."""
    ends = [TIP if c.at_tip else c.read_to for c in cursors]
    if any(end is None for end in ends):
        return None
    return min((end for end in ends if end is not None), default=TIP)


def note_tip(cursor: ShardCursor, records: int, size: int, limit: int, result: PollResult) -> None:
    """After a page of ``records`` records (``size`` bytes, ``limit`` asked): whether the shard is
    read to its tip, and whether a full page means more is waiting."""
    full = records >= limit or size >= FULL_PAGE_BYTES
    if records:
        cursor.empty_pages = 0
        result.caught_up = False
    else:
        # "It might take multiple calls to get to a portion of the shard that contains
        # stream records" (GetRecords docs): one empty page does not prove the tip.
        cursor.empty_pages += 1
        if cursor.empty_pages < EMPTY_PAGES_AT_TIP:
            result.caught_up = False
    cursor.tip_proven = cursor.tip_proven or cursor.empty_pages >= EMPTY_PAGES_AT_TIP
    # Once proven, a page that is not full took all the shard held (under steady writes a
    # shard never reads empty again).
    cursor.at_tip = cursor.empty_pages >= EMPTY_PAGES_AT_TIP or (cursor.tip_proven and not full)
    if full:
        result.more = True


def awaiting_child(info: StreamInfo, read_to_end: Iterable[str]) -> bool:
    """A shard read to its end is still listed without a child: DescribeStream may list a closed
    shard's child some time after it closed. A shard no longer listed (past the retention) waits
    for nothing: its children were listed while it was, or are gone too."""
    return any(info.shard(s) is not None and not info.children(s) for s in read_to_end)


def late_children(info: StreamInfo, read_to_end: set[str], known: Callable[[str], bool]) -> list[ShardInfo]:
    """Listed shards not read yet whose parent is read to its end: a key's records are in its
    parent first, so a child is read only after it."""
    return [s for s in info.shards if not known(s.shard_id) and s.parent_shard_id in read_to_end]
