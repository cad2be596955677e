"""Conditions the preflight can judge on what it read: a transaction DynamoDB would cancel.

The simulation computes the after-state as if every condition passes. Where an action's own
condition can be evaluated against the item the preflight just read with a strongly consistent
read (``attribute_not_exists(PK)`` on a lock that is there, ``attribute_exists`` on an item that
is not, an equality on a value it holds), a condition that fails means DynamoDB will cancel the
whole transaction and write nothing: the preflight says so, and what to do first, instead of
"passing" it. Anything it cannot evaluate (a nested path, ``size``, a comparison with a missing
attribute) stays DynamoDB's to judge.

Items that are neither accounts nor locks are judged too (``plain_cancellations``): a copied
item's Put, guarded by ``attribute_not_exists``, onto a target that already holds it cancels
the whole transaction just as an account's would.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import And, Comparison, FunctionCall, Not, Or, Path, Value
from dynoview.core.expressions.parser import parse_condition
from dynoview.core.preflight.missing_release import missing_lock_refusals
from dynoview.core.preflight.model import (
    CANCELLED,
    Choice,
    Forms,
    Preflight,
    Refusal,
    item_ident,
    pk_text,
)
from dynoview.core.preflight.refusals import Context, Touched
from dynoview.core.preflight.source import Source
from dynoview.core.session.tables import TableInfo
from dynoview.core.ttl.expiry import expired_at
from dynoview.core.tx import templates
from dynoview.core.tx.applicability import RELEASE_LOCK
from dynoview.core.tx.cancellation import (
    compact_item,
    existing_item,
    key_text,
    render_expression,
    requires_absent,
)
from dynoview.core.tx.model import DELETE, PUT, Action, Transaction
from dynoview.core.uniqueness.locks_table import home_table
from dynoview.core.uniqueness.reservation import (
    lock_reservation,
    reservation_taken_sentence,
    until_text,
)
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.visible_text import visible_value

__all__ = ["CANCELLED", "cancellations", "evaluate", "plain_cancellations"]


def evaluate(action: Action, item: Mapping[str, Any] | None) -> bool | None:
    """Whether ``action``'s condition holds on ``item`` (None: no item), or None when the
    preflight cannot tell (DynamoDB judges it)."""
    if not action.condition:
        return None
    try:
        tree = parse_condition(action.condition)
    except ExpressionSyntaxError:
        return None  # the request checks report it
    return _holds(tree, item or {}, action)


def _holds(node: Any, item: Mapping[str, Any], action: Action) -> bool | None:
    if isinstance(node, And):
        results = [_holds(n, item, action) for n in node.operands]
        return False if False in results else (None if None in results else True)
    if isinstance(node, Or):
        results = [_holds(n, item, action) for n in node.operands]
        return True if True in results else (None if None in results else False)
    if isinstance(node, Not):
        inner = _holds(node.operand, item, action)
        return None if inner is None else not inner
    if isinstance(node, FunctionCall) and node.name in ("attribute_exists", "attribute_not_exists") \
            and len(node.args) == 1 and isinstance(node.args[0], Path):
        present = _present(node.args[0], item, action)
        if present is None:
            return None
        return present if node.name == "attribute_exists" else not present
    if isinstance(node, Comparison) and node.op in ("=", "<>"):
        equal = _equal(node, item, action)
        return None if equal is None else equal == (node.op == "=")
    return None


def _name(path: Path, action: Action) -> str | None:
    first = path.elements[0] if path.elements else None
    if not isinstance(first, str):
        return None
    return action.names.get(first) if first.startswith("#") else first


def _present(path: Path, item: Mapping[str, Any], action: Action) -> bool | None:
    name = _name(path, action)
    if name is None:
        return None
    if name not in item:
        return False  # nothing below a missing attribute exists either
    return True if len(path.elements) == 1 else None


def _equal(node: Comparison, item: Mapping[str, Any], action: Action) -> bool | None:
    """``path = :value`` on a String or Number the item holds; None for anything else."""
    path, value = node.left, node.right
    if isinstance(path, Value) and isinstance(value, Path):
        path, value = value, path
    if not (isinstance(path, Path) and isinstance(value, Value)) or len(path.elements) != 1:
        return None
    name = _name(path, action)
    held, wanted = item.get(name or ""), action.values.get(value.name)
    if not (isinstance(held, Mapping) and isinstance(wanted, Mapping)):
        return None  # a missing attribute or value: DynamoDB's to judge
    if set(held) == set(wanted) == {"S"}:
        return bool(held["S"] == wanted["S"])
    if set(held) == set(wanted) == {"N"}:
        try:
            return Decimal(str(held["N"])) == Decimal(str(wanted["N"]))
        except InvalidOperation:
            return None
    return None


def cancellations(touched: Sequence[Touched], before: Mapping[tuple[str, str], Any],
                  schema: UniquenessSchema, tables: Mapping[str, TableInfo],
                  forms_before: Mapping[str, Forms], now: datetime,
                  verify: Callable[[Transaction], Preflight] | None,
                  unsure: Collection[tuple[str, str]] = (), ctx: Context | None = None) -> list[Refusal]:
    """A refusal for each action whose condition fails on the item as the preflight read it.
    ``unsure``: the (accounts table, rule) pairs whose holders the lookup could not all find
    (``Source.unsure``): a lock there with no holder found is not known to be unheld. ``ctx``:
    the transaction judged, for the right transaction where a guarded lock is really missing
    (``missing_release``; a rebuild would give the same transaction)."""
    failing = [e for e in touched if evaluate(e[1], before.get(item_ident(e[1].table, e[2]))) is False]
    missing = missing_lock_refusals(failing, ctx, lambda e: _head(*e, before.get(
        item_ident(e[1].table, e[2])))) if ctx is not None else {}
    out: list[Refusal] = []
    for index, action, key, kind in failing:
        if index in missing:
            out.append(missing[index])
            continue
        item = before.get(item_ident(action.table, key))
        out.append(_cancelled(index, action, key, kind, item, schema, tables, forms_before, now, verify,
                              unsure))
    return out


def plain_cancellations(tx: Transaction, touched: Sequence[Touched], schema: UniquenessSchema,
                        source: Source) -> list[Refusal]:
    """A refusal for each conditioned action on an item that is neither an account nor a lock
    (not in ``touched``) whose condition fails on the item read now, strongly consistent. The
    account and lock checks do not read these items; unread, a copy onto a target that already
    holds one of them passed the preflight and DynamoDB cancelled it."""
    judged = {entry[0] for entry in touched}
    todo: list[tuple[int, Action, dict[str, Any]]] = []
    for index, action in enumerate(tx.actions):
        if index in judged or not action.condition.strip():
            continue
        names = source.key_names(action.table) if action.kind == PUT else ()
        key = action.target_key(names)
        if key and len(key) == len(names or key):  # a Put without its key: the request checks say so
            todo.append((index, action, key))
    if not todo:
        return []
    items = source.items((a.table, k) for _i, a, k in todo)
    return [_cancelled(index, action, key, "item", item, schema, {}, {}, datetime.now(), None)
            for index, action, key in todo
            if evaluate(action, item := items.get(item_ident(action.table, key))) is False]


def _head(index: int, action: Action, key: dict[str, Any], _kind: str, item: Any) -> str:
    """Which action DynamoDB would cancel the transaction for, and what the preflight read there."""
    condition = render_expression(action.condition, action.names, action.values)
    found = (f"the preflight read {compact_item(item)} there" if item is not None
             else "the preflight found no item there")
    return (f"Action {index + 1}: DynamoDB would cancel this transaction and write nothing: its "
            f"condition {condition} fails on {key_text(key)} in {visible_value(action.table)} ({found}).")


def _cancelled(index: int, action: Action, key: dict[str, Any], kind: str, item: Any,
               schema: UniquenessSchema, tables: Mapping[str, TableInfo], forms_before: Mapping[str, Forms],
               now: datetime, verify: Callable[[Transaction], Preflight] | None,
               unsure: Collection[tuple[str, str]] = ()) -> Refusal:
    head = _head(index, action, key, kind, item)
    match = schema.match_lock(key) if kind == "lock" else None
    if match is None:
        acct = pk_text(key, schema) or key_text(key)
        if kind == "account" and action.kind == PUT and item is not None:
            tail = (f"An account with {key_text(key)} already exists in {visible_value(action.table)}; "
                    "use another account id.")
        elif action.kind == PUT and item is not None and requires_absent(action, set(key)):
            tail = existing_item(key, action.table)  # a rebuild would fail the same way
        else:
            tail = "The item changed since this transaction was built; reload it and rebuild."
        return Refusal(index, "", acct, f"{head} {tail}", None, status=CANCELLED)
    rule, stored = match
    value = visible_value(stored)  # as a sentence shows it; ``stored`` is the lock's own
    title = rule.name[:1].upper() + rule.name[1:]
    if action.kind != PUT or item is None:
        tail = (f"The {rule.name} lock for {value} no longer exists, so there is nothing to release or "
                "check; refresh and rebuild the transaction." if action.kind == DELETE or item is None
                else "The lock changed since this transaction was built; reload it and rebuild.")
        return Refusal(index, rule.name, stored, f"{head} {tail}", None, status=CANCELLED)
    home = home_table(schema, action.table)
    holders = forms_before.get(home, {}).get(rule.name, {}).get(stored, ((), False))[0]
    if holders:
        tail = (f"{title} {value} is already taken: {', '.join(map(visible_value, holders))} holds it. "
                f"Choose another {rule.name}.")
        return Refusal(index, rule.name, stored, f"{head} {tail}", None, status=CANCELLED)
    info = tables.get(action.table)
    ttl = info.expiry_attribute if info is not None else None
    reserved = lock_reservation(item, ttl, now)  # the audit's rule: a sign-up still completing
    if reserved is not None:  # never offered for release: that frees the value it is claiming
        tail = reservation_taken_sentence(f"{title} {value}", rule.name, until_text(reserved),
                                          reserved.text, (home, rule.name) not in unsure)
        return Refusal(index, rule.name, stored, f"{head} {tail}", None, status=CANCELLED)
    expired = ttl is not None and isinstance(item.get(ttl), Mapping) \
        and expired_at(item[ttl].get("N"), now.timestamp())
    if (home, rule.name) in unsure:
        # No holder found is not "no holder": the release the diagnosis would not offer either.
        return Refusal(index, rule.name, stored, f"{head} {_maybe_held(title, rule.name, value, expired)}",
                       None, status=CANCELLED)
    why = ("its TTL has passed, but DynamoDB has not deleted it yet (typically within days) and it "
           "still blocks the value" if expired else "no account holds it (an orphan lock)")
    tail = (f"{title} {value} is already taken: {why}. Release the lock with the Release orphan "
            "lock template first, then send this transaction again.")
    release = templates.release_orphan_lock(schema, action.table, key)
    checked = verify(release) if verify is not None else None
    choices: tuple[Choice, ...] = ()
    if checked is not None and not checked.refused:  # offered only when it passes its own preflight
        choices = (Choice(f"release the lock {key_text(key)} first (the Release orphan lock template)",
                          RELEASE_LOCK, release),)
    return Refusal(index, rule.name, stored, f"{head} {tail}", None, choices=choices, status=CANCELLED)


def _maybe_held(title: str, rule: str, value: str, expired: bool) -> str:
    """Why a taken value's lock is not offered for release when its holders could not all be
    looked up (an index finds only the spellings asked for): an account may still hold it."""
    lock = ("its lock's TTL has passed, but DynamoDB has not deleted it yet (typically within days) "
            "and it still blocks the value" if expired else "its lock is there")
    return (f"{title} {value} is already taken: {lock}. No account was found holding it, but the "
            "preflight could not look up every account that may hold it (see its notes), so one may: "
            "releasing the lock could free a value an account still uses. Check the audit (it reads "
            f"every spelling) or diagnose {rule} {value} with a Scan, and release the lock only if no "
            "account holds it; then send this transaction again.")
