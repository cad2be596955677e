"""Transactions from the article, filled from the uniqueness schema and an item.

Every action is guarded: a lock is only created where none exists, only deleted while it
exists (an orphan's, also while it is as its caller read it: ``release_reads``), and an account
is only changed while it still holds the values the user saw. A browser edit writes only the
attributes it changes, each guarded on its value as seen (``item_writes``), so it never undoes
another writer's change; a browser Delete, of an account too, is guarded on every attribute seen.
Each builder returns a ``Transaction`` the user reviews in the builder before anything is sent.

A scoped rule (OneTable's ``unique: true, scope: '${tenantId}'``) keys each lock by the account's
scope as well as its value (``_unique#acme#User#email#ada@x.io``): every template fills the scope
from the account it writes (``lock_value``, as OneTable fills it), guards the account on the
attributes its scope reads, and moving an account to another scope (``change_scope``) moves its
locks with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.expressions.builders import and_, comparison
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.applicability import templates_for as templates_for  # re-exported
from dynoview.core.tx.item_writes import (
    NOTHING_CHANGED,
    AttributeChange,
    EditRefused,
    changed_attributes,
    check_update_fits,
    fitting_seen_guard,
    full_seen_guard,
    guarded_update,
    names_label,
    same_key,
)
from dynoview.core.tx.lock_actions import ONETABLE_MARKER_ATTRIBUTES as ONETABLE_MARKER_ATTRIBUTES
from dynoview.core.tx.lock_actions import action as _action
from dynoview.core.tx.lock_actions import lock_delete as lock_delete
from dynoview.core.tx.lock_actions import lock_name as _lock_name
from dynoview.core.tx.lock_actions import lock_put as lock_put
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.tx.release_reads import LockRead, OwnerHoldsError, guarded_as_read
from dynoview.core.tx.release_reads import OwnerRead as OwnerRead  # re-exported
from dynoview.core.tx.release_reads import owner_holds as owner_holds
from dynoview.core.tx.template_releases import never_locked, noted, release_held
from dynoview.core.uniqueness.schema import (
    LockRule,
    UniquenessSchema,
    normalise,
    protected_text,
)
from dynoview.core.uniqueness.scope import fill_form, scope_variables, stored_like, stored_numbers
from dynoview.core.values.numbers import stored_number


def lock_value(rule: LockRule, account: Mapping[str, Any], value: str) -> str:
    """What ``lock_put``/``lock_delete`` take for ``account``'s ``value``: the value as stored (a
    Number as DynamoDB spells it: ``stored_like``), or for a scoped rule its form (``fill_form``:
    the account's scope as OneTable fills it, the middle, the value; its scope is never re-cut)."""
    value = stored_like(account.get(rule.attribute), value)
    return value if rule.scope is None or rule.middle is None else fill_form(
        rule.scope, rule.middle, account, value)


class EmptiedValueError(ValueError):
    """A lock asked for a value its rule's normalisation empties: there is nothing to lock."""


def _held_lock(rule: LockRule, account: Mapping[str, Any], value: str | None) -> str | None:
    """``lock_value`` of the account's value, or None when it holds none: missing, or emptied
    by the rule's normalisation ("   " trimmed), which the audit counts as no value (no lock)."""
    if value is None or not normalise(value, rule.normalisation):
        return None
    return lock_value(rule, account, value)


def _account_key(schema: UniquenessSchema, account: Mapping[str, Any]) -> dict[str, Any]:
    key = {schema.pk_name: account[schema.pk_name]}
    if schema.sk_name and schema.sk_name in account:
        key[schema.sk_name] = account[schema.sk_name]
    return key


def guarded_attributes(rules: list[LockRule], extra: tuple[str, ...] = ()) -> list[str]:
    """Each rule's attribute, then the attributes scoped rules read their scope from (their
    locks are keyed by those too), then ``extra``; each once."""
    names = [r.attribute for r in rules]
    names += [v for r in rules if r.scope is not None for v in scope_variables(r.scope)]
    return list(dict.fromkeys([*names, *extra]))


def _holds(ph: Placeholders, schema: UniquenessSchema, account: Mapping[str, Any],
           rules: list[LockRule], extra: tuple[str, ...] = ()) -> str:
    """Condition: the account still holds each rule's current value (or still lacks it), and,
    for a scoped rule, the attributes its scope is filled from."""
    parts = []
    for name in guarded_attributes(rules, extra):
        av = account.get(name)
        if av is None:
            parts.append(comparison(ph, name, "attribute_not_exists", literal=True))
        else:
            parts.append(comparison(ph, name, "=", av, literal=True))
    return and_(*parts) or comparison(ph, schema.pk_name, "attribute_exists", literal=True)


def _moves(schema: UniquenessSchema, table: str, before: Mapping[str, Any], after: Mapping[str, Any],
           skip: LockRule | None = None) -> tuple[list[Action], list[LockRule], list[str]]:
    """The lock moves an account write needs: per rule whose lock key differs between ``before``
    and ``after`` (its value, or for a scoped rule its scope, changed), a guarded Put of the new
    lock and a guarded Delete of the old; the rules moved; and the notes for the account's label
    (an old value no lock can exist for has no Delete: ``template_releases``)."""
    actions: list[Action] = []
    moved: list[LockRule] = []
    notes: list[str] = []
    for rule in schema.rules:
        if rule is skip:
            continue
        old, new = protected_text(before.get(rule.attribute)), protected_text(after.get(rule.attribute))
        old_lock, new_lock = _held_lock(rule, before, old), _held_lock(rule, after, new)
        if (rule.lock_pk(old_lock) if old_lock else None) == (rule.lock_pk(new_lock) if new_lock else None):
            continue
        if new_lock is not None:
            actions.append(lock_put(schema, table, rule, new_lock))
        if old_lock is not None:
            release, note = release_held(schema, table, rule, old_lock)
            actions += [release] if release is not None else []
            notes += [note] if note is not None else []
        moved.append(rule)
    return actions, moved, notes


def sign_up(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any]) -> Transaction:
    """Put the account (the Numbers its locks are keyed on as DynamoDB stores them) and one lock per
    protected value, each Put guarded by attribute_not_exists. Action order is the account, then
    the locks in rule order, so a cancellation's slot tells which value is taken."""
    account_item = stored_numbers(account_item, guarded_attributes(list(schema.rules)))
    ph = Placeholders()
    cond = comparison(ph, schema.pk_name, "attribute_not_exists", literal=True)
    actions = [_action(PUT, table, ph, item=account_item, condition=cond, label="account")]
    for rule in schema.rules:
        value = protected_text(account_item.get(rule.attribute))  # the engine's value: S or N, "" none
        held = _held_lock(rule, account_item, value)
        if held is not None:
            actions.append(lock_put(schema, table, rule, held))
    return Transaction(actions=actions)


