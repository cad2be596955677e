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
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.tx.preflight_effects import UNKNOWN, apply_action
from dynoview.core.tx.wire import body_json, request_body
from dynoview.core.uniqueness.diagnose import holders_filter
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, normalise, protected_text

FREE = "FREE"  # no lock and no account: nothing to protect
UNPREDICTABLE = "UNPREDICTABLE"  # an Update whose effect on a protected value cannot be computed

#: A holder lookup without an index scans the table only when it is at most this big.
LOOKUP_SCAN_MAX_ITEMS = 20_000
#: TransactGetItems reads at most 100 items per request.
_GET_BATCH = 100

NOT_ATOMIC_NOTE = ("The preflight's reads are not atomic with the write: another writer can change "
                   "these items in between, so the transaction's own conditions remain the real guard.")


@dataclass(frozen=True)
class Pair:
    """One (rule, value) before and after the transaction."""

    rule: str
    value: str  # the value as the lock stores it (normalised)
    lock_key: dict[str, Any]
    lock_text: str  # the lock's partition key, e.g. UNIQ#EMAIL#ada@lovelace.io
    holders_before: tuple[str, ...]
    holders_after: tuple[str, ...]
    locked_before: bool
    locked_after: bool
    status_before: str
    status_after: str

    @property
    def worse(self) -> bool:
        """True when the transaction breaks this pair (a new problem, or a bigger duplicate)."""
        if self.status_after in (OK, FREE):
            return False
        if self.status_after != self.status_before:
            return True
        return len(self.holders_after) > len(self.holders_before)

    @property
    def repaired(self) -> bool:
        return self.status_before not in (OK, FREE) and self.status_after in (OK, FREE)

    @property
    def changed(self) -> bool:
        return (self.holders_before, self.locked_before) != (self.holders_after, self.locked_after)

    def line(self) -> str:
        """"after: lock UNIQ#EMAIL#ada@… held by ACCT#a1f9c3 ✓" and the broken variants."""
        holders = ", ".join(self.holders_after)
        if self.status_after == OK:
            return f"after: lock {self.lock_text} held by {holders} ✓"
        if self.status_after == FREE:
            return f"after: {self.rule} {self.value} is free (no lock, no account) ✓"
        if self.status_after == MISSING_LOCK:
            return f"after: {holders} holds {self.rule} {self.value} with no lock ✗ missing lock"
        if self.status_after == ORPHAN_LOCK:
            return f"after: lock {self.lock_text} held by no account ✗ orphan lock"
        if self.status_after == DUPLICATE_VALUE:
            return f"after: {self.rule} {self.value} held by {holders} ✗ duplicate"
        return f"after: {self.rule} {self.value}: cannot be predicted ✗"


@dataclass(frozen=True)
class Refusal:
    """Why a transaction is refused: one broken pair in a sentence, and the right template."""

    action: int | None  # 0-based action that causes it, when one does
    rule: str
    value: str
    message: str
    template: str | None  # "change_value", "delete_account", "sign_up", ... or None
    suggestion: Transaction | None = None


@dataclass
class Preflight:
    """The preflight's answer for one transaction."""

    pairs: list[Pair] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checked: bool = True  # False when nothing in the transaction is an account or a lock
    #: (table, account id) -> the account as read before the write (None: absent)
    seen: dict[tuple[str, str], dict[str, Any] | None] = field(default_factory=dict)

    @property
    def refused(self) -> bool:
        return bool(self.refusals)

    @property
    def repairs(self) -> list[Pair]:
        return [p for p in self.pairs if p.repaired]

    def lines(self) -> list[str]:
        """The "after this transaction" view: one line per pair the transaction touches."""
        out = [p.line() for p in self.pairs if p.changed or p.worse or p.status_after != OK]
        if not out:
            out = [p.line() for p in self.pairs]
        return out

    def summary(self) -> str:
        if not self.checked:
            return "Preflight: this transaction touches no account or lock of the uniqueness schema."
        if self.refused:
            return (f"Refused by the preflight: {len(self.refusals)} uniqueness problem(s) would be "
                    "created. Nothing was sent.")
        fixed = len(self.repairs)
        extra = f"; repairs {fixed} problem(s)" if fixed else ""
        return f"Preflight passed: every account keeps its locks{extra}."

    def to_json(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "refused": self.refused,
            "pairs": [{"rule": p.rule, "value": p.value, "lock": p.lock_text,
                       "before": p.status_before, "after": p.status_after,
                       "holders_after": list(p.holders_after), "locked_after": p.locked_after,
                       "line": p.line()} for p in self.pairs],
            "refusals": [{"action": None if r.action is None else r.action + 1, "rule": r.rule,
                          "value": r.value, "message": r.message, "template": r.template,
                          "suggestion": (body_json(request_body(r.suggestion.to_request()))
                                         if r.suggestion else None)}
                         for r in self.refusals],
            "notes": list(self.notes),
        }


