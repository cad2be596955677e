"""The operations of a schema, derived from the builder's templates
(``dynoview.core.tx.templates``), so the generated transactions are the templates' transactions.

Each template runs on *probe* values (``probe``): every parameter is a sentinel string no
schema text holds, the template builds its request, and every string of that request is split
where sentinels appear into literal text and parameter slots. Where the template normalised a
value the sentinel comes back lower-cased (every rule is probed as lowercasing), so the
generated code applies the rule's real normalisation at exactly those places. A schema whose
locks have a table of their own is probed with that table's name as a parameter too
(``locks_table_name``), so a call for a stage's copy moves the locks with the accounts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.codegen.model import (
    ACCOUNT_CHANGED,
    ACCOUNT_EXISTS,
    ACCOUNT_ID,
    ATTRIBUTES,
    CHANGE_VALUE,
    CLAIM_MISSING_LOCK,
    DELETE_ACCOUNT,
    HELD,
    LOCK_MISSING,
    LOCKS_TABLE,
    NEW,
    RAW,
    RELEASE_ORPHAN_LOCK,
    RESOLVE_DUPLICATE,
    SIGN_UP,
    STILL_HELD,
    STORED,
    TABLE,
    TAKEN,
    CodegenError,
    CodeModel,
    Failure,
    Operation,
    OwnerRead,
    Param,
    Read,
    RuleInfo,
    Slot,
    Step,
    Text,
    Variant,
    slots,
)
from dynoview.core.codegen.names import Words, rule_words
from dynoview.core.codegen.probe import Probe, probe_schema
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.core.tx.template_inputs import account_key, sign_up_account
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES


def _check_schema(schema: UniquenessSchema, table: str) -> None:
    if not schema.rules:
        raise CodegenError("The schema has no rules: add one rule per protected attribute, then "
                           "generate the code.")
    if schema.sk_name and schema.account_sk_value is None:
        raise CodegenError("The schema's accounts have no fixed sort key (account_sk_value is "
                           f"null while the table sorts on {schema.sk_name}): generated functions "
                           "find an account from its id alone. Set account_sk_value (e.g. PROFILE).")
    scoped = next((r for r in schema.rules if r.scope is not None), None)
    if scoped is not None:  # the functions take no scope: their markers would be in the wrong one
        raise CodegenError(f"The {scoped.name} rule is unique per scope ({scoped.scope}), and generated "
                           "code does not fill scopes yet: use the builder's templates for this schema.")
    by_attribute: dict[str, str] = {}
    for rule in schema.rules:
        # One value per rule: a second rule on an attribute would lock another value than the
        # account holds (the builder locks the attribute's one value under each rule).
        first = by_attribute.setdefault(rule.attribute, rule.name)
        if first != rule.name:
            raise CodegenError(f"The {first} and {rule.name} rules both protect attribute "
                               f"{rule.attribute}, and generated code takes one value per rule: use "
                               "the builder's templates for this schema, or give each rule an "
                               "attribute of its own.")
    locks = schema.locks
    # Locks said to be in the table itself are beside its accounts (``--locks-table`` naming
    # ``--table``); otherwise the table named is the locks' own, not the accounts'.
    if locks is not None and locks.name == table and locks.accounts_table != table:
        accounts = locks.accounts_table or "the table holding its accounts"
        raise CodegenError(f"Table {table} holds the schema's locks, and its accounts are in "
                           f"another table: generate the code for {accounts} (its functions write "
                           f"the locks to {table}).")


# --------------------------------------------------------------------------- operations


def index_key(rule: LockRule, info: TableInfo | None) -> tuple[str, int] | None:
    """(index, bytes): the index whose key holds the account's value as given, and that key's
    limit, when one does. Of the table's indexes keyed on the rule's attribute, the tightest (a
    sort key holds 1,024 bytes, a partition key 2,048), the schema's own index first among
    equals. Without the table's description, the GSI the schema names, as the partition key it
    is meant to be keyed on."""
    if info is None:
        return (rule.index_name, MAX_PARTITION_KEY_BYTES) if rule.index_name else None
    keyed = [(idx.name, MAX_PARTITION_KEY_BYTES if idx.partition_key.name == rule.attribute
              else MAX_SORT_KEY_BYTES) for idx in info.indexes
             if rule.attribute in (idx.partition_key.name, idx.sort_key.name if idx.sort_key else None)]
    return min(keyed, key=lambda k: (k[1], k[0] != rule.index_name), default=None)


@dataclass(frozen=True)
class _Build:
    """What every operation is derived with."""

    schema: UniquenessSchema
    rules: tuple[RuleInfo, ...]
    #: ``locks_table_name``, when the locks have a table of their own (None: they are in
    #: ``table_name``'s, as in the article)
    locks: Param | None
    #: the held parameters (``Param.key``) whose value the account holds as a number (N)
    numbers: frozenset[str]
    #: resolve: whether a lock holds the duplicated value (False: the kept account claims it)
    kept_lock: bool = True

    def probed(self, probe: Probe, table_value: str) -> tuple[UniquenessSchema, str]:
        """The schema the template runs on (``probe_schema``), its locks table a sentinel too,
        and the (probed) name of the table its locks are written to."""
        probed = probe_schema(self.schema)
        if self.schema.locks is None:
            return probed, table_value
        locks = table_value if self.locks is None else probe.value(self.locks)
        return dataclasses.replace(probed, locks=dataclasses.replace(self.schema.locks, name=locks)), locks

    def table_params(self) -> tuple[Param, ...]:
        return (Param(("table", "name"), TABLE, defaulted=True),
                *((self.locks,) if self.locks is not None else ()))

    def held(self, param: Param, value: str) -> dict[str, str]:
        """A held value as the account stores it: a number (N) or a string (S)."""
        return {"N" if param.key in self.numbers else "S": value}


def build_model(schema: UniquenessSchema, table: str,
                only: tuple[str, str | None] | None = None,
                lacking: Mapping[str, Any] | None = None, info: TableInfo | None = None,
                numbers: frozenset[str] = frozenset(), *, kept_lock: bool = True) -> CodeModel:
    """The operations of ``schema`` on ``table``: sign up, and per rule change, claim, release
    and resolve, plus delete account. ``only=(template, rule)`` keeps one operation;
    ``lacking``: by rule name, what the deleted account holds where it holds no value of that
    rule: None (nothing), or an attribute value that is no protected value (``""``); its
    delete takes no parameter for the rule and requires that unchanged; ``info``: the table's
    description, whose indexes tell which values are index keys (``index_key``);
    ``numbers``: the held parameters (``Param.key``) whose value the account holds as a number
    (N), which the requests then carry as N (as the templates do); ``kept_lock=False``: the
    duplicated value has no lock, so resolve claims the kept account's lock (a guarded Put)
    instead of checking that it exists, which would cancel every call (``resolve_duplicate``).

    A schema whose locks are in a table of their own (``schema.locks``) gives every function
    that touches a lock ``locks_table_name`` too: left out, that table, but only beside the
    default ``table_name`` (a call for a stage's copy passes both). Locks said to be in
    ``table`` itself are written to ``table_name``, with the accounts."""
    _check_schema(schema, table)
    words = rule_words([r.name for r in schema.rules])
    rules = tuple(RuleInfo(r.name, w, r.attribute, r.normalisation,
                           *(index_key(r, info) or (None, MAX_PARTITION_KEY_BYTES)))
                  for r, w in zip(schema.rules, words, strict=True))
    separate = schema.locks is not None and schema.locks.name != table
    build = _Build(schema, rules, Param(("locks", "table", "name"), LOCKS_TABLE, defaulted=True)
                   if separate else None, numbers, kept_lock)
    wanted: list[tuple[str, LockRule | None]] = [(SIGN_UP, None)]
    wanted += [(CHANGE_VALUE, r) for r in schema.rules]
    wanted.append((DELETE_ACCOUNT, None))
    for r in schema.rules:
        wanted += [(CLAIM_MISSING_LOCK, r), (RELEASE_ORPHAN_LOCK, r), (RESOLVE_DUPLICATE, r)]
    if only is not None:
        wanted = [(t, r) for t, r in wanted if (t, r.name if r else None) == only]
        if not wanted:
            raise CodegenError(f"There is no {only[0]} operation for rule {only[1]!r} in this schema.")
    operations = []
    for template, lock_rule in wanted:
        if lock_rule is None:
            operations.append(_sign_up(build) if template == SIGN_UP else
                              _delete(build, lacking or {}))
        else:
            operations.append(_PER_RULE[template](build, lock_rule))
    if build.locks is not None:
        operations = [_locks_if_used(op, build.locks) for op in operations]
    return CodeModel(table, rules, tuple(operations), (schema.pk_name, schema.sk_name),
                     (schema.lock_pk_name, schema.lock_sk_name),
                     schema.locks.name if separate and schema.locks is not None else None)


def _locks_if_used(op: Operation, locks: Param) -> Operation:
    """``op`` without ``locks_table_name`` when none of its requests writes to the locks
    (a delete of an account holding no value)."""
    steps = [*(op.respelled or ())]
    for v in op.variants:
        steps += [*v.steps, *((*v.read.absent, *v.read.lacking) if v.read is not None else ())]
    if any(s.param == locks.key for step in steps for s in slots(step.request)):
        return op
    return dataclasses.replace(op, params=tuple(p for p in op.params if p is not locks))


def _for_rule(steps: tuple[Step, ...], rule: LockRule) -> tuple[Step, ...]:
    """Failures that name no field name the operation's rule (the account changed *its* value)."""
    return tuple(s if s.failure.rule is not None else
                 dataclasses.replace(s, failure=dataclasses.replace(s.failure, rule=rule.name))
                 for s in steps)


def _held_locks(steps: tuple[Step, ...], held: tuple[Param, ...]) -> tuple[Step, ...]:
    """The steps with each lock action on a value the account holds now marked (``Step.held``):
    the templates leave it out where no lock can exist (``template_releases``: a value the rule
    empties, or whose key is too long), and so does the generated code, at run time."""
    keys = {p.key for p in held}
    return tuple(dataclasses.replace(s, held=s.failure.value)
                 if s.failure.kind in (TAKEN, LOCK_MISSING) and s.failure.value in keys else s
                 for s in steps)


def _words(rules: tuple[RuleInfo, ...], rule: LockRule) -> Words:
    return next(r.words for r in rules if r.name == rule.name)


def _steps(schema: UniquenessSchema, probe: Probe, template: str, tx: Transaction,
           locks_table: str) -> tuple[Step, ...]:
    """The template's actions as steps; ``locks_table``: the (probed) table its locks are in."""
    return tuple(Step(probe.data(action.to_request()),
                      _failure(schema, probe, template, action, locks_table),
                      template == SIGN_UP and action.kind == PUT and schema.is_account(action.item))
                 for action in tx.actions)


def _failure(schema: UniquenessSchema, probe: Probe, template: str, action: Action,
             locks_table: str) -> Failure:
    """What ConditionalCheckFailed on this action means (as ``cancellation.explain_reason``
    reads it): a lock Put met a holder; a lock to delete or check is gone; the account key is in
    use; the former owner still holds the value; or the account changed. Only an action on the
    locks' table is a lock's, keyed by the locks' key names."""
    target = action.item if action.kind == PUT else action.key
    lock_key = {k: target[k] for k in schema.lock_key_names if k in target}
    lock = schema.match_lock(lock_key) if action.table == locks_table else None
    if lock is not None:
        values = probe.slot_params(lock_key)
        value = values[0] if values else None
        return Failure(TAKEN if action.kind == PUT else LOCK_MISSING, lock[0].name, value, None)
    key = {k: target[k] for k in schema.key_names if k in target}
    accounts = probe.slot_params(key)
    account = accounts[0] if accounts else None
    if action.kind == PUT:
        return Failure(ACCOUNT_EXISTS, None, None, account)
    if template == RELEASE_ORPHAN_LOCK:
        return Failure(STILL_HELD, None, None, account)  # its value: the lock's (``_release``)
    return Failure(ACCOUNT_CHANGED, None, None, account)


def _sign_up(build: _Build) -> Operation:
    schema, rules = build.schema, build.rules
    probe = Probe(schema)
    table, *locks = build.table_params()
    account = Param(("account", "id"), ACCOUNT_ID, defaulted=True)
    values = [Param(_words(rules, r), NEW, r.name) for r in schema.rules]
    attributes = Param(("attributes",), ATTRIBUTES, defaulted=True)
    table_value, account_value = probe.value(table), probe.value(account)
    probed, locks_value = build.probed(probe, table_value)
    item = sign_up_account(schema, account_value, {p.rule or "": probe.value(p) for p in values})
    tx = templates.sign_up(probed, table_value, item)
    steps = _steps(schema, probe, SIGN_UP, tx, locks_value)
    return Operation(SIGN_UP, ("sign", "up"), None, (account, *values, attributes, table, *locks),
                     (Variant(False, steps),),
                     "Create an account holding these values, with one lock per value.",
                     returns_account_id=True)


def _account_item(schema: UniquenessSchema, account_value: str,
                  held: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The account's item: its key and ``held``, attribute values by attribute name."""
    return {**account_key(schema, account_value), **held}


def _change(build: _Build, rule: LockRule) -> Operation:
    schema, words = build.schema, _words(build.rules, rule)
    (table, *locks), account = build.table_params(), Param(("account", "id"), ACCOUNT_ID)
    current = Param(("current", *words), HELD, rule.name, optional=True)
    new = Param(("new", *words), NEW, rule.name)
    variants = []
    # The third case is a new spelling of the current value (same lock key): the template
    # then keeps the lock and updates the account alone.
    for with_current, respelled in ((False, False), (True, False), (True, True)):
        probe = Probe(schema)
        table_value, account_value = probe.value(table), probe.value(account)
        probed, locks_value = build.probed(probe, table_value)
        current_value = probe.value(current)
        new_value = probe.spelling(current_value, new) if respelled else probe.value(new)
        held = {rule.attribute: {"S": current_value}} if with_current else {}
        tx = templates.change_value(probed, table_value,
                                    _account_item(schema, account_value, held), rule.name, new_value)
        # The account's guard fails when it no longer holds the value the caller gave.
        variants.append(Variant(with_current, _held_locks(_for_rule(
            _steps(schema, probe, CHANGE_VALUE, tx, locks_value), rule), (current,))))
    return Operation(CHANGE_VALUE, ("change", *words), rule.name,
                     (account, current, new, table, *locks),
                     tuple(variants[:2]),
                     "Move the account to a new value: new lock, old lock released, account "
                     "updated only while it holds the current value (None: it has none). A new "
                     "spelling with the same lock key keeps the lock and updates the account.",
                     distinct=(current.key, new.key), respelled=variants[2].steps)


def _delete(build: _Build, lacking: Mapping[str, Any]) -> Operation:
    schema = build.schema
    probe = Probe(schema)
    (table, *locks), account = build.table_params(), Param(("account", "id"), ACCOUNT_ID)
    # A rule the account lacks has no parameter: the template guards on it staying absent, or
    # on the attribute it holds there (no protected value, e.g. "") staying as it is.
    held_rules = [r for r in schema.rules if r.name not in lacking]
    values = [Param(_words(build.rules, r), HELD, r.name) for r in held_rules]
    table_value, account_value = probe.value(table), probe.value(account)
    probed, locks_value = build.probed(probe, table_value)
    held = {r.attribute: build.held(p, probe.value(p)) for r, p in zip(held_rules, values, strict=True)}
    held |= {schema.rule(name).attribute: av for name, av in lacking.items() if av is not None}
    tx = templates.delete_account(probed, table_value, _account_item(schema, account_value, held))
    return Operation(DELETE_ACCOUNT, ("delete", "account"), None, (account, *values, table, *locks),
                     (Variant(False, _held_locks(_steps(schema, probe, DELETE_ACCOUNT, tx, locks_value),
                                                 tuple(values))),),
                     "Delete the account and the lock of every value it holds, only while it "
                     "still holds these values.")


def _claim(build: _Build, rule: LockRule) -> Operation:
    schema, words = build.schema, _words(build.rules, rule)
    probe = Probe(schema)
    (table, *locks), account = build.table_params(), Param(("account", "id"), ACCOUNT_ID)
    value = Param(words, HELD, rule.name)
    table_value, account_value, held = probe.value(table), probe.value(account), probe.value(value)
    probed, locks_value = build.probed(probe, table_value)
    item = _account_item(schema, account_value, {rule.attribute: build.held(value, held)})
    tx = templates.claim_missing_lock(probed, table_value, item, rule.name)
    steps = _for_rule(_steps(schema, probe, CLAIM_MISSING_LOCK, tx, locks_value), rule)
    return Operation(CLAIM_MISSING_LOCK, ("claim", *words, "lock"), rule.name,
                     (account, value, table, *locks), (Variant(False, steps),),
                     "Write the missing lock of a value the account holds, only while it holds it.")


def _release(build: _Build, rule: LockRule) -> Operation:
    schema, words = build.schema, _words(build.rules, rule)
    (table, *locks), value = build.table_params(), Param(words, STORED, rule.name)
    owner = Param(("former", "owner", "id"), ACCOUNT_ID, optional=True)
    # The value read from the owner: no parameter, the generated code puts it in whole (``Read``).
    read = Param(("owner", "value"), HELD, rule.name)
    probe = Probe(schema)
    table_value, stored, owner_id = probe.value(table), probe.value(value), probe.value(owner)
    probed, locks_value = build.probed(probe, table_value)
    lock = schema.stored_lock_key(rule, stored)
    if schema.match_lock(lock) != (rule, stored):
        raise CodegenError(f"A {rule.name} lock is read as another rule's lock: give each rule "
                           "a prefix that no other rule's prefix starts with.")
    key = account_key(schema, owner_id)

    def steps(owner_read: templates.OwnerRead | None) -> tuple[Step, ...]:
        tx = templates.release_orphan_lock(probed, table_value, lock, owner_read)
        # A failed owner check reports the lock's value (not the value read).
        return tuple(dataclasses.replace(s, request=_read_whole(s.request, read.key),
                                         failure=dataclasses.replace(s.failure, value=value.key))
                     if s.failure.kind == STILL_HELD else s
                     for s in _for_rule(_steps(schema, probe, RELEASE_ORPHAN_LOCK, tx, locks_value),
                                        rule))

    cases = [steps(templates.OwnerRead(key, item)) for item in
             (None, key, {**key, rule.attribute: {"S": probe.value(read)}})]
    owner_read = OwnerRead(probe.data(key), rule.attribute, rule.name, value.key, owner.key, *cases)
    variants = (Variant(False, steps(None)), Variant(True, cases[2], owner_read))
    return Operation(RELEASE_ORPHAN_LOCK, ("release", *words, "lock"), rule.name,
                     (value, owner, table, *locks), variants,
                     "Delete a lock no account holds, given its value as the lock stores it; with "
                     "the former owner's id, the owner is read first and the lock is released only "
                     "while that account does not hold the value, unchanged since the read.")


def _read_whole(value: Any, param: str) -> Any:
    """``value`` with the probed owner value (``{"S": <slot>}``) replaced by ``Read``: the
    generated code puts the value it read, whole, whatever its type."""
    if isinstance(value, Mapping):
        text = value.get("S")
        if len(value) == 1 and isinstance(text, Text) and text.parts == (Slot(param, RAW),):
            return Read()
        return {k: _read_whole(v, param) for k, v in value.items()}
    if isinstance(value, list):
        return [_read_whole(v, param) for v in value]
    return value


def _resolve(build: _Build, rule: LockRule) -> Operation:
    schema, words = build.schema, _words(build.rules, rule)
    table, *locks = build.table_params()
    keep, other = Param(("keep", "account", "id"), ACCOUNT_ID), Param(("other", "account", "id"), ACCOUNT_ID)
    shared = Param(words, HELD, rule.name)
    # The other account may spell the value otherwise ("Ada@x.io" beside "ada@x.io" under a
    # lowercasing rule): its guard compares its own spelling.
    theirs = Param(("other", *words), HELD, rule.name, holder=other.key)
    new = Param(("new", *words), NEW, rule.name, optional=True)
    variants = []
    # The other account's new value is written as a string: one holding a number has no new
    # value here (the template would write a number; ``template`` refuses that form).
    for with_new in (False, True) if theirs.key not in build.numbers else (False,):
        probe = Probe(schema)
        table_value, keep_value, other_value = probe.value(table), probe.value(keep), probe.value(other)
        probed, locks_value = build.probed(probe, table_value)
        shared_value = probe.value(shared)
        new_value = probe.value(new) if with_new else None
        tx = templates.resolve_duplicate(
            probed, table_value,
            _account_item(schema, keep_value, {rule.attribute: build.held(shared, shared_value)}),
            _account_item(schema, other_value, {rule.attribute: build.held(
                theirs, probe.spelling(shared_value, theirs))}),
            rule.name, new_value, kept_lock=build.kept_lock)
        variants.append(Variant(with_new, _held_locks(_for_rule(
            _steps(schema, probe, RESOLVE_DUPLICATE, tx, locks_value), rule), (shared,))))
    used = {s.param for v in variants for step in v.steps for s in slots(step.request)}
    params = tuple(p for p in (keep, other, shared, theirs, new, table, *locks)
                   if (p is not theirs or theirs.key in used) and (p is not new or len(variants) > 1))
    return Operation(RESOLVE_DUPLICATE, ("resolve", "duplicate", *words), rule.name, params,
                     tuple(variants),
                     "Two accounts hold one value: the kept one keeps it"
                     + ("" if build.kept_lock else " and gets its lock, which no one holds")
                     + ", the other gets the new value (with its lock) or loses it (None). Each is "
                     "guarded on the spelling it holds.")


_PER_RULE: dict[str, Callable[[_Build, LockRule], Operation]] = {
    CHANGE_VALUE: _change, CLAIM_MISSING_LOCK: _claim, RELEASE_ORPHAN_LOCK: _release,
    RESOLVE_DUPLICATE: _resolve,
}