def value_like(held: Any, text: str, attribute: str) -> dict[str, str]:
    """``text`` as the value to write where the account holds ``held``: a number stays a number
    (N, spelled as DynamoDB stores it, so the lock keyed on it is the one the account will
    hold: ``007`` is stored as ``7``), anything else becomes a string. Raises
    ``ValueParseError`` (at ``attribute``) for text that is not a number where one is held."""
    if isinstance(held, Mapping) and "N" in held:
        return {"N": stored_number(text, attribute)}
    return {"S": text}


def change_value(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any], rule_name: str,
                 new_value: str) -> Transaction:
    """Move a protected value: Put the new lock, Delete the old one, Update the account,
    the Update guarded on the value the account holds now (and, for a scoped rule, its scope).

    A new spelling the lock cannot see (``Bob@x.io`` → ``BOB@x.io`` under a lowercase rule) keeps
    the lock it has: only the account is updated, as ``edit_account`` does (a Put of the "new"
    lock would meet the account's own lock and cancel)."""
    rule = schema.rule(rule_name)
    old = protected_text(account_item.get(rule.attribute))
    new_av = value_like(account_item.get(rule.attribute), new_value, rule.attribute)
    new_value = protected_text(new_av) or new_value
    after = {**account_item, rule.attribute: new_av}
    new_lock, old_lock = _held_lock(rule, after, new_value), _held_lock(rule, account_item, old)
    actions: list[Action] = []
    notes: list[str] = []
    if (rule.lock_pk(old_lock) if old_lock else None) != (rule.lock_pk(new_lock) if new_lock else None):
        if new_lock is not None:  # None: the new value is emptied by the rule, no value to lock
            actions.append(lock_put(schema, table, rule, new_lock))
        if old_lock is not None:  # no Delete where no lock can exist (the audit's advised fix)
            release, note = release_held(schema, table, rule, old_lock)
            actions += [release] if release is not None else []
            notes += [note] if note is not None else []
    # Another rule scoped by this attribute moves to the new scope with it.
    others, moved, other_notes = _moves(schema, table, account_item, after, skip=rule)
    actions += others
    ph = Placeholders()
    name = ph.literal_name(rule.attribute)
    update = f"SET {name} = {ph.value(new_av)}"
    cond = _holds(ph, schema, account_item, [rule, *moved])
    actions.append(noted(_action(UPDATE, table, ph, key=_account_key(schema, account_item), update=update,
                                 condition=cond, label=f"account {rule.name} {old} -> {new_value}",
                                 return_values="ALL_OLD"), notes + other_notes))
    return Transaction(actions=actions)


