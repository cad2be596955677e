"""Copy items into a table through TransactWriteItems, never overwriting anything there.

Each item becomes a Put guarded by ``attribute_not_exists`` on the target's partition key
(the guard DynamoDB evaluates against the item with the same full key), so an item that
already exists in the target cancels its batch instead of being replaced. Batches hold at
most 100 actions and stay under the 4 MB a transaction may carry; every batch opens in the
transaction builder, where it is previewed and preflighted before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.expressions.builders import comparison
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import MAX_ACTIONS, PUT, Action, Transaction
from dynoview.core.values.display import display_text
from dynoview.core.values.sizes import item_size
from dynoview.core.values.types import type_code

#: Items per transaction stay under this share of the 4 MB limit: keys, the condition and
#: the request's JSON framing take the rest.
MAX_BATCH_ITEM_BYTES = 4 * 1024 * 1024 - 64 * 1024

Item = Mapping[str, Mapping[str, Any]]


def _key_text(item: Item, names: Sequence[str]) -> str:
    return ", ".join(f"{n} = {display_text(item[n], limit=60)}" for n in names if n in item)


def check_items(items: Sequence[Item], target: TableInfo) -> None:
    """Refuse, with the first items named, what the target cannot take: an item without the
    target's key attributes (or with them of another type), and two items with one key."""
    wanted = [k for k in (target.partition_key, target.sort_key) if k is not None]
    problems: list[str] = []
    seen: dict[tuple[Any, ...], int] = {}
    for position, item in enumerate(items, 1):
        for key in wanted:
            av = item.get(key.name)
            if av is None:
                problems.append(f"item {position} has no {key.name}, a key attribute of {target.name}")
            elif type_code(av) != key.type:
                problems.append(f"item {position} holds {key.name} as {type_code(av)}; {target.name} "
                                f"keys it as {key.type}")
        if all(k.name in item for k in wanted):
            ident = tuple((k.name, type_code(item[k.name]), str(next(iter(item[k.name].values()))))
                          for k in wanted)
            if ident in seen:
                problems.append(f"items {seen[ident]} and {position} have the same key in "
                                f"{target.name} ({_key_text(item, [k.name for k in wanted])})")
            seen.setdefault(ident, position)
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise DynoViewError(f"These items cannot be copied to {target.name}: {shown}. Pick items that "
                            "carry the target table's key.", field="target")


def guarded_put(target: TableInfo, item: Item, label: str = "") -> Action:
    """A Put of ``item`` into ``target`` only where no item has its key."""
    ph = Placeholders()
    condition = comparison(ph, target.partition_key.name, "attribute_not_exists", literal=True)
    return Action(kind=PUT, table=target.name, item={k: dict(v) for k, v in item.items()},
                  condition=condition, names=ph.names, values=ph.values,
                  label=label or f"copy {_key_text(item, target.key_names)}")


def copy_transactions(items: Sequence[Item], target: TableInfo, *,
                      max_actions: int = MAX_ACTIONS,
                      max_bytes: int = MAX_BATCH_ITEM_BYTES) -> list[Transaction]:
    """The transactions that copy ``items`` into ``target``, in order: at most ``max_actions``
    Puts each (DynamoDB's limit is 100) and under ``max_bytes`` of items."""
    if not items:
        raise DynoViewError("Select the items to copy first.", field="items")
    check_items(items, target)
    batches: list[Transaction] = []
    current: list[Action] = []
    size = 0
    for item in items:
        n = item_size(item)
        if current and (len(current) >= max_actions or size + n > max_bytes):
            batches.append(Transaction(actions=current))
            current, size = [], 0
        current.append(guarded_put(target, item))
        size += n
    if current:
        batches.append(Transaction(actions=current))
    return batches
