"""The audit's view rows as columns: what the Accounts & locks grid shows, built off the UI thread.

One row per account, then one per lock no account holds, as ``Pairing.rows()`` defines them,
but kept as columns: the account ids (the pairing's own strings), one value list per rule,
one status byte per cell and per row, a byte per row for a lock row's rule and one for the
statuses of every finding naming the row, and the findings of the few rows that have any. A
million accounts cost a few lists of references and some bytes, not a ``PairRow`` with its
dict and ``Cell`` objects each; ``pair_row(i)`` builds the one row the user selects.

Every step over the rows works on slices of ``CHUNK`` rows in C loops (``map``, ``compress``,
``str.join``): a thread building rows never holds the GIL for long, so the window's event
loop keeps running while a million rows are built.
"""

from __future__ import annotations

import contextlib
import threading
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import not_
from typing import Any

from dynoview.core.audit.collector import relaxed_gc
from dynoview.core.errors import CancelledError
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LABELS,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    NO_VALUE,
    OK,
    ORPHAN_LOCK,
    SEVERITY,
    Cell,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_findings import findings_by_place
from dynoview.core.uniqueness.schema import UniquenessSchema

#: Status codes, one byte per cell: the index in this tuple.
CODES = (NO_VALUE, OK, EXPIRED, CASE_CLASH, LOOKALIKE_CLASH, MISSING_LOCK, ORPHAN_LOCK, DUPLICATE_VALUE)
CODE = {status: i for i, status in enumerate(CODES)}


def status_rank(code: int) -> tuple[int, str]:
    """Status columns sort by severity, then by label (as they read)."""
    return SEVERITY[CODES[code]], LABELS[CODES[code]].casefold()


#: Each status's rank when a status column is sorted (``status_rank``): code -> rank + 1, as a
#: translate table (0 is a lock row's empty cell in another rule's column).
_RANKED = sorted(range(len(CODES)), key=status_rank)
RANK_OF_CODE = bytes(_RANKED.index(code) + 1 for code in range(len(CODES))).ljust(256, b"\0")
ACCOUNT, LOCK = 0, 1  # row kinds
NO_RULE = 0xFF  # ``lock_rule`` of a row that is not a lock's
#: Rows per step: a C loop over this many rows holds the GIL a few milliseconds.
CHUNK = 50_000


def chunks(n: int, size: int = CHUNK) -> Iterator[range]:
    """Consecutive ranges covering ``range(n)``."""
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def status_bits(findings: Iterable[Finding]) -> int:
    """One bit per status (``1 << CODE[status]``) of the findings naming a row: what the
    status filter matches besides the statuses its cells show (a cell shows only its worst)."""
    bits = 0
    for f in findings:
        bits |= 1 << CODE[f.status]
    return bits


def check(cancel: threading.Event | None) -> None:
    """Stop between steps when the user cancelled (the caller drops the work)."""
    if cancel is not None and cancel.is_set():
        raise CancelledError("Cancelled: the rows were not built.")


