"""What the target table needs of every item before any is written: its key attributes, of
the key's types, and an item DynamoDB accepts (400 KB at most; attribute names, nested map keys
and index key values as the transaction validation checks them)."""

from __future__ import annotations

from dynoview.core.imports.model import Item, KeyId, KeyPart, Located, Problem
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.keys import check_put_index_keys
from dynoview.core.tx.model import PUT, Action
from dynoview.core.tx.model import Problem as ActionProblem

# The transaction validation's own item checks, so that a batch's validation (or DynamoDB) never
# refuses an item this check let through: found per batch, that refusal would come after the
# batches before it were written.
from dynoview.core.tx.validation import check_names, check_values
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES, key_bytes
from dynoview.core.values.numbers import number_key
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
    refused = _refused_as_put(item, table)
    if refused is not None:
        return Problem(record.place, said_at_attribute(refused))
    size = item_size(item)
    if size > MAX_ITEM_BYTES:
        return Problem(record.place, f"the item is {size:,} bytes; DynamoDB stores items of at most "
                       f"{MAX_ITEM_BYTES:,} bytes.")
    return size


def _refused_as_put(item: Item, table: TableInfo) -> ActionProblem | None:
    """The first error the transaction validation finds in a Put of ``item``: an attribute name
    empty, not UTF-8 (a lone surrogate) or over 64 KB, a map key empty at any depth, an index key
    of another type, empty or too long. Every value was parsed by ``from_dynamodb_json`` or
    ``from_plain`` as it was read (the number, set and depth checks ``check_values`` makes again),
    so only lists and maps, where an empty map key hides, are checked again."""
    problems: list[ActionProblem] = []
    check_names(0, "item", item, problems)
    nested = {name: av for name, av in item.items() if "M" in av or "L" in av}
    if nested:
        check_values(0, "item", nested, problems)
    check_put_index_keys(0, Action(kind=PUT, table=table.name, item=item), table, problems)
    return next((p for p in problems if p.is_error), None)


def said_at_attribute(problem: ActionProblem) -> str:
    """A validation problem of a Put's item said at its attribute ("m: A map in this value...")
    rather than at the action and field ("Action 21 › Item › m"): a place in a batch means
    nothing to whoever reads the file."""
    path = problem.field.partition(".")[2]
    return problem.message if not path or problem.message.startswith(f"{path} ") else \
        f"{path}: {problem.message}"


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


def key_of(item: Item, table: TableInfo) -> KeyId:
    """A hashable identity of the item's key in ``table``, equal for two items DynamoDB stores as
    one (as the transaction validation tells them apart, ``tx.keys.key_identity``): an N by its
    value (``1``, ``1.0``, ``01`` and ``10E-1`` are one key), a B by its bytes, an S by its text.
    Batches never hold two items of one identity, and the preview counts repeated ones by it."""
    out: list[tuple[str, KeyPart]] = []
    for name in table.key_names:
        av = item[name]
        code = type_code(av)
        member = av[code]
        out.append((code, number_key(member) if code == "N" else
                    bytes(member) if code == "B" else str(member)))
    return tuple(out)
