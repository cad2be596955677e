"""Transactions from the article, filled from the uniqueness schema and an item.

Every action is guarded: a lock is only created where none exists, only deleted
while it exists, and an account is only changed while it still holds the values
the user saw. Each builder returns a ``Transaction`` the user reviews in the
builder before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.expressions.builders import and_, comparison, or_
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.applicability import templates_for as templates_for  # re-exported
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.uniqueness.schema import (
    LockRule,
    UniquenessSchema,
    normalise,
    protected_text,
    string_value,
)

#: Optimistic guards compare at most this many attributes (expressions are capped at 4 KB).
MAX_GUARDED_ATTRIBUTES = 40


def _account_key(schema: UniquenessSchema, account: Mapping[str, Any]) -> dict[str, Any]:
    key = {schema.pk_name: account[schema.pk_name]}
    if schema.sk_name and schema.sk_name in account:
        key[schema.sk_name] = account[schema.sk_name]
    return key


def _action(kind: str, table: str, ph: Placeholders, *, condition: str = "", update: str = "",
            key: Mapping[str, Any] | None = None, item: Mapping[str, Any] | None = None,
            label: str = "", return_values: str = "NONE") -> Action:
    return Action(kind=kind, table=table, key=dict(key or {}), item=dict(item or {}), update=update,
                  condition=condition, names=ph.names, values=ph.values, label=label,
                  return_values=return_values)


def lock_put(schema: UniquenessSchema, table: str, rule: LockRule, value: str) -> Action:
    """Put a lock only where none exists: the article's ``attribute_not_exists(PK)`` guard.
    ``table`` is the accounts' table: a schema with a locks table of its own puts it there."""
    ph = Placeholders()
    cond = comparison(ph, schema.lock_pk_name, "attribute_not_exists", literal=True)
    return _action(PUT, schema.locks_table_name(table), ph, item=schema.lock_key(rule, value), condition=cond,
                   label=f"{rule.name} lock {value}", return_values="ALL_OLD")


def lock_delete(schema: UniquenessSchema, table: str, rule: LockRule, value: str, *,
                stored: bool = False) -> Action:
    """Delete a lock only while it exists, so a wrong key is reported, not silently ignored.

    ``stored=True``: ``value`` is spelled as the lock in the table stores it (a lock found
    there may predate the rule's normalisation), so its key is not normalised again.
    """
    ph = Placeholders()
    cond = comparison(ph, schema.lock_pk_name, "attribute_exists", literal=True)
    key = schema.stored_lock_key(rule, value) if stored else schema.lock_key(rule, value)
    return _action(DELETE, schema.locks_table_name(table), ph, key=key, condition=cond,
                   label=f"release {rule.name} lock {value}")


def _holds(ph: Placeholders, schema: UniquenessSchema, account: Mapping[str, Any],
           rules: list[LockRule]) -> str:
    """Condition: the account still holds each rule's current value (or still lacks it)."""
    parts = []
    for rule in rules:
        av = account.get(rule.attribute)
        if av is None:
            parts.append(comparison(ph, rule.attribute, "attribute_not_exists", literal=True))
        else:
            parts.append(comparison(ph, rule.attribute, "=", av, literal=True))
    return and_(*parts) or comparison(ph, schema.pk_name, "attribute_exists", literal=True)


def sign_up(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any]) -> Transaction:
    """Put the account and one lock per protected value, each Put guarded by attribute_not_exists.

    Action order is the account, then the locks in rule order, so a cancellation's
    slot tells which value is taken.
    """
    ph = Placeholders()
    cond = comparison(ph, schema.pk_name, "attribute_not_exists", literal=True)
    actions = [_action(PUT, table, ph, item=account_item, condition=cond, label="account")]
    for rule in schema.rules:
        value = string_value(account_item.get(rule.attribute))
        if value is not None:
            actions.append(lock_put(schema, table, rule, value))
    return Transaction(actions=actions)