# ------------------------------------------------------------------ keys and reads


def _key_of(action: Action, names: Sequence[str]) -> dict[str, Any] | None:
    key = action.target_key(names)
    return key if len(key) == len(names) else None


def _pk_text(key: Mapping[str, Any], schema: UniquenessSchema) -> str | None:
    av = key.get(schema.pk_name)
    return av.get("S") if isinstance(av, Mapping) and isinstance(av.get("S"), str) else None


def _ident(table: str, key: Mapping[str, Any]) -> tuple[str, str]:
    return table, repr(sorted((k, repr(sorted(v.items()))) for k, v in key.items()))


def _read_items(reader: Reader, keys: Sequence[tuple[str, dict[str, Any]]],
                cancel: threading.Event | None) -> dict[tuple[str, str], dict[str, Any] | None]:
    """Strongly consistent reads of many keys (TransactGetItems, 100 at a time)."""
    out: dict[tuple[str, str], dict[str, Any] | None] = {}
    unique: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {}
    for table, key in keys:
        unique.setdefault(_ident(table, key), (table, key))
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
                        found[_pk_text(item, schema) or ""] = item
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
                found[_pk_text(item, schema) or ""] = item
    return found


# ------------------------------------------------------------------ the pairing


def _status(holders: Sequence[str], locked: bool) -> str:
    if len(holders) >= 2:
        return DUPLICATE_VALUE
    if holders:
        return OK if locked else MISSING_LOCK
    return ORPHAN_LOCK if locked else FREE


def _values_of(item: Mapping[str, Any] | None, rule: LockRule) -> str | None:
    if item is None:
        return None
    text = protected_text(item.get(rule.attribute))
    return normalise(text, rule.normalisation) if text else None


