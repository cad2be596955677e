"""What the watch reports: a finding that appeared, was resolved or changed, with the stream
records that caused it and the other records written at the same moment.

DynamoDB Streams carry no transaction id. "The same moment", as far as the stream shows it,
is the records written within a second of a cause (DynamoDB Local rounds record times to
the minute: equal times) that touch the same account or one of the same protected values:
the rest of a sign-up, a change or a delete, written together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dynoview.core.counts import count_text
from dynoview.core.streams.records import StreamEvent
from dynoview.core.uniqueness.findings import LABELS, TTL_UNKNOWN_TEXT, Finding
from dynoview.core.values.dynamodb_json import to_dynamodb_json

APPEARED = "appeared"
RESOLVED = "resolved"
CHANGED = "changed"  # the same finding with other accounts or locks (a third duplicate)
CHANGE_KINDS = (APPEARED, RESOLVED, CHANGED)

#: Records within this many seconds of a cause may belong to its write.
MOMENT_S = 1.0
#: Records of the same moment shown per event; the rest are counted.
MOMENT_LIMIT = 8

SOURCE_TEXT = {
    "images": "from the record's images",
    "read back": "read back with GetItem (the stream carries no new image)",
    "keys": "from the watch's state (the stream carries keys only)",
}


@dataclass(slots=True)
class ValueChange:
    """A protected value before and after a write (None: no value)."""

    rule: str
    attribute: str
    old: str | None
    new: str | None

    def text(self) -> str:
        return f"{self.attribute}: {_quoted(self.old)} → {_quoted(self.new)}"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "attribute": self.attribute, "old": self.old, "new": self.new}


def _quoted(value: str | None) -> str:
    return "(none)" if value is None else repr(value)


# Made for every record read: slots, not frozen (a frozen init costs three times as much).
@dataclass(eq=False, slots=True)
class Cause:
    """One stream record as the watch applied it (or a TTL that passed, with no record)."""

    event: StreamEvent | None
    kind: str  # "account", "lock", "other" or "ttl"
    account_id: str | None = None
    rule: str | None = None  # a lock's rule
    value: str | None = None  # a lock's stored value
    changes: tuple[ValueChange, ...] = ()
    source: str = "images"
    forms: frozenset[tuple[str, str]] = frozenset()  # (rule, form) this record touched
    ttl_passed: datetime | None = None
    table: str | None = None  # the record's table, when the watch follows two (a locks table)
    # An account's protected values (schema order, None: no value) and SK after the write, as
    # the state holds the whole account: a write to one of its items may not change them.
    account_values: tuple[str | None, ...] | None = None
    account_sk: str | None = None

    @property
    def time(self) -> datetime | None:
        return self.event.time if self.event is not None else self.ttl_passed

    def text(self) -> str:
        if self.event is None:
            return f"the TTL passed at {_time_text(self.ttl_passed)} (no write: DynamoDB keeps " \
                   "expired items readable until it deletes them)"
        event = self.event
        where = f" in {self.table}" if self.table else ""
        line = f"{event.event_name} ({event.label}) {event.key_text()}{where} at {_time_text(event.time)}"
        if self.changes:
            line += "; " + ", ".join(c.text() for c in self.changes)
            if self.source != "images":
                line += f" ({SOURCE_TEXT.get(self.source, self.source)})"
        return line

    def to_json(self) -> dict[str, Any]:
        if self.event is None:
            return {"event": "TTL", "label": "TTL passed", "time": _time_json(self.ttl_passed),
                    "keys": None}
        event = self.event
        out: dict[str, Any] = {
            "event": event.event_name,
            "label": event.label,
            "ttl_delete": event.ttl_delete,
            "keys": {n: to_dynamodb_json(v) for n, v in event.ordered_keys()},
            "time": _time_json(event.time),
            "sequence_number": event.sequence_number,
            "shard_id": event.shard_id,
            "protected": [c.to_json() for c in self.changes],
            "values_from": self.source,
        }
        if self.table:
            out["table"] = self.table
        return out


@dataclass(frozen=True)
class FindingChange:
    """A finding that appeared, was resolved or changed, and the records that did it."""

    kind: str  # APPEARED, RESOLVED or CHANGED
    finding: Finding  # the finding now (for RESOLVED: as it was)
    causes: tuple[Cause, ...] = ()
    previous: Finding | None = None  # CHANGED: the finding before

    @property
    def key(self) -> tuple[Any, ...]:
        f = self.finding
        return (f.status, f.rule, f.value, f.account_ids if f.rule is None else ())


@dataclass
class WatchEvent:
    """A change ready to show: when it was found and the records of the same moment."""

    change: FindingChange
    detected_at: datetime
    same_moment: tuple[Cause, ...] = ()
    more_same_moment: int = 0
    reseeded: bool = False  # found by an audit after records were lost, not by a record
    extra_causes: list[Cause] = field(default_factory=list)
    # An orphan lock in a table whose TTL could not be read (``TableInfo.ttl_error``): it may be
    # a reservation, which cannot be told from a stuck lock.
    ttl_unknown: bool = False

    @property
    def kind(self) -> str:
        return self.change.kind

    @property
    def finding(self) -> Finding:
        return self.change.finding

    @property
    def causes(self) -> tuple[Cause, ...]:
        return (*self.change.causes, *self.extra_causes)

    def text_lines(self) -> list[str]:
        f = self.finding
        where = f"{f.rule} {f.value!r}" if f.rule is not None else "account item"
        accounts = f" (account {', '.join(f.account_ids)})" if f.account_ids else ""
        lines = [f"{_time_text(self.detected_at)}  {self.kind.upper():<8}  {f.label}  {where}{accounts}",
                 f"    {f.sentence}"]
        if self.kind == CHANGED and self.change.previous is not None:
            before = self.change.previous
            was = (f"accounts {', '.join(before.account_ids) or 'none'}; "
                   f"{count_text(len(before.lock_keys), 'lock')}")
            if before.reserved_until != f.reserved_until:  # the lock's TTL was written
                was += (f"; reserved until {before.reserved_until}" if before.reserved_until
                        else "; not reserved")
            lines.append(f"    was: {was}")
        if self.reseeded:
            lines.append("    found by the audit that re-seeded the watch (records were lost)")
        if self.ttl_unknown:
            lines.append(f"    {TTL_UNKNOWN_TEXT}")
        for cause in self.causes:
            lines.append(f"    caused by: {cause.text()}")
        for other in self.same_moment:
            lines.append(f"    same moment: {other.text()}")
        if self.more_same_moment:
            lines.append(f"    same moment: and {count_text(self.more_same_moment, 'more record')}")
        return lines

    def to_json(self) -> dict[str, Any]:
        f = self.finding
        out: dict[str, Any] = {
            "type": "finding",
            "change": self.kind,
            "detected_at": _time_json(self.detected_at),
            "status": f.status,
            "label": LABELS.get(f.status, f.status),
            "rule": f.rule,
            "value": f.value,
            "accounts": list(f.account_ids),
            "account_keys": [_key_json(k) for k in f.account_keys],
            "lock_keys": [_key_json(k) for k in f.lock_keys],
            "sentence": f.sentence,
        }
        if f.reserved_until:  # an orphan lock that is a reservation, as the audit's JSON says it
            out["reserved_until"] = f.reserved_until
        if self.ttl_unknown:
            out["ttl_unknown"] = TTL_UNKNOWN_TEXT
        out |= {
            "caused_by": [c.to_json() for c in self.causes],
            "same_moment": [c.to_json() for c in self.same_moment],
            "same_moment_more": self.more_same_moment,
            "reseeded": self.reseeded,
        }
        if self.change.previous is not None:
            previous = self.change.previous
            out["previous"] = {"accounts": list(previous.account_ids),
                               "lock_keys": [_key_json(k) for k in previous.lock_keys]}
            if previous.reserved_until:
                out["previous"]["reserved_until"] = previous.reserved_until
        return out


def gap(a: datetime | None, b: datetime | None) -> float | None:
    """Seconds between two record times (None when one is unknown)."""
    if a is None or b is None:
        return None
    return abs((a - b).total_seconds())


def _key_json(key: Mapping[str, Any]) -> dict[str, Any]:
    return {n: to_dynamodb_json(v) for n, v in key.items()}


def _time_text(when: datetime | None) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ") if when is not None else "?"


def _time_json(when: datetime | None) -> str | None:
    return when.isoformat().replace("+00:00", "Z") if when is not None else None
