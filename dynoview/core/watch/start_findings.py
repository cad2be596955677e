"""The watch's starting state, and the changes that bring a grid's findings in line with it.

A window showing an audit's findings (the Accounts & locks tab) turns the watch on later: the
watch builds its own starting state (an audit, or a replay of a young table's stream) and
only reports what changes after it. Writes made between the grid's audit and that state (a
lock released, an account written without its lock) would never reach the grid, so once the
watch has its starting state the grid is compared with it (``start_events``, by the watch's
own ``identity``) and brought in line.

The starting state is the watch's findings as the events shown so far leave them
(``shown_findings``): changes still settling are undone, so they reach the grid as events
(new since Live started), not as part of its start.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from dynoview.core.audit.rows import CHUNK, AuditRows, check
from dynoview.core.background import yield_to_ui
from dynoview.core.counts import count_text
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, Cause, FindingChange, WatchEvent
from dynoview.core.watch.judge import identity
from dynoview.core.watch.projection import record_values
from dynoview.core.watch.watcher import Watcher

#: What ``StartEvent.text_lines`` says of each kind of change.
WHY = {
    APPEARED: "in the watch's starting state, not in the grid's audit: written after that audit, "
              "before Live started",
    RESOLVED: "in the grid's audit, not in the watch's starting state: fixed after that audit, "
              "before Live started",
    CHANGED: "its accounts or locks changed after the grid's audit, before Live started",
}


@dataclass
class StartState:
    """The watch's findings at its start, and the protected values (schema order, None: no
    value) of the accounts they name, where the watch keeps its accounts' records."""

    findings: list[Finding]
    values: dict[str, tuple[str | None, ...]]


def shown_findings(findings: Iterable[Finding], settling: Iterable[FindingChange]) -> list[Finding]:
    """``findings`` (the state's now) with the changes still ``settling`` undone."""
    by_key = {identity(f): f for f in findings}
    for change in settling:
        if change.kind == APPEARED:
            by_key.pop(change.key, None)
        elif change.kind == RESOLVED:
            by_key[change.key] = change.finding
        else:
            by_key[change.key] = change.previous or change.finding
    return list(by_key.values())


def start_state(watcher: Watcher) -> StartState:
    """The watcher's starting state (called between its steps, off the UI thread)."""
    if watcher.state is None:
        raise RuntimeError("start() the watch first")
    # The watcher's own changes not shown yet: no step runs while this reads them.
    settling = [p.change for p in watcher._pending.values()]
    findings = shown_findings(watcher.state.all_findings(), settling)
    records, n = watcher.state.accounts, len(watcher.schema.rules)
    values: dict[str, tuple[str | None, ...]] = {}
    if records is not None:
        for f in findings:
            for account in f.account_ids:
                if account in records:
                    values[account] = record_values(records[account], n)
    return StartState(findings, values)


def grid_findings(rows: AuditRows, cancel: threading.Event | None = None) -> dict[tuple[Any, ...], Finding]:
    """Every finding the rows show, by ``identity`` (a walk over the rows with problems)."""
    out: dict[tuple[Any, ...], Finding] = {}
    for i, found in enumerate(rows.row_findings.values()):
        if i % CHUNK == 0:
            check(cancel)
            yield_to_ui()
        for f in found:
            out.setdefault(identity(f), f)
    return out


def _members(f: Finding) -> tuple[tuple[str, ...], list[str]]:
    return tuple(sorted(f.account_ids)), sorted(repr(sorted(k.items())) for k in f.lock_keys)


def start_events(rows: AuditRows, start: StartState,
                 cancel: threading.Event | None = None) -> list[StartEvent]:
    """The changes that make the findings ``rows`` show those of ``start``: the findings it
    lacks appear, those ``start`` does not have are resolved, those whose accounts or locks
    differ change. Resolutions first (a row cleared before another finding is filed on it)."""
    shown = grid_findings(rows, cancel)
    now = datetime.now(UTC)
    wanted = {identity(f): f for f in start.findings}
    events = [StartEvent(FindingChange(RESOLVED, f), now) for k, f in shown.items() if k not in wanted]
    check(cancel)
    for key, f in wanted.items():
        before = shown.get(key)
        if before is None:
            change = FindingChange(APPEARED, f, _value_causes(f, start))
        elif _members(before) != _members(f):
            change = FindingChange(CHANGED, f, _value_causes(f, start), before)
        else:
            continue
        events.append(StartEvent(change, now))
    return events


def _value_causes(f: Finding, start: StartState) -> tuple[Cause, ...]:
    """The values of the accounts a finding names, as a row added for it shows them."""
    return tuple(Cause(None, "account", account_id=a, account_values=start.values[a])
                 for a in f.account_ids if a in start.values)


@dataclass
class StartEvent(WatchEvent):
    """A change of the grid made when Live started: no stream record read since caused it."""

    def text_lines(self) -> list[str]:
        f = self.finding
        where = f"{f.rule} {f.value!r}" if f.rule is not None else "account item"
        accounts = f" (account {', '.join(f.account_ids)})" if f.account_ids else ""
        lines = [f"{self.detected_at:%Y-%m-%dT%H:%M:%SZ}  {self.kind.upper():<8}  {f.label}  "
                 f"{where}{accounts}  (at Live's start)", f"    {f.sentence}",
                 f"    {WHY[self.kind]}"]
        before = self.change.previous
        if self.kind == CHANGED and before is not None:
            lines.append(f"    was: accounts {', '.join(before.account_ids) or 'none'}; "
                         f"{count_text(len(before.lock_keys), 'lock')}")
        return lines


def start_note(counts: Counter[str]) -> str:
    """What the grid's update at Live's start did, for the status bar's notices."""
    parts = [count_text(counts[APPEARED], "finding") + " added", f"{counts[RESOLVED]} resolved"]
    if counts[CHANGED]:
        parts.append(f"{counts[CHANGED]} changed")
    return ("The grid was brought up to date with the watch's starting state when Live started "
            f"(writes made after the grid's audit): {', '.join(parts)}. They are not counted as "
            "new or resolved since.")