def change_value(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any], rule_name: str,
                 new_value: str) -> Transaction:
    """Move a protected value: Put the new lock, Delete the old one, Update the account,
    the Update guarded on the value the account holds now."""
    rule = schema.rule(rule_name)
    old = string_value(account_item.get(rule.attribute))
    actions = [lock_put(schema, table, rule, new_value)]
    if old is not None and rule.lock_pk(old) != rule.lock_pk(new_value):
        actions.append(lock_delete(schema, table, rule, old))
    ph = Placeholders()
    name = ph.literal_name(rule.attribute)
    update = f"SET {name} = {ph.value({'S': new_value})}"
    cond = _holds(ph, schema, account_item, [rule])
    actions.append(_action(UPDATE, table, ph, key=_account_key(schema, account_item), update=update,
                           condition=cond, label=f"account {rule.name} {old} -> {new_value}",
                           return_values="ALL_OLD"))
    return Transaction(actions=actions)


def delete_account(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any]) -> Transaction:
    """Delete the account and every lock it holds, in one transaction, each guarded."""
    held = [r for r in schema.rules if string_value(account_item.get(r.attribute)) is not None]
    ph = Placeholders()
    cond = _holds(ph, schema, account_item, held)
    actions = [_action(DELETE, table, ph, key=_account_key(schema, account_item), condition=cond,
                       label="account", return_values="ALL_OLD")]
    for rule in held:
        value = string_value(account_item.get(rule.attribute))
        assert value is not None
        actions.append(lock_delete(schema, table, rule, value))
    return Transaction(actions=actions)


def release_orphan_lock(schema: UniquenessSchema, table: str, lock_key: Mapping[str, Any],
                        owner_key: Mapping[str, Any] | None = None) -> Transaction:
    """Delete a lock no account holds (a stuck signup or a stale lock after a change).

    Guarded by ``attribute_exists``; when an owner is known, a ConditionCheck makes
    sure that account does not hold the value now (so a live lock is never released).
    """
    match = schema.match_lock(lock_key)
    if match is None:
        raise ValueError("This item is not a lock of the table's uniqueness schema; pick a lock item.")
    rule, value = match
    actions = [lock_delete(schema, table, rule, value, stored=True)]
    if owner_key is not None:
        ph = Placeholders()
        cond = or_(comparison(ph, schema.pk_name, "attribute_not_exists", literal=True),
                   comparison(ph, rule.attribute, "attribute_not_exists", literal=True),
                   comparison(ph, rule.attribute, "<>", {"S": value}, literal=True))
        actions.append(_action(CONDITION_CHECK, table, ph, key=owner_key, condition=cond,
                               label=f"owner no longer holds {rule.name} {value}",
                               return_values="ALL_OLD"))
    return Transaction(actions=actions)


def claim_missing_lock(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any],
                       rule: LockRule | str) -> Transaction:
    """Write the lock an account should have: guarded Put plus a ConditionCheck that the
    account still holds the value."""
    rule = schema.rule(rule) if isinstance(rule, str) else rule
    value = string_value(account_item.get(rule.attribute))
    if value is None:
        raise ValueError(f"The account has no {rule.attribute}, so there is no {rule.name} lock to claim.")
    ph = Placeholders()
    cond = comparison(ph, rule.attribute, "=", {"S": value}, literal=True)
    check = _action(CONDITION_CHECK, table, ph, key=_account_key(schema, account_item), condition=cond,
                    label=f"account still holds {rule.name} {value}", return_values="ALL_OLD")
    return Transaction(actions=[lock_put(schema, table, rule, value), check])


def resolve_duplicate(schema: UniquenessSchema, table: str, keep_item: Mapping[str, Any],
                      other_item: Mapping[str, Any], rule: LockRule | str,
                      new_value: str | None = None) -> Transaction:
    """Two accounts hold one value: the kept account keeps it, the other gets ``new_value``
    (with its own guarded lock) or loses the attribute.

    The kept account is checked to still hold the value and its lock to exist;
    the other account is only changed while it still holds the shared value.
    """
    rule = schema.rule(rule) if isinstance(rule, str) else rule
    # A duplicate is one value after the rule's normalisation ("Ada@x.io" and "ada@x.io" under
    # lowercase); each account is guarded on the spelling it stores.
    shared = string_value(keep_item.get(rule.attribute))
    theirs = string_value(other_item.get(rule.attribute))
    if shared is None or theirs is None or \
            normalise(theirs, rule.normalisation) != normalise(shared, rule.normalisation):
        raise ValueError(f"The two accounts do not share a {rule.attribute}; pick the two duplicates.")
    actions: list[Action] = []
    ph = Placeholders()
    actions.append(_action(CONDITION_CHECK, table, ph, key=_account_key(schema, keep_item),
                           condition=comparison(ph, rule.attribute, "=", {"S": shared}, literal=True),
                           label=f"kept account still holds {rule.name} {shared}",
                           return_values="ALL_OLD"))
    ph = Placeholders()
    actions.append(_action(CONDITION_CHECK, schema.locks_table_name(table), ph,
                           key=schema.lock_key(rule, shared),
                           condition=comparison(ph, schema.lock_pk_name, "attribute_exists", literal=True),
                           label=f"{rule.name} lock {shared} exists"))
    if new_value is not None:
        actions.append(lock_put(schema, table, rule, new_value))
    ph = Placeholders()
    name = ph.literal_name(rule.attribute)
    update = f"SET {name} = {ph.value({'S': new_value})}" if new_value is not None else f"REMOVE {name}"
    cond = comparison(ph, rule.attribute, "=", {"S": theirs}, literal=True)
    actions.append(_action(UPDATE, table, ph, key=_account_key(schema, other_item), update=update,
                           condition=cond, return_values="ALL_OLD",
                           label=f"other account gives up {rule.name} {theirs}"))
    return Transaction(actions=actions)


