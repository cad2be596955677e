"""The invariant preflight: what accounts and locks look like *after* a transaction.

Before a TransactWriteItems is sent, every account and lock it touches is read with
strongly consistent reads, the accounts holding the values it writes are looked up
(the rule's GSI, else a bounded Scan), and the pairing of values, accounts and locks
is computed before and after. A transaction that would leave a missing, orphan or
duplicate lock is refused with a sentence naming the account, rule and value; one
that repairs problems and makes no pair worse passes.

The reads are not atomic with the write: the transaction's own conditions stay the
real guard (see ``guards.add_guards`` for the ones the preflight can add).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.errors import CancelledError
from dynoview.core.preflight.effects import UNKNOWN, apply_action
from dynoview.core.preflight.model import (
    FREE,
    NOT_ATOMIC_NOTE,
    UNPREDICTABLE,
    Pair,
    Preflight,
    Refusal,
    item_ident,
    pair_status,
    pk_text,
    rule_value,
)
from dynoview.core.preflight.refusals import Touched, refusal
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.diagnose import holders_filter
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, normalise, protected_text

__all__ = ["FREE", "LOOKUP_SCAN_MAX_ITEMS", "NOT_ATOMIC_NOTE", "UNPREDICTABLE", "Pair", "Preflight",
           "Refusal", "run_preflight"]

#: A holder lookup without an index scans the table only when it is at most this big.
LOOKUP_SCAN_MAX_ITEMS = 20_000
#: TransactGetItems reads at most 100 items per request.
_GET_BATCH = 100

Ident = tuple[str, str]  # (table, the key in a comparable form): see ``item_ident``


# ------------------------------------------------------------------ keys and reads


def _key_of(action: Action, names: Sequence[str]) -> dict[str, Any] | None:
    key = action.target_key(names)
    return key if len(key) == len(names) else None



def _read_items(reader: Reader, keys: Sequence[tuple[str, dict[str, Any]]],
                cancel: threading.Event | None) -> dict[tuple[str, str], dict[str, Any] | None]:
    """Strongly consistent reads of many keys (TransactGetItems, 100 at a time)."""
    out: dict[tuple[str, str], dict[str, Any] | None] = {}
    unique: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {}
    for table, key in keys:
        unique.setdefault(item_ident(table, key), (table, key))
    todo = list(unique.items())
    for start in range(0, len(todo), _GET_BATCH):
        if cancel is not None and cancel.is_set():
            raise CancelledError("The preflight was cancelled.")
        batch = todo[start:start + _GET_BATCH]
        response = reader.read("TransactGetItems", {"TransactItems": [
            {"Get": {"TableName": t, "Key": k}} for _i, (t, k) in batch]})
        answers = response.get("Responses", [])
        for (ident, _tk), answer in zip(batch, answers, strict=False):
            out[ident] = answer.get("Item") if isinstance(answer, Mapping) else None
    return out


def _lookup_holders(reader: Reader, table: TableInfo | None, table_name: str, schema: UniquenessSchema,
                    rule: LockRule, values: Iterable[str], notes: list[str]) -> dict[str, dict[str, Any]]:
    """Accounts (by id) whose ``rule.attribute`` is one of ``values``, found without reading the
    whole of a large table: the rule's GSI (eventually consistent), else a bounded Scan."""
    wanted = sorted(set(values))
    if not wanted:
        return {}
    found: dict[str, dict[str, Any]] = {}
    index = None
    if table is not None and rule.index_name:
        index = next((i for i in (*table.gsis, *table.lsis) if i.name == rule.index_name
                      and i.partition_key.name == rule.attribute), None)
    if index is not None:
        for value in wanted:
            request: dict[str, Any] = {"TableName": table_name, "IndexName": index.name,
                       "KeyConditionExpression": "#v = :v",
                       "ExpressionAttributeNames": {"#v": rule.attribute},
                       "ExpressionAttributeValues": {":v": {"S": value}}}
            for page in reader.cursor("Query", request, table):
                for item in page.items:
                    if schema.is_account(item):
                        found[pk_text(item, schema) or ""] = item
        notes.append(f"Accounts holding these {rule.name} values were found through the GSI "
                     f"{index.name}, which is eventually consistent.")
        return found
    if table is None or table.item_count is None or table.item_count > LOOKUP_SCAN_MAX_ITEMS:
        notes.append(f"Other accounts holding these {rule.name} values were not looked up: the schema "
                     f"names no index on {rule.attribute} and the table is too large to scan. Add the "
                     "index to the schema for a complete preflight.")
        return found
    for start in range(0, len(wanted), 50):
        scan: dict[str, Any] = {"TableName": table_name, "ConsistentRead": True,
                                **holders_filter(schema, rule, wanted[start:start + 50])}
        for page in reader.cursor("Scan", scan, table):
            for item in page.items:
                found[pk_text(item, schema) or ""] = item
    return found



