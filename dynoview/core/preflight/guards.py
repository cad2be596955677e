"""Conditions the preflight can add so the transaction itself guards the invariant.

The preflight's reads are not atomic with the write, so the real protection is in the
request: a new lock only where none exists, a released lock only while it exists, and an
account changed only while it still holds the values the preflight read. Each guard is
ANDed onto the action's own condition with placeholders that cannot collide with the
action's.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.expressions.builders import and_
from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import paths as _paths
from dynoview.core.expressions.parser import parse_condition, parse_update
from dynoview.core.preflight.model import item_ident
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.tx.validation import guarded_absent
from dynoview.core.uniqueness.locks_table import is_locks_table
from dynoview.core.uniqueness.schema import UniquenessSchema, protected_text


@dataclass(frozen=True)
class Guard:
    """One condition added to one action, in words and as expression text."""

    index: int
    condition: str  # with the action's placeholders, as sent
    text: str  # for people: "attribute_not_exists(PK) on the new email lock"


def _fresh(existing: Mapping[str, Any], prefix: str) -> str:
    n = 0
    while f"{prefix}{n}" in existing:
        n += 1
    return f"{prefix}{n}"


def _mentioned(action: Action) -> set[str]:
    """Attribute names the action's condition already tests (placeholders resolved)."""
    if not action.condition:
        return set()
    try:
        tree = parse_condition(action.condition)
    except ExpressionSyntaxError:
        return set()
    names = set()
    for path in _paths(tree):
        first = path.elements[0] if path.elements else None
        if isinstance(first, str):
            names.add(action.names.get(first, first))
    return names


def _changed_attributes(action: Action, schema: UniquenessSchema) -> set[str]:
    protected = {r.attribute for r in schema.rules}
    if action.kind in (PUT, DELETE):
        return protected
    if action.kind != UPDATE:
        return set()
    try:
        tree = parse_update(action.update)
    except ExpressionSyntaxError:
        return set()
    out = set()
    for path in (*(s.path for s in tree.set), *tree.remove, *(a.path for a in (*tree.add, *tree.delete))):
        first = path.elements[0] if path.elements else None
        if isinstance(first, str):
            name = action.names.get(first, first)
            if name in protected:
                out.add(name)
    return out


def _guard(action: Action, attribute: str, test: str, value: Mapping[str, Any] | None) -> str:
    """Register placeholders on the action and return the condition text."""
    placeholder = next((p for p, n in action.names.items() if n == attribute), None)
    if placeholder is None:
        placeholder = _fresh(action.names, "#pf")
        action.names[placeholder] = attribute
    if value is None:
        return f"{test}({placeholder})"
    vp = _fresh(action.values, ":pf")
    action.values[vp] = dict(value)
    return f"{placeholder} = {vp}"


def add_guards(tx: Transaction, schema: UniquenessSchema,
               seen: Mapping[tuple[str, str], dict[str, Any] | None],
               locks_present: Collection[tuple[str, str]] = ()) -> tuple[Transaction, list[Guard]]:
    """A copy of ``tx`` with the invariant's guards added where an action lacks them.

    ``seen`` maps (table, account id) to the account as the preflight read it (None: absent);
    ``locks_present``, the locks it read as there (``Preflight.locks_present``): a Put of one
    replaces it (a re-put, an orphan adopted), and attribute_not_exists would cancel it all.
    """
    out = tx.copy()
    guards: list[Guard] = []
    for index, action in enumerate(out.actions):
        if action.kind == CONDITION_CHECK:
            continue
        # Locks in a table of their own: its actions are locks, the accounts table's never are.
        locks_here = is_locks_table(schema, action.table)
        names = schema.lock_key_names if locks_here else schema.key_names
        source = action.item if action.kind == PUT else action.key
        key = {n: source.get(n) for n in names}
        if any(v is None for v in key.values()):
            continue
        mentioned = _mentioned(action)
        added: list[tuple[str, str]] = []
        lock_pk = schema.lock_pk_name
        match = schema.match_lock(key) if locks_here or schema.locks is None else None
        # A lock Put is guarded only by an attribute_not_exists the whole condition needs: one
        # under OR or NOT ("... OR attribute_exists(PK)") lets it overwrite a lock that is there.
        unguarded_put = action.kind == PUT and lock_pk not in guarded_absent(action)
        if match is not None and (lock_pk not in mentioned or unguarded_put):
            rule, value = match
            if action.kind == PUT and item_ident(action.table, key) in locks_present:
                continue  # the lock is there: "new lock only" would be sure to cancel the write
            if action.kind == PUT:
                added.append((_guard(action, lock_pk, "attribute_not_exists", None),
                              f"attribute_not_exists({lock_pk}) on the new {rule.name} lock {value}"))
            elif action.kind == DELETE:
                added.append((_guard(action, lock_pk, "attribute_exists", None),
                              f"attribute_exists({lock_pk}) on the released {rule.name} lock {value}"))
        elif not locks_here and schema.is_account(key):
            acct = protected_text(key.get(schema.pk_name)) or ""
            if (action.table, acct) not in seen:
                continue
            before = seen[(action.table, acct)]
            if before is None:
                if action.kind == PUT and schema.pk_name not in mentioned:
                    added.append((_guard(action, schema.pk_name, "attribute_not_exists", None),
                                  f"attribute_not_exists({schema.pk_name}): account {acct} is new"))
            else:
                for attribute in sorted(_changed_attributes(action, schema) - mentioned):
                    old = before.get(attribute)
                    cond = _guard(action, attribute, "attribute_not_exists", old)
                    shown = f"{attribute} = {protected_text(old)}" if old is not None \
                        else f"attribute_not_exists({attribute})"
                    added.append((cond, f"{shown}: account {acct} still holds what the preflight read"))
        if added:
            action.condition = and_(action.condition, *(c for c, _t in added))
            guards.extend(Guard(index, c, t) for c, t in added)
    return out, guards
