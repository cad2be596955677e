"""The loaded rows of the items view, Qt-free: compact rows, which are shown, in what order.

Rows are ``core.reads.rows`` bytes in the order read, with a key digest and a TTL code each
(computed in the worker that decoded the page). What is shown is an index array over them
(``order``), or every row in the order read (``order`` None, the common case, which costs
nothing per row). Appending a page is proportional to the page; sorting a large load runs as
a ``SortJob`` in the worker pool (``SortJob.run`` touches only its own snapshot) and merges
later pages into the sorted order there, reusing the keys already computed.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import chain, compress, count
from typing import TYPE_CHECKING, Any

from dynoview.core.ttl.kinds import EXPIRED, NEVER, NONE, PENDING
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.items import ui_gate

if TYPE_CHECKING:
    # The row code (msgspec, orjson), the TTL and sort key code load with the first read, and
    # table descriptions with the connection: after the window's first paint (issue 19).
    from datetime import datetime

    from dynoview.core.reads.rows import Flag, Item, RowBlock, RowShape
    from dynoview.core.session.tables import TableInfo

TTL_STATUS_COLUMN = QT_TRANSLATE_NOOP("items.rows", "TTL status")
KINDS = (NONE, PENDING, EXPIRED, NEVER)  # a row's TTL kind is stored as its index here
CODE = {kind: code for code, kind in enumerate(KINDS)}
EXPIRED_CODE = CODE[EXPIRED]
# ``bytes.translate`` table: a row's code to 1 when shown with Hide expired on, 0 when hidden.
_SHOWN_WHEN_HIDING = bytes(0 if code == EXPIRED_CODE else 1 for code in range(256))
# Generations are unique across every LoadedRows: a job for a previous read never applies.
_GENERATIONS = count(1)


def ttl_flag(attribute: str, now: datetime | None = None) -> Flag:
    """The per-row TTL code, computed while a page is decoded (``now`` None: the current time)."""
    from dynoview.core.ttl.expiry import ttl_state

    def flag(item: Item) -> int:
        av = item.get(attribute)
        return 0 if av is None else CODE[ttl_state(av, now).kind]
    return flag


def row_shape(table: TableInfo | None, now: datetime | None = None) -> RowShape:
    """What a worker computes per row of ``table`` while decoding a page: key digests, TTL codes."""
    from dynoview.core.reads.rows import RowShape

    if table is None:
        return RowShape(now=now, pause=ui_gate.pause)
    ttl = table.ttl_attribute if table.ttl_enabled else None
    return RowShape(table.key_names, ttl_flag(ttl, now) if ttl else None, now, ui_gate.pause)


@dataclass
class SortJob:
    """Sort the first ``len(rows)`` loaded rows by a column; runs in a worker on a snapshot."""

    column: str
    descending: bool
    rows: list[bytes]  # a copy of the list (the bytes are shared, and never change)
    flags: bytes
    ttl_attribute: str | None  # for the TTL status column: its keys are expiry times
    keys: list[Any]  # keys already computed for rows[:len(keys)] (merging a new page)
    sorted: array[int]  # those rows' sorted order
    generation: int

    def key(self, index: int) -> Any:
        """The sort key of a row (None: the value is missing, shown last either way)."""
        return self._keys()(index)

    def _keys(self) -> Callable[[int], Any]:
        """``key``, with the decoding and sort key code imported once for all rows."""
        from dynoview.core.reads.columns import sort_key
        from dynoview.core.reads.rows import decode_row
        from dynoview.core.ttl.expiry import ttl_state

        rows, column, flags, ttl_attribute = self.rows, self.column, self.flags, self.ttl_attribute
        if column == TTL_STATUS_COLUMN:
            def expiry(index: int) -> Any:
                if flags[index] == CODE[NONE] or ttl_attribute is None:
                    return None
                expires = ttl_state(decode_row(rows[index]).get(ttl_attribute)).expires_at
                return expires.timestamp() if expires is not None else None
            return expiry

        def value(index: int) -> Any:
            av = decode_row(rows[index]).get(column)
            return None if av is None else sort_key(av)
        return value

    def run(self) -> tuple[list[Any], array[int]]:
        """(keys of every row, the rows' sorted order: present values sorted, missing last)."""
        done = len(self.keys)
        keys = self.keys + list(map(self._keys(), range(done, len(self.rows))))
        merged = chain(self.sorted, range(done, len(self.rows)))
        present: list[int] = []
        missing: list[int] = []
        for i in merged:
            (missing if keys[i] is None else present).append(i)
        # ``sorted`` holds a sorted run, the new rows follow: the sort merges them, stably.
        present.sort(key=keys.__getitem__, reverse=self.descending)
        return keys, array("q", chain(present, missing))


class LoadedRows:
    """The rows of one read and the order they are shown in."""

    def __init__(self) -> None:
        self.rows: list[bytes] = []
        self.digests: array[int] = array("q")
        self.flags = bytearray()
        self._clock_starts: list[int] = []  # the first row of each block, and its clock
        self._clocks: list[datetime] = []
        self._own_clock: dict[int, datetime] = {}  # rows replaced after a write
        self.order: array[int] | None = None  # shown rows as indexes into rows; None: all, as read
        self.hide_expired = False
        self.sort: tuple[str, bool] | None = None
        self._keys: list[Any] | None = None  # per row, for the sort the order follows
        self._sorted: array[int] | None = None
        self.sorted_count = 0  # rows[:sorted_count] are in sorted order (the rest follow as read)
        self.generation = next(_GENERATIONS)  # renewed by every change a running SortJob cannot merge

    # -- reading ------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.rows)

    @property
    def shown(self) -> int:
        return len(self.rows) if self.order is None else len(self.order)

    def index(self, row: int) -> int:
        """The loaded row (index into ``rows``) shown at ``row``."""
        return row if self.order is None else self.order[row]

    def shown_row(self, index: int) -> int | None:
        if self.order is None:
            return index if 0 <= index < len(self.rows) else None
        try:
            return self.order.index(index)
        except ValueError:
            return None

    def clock(self, index: int) -> datetime:
        own = self._own_clock.get(index)
        if own is not None:
            return own
        return self._clocks[max(0, bisect_right(self._clock_starts, index) - 1)]

    def find(self, key: dict[str, Any], key_names: tuple[str, ...]) -> int | None:
        """The loaded row holding this key (a digest search, each candidate checked)."""
        from dynoview.core.reads.rows import decode_row, key_digest

        if key_names and set(key) == set(key_names):
            digest = key_digest([key.get(k) for k in key_names])
            start = 0
            while True:
                try:
                    index = self.digests.index(digest, start)
                except ValueError:
                    return None
                if _holds(decode_row(self.rows[index]), key):
                    return index
                start = index + 1
        return next((i for i, row in enumerate(self.rows) if _holds(decode_row(row), key)), None)

    # -- changing -----------------------------------------------------------------------------
    def visible_in(self, block: RowBlock) -> int:
        """How many of ``block``'s rows ``append`` will show."""
        return len(block) - (block.flags.count(EXPIRED_CODE) if self.hide_expired else 0)

    def append(self, block: RowBlock) -> None:
        """Add a block's rows; they show at the end (in sorted mode until the next sort)."""
        start = len(self.rows)
        self._clock_starts.append(start)
        self._clocks.append(block.clock)
        self.rows.extend(block.rows)
        self.digests.extend(block.digests)
        self.flags.extend(block.flags)
        if self.order is not None:
            added = range(start, len(self.rows))
            self.order.extend(compress(added, block.flags.translate(_SHOWN_WHEN_HIDING))
                              if self.hide_expired else added)

    def replace(self, index: int, row: bytes, digest: int, flag: int, clock: datetime) -> None:
        self.rows[index] = row
        self.digests[index] = digest
        self.flags[index] = flag
        self._own_clock[index] = clock
        if self.sort is not None:  # its key may have changed: sort again
            self._keys = self._sorted = None
            self.sorted_count = 0
        self.generation = next(_GENERATIONS)

    def hide(self, index: int) -> None:
        """Stop showing one loaded row (replaced by an expired item while hiding them)."""
        if self.order is None:
            self.order = array("q", range(len(self.rows)))
        self.order.remove(index)

    def delete(self, index: int) -> None:
        del self.rows[index]
        del self.digests[index]
        del self.flags[index]
        self._clock_starts = [s - (s > index) for s in self._clock_starts]
        self._own_clock = {i - (i > index): c for i, c in self._own_clock.items() if i != index}
        if self.order is not None:
            self.order = _without(self.order, index)
        if self._sorted is not None and self._keys is not None and index < len(self._keys):
            del self._keys[index]
            self._sorted = _without(self._sorted, index)
            self.sorted_count -= 1
        self.generation = next(_GENERATIONS)

    def set_hide_expired(self, hide: bool) -> None:
        self.hide_expired = hide
        self._reorder()

    def set_sort(self, sort: tuple[str, bool] | None) -> None:
        """Choose the sort; with one, the order changes once ``apply_sort`` has its result."""
        self.sort = sort
        self._keys = self._sorted = None
        self.sorted_count = 0
        self.generation = next(_GENERATIONS)
        if sort is None:
            self._reorder()

    @property
    def needs_sort(self) -> bool:
        return self.sort is not None and self.sorted_count < len(self.rows)

    def sort_job(self, ttl_attribute: str | None) -> SortJob:
        assert self.sort is not None
        return SortJob(self.sort[0], self.sort[1], list(self.rows), bytes(self.flags), ttl_attribute,
                       self._keys or [], self._sorted or array("q"), self.generation)

    def is_current(self, job: SortJob) -> bool:
        """False once the rows or the sort changed since the job started (its result is stale)."""
        return job.generation == self.generation and self.sort == (job.column, job.descending)

    def apply_sort(self, job: SortJob, result: tuple[list[Any], array[int]]) -> bool:
        """Show a job's order; False when it is stale."""
        if not self.is_current(job):
            return False
        self._keys, self._sorted = result
        self.sorted_count = len(job.rows)
        self._reorder()
        return True

    def _reorder(self) -> None:
        """The shown order from the sorted order (or the order read) and Hide expired."""
        base: Iterable[int]
        if self.sort is not None and self._sorted is not None:
            base = chain(self._sorted, range(self.sorted_count, len(self.rows)))
        elif self.hide_expired:
            base = range(len(self.rows))
        else:
            self.order = None
            return
        if not self.hide_expired:
            self.order = array("q", base)
            return
        shown = self.flags.translate(_SHOWN_WHEN_HIDING)
        indexes = list(base)
        self.order = array("q", compress(indexes, map(shown.__getitem__, indexes)))


def _holds(item: Item, key: dict[str, Any]) -> bool:
    return all(item.get(k) == v for k, v in key.items())


def _without(order: array[int], index: int) -> array[int]:
    """``order`` without ``index``, later indexes moved down by one (a row was deleted)."""
    return array("q", (i - (i > index) for i in order if i != index))


Sorter = Callable[[SortJob], None]