@dataclass
class AuditRows:
    """Columns of the side-by-side view; row ``i`` is an account for ``i < accounts``."""

    schema: UniquenessSchema
    rules: tuple[str, ...]
    kinds: bytearray
    ids: list[str]  # account id, "" for a lock row
    values: list[list[str]]  # per rule: the account's value or the lock's, "" for none
    cell_status: list[bytearray]  # per rule: a code from CODES
    row_status: bytearray  # the row's worst status (PairRow.status)
    default_order: array  # problems first (worst first), then the rest
    accounts: int = 0
    sks: list[str] | None = None  # the accounts' SKs, kept only when they vary
    expired: bytearray = field(default_factory=bytearray)  # 1 where an account item expired
    #: Findings of the rows that have any: (row, rule index) -> the cell's (the worst naming
    #: it), row -> every finding naming the row.
    cell_findings: dict[tuple[int, int], Finding] = field(default_factory=dict)
    row_findings: dict[int, list[Finding]] = field(default_factory=dict)
    pairing: Pairing | None = None  # where lock keys of healthy cells are looked up
    #: Rows built from findings only, while the scan runs: keys come from the findings.
    partial: bool = False
    row_keys: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: Per row: a lock row's rule index (its one cell), NO_RULE for an account row. A lock on
    #: the empty value ('') has no value to find its rule by. Rows appended later (Live mode)
    #: may have none: ``lock_rule_of`` falls back to the value they hold.
    lock_rule: bytearray = field(default_factory=bytearray)
    #: Per row: ``status_bits`` of every finding naming it (0 past its end).
    finding_bits: bytearray = field(default_factory=bytearray)

    def __len__(self) -> int:
        return len(self.kinds)

    @property
    def problems(self) -> int:
        """How many rows have a problem (they lead ``default_order``)."""
        return len(self.row_findings) if not self.partial else len(self)

    def status(self, row: int) -> str:
        return CODES[self.row_status[row]]

    def statuses(self, row: int) -> set[str]:
        """Every status in the row (its cells, EXPIRED for an expired account, and every
        finding naming it): what the status filter matches it by."""
        lock = self.lock_rule_of(row) if self.kinds[row] == LOCK else None
        out = {CODES[col[row]] for r, col in enumerate(self.cell_status)
               if self.kinds[row] == ACCOUNT or r == lock}
        if self.expired and row < len(self.expired) and self.expired[row]:
            out.add(EXPIRED)
        out.update(f.status for f in self.row_findings.get(row, ()))
        return out

    def lock_rule_of(self, row: int) -> int | None:
        """The rule of a lock row's one cell (None for an account row, or a lock row whose rule
        is unknown: one appended later holding no value)."""
        if self.kinds[row] != LOCK:
            return None
        if row < len(self.lock_rule) and self.lock_rule[row] != NO_RULE:
            return self.lock_rule[row]
        return next((r for r, values in enumerate(self.values) if values[row]), None)

    def key(self, row: int) -> dict[str, Any]:
        """The item key of a row: the account's, or the lock's."""
        if row in self.row_keys:
            return self.row_keys[row]
        s = self.schema
        if self.kinds[row] == ACCOUNT:
            key: dict[str, Any] = {s.pk_name: {"S": self.ids[row]}}
            if not s.sk_name:
                return key
            if self.sks is None:  # one SK for every account
                if s.account_sk_value is not None:
                    key[s.sk_name] = {"S": s.account_sk_value}
                return key
            # Accounts' SKs vary: of the table's SK type (a Number stays a Number), as read.
            sk = self.sks[row] or None
            typed = self.pairing.typed_sk(self.ids[row], sk) if self.pairing is not None else (
                {"S": sk} if sk is not None else None)
            if typed is not None:
                key[s.sk_name] = typed
            return key
        r = self.lock_rule_of(row)
        # Built rows always know their rule, and rows appended later carry their key.
        return _lock_key(s, r, self.values[r][row]) if r is not None else {}

    def row_of_key(self, key: dict[str, Any]) -> int | None:
        """The row of an account or lock key, if the audit has one."""
        pk = key.get(self.schema.pk_name, key.get(self.schema.lock_pk_name, {})).get("S")
        if not isinstance(pk, str):
            return None
        for row in self._rows_named(pk):
            if self.key(row) == key:
                return row
        return None

    def rows_showing(self, key: dict[str, Any]) -> set[int]:
        """The rows that show an item: its own row, and the accounts whose cell shows it as
        their lock (what a write to that item makes out of date)."""
        out: set[int] = set()
        own = self.row_of_key(key)
        if own is not None:
            out.add(own)
        pk = key.get(self.schema.lock_pk_name, {}).get("S")
        if self.pairing is None or not isinstance(pk, str):
            return out
        for r, rule in enumerate(self.schema.rules):
            if not (pk.startswith(rule.fixed_prefix) and pk.endswith(rule.suffix)
                    and len(pk) >= len(rule.fixed_prefix) + len(rule.suffix)):
                continue
            value = pk[len(rule.fixed_prefix):len(pk) - len(rule.suffix)]
            if value not in self.pairing.rules[rule.name].locks or _lock_key(self.schema, r, value) != key:
                continue
            for acct in self.pairing.rules[rule.name].holders_of(value):
                with contextlib.suppress(ValueError):  # an account written after the audit
                    out.add(self.ids.index(acct))
        return out

    def _rows_named(self, pk: str) -> Iterator[int]:
        """Candidate rows for a partition key: the account of that id, or a lock row."""
        if self.partial:
            yield from range(len(self))
            return
        start = 0
        while True:
            try:
                row = self.ids.index(pk, start)  # a C scan: milliseconds over a million ids
            except ValueError:
                break
            yield row
            start = row + 1
        yield from range(self.accounts, len(self))

    def pair_row(self, row: int) -> PairRow:
        """The row as ``Pairing.rows()`` builds it (for details, templates and repairs)."""
        key = self.key(row)
        kind = "account" if self.kinds[row] == ACCOUNT else "lock"
        lock = self.lock_rule_of(row) if kind == "lock" else None
        out = PairRow(kind, self.ids[row] or None, key,
                      expired=bool(self.expired and row < len(self.expired) and self.expired[row]))
        for r, rule in enumerate(self.rules):
            value = self.values[r][row]
            if kind == "lock" and r != lock:
                continue
            status = CODES[self.cell_status[r][row]]
            if kind == "account" and status == NO_VALUE:
                out.cells[rule] = Cell(value or None, NO_VALUE)
                continue
            out.cells[rule] = Cell(value, status, self._cell_lock_key(row, r),
                                   self.cell_findings.get((row, r)))
        out.findings.extend(self.row_findings.get(row, ()))
        return out

    def _cell_lock_key(self, row: int, r: int) -> dict[str, Any] | None:
        value = self.values[r][row]
        if self.kinds[row] == LOCK:
            return _lock_key(self.schema, r, value)
        if self.pairing is None:  # rows of findings: the finding names the lock, if any
            finding = self.cell_findings.get((row, r))
            return finding.lock_keys[0] if finding is not None and finding.lock_keys else None
        state = self.pairing.rules[self.schema.rules[r].name]
        lock_value = state.held_form(value, self.ids[row])  # a scope may hold the middle
        return _lock_key(self.schema, r, lock_value) if lock_value in state.locks else None


