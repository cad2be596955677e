"""The operations of a schema, derived from the builder's templates
(``dynoview.core.tx.templates``), so the generated transactions are the templates' transactions.

Each template runs on *probe* values (``probe``): every parameter is a sentinel string no
schema text holds, the template builds its request, and every string of that request is split
where sentinels appear into literal text and parameter slots. Where the template normalised a
value the sentinel comes back lower-cased (every rule is probed as lowercasing), so the
generated code applies the rule's real normalisation at exactly those places.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
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


def _check_schema(schema: UniquenessSchema) -> None:
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


def build_model(schema: UniquenessSchema, table: str,
                only: tuple[str, str | None] | None = None, lacking: tuple[str, ...] = (),
                info: TableInfo | None = None) -> CodeModel:
    """The operations of ``schema`` on ``table``: sign up, and per rule change, claim, release
    and resolve, plus delete account. ``only=(template, rule)`` keeps one operation;
    ``lacking``: the rules whose value the deleted account lacks (its delete takes no value
    for them, and requires it still lacks them); ``info``: the table's description, whose
    indexes tell which values are index keys (``index_key``)."""
    _check_schema(schema)
    words = rule_words([r.name for r in schema.rules])
    rules = tuple(RuleInfo(r.name, w, r.attribute, r.normalisation,
                           *(index_key(r, info) or (None, MAX_PARTITION_KEY_BYTES)))
                  for r, w in zip(schema.rules, words, strict=True))
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
            operations.append(_sign_up(schema, rules) if template == SIGN_UP else
                              _delete(schema, rules, lacking))
        else:
            operations.append(_PER_RULE[template](schema, rules, lock_rule))
    return CodeModel(table, rules, tuple(operations), (schema.pk_name, schema.sk_name),
                     (schema.lock_pk_name, schema.lock_sk_name))


def _table_param() -> Param:
    return Param(("table", "name"), TABLE, defaulted=True)


def _for_rule(steps: tuple[Step, ...], rule: LockRule) -> tuple[Step, ...]:
    """Failures that name no field name the operation's rule (the account changed *its* value)."""
    return tuple(s if s.failure.rule is not None else
                 dataclasses.replace(s, failure=dataclasses.replace(s.failure, rule=rule.name))
                 for s in steps)


def _words(rules: tuple[RuleInfo, ...], rule: LockRule) -> Words:
    return next(r.words for r in rules if r.name == rule.name)


def _steps(schema: UniquenessSchema, probe: Probe, template: str, tx: Transaction) -> tuple[Step, ...]:
    return tuple(Step(probe.data(action.to_request()), _failure(schema, probe, template, action),
                      template == SIGN_UP and action.kind == PUT and schema.is_account(action.item))
                 for action in tx.actions)


def _failure(schema: UniquenessSchema, probe: Probe, template: str, action: Action) -> Failure:
    """What ConditionalCheckFailed on this action means (as ``cancellation.explain_reason``
    reads it): a lock Put met a holder; a lock to delete or check is gone; the account key is in
    use; the former owner still holds the value; or the account changed."""
    target = action.item if action.kind == PUT else action.key
    key = {k: target[k] for k in schema.key_names if k in target}
    lock = schema.match_lock(key)
    if lock is not None:
        values = probe.slot_params(key)
        value = values[0] if values else None
        return Failure(TAKEN if action.kind == PUT else LOCK_MISSING, lock[0].name, value, None)
    accounts = probe.slot_params(key)
    account = accounts[0] if accounts else None
    if action.kind == PUT:
        return Failure(ACCOUNT_EXISTS, None, None, account)
    if template == RELEASE_ORPHAN_LOCK:
        return Failure(STILL_HELD, None, None, account)  # its value: the lock's (``_release``)
    return Failure(ACCOUNT_CHANGED, None, None, account)


