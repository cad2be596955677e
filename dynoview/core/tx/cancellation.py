"""Saying why DynamoDB cancelled a transaction: each ``CancellationReasons`` entry (one per
action, in order) as a sentence tied to its action and field ("Email ada@lovelace.io is
already taken"), with keys and expressions shown as people read them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import And, FunctionCall, Path
from dynoview.core.expressions.parser import parse_condition
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.keys import key_names_for
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.core.tx.outcomes import ActionOutcome
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema
from dynoview.core.values.display import display_text
from dynoview.core.values.visible_text import visible_value

#: A key's value in a message is cut to about this many characters.
KEY_LIMIT = 120


def key_text(key: Mapping[str, Any]) -> str:
    """``PK=UNIQ#EMAIL#ada@lovelace.io, SK=LOCK`` for messages. Names and strings are quoted as
    ``visible_value`` quotes them (a backslash doubled, a line break as ``\\n``), so two keys
    never read alike and none breaks the line; a string blank at either end is quoted like JSON
    and other types are shown as a cell shows them (``display_text``)."""
    parts = []
    for name, av in key.items():
        try:
            parts.append(f"{visible_value(str(name))}={_value_text(av)}")
        except ValueError:
            parts.append(f"{visible_value(str(name))}=?")
    return ", ".join(parts)


def _value_text(av: Any) -> str:
    member = av.get("S") if isinstance(av, Mapping) and len(av) == 1 else None
    if isinstance(member, str) and member and not member[0].isspace() and not member[-1].isspace():
        shown = visible_value(member[: 2 * KEY_LIMIT])
        return shown if len(shown) <= KEY_LIMIT else shown[: KEY_LIMIT - 1] + "…"
    return display_text(av, KEY_LIMIT)


_PLACEHOLDER = re.compile(r"[#:][A-Za-z0-9_]+")


def render_expression(text: str, names: Mapping[str, str], values: Mapping[str, Any]) -> str:
    """An expression with its placeholders replaced, for people: ``email = "a@b"``; names and
    strings as ``visible_value`` quotes them, so a value cannot break the line or read as another."""
    def sub(match: re.Match[str]) -> str:
        token = match.group()
        if token.startswith("#"):
            return visible_value(str(names.get(token, token)))
        av = values.get(token)
        if av is None:
            return token
        try:
            code, member = next(iter(av.items()))
            return f'"{visible_value(member)}"' if code == "S" else display_text(av, 80)
        except (ValueError, StopIteration, AttributeError):
            return token
    return _PLACEHOLDER.sub(sub, text)


def action_key(action: Action, key_names: Sequence[str]) -> dict[str, Any]:
    """The key of the item an action writes (a Put's, taken from its item)."""
    return action.target_key(key_names) if action.kind == PUT else dict(action.key)


def _rule_title(name: str) -> str:
    return name[:1].upper() + name[1:]


def explain_reason(index: int, action: Action, reason: Mapping[str, Any], schema: UniquenessSchema,
                   key_names: Sequence[str]) -> ActionOutcome:
    """One CancellationReasons entry as a sentence tied to its action and field."""
    code = reason.get("Code")
    code = None if code in (None, "None") else str(code)
    item = reason.get("Item")
    key = action_key(action, key_names)
    where = f"{key_text(key)} in {action.table}"
    raw = str(reason.get("Message") or "").strip()
    if code is None:
        return ActionOutcome(index, None, "This action passed its checks; it was not written because "
                             "another action was cancelled.")
    if code == "ConditionalCheckFailed":
        return _explain_failed_condition(index, code, action, item, key, where, schema)
    if code == "TransactionConflict":
        return _explain_conflict(index, code, action, where, schema)
    return _explain_service_refusal(index, code, action, where, raw, item)


def _explain_failed_condition(index: int, code: str, action: Action, item: Any, key: Mapping[str, Any],
                              where: str, schema: UniquenessSchema) -> ActionOutcome:
    """ConditionalCheckFailed: a taken value, a vanished lock, an existing account, or else
    the condition itself as people read it. "Taken" and "gone" are said only when what DynamoDB
    returned, or the condition alone, shows it: a lock whose condition is not the usual guard
    can fail with the lock there (another owner) or absent (a refresh)."""
    shown = f" The item in the table: {compact_item(item)}." if item else ""
    keys = set(key) | set(schema.lock_key_names)
    exists = _item_exists(action, item, keys)
    lock = schema.match_lock(action.item if action.kind == PUT else action.key)
    if lock is not None:
        rule, value = lock
        if action.kind == PUT and exists is True and _required(action, "attribute_not_exists") & keys:
            # 'ada@x.io' in scope acme; a bare value with its backslashes and line breaks as escapes.
            spelled = rule.spelled(value) if rule.middle is not None else visible_value(value)
            return ActionOutcome(index, code, f"{_rule_title(rule.name)} {spelled} is already taken.{shown} "
                                 f"Choose another {rule.name}, or, if no account holds it, release the "
                                 "lock with the Release orphan lock template.",
                                 "item." + schema.pk_name, rule.attribute, item)
        if action.kind != PUT and exists is False and _required(action, "attribute_exists") & keys:
            return ActionOutcome(index, code, f"The {rule.name} lock for {visible_value(value)} no longer "
                                 "exists, so there was nothing to release or check; refresh and rebuild "
                                 "the transaction.", "condition", rule.attribute, item)
        human = render_expression(action.condition, action.names, action.values)
        returned = _returned(action, item, exists, "lock")
        return ActionOutcome(index, code, f"The condition on the {rule.name} lock for {visible_value(value)} "
                             f"({where}) was not met: {human}.{returned} Read the lock again and rebuild "
                             "the transaction.", "condition", rule.attribute, item)
    if action.kind == PUT and schema.is_account(action.item) and exists is not False \
            and schema.pk_name in _required(action, "attribute_not_exists"):
        return ActionOutcome(index, code, f"An account with {key_text(key)} already exists in "
                             f"{action.table}; use another account id.{shown}",
                             "item." + schema.pk_name, None, item)
    if action.kind == PUT and exists is True and requires_absent(action, set(key)):
        # Not "changed since it was built": the item was there, and a rebuild fails the same way.
        return ActionOutcome(index, code, f"{existing_item(key, action.table)}{shown}",
                             f"item.{next(iter(key))}" if key else "condition", None, item)
    human = render_expression(action.condition, action.names, action.values)
    what = f" ({action.label})" if action.label else ""
    gone = " DynamoDB returned no item: it is not in the table." \
        if not item and action.return_values == "ALL_OLD" else ""
    return ActionOutcome(index, code, f"The condition on {where}{what} was not met: {human}. The item "
                         f"changed since this transaction was built; reload it and rebuild.{shown}{gone}",
                         "condition", None, item)


def existing_item(key: Mapping[str, Any], table: str) -> str:
    """Why a Put guarded by ``attribute_not_exists`` on its key (Copy to table…) fails: the
    item is there already, and the guard keeps it from being replaced."""
    return (f"An item with {key_text(key)} already exists in {visible_value(table)}, and this Put "
            "writes only where no item has its key, so it does not replace it. Leave the item out "
            f"of the transaction, or delete the one in {visible_value(table)} first; reloading and "
            "rebuilding gives the same transaction.")


def requires_absent(action: Action, keys: set[str]) -> bool:
    """Whether ``action``'s condition needs ``attribute_not_exists`` of one of ``keys`` to
    pass: it fails wherever an item with the key is there."""
    return bool(_required(action, "attribute_not_exists") & keys)


def _returned(action: Action, item: Any, exists: bool | None, what: str) -> str:
    """What DynamoDB returned with the failure: the item, that there is none, or that the
    action did not ask for it (and what the condition alone shows)."""
    if item:
        return f" DynamoDB returned the {what} as it is now: {compact_item(item)}."
    if action.return_values == "ALL_OLD":
        return f" DynamoDB returned no item: the {what} is not in the table."
    known = {True: f"The {what} is in the table (its condition fails only then); ",
             False: f"The {what} is not in the table (its condition fails only then); ",
             None: ""}[exists]
    return (f" {known}DynamoDB returned no item (the action does not ask for one: its "
            "ReturnValuesOnConditionCheckFailure is not ALL_OLD).")


def _item_exists(action: Action, item: Any, keys: set[str]) -> bool | None:
    """Whether the item was there when the condition failed; None when nothing shows it.

    An item returned says it is there; else a condition that only tests a key attribute tells
    on its own (``attribute_not_exists(PK)`` fails only on an item that is there), and no item
    returned where ALL_OLD asked for it says it is not."""
    if item:
        return True
    only = _only_key_test(action, keys)
    if only is not None:
        return only == "attribute_not_exists"
    return False if action.return_values == "ALL_OLD" else None


def _tests(action: Action) -> list[tuple[str, str | None]] | None:
    """The condition's ANDed terms, each as (function, attribute) for a top-level
    ``attribute_exists``/``attribute_not_exists`` of a plain name, else (term kind, None);
    None when it does not parse (the request checks report that)."""
    try:
        tree = parse_condition(action.condition) if action.condition.strip() else None
    except ExpressionSyntaxError:
        return None
    out: list[tuple[str, str | None]] = []
    pending = [tree] if tree is not None else []
    while pending:
        node = pending.pop()
        if isinstance(node, And):
            pending.extend(node.operands)
        elif isinstance(node, FunctionCall) and node.name in ("attribute_exists", "attribute_not_exists") \
                and len(node.args) == 1 and isinstance(node.args[0], Path) \
                and len(node.args[0].elements) == 1 and isinstance(node.args[0].elements[0], str):
            first = node.args[0].elements[0]
            out.append((node.name, action.names.get(first, first)))
        else:
            out.append((type(node).__name__, None))
    return out


def _required(action: Action, function: str) -> set[str]:
    """The attributes the whole condition needs to pass ``function`` (alone or ANDed; under OR
    or NOT a test is not required)."""
    return {name for fn, name in _tests(action) or [] if fn == function and name is not None}


def _only_key_test(action: Action, keys: set[str]) -> str | None:
    """``attribute_exists`` or ``attribute_not_exists`` when the condition is only that test on
    key attributes (``attribute_not_exists(PK)``), else None."""
    tests = _tests(action)
    functions = {fn for fn, name in tests or [] if name in keys}
    if not tests or len(functions) != 1 or any(name not in keys for _fn, name in tests):
        return None
    return functions.pop()


def _explain_conflict(index: int, code: str, action: Action, where: str,
                      schema: UniquenessSchema) -> ActionOutcome:
    # A conflict says nothing about the value: the other writer may fail or release it. So a
    # lock's conflict is "try again" at the field, never "taken" (that is ConditionalCheckFailed).
    lock = schema.match_lock(action.item if action.kind == PUT else action.key)
    if lock is not None:
        rule, value = lock[0], visible_value(lock[1])
        return ActionOutcome(index, code, f"Another transaction was writing the {rule.name} lock for "
                             f"{value} at the same moment, so DynamoDB cancelled this one "
                             f"(TransactionConflict). This does not mean {value} is taken. Nothing was "
                             "written; try again.", "key", rule.attribute)
    return ActionOutcome(index, code, f"Another transaction or write was changing {where} at the "
                         "same moment, so DynamoDB cancelled this one. Nothing was written; execute "
                         "it again.", "key")


def _explain_service_refusal(index: int, code: str, action: Action, where: str, raw: str,
                             item: Any) -> ActionOutcome:
    """Throttling, a full item collection, an invalid action, or any other code, with its message."""
    if code in ("ThrottlingError", "ProvisionedThroughputExceeded"):
        return ActionOutcome(index, code, f"{action.table} was over its capacity for {where} (a hot "
                             "partition or too little provisioned capacity). Nothing was written; wait a "
                             "few seconds and execute again, or raise the table's capacity.", "table")
    if code == "ItemCollectionSizeLimitExceeded":
        return ActionOutcome(index, code, f"The item collection of {where} has reached 10 GB, the limit "
                             "for tables with a local secondary index. Delete items with this partition "
                             "key or move them to another key.", "key")
    if code == "ValidationError":
        return ActionOutcome(index, code, f"DynamoDB rejected this action as invalid: {raw or 'no detail'}. "
                             "Fix the action and execute again.", "key")
    return ActionOutcome(index, code, f"DynamoDB cancelled this action with {code}: {raw or 'no detail'}.",
                         "key", None, item)


def compact_item(item: Mapping[str, Any] | None) -> str:
    if not item:
        return "(none)"
    return "{" + key_text(item) + "}"


def explain_cancellation(tx: Transaction, reasons: Sequence[Mapping[str, Any]],
                         schema: UniquenessSchema | None = None,
                         tables: Mapping[str, TableInfo] | None = None) -> list[ActionOutcome]:
    """Map CancellationReasons, positionally, to one outcome per action."""
    schema = schema or article_schema()
    tables = tables or {}
    out = []
    for index, action in enumerate(tx.actions):
        reason = reasons[index] if index < len(reasons) else {"Code": "None"}
        names = key_names_for(action.table, tables, schema)
        out.append(explain_reason(index, action, reason, schema, names))
    return out


def cancellation_summary(outcomes: Sequence[ActionOutcome]) -> str:
    failed = [o for o in outcomes if o.code]
    if not failed:
        return "DynamoDB cancelled the transaction without saying why; nothing was written."
    return "Nothing was written. " + " ".join(f"Action {o.index + 1}: {o.message}" for o in failed)
