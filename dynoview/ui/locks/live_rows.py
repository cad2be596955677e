"""Watch events applied to the audit's rows in place (Qt-free; Live mode's bookkeeping).

An event names the accounts and locks of one finding; each is found through two dicts
(account id -> row, (rule, stored value) -> lock row) built once off the UI thread, so
applying an event costs the rows it names, never a walk over the million others. A row the
grid does not have yet (an account or lock written after the audit) is appended: account and
lock rows then interleave after ``rows.accounts``, so a row's kind is read from ``kinds``.

A row's per-row columns stay as ``build_rows`` makes them: its ``finding_bits`` follow its
findings (the status filter reads them), and a lock row appended carries its ``lock_rule`` (a
lock on the empty value has no value to tell its rule by).

Rows are marked: ``new`` where a problem appeared or changed since Live started, ``resolved``
where every problem cleared; and each changed row keeps the events that changed it (for the
"Stream records…" dialog). A lock row cleared by the grid's update at Live's start (an orphan
released before Live started) is not marked resolved, which would say "since Live started": it
leaves the grid (``gone``), as it does from a fresh audit's, until a finding lands on it again.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.audit.export_file import LiveChanges
from dynoview.core.audit.rows import (
    ACCOUNT,
    CHUNK,
    CODE,
    CODES,
    LOCK,
    NO_RULE,
    AuditRows,
    check,
    chunks,
    status_bits,
)
from dynoview.core.background import yield_to_ui
from dynoview.core.uniqueness.findings import EXPIRED, NO_VALUE, OK, SEVERITY, Finding
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, Cause, WatchEvent

#: Events kept per row for the records dialog (the newest).
EVENTS_PER_ROW = 20


def empty_rows(schema: UniquenessSchema) -> AuditRows:
    """Rows with nothing in them yet: Live on a table whose audit was not run."""
    rules = tuple(rule.name for rule in schema.rules)
    return AuditRows(schema, rules, bytearray(), [], [[] for _ in rules], [bytearray() for _ in rules],
                     bytearray(), array("i"))


def _same(a: Finding, b: Finding) -> bool:
    """One finding, before and after a write (the watch's own key, less the accounts)."""
    return (a.status, a.rule, a.value) == (b.status, b.rule, b.value)


@dataclass
class Applied:
    """What one batch of events did to the rows."""

    touched: set[int] = field(default_factory=set)  # rows whose cells changed
    added: list[int] = field(default_factory=list)  # rows appended, or back from ``gone`` (in no order)
    left: set[int] = field(default_factory=set)  # rows that leave the grid (see ``LiveRows.gone``)
    problems: set[int] = field(default_factory=set)  # rows a problem appeared on (to move up)
    counts: dict[str, int] = field(default_factory=dict)  # marked events by kind (APPEARED, …)


class GridChanges:
    """The findings Live mode took off an audit's rows and put on them, kept across Live's
    starts on the same rows (they stay as Live left them): an export writes the grid as shown
    (``export_file.with_live_changes``). Costs the events applied, never the rows."""

    def __init__(self) -> None:
        self._cleared: dict[int, Finding] = {}  # by id: the audit's findings no row shows now
        self._added: dict[int, Finding] = {}  # by id: findings Live filed that a row shows

    def filed(self, f: Finding) -> None:
        self._added[id(f)] = f

    def left(self, f: Finding) -> None:
        """``f`` is on no row any more."""
        if self._added.pop(id(f), None) is None:
            self._cleared[id(f)] = f

    def snapshot(self) -> LiveChanges:
        return LiveChanges(tuple(self._cleared.values()), tuple(self._added.values()))


class LiveRows:
    """One ``AuditRows`` kept up to date by watch events (see the module doc)."""

    def __init__(self, rows: AuditRows) -> None:
        self.rows = rows
        self.changes = GridChanges()  # Live mode gives it the one kept for these rows
        self.schema = rows.schema
        self._rule = {name: r for r, name in enumerate(rows.rules)}
        self._accounts: dict[str, int] = {}
        self._locks: dict[tuple[int, str], int] = {}
        self.ready = False
        self.new: set[int] = set()
        self.resolved: set[int] = set()
        self.gone: set[int] = set()  # lock rows off the grid: cleared at Live's start
        self.resolved_before: set[int] = set()  # resolved rows cleared at Live's start, not since
        self.events: dict[int, list[WatchEvent]] = {}

    def build_index(self, cancel: threading.Event | None = None) -> LiveRows:
        """Index every row (in a worker: slices of ``CHUNK`` rows, yielding to the UI)."""
        rows, accounts = self.rows, self._accounts
        n = len(rows)
        for part in chunks(n, CHUNK):
            check(cancel)
            yield_to_ui()
            accounts.update(zip(rows.ids[part.start:part.stop], part, strict=True))
        accounts.pop("", None)  # lock rows have no account id
        for row in range(rows.accounts, n):
            r = rows.lock_rule_of(row)  # by ``lock_rule``: a lock on '' holds no value to tell it by
            if r is not None:
                self._locks[(r, rows.values[r][row])] = row
        self.ready = True
        return self

    # ------------------------------------------------------------------ applying

    def apply(self, events: Iterable[WatchEvent], *, mark: bool = True, at_start: bool = False) -> Applied:
        """Apply events in order; ``mark`` False applies without marking rows new (a replay
        catching up with what the grid already shows); ``at_start``: the grid's update at Live's
        start, whose cleared lock rows leave the grid instead of being marked resolved."""
        out = Applied()
        for event in events:
            known = self._shown(event.change.previous if event.kind == CHANGED else event.finding)
            if event.kind == APPEARED and known:
                continue  # the grid shows it already (a replay of what the audit found)
            if event.kind == RESOLVED and not known:
                continue  # the grid never showed it
            rows = self._values_from(event)
            if event.kind in (RESOLVED, CHANGED):
                before = event.change.previous if event.kind == CHANGED else event.finding
                rows |= self._clear(before or event.finding)
            added = len(out.added)
            hit = self._set(event.finding, out) if event.kind != RESOLVED else set()
            rows |= hit
            if len(out.added) > added:  # rows new to the grid: their other values, if the records say
                self._values_from(event, fill=set(out.added[added:]))
            for row in rows:
                self._status(row)
                kept = self.events.setdefault(row, [])
                kept.append(event)
                del kept[:-EVENTS_PER_ROW]
            if mark:
                out.counts[event.kind] = out.counts.get(event.kind, 0) + 1
                self.new |= hit
                self.resolved -= hit
                self.resolved_before -= hit
                out.problems |= hit
                if event.kind == RESOLVED:
                    healed = {row for row in rows if row not in self.rows.row_findings}
                    self.new -= healed
                    if at_start:  # a lock without a problem is no row of an audit's grid
                        left = {row for row in healed if self.rows.kinds[row] == LOCK}
                        healed -= left
                        self.gone |= left
                        out.left |= left
                        self.resolved_before |= healed
                    else:
                        self.resolved_before -= healed
                    self.resolved |= healed
            out.touched |= rows
        return out

    def _places(self, f: Finding) -> list[int | None]:
        """The rows a finding is filed on: its accounts', else its locks' (None: no such row)."""
        r = self._rule.get(f.rule) if f.rule is not None else None
        places = [self._accounts.get(a) for a in f.account_ids]
        if not f.account_ids and r is not None:
            places += [self._locks.get((r, self._stored(r, key, f))) for key in f.lock_keys]
        return places

    def _shown(self, f: Finding | None) -> bool:
        """Whether the grid shows this finding on one of its rows."""
        if f is None:
            return False
        return any(row is not None and any(_same(g, f) for g in self.rows.row_findings.get(row, ()))
                   for row in self._places(f))

    def _took_off(self, removed: Iterable[Finding]) -> None:
        """Findings taken off a row: those no row of theirs holds any more left the grid."""
        for g in {id(g): g for g in removed}.values():  # one finding may leave several rows
            if not any(row is not None and any(h is g for h in self.rows.row_findings.get(row, ()))
                       for row in self._places(g)):
                self.changes.left(g)

    def _values_from(self, event: WatchEvent, fill: set[int] | None = None) -> set[int]:
        """Accounts' protected values as the records that caused the event left them (with
        ``fill``, only the empty cells of those rows: a row just added for a finding)."""
        touched: set[int] = set()
        for cause in event.causes:
            row = self._accounts.get(cause.account_id or "") if cause.kind == "account" else None
            if row is None or (fill is not None and row not in fill):
                continue
            for r, new in self._new_values(cause):
                if fill is not None and self.rows.values[r][row]:
                    continue
                if self.rows.values[r][row] != (new or ""):
                    self.rows.values[r][row] = new or ""
                    self.rows.cell_status[r][row] = CODE[OK if new else NO_VALUE]
                    touched.add(row)
            sks = self.rows.sks
            if sks is not None and cause.account_values is not None and cause.account_sk \
                    and row < len(sks) and sks[row] != cause.account_sk:
                sks[row] = cause.account_sk  # another item names the account now, as the audit's
                touched.add(row)
        return touched

    def _new_values(self, cause: Cause) -> list[tuple[int, str | None]]:
        """(column, value) of the account after the write: the whole account as the watch's
        state holds it when the cause says (an item's own change is not the account's: another
        item may hold a value still), else the values the record itself changed."""
        if cause.account_values is not None and len(cause.account_values) == len(self.rows.rules):
            return list(enumerate(cause.account_values))
        return [(r, change.new) for change in cause.changes
                if (r := self._rule.get(change.rule)) is not None]

    def _set(self, f: Finding, out: Applied) -> set[int]:
        rows = self.rows
        r = self._rule.get(f.rule) if f.rule is not None else None
        hit: set[int] = set()
        keys: list[dict[str, Any] | None] = list(f.account_keys) or [None] * len(f.account_ids)
        for acct, key in zip(f.account_ids, keys, strict=False):
            row = self._account_row(acct, key, out)
            if r is None:
                if f.status == EXPIRED:
                    rows.expired.extend(bytes(row + 1 - len(rows.expired)))
                    rows.expired[row] = 1
            else:
                if not rows.values[r][row] and f.value:
                    rows.values[r][row] = f.value
                rows.cell_status[r][row] = CODE[f.status]
                rows.cell_findings[(row, r)] = f
            self._file(row, f)
            hit.add(row)
        if not f.account_ids and r is not None:
            for key in f.lock_keys:
                row = self._lock_row(r, key, f, out)
                rows.cell_status[r][row] = CODE[f.status]
                rows.cell_findings[(row, r)] = f
                self._file(row, f)
                hit.add(row)
                if row in self.gone:  # a problem again: back in the grid
                    self.gone.discard(row)
                    if row in out.left:
                        out.left.discard(row)
                    else:
                        out.added.append(row)
        return hit

    def _clear(self, f: Finding) -> set[int]:
        rows = self.rows
        r = self._rule.get(f.rule) if f.rule is not None else None
        hit: set[int] = set()
        removed: list[Finding] = []
        for row in self._places(f):
            if row is None:
                continue
            found = rows.row_findings.get(row, [])
            removed += [g for g in found if _same(g, f)]
            found[:] = [g for g in found if not _same(g, f)]
            if not found:
                rows.row_findings.pop(row, None)
            if r is None:
                if f.status == EXPIRED and row < len(rows.expired):
                    rows.expired[row] = 0
            else:
                cell = rows.cell_findings.get((row, r))
                if cell is not None and _same(cell, f):
                    del rows.cell_findings[(row, r)]
                    # A lock row's own cell is a lock, held on '' too (by ``lock_rule``).
                    held = rows.values[r][row] or (rows.kinds[row] == LOCK and rows.lock_rule_of(row) == r)
                    rows.cell_status[r][row] = CODE[OK if held else NO_VALUE]
            hit.add(row)
        self._took_off(removed)
        return hit

    def _file(self, row: int, f: Finding) -> None:
        found = self.rows.row_findings.setdefault(row, [])
        replaced = [g for g in found if _same(g, f) and g is not f]
        found[:] = [g for g in found if not _same(g, f)] + [f]
        self.changes.filed(f)
        self._took_off(replaced)

    def _status(self, row: int) -> None:
        """The row's worst status and the bits of every finding naming it (what the status filter
        matches it by), as ``build_rows`` computes them."""
        rows = self.rows
        _grow(rows.finding_bits, row, 0)
        rows.finding_bits[row] = status_bits(rows.row_findings.get(row, ()))
        statuses = [CODES[column[row]] for column in rows.cell_status]
        if rows.expired and row < len(rows.expired) and rows.expired[row]:
            statuses.append(EXPIRED)
        worst = max(statuses, key=lambda s: SEVERITY[s], default=OK)
        rows.row_status[row] = CODE[worst]

    # ------------------------------------------------------------------ new rows

    def _append(self, kind: int, ident: str, key: dict[str, Any] | None, out: Applied) -> int:
        rows = self.rows
        row = len(rows.kinds)
        rows.kinds.append(kind)
        rows.ids.append(ident)
        for r in range(len(rows.rules)):
            rows.values[r].append("")
            rows.cell_status[r].append(CODE[NO_VALUE] if kind == LOCK else CODE[OK])
        rows.row_status.append(CODE[OK])
        _grow(rows.lock_rule, row, NO_RULE)  # ``_lock_row`` sets a lock row's
        _grow(rows.finding_bits, row, 0)  # ``_status`` sets it once its findings are filed
        if rows.sks is not None:
            rows.sks.append("")
        if key is not None:
            rows.row_keys[row] = dict(key)
        out.added.append(row)
        return row

    def _account_row(self, acct: str, key: dict[str, Any] | None, out: Applied) -> int:
        row = self._accounts.get(acct)
        if row is None:
            row = self._append(ACCOUNT, acct, key, out)
            for r in range(len(self.rows.rules)):
                self.rows.cell_status[r][row] = CODE[NO_VALUE]
            self._accounts[acct] = row
        return row

    def _lock_row(self, r: int, key: dict[str, Any], f: Finding, out: Applied) -> int:
        value = self._stored(r, key, f)
        row = self._locks.get((r, value))
        if row is None:
            row = self._append(LOCK, "", key, out)
            self.rows.values[r][row] = value
            self.rows.lock_rule[row] = r
            self._locks[(r, value)] = row
        return row

    def _stored(self, r: int, key: dict[str, Any], f: Finding) -> str:
        """A lock's stored value, from its key (the finding's value when the key says none)."""
        rule = self.schema.rules[r]
        pk = key.get(self.schema.lock_pk_name, {}).get("S")  # the locks table's, when they have one
        # The engine's own cut (a scoped rule's stored value is its form: scope, middle, value).
        stored = rule.value_from_pk(pk) if isinstance(pk, str) else None
        return stored if stored is not None else f.value or ""

    # ------------------------------------------------------------------ reading

    def events_of(self, row: int) -> list[WatchEvent]:
        return list(self.events.get(row, ()))


def _grow(column: bytearray, row: int, fill: int) -> None:
    """Make a per-row column reach ``row`` (rows built without it, or appended since: ``fill``)."""
    if len(column) <= row:
        column.extend(bytes([fill]) * (row + 1 - len(column)))


def insert_at(rows: AuditRows, order: array, row: int) -> int:
    """Where a problem row goes in a problems-first order: first among its severity (the
    newest on top), after the worse ones; a walk over the problem rows only."""
    severity = SEVERITY[CODES[rows.row_status[row]]]
    for i, other in enumerate(order):
        if SEVERITY[CODES[rows.row_status[other]]] <= severity:
            return i
    return len(order)


def position(order: array, row: int) -> int | None:
    """Where ``row`` is in ``order`` (a C search of its bytes; ``array.index`` boxes each entry)."""
    needle = array("i", [row]).tobytes()
    data = order.tobytes()
    start = 0
    while True:
        at = data.find(needle, start)
        if at < 0:
            return None
        if at % order.itemsize == 0:
            return at // order.itemsize
        start = at + 1
