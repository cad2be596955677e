"""The invariant preflight: the audit of the state *after* a transaction.

Before a TransactWriteItems is sent, every account and lock it touches is read with strongly
consistent reads, and so are the locks of the values it puts in play and of their probe forms
(clash key, lookalike key: see ``probes``); the accounts holding any of those spellings are
looked up (the rule's GSI, else a bounded Scan). The audit's own engine (``Pairing``) is fed
these items as they are and as the transaction would leave them, and the findings about the
values in play are compared (``compare``): a new or bigger missing, orphan or duplicate lock
refuses the transaction with a sentence naming the account, rule and value; a new case clash,
lookalike clash or expired item is a warning that needs explicit confirmation; a transaction
that repairs problems and creates none passes.

Each refusal's suggested transaction passed its own preflight, run against the same reads
(``Source`` remembers them); where none exists the refusal says so and lists the choices.

The after-state is computed as if every condition passes, except a condition the preflight can
judge on the items it read (``conditions``; any item's, account, lock or not): one that fails
means DynamoDB would cancel the whole transaction (a guarded Put on an orphan lock or an item
still there), so it is refused, saying what to do first, instead of "passing" it.

The reads are not atomic with the write: the transaction's own conditions stay the real guard.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dynoview.core.preflight import compare
from dynoview.core.preflight.conditions import cancellations, plain_cancellations
from dynoview.core.preflight.effects import UNKNOWN, blind_spots, simulate
from dynoview.core.preflight.model import (
    FREE,
    NOT_ATOMIC_NOTE,
    UNPREDICTABLE,
    Choice,
    Forms,
    Pair,
    Preflight,
    PreflightWarning,
    Refusal,
    item_ident,
    pair_status,
    pk_text,
    reservation_refusal,
    rule_value,
)
from dynoview.core.preflight.probes import probe_forms
from dynoview.core.preflight.refusals import Context, Touched, refusal, unpredictable
from dynoview.core.preflight.source import LOOKUP_SCAN_MAX_ITEMS, Ident, Source
from dynoview.core.preflight.warnings import unknown_expiries, unknown_ttl_releases, unseen_holders, warning
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.model import DELETE, Action, Transaction
from dynoview.core.uniqueness.findings import CASE_CLASH, LABELS, LOOKALIKE_CLASH, MISSING_LOCK, Finding
from dynoview.core.uniqueness.locks_table import home_table, is_locks_table, pair_tables, with_accounts_table
from dynoview.core.uniqueness.schema import UniquenessSchema, default_schema, protected_text, string_value
from dynoview.core.values.visible_text import visible_value

__all__ = ["FREE", "LOOKUP_SCAN_MAX_ITEMS", "NOT_ATOMIC_NOTE", "UNPREDICTABLE", "Choice", "Pair",
           "Preflight", "PreflightWarning", "Refusal", "Source", "judge", "run_preflight"]

_SIMULATED_NOTE = ("Computed as if every condition passes (except those the preflight could check "
                   "against what it read); if one fails, DynamoDB writes nothing.")


def run_preflight(reader: Reader, tx: Transaction, schema: UniquenessSchema,
                  tables: Mapping[str, TableInfo] | None = None, *,
                  cancel: threading.Event | None = None, fold_by_scan: bool = True) -> Preflight:
    """Read, simulate and judge ``tx`` against the uniqueness invariant (module doc; ``Source``)."""
    schema = with_accounts_table(schema, [a.table for a in tx.actions])
    return judge(tx, schema, Source(reader, _with_paired_tables(reader, tx, schema, tables or {}),
                                    schema, cancel, fold_by_scan=fold_by_scan))


def _with_paired_tables(reader: Reader, tx: Transaction, schema: UniquenessSchema,
                        tables: Mapping[str, TableInfo]) -> Mapping[str, TableInfo]:
    """``tables`` plus the other table of a locks-table schema when ``tx`` touches one of the two:
    a released lock is judged against the accounts that hold its value (looked up in the
    accounts table), an account's write against its locks (and their table's TTL)."""
    locks = schema.locks
    if locks is None or locks.accounts_table is None:
        return tables
    pair = (locks.accounts_table, locks.name)
    if not any(a.table in pair for a in tx.actions):
        return tables
    out = dict(tables)
    for name in pair:
        if name not in out:
            out[name] = describe_table(reader.conn, name)  # metadata: no read capacity
    return out


def judge(tx: Transaction, schema: UniquenessSchema, source: Source, *,
          suggest: bool = True) -> Preflight:
    """The preflight of ``tx`` on what ``source`` reads (and remembers). ``suggest=False``
    judges only: no suggestions are built (the check of a suggestion itself)."""
    schema = with_accounts_table(schema, [a.table for a in tx.actions])  # locks in their own table
    foreign = _foreign(tx, schema, source.tables)
    if foreign:
        return Preflight(refusals=foreign, notes=[NOT_ATOMIC_NOTE])
    touched = _touched(tx, schema, source.tables)
    plain = plain_cancellations(tx, touched, schema, source)  # items neither accounts nor locks
    if not touched:
        return Preflight(refusals=plain, notes=[NOT_ATOMIC_NOTE] if plain else [], checked=False)
    lost = _unpaired_lock(schema, touched)
    if lost is not None:
        return Preflight(refusals=[lost], notes=[NOT_ATOMIC_NOTE])
    result = Preflight(notes=[NOT_ATOMIC_NOTE, _SIMULATED_NOTE])
    world = _World.read(source, schema, touched)
    result.seen = dict(world.accounts_before)
    result.locks_present = {i for _n, a, key, kind in touched if kind == "lock"
                            and world.before.get(i := item_ident(a.table, key)) is not None}
    now = datetime.now(UTC)
    verdicts = {table: _verdict(source, schema, world, table, now) for table in world.tables()}
    shown = _shown(world, verdicts)
    for table, rule_name, value in shown:
        result.pairs.append(_pair(schema, verdicts[table], rule_name, value))
    notes = [source.table_notes.get(t) for t in sorted({t for t, _r in world.in_play})]
    notes += [source.lookup_notes.get(tr) for tr in sorted(world.in_play)]
    notes += [n for _t, v in sorted(verdicts.items()) for n in v.notes] + source.key_notes
    result.notes.extend(n for n in dict.fromkeys(notes) if n and n not in result.notes)

    def verify(candidate: Transaction) -> Preflight:
        return judge(candidate, schema, source, suggest=False)

    ctx = Context(tx, touched, world.before, world.after, schema, verify if suggest else None,
                  {t: v.forms_before for t, v in verdicts.items()},
                  {t: v.forms_after for t, v in verdicts.items()})
    tables = [t for t, _r, _v in shown]
    ctx.account = lambda t, acct: next((i for i in world.items(t, after=True)
                                        if schema.is_account(i) and pk_text(i, schema) == acct), None)
    ctx.blind = {(t, r): spot for t, v in verdicts.items() for r, spot in v.unknown.items()}
    ctx.breaks = [(table, pair, status) for pair, table in zip(result.pairs, tables, strict=True)
                  if pair.status_after != UNPREDICTABLE
                  for status in verdicts[table].breaks.get((pair.rule, pair.value), ())]
    for pair, table in zip(result.pairs, tables, strict=True):
        if pair.status_after == UNPREDICTABLE:
            result.refusals.append(unpredictable(pair, table, ctx))
    result.refusals.extend(refusal(pair, status, table, ctx) for table, pair, status in ctx.breaks)
    # A reservation released: never a repair (a sign-up is completing), so refused, saying until when.
    result.refusals.extend(reservation_refusal(p, _deleting(touched, schema, p))
                           for p in result.pairs if p.releases_reservation)
    for table, verdict in sorted(verdicts.items()):
        for change in verdict.changes:
            if not change.breaking:
                result.warnings.append(warning(change, table, ctx, verdict.forms_before))
    result.warnings.extend(unknown_expiries(touched, world.before, schema, source.tables))
    unseen = unseen_holders(result.pairs, tables, source.unsure, ctx)
    result.warnings.extend(unseen)
    result.warnings.extend(unknown_ttl_releases(touched, result.pairs, schema, source.tables))
    seen_pairs = {(w.rule, w.value) for w in unseen}
    result.pairs = [dataclasses.replace(p, unseen=True) if (p.rule, p.value) in seen_pairs else p
                    for p in result.pairs]
    _cancelled(result, plain + cancellations(touched, world.before, schema, source.tables,
                                             ctx.forms_before, now, ctx.verify, source.unsure, ctx))
    return result


def _cancelled(result: Preflight, refusals: list[Refusal]) -> None:
    """DynamoDB judges conditions: one that fails on what the preflight read cancels the whole
    transaction. Its refusals stop the send, and the after-state is the before-state; a refused
    transaction keeps its own refusals (who holds the value), the cancellation a note, unless
    the cancellation offers the right transaction (a missing lock's: ``missing_release``)."""
    if not refusals:
        return
    if result.refusals and not any(r.suggestion is not None for r in refusals):
        result.notes.extend(r.message for r in refusals)
        return
    result.refusals = sorted(refusals, key=lambda r: r.action or 0)
    result.warnings = []
    result.pairs = [dataclasses.replace(p, holders_after=p.holders_before, locked_after=p.locked_before,
                                        status_after=p.status_before, breaks=False, warns=False,
                                        clash_with=(), reserved=(p.reserved[0],) * 2) for p in result.pairs]


# ------------------------------------------------------------------ what the transaction touches


def _deleting(touched: Sequence[Touched], schema: UniquenessSchema, pair: Pair) -> int | None:
    """The action that deletes ``pair``'s lock, or None."""
    return next((i for i, a, k, _kind in touched if a.kind == DELETE and (m := schema.match_lock(k))
                 and (m[0].name, m[1]) == (pair.rule, pair.value)), None)


def _unpaired_lock(schema: UniquenessSchema, touched: Sequence[Touched]) -> Refusal | None:
    """A lock written in a locks table whose accounts' table is unknown cannot be checked against
    the accounts that hold its value: refused, saying what to name (never judged as an orphan)."""
    if schema.locks is None or schema.locks.accounts_table is not None:
        return None
    index, key = next(((i, k) for i, _a, k, kind in touched if kind == "lock"), (None, None))
    match = schema.match_lock(key) if key is not None else None
    if match is None:
        return None
    rule, value = match
    return Refusal(index, rule.name, value, (
        f"Action {(index or 0) + 1} writes a lock in {schema.locks.name}, and the schema does not say "
        "which table holds its accounts, so who holds the value cannot be checked. Name it in the "
        "schema (locks_table.accounts_table), or send the lock with the account it belongs to."),
        None, status=UNPREDICTABLE)


def _foreign(tx: Transaction, schema: UniquenessSchema,
             tables: Mapping[str, TableInfo]) -> list[Refusal]:
    """Refusals for actions on a table keyed otherwise than the schema (``pk``/``sk`` beside
    ``PK``/``SK``) whose key, read in the schema's names, is an account or a lock: a table of
    accounts this schema cannot judge. Skipped, they let a transaction that breaks locks there
    pass. A table whose keys look like neither (an outbox, a log) is not the preflight's."""
    out: list[Refusal] = []
    for index, action in enumerate(tx.actions):
        info = tables.get(action.table)
        names = schema.lock_key_names if is_locks_table(schema, action.table) else schema.key_names
        if info is None or tuple(info.key_names) == names:
            continue
        key = _key_of(action, info.key_names)
        if key is None:
            continue
        # Read in the judged schema's names, or as the table's own default layout would read it
        # (the builder judges with the open table's schema: a lock of another table, keyed
        # otherwise, was "no account or lock" and passed).
        as_schema = ({name: key[own] for name, own in zip(names, info.key_names, strict=True)}
                     if len(info.key_names) == len(names) else {})
        judged = bool(as_schema) and (schema.is_account(as_schema)
                                      or schema.match_lock(as_schema) is not None)
        own = default_schema(info)
        if not (judged or own.is_account(key) or own.match_lock(key) is not None):
            continue
        out.append(Refusal(index, "", "", (
            f"Action {index + 1} writes {action.table}, whose key attributes "
            f"({', '.join(info.key_names)}) are not those of the uniqueness schema judged here "
            f"({', '.join(names)}), and its key reads as an account or a lock: the preflight cannot "
            f"judge it. Send the writes of {action.table} in a transaction of their own, where "
            f"that table's schema judges them (in the window: with {action.table} open)."), None,
            status=UNPREDICTABLE))
    return out


def _key(schema: UniquenessSchema, item: Mapping[str, Any], table: str = "") -> dict[str, Any]:
    names = schema.lock_key_names if is_locks_table(schema, table) else schema.key_names
    return {n: item[n] for n in names if n in item}


def _key_of(action: Action, names: Sequence[str]) -> dict[str, Any] | None:
    key = action.target_key(names)
    return key if len(key) == len(names) else None


def _touched(tx: Transaction, schema: UniquenessSchema,
             tables: Mapping[str, TableInfo]) -> list[Touched]:
    """What each action touches, by kind: an account, a lock, or nothing the schema knows."""
    touched: list[Touched] = []
    for index, action in enumerate(tx.actions):
        locks_here = is_locks_table(schema, action.table)  # a locks table holds only locks
        names = schema.lock_key_names if locks_here else schema.key_names
        info = tables.get(action.table)
        if info is not None and tuple(info.key_names) != names:
            continue  # another key layout: the schema does not describe this table
        key = _key_of(action, names)
        if key is None:
            continue
        if not locks_here and schema.is_account(key):
            touched.append((index, action, key, "account"))
        elif (locks_here or schema.locks is None) and schema.match_lock(key) is not None:
            touched.append((index, action, key, "lock"))
    return touched


@dataclass
class _World:
    """Every item the preflight read, as it is and as the transaction would leave it."""

    before: dict[Ident, dict[str, Any] | None]
    after: dict[Ident, Any]  # UNKNOWN where an Update's effect cannot be computed
    keys: dict[Ident, dict[str, Any]] = field(default_factory=dict)
    #: item -> rule -> (the first Update whose effect on its value cannot be computed, the attribute; "": any)
    blind: dict[Ident, dict[str, tuple[int, str]]] = field(default_factory=dict)
    #: (table, account id) -> the touched account before and after
    accounts_before: dict[tuple[str, str], dict[str, Any] | None] = field(default_factory=dict)
    accounts_after: dict[tuple[str, str], Any] = field(default_factory=dict)
    #: (table, rule) -> the values whose findings may change (as the lock stores them)
    in_play: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    #: table -> account id -> an account the transaction does not touch that holds a probed form
    others: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    #: table -> every other item of a table read whole (the write leaves them as they are)
    rest: dict[str, dict[Ident, dict[str, Any]]] = field(default_factory=dict)

    @classmethod
    def read(cls, source: Source, schema: UniquenessSchema, touched: Sequence[Touched]) -> _World:
        keys = [(a.table, k) for _i, a, k, _kind in touched]
        before = source.items(keys)
        world = cls(before, dict(before), {item_ident(t, k): k for t, k in keys})
        for index, action, key, _kind in touched:  # each action applied in order
            ident = item_ident(action.table, key)
            world.after[ident], unsure = simulate(action, world.after.get(ident), schema.rules)
            for rule, attribute in blind_spots(schema.rules, world.after[ident], unsure).items():
                world.blind.setdefault(ident, {}).setdefault(rule, (index, attribute))
        world._values_in_play(touched, schema)
        for home in sorted({t for t, _r in world.in_play}):
            for table in dict.fromkeys((home, schema.locks_table_name(home))):
                whole = source.table_items(table)
                if whole is not None:
                    world.rest[table] = {i: item for item in whole if (i := item_ident(
                        table, _key(schema, item, table))) not in world.before}
        world._read_probes(source, schema)
        return world

    def _values_in_play(self, touched: Sequence[Touched], schema: UniquenessSchema) -> None:
        """The values whose pairing may change, per (table, rule); notes the accounts touched."""
        for _index, action, key, kind in touched:
            ident = item_ident(action.table, key)
            if kind == "lock":
                match = schema.match_lock(key)
                assert match is not None
                home = home_table(schema, action.table)  # locks pair with their accounts' table
                self.in_play.setdefault((home, match[0].name), set()).add(match[1])
                continue
            acct = pk_text(key, schema) or ""
            old_item, new_item = self.before.get(ident), self.after.get(ident)
            self.accounts_before[(action.table, acct)] = old_item
            self.accounts_after[(action.table, acct)] = new_item
            blind = self.blind.get(ident, {})  # rules whose value after cannot be computed
            for rule in schema.rules:
                old = rule_value(old_item, rule)
                new = None if rule.name in blind else rule_value(new_item, rule)
                if old == new and rule.name not in blind:
                    continue  # a value the account keeps: its findings cannot change, so no reads
                for value in (old, new):
                    if value:
                        self.in_play.setdefault((action.table, rule.name), set()).add(value)

    def _read_probes(self, source: Source, schema: UniquenessSchema) -> None:
        """The locks of every probe form of the values in play, and the accounts holding one."""
        probes = {(t, r): sorted({p for v in vs for p in probe_forms(v, schema.rule(r))})
                  for (t, r), vs in self.in_play.items()
                  if t not in self.rest or schema.locks_table_name(t) not in self.rest}
        lock_keys = [(schema.locks_table_name(t), schema.stored_lock_key(schema.rule(r), p))
                     for (t, r), ps in probes.items() for p in ps]
        for ident, item in source.items(lock_keys).items():
            if ident not in self.before:  # the write leaves it as it is
                self.before[ident] = self.after[ident] = item
        for (table, rule_name), forms in sorted(probes.items()):
            rule = schema.rule(rule_name)
            # The spellings accounts store, for a lookup by the stored attribute (a scoped form's
            # value part: the engine pairs the accounts found by their scope).
            raw = {rule.value_part(f) for f in forms}
            for account in self._touched_accounts(table):
                text = protected_text(account.get(rule.attribute))
                if text and rule.held_form(account) in forms:
                    raw.add(text)
            found = source.holders(table, rule, raw, forms)
            mine = self.others.setdefault(table, {})
            for acct, item in found.items():
                if (table, acct) not in self.accounts_before:
                    mine[acct] = {**mine.get(acct, {}), **item}

    def _touched_accounts(self, table: str) -> Iterable[Mapping[str, Any]]:
        for (t, _a), item in (*self.accounts_before.items(), *self.accounts_after.items()):
            if t == table and isinstance(item, Mapping):
                yield item

    def tables(self) -> list[str]:
        return sorted({t for t, _r in self.in_play} | {t for t, _a in self.accounts_before})

    def items(self, table: str, *, after: bool) -> list[dict[str, Any]]:
        """Every item of ``table`` as the engine is fed it (one whose Update's effect cannot be
        computed stands as it was: ``blind`` names the rules it leaves unpredictable)."""
        state = self.after if after else self.before
        out: list[dict[str, Any]] = []
        for ident, item in state.items():
            if ident[0] != table:
                continue
            if item is UNKNOWN:
                item = self.before.get(ident) or self.keys.get(ident)
            if item is not None:
                out.append(item)
        out.extend(self.rest.get(table, {}).values())
        out.extend(self.others.get(table, {}).values())
        return out


# ------------------------------------------------------------------ the engine, before and after


@dataclass
class _Verdict:
    """One table's findings before and after, and what the transaction changes in them."""

    before: list[Finding]
    after: list[Finding]
    forms_before: Forms
    forms_after: Forms
    changes: list[compare.Change]
    unknown: dict[str, tuple[int, str]]  # rule -> why its values after cannot be judged
    #: (rule, value) -> the breaking statuses the transaction creates on it
    breaks: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _verdict(source: Source, schema: UniquenessSchema, world: _World, table: str,
             now: datetime) -> _Verdict:
    info = source.tables.get(table)
    ttl = info.expiry_attribute if info is not None else None
    items_before, items_after = world.items(table, after=False), world.items(table, after=True)
    lock_table = schema.locks_table_name(table)
    # The locks in a table of their own are paired across the two.
    locks_before, locks_after = ((world.items(lock_table, after=False), world.items(lock_table, after=True))
                                 if lock_table != table else ([], []))
    lock_info = source.tables.get(lock_table)
    blind = [s for (t, _k), rules in world.blind.items() if t in (table, lock_table) for s in rules.items()]
    findings = []
    for items, lock_items in ((items_before, locks_before), (items_after, locks_after)):
        pairing = pair_tables(schema, items, lock_items, accounts_ttl=ttl, now=now,
                              locks_ttl=lock_info.expiry_attribute if lock_info is not None else None)
        findings.append(pairing.findings())
    scope = compare.Scope(accounts={a for t, a in world.accounts_before if t == table},
                          locks={compare.lock_id(k) for (t, _k), k in world.keys.items()
                                 if t in (table, lock_table) and schema.match_lock(k) is not None})
    for (t, rule_name), values in world.in_play.items():
        if t == table:
            for value in values:
                scope.add(schema.rule(rule_name), value)
    verdict = _Verdict(findings[0], findings[1], compare.forms(schema, items_before, locks_before),
                       compare.forms(schema, items_after, locks_after),
                       compare.changes(findings[0], findings[1], scope, schema),
                       dict(reversed(blind)))  # the first blind read wins
    for change in verdict.changes:
        if change.breaking and change.after.rule is not None and change.after.value is not None:
            verdict.breaks.setdefault((change.after.rule, change.after.value), []).append(change.status)
    # The lock of a spelling an account keeps, deleted inside a clash: the audit folds it, but
    # nothing guards that exact spelling any more.
    for rule_value_pair in compare.exposed(verdict.forms_before, verdict.forms_after, scope.values,
                                           verdict.breaks):
        verdict.breaks.setdefault(rule_value_pair, []).append(MISSING_LOCK)
    return verdict


def _shown(world: _World, verdicts: Mapping[str, _Verdict]) -> list[tuple[str, str, str]]:
    """(table, rule, value) of each pair line: the values in play, and each value a new
    breaking finding names (a missing lock a clash hid until the transaction ended it)."""
    out = {(t, r, v) for (t, r), values in world.in_play.items() for v in values}
    out.update((t, rule, value) for t, verdict in verdicts.items() for rule, value in verdict.breaks)
    return sorted(out)


def _pair(schema: UniquenessSchema, verdict: _Verdict, rule_name: str, value: str) -> Pair:
    """One value's holders and lock before and after, with the engine's status for each."""
    rule = schema.rule(rule_name)
    lock_key = schema.stored_lock_key(rule, value)  # values are lock spellings
    held_before, locked_before = verdict.forms_before[rule.name].get(value, ((), False))
    held_after, locked_after = verdict.forms_after[rule.name].get(value, ((), False))
    status_before = compare.value_status(verdict.before, rule, value, bool(held_before or locked_before))
    status_after = compare.value_status(verdict.after, rule, value, bool(held_after or locked_after))
    breaks = verdict.breaks.get((rule.name, value), ())
    present_after = bool(held_after or locked_after)
    warns = any(not c.breaking and compare.about([c.after], rule, value, present_after)
                for c in verdict.changes)
    clash_with: tuple[str, ...] = ()
    group = next((f for f in compare.about(verdict.after, rule, value, present_after)
                  if f.status == status_after and f.status in (CASE_CLASH, LOOKALIKE_CLASH)), None)
    if group is not None and group.value is not None:
        members = compare.holders_by_form(verdict.forms_after[rule.name], rule, group.status, group.value)
        clash_with = tuple(m for m in members if m != value)
    if rule.name in verdict.unknown:
        status_after = UNPREDICTABLE
    else:
        symptom = compare.folded(pair_status(held_before, locked_before),
                                 pair_status(held_after, locked_after), status_after)
        if symptom is not None and symptom not in breaks:  # refused (``compare.exposed``): no note
            verdict.notes.append(_folded_note(rule.name, value, lock_key, schema, symptom, held_after,
                                              clash_with))
    reserved = (compare.reserved_until(verdict.before, rule, value),
                compare.reserved_until(verdict.after, rule, value))
    return Pair(rule.name, value, lock_key, string_value(lock_key.get(schema.lock_pk_name), ""),
                held_before, held_after,
                locked_before, locked_after, status_before, status_after, breaks=bool(breaks),
                warns=warns, clash_with=clash_with, reserved=reserved)


def _folded_note(rule: str, value: str, lock_key: dict[str, Any], schema: UniquenessSchema, symptom: str,
                 holders: Sequence[str], others: Sequence[str]) -> str:
    """Says what the audit counts as part of a case clash instead of a missing or orphan lock."""
    lock = visible_value(str(string_value(lock_key.get(schema.lock_pk_name))))
    held = ", ".join(map(visible_value, holders))
    what = (f"{held} would hold {rule} {visible_value(value)} without its own lock {lock}"
            if symptom == MISSING_LOCK else f"Lock {lock} would be held by no account")
    label = LABELS[symptom].lower()
    return (f"{what}: the audit reports this as part of the case or normalisation clash with "
            f"{', '.join(map(visible_value, others)) or 'another spelling'}, not as "
            f"{'an' if label[:1] in 'aeiou' else 'a'} {label}, so it is not refused.")