# ------------------------------------------------------------------ the pairing


@dataclass
class _Items:
    """Every item the preflight read, as it is and as the transaction would leave it."""

    before: dict[Ident, dict[str, Any] | None]
    after: dict[Ident, Any]  # UNKNOWN where an Update's effect cannot be computed
    #: (table, account id) -> the account before and after
    accounts_before: dict[tuple[str, str], dict[str, Any] | None] = field(default_factory=dict)
    accounts_after: dict[tuple[str, str], Any] = field(default_factory=dict)


def run_preflight(reader: Reader, tx: Transaction, schema: UniquenessSchema,
                  tables: Mapping[str, TableInfo] | None = None, *,
                  cancel: threading.Event | None = None) -> Preflight:
    """Read, simulate and judge ``tx`` against the uniqueness invariant (see module doc)."""
    tables = tables or {}
    result = Preflight(notes=[NOT_ATOMIC_NOTE, "Computed as if every condition passes; if one fails, "
                              "DynamoDB writes nothing."])
    touched = _touched(tx, schema, tables)
    if not touched:
        result.checked = False
        result.notes = []
        return result
    items = _simulate(reader, touched, schema, cancel)
    in_play = _values_in_play(touched, schema, items)
    result.seen = dict(items.accounts_before)
    _read_locks(reader, schema, in_play, items, cancel)
    others = _other_holders(reader, tables, schema, in_play, items, result.notes)
    for (table, rule_name), values in sorted(in_play.items()):
        rule = schema.rule(rule_name)
        for value in sorted(values):
            result.pairs.append(_pair(schema, table, rule, value, items, others[(table, rule_name)]))
    for pair in result.pairs:
        if pair.worse:
            result.refusals.append(refusal(pair, tx, touched, items.before, items.after, schema))
    return result


def _touched(tx: Transaction, schema: UniquenessSchema,
             tables: Mapping[str, TableInfo]) -> list[Touched]:
    """1. What each action touches, by kind: an account, a lock, or nothing the schema knows."""
    names = schema.key_names
    touched: list[Touched] = []
    for index, action in enumerate(tx.actions):
        info = tables.get(action.table)
        if info is not None and tuple(info.key_names) != names:
            continue  # another key layout: the schema does not describe this table
        key = _key_of(action, names)
        if key is None:
            continue
        if schema.is_account(key):
            touched.append((index, action, key, "account"))
        elif schema.match_lock(key) is not None:
            touched.append((index, action, key, "lock"))
    return touched


def _simulate(reader: Reader, touched: Sequence[Touched], schema: UniquenessSchema,
              cancel: threading.Event | None) -> _Items:
    """2. Before: every touched item, strongly consistent; after: each action applied in order."""
    before = _read_items(reader, [(a.table, k) for _i, a, k, _kind in touched], cancel)
    after: dict[Ident, Any] = dict(before)
    for _index, action, key, _kind in touched:
        ident = item_ident(action.table, key)
        after[ident] = apply_action(action, after.get(ident), schema.rules)
    return _Items(before, after)


