"""The TTL timeline: how many items expire in each hour or day ahead, which ones already
expired but are still in the table, and which will never expire, with the reason.

DynamoDB deletes expired items in a background sweep, typically within a few days, so
"expired" items are still readable; only a Number of epoch seconds counts as a TTL. The
classification of each value is ``ttl.expiry.ttl_state``; this module groups the states.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from dynoview.core.counts import count_text
from dynoview.core.reads.capacity import Sample, key_text, scan_sample
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.ttl.expiry import EXPIRED, FAR_FUTURE, NEVER, NONE, PENDING, TtlState, humanize, ttl_state
from dynoview.core.values.display import display_text
from dynoview.core.values.visible_text import visible

HOUR = "hour"
DAY = "day"
AUTO = "auto"
_STEP = {HOUR: timedelta(hours=1), DAY: timedelta(days=1)}
# Bars shown ahead by default; later items are counted in one "later" bar.
DEFAULT_BUCKETS = {HOUR: 48, DAY: 60}
MIN_BUCKETS = {HOUR: 24, DAY: 7}


@dataclass(frozen=True)
class TtlEntry:
    """One item on the timeline: its key, its TTL value and what that value means."""

    key: Mapping[str, Any]
    key_text: str
    value: Mapping[str, Any] | None
    state: TtlState
    reason: str = ""

    @property
    def value_text(self) -> str:
        if self.value is None:
            return ""
        code = next(iter(self.value), "?")
        return f"{display_text(self.value, 60)} ({code})"


@dataclass(frozen=True)
class Bucket:
    """A bar: items whose expiry falls in [start, end). ``kind`` is expired/ahead/later."""

    kind: str
    label: str
    start: datetime | None
    end: datetime | None
    entries: tuple[TtlEntry, ...]

    @property
    def count(self) -> int:
        return len(self.entries)

    def range_text(self) -> str:
        """The bucket's span in local time and UTC, for a tooltip."""
        if self.kind == "expired":
            return "TTL already passed; DynamoDB has not deleted these yet"
        if self.start is None:
            return ""
        start = self.start.astimezone()
        if self.end is None:
            return f"after {start:%Y-%m-%d %H:%M} local"
        end = self.end.astimezone()
        start_utc, end_utc = utc_span(self.start, self.end)
        return (f"{start:%Y-%m-%d %H:%M} – {end:%Y-%m-%d %H:%M} local "
                f"({start_utc}–{end_utc} UTC)")


def utc_span(start: datetime, end: datetime) -> tuple[str, str]:
    """A span's ends in UTC for a tooltip: times alone within one UTC day ("08:00–09:00"),
    with their dates when the span crosses a UTC midnight, else a 24-hour bar would read
    "08:52–08:52" (zero length) and a bar over midnight would not say which days."""
    start, end = start.astimezone(UTC), end.astimezone(UTC)
    if start.date() == end.date():
        return f"{start:%H:%M}", f"{end:%H:%M}"
    return f"{start:%Y-%m-%d %H:%M}", f"{end:%Y-%m-%d %H:%M}"


@dataclass(frozen=True)
class TtlTimeline:
    """Expired-but-present items, buckets of items expiring ahead, and items never expiring."""

    attribute: str
    now: datetime
    granularity: str
    expired: tuple[TtlEntry, ...]  # oldest expiry first
    ahead: tuple[Bucket, ...]
    later: tuple[TtlEntry, ...]
    never: tuple[TtlEntry, ...]
    without_attribute: int
    total: int

    @property
    def oldest_expired(self) -> TtlEntry | None:
        return self.expired[0] if self.expired else None

    @property
    def pending_count(self) -> int:
        return sum(b.count for b in self.ahead) + len(self.later)

    def bars(self) -> list[Bucket]:
        """The chart's bars: expired first, then each hour/day ahead, then "later" if any."""
        bars = [Bucket("expired", "expired", None, self.now, self.expired)]
        bars.extend(self.ahead)
        if self.later:
            last = self.ahead[-1].end if self.ahead else self.now
            bars.append(Bucket("later", "later", last, None, self.later))
        return bars

    def summary(self) -> str:
        parts = [f"{count_text(self.total, 'item')} read"]
        if self.expired:
            oldest = self.expired[0]
            ago = humanize(self.now - oldest.state.expires_at) if oldest.state.expires_at else "?"
            parts.append(f"{len(self.expired)} expired but still present (oldest: {oldest.key_text}, "
                         f"expired {ago} ago)")
        else:
            parts.append("none expired but still present")
        step = "hours" if self.granularity == HOUR else "days"
        parts.append(f"{sum(b.count for b in self.ahead)} expire in the next {len(self.ahead)} {step}")
        if self.later:
            parts.append(f"{len(self.later)} later")
        parts.append(f"{len(self.never)} will never expire")
        parts.append(f"{self.without_attribute} have no {self.attribute} attribute (never expire, "
                     "by design)")
        return "; ".join(parts) + "."


def _key_of(item: Mapping[str, Any], key_names: Sequence[str]) -> tuple[dict[str, Any], str]:
    key = {n: item[n] for n in key_names if n in item}
    # Shown, never obeyed: names and values escaped like the Items tab (``key_text``).
    text = ", ".join(f"{visible(n)}={key_text(item.get(n))}" for n in key_names) if key_names else ""
    return key, text