def _optimistic(ph: Placeholders, seen: Mapping[str, Any], key_names: tuple[str, ...]) -> str:
    """Condition: the item exists and every attribute the user saw is unchanged."""
    parts = [comparison(ph, key_names[0], "attribute_exists", literal=True)]
    for name, av in list(seen.items())[:MAX_GUARDED_ATTRIBUTES]:
        if name in key_names:
            continue
        parts.append(comparison(ph, name, "=", av, literal=True))
    return and_(*parts)


def edit_item(table_info: TableInfo, old_item: Mapping[str, Any],
              new_item: Mapping[str, Any]) -> Transaction:
    """Save an item edited in the browser, only if nobody changed it since it was shown.

    Same key: one Put guarded on the values seen. Changed key: Delete the old item
    (guarded the same way) and Put the new one where no item exists.
    """
    keys = table_info.key_names
    old_key = table_info.key_of(dict(old_item))
    new_key = table_info.key_of(dict(new_item))
    ph = Placeholders()
    if old_key == new_key:
        cond = _optimistic(ph, old_item, keys)
        return Transaction(actions=[_action(PUT, table_info.name, ph, item=new_item, condition=cond,
                                            label="edited item", return_values="ALL_OLD")])
    delete = _action(DELETE, table_info.name, ph, key=old_key, condition=_optimistic(ph, old_item, keys),
                     label="old key", return_values="ALL_OLD")
    ph2 = Placeholders()
    put = _action(PUT, table_info.name, ph2, item=new_item,
                  condition=comparison(ph2, keys[0], "attribute_not_exists", literal=True),
                  label="new key", return_values="ALL_OLD")
    return Transaction(actions=[delete, put])


def edit_account(schema: UniquenessSchema, table_info: TableInfo, old_item: Mapping[str, Any],
                 new_item: Mapping[str, Any]) -> Transaction:
    """Save an edited account whose protected values changed, moving their locks with them.

    The account is written as ``edit_item`` writes it (guarded on every value the user
    saw, so also on the old protected values); then, per changed rule, the new lock is
    Put where none exists and the old one Deleted while it exists. One transaction: the
    account and its locks never disagree, and a taken value cancels everything.
    """
    tx = edit_item(table_info, old_item, new_item)
    actions = list(tx.actions)
    for rule in schema.rules:
        old, new = protected_text(old_item.get(rule.attribute)), protected_text(new_item.get(rule.attribute))
        old_pk = rule.lock_pk(old) if old is not None else None
        new_pk = rule.lock_pk(new) if new is not None else None
        if old_pk == new_pk:
            continue
        if new is not None:
            actions.append(lock_put(schema, table_info.name, rule, new))
        if old is not None:
            actions.append(lock_delete(schema, table_info.name, rule, old))
    return Transaction(actions=actions)


def delete_item(table_info: TableInfo, item: Mapping[str, Any]) -> Transaction:
    """Delete an item from the browser, only if it still holds the values the user saw."""
    ph = Placeholders()
    cond = _optimistic(ph, item, table_info.key_names)
    return Transaction(actions=[_action(DELETE, table_info.name, ph, key=table_info.key_of(dict(item)),
                                        condition=cond, label="item", return_values="ALL_OLD")])
