"""Sort, filter and search the audit's view rows without holding the GIL for long.

The window asks for an order (a sort, a status filter, a search); ``RowOrdering.order``
answers with the rows to show, in order, as an ``array('i')`` the model swaps in. It runs
in a worker thread, in steps: a text column is sorted case-folded by numpy, off the GIL
(``sort_keys.folded_order``); texts numpy would compare differently (holding NUL) or too long
to copy are sorted in runs of ``RUN`` rows (each a short C sort) merged by ``heapq.merge``
(Python code, so the GIL changes hands every millisecond). Status columns are bucketed over
the account order; filters are C loops over slices (``compress``, ``bytes.translate``);
searches scan a ``SearchIndex`` of the texts (numpy, off the GIL). Sorted orders are kept, so
sorting again by the same column, or filtering a sorted view, costs one pass.
"""

from __future__ import annotations

import heapq
import threading
from array import array
from dataclasses import dataclass
from itertools import compress, islice

from dynoview.core.audit.collector import relaxed_gc
from dynoview.core.audit.row_search import SearchIndex
from dynoview.core.audit.rows import (
    ACCOUNT,
    CHUNK,
    CODE,
    CODES,
    EXPIRED,
    NO_RULE,
    RANK_OF_CODE,
    AuditRows,
    check,
    chunks,
)
from dynoview.core.audit.sort_keys import SORT_STEP, folded_order

ACCOUNT_COLUMN, VALUE_COLUMN, LOCK_COLUMN, STATUS_COLUMN = "account", "value", "lock", "status"
RUN = 32_768  # rows per sorted run: one C sort of this many strings takes milliseconds
NO_ACCOUNT = "(no account)"  # what the Account column shows for a lock row


@dataclass(frozen=True)
class SortKey:
    """Which column orders the rows: the account id, a rule's value or lock status, or the row's
    status; ``rule`` is the rule's index for value and lock columns."""

    column: str
    rule: int = 0
    descending: bool = False


@dataclass(frozen=True)
class ViewQuery:
    """What the grid shows: ``sort`` None keeps the audit's order (problems first)."""

    sort: SortKey | None = None
    statuses: frozenset[str] | None = None  # rows with any of these (cells or row); None: all
    search: str = ""  # case-insensitive, over the account id and every value