def _lock_key(schema: UniquenessSchema, r: int, stored_value: str) -> dict[str, Any]:
    """A stored lock's key: rebuilt from the template, never re-normalised (``Pairing.lock_key``)."""
    return schema.stored_lock_key(schema.rules[r], stored_value)  # the locks table's key names


# ---------------------------------------------------------------------- the full audit's rows

def build_rows(pairing: Pairing, findings: Sequence[Finding],
               cancel: threading.Event | None = None) -> AuditRows:
    """The view rows of a finished audit (the same rows as ``pairing.rows()``), as columns."""
    with relaxed_gc():
        return _build_rows(pairing, findings, cancel)


def _build_rows(pairing: Pairing, findings: Sequence[Finding], cancel: threading.Event | None) -> AuditRows:
    schema = pairing.schema
    columns = pairing.account_columns(lambda: check(cancel))
    ids, values, expired = columns.ids, columns.values, columns.expired
    n = len(ids)
    cell_status = [_presence(column, cancel) for column in values]
    by_cell, by_lock, acct_expired = findings_by_place(schema.lock_pk_name, findings)
    cell_findings: dict[tuple[int, int], Finding] = {}
    row_findings: dict[int, list[Finding]] = {}
    named = {a for (_rule, a) in by_cell} | set(acct_expired)
    finding_bits = bytearray(n)
    for row in _positions(ids, named, cancel):
        acct = ids[row]
        found = row_findings.setdefault(row, [])
        if acct in acct_expired:
            found.append(acct_expired[acct])
        for r, rule in enumerate(schema.rules):
            place = by_cell.get((rule.name, acct))
            if not place:
                continue
            found.extend(f for f in place if f not in found)  # every one, for the filter and pane
            if not values[r][row]:
                continue
            cell_status[r][row] = CODE[place[0].status]  # the worst: the cell's colour and label
            cell_findings[(row, r)] = place[0]
        finding_bits[row] = status_bits(found)
    # Accounts whose item expired are problems even when every value is fine.
    for part in chunks(n):
        for row in compress(part, expired[part.start:part.stop]):
            row_findings.setdefault(row, [])
    check(cancel)
    # Rows with no problem: every cell has severity 0, so the first cell's status is the row's.
    row_status = bytearray(cell_status[0]) if cell_status else bytearray([CODE[OK]]) * n
    for row in row_findings:
        row_status[row] = _worst([c[row] for c in cell_status], bool(expired[row]))
    kinds = bytearray(n)
    lock_rule = bytearray([NO_RULE]) * n
    for r, value, found in _lock_rows(pairing, by_lock):
        row = len(kinds)
        code = CODE[found[0].status] if found else CODE[ORPHAN_LOCK]
        kinds.append(LOCK)
        ids.append("")
        lock_rule.append(r)
        finding_bits.append(status_bits(found))
        for rr, column in enumerate(values):
            column.append(value if rr == r else "")
            cell_status[rr].append(code if rr == r else CODE[NO_VALUE])
        row_status.append(code)
        if found:
            cell_findings[(row, r)] = found[0]
        row_findings[row] = list(found)
    check(cancel)
    rows = AuditRows(schema, tuple(rule.name for rule in schema.rules), kinds, ids, values,
                     cell_status, row_status, array("i"), n, columns.sks, expired,
                     cell_findings, row_findings, pairing, lock_rule=lock_rule,
                     finding_bits=finding_bits)
    rows.default_order = _problems_first(rows, cancel)
    return rows


