"""Which stream records a re-seed's audit already holds.

A watch re-seeds (audits the table again) when records were lost. Records read after that,
or read in the same round before it, may be older than the audit: a reader sent back to the
trim horizon replays up to a day of them. Applied over the fresh audit they would rewind its
items for a while, showing findings the table never had.

A Scan is not a snapshot: each item is read at its own moment between the audit's start and
end, and which moment is not known. So, by a record's time (``ApproximateCreationDateTime``,
from the service's clock, rounded down: to the second says DynamoDB's documentation, to the
minute does DynamoDB Local, so a time on a whole minute may stand for any moment of it):

- before the audit started (less a margin), even at the latest moment the time may stand
  for: the audit read that item after the write, so it holds this write or a later one (an
  item's records come in order); the record is skipped;
- after the audit ended (plus the margin): newer than anything it read; applied as is;
- in between, or without a time: the audit may have read the item before or after the
  write, so the item is read again (strongly consistent) and the record applied with the
  item as it is now. Never dropped: a real finding is never hidden by guessing.

The audit's start and end are taken from the server's clock (the HTTP ``Date`` of a
DescribeTable, whole seconds), so a machine whose clock is off does not move the line; the
margin covers the Scan's eventually consistent reads and the two services' clocks. Without a
``Date`` the machine's clock is used, with a wider margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from typing import Any

from dynoview.core.watch.state import Update

#: Around the audit: the Scan's eventually consistent reads, the services' clocks.
MARGIN = timedelta(seconds=5)
#: The same when only this machine's clock is known (it may be off by more).
LOCAL_MARGIN = timedelta(seconds=60)

SKIP = "skip"
APPLY = "apply"
READ_AGAIN = "read again"


@dataclass(frozen=True)
class SeedFence:
    """The time a re-seed's audit ran; what each record is, against it (see the module doc)."""

    started: datetime
    ended: datetime
    margin: timedelta = MARGIN

    def verdict(self, update: Update) -> str:
        when = update.event.time
        if when is None:
            return READ_AGAIN
        if latest_moment(when) < self.started - self.margin:
            return SKIP
        if when > self.ended + self.margin:
            return APPLY
        return READ_AGAIN

    def sort(self, updates: Sequence[Update]) -> tuple[list[Update], list[int]]:
        """The updates not skipped, in order, and the positions among them to read again."""
        kept: list[Update] = []
        again: list[int] = []
        for update in updates:
            verdict = self.verdict(update)
            if verdict == SKIP:
                continue
            if verdict == READ_AGAIN:
                again.append(len(kept))
            kept.append(update)
        return kept, again


def latest_moment(when: datetime) -> datetime:
    """The latest moment a rounded-down record time may stand for (see the module doc)."""
    if when.microsecond:
        return when + timedelta(milliseconds=1)
    if when.second:
        return when + timedelta(seconds=1)
    return when + timedelta(minutes=1)


def server_time(conn: Any, table: str) -> tuple[datetime, bool]:
    """The service's time now (rounded down to the second), and whether it came from the
    service (False: this machine's clock)."""
    response = conn.client.describe_table(TableName=table)
    date = (response.get("ResponseMetadata", {}).get("HTTPHeaders") or {}).get("date")
    if isinstance(date, str):
        try:
            when = parsedate_to_datetime(date)
        except (TypeError, ValueError):
            when = None
        if when is not None and when.tzinfo is not None:
            return when.astimezone(UTC), True
    return datetime.now(UTC), False
