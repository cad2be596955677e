"""The loaded rows of the items view, Qt-free: compact rows, which are shown, in what order.

Rows are ``core.reads.rows`` bytes in the order read, with a key digest and a TTL code each
(computed in the worker that decoded the page). What is shown is an index array over them
(``order``), or every row in the order read (``order`` None, the common case, which costs
nothing per row). Appending a page is proportional to the page; sorting a large load runs as
a ``SortJob`` in the worker pool (``SortJob.run`` touches only its own snapshot) and merges
later pages into the sorted order there, reusing the keys already computed. A row read as
pending expires as time passes: ``PendingExpiry`` holds when, so a clock tick finds the rows
whose TTL passed since it last looked without going through the others (``expire_due``).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from heapq import heapify, heappop, heappush
from itertools import chain, compress, count
from typing import TYPE_CHECKING, Any, NamedTuple

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
PENDING_CODE = CODE[PENDING]
# ``bytes.translate`` table: a row's code to 1 when shown with Hide expired on, 0 when hidden.
_SHOWN_WHEN_HIDING = bytes(0 if code == EXPIRED_CODE else 1 for code in range(256))
_PENDING_ONLY = bytes(code == PENDING_CODE for code in range(256))  # a row's code to 1 when pending
_EXPIRE_PENDING = bytes(EXPIRED_CODE if code == PENDING_CODE else code for code in range(256))
# An expiry is looked at this much (seconds) early: the epoch seconds kept here and the datetime
# the TTL status says (rounded to microseconds) may differ in the last digits.
_EARLY = 0.001
FEW_LOOKUPS = 3  # up to this many rows found in a sorted order one by one (each a pass over it)
# Rows expired since the read: up to this many runs of shown rows (of ``ONE_BY_ONE`` rows at
# most) are removed from the view one run at a time while hiding them (the view keeps its
# selection) or painted again as a span; more are hidden in one reshape, or the view repainted.
REMOVALS = 32
ONE_BY_ONE = 256
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


def pending_expiries(rows: Sequence[bytes], flags: bytes | bytearray,
                     attribute: str) -> tuple[list[float], list[int]]:
    """(when each row coded pending expires, in epoch seconds; its offset in ``rows``), the
    others skipped at C speed: on the UI thread as a page is appended, 6 ms for 20,000 pending
    rows (``expiry_epochs``), nothing for the others."""
    if PENDING_CODE not in flags:
        return [], []
    from dynoview.core.ttl.expiry import expiry_epochs

    mask = flags.translate(_PENDING_ONLY)
    return expiry_epochs(compress(rows, mask), attribute), list(compress(range(len(rows)), mask))


class PendingExpiry:
    """When the rows read as pending expire, to find those whose TTL passed since the last look
    at a cost proportional to them: with 100k+ rows loaded, a tick that went through every row
    would stall the UI thread each time (issue 19).

    Per block appended (``LoadedRows``'s blocks, by number), its pending rows' expiries sorted
    once and their offsets in the block (a delete moves the later offsets of its block; the
    blocks' starts move in ``LoadedRows``), and a heap of each block's next expiry; rows replaced
    after a write are kept apart, by loaded index. An entry only names a row to look at again:
    a replaced row keeps its old entry, ``LoadedRows.expire_due`` reads the row as it is.
    """

    def __init__(self) -> None:
        self._epochs: list[array[float]] = []  # per block, ascending
        self._offsets: list[array[int]] = []  # per block, the rows of those epochs
        self._next: list[int] = []  # per block, its entries before this one were handed out
        self._due: list[tuple[float, int]] = []  # heap: (next epoch, block)
        self._replaced: list[tuple[float, int]] = []  # heap: (epoch, loaded index)

    def add_block(self, epochs: list[float], offsets: list[int]) -> None:
        block = len(self._epochs)
        order = sorted(range(len(epochs)), key=epochs.__getitem__)
        self._epochs.append(array("d", map(epochs.__getitem__, order)))
        self._offsets.append(array("q", map(offsets.__getitem__, order)))
        self._next.append(0)
        if epochs:
            heappush(self._due, (self._epochs[block][0], block))

    def add_row(self, epoch: float, index: int) -> None:
        heappush(self._replaced, (epoch, index))

    def delete(self, block: int, offset: int, index: int) -> None:
        """The row at ``offset`` in ``block`` (loaded ``index``) was deleted: the later ones move up."""
        if 0 <= block < len(self._offsets):
            offsets, epochs = self._offsets[block], self._epochs[block]
            for at in reversed(range(len(offsets))):  # the block's pending rows, not every loaded row
                if offsets[at] > offset:
                    offsets[at] -= 1
                elif offsets[at] == offset:
                    del offsets[at], epochs[at]
                    self._next[block] -= at < self._next[block]
        if self._replaced:
            self._replaced = [(e, i - (i > index)) for e, i in self._replaced if i != index]
            heapify(self._replaced)

    def due(self, now: float, starts: list[int],
            total: int) -> tuple[list[range], list[int], list[tuple[int, float]]]:
        """The entries expiring by ``now`` (epoch seconds) not handed out yet: (the loaded rows
        of blocks whose every pending row's TTL surely passed; loaded indexes of other rows as
        read whose TTL surely passed; (loaded index, epoch) of rows to read again: those
        replaced, those within ``_EARLY`` of ``now``). ``starts``: the blocks' first rows."""
        whole: list[range] = []
        past: list[int] = []
        again: list[tuple[int, float]] = []
        replaced, due, before = self._replaced, self._due, now + _EARLY
        while replaced and replaced[0][0] < before:
            epoch, index = heappop(replaced)
            again.append((index, epoch))
        while due and due[0][0] < before:
            block = heappop(due)[1]
            epochs, offsets, start = self._epochs[block], self._offsets[block], self._next[block]
            sure, end = bisect_left(epochs, now - _EARLY, start), bisect_left(epochs, before, start)
            first = starts[block]
            if start == 0 and sure == len(epochs):  # all at once (a load left open overnight)
                whole.append(range(first, starts[block + 1] if block + 1 < len(starts) else total))
            else:  # no Python code per row
                past.extend(map(first.__add__, offsets[start:sure]))
                again.extend(zip(map(first.__add__, offsets[sure:end]), epochs[sure:end], strict=True))
            self._next[block] = end
            if end < len(epochs):
                heappush(due, (epochs[end], block))
            else:  # every entry handed out: the block's arrays go
                self._epochs[block], self._offsets[block], self._next[block] = array("d"), array("q"), 0
        return whole, past, again


class SortJob(NamedTuple):
    """Sort the first ``len(rows)`` loaded rows by a column; runs in a worker on a snapshot. A
    NamedTuple: this module loads before the window's first paint, dataclasses after it."""

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

    def __init__(self, ttl_attribute: str | None = None) -> None:
        self.ttl_attribute = ttl_attribute  # the table's, when its TTL is on: rows expire as time passes
        self.rows: list[bytes] = []
        self.digests: array[int] = array("q")
        self.flags = bytearray()
        self._clock_starts: list[int] = []  # the first row of each block, and its clock
        self._clocks: list[datetime] = []
        self._own_clock: dict[int, datetime] = {}  # rows replaced after a write
        self._expiry = PendingExpiry()  # when the rows read as pending expire, per block
        self.checked_at: datetime | None = None  # the last ``expire_due``'s time
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

    def ttl_times(self, index: int, now: datetime | None = None) -> tuple[datetime, datetime]:
        """(when a row was read, when its TTL is said): ``now`` when given, else as of the last
        ``expire_due`` or the read, whichever came later, as its look is (the text saying expired
        while the row is not tinted or hidden yet, for up to a tick, was one more disagreement)."""
        read = self.clock(index)
        return read, now or self.checked_at or read

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
        if self.ttl_attribute is not None:
            self._expiry.add_block(*pending_expiries(block.rows, block.flags, self.ttl_attribute))
        if self.order is not None:
            added = range(start, len(self.rows))
            self.order.extend(compress(added, block.flags.translate(_SHOWN_WHEN_HIDING))
                              if self.hide_expired else added)

    def replace(self, index: int, row: bytes, digest: int, flag: int, clock: datetime) -> None:
        self.rows[index] = row
        self.digests[index] = digest
        self.flags[index] = flag
        self._own_clock[index] = clock
        if flag == PENDING_CODE and self.ttl_attribute is not None:
            from dynoview.core.ttl.expiry import expiry_epochs

            self._expiry.add_row(expiry_epochs([row], self.ttl_attribute)[0], index)
        if self.sort is not None:  # its key may have changed: sort again
            self._keys = self._sorted = None
            self.sorted_count = 0
        self.generation = next(_GENERATIONS)

    def hide(self, index: int) -> None:
        """Stop showing one loaded row (replaced by an expired item while hiding them)."""
        if self.order is None:
            self.order = array("q", range(len(self.rows)))
        self.order.remove(index)

    def expire_due(self, now: datetime | None = None, most: int = ONE_BY_ONE) -> list[int] | None:
        """Mark expired the rows read as pending whose TTL passed by ``now`` (None: the current
        time), as their TTL status says it (``ttl_state_since``); their loaded indexes (None:
        more than ``most``). Costs what expired since the last call, not a look at every row."""
        from datetime import UTC, datetime

        attribute = self.ttl_attribute
        now = self.checked_at = now or datetime.now(UTC)
        if attribute is None:
            return []
        whole, past, again = self._expiry.due(now.timestamp(), self._clock_starts, len(self.rows))
        flags, own = self.flags, self._own_clock
        if own:  # rows replaced since the read: read again (a NaN epoch: never their current entry)
            for rows in [rows for rows in whole if any(index in rows for index in own)]:
                whole.remove(rows)
                past.extend(compress(rows, map(PENDING_CODE.__eq__, map(flags.__getitem__, rows))))
            again.extend((index, float("nan")) for index in past if index in own)
            past = [index for index in past if index not in own]
        masks = [flags[rows.start:rows.stop].translate(_PENDING_ONLY) for rows in whole]
        for rows in whole:
            flags[rows.start:rows.stop] = flags[rows.start:rows.stop].translate(_EXPIRE_PENDING)
        expired = list(compress(past, map(PENDING_CODE.__eq__, map(flags.__getitem__, past))))
        for index in expired:  # the rows that expired, not every row
            flags[index] = EXPIRED_CODE
        from dynoview.core.reads.rows import decode_row
        from dynoview.core.ttl.expiry import ttl_state_since

        for index, epoch in again:
            if flags[index] != PENDING_CODE:  # expired already, or replaced since
                continue
            state = ttl_state_since(decode_row(self.rows[index]).get(attribute), self.clock(index), now)
            if state.kind == EXPIRED:
                flags[index] = EXPIRED_CODE
                expired.append(index)
            elif state.expires_at is not None and abs(state.expires_at.timestamp() - epoch) <= _EARLY:
                self._expiry.add_row(epoch, index)  # its own entry, a moment early: the next call
        if len(expired) + sum(mask.count(1) for mask in masks) > most:
            return None
        return [*expired, *chain.from_iterable(map(compress, whole, masks))]

    def shown_rows(self, indexes: Iterable[int]) -> list[int]:
        """The rows showing these loaded rows (distinct ones), ascending (those hidden left out):
        a binary search each in the order read, one look each at a sorted order for a few, one
        pass over it for more."""
        wanted = sorted(indexes)
        order = self.order
        if order is None:
            return wanted
        if self.sort is None:  # ascending: the order read, some hidden
            rows = [bisect_left(order, index) for index in wanted]
            found = [row for row, index in zip(rows, wanted, strict=True)
                     if row < len(order) and order[row] == index]
            if len(found) == len(wanted):
                return found
        if len(wanted) <= FEW_LOOKUPS:
            return sorted(row for row in map(self.shown_row, wanted) if row is not None)
        marks = bytearray(len(self.rows))
        for index in wanted:
            marks[index] = 1
        hits = bytes(map(marks.__getitem__, order))
        return list(compress(range(len(hits)), hits))

    def unshow(self, start: int, end: int) -> None:
        """Stop showing the shown rows ``start:end`` (expired since the read, while hiding them)."""
        if self.order is None:
            self.order = array("q", range(len(self.rows)))
        del self.order[start:end]

    def drop_expired(self) -> None:
        """Hide every expired row shown, the others kept in the order shown."""
        order = self.order if self.order is not None else range(len(self.rows))
        shown = self.flags.translate(_SHOWN_WHEN_HIDING)
        self.order = array("q", compress(order, map(shown.__getitem__, order)))

    def delete(self, index: int) -> None:
        block = bisect_right(self._clock_starts, index) - 1
        self._expiry.delete(block, index - self._clock_starts[block] if block >= 0 else 0, index)
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


def shown_runs(rows: LoadedRows, indexes: list[int] | None) -> list[tuple[int, int]] | None:
    """The shown rows of these loaded rows as runs of consecutive ones, (first, last) each,
    ascending; None when there are too many to go through one by one (or ``indexes`` is None)."""
    if indexes is None or len(indexes) > ONE_BY_ONE:
        return None
    shown = rows.shown_rows(indexes)
    if not shown:
        return []
    firsts = [row for row, before in zip(shown, [-2, *shown[:-1]], strict=True) if row != before + 1]
    lasts = [row for row, after in zip(shown, [*shown[1:], -2], strict=True) if after != row + 1]
    return list(zip(firsts, lasts, strict=True)) if len(firsts) <= REMOVALS else None


def _holds(item: Item, key: dict[str, Any]) -> bool:
    return all(item.get(k) == v for k, v in key.items())


def _without(order: array[int], index: int) -> array[int]:
    """``order`` without ``index``, later indexes moved down by one (a row was deleted)."""
    return array("q", (i - (i > index) for i in order if i != index))


Sorter = Callable[[SortJob], None]
