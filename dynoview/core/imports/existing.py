"""Which of an import's keys the table already holds, read before anything is written.

A Put replaces an item whole: the attributes the file lacks are lost. So the preview asks the
table for the file's keys (``ExistingCheck``: BatchGetItem of 100 distinct keys a request, the
key attributes only, eventually consistent: it informs, it guards nothing) and says how many
exist, naming the first few and the reads' cost. With skipping asked (``--skip-existing``, the
window's check box) each batch asks again, strongly consistent, right before it is judged
(``SkipExisting``): the items found are skipped and counted, the others written by Puts guarded
by ``attribute_not_exists`` on the key, so an item written by someone else since the read
cancels its batch rather than being replaced. BatchWriteItem carries no condition, so skipping
is refused with it (``run_options.check_mode``).

Every read goes through the caller's ``Reader``: it leaves a receipt (the read log, the window's
receipts) as any other read."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from dynoview.core.counts import count_text, units_text
from dynoview.core.expressions.builders import comparison
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.imports.checks import key_of
from dynoview.core.imports.model import Item, KeyId, Located
from dynoview.core.imports.reads import BATCH_GET_LIMIT, BatchReads
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import PUT, Action
from dynoview.core.values.display import display_text

#: BatchGetItem reads at most 100 keys per request.
KEYS_PER_REQUEST = BATCH_GET_LIMIT
#: Existing keys the preview names (the count says the rest).
SHOWN = 5
#: Keys the preview checks at most: 100 requests, about 5,000 RCU. A file of a million items
#: would cost a read of each before every preview; the sentence says the rest went unchecked
#: (``--skip-existing`` reads every key anyway, batch by batch, as it writes).
MAX_CHECKED = 10_000


def key_text(item: Mapping[str, Any], table: TableInfo) -> str:
    """``PK = k1`` (``, SK = x``): an item's key as people read it."""
    return ", ".join(f"{n} = {display_text(item[n], limit=60)}" for n in table.key_names if n in item)


class KeyReads(BatchReads):
    """BatchGetItem of keys of one table, the key attributes only; counts requests and units."""

    def __init__(self, reader: Reader, table: TableInfo, *, consistent: bool,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        ph = Placeholders()
        projection = ", ".join(ph.literal_name(n) for n in table.key_names)
        super().__init__(reader, table.name, consistent=consistent, sleep=sleep,
                         projection=projection, names=ph.names,
                         advice="while checking which items already exist (its read capacity is "
                                "exhausted): try again later.")

    def cost(self) -> str:
        """"1 BatchGetItem request, 1.5 RCU", as the reads' receipts reported them."""
        units = (f"{units_text(self.units)} RCU" if self.units is not None
                 else "capacity not reported")
        return f"{count_text(self.requests, 'BatchGetItem request')}, {units}"


class ExistingCheck:
    """The preview's count of the file's keys the table holds (``add`` each distinct key's item
    as it is read, ``finish`` at the end)."""

    def __init__(self, reader: Reader, table: TableInfo, *, shown: int = SHOWN,
                 limit: int = MAX_CHECKED) -> None:
        self.table = table
        self.reads = KeyReads(reader, table, consistent=False)
        self.count = 0
        self.checked = 0  # keys asked for
        self.unchecked = 0  # keys past ``limit``, not asked for
        self.limit = limit
        self.shown: list[str] = []  # the first existing keys, as people read them
        self.max_shown = shown
        self._pending: dict[KeyId, dict[str, Any]] = {}

    def add(self, item: Item) -> None:
        if self.checked + len(self._pending) >= self.limit:
            self.unchecked += 1
            return
        ident = key_of(item, self.table)
        if ident not in self._pending:
            self._pending[ident] = {n: item[n] for n in self.table.key_names}
        if len(self._pending) >= KEYS_PER_REQUEST:
            self._flush()

    def finish(self) -> None:
        if self._pending:
            self._flush()

    def _flush(self) -> None:
        found = self.reads.found(list(self._pending.values()))
        self.checked += len(self._pending)
        self._pending.clear()
        self.count += len(found)
        for item in found[:max(0, self.max_shown - len(self.shown))]:
            self.shown.append(key_text(item, self.table))

    def sentence(self, *, skip: bool = False, skip_hint: str = "--skip-existing") -> str:
        """What the check found, how the import treats it, and what the check cost."""
        cost = f"(checked by {self.reads.cost()})"
        # Past the limit only the first keys were asked for: said, never passed off as all.
        rest = (f" The other {self.unchecked:,} item(s) were not checked (the first {self.checked:,} "
                f"keys were); {skip_hint} checks every key as it writes.") if self.unchecked else ""
        if not self.count:
            first = f"the first {self.checked:,} keys" if self.unchecked else "these keys"
            return f"None of {first} is in {self.table.name} yet {cost}.{rest}"
        more = self.count - len(self.shown)
        named = "; ".join(self.shown) + (f"; and {more:,} more" if more > 0 else "")
        head = (f"{self.count:,} of the first {self.checked:,} keys already exist in {self.table.name}"
                if self.unchecked else f"{self.count:,} of these keys already exist in {self.table.name}")
        if skip:
            return (f"{head}: with {skip_hint} each of those items is skipped, never replaced "
                    f"({named}) {cost}.{rest}")
        return (f"{head}: a Put replaces each item whole (attributes the file does not have are "
                f"lost): {named}. {skip_hint} skips them instead {cost}.{rest}")

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "first": self.shown, "requests": self.reads.requests,
                "consumed_capacity": self.reads.units, "checked": self.checked,
                "unchecked": self.unchecked}


def guarded_put(table: TableInfo, record: Located) -> Action:
    """A Put of ``record``'s item only where no item has its key (the record's own item: the
    preflight only reads it, and ``to_request`` copies)."""
    ph = Placeholders()
    condition = comparison(ph, table.partition_key.name, "attribute_not_exists", literal=True)
    return Action(kind=PUT, table=table.name, item=record.item, condition=condition,
                  names=ph.names, values=ph.values, label=f"import item {record.place.index + 1}")


class SkipExisting:
    """Per batch, the records whose key the table does not hold (``kept``); the others are
    counted in ``skipped``. The keys of the batch judged before (in flight while this one is
    judged: ``run``'s pipeline) count as held: its Puts land before this batch is sent."""

    def __init__(self, reader: Reader, table: TableInfo) -> None:
        self.table = table
        self.reads = KeyReads(reader, table, consistent=True)  # gates the Puts: never stale
        self.skipped: dict[int, int] = {}  # batch number -> items skipped
        self._in_flight: set[KeyId] = set()

    def kept(self, number: int, records: Iterable[Located]) -> list[Located]:
        records = list(records)
        keys = [key_of(r.item, self.table) for r in records]
        ask = [{n: r.item[n] for n in self.table.key_names}
               for r, k in zip(records, keys, strict=True) if k not in self._in_flight]
        held = {key_of(i, self.table) for i in self.reads.found(ask)} | (self._in_flight & set(keys))
        kept = [r for r, k in zip(records, keys, strict=True) if k not in held]
        self.skipped[number] = len(records) - len(kept)
        self._in_flight = {k for k in keys if k not in held}
        return kept

    def written(self, number: int, records: int) -> tuple[int, int]:
        """(items written, items skipped) of batch ``number`` of ``records`` items, once answered."""
        skipped = self.skipped.pop(number, 0)
        return records - skipped, skipped