def scope_attributes(schema: UniquenessSchema) -> list[str]:
    """The account attributes the scoped rules fill their scopes from (``tenantId``), in order."""
    return list(dict.fromkeys(v for r in schema.rules if r.scope is not None
                              for v in scope_variables(r.scope)))


def change_scope(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any], attribute: str,
                 new_value: str) -> Transaction:
    """Move an account to another scope (OneTable's ``tenantId``): a guarded Put of each scoped
    lock in the new scope, a guarded Delete of the old scope's, and the Update of ``attribute``,
    guarded on its current value and each moved value; one transaction, so a value taken in the
    new scope cancels everything."""
    if attribute not in scope_attributes(schema):
        scoped = ", ".join(scope_attributes(schema)) or "none"
        raise ValueError(f"No uniqueness rule takes its scope from {attribute}; the scope attributes "
                         f"are: {scoped}.")
    current = account_item.get(attribute)
    av = value_like(current, new_value, attribute)
    new_value = protected_text(av) or new_value
    after = {**account_item, attribute: av}
    actions, moved, notes = _moves(schema, table, account_item, after)
    ph = Placeholders()
    update = f"SET {ph.literal_name(attribute)} = {ph.value(av)}"
    cond = _holds(ph, schema, account_item, moved, (attribute,))
    old = protected_text(current)
    actions.append(noted(_action(UPDATE, table, ph, key=_account_key(schema, account_item), update=update,
                                 condition=cond, label=f"account {attribute} {old} -> {new_value}",
                                 return_values="ALL_OLD"), notes))
    return Transaction(actions=actions)


def delete_account(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any], *,
                   as_read: bool = False) -> Transaction:
    """Delete the account and every lock it holds, in one transaction, each guarded.

    The account is guarded on every rule, so also on lacking the values it lacks: one that gains
    a value (and its lock) after the read cancels the delete instead of leaving that lock behind.
    ``as_read``: ``account_item`` is the whole item as read (the browser's Del), so its Delete is
    guarded as ``delete_item`` guards one, on every attribute seen (the rules' first) and, through
    the preflight, on none added since (``Action.seen``)."""
    ph = Placeholders()
    cond = _holds(ph, schema, account_item, list(schema.rules))
    label = "account"
    if as_read:
        first = guarded_attributes(list(schema.rules))
        ordered = {**{n: account_item[n] for n in first if n in account_item}, **account_item}
        ph, cond, label = _seen_delete_guard(ordered, schema.key_names, "account")
        cond = and_(cond, *(comparison(ph, n, "attribute_not_exists", literal=True)
                            for n in first if n not in account_item))
    locks: list[Action] = []
    notes: list[str] = []
    for rule in schema.rules:
        # A value the rule empties ("   " trimmed) is no value: it has no lock to delete.
        held = _held_lock(rule, account_item, protected_text(account_item.get(rule.attribute)))
        if held is None:
            continue
        release, note = release_held(schema, table, rule, held)
        locks += [release] if release is not None else []
        notes += [note] if note is not None else []
    account = _action(DELETE, table, ph, key=_account_key(schema, account_item), condition=cond,
                      label=label, return_values="ALL_OLD", seen=account_item if as_read else None)
    return Transaction(actions=[noted(account, notes), *locks])


