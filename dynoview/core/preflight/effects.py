"""What one transaction action leaves behind, for the uniqueness preflight.

Only what the invariant needs is computed: whether the item exists afterwards and the
protected (rule) attributes' values, and the attributes scoped rules fill their scope from. An
Update whose effect on a protected attribute cannot be computed from the request alone yields
``UNKNOWN``, so the preflight can say so instead of guessing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import FunctionCall, Path, Value
from dynoview.core.expressions.parser import parse_update
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.uniqueness.scope import scope_variables


class _Unknown:
    """The marker for "this action's result cannot be predicted"."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()


def _top_name(path: Path, names: Mapping[str, str]) -> str | None:
    first = path.elements[0] if path.elements else None
    if not isinstance(first, str):
        return None
    return names.get(first) if first.startswith("#") else first


def _operand(node: Any, item: Mapping[str, Any], action: Action) -> Any:
    """The value an operand evaluates to on the item before the update, or UNKNOWN."""
    if isinstance(node, Value):
        return action.values.get(node.name, UNKNOWN)
    if isinstance(node, Path):
        if len(node.elements) != 1:
            return UNKNOWN
        name = _top_name(node, action.names)
        return item.get(name) if name is not None else UNKNOWN
    if isinstance(node, FunctionCall) and node.name == "if_not_exists" and len(node.args) == 2:
        current = _operand(node.args[0], item, action)
        if current is UNKNOWN:
            return UNKNOWN
        return current if current is not None else _operand(node.args[1], item, action)
    return UNKNOWN  # list_append, arithmetic: never a protected string value we can name


def _apply_update(action: Action, before: Mapping[str, Any] | None,
                  protected: set[str]) -> Any:
    # An Update on a missing item creates it from its key (DynamoDB upserts).
    item: dict[str, Any] = dict(before) if before is not None else dict(action.key)
    try:
        tree = parse_update(action.update)
    except ExpressionSyntaxError:
        return UNKNOWN
    original = dict(item)  # every operand reads the item as it was before this update
    for step in tree.set:
        name = _top_name(step.path, action.names)
        if name is None:
            return UNKNOWN
        if name not in protected:
            item.setdefault(name, {"NULL": True})  # exists afterwards; its value does not matter here
            continue
        if len(step.path.elements) != 1:
            return UNKNOWN
        value = _operand(step.value, original, action)
        if value is UNKNOWN:
            return UNKNOWN
        if value is None:
            item.pop(name, None)
        else:
            item[name] = value
    for path in tree.remove:
        name = _top_name(path, action.names)
        if name is None:
            return UNKNOWN
        if name in protected and len(path.elements) != 1:
            return UNKNOWN
        if len(path.elements) == 1:
            item.pop(name, None)
    for update in (*tree.add, *tree.delete):
        name = _top_name(update.path, action.names)
        if name is None or name in protected:
            return UNKNOWN
    return item


def apply_action(action: Action, before: Any, rules: Sequence[LockRule]) -> Any:
    """The item after ``action`` (None: no item; UNKNOWN: cannot be predicted)."""
    if before is UNKNOWN:
        return UNKNOWN
    if action.kind == PUT:
        return dict(action.item)
    if action.kind == DELETE:
        return None
    if action.kind == UPDATE:
        # A scoped rule's locks are keyed by the attributes its scope reads too (tenantId).
        scopes = {v for r in rules if r.scope is not None for v in scope_variables(r.scope)}
        return _apply_update(action, before, {r.attribute for r in rules} | scopes)
    return before  # ConditionCheck writes nothing
