"""What the preflight reads, read once.

Strongly consistent reads of items by key (TransactGetItems); a small table read whole (one
consistent Scan: every spelling of a value is then compared, as the audit compares them); and,
on a larger table, look-ups of the accounts that hold a value (the rule's GSI, else nothing).
Each is remembered: the preflight of a suggested transaction runs against the same before-state
without reading it again, and only reads what the suggestion touches beyond it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dynoview.core.errors import CancelledError
from dynoview.core.preflight.model import item_ident, pk_text
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.cancellation import key_text
from dynoview.core.uniqueness.holders import (
    clash_keys_of,
    exact_lookup_finds_all,
    holders_filter,
    holds_any,
)
from dynoview.core.uniqueness.key_limits import fits_partition_key, oversized, skipped_note
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, protected_text

#: A holder lookup without an index scans the table only when it is at most this big.
LOOKUP_SCAN_MAX_ITEMS = 20_000
#: A table is read whole when it is at most this big and no rule has an index on it (the
#: lookup would scan it anyway) ...
FULL_READ_MAX_ITEMS = LOOKUP_SCAN_MAX_ITEMS
#: ... or at most this big when one has: a GSI Query per spelling costs less on a larger table,
#: but only finds the spellings asked for.
FULL_READ_INDEXED_MAX_ITEMS = 2_000
#: TransactGetItems reads at most 100 items per request.
_GET_BATCH = 100

Ident = tuple[str, str]  # (table, the key in a comparable form): see ``item_ident``
Holders = dict[str, dict[str, Any]]  # account id -> the account item


class Source:
    """The table as the preflight sees it: items by key and holders by value, each read once."""

    def __init__(self, reader: Reader, tables: Mapping[str, TableInfo], schema: UniquenessSchema,
                 cancel: threading.Event | None = None, *, fold_by_scan: bool = True) -> None:
        """``fold_by_scan``: under a normalising rule with an index, find the holders of every
        spelling with a Scan on a table small enough to scan (else the index, and ``unsure``)."""
        self.reader = reader
        self.fold_by_scan = fold_by_scan
        self.tables = tables
        self.schema = schema
        self.cancel = cancel
        self._items: dict[Ident, dict[str, Any] | None] = {}
        #: (table, rule, a raw value, or a lock form when True) -> its holders
        self._holders: dict[tuple[str, str, str, bool], Holders] = {}
        #: (table, rule) whose lookups could not find every spelling of a form (an index Query,
        #: under any rule): a form with no holder found may still have one, or a case clash
        self.unsure: set[tuple[str, str]] = set()
        #: (table, rule) -> how its holders were (or were not) looked up, for the notes
        self.lookup_notes: dict[tuple[str, str], str] = {}
        self._whole: dict[str, list[dict[str, Any]] | None] = {}  # table -> every item, or None
        self.table_notes: dict[str, str] = {}  # table -> how it was read
        #: Lookups skipped because their key is over DynamoDB's size limit, for the notes
        self.key_notes: list[str] = []
        self._described: dict[str, TableInfo] = {}  # tables not given, described once

    def key_names(self, table: str) -> tuple[str, ...]:
        """``table``'s key attribute names, from its description (DescribeTable when it was not
        given: metadata, no read capacity). A Put's key cannot be told from its item otherwise."""
        info = self.tables.get(table) or self._described.get(table)
        if info is None:
            info = self._described[table] = describe_table(self.reader.conn, table)
        return tuple(info.key_names)

    def table_items(self, table: str) -> list[dict[str, Any]] | None:
        """Every item of ``table`` (one consistent Scan), when it is small enough to read whole
        (see ``FULL_READ_MAX_ITEMS``); else None. DescribeTable's count is hours old at worst, so
        the Scan also stops, and gives up, past the limit."""
        if table in self._whole:
            return self._whole[table]
        self._whole[table] = items = self.read_whole(table)
        if items is not None:
            self.table_notes[table] = (
                f"{table} was read whole (a consistent Scan of {len(items)} items), so every spelling "
                "of these values was compared, as the audit compares them.")
        else:
            self.table_notes[table] = (
                f"{table} is too large to read whole, so only each value's own spelling, its clash key "
                "and its lookalike forms were looked up: a clash with another spelling shows in the "
                "audit, not here.")
        return items

    def read_whole(self, table: str) -> list[dict[str, Any]] | None:
        """The Scan behind ``table_items``: every item, or None past the table's limit."""
        info = self.tables.get(table)
        limit = _full_read_limit(info, self.schema)
        if limit is None:
            return None
        items: list[dict[str, Any]] = []
        for page in self.reader.cursor("Scan", {"TableName": table, "ConsistentRead": True}, info):
            self._check_cancel()
            items.extend(page.items)
            if len(items) > limit:
                return None
        return items

    def items(self, keys: Iterable[tuple[str, dict[str, Any]]]) -> dict[Ident, dict[str, Any] | None]:
        """The items at these keys (None: absent), strongly consistent, each read once."""
        wanted: dict[Ident, tuple[str, dict[str, Any]]] = {}
        for table, key in keys:
            ident = item_ident(table, key)
            if ident not in self._items and oversized(key, self._partition_key(table, key)):
                # A probe form can outgrow its value ("m" -> "rn"): DynamoDB would fail the whole
                # read, and no item can exist at such a key, so it is absent without reading.
                self._items[ident] = None
                self.key_notes.append(skipped_note(f"The key {key_text(key)} in {table} is"))
            wanted.setdefault(ident, (table, key))
        missing = [(ident, tk) for ident, tk in wanted.items() if ident not in self._items]
        for start in range(0, len(missing), _GET_BATCH):
            self._check_cancel()
            batch = missing[start:start + _GET_BATCH]
            response = self.reader.read("TransactGetItems", {"TransactItems": [
                {"Get": {"TableName": t, "Key": k}} for _i, (t, k) in batch]})
            answers = response.get("Responses", [])
            for index, (ident, _tk) in enumerate(batch):
                answer = answers[index] if index < len(answers) else None
                self._items[ident] = answer.get("Item") if isinstance(answer, Mapping) else None
        return {ident: self._items[ident] for ident in wanted}

    def holders(self, table: str, rule: LockRule, values: Iterable[str],
                forms: Iterable[str] = ()) -> Holders:
        """Accounts (by id) whose ``rule.attribute`` is one of ``values`` as stored, or whose value
        the rule normalises to one of the lock ``forms`` (``Ada@X.io`` holds ``ada@x.io`` under a
        lowercase rule), found without reading the whole of a large table: the rule's GSI
        (eventually consistent; it finds only the spellings asked for, so ``unsure`` then names
        the rule), else a bounded Scan, which under ``none`` also finds the accounts storing
        another spelling with a value's clash key (a case clash to the audit). ``lookup_notes``
        says how."""
        keys = [(v, False) for v in sorted(set(values))]
        if not exact_lookup_finds_all(rule):
            keys += [(f, True) for f in sorted(set(forms))]
        todo = [k for k in keys if (table, rule.name, *k) not in self._holders]
        if todo:
            self._look_up(table, rule, [v for v, form in todo if not form],
                          [v for v, form in todo if form])
        found: Holders = {}
        for key in keys:
            for acct, item in self._holders[(table, rule.name, *key)].items():
                found[acct] = {**found.get(acct, {}), **item}
        return found

    def _look_up(self, table: str, rule: LockRule, values: Sequence[str], forms: Sequence[str]) -> None:
        info = self.tables.get(table)
        for key in [(v, False) for v in values] + [(f, True) for f in forms]:
            self._holders[(table, rule.name, *key)] = {}
        index = None
        if info is not None and rule.index_name:
            index = next((i for i in (*info.gsis, *info.lsis) if i.name == rule.index_name
                          and i.partition_key.name == rule.attribute), None)
        if index is not None and (not forms or not self.fold_by_scan or info is None
                                  or info.item_count is None or info.item_count > LOOKUP_SCAN_MAX_ITEMS):
            self._by_index(table, rule, index.name, values)
            # The index finds only the spellings asked for, under any rule: an account storing
            # another one holds the lock (a normalising rule) or, under none, is a case clash with
            # it to the audit. Either may exist unseen, so a lock with no holder found may be held.
            self.unsure.add((table, rule.name))
            return
        if info is None or info.item_count is None or info.item_count > LOOKUP_SCAN_MAX_ITEMS:
            self.unsure.add((table, rule.name))  # no holder looked up: an existing lock may be held
            self.lookup_notes[(table, rule.name)] = (
                f"Other accounts holding these {rule.name} values were not looked up: the schema names "
                f"no index on {rule.attribute} and the table is too large to scan. Add the index to "
                "the schema for a complete preflight.")
            return
        # Every account is compared here: a normalising rule's values are normalised, and under
        # none another spelling with a value's clash key is a case clash to the audit, which no
        # equality filter finds (the Scan reads the whole table either way).
        self._by_scan(table, rule, set(values), set(forms))

    def _by_index(self, table: str, rule: LockRule, index: str, values: Sequence[str]) -> None:
        info = self.tables.get(table)
        for value in values:
            self._check_cancel()
            if not fits_partition_key(value):  # no index key holds it: the Query would fail
                self.key_notes.append(skipped_note(
                    f"The lookup of {key_text({rule.attribute: {'S': value}})} through the index "
                    f"{index} is"))
                continue
            request: dict[str, Any] = {"TableName": table, "IndexName": index,
                                       "KeyConditionExpression": "#v = :v",
                                       "ExpressionAttributeNames": {"#v": rule.attribute},
                                       "ExpressionAttributeValues": {":v": {"S": value}}}
            for page in self.reader.cursor("Query", request, info):
                self._check_cancel()
                for item in page.items:
                    if self.schema.is_account(item):
                        acct = pk_text(item, self.schema) or ""
                        self._holders[(table, rule.name, value, False)][acct] = item
        note = (f"Accounts holding these {rule.name} values were found through the GSI {index}, "
                "which is eventually consistent.")
        if not exact_lookup_finds_all(rule):
            note += (f" The index finds only the spellings asked for: an account storing another "
                     f"spelling that the {rule.normalisation} rule folds into the same lock (other "
                     "capitals, spaces or Unicode form) is not found; the audit reads every spelling.")
        self.lookup_notes[(table, rule.name)] = note

    def _by_scan(self, table: str, rule: LockRule, values: set[str], forms: set[str]) -> None:
        """One Scan for the holders of ``values`` as stored and of the lock ``forms``, matched
        here on every account that has the attribute; under ``none``, an account storing
        another spelling with a value's clash key counts with that value (a case clash)."""
        self._check_cancel()
        by_clash: dict[str, set[str]] = {}  # a clash key -> the values asked for with it
        if exact_lookup_finds_all(rule):
            for value in values:
                by_clash.setdefault(clash_keys_of(rule, [value]).pop(), set()).add(value)
        scan: dict[str, Any] = {"TableName": table, "ConsistentRead": True,
                                **holders_filter(self.schema, rule, None)}
        for page in self.reader.cursor("Scan", scan, self.tables.get(table)):
            self._check_cancel()  # up to LOOKUP_SCAN_MAX_ITEMS items: Cancel stops it between pages
            for item in page.items:
                text = protected_text(item.get(rule.attribute))
                clashing = by_clash.get(clash_keys_of(rule, [text]).pop(), set()) \
                    if text and by_clash else set()
                if not clashing and not holds_any(rule, item, forms, values):
                    continue
                acct = pk_text(item, self.schema) or ""
                for value in clashing | ({text} & values if text else set()):
                    self._holders[(table, rule.name, value, False)][acct] = item
                held = rule.held_form(item)
                if held in forms:
                    self._holders[(table, rule.name, held, True)][acct] = item

    def _partition_key(self, table: str, key: Mapping[str, Any]) -> str:
        info = self.tables.get(table)
        if info is not None:
            return info.partition_key.name
        return self.schema.lock_pk_name if self.schema.lock_pk_name in key else self.schema.pk_name

    def _check_cancel(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise CancelledError("The preflight was cancelled.")


def _full_read_limit(info: TableInfo | None, schema: UniquenessSchema) -> int | None:
    """How many items the table may hold to be read whole, or None when it may not be."""
    if info is None or info.item_count is None:
        return None
    indexed = any(i.name == rule.index_name and i.partition_key.name == rule.attribute
                  for rule in schema.rules if rule.index_name for i in (*info.gsis, *info.lsis))
    limit = FULL_READ_INDEXED_MAX_ITEMS if indexed else FULL_READ_MAX_ITEMS
    return limit if info.item_count <= limit else None