def _presence(column: list[str], cancel: threading.Event | None) -> bytearray:
    """OK where the account has a value, NO_VALUE where it has none (codes 1 and 0)."""
    out = bytearray()
    for part in chunks(len(column)):
        check(cancel)
        out.extend(map(bool, column[part.start:part.stop]))
    return out


def _positions(ids: list[str], wanted: set[str], cancel: threading.Event | None) -> list[int]:
    """The rows of the account ids in ``wanted`` (few), found in C loops."""
    if not wanted:
        return []
    found: list[int] = []
    for part in chunks(len(ids)):
        check(cancel)
        found.extend(compress(part, map(wanted.__contains__, ids[part.start:part.stop])))
    return found


def _worst(codes: list[int], expired: bool) -> int:
    """``PairRow.status``: the first status of the highest severity (EXPIRED last)."""
    statuses = [CODES[c] for c in codes] + ([EXPIRED] if expired else [])
    return CODE[max(statuses, key=lambda s: SEVERITY[s], default=OK)] if statuses else CODE[OK]


def _lock_rows(pairing: Pairing, by_lock: dict[tuple[str, str], list[Finding]]) -> list[
        tuple[int, str, list[Finding]]]:
    """(rule index, value, its findings, worst first) of every lock no account holds, sorted."""
    out = []
    for r, state in enumerate(pairing.rules.values()):
        rule = state.rule
        for value in sorted(pairing.unheld_locks(rule.name)):
            pk = rule.fixed_prefix + value + rule.suffix
            out.append((r, value, by_lock.get((rule.name, pk), [])))
    return out


def _problem_key(rows: AuditRows, row: int) -> tuple[int, int, str, str]:
    """Worst first, each status in one block (the Status column sorted descending: the reverse
    of its ascending order); accounts before locks; then by id, then by value."""
    values = "".join(column[row] for column in rows.values)
    return (-RANK_OF_CODE[rows.row_status[row]], rows.kinds[row], rows.ids[row].casefold(),
            values.casefold())


def _problems_first(rows: AuditRows, cancel: threading.Event | None) -> array:
    """The first view: every row with a problem, worst first, then the others in Scan order."""
    problems = sorted(rows.row_findings, key=lambda row: _problem_key(rows, row))
    order = array("i", problems)
    flagged = bytearray(rows.accounts)
    for row in problems:
        if row < rows.accounts:
            flagged[row] = 1
    for part in chunks(rows.accounts):
        check(cancel)
        order.extend(compress(part, map(not_, flagged[part.start:part.stop])))
    return order


# ---------------------------------------------------------------------- rows of findings so far

def rows_of_findings(schema: UniquenessSchema, findings: Sequence[Finding]) -> AuditRows:
    """Rows for findings seen while the scan runs: one per account named, one per lock.

    Only what the findings say is shown (the account's other values come with the full
    audit), and each row's key is the one its finding names.
    """
    rules = tuple(rule.name for rule in schema.rules)
    index = {name: r for r, name in enumerate(rules)}
    kinds, ids = bytearray(), list[str]()
    values: list[list[str]] = [[] for _ in rules]
    cell_status: list[bytearray] = [bytearray() for _ in rules]
    rows = AuditRows(schema, rules, kinds, ids, values, cell_status, bytearray(), array("i"),
                     partial=True)

    def add(kind: int, ident: str, key: dict[str, Any], f: Finding) -> None:
        row = len(kinds)
        kinds.append(kind)
        ids.append(ident)
        r = index.get(f.rule or "", -1)
        rows.lock_rule.append(r if kind == LOCK and r >= 0 else NO_RULE)
        rows.finding_bits.append(status_bits((f,)))
        for rr in range(len(rules)):
            values[rr].append(f.value or "" if rr == r else "")
            cell_status[rr].append(CODE[f.status] if rr == r else CODE[NO_VALUE])
        rows.row_status.append(CODE[f.status])
        if r >= 0:
            rows.cell_findings[(row, r)] = f
        rows.row_findings[row] = [f]
        rows.row_keys[row] = key
        if f.rule is None:
            rows.expired.extend(bytes(row + 1 - len(rows.expired)))
            rows.expired[row] = 1

    for f in sorted(findings, key=lambda f: (-SEVERITY[f.status], f.rule or "", f.value or "")):
        for acct, key in zip(f.account_ids, f.account_keys or [{}] * len(f.account_ids), strict=True):
            add(ACCOUNT, acct, key, f)
        if not f.account_ids:
            for key in f.lock_keys:
                add(LOCK, "", key, f)
    rows.accounts = len(kinds)
    rows.default_order = array("i", range(len(kinds)))
    return rows

