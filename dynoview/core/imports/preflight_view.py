"""The preflight's view of the table during an import.

The builder's preflight reads a small table whole (``preflight.source``: up to 2,000 items when
a GSI serves the lookups, else 20,000) for every transaction it judges. An import judges a batch
after a batch, so it reads a table of up to 20,000 items whole once (whatever the indexes: a more
complete check than the GSI lookups) and then adds what each batch writes, instead of a Scan per
batch that grows with the table (quadratic). The whole table is handed to each judgement as the
items sharing a form with the batch (``form_index``: the same verdict, at the batch's cost rather
than the table's). Kept in memory, the view costs no read, so it is kept up to ``KEEP_MAX_ITEMS``
(some 100-300 MB); past that it is dropped, and the preflight looks values up as it does for any
large table, told the table's size so far (DescribeTable's count is from before the import).

Judging is the builder's (``preflight.check.judge``); only where the table's items come from
differs. Other writers' changes during the import are not in the view, as they would not be in
the builder's reads a moment later either: the transaction's own conditions stay the guard
(``NOT_ATOMIC_NOTE``).

The import judges a batch while the one before it is being written (``pipeline``): that batch
is ``in_flight`` here from the moment it is handed over, and the reads of the next judgement see
it as written (an item read at its key, an account among a value's holders), whatever the
table answers meanwhile. If it is not written the import stops there, so nothing judged on it is
sent. Reads by key go out as BatchGetItem (``reads.batch_get``), and none at all while the view
holds the whole table (an item it lacks is absent)."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from dynoview.core.imports.checks import key_of
from dynoview.core.imports.form_index import FormIndex
from dynoview.core.imports.model import KeyId
from dynoview.core.imports.reads import batch_get
from dynoview.core.preflight.check import Preflight, judge
from dynoview.core.preflight.model import item_ident, pk_text
from dynoview.core.preflight.source import FULL_READ_MAX_ITEMS, Holders, Ident, Source
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import Transaction
from dynoview.core.uniqueness.holders import holds_any
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

#: Items the view keeps in memory at most (the import's own writes included).
KEEP_MAX_ITEMS = 100_000


class TableView:
    """Every item of one table while it is small enough to be read whole, kept up to date."""

    def __init__(self, reader: Reader, table: TableInfo, schema: UniquenessSchema) -> None:
        self.reader, self.table, self.schema = reader, table, schema
        small = table.item_count is not None and table.item_count <= FULL_READ_MAX_ITEMS
        self.limit = FULL_READ_MAX_ITEMS if small else None
        self.count = table.item_count or 0  # at most this many items now (a Put may overwrite)
        self._items: dict[KeyId, dict[str, Any]] | None = None
        self._index = FormIndex(schema)
        self._read = False
        self.in_flight: dict[KeyId, dict[str, Any]] = {}  # the batches being written
        self._flights: deque[dict[KeyId, dict[str, Any]]] = deque()  # oldest first

    def related(self, items: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]] | None:
        """Every item of the table sharing a form with ``items`` (see ``form_index``), None
        when the view does not hold the whole table."""
        self._ensure_read()
        if self._items is None:
            return None
        found = self._items
        return [found[i] for i in self._index.related(items)]

    def _ensure_read(self) -> None:
        if not self._read:
            self._read = True
            self._items = self._read_whole() if self.limit is not None else None
            for ident, item in (self._items or {}).items():
                self._index.put(ident, item)

    def known(self, key: Mapping[str, Any]) -> tuple[bool, dict[str, Any] | None]:
        """The item at ``key`` when the view knows it without a read (None: absent)."""
        ident = key_of(dict(key), self.table)
        if ident in self.in_flight:
            return True, self.in_flight[ident]
        self._ensure_read()
        if self._items is not None:
            return True, self._items.get(ident)
        return False, None

    def _read_whole(self) -> dict[KeyId, dict[str, Any]] | None:
        """One consistent Scan of the table, given up past the limit."""
        items: dict[KeyId, dict[str, Any]] = {}
        request = {"TableName": self.table.name, "ConsistentRead": True}
        for page in self.reader.cursor("Scan", request, self.table):
            for item in page.items:
                items[key_of(item, self.table)] = item
            if self.limit is None or len(items) > self.limit:
                return None
        return items

    def written(self, items: Iterable[dict[str, Any]], *, in_flight: int = 1) -> None:
        """A batch was judged and handed to the writer, with at most ``in_flight`` batches
        (this one included) not answered yet: its items are in the table from now on, as the
        preflight sees it."""
        batch: dict[KeyId, dict[str, Any]] = {}
        for item in items:
            ident = key_of(item, self.table)
            batch[ident] = item
            self.count += 1
            if self._items is not None:
                self._items[ident] = item
                self._index.put(ident, item)
        self._flights.append(batch)
        while len(self._flights) > in_flight:
            self._flights.popleft()  # answered: the table itself holds it now
        self.in_flight = batch if in_flight == 1 else {k: v for f in self._flights for k, v in f.items()}
        if self._items is not None and len(self._items) > KEEP_MAX_ITEMS:
            self._items, self._index = None, FormIndex(self.schema)  # memory: look values up

    def info(self) -> TableInfo:
        """The table as the preflight is told it: its size so far."""
        return replace(self.table, item_count=self.count)


class _ViewSource(Source):
    def __init__(self, reader: Reader, view: TableView, tx: Transaction,
                 cancel: threading.Event | None) -> None:
        super().__init__(reader, {view.table.name: view.info()}, view.schema, cancel)
        self.view, self.tx = view, tx

    def read_whole(self, table: str) -> list[dict[str, Any]] | None:
        if table != self.view.table.name:
            return super().read_whole(table)
        names = self.view.table.key_names
        puts = [a.item for a in self.tx.actions if a.item and a.table == table]
        before = [self.view.known({n: i[n] for n in names})[1] for i in puts]
        return self.view.related([*puts, *(i for i in before if i is not None)])

    def table_items(self, table: str) -> list[dict[str, Any]] | None:
        fresh = table not in self._whole
        items = super().table_items(table)
        if fresh and items is not None and table == self.view.table.name:
            self.table_notes[table] = (
                f"{table} is held whole in memory during the import ({self.view.count:,} items "
                f"at most); the {len(items):,} sharing an account or a value's clash or lookalike "
                "key with this batch were compared, as the audit compares them.")
        return items

    def items(self, keys: Iterable[tuple[str, dict[str, Any]]]) -> dict[Ident, dict[str, Any] | None]:
        """The view's items where it knows them, the rest of the import's table in one
        BatchGetItem per 100 keys; other tables as the builder reads them."""
        keys = list(keys)
        view, names = self.view, self.view.table.key_names
        unread: dict[Ident, dict[str, Any]] = {}
        for table, key in keys:
            ident = item_ident(table, key)
            if table != view.table.name or ident in self._items or ident in unread:
                continue
            known, item = view.known(key)
            if known:
                self._items[ident] = item
            else:
                unread[ident] = {n: key[n] for n in names}
        if unread:
            self._check_cancel()
            answers = batch_get(self.reader, view.table.name, list(unread.values()), names)
            self._items.update(zip(unread, answers, strict=True))
        return super().items(keys)

    def holders(self, table: str, rule: LockRule, values: Iterable[str],
                forms: Iterable[str] = ()) -> Holders:
        """The table's holders, with the batch being written standing as written."""
        values, forms = set(values), set(forms)
        found = super().holders(table, rule, values, forms)
        if table != self.view.table.name:
            return found
        for item in self.view.in_flight.values():
            if self.schema.is_account(item):
                acct = pk_text(item, self.schema) or ""
                if holds_any(rule, item, forms, values):
                    found[acct] = item
                else:
                    found.pop(acct, None)
        return found


def preflight_batch(view: TableView, tx: Transaction, *,
                    cancel: threading.Event | None = None) -> Preflight:
    """The builder's preflight of ``tx`` with the whole-table read served by ``view``."""
    return judge(tx, view.schema, _ViewSource(view.reader, view, tx, cancel))