def run_preflight(reader: Reader, tx: Transaction, schema: UniquenessSchema,
                  tables: Mapping[str, TableInfo] | None = None, *,
                  cancel: threading.Event | None = None) -> Preflight:
    """Read, simulate and judge ``tx`` against the uniqueness invariant (see module doc)."""
    tables = tables or {}
    names = schema.key_names
    result = Preflight(notes=[NOT_ATOMIC_NOTE, "Computed as if every condition passes; if one fails, "
                              "DynamoDB writes nothing."])
    # 1. What each action touches, by kind.
    touched: list[tuple[int, Action, dict[str, Any], str]] = []  # (index, action, key, "account"|"lock")
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
    if not touched:
        result.checked = False
        result.notes = []
        return result

    # 2. Before: every touched item, strongly consistent.
    before = _read_items(reader, [(a.table, k) for _i, a, k, _kind in touched], cancel)
    after: dict[tuple[str, str], Any] = dict(before)
    for _index, action, key, _kind in touched:
        ident = _ident(action.table, key)
        after[ident] = apply_action(action, after.get(ident), schema.rules)

    # 3. The values in play, per table and rule; their locks; the accounts holding them.
    accounts_before: dict[tuple[str, str], dict[str, Any] | None] = {}
    accounts_after: dict[tuple[str, str], Any] = {}
    in_play: dict[tuple[str, str], set[str]] = {}  # (table, rule) -> values
    for _index, action, key, kind in touched:
        ident = _ident(action.table, key)
        acct = _pk_text(key, schema) or ""
        if kind == "account":
            accounts_before[(action.table, acct)] = before.get(ident)
            accounts_after[(action.table, acct)] = after.get(ident)
            for rule in schema.rules:
                old = _values_of(before.get(ident), rule)
                new = None if after.get(ident) is UNKNOWN else _values_of(after.get(ident), rule)
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
    result.seen = dict(accounts_before)
    lock_keys = [(table, schema.stored_lock_key(schema.rule(rule), v))
                 for (table, rule), vs in in_play.items() for v in vs]
    missing = [(t, k) for t, k in lock_keys if _ident(t, k) not in before]
    locks_now = _read_items(reader, missing, cancel) if missing else {}
    for ident, item in locks_now.items():
        before[ident] = item
        after[ident] = item
    others: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
    for (table, rule_name), values in in_play.items():
        rule = schema.rule(rule_name)
        raw = set(values)
        for item in (*accounts_before.values(), *accounts_after.values()):
            if isinstance(item, Mapping):
                text = protected_text(item.get(rule.attribute))
                if text and normalise(text, rule.normalisation) in values:
                    raw.add(text)
        found = _lookup_holders(reader, tables.get(table), table, schema, rule, raw, result.notes)
        others[(table, rule_name)] = {a: i for a, i in found.items()
                                      if (table, a) not in accounts_before}

    # 4. The pairing of each value before and after.
    for (table, rule_name), values in sorted(in_play.items()):
        rule = schema.rule(rule_name)
        for value in sorted(values):
            lock_key = schema.stored_lock_key(rule, value)  # values are lock spellings
            ident = _ident(table, lock_key)
            held_before = [a for (t, a), item in accounts_before.items()
                           if t == table and _values_of(item, rule) == value]
            held_after: list[str] = []
            unknown = False
            for (t, a), item in accounts_after.items():
                if t != table:
                    continue
                if item is UNKNOWN:
                    unknown = True
                elif _values_of(item, rule) == value:
                    held_after.append(a)
            for acct, item in others[(table, rule_name)].items():
                if _values_of(item, rule) == value:
                    held_before.append(acct)
                    held_after.append(acct)
            locked_before = before.get(ident) is not None
            lock_after = after.get(ident)
            locked_after = lock_after is not None and lock_after is not UNKNOWN
            status_after = UNPREDICTABLE if unknown else _status(held_after, locked_after)
            result.pairs.append(Pair(rule.name, value, lock_key, _pk_text(lock_key, schema) or "",
                                     tuple(sorted(held_before)), tuple(sorted(held_after)),
                                     locked_before, locked_after,
                                     _status(held_before, locked_before), status_after))
    for pair in result.pairs:
        if pair.worse:
            result.refusals.append(_refusal(pair, tx, touched, before, after, schema))
    return result


# ------------------------------------------------------------------ refusals in words