def _values_in_play(touched: Sequence[Touched], schema: UniquenessSchema,
                    items: _Items) -> dict[tuple[str, str], set[str]]:
    """3. The values whose pairing may change, per (table, rule); notes the accounts touched."""
    in_play: dict[tuple[str, str], set[str]] = {}
    before, after = items.before, items.after
    for _index, action, key, kind in touched:
        ident = item_ident(action.table, key)
        acct = pk_text(key, schema) or ""
        if kind == "account":
            items.accounts_before[(action.table, acct)] = before.get(ident)
            items.accounts_after[(action.table, acct)] = after.get(ident)
            for rule in schema.rules:
                old = rule_value(before.get(ident), rule)
                new = None if after.get(ident) is UNKNOWN else rule_value(after.get(ident), rule)
                if old == new and after.get(ident) is not UNKNOWN:
                    continue  # a value the account keeps: its pair cannot change, so no reads
                for value in (old, new):
                    if value:
                        in_play.setdefault((action.table, rule.name), set()).add(value)
        else:
            match = schema.match_lock(key)
            assert match is not None
            rule, value = match
            in_play.setdefault((action.table, rule.name), set()).add(value)
    return in_play


def _read_locks(reader: Reader, schema: UniquenessSchema, in_play: Mapping[tuple[str, str], set[str]],
                items: _Items, cancel: threading.Event | None) -> None:
    """The locks of the values in play that no action touches: the write leaves them as they are."""
    lock_keys = [(table, schema.stored_lock_key(schema.rule(rule), v))
                 for (table, rule), vs in in_play.items() for v in vs]
    missing = [(t, k) for t, k in lock_keys if item_ident(t, k) not in items.before]
    locks_now = _read_items(reader, missing, cancel) if missing else {}
    for ident, item in locks_now.items():
        items.before[ident] = item
        items.after[ident] = item


def _other_holders(reader: Reader, tables: Mapping[str, TableInfo], schema: UniquenessSchema,
                   in_play: Mapping[tuple[str, str], set[str]], items: _Items,
                   notes: list[str]) -> dict[tuple[str, str], dict[str, dict[str, Any]]]:
    """Accounts the transaction does not touch that hold a value in play, per (table, rule)."""
    others: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
    for (table, rule_name), values in in_play.items():
        rule = schema.rule(rule_name)
        raw = set(values)  # the spellings accounts store, for a lookup by the stored attribute
        for item in (*items.accounts_before.values(), *items.accounts_after.values()):
            if isinstance(item, Mapping):
                text = protected_text(item.get(rule.attribute))
                if text and normalise(text, rule.normalisation) in values:
                    raw.add(text)
        found = _lookup_holders(reader, tables.get(table), table, schema, rule, raw, notes)
        others[(table, rule_name)] = {a: i for a, i in found.items()
                                      if (table, a) not in items.accounts_before}
    return others


def _pair(schema: UniquenessSchema, table: str, rule: LockRule, value: str, items: _Items,
          others: Mapping[str, dict[str, Any]]) -> Pair:
    """4. One value's holders and lock before and after the transaction."""
    lock_key = schema.stored_lock_key(rule, value)  # values are lock spellings
    ident = item_ident(table, lock_key)
    held_before = [a for (t, a), item in items.accounts_before.items()
                   if t == table and rule_value(item, rule) == value]
    held_after: list[str] = []
    unknown = False
    for (t, a), item in items.accounts_after.items():
        if t != table:
            continue
        if item is UNKNOWN:
            unknown = True
        elif rule_value(item, rule) == value:
            held_after.append(a)
    for acct, item in others.items():
        if rule_value(item, rule) == value:
            held_before.append(acct)
            held_after.append(acct)
    locked_before = items.before.get(ident) is not None
    lock_after = items.after.get(ident)
    locked_after = lock_after is not None and lock_after is not UNKNOWN
    status_after = UNPREDICTABLE if unknown else pair_status(held_after, locked_after)
    return Pair(rule.name, value, lock_key, pk_text(lock_key, schema) or "",
                tuple(sorted(held_before)), tuple(sorted(held_after)), locked_before, locked_after,
                pair_status(held_before, locked_before), status_after)
