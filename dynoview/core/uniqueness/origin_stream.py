"""Reading a table's stream for one lock's origin: the lock's records and each account's trail.

Only the reading and the reducing live here, within a bounded number of GetRecords calls;
which write left the lock behind is decided by ``origin._from_stream``.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadLog
from dynoview.core.streams.reader import TRIM_HORIZON, StreamReader
from dynoview.core.streams.records import INSERT, REMOVE, StreamEvent
from dynoview.core.uniqueness.schema import UniquenessSchema

EARLIEST = datetime.min.replace(tzinfo=UTC)  # sorts records without a time first (times are UTC)
UNSEEN = object()  # the record carries no image for that side (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE)
#: A trail's name for a REMOVE that DynamoDB's TTL made (a service delete), told apart from a
#: delete the application made: an account that expired is not an application bug.
TTL_REMOVE = "TTL_REMOVE"
_ABSENT = None  # the item (or its attribute) does not exist on that side


def value_text(av: Any) -> str | None:
    """An S or N value as text; None for anything else or a missing value."""
    if isinstance(av, Mapping):
        for code in ("S", "N"):
            if isinstance(av.get(code), str):
                return str(av[code])
    return None


@dataclass
class AccountTrail:
    """One account's records, reduced to what the lock's value needs: oldest first."""

    events: list[tuple[int, datetime | None, str, Any, Any]] = field(default_factory=list)

    def add(self, event: StreamEvent, attribute: str) -> None:
        old = UNSEEN if event.old_image is None else value_text(event.old_image.get(attribute))
        new = UNSEEN if event.new_image is None else value_text(event.new_image.get(attribute))
        if event.event_name == INSERT:
            old = _ABSENT
        elif event.event_name == REMOVE:
            new = _ABSENT
        name = TTL_REMOVE if event.event_name == REMOVE and event.ttl_delete else event.event_name
        try:
            seq = int(event.sequence_number)
        except ValueError:
            seq = 0
        self.events.append((seq, event.time, name, old, new))

    def states(self) -> list[tuple[datetime | None, str, Any, Any]]:
        """(time, event, value before, value after) with unseen sides filled from neighbours:
        records of one item arrive in order, so one record's new image is the next one's old."""
        events = sorted(self.events, key=lambda e: (e[0], e[1] or EARLIEST))
        out: list[tuple[datetime | None, str, Any, Any]] = []
        for i, (_, when, name, old, new) in enumerate(events):
            if old is UNSEEN and out:
                old = out[-1][3]
            if new is UNSEEN and i + 1 < len(events) and events[i + 1][3] is not UNSEEN:
                new = events[i + 1][3]
            out.append((when, name, old, new))
        return out


@dataclass
class StreamRecords:
    """What one bounded read of the stream found, and how much of it was read."""

    shards: int  # in the stream
    lock_events: list[StreamEvent] = field(default_factory=list)
    trails: dict[str, AccountTrail] = field(default_factory=dict)
    calls: int = 0
    partial: bool = False  # the call limit stopped the read
    notices: list[str] = field(default_factory=list)
    shards_read: int = 0

    def add(self, event: StreamEvent, schema: UniquenessSchema, attribute: str,
            lock_key: Mapping[str, Any]) -> None:
        """Keep the lock's own records and every account's; other items are not evidence."""
        if dict(event.keys) == lock_key:
            self.lock_events.append(event)
        elif schema.is_account(event.keys):
            account_id = value_text(event.keys.get(schema.pk_name)) or ""
            self.trails.setdefault(account_id, AccountTrail()).add(event, attribute)


def read_stream(reader: Reader, stream_arn: str, table: str, schema: UniquenessSchema,
                attribute: str, lock_key: Mapping[str, Any], max_calls: int,
                cancel: threading.Event | None, log: ReadLog) -> StreamRecords:
    """Read from the trim horizon until caught up or ``max_calls`` GetRecords calls are spent."""
    stream = StreamReader(reader.conn, stream_arn, position=TRIM_HORIZON, log=log, table=table)
    info = stream.refresh()
    found = StreamRecords(shards=len(info.shards))
    while True:
        if found.calls and found.calls + len(stream.active) > max_calls:
            found.partial = True  # bounded: a busy stream could hold millions of records
            break
        result = stream.poll(cancel)
        found.calls += result.calls
        found.notices.extend(result.notices)
        for event in result.events:
            found.add(event, schema, attribute, lock_key)
        if result.finished or result.caught_up:
            break
    found.shards_read = len(stream.cursors)
    return found