def _sign_up(schema: UniquenessSchema, rules: tuple[RuleInfo, ...]) -> Operation:
    probe = Probe(schema)
    table = _table_param()
    account = Param(("account", "id"), ACCOUNT_ID, defaulted=True)
    values = [Param(_words(rules, r), NEW, r.name) for r in schema.rules]
    attributes = Param(("attributes",), ATTRIBUTES, defaulted=True)
    table_value, account_value = probe.value(table), probe.value(account)
    item = sign_up_account(schema, account_value, {p.rule or "": probe.value(p) for p in values})
    tx = templates.sign_up(probe_schema(schema), table_value, item)
    steps = _steps(schema, probe, SIGN_UP, tx)
    return Operation(SIGN_UP, ("sign", "up"), None, (account, *values, attributes, table),
                     (Variant(False, steps),),
                     "Create an account holding these values, with one lock per value.",
                     returns_account_id=True)


def _account_item(schema: UniquenessSchema, account_value: str,
                  held: Mapping[str, str]) -> dict[str, Any]:
    item = account_key(schema, account_value)
    for attribute, value in held.items():
        item[attribute] = {"S": value}
    return item


def _change(schema: UniquenessSchema, rules: tuple[RuleInfo, ...], rule: LockRule) -> Operation:
    words = _words(rules, rule)
    table, account = _table_param(), Param(("account", "id"), ACCOUNT_ID)
    current = Param(("current", *words), HELD, rule.name, optional=True)
    new = Param(("new", *words), NEW, rule.name)
    variants = []
    # The third case is a new spelling of the current value (same lock key): the template
    # then keeps the lock and updates the account alone.
    for with_current, respelled in ((False, False), (True, False), (True, True)):
        probe = Probe(schema)
        table_value, account_value = probe.value(table), probe.value(account)
        current_value = probe.value(current)
        new_value = probe.spelling(current_value, new) if respelled else probe.value(new)
        held = {rule.attribute: current_value} if with_current else {}
        tx = templates.change_value(probe_schema(schema), table_value,
                                    _account_item(schema, account_value, held), rule.name, new_value)
        # The account's guard fails when it no longer holds the value the caller gave.
        variants.append(Variant(with_current, _for_rule(_steps(schema, probe, CHANGE_VALUE, tx), rule)))
    return Operation(CHANGE_VALUE, ("change", *words), rule.name, (account, current, new, table),
                     tuple(variants[:2]),
                     "Move the account to a new value: new lock, old lock released, account "
                     "updated only while it holds the current value (None: it has none). A new "
                     "spelling with the same lock key keeps the lock and updates the account.",
                     distinct=(current.key, new.key), respelled=variants[2].steps)


def _delete(schema: UniquenessSchema, rules: tuple[RuleInfo, ...], lacking: tuple[str, ...]) -> Operation:
    probe = Probe(schema)
    table, account = _table_param(), Param(("account", "id"), ACCOUNT_ID)
    # A rule the account lacks has no parameter: the template guards on it staying absent.
    held_rules = [r for r in schema.rules if r.name not in lacking]
    values = [Param(_words(rules, r), HELD, r.name) for r in held_rules]
    table_value, account_value = probe.value(table), probe.value(account)
    held = {r.attribute: probe.value(p) for r, p in zip(held_rules, values, strict=True)}
    tx = templates.delete_account(probe_schema(schema), table_value,
                                  _account_item(schema, account_value, held))
    return Operation(DELETE_ACCOUNT, ("delete", "account"), None, (account, *values, table),
                     (Variant(False, _steps(schema, probe, DELETE_ACCOUNT, tx)),),
                     "Delete the account and the lock of every value it holds, only while it "
                     "still holds these values.")


def _claim(schema: UniquenessSchema, rules: tuple[RuleInfo, ...], rule: LockRule) -> Operation:
    words = _words(rules, rule)
    probe = Probe(schema)
    table, account = _table_param(), Param(("account", "id"), ACCOUNT_ID)
    value = Param(words, HELD, rule.name)
    table_value, account_value, held = probe.value(table), probe.value(account), probe.value(value)
    tx = templates.claim_missing_lock(probe_schema(schema), table_value,
                                      _account_item(schema, account_value, {rule.attribute: held}),
                                      rule.name)
    steps = _for_rule(_steps(schema, probe, CLAIM_MISSING_LOCK, tx), rule)
    return Operation(CLAIM_MISSING_LOCK, ("claim", *words, "lock"), rule.name,
                     (account, value, table), (Variant(False, steps),),
                     "Write the missing lock of a value the account holds, only while it holds it.")