def release_orphan_lock(schema: UniquenessSchema, table: str, lock_key: Mapping[str, Any],
                        owner: OwnerRead | None = None, *, lock_read: LockRead | None = None) -> Transaction:
    """Delete a lock no account holds (a stuck signup or a stale lock after a change).

    Guarded by ``attribute_exists``; with ``lock_read`` (the lock as the caller read it) also on
    its TTL and owner attribute as read (``release_reads``): a lock that became a reservation, or
    another account's, since that read cancels the transaction instead of being released. With a
    former owner, the caller reads it first (``owner``): a condition cannot normalise
    (``email <> "ada@x.io"`` passes for ``Ada@X.io``), so an owner that holds the value by the
    rule's normalisation is refused here (``OwnerHoldsError``), and otherwise a ConditionCheck
    requires the owner unchanged since that read (its value and the attributes its scope reads,
    exactly as read; absent while it was absent), which is race-free.
    """
    match = schema.match_lock(lock_key)
    if match is None:
        raise ValueError("This item is not a lock of the table's uniqueness schema; pick a lock item.")
    rule, value = match
    release = lock_delete(schema, table, rule, value, stored=True)
    actions = [release if lock_read is None else guarded_as_read(schema, rule, release, lock_read)]
    if owner is not None:
        if not isinstance(owner, OwnerRead):  # an owner key alone cannot guard (see above)
            raise TypeError("release_orphan_lock takes what was read of the owner: an OwnerRead.")
        if owner_holds(rule, owner.item, value):
            raise OwnerHoldsError(schema, rule, value, owner, release.key, lock_read)
        ph = Placeholders()
        cond = _holds(ph, schema, owner.item, [rule]) if owner.item is not None else \
            comparison(ph, schema.pk_name, "attribute_not_exists", literal=True)
        actions.append(_action(CONDITION_CHECK, table, ph, key=owner.key, condition=cond,
                               label=f"former owner unchanged since read, without {rule.name} "
                                     f"{_lock_name(rule, value)}",
                               return_values="ALL_OLD"))
    return Transaction(actions=actions)


def claim_missing_lock(schema: UniquenessSchema, table: str, account_item: Mapping[str, Any],
                       rule: LockRule | str) -> Transaction:
    """Write the lock an account should have: guarded Put plus a ConditionCheck that the
    account still holds the value (and, for a scoped rule, the scope the lock is keyed by).
    Refused for a value the rule's normalisation empties ("   " trimmed): that is no value."""
    rule = schema.rule(rule) if isinstance(rule, str) else rule
    value = protected_text(account_item.get(rule.attribute))
    if value is None:
        raise ValueError(f"The account has no {rule.attribute}, so there is no {rule.name} lock to claim.")
    if not normalise(value, rule.normalisation):  # the audit's test too: no value, no lock
        raise EmptiedValueError(
            f"The account's {rule.attribute} {value!r} is empty once normalised "
            f"({rule.normalisation}), so it has no {rule.name} value and no lock to claim: a lock on "
            f"an empty value is never right, as it would refuse every other account whose "
            f"{rule.attribute} is empty too.")
    ph = Placeholders()
    cond = _holds(ph, schema, account_item, [rule]) if rule.scope is not None else \
        comparison(ph, rule.attribute, "=", account_item[rule.attribute], literal=True)  # as stored: S or N
    check = _action(CONDITION_CHECK, table, ph, key=_account_key(schema, account_item), condition=cond,
                    label=f"account still holds {rule.name} {value}", return_values="ALL_OLD")
    return Transaction(actions=[lock_put(schema, table, rule, lock_value(rule, account_item, value)), check])


