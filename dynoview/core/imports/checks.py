"""What the target table needs of every item before any is written: its key attributes, of
the key's types, and an item DynamoDB accepts (400 KB at most; index keys of their types)."""

from __future__ import annotations

from dynoview.core.imports.model import Item, Located, Problem
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES, key_bytes
from dynoview.core.values.sizes import item_size
from dynoview.core.values.types import type_code

MAX_ITEM_BYTES = 400 * 1024


def item_problem(record: Located, table: TableInfo) -> Problem | None:
    """Why ``table`` would refuse this item, located; None when it takes it."""
    found = checked_size(record, table)
    return found if isinstance(found, Problem) else None


def checked_size(record: Located, table: TableInfo) -> Problem | int:
    """Why ``table`` would refuse this item, located; else its size (the batches need it)."""
    item = record.item
    for key in (table.partition_key, table.sort_key):
        if key is None:
            continue
        av = item.get(key.name)
        if av is None:
            return Problem(record.place, f"the item has no {key.name}, a key attribute of {table.name}.")
        code = type_code(av)
        if code != key.type:
            return Problem(record.place, f"{key.name} is {code}; {table.name} keys it as {key.type}.")
        if code in ("S", "B") and not av[code]:
            return Problem(record.place, f"{key.name} is empty; a key attribute cannot be.")
        too_long = _too_long(item, key, key is table.partition_key, f"a key of {table.name}")
        if too_long:
            return Problem(record.place, too_long)
    for index in table.indexes:
        for key in (index.partition_key, index.sort_key):
            if key is None or key.name not in item:
                continue
            code = type_code(item[key.name])
            if code != key.type:
                return Problem(record.place, f"{key.name} is {code}, but the index {index.name} keys it "
                               f"as {key.type}: DynamoDB refuses the item.")
            too_long = _too_long(item, key, key is index.partition_key, f"a key of the index {index.name}")
            if too_long:
                return Problem(record.place, too_long)
    size = item_size(item)
    if size > MAX_ITEM_BYTES:
        return Problem(record.place, f"the item is {size:,} bytes; DynamoDB stores items of at most "
                       f"{MAX_ITEM_BYTES:,} bytes.")
    return size


def _too_long(item: Item, key: KeyAttribute, partition: bool, what: str) -> str:
    """Why DynamoDB refuses ``key``'s value as too long ("" when it fits): it would fail the
    whole batch (ValidationException) after the batches before it were written."""
    limit = MAX_PARTITION_KEY_BYTES if partition else MAX_SORT_KEY_BYTES
    size = key_bytes(item[key.name])
    if size <= limit:
        return ""
    kind = "partition" if partition else "sort"
    return (f"{key.name} is {size:,} bytes; as the {kind} key ({what}) DynamoDB takes at most "
            f"{limit:,} bytes.")


def key_of(item: Item, table: TableInfo) -> tuple[tuple[str, str], ...]:
    """A hashable identity of the item's key in ``table``."""
    out = []
    for name in table.key_names:
        av = item[name]
        code = type_code(av)
        out.append((code, av[code].hex() if code == "B" else str(av[code])))
    return tuple(out)
