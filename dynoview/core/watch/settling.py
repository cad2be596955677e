"""Changes waiting to settle (``watcher``): two of one finding merged into one, and those a watch
that ends cannot show, because a stream whose reads keep failing was never read past them.

The two tables of a schema whose locks have a table of their own are watched on two streams that
share no order (``watcher``): a sign-up's account may be read from one while its lock waits, unread,
in the other. While the other stream's reads fail, the change (a missing lock) is held, rightly;
when the watch ends then, showing it would report a finding a fresh audit does not find. Such a
change is kept here instead: said as unsettled, with the table whose stream was not read and
since when, and neither shown as a finding nor counted (the watch's exit then says it was blind).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dynoview.core.uniqueness.findings import LABELS
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, FindingChange


@dataclass(frozen=True)
class Unsettled:
    """A change held back at the end: ``unread`` names each table whose stream was not read past
    its records (its last round failed)."""

    change: FindingChange
    unread: tuple[str, ...]

    @property
    def written(self) -> datetime | None:
        return cause_time(self.change)

    def text(self, since: Mapping[str, datetime]) -> str:
        """As said to the user; ``since``: per table, when its run of failed reads began."""
        f = self.change.finding
        where = f"{f.rule} {f.value!r}" if f.rule is not None else "account item"
        accounts = f" (account {', '.join(f.account_ids)})" if f.account_ids else ""
        what = {APPEARED: "appeared", RESOLVED: "resolved"}.get(self.change.kind, "changed")
        streams = " and of ".join(table + (f" (its reads failing since {_iso(since[table])})"
                                           if table in since else "") for table in self.unread)
        written = f" by a write at {_iso(self.written)}" if self.written is not None else ""
        return (f"Unsettled, not shown: a {LABELS[f.status].lower()} {where}{accounts} {what}"
                f"{written}, but the stream of {streams} was not read past that write, and the "
                "rest of it (a lock, an account) may be there. It is neither a finding nor counted "
                "for --fail-on; watch again once that stream reads.")

    def to_json(self, since: Mapping[str, datetime]) -> dict[str, Any]:
        f = self.change.finding
        return {"change": self.change.kind, "status": f.status, "rule": f.rule, "value": f.value,
                "accounts": list(f.account_ids),
                "written_at": _iso(self.written) if self.written is not None else None,
                "unread_since": {t: _iso(since[t]) if t in since else None for t in self.unread}}


def cause_time(change: FindingChange) -> datetime | None:
    """The newest record time among a change's causes (None: no record caused it)."""
    times = [c.event.time for c in change.causes if c.event is not None and c.event.time is not None]
    return max(times) if times else None


def merge(first: FindingChange, then: FindingChange) -> FindingChange | None:
    """Two changes of one finding, not yet shown, as one (None: the second undid the first)."""
    causes = (*first.causes, *(c for c in then.causes if all(c is not d for d in first.causes)))
    if first.kind == APPEARED:
        if then.kind == RESOLVED:
            return None
        return FindingChange(APPEARED, then.finding, causes)
    if first.kind == RESOLVED:
        if then.kind == APPEARED:
            before = first.finding
            if (before.account_ids, before.lock_keys) == (then.finding.account_ids, then.finding.lock_keys):
                return None  # back as it was
            return FindingChange(CHANGED, then.finding, causes, before)
        return FindingChange(RESOLVED, first.finding, causes)
    # CHANGED first
    if then.kind == RESOLVED:
        return FindingChange(RESOLVED, first.previous or first.finding, causes)
    previous = first.previous or first.finding
    if (previous.account_ids, previous.lock_keys) == (then.finding.account_ids, then.finding.lock_keys):
        return None
    return FindingChange(CHANGED, then.finding, causes, previous)


def findings_held(unsettled: list[Unsettled]) -> int:
    """How many more findings the state holds than were shown: those appeared unsettled, less
    those resolved unsettled (a change of one keeps the count)."""
    return sum((u.change.kind == APPEARED) - (u.change.kind == RESOLVED) for u in unsettled)


def _iso(when: datetime) -> str:
    return when.isoformat(timespec="seconds").replace("+00:00", "Z")
