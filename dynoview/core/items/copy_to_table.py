"""Copy items into a table through TransactWriteItems, never overwriting anything there.

Each item becomes a Put guarded by ``attribute_not_exists`` on the target's partition key
(the guard DynamoDB evaluates against the item with the same full key), so an item that
already exists in the target cancels its batch instead of being replaced. Batches hold at
most 100 actions and stay under the 4 MB a transaction may carry; every batch opens in the
transaction builder, where it is previewed and preflighted before anything is sent.

With a uniqueness schema, an account and the locks of its protected values that are among the
items travel as one group, never split across batches: each batch is one transaction, so a
copy that stops or fails between batches leaves whole accounts with their locks, never an
account without its locks or a lock without its account. What the items lack (an account whose
lock is not among them, a lock whose account is not) is named in ``CopyPlan.incomplete``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.expressions.builders import comparison
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.keys import key_identity
from dynoview.core.tx.model import MAX_ACTIONS, PUT, Action, Transaction
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.display import display_text
from dynoview.core.values.sizes import item_size
from dynoview.core.values.types import type_code

#: Items per transaction stay under this share of the 4 MB limit: keys, the condition and
#: the request's JSON framing take the rest.
MAX_BATCH_ITEM_BYTES = 4 * 1024 * 1024 - 64 * 1024

Item = Mapping[str, Mapping[str, Any]]


def _key_text(item: Item, names: Sequence[str]) -> str:
    return ", ".join(f"{n} = {display_text(item[n], limit=60)}" for n in names if n in item)


def _ident(item: Item, names: Sequence[str]) -> tuple[Any, ...] | None:
    """The item's key under ``names`` as DynamoDB tells keys apart (``tx.keys.key_identity``: an N
    by its value, ``1`` and ``1.0`` are one key); None when it lacks one or holds a non-key type."""
    if not all(n in item for n in names):
        return None
    return key_identity({n: item[n] for n in names})


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
        ident = _ident(item, [k.name for k in wanted])
        if ident is not None:
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


def _short(item: Item, names: Sequence[str]) -> str:
    return " / ".join(display_text(item[n], limit=60) for n in names if n in item)


def _groups(items: Sequence[Item], schema: UniquenessSchema | None,
            key_names: Sequence[str]) -> tuple[list[list[Item]], list[str]]:
    """The items in groups that must be written together (an account and its locks among the
    items, the account first; every other item alone), and a sentence per account or lock
    whose partner is not among the items."""
    if schema is None or not schema.rules:
        return [[item] for item in items], []
    same_table = schema.locks is None  # a separate locks table: no lock is among these items
    lock_at: dict[tuple[Any, ...], int] = {}
    for position, item in enumerate(items):
        ident = _ident(item, schema.lock_key_names)
        if same_table and ident is not None and schema.match_lock(item) is not None:
            lock_at.setdefault(ident, position)
    taken: set[int] = set()
    grouped: dict[int, list[Item]] = {}
    incomplete: list[str] = []
    for position, item in enumerate(items):
        if not schema.is_account(item):
            continue
        group = [item]
        for rule in schema.rules:
            form = rule.held_form(item)
            if form is None:
                continue
            want = _ident(schema.stored_lock_key(rule, form), schema.lock_key_names)
            at = lock_at.get(want) if want is not None else None
            if at is not None and at not in taken:
                taken.add(at)
                group.append(items[at])
            elif at is None:
                incomplete.append(f"account {_short(item, key_names)} without its {rule.name} lock "
                                  f"{_short(schema.stored_lock_key(rule, form), schema.lock_key_names)}")
        grouped[position] = group
    for at in lock_at.values():
        if at not in taken:
            incomplete.append(f"lock {_short(items[at], key_names)} without its account")
    groups = [grouped.get(p, [item]) for p, item in enumerate(items)
              if p in grouped or p not in taken]
    return groups, incomplete


@dataclass
class CopyPlan:
    """The batches of a copy, and each account or lock that arrives without its partner."""

    batches: list[Transaction]
    incomplete: list[str] = field(default_factory=list)
    # Per batch, the accounts it copies (their keys as people read them): what a batch that
    # was not written leaves out of the target.
    accounts: list[list[str]] = field(default_factory=list)

    def progress(self, written: Collection[int], unsure: Collection[int] = ()) -> str:
        """Which batches (0-based in ``written``) the target holds, which ones may hold
        (``unsure``: sent, the answer lost and the reads could not settle it), and which accounts
        the others leave out: what the user is told as batches are sent, or one fails."""
        total = len(self.batches)
        done = [i for i in range(total) if i in written]
        maybe = [i for i in range(total) if i in unsure and i not in written]
        left = [i for i in range(total) if i not in written and i not in maybe]
        if not left and not maybe:
            return f"All {total} batch(es) are written: every item is in the target."
        said = (f"Written: batch(es) {', '.join(str(i + 1) for i in done)} of {total}. " if done
                else f"No batch of {total} is confirmed written yet. " if maybe
                else f"No batch of {total} is written yet. ")
        if maybe:
            # Never "written" nor "not written": the request may have reached DynamoDB.
            said += (f"May have been written: batch(es) {', '.join(str(i + 1) for i in maybe)} (the "
                     "answer was lost and the reads could not tell): check the target, or execute "
                     "the batch again in the builder with its token, which DynamoDB applies only "
                     "once. ")
        if not left:
            return said.rstrip()
        missing = [a for i in left for a in self.accounts[i]] if self.accounts else []
        names = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        who = f": the accounts {names} (each with its locks) are not in the target" if missing else ""
        return said + f"Not written: batch(es) {', '.join(str(i + 1) for i in left)}{who}."

    def warning(self) -> str:
        """A sentence naming what the target will lack (empty when nothing)."""
        if not self.incomplete:
            return ""
        shown = "; ".join(self.incomplete[:5])
        more = f"; and {len(self.incomplete) - 5} more" if len(self.incomplete) > 5 else ""
        return (f"The items to copy split accounts from their locks: {shown}{more}. The target "
                "would hold them apart (an account anyone can duplicate, or a value blocked for "
                "good); select each account together with its locks.")


def copy_plan(items: Sequence[Item], target: TableInfo, schema: UniquenessSchema | None = None, *,
              max_actions: int = MAX_ACTIONS,
              max_bytes: int = MAX_BATCH_ITEM_BYTES) -> CopyPlan:
    """The transactions that copy ``items`` into ``target``, in order: at most ``max_actions``
    Puts each (DynamoDB's limit is 100) and under ``max_bytes`` of items; with ``schema``, an
    account and its locks among the items always in the same transaction."""
    if not items:
        raise DynoViewError("Select the items to copy first.", field="items")
    check_items(items, target)
    groups, incomplete = _groups(items, schema, target.key_names)
    batches: list[Transaction] = []
    accounts: list[list[str]] = []
    current: list[Action] = []
    named: list[str] = []
    size = 0
    for group in groups:
        n = sum(item_size(item) for item in group)
        if current and (len(current) + len(group) > max_actions or size + n > max_bytes):
            batches.append(Transaction(actions=current))
            accounts.append(named)
            current, named, size = [], [], 0
        current.extend(guarded_put(target, item) for item in group)
        if schema is not None and schema.is_account(group[0]):
            named.append(_short(group[0], target.key_names))
        size += n
    if current:
        batches.append(Transaction(actions=current))
        accounts.append(named)
    return CopyPlan(batches, incomplete, accounts)


def copy_transactions(items: Sequence[Item], target: TableInfo, schema: UniquenessSchema | None = None,
                      *, max_actions: int = MAX_ACTIONS,
                      max_bytes: int = MAX_BATCH_ITEM_BYTES) -> list[Transaction]:
    """``copy_plan``'s batches."""
    return copy_plan(items, target, schema, max_actions=max_actions, max_bytes=max_bytes).batches