def _release(schema: UniquenessSchema, rules: tuple[RuleInfo, ...], rule: LockRule) -> Operation:
    words = _words(rules, rule)
    table, value = _table_param(), Param(words, STORED, rule.name)
    owner = Param(("former", "owner", "id"), ACCOUNT_ID, optional=True)
    # The value read from the owner: no parameter, the generated code puts it in whole (``Read``).
    read = Param(("owner", "value"), HELD, rule.name)
    probe = Probe(schema)
    table_value, stored, owner_id = probe.value(table), probe.value(value), probe.value(owner)
    lock = schema.stored_lock_key(rule, stored)
    if schema.match_lock(lock) != (rule, stored):
        raise CodegenError(f"A {rule.name} lock is read as another rule's lock: give each rule "
                           "a prefix that no other rule's prefix starts with.")
    key = account_key(schema, owner_id)

    def steps(owner_read: templates.OwnerRead | None) -> tuple[Step, ...]:
        tx = templates.release_orphan_lock(probe_schema(schema), table_value, lock, owner_read)
        # A failed owner check reports the lock's value (not the value read).
        return tuple(dataclasses.replace(s, request=_read_whole(s.request, read.key),
                                         failure=dataclasses.replace(s.failure, value=value.key))
                     if s.failure.kind == STILL_HELD else s
                     for s in _for_rule(_steps(schema, probe, RELEASE_ORPHAN_LOCK, tx), rule))

    cases = [steps(templates.OwnerRead(key, item)) for item in
             (None, key, {**key, rule.attribute: {"S": probe.value(read)}})]
    owner_read = OwnerRead(probe.data(key), rule.attribute, rule.name, value.key, owner.key, *cases)
    variants = (Variant(False, steps(None)), Variant(True, cases[2], owner_read))
    return Operation(RELEASE_ORPHAN_LOCK, ("release", *words, "lock"), rule.name,
                     (value, owner, table), variants,
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


def _resolve(schema: UniquenessSchema, rules: tuple[RuleInfo, ...], rule: LockRule) -> Operation:
    words = _words(rules, rule)
    table = _table_param()
    keep, other = Param(("keep", "account", "id"), ACCOUNT_ID), Param(("other", "account", "id"), ACCOUNT_ID)
    shared = Param(words, HELD, rule.name)
    # The other account may spell the value otherwise ("Ada@x.io" beside "ada@x.io" under a
    # lowercasing rule): its guard compares its own spelling.
    theirs = Param(("other", *words), HELD, rule.name, holder=other.key)
    new = Param(("new", *words), NEW, rule.name, optional=True)
    variants = []
    for with_new in (False, True):
        probe = Probe(schema)
        table_value, keep_value, other_value = probe.value(table), probe.value(keep), probe.value(other)
        shared_value = probe.value(shared)
        new_value = probe.value(new) if with_new else None
        tx = templates.resolve_duplicate(
            probe_schema(schema), table_value,
            _account_item(schema, keep_value, {rule.attribute: shared_value}),
            _account_item(schema, other_value, {rule.attribute: probe.spelling(shared_value, theirs)}),
            rule.name, new_value)
        variants.append(Variant(with_new, _for_rule(_steps(schema, probe, RESOLVE_DUPLICATE, tx), rule)))
    used = {s.param for v in variants for step in v.steps for s in slots(step.request)}
    params = tuple(p for p in (keep, other, shared, theirs, new, table)
                   if p is not theirs or theirs.key in used)
    return Operation(RESOLVE_DUPLICATE, ("resolve", "duplicate", *words), rule.name, params,
                     tuple(variants),
                     "Two accounts hold one value: the kept one keeps it, the other gets the new "
                     "value (with its lock) or loses it (None). Each is guarded on the spelling it "
                     "holds.")


_PER_RULE: dict[str, Callable[[UniquenessSchema, tuple[RuleInfo, ...], LockRule], Operation]] = {
    CHANGE_VALUE: _change, CLAIM_MISSING_LOCK: _claim, RELEASE_ORPHAN_LOCK: _release,
    RESOLVE_DUPLICATE: _resolve,
}