def resolve_duplicate(schema: UniquenessSchema, table: str, keep_item: Mapping[str, Any],
                      other_item: Mapping[str, Any], rule: LockRule | str,
                      new_value: str | None = None, *, kept_lock: bool = True) -> Transaction:
    """Two accounts hold one value: the kept account keeps it, the other gets ``new_value``
    (with its own guarded lock) or loses the attribute. The kept account is checked to still hold
    the value and its lock (keyed by the value it holds) to exist, or with ``kept_lock=False`` (no
    such lock: the duplicate's ``lock_keys`` are empty) the lock is claimed, Put where none exists
    as ``claim_missing_lock`` puts it. The other account is only changed while it still holds the
    value. Under a scoped rule a duplicate is one value in one scope: both accounts' forms must
    agree, and each is guarded on its scope too."""
    rule = schema.rule(rule) if isinstance(rule, str) else rule
    # A duplicate is one value after the rule's normalisation ("Ada@x.io" and "ada@x.io" under
    # lowercase); each account is guarded on the spelling it stores.
    shared = protected_text(keep_item.get(rule.attribute))
    theirs = protected_text(other_item.get(rule.attribute))
    if shared is None or theirs is None or \
            normalise(theirs, rule.normalisation) != normalise(shared, rule.normalisation) or \
            rule.held_form(keep_item) != rule.held_form(other_item):
        raise ValueError(f"The two accounts do not share a {rule.attribute}; pick the two duplicates.")
    scoped = rule.scope is not None
    ph = Placeholders()
    kept = _holds(ph, schema, keep_item, [rule]) if scoped else \
        comparison(ph, rule.attribute, "=", keep_item[rule.attribute], literal=True)
    held_lock, ph2 = lock_value(rule, keep_item, shared), Placeholders()
    # A kept value no lock can exist for keeps none: neither checked nor claimed, and said so.
    never = never_locked(schema, rule, held_lock, "check" if kept_lock else "claim")
    actions = [noted(_action(CONDITION_CHECK, table, ph, key=_account_key(schema, keep_item), condition=kept,
                             label=f"kept account still holds {rule.name} {shared}",
                             return_values="ALL_OLD"), [never] if never else [])]
    if never is None:
        actions.append(lock_put(schema, table, rule, held_lock) if not kept_lock else _action(
            CONDITION_CHECK, schema.locks_table_name(table), ph2, key=schema.lock_key(rule, held_lock),
            condition=comparison(ph2, schema.lock_pk_name, "attribute_exists", literal=True),
            label=f"{rule.name} lock {shared} exists"))
    new_av = None
    if new_value is not None:
        new_av = value_like(other_item.get(rule.attribute), new_value, rule.attribute)
        new_value = protected_text(new_av) or new_value
        after = {**other_item, rule.attribute: new_av}
        actions.append(lock_put(schema, table, rule, lock_value(rule, after, new_value)))
    ph = Placeholders()
    name = ph.literal_name(rule.attribute)
    update = f"SET {name} = {ph.value(new_av)}" if new_av is not None else f"REMOVE {name}"
    cond = _holds(ph, schema, other_item, [rule]) if scoped else \
        comparison(ph, rule.attribute, "=", other_item[rule.attribute], literal=True)
    actions.append(_action(UPDATE, table, ph, key=_account_key(schema, other_item), update=update,
                           condition=cond, return_values="ALL_OLD",
                           label=f"other account gives up {rule.name} {theirs}"))
    return Transaction(actions=actions)


def edit_item(table_info: TableInfo, old_item: Mapping[str, Any],
              new_item: Mapping[str, Any]) -> Transaction:
    """Save an item edited in the browser without undoing a change made since it was shown.

    Same key: one Update of only the attributes the edit changes, guarded on each one's value as
    seen, so attributes it does not touch (one another writer added since included) are left
    as they are. Changed key: Put the new item where none exists and Delete the old one guarded
    on every attribute seen (``_move_item``). ``EditRefused`` when nothing changed or a guard
    would be over DynamoDB's limits (a guard is never cut short).
    """
    keys = table_info.key_names
    old_key = table_info.key_of(dict(old_item))
    if not same_key(keys, old_item, new_item):
        return Transaction(actions=_move_item(table_info, old_item, new_item))
    changes = changed_attributes(old_item, new_item, keys)
    if not changes:
        raise EditRefused(NOTHING_CHANGED)
    update = guarded_update(table_info.name, old_key, keys, changes,
                            label=names_label("edited item", [c.attribute for c in changes]))
    return Transaction(actions=[check_update_fits(update, _changes_count(changes))])


def _changes_count(changes: list[AttributeChange]) -> str:
    return f"This edit changes {len(changes)} attribute{'s' if len(changes) != 1 else ''}"