def _step_label(index: int, granularity: str) -> str:
    unit = "h" if granularity == HOUR else "d"
    return f"<1 {unit}" if index == 0 else f"{index}–{index + 1} {unit}"


def build_timeline(
    items: Iterable[Mapping[str, Any]],
    attribute: str,
    key_names: Sequence[str],
    *,
    now: datetime | None = None,
    granularity: str = AUTO,
    buckets: int | None = None,
    far_future: timedelta = FAR_FUTURE,
) -> TtlTimeline:
    """Classify every item's TTL and bucket the pending ones by hour or day ahead of ``now``.

    ``AUTO`` picks hours when everything pending expires within 48 hours, else days.
    Values DynamoDB ignores (strings, milliseconds, more than five years past) and values
    more than ``far_future`` ahead go to ``never`` with the reason.
    """
    now = now or datetime.now(UTC)
    by_state = _sort_by_state(items, attribute, key_names, now, far_future)
    granularity = _granularity(granularity, by_state.pending, now)
    step = _STEP[granularity]
    if buckets is None:
        buckets = _bucket_count(by_state.pending, now, step, granularity)
    grouped: list[list[TtlEntry]] = [[] for _ in range(buckets)]
    later: list[TtlEntry] = []
    for entry in by_state.pending:
        assert entry.state.expires_at is not None
        index = int((entry.state.expires_at - now) / step)
        (grouped[index] if index < buckets else later).append(entry)
    ahead = tuple(
        Bucket("ahead", _step_label(i, granularity), now + i * step, now + (i + 1) * step,
               tuple(grouped[i]))
        for i in range(buckets)
    )
    return TtlTimeline(
        attribute=attribute,
        now=now,
        granularity=granularity,
        expired=tuple(by_state.expired),
        ahead=ahead,
        later=tuple(later),
        never=tuple(by_state.never),
        without_attribute=by_state.without,
        total=by_state.total,
    )


@dataclass
class _ByState:
    """Items sorted by their TTL's state: expired and pending ones soonest first."""

    expired: list[TtlEntry] = field(default_factory=list)
    pending: list[TtlEntry] = field(default_factory=list)
    never: list[TtlEntry] = field(default_factory=list)
    without: int = 0
    total: int = 0


def _sort_by_state(items: Iterable[Mapping[str, Any]], attribute: str, key_names: Sequence[str],
                   now: datetime, far_future: timedelta) -> _ByState:
    out = _ByState()
    for item in items:
        out.total += 1
        value = item.get(attribute)
        state = ttl_state(value, now)
        key, text = _key_of(item, key_names)
        if state.kind == NONE:
            out.without += 1
        elif state.kind == NEVER:
            out.never.append(TtlEntry(key, text, value, state, state.reason))
        elif state.kind == EXPIRED:
            out.expired.append(TtlEntry(key, text, value, state))
        elif state.kind == PENDING and state.expires_at is not None:
            if state.expires_at - now > far_future:
                reason = (f"expires in {state.expires_at.year}, more than "
                          f"{far_future.days // 365} years ahead: effectively never; check that "
                          "the value is epoch seconds")
                out.never.append(TtlEntry(key, text, value, state, reason))
            else:
                out.pending.append(TtlEntry(key, text, value, state))
    out.expired.sort(key=lambda e: e.state.expires_at or now)
    out.pending.sort(key=lambda e: e.state.expires_at or now)
    return out


def _granularity(granularity: str, pending: list[TtlEntry], now: datetime) -> str:
    """``AUTO``: hours when everything pending expires within 48 hours, else days."""
    if granularity == AUTO:
        latest = pending[-1].state.expires_at if pending else None
        granularity = HOUR if latest is None or latest - now <= timedelta(hours=48) else DAY
    if granularity not in _STEP:
        raise ValueError(f"Unknown granularity {granularity}; use hour, day or auto.")
    return granularity


def _bucket_count(pending: list[TtlEntry], now: datetime, step: timedelta, granularity: str) -> int:
    """Enough buckets to reach the last pending expiry, within the granularity's bounds."""
    last = pending[-1].state.expires_at if pending else None
    needed = math.ceil((last - now) / step) if last is not None else 0
    return min(max(needed, MIN_BUCKETS[granularity]), DEFAULT_BUCKETS[granularity])


def ttl_disabled_message(table: TableInfo) -> str:
    return (
        f"TTL is not enabled on {table.name}, so DynamoDB deletes nothing by expiry. Enable it "
        "on a Number attribute holding epoch seconds (`aws dynamodb update-time-to-live "
        f"--table-name {table.name} --time-to-live-specification "
        "Enabled=true,AttributeName=expiresAt`), then reopen the table."
    )


def scan_for_timeline(
    reader: Reader,
    table: TableInfo,
    *,
    max_items: int = 5000,
    cancel: threading.Event | None = None,
    progress: Callable[[int], None] | None = None,
) -> Sample:
    """Scan the keys and the TTL attribute only (a projection: less to transfer)."""
    # ttl_enabled, not the attribute: a DISABLED or DISABLING describe still names it, and
    # then DynamoDB deletes nothing by expiry.
    if not table.ttl_enabled or not table.ttl_attribute:
        raise ValueError(ttl_disabled_message(table))
    return scan_sample(reader, table.name, max_items=max_items,
                       projection=[*table.key_names, table.ttl_attribute],
                       cancel=cancel, progress=progress)