class RowOrdering:
    """Orders of one audit's rows, computed on demand and kept."""

    def __init__(self, rows: AuditRows) -> None:
        self.rows = rows
        self._sorted: dict[tuple[str, int], array] = {}
        # One text sort at a time: a sort asked for while ``prepare`` sorts the same column
        # waits for it instead of doing it again beside it.
        self._sorting = threading.Lock()
        self._index = SearchIndex(rows)
        self._last: tuple[ViewQuery, array] | None = None  # for narrowing searches

    def prepare(self, cancel: threading.Event | None = None) -> None:
        """Sort by account ahead of a click (the first sort a user asks for, and the base of
        the status sorts), then index the texts for searches (the first search on a million
        accounts: 0.2-0.5 s -> 0.1 s): run in the pool once an audit's rows are shown."""
        with relaxed_gc():
            self._ascending(ACCOUNT_COLUMN, 0, cancel)
            self._index.prepare(cancel)

    def order(self, query: ViewQuery, cancel: threading.Event | None = None) -> array:
        """The rows to show for ``query``, in order (raises ``CancelledError`` when cancelled)."""
        with relaxed_gc():
            return self._order(query, cancel)

    def _order(self, query: ViewQuery, cancel: threading.Event | None) -> array:
        narrowing = self._narrowing(query)
        if narrowing is not None:
            shown = self._search(narrowing, query.search, cancel)
        else:
            shown = self._sorted_order(query.sort, cancel)
            if query.statuses is not None:
                shown = self._filter(shown, self._status_mask(query.statuses), cancel)
            if query.search.strip():
                shown = self._search(shown, query.search, cancel)
        self._last = (query, shown)
        return shown

    def _narrowing(self, query: ViewQuery) -> array | None:
        """The last result, when this query only adds characters to its search."""
        if self._last is None:
            return None
        last, shown = self._last
        before, now = last.search.strip().casefold(), query.search.strip().casefold()
        same = last.sort == query.sort and last.statuses == query.statuses
        return shown if same and before and before in now and before != now else None

    # ------------------------------------------------------------------ sorting

    def _sorted_order(self, sort: SortKey | None, cancel: threading.Event | None) -> array:
        if sort is None:
            return self.rows.default_order
        if sort.column in (LOCK_COLUMN, STATUS_COLUMN):
            return self._by_status(sort, cancel)
        ascending = self._ascending(sort.column, sort.rule, cancel)
        return _reversed(ascending, cancel) if sort.descending else ascending

    def _ascending(self, column: str, rule: int, cancel: threading.Event | None) -> array:
        """Rows by a text column, case-insensitively; equal texts keep the rows' order."""
        cached = self._sorted.get((column, rule))
        if cached is not None:
            return cached
        while not self._sorting.acquire(timeout=0.05):
            check(cancel)
        try:
            cached = self._sorted.get((column, rule))  # sorted meanwhile (``prepare``)
            return cached if cached is not None else self._sort_texts(column, rule, cancel)
        finally:
            self._sorting.release()

    def _sort_texts(self, column: str, rule: int, cancel: threading.Event | None) -> array:
        rows = self.rows
        if column == ACCOUNT_COLUMN:
            def texts(start: int, stop: int) -> list[str]:
                shown = rows.ids[start:min(stop, rows.accounts)]
                return shown + [NO_ACCOUNT] * (stop - start - len(shown))  # lock rows, as shown
        else:
            values = rows.values[rule]

            def texts(start: int, stop: int) -> list[str]:
                return values[start:stop]
        result = folded_order(texts, len(rows), cancel)
        if result is None:  # texts numpy would order otherwise: Python sorts them
            keys: list[str] = []
            for part in chunks(len(rows), SORT_STEP):
                check(cancel)
                keys.extend(map(str.casefold, texts(part.start, part.stop)))
            result = _merge_sorted(keys, cancel)
            _release(keys)
        self._sorted[(column, rule)] = result
        return result

    def _by_status(self, sort: SortKey, cancel: threading.Event | None) -> array:
        """Rows by a status column (severity, then label), ties in account order."""
        rows = self.rows
        column = rows.row_status if sort.column == STATUS_COLUMN else rows.cell_status[sort.rule]
        ranks: bytes = bytes(column.translate(RANK_OF_CODE))
        if sort.column == LOCK_COLUMN:  # a lock row shows nothing in another rule's column
            ranks = _and(ranks, _cells_of_rule(rows, sort.rule))
        base = self._ascending(ACCOUNT_COLUMN, 0, cancel)
        in_base = bytearray()
        for part in chunks(len(base)):
            check(cancel)
            in_base.extend(map(ranks.__getitem__, base[part.start:part.stop]))
        present = sorted(set(in_base), reverse=sort.descending)
        out = array("i")
        for rank in present:
            pick = bytes(256)
            pick = pick[:rank] + b"\x01" + pick[rank + 1:]
            mask = in_base.translate(pick)
            for part in chunks(len(base)):
                check(cancel)
                out.extend(compress(base[part.start:part.stop], mask[part.start:part.stop]))
        return out

    # ------------------------------------------------------------------ filtering and search

    def _status_mask(self, statuses: frozenset[str]) -> bytes:
        """1 for each row with any of ``statuses`` in a cell, as its own status, or in a
        finding naming it."""
        rows = self.rows
        table = bytes(1 if code < len(CODES) and CODES[code] in statuses else 0 for code in range(256))
        n = len(rows)
        hit = int.from_bytes(rows.row_status.translate(table), "little")
        for r, column in enumerate(rows.cell_status):  # a lock row has one cell: its rule's
            hit |= int.from_bytes(_and(column.translate(table), _cells_of_rule(rows, r)), "little")
        # Findings a cell does not show (it shows its worst): each row's bits of them all.
        wanted = sum(1 << CODE[s] for s in statuses if s in CODE)
        hit |= int.from_bytes(rows.finding_bits.translate(bytes(1 if b & wanted else 0 for b in range(256))),
                              "little")
        if EXPIRED in statuses and rows.expired:
            hit |= int.from_bytes(bytes(rows.expired[:n]), "little")
        return hit.to_bytes(n, "little")

    def _filter(self, shown: array, mask: bytes, cancel: threading.Event | None) -> array:
        out = array("i")
        for part in chunks(len(shown)):
            check(cancel)
            block = shown[part.start:part.stop]
            out.extend(compress(block, map(mask.__getitem__, block)))
        return out

    def _search(self, shown: array, text: str, cancel: threading.Event | None) -> array:
        return self._index.search(shown, text, cancel)


def _cells_of_rule(rows: AuditRows, r: int) -> bytearray:
    """0xFF for each row with a cell in rule ``r``'s columns (an account row, or a lock row of
    that rule: by ``lock_rule``, as a lock on '' has no value to tell it by), else 0."""
    table = bytearray(256)
    table[NO_RULE] = table[r] = 0xFF
    keep = bytearray(rows.lock_rule.translate(table))
    for row in range(len(keep), len(rows)):  # rows appended since they were built (Live mode): few
        keep.append(0xFF if rows.kinds[row] == ACCOUNT or rows.lock_rule_of(row) == r else 0)
    return keep


def _and(a: bytes | bytearray, b: bytes | bytearray) -> bytes:
    """Byte-wise AND of two columns of one length (big-integer steps in C, not a row loop)."""
    return (int.from_bytes(a, "little") & int.from_bytes(b, "little")).to_bytes(len(a), "little")


def _release(items: list[str]) -> None:
    """Free a long list's items a slice at a time: a million strings freed in one call (the
    list's last reference dropped) held the GIL 50-100 ms."""
    while items:
        del items[-SORT_STEP:]


def _merge_sorted(keys: list[str], cancel: threading.Event | None) -> array:
    """Row numbers ordered by ``keys`` (stable): short sorted runs, merged in Python steps."""
    key = keys.__getitem__
    runs = []
    for part in chunks(len(keys), RUN):
        check(cancel)
        runs.append(sorted(part, key=key))
    merged = heapq.merge(*runs, key=key)
    out = array("i")
    while True:
        check(cancel)
        block = list(islice(merged, CHUNK))
        if not block:
            return out
        out.extend(block)


def _reversed(order: array, cancel: threading.Event | None) -> array:
    out = array("i")
    for part in chunks(len(order)):
        check(cancel)
        a, b = len(order) - part.stop, len(order) - part.start
        out.extend(reversed(order[a:b]))
    return out