def _move_item(table_info: TableInfo, old_item: Mapping[str, Any],
               new_item: Mapping[str, Any]) -> list[Action]:
    """An edit that changes the key: Delete the old item, guarded on every attribute seen (an
    attribute the Delete does not check could hold a change the user never saw, lost with it),
    and Put the new one where no item exists. No condition says "no attribute but these": the
    Delete carries the names seen (``Action.seen``), refused by ``preflight.unseen`` past them."""
    keys = table_info.key_names
    ph, cond = full_seen_guard(old_item, keys, "This edit changes the item's key, which deletes "
                               "the item under its old key")
    delete = _action(DELETE, table_info.name, ph, key=table_info.key_of(dict(old_item)),
                     condition=cond, label="old key", return_values="ALL_OLD", seen=old_item)
    ph2 = Placeholders()
    put = _action(PUT, table_info.name, ph2, item=new_item,
                  condition=comparison(ph2, keys[0], "attribute_not_exists", literal=True),
                  label="new key", return_values="ALL_OLD")
    return [delete, put]


def edit_account(schema: UniquenessSchema, table_info: TableInfo, old_item: Mapping[str, Any],
                 new_item: Mapping[str, Any]) -> Transaction:
    """Save an edited account whose protected values changed, moving their locks with them.

    The account is written as ``edit_item`` writes it (an Update of the attributes the edit
    changes, guarded on their values as seen, old protected values included, and on the
    attributes the moved locks' scopes read); then, per changed rule, the new lock is Put where
    none exists and the old one Deleted while it exists. One transaction: the account and its
    locks never disagree, and a taken value cancels everything.
    """
    keys = table_info.key_names
    new_item = stored_numbers(new_item, guarded_attributes(list(schema.rules)))  # as sign_up
    # Per changed rule (a scoped rule's scope counts: moving to another tenant moves its locks).
    moves, moved, notes = _moves(schema, table_info.name, old_item, new_item)
    old_key = table_info.key_of(dict(old_item))
    if not same_key(keys, old_item, new_item):
        old, new = _move_item(table_info, old_item, new_item)
        return Transaction(actions=[old, noted(new, notes), *moves])
    changes = changed_attributes(old_item, new_item, keys)
    if not changes:
        raise EditRefused(NOTHING_CHANGED)
    written = {c.attribute for c in changes}
    # The locks moved are keyed by what the account holds: guard what they read, written or not.
    held = {n: old_item.get(n) for n in guarded_attributes(moved) if n not in written and n not in keys}
    update = guarded_update(table_info.name, old_key, keys, changes, held=held,
                            label=names_label("edited account", [c.attribute for c in changes]))
    return Transaction(actions=[noted(check_update_fits(update, _changes_count(changes)), notes), *moves])


def edit_refusal(table_info: TableInfo, old_item: Mapping[str, Any], new_item: Mapping[str, Any],
                 schema: UniquenessSchema | None = None) -> str | None:
    """Why the browser's edit of ``old_item`` into ``new_item`` cannot be opened in the builder
    (``EditRefused``'s sentence), or None: the edit dialog asks before it hands the item over."""
    try:
        if schema is not None and schema.is_account(old_item):
            edit_account(schema, table_info, old_item, new_item)
        else:
            edit_item(table_info, old_item, new_item)
    except EditRefused as exc:
        return exc.message
    return None


def _seen_delete_guard(item: Mapping[str, Any], keys: Sequence[str],
                       what: str) -> tuple[Placeholders, str, str]:
    """The browser's Delete guard of ``item`` (``fitting_seen_guard``), and the label saying how
    many of its attributes it checks when one condition cannot check them all."""
    ph, cond, guarded = fitting_seen_guard(item, keys)
    total = sum(1 for n in item if n not in keys)
    label = what if guarded == total else (
        f"{what}, guarded on {guarded} of its {total} attributes (one condition holds no more): "
        f"a change since to the other {total - guarded} is not detected")
    return ph, cond, label


def delete_item(table_info: TableInfo, item: Mapping[str, Any]) -> Transaction:
    """Delete an item from the browser, only if it still holds every value the user saw and,
    through the preflight, no attribute added since (``Action.seen``, as ``_move_item``).

    An item with more attributes than one condition can check (DynamoDB's 300 operators and
    4 KB) is guarded on as many as fit, and the action's label says how many of how many."""
    ph, cond, label = _seen_delete_guard(item, table_info.key_names, "item")
    return Transaction(actions=[_action(DELETE, table_info.name, ph, key=table_info.key_of(dict(item)),
                                        condition=cond, label=label, return_values="ALL_OLD",
                                        seen=item)])
