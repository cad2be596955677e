"""The preflight's view of the table during an import.

The builder's preflight reads a small table whole (``preflight.source``: up to 2,000 items when
a GSI serves the lookups, else 20,000) for every transaction it judges. An import judges a batch
after a batch, so it reads the table whole once and then adds what each committed batch wrote,
instead of a Scan per batch that grows with the table (quadratic). Kept in memory, the view costs
no read, so it is kept up to 20,000 items whatever the indexes (a more complete check than the
GSI lookups); past that it is dropped, and the preflight looks values up as it does for any large
table, told the table's size so far (DescribeTable's count is from before the import).

Judging is the builder's (``preflight.check.judge``); only where the whole-table read comes from
differs. Other writers' changes during the import are not in the view, as they would not be in
the builder's reads a moment later either: the transaction's own conditions stay the guard
(``NOT_ATOMIC_NOTE``)."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from dynoview.core.imports.checks import key_of
from dynoview.core.preflight.check import Preflight, judge
from dynoview.core.preflight.source import FULL_READ_MAX_ITEMS, Source
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import Transaction
from dynoview.core.uniqueness.schema import UniquenessSchema


class TableView:
    """Every item of one table while it is small enough to be read whole, kept up to date."""

    def __init__(self, reader: Reader, table: TableInfo, schema: UniquenessSchema) -> None:
        self.reader, self.table, self.schema = reader, table, schema
        small = table.item_count is not None and table.item_count <= FULL_READ_MAX_ITEMS
        self.limit = FULL_READ_MAX_ITEMS if small else None
        self.count = table.item_count or 0  # at most this many items now (a Put may overwrite)
        self._items: dict[tuple[tuple[str, str], ...], dict[str, Any]] | None = None
        self._read = False

    def items(self) -> list[dict[str, Any]] | None:
        if not self._read:
            self._read = True
            self._items = self._read_whole() if self.limit is not None else None
        return None if self._items is None else list(self._items.values())

    def _read_whole(self) -> dict[tuple[tuple[str, str], ...], dict[str, Any]] | None:
        """One consistent Scan of the table, given up past the limit."""
        items: dict[tuple[tuple[str, str], ...], dict[str, Any]] = {}
        request = {"TableName": self.table.name, "ConsistentRead": True}
        for page in self.reader.cursor("Scan", request, self.table):
            for item in page.items:
                items[key_of(item, self.table)] = item
            if self.limit is None or len(items) > self.limit:
                return None
        return items

    def written(self, items: Iterable[dict[str, Any]]) -> None:
        """A batch was committed: its items are in the table now."""
        for item in items:
            self.count += 1
            if self._items is not None:
                self._items[key_of(item, self.table)] = item
        if self._items is None:
            return
        if self.limit is None or len(self._items) > self.limit:
            self._items = None  # the builder's preflight would not read it whole either

    def info(self) -> TableInfo:
        """The table as the preflight is told it: its size so far."""
        return replace(self.table, item_count=self.count)


class _ViewSource(Source):
    def __init__(self, reader: Reader, view: TableView, cancel: threading.Event | None) -> None:
        super().__init__(reader, {view.table.name: view.info()}, view.schema, cancel)
        self.view = view

    def read_whole(self, table: str) -> list[dict[str, Any]] | None:
        if table == self.view.table.name:
            return self.view.items()
        return super().read_whole(table)


def preflight_batch(view: TableView, tx: Transaction, *,
                    cancel: threading.Event | None = None) -> Preflight:
    """The builder's preflight of ``tx`` with the whole-table read served by ``view``."""
    return judge(tx, view.schema, _ViewSource(view.reader, view, cancel))
