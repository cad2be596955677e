"""Whether a table is imported under lock rules: its uniqueness schema describes it (same key
layout) and either the schema was chosen for it (saved in the app, or a file) or the table or
the file holds accounts or locks of that layout. Such a table is only imported by
TransactWriteItems, each batch after the preflight."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from dynoview.core.imports.batching import applies
from dynoview.core.imports.model import Located, Record
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema

SAMPLE = 200


def holds_layout(items: Iterable[Mapping[str, Any]], schema: UniquenessSchema) -> bool:
    return any(schema.is_account(i) or schema.match_lock(i) is not None for i in items)


def has_lock_rules(reader: Reader, table: TableInfo, schema: UniquenessSchema | None, *,
                   chosen: bool, sample: Iterable[Mapping[str, Any]] = ()) -> bool:
    """See the module doc; ``chosen``: the schema was saved or given, not the default layout."""
    if schema is None or not applies(schema, table):
        return False
    if chosen or holds_layout(sample, schema):
        return True
    page = reader.read("Scan", {"TableName": table.name, "Limit": SAMPLE})
    return holds_layout(page.get("Items", []), schema)


class LayoutWatch:
    """Passes records through and notes whether any item is an account or lock of ``schema``
    (the preview's pass over the whole file answers it for free)."""

    def __init__(self, records: Iterable[Record], schema: UniquenessSchema | None) -> None:
        self.records, self.schema = records, schema
        self.seen = False

    def __iter__(self) -> Iterator[Record]:
        schema = self.schema
        for record in self.records:
            if (not self.seen and schema is not None and isinstance(record, Located)
                    and holds_layout([record.item], schema)):
                self.seen = True
            yield record