def _refusal(pair: Pair, tx: Transaction, touched: Sequence[tuple[int, Action, dict[str, Any], str]],
             before: Mapping[tuple[str, str], Any], after: Mapping[tuple[str, str], Any],
             schema: UniquenessSchema) -> Refusal:
    rule = schema.rule(pair.rule)
    movers = (set(pair.holders_after) - set(pair.holders_before)) or (
        set(pair.holders_before) - set(pair.holders_after))
    lock_entry = next((e for e in touched
                       if e[3] == "lock" and schema.match_lock(e[2]) == (rule, pair.value)), None)
    accounts = [e for e in touched if e[3] == "account"]
    account_entry = next((e for e in accounts if _pk_text(e[2], schema) in movers), None)
    if account_entry is None:
        account_entry = next((e for e in accounts if pair.value in (
            _values_of(before.get(_ident(e[1].table, e[2])), rule),
            _values_of(_known(after.get(_ident(e[1].table, e[2]))), rule))), None)
    lock_removed = pair.locked_before and not pair.locked_after and lock_entry is not None
    cause = lock_entry if lock_removed or account_entry is None else account_entry
    index = cause[0] if cause else None
    table = cause[1].table if cause else (tx.actions[0].table if tx.actions else "")
    acct_before = before.get(_ident(table, cause[2])) if cause else None
    acct_after = _known(after.get(_ident(table, cause[2]))) if cause else None
    acct = _pk_text(cause[2], schema) if cause else None
    where = f"Action {index + 1}: " if index is not None else ""
    suggestion: Transaction | None = None
    template: str | None = None
    lock = pair.lock_text
    if pair.status_after == UNPREDICTABLE:
        return Refusal(index, rule.name, pair.value, f"{where}the preflight cannot tell what this Update "
                       f"does to {rule.attribute}, so it cannot check the {rule.name} locks. Set "
                       f"{rule.attribute} to a value placeholder, or use the Change {rule.name} template.",
                       "change_value")
    if pair.status_after == DUPLICATE_VALUE:
        others = [h for h in pair.holders_before if h != acct] or [h for h in pair.holders_after if h != acct]
        verb = "holds" if len(others) == 1 else "hold"
        message = (f"{where}{acct or 'an account'} would hold {rule.name} {pair.value}, which "
                   f"{', '.join(others) or 'another account'} already {verb}: the value would no longer "
                   f"be unique. Pick another {rule.name}; to move a value use the Change {rule.name} "
                   "template, whose guarded lock Put refuses a taken value.")
        template = "change_value"
    elif pair.status_after == MISSING_LOCK:
        holder = pair.holders_after[0]
        if lock_removed:
            message = (f"{where}deleting lock {lock} would leave {holder}'s {rule.name} {pair.value} "
                       "unprotected (a missing lock): anyone could sign up with it. Keep the lock; to "
                       f"free the value change the account's {rule.name} or delete the account with "
                       "its locks (the Change and Delete account templates).")
            template = "change_value"
        else:
            message = (f"{where}{holder} would hold {rule.name} {pair.value} with no lock {lock}: "
                       "uniqueness would not be enforced for it. ")
            template, suggestion = _suggest(schema, table, acct_before, acct_after, rule, pair.value)
            message += _template_offer(template, rule)
    else:  # ORPHAN_LOCK
        left = ", ".join(pair.holders_before) or "no account"
        message = (f"{where}lock {lock} would be left with no account ({left} held it before): "
                   f"nobody could use {rule.name} {pair.value} again until it is released. ")
        template, suggestion = _suggest(schema, table, acct_before, acct_after, rule, pair.value)
        message += _template_offer(template, rule)
    if suggestion is None and template == "change_value" and acct_before and acct_after:
        new = protected_text(acct_after.get(rule.attribute))
        if new:
            try:
                suggestion = templates.change_value(schema, table, acct_before, rule.name, new)
            except (KeyError, ValueError):
                suggestion = None
    return Refusal(index, rule.name, pair.value, message, template, suggestion)


def _known(item: Any) -> dict[str, Any] | None:
    return None if item is UNKNOWN else item


def _template_offer(template: str | None, rule: LockRule) -> str:
    titles = {"change_value": f"the Change {rule.name} template (new lock, old lock released, "
                              "account updated, all guarded)",
              "delete_account": "the Delete account template (the account and all its locks together)",
              "sign_up": "the Sign up template (the account and one guarded lock per value)"}
    if template is None:
        return "Write the account and its locks together in one transaction."
    return f"Use {titles[template]}."


def _suggest(schema: UniquenessSchema, table: str, acct_before: Mapping[str, Any] | None,
             acct_after: Mapping[str, Any] | None, rule: LockRule, value: str
             ) -> tuple[str | None, Transaction | None]:
    """The template that does what the transaction seems to want, filled from the items."""
    try:
        if acct_before is not None and acct_after is None:
            return "delete_account", templates.delete_account(schema, table, acct_before)
        if acct_before is None and acct_after is not None:
            return "sign_up", templates.sign_up(schema, table, acct_after)
        if acct_before is not None and acct_after is not None:
            new = protected_text(acct_after.get(rule.attribute))
            if new:
                return "change_value", templates.change_value(schema, table, acct_before, rule.name, new)
            return "change_value", None
    except (KeyError, ValueError):
        return None, None
    return None, None
