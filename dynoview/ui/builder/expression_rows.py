"""Raw expressions read back into the builder's rows, when the rows can say exactly the same.

Unticking "Edit expressions as raw text" must not lose what the raw fields hold, so the rows
are filled from the parsed expressions (core's ``expressions.parser``) and kept only if
building them (core's ``tx.expressions``) gives the same expressions, every placeholder
resolved to its name or value. Anything else raises ``NotRows`` with a reason the editor
explains, and the editor stays in raw mode. No Qt here: the editor only shows the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any

from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import (
    And,
    Arithmetic,
    Between,
    Comparison,
    Condition,
    FunctionCall,
    In,
    Not,
    Or,
    Path,
    UpdateExpression,
    Value,
    placeholders,
)
from dynoview.core.expressions.parser import parse_condition, parse_update
from dynoview.core.tx.expressions import ConditionRow, UpdateRow, build_expressions
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.ui.builder.fields import av_text

# Why raw text cannot become rows (the editor words each one for the user).
INVALID = "invalid"  # the text or a map does not parse; ``detail`` is core's message
UNUSED = "unused"  # map entries no expression uses: rows would drop them; ``detail`` lists them
SHAPE = "shape"  # valid, but more than rows can express (groups, two paths, other functions)


class NotRows(Exception):
    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason, detail)
        self.reason = reason
        self.detail = detail


def rows_from_raw(update: str, condition: str, names: Mapping[str, str],
                  values: Mapping[str, Any]) -> tuple[list[UpdateRow], list[ConditionRow]]:
    """The rows that build exactly ``update`` and ``condition`` with these maps, or NotRows."""
    try:
        update_tree = parse_update(update) if update else None
        condition_tree = parse_condition(condition) if condition else None
    except ExpressionSyntaxError as exc:
        raise NotRows(INVALID, exc.message) from exc
    used = {p for tree in (update_tree, condition_tree) if tree is not None for p in placeholders(tree)}
    unused = [p for p in (*names, *values) if p not in used]
    if unused:
        raise NotRows(UNUSED, ", ".join(unused))
    update_rows = _update_rows(update_tree, names, values) if update_tree else []
    condition_rows = _condition_rows(condition_tree, names, values) if condition_tree else []
    built = build_expressions(0, update_rows, condition_rows)
    if built.problems:
        raise NotRows(SHAPE)
    try:
        same = (_same(update_tree, built.update, parse_update, names, values, built)
                and _same(condition_tree, built.condition, parse_condition, names, values, built))
    except ExpressionSyntaxError as exc:  # pragma: no cover - core built it
        raise NotRows(SHAPE) from exc
    if not same:
        raise NotRows(SHAPE)  # e.g. a name with a dot or edge spaces, which a row's path splits
    return update_rows, condition_rows


def _same(tree: Any, text: str, parse: Any, names: Mapping[str, str], values: Mapping[str, Any],
          built: Any) -> bool:
    rebuilt = parse(text) if text else None
    if tree is None or rebuilt is None:
        return tree is None and rebuilt is None
    return bool(_canonical(tree, names, values) == _canonical(rebuilt, built.names, built.values))


def _canonical(node: Any, names: Mapping[str, str], values: Mapping[str, Any]) -> Any:
    """A tree with every placeholder replaced by what it stands for (positions left out), so
    two spellings of one expression compare equal."""
    if isinstance(node, tuple):
        return tuple(_canonical(n, names, values) for n in node)
    if isinstance(node, Path):
        return ("path", _resolved(node, names))
    if isinstance(node, Value):
        return ("value", to_dynamodb_json(_value(node, values)))
    if isinstance(node, And | Or):  # (a AND b) AND c is a AND b AND c
        flat: list[Any] = []
        for operand in node.operands:
            part = _canonical(operand, names, values)
            flat.extend(part[1] if part[0] == type(node).__name__ else [part])
        return (type(node).__name__, tuple(flat))
    if is_dataclass(node):
        return (type(node).__name__, *(_canonical(getattr(node, f.name), names, values)
                                       for f in fields(node) if f.compare))
    return node


def _resolved(path: Path, names: Mapping[str, str]) -> tuple[str | int, ...]:
    out: list[str | int] = []
    for element in path.elements:
        if isinstance(element, str) and element.startswith("#"):
            if element not in names:
                raise NotRows(INVALID, f"{element} has no entry in ExpressionAttributeNames.")
            element = names[element]
        out.append(element)
    return tuple(out)


def _value(node: Value, values: Mapping[str, Any]) -> Any:
    if node.name not in values:
        raise NotRows(INVALID, f"{node.name} has no entry in ExpressionAttributeValues.")
    return values[node.name]


def _path_text(node: Any, names: Mapping[str, str]) -> str:
    """A row's path (``a.b[2]``) for a parsed path; anything else cannot be a row."""
    if not isinstance(node, Path):
        raise NotRows(SHAPE)
    text = ""
    for element in _resolved(node, names):
        text += f"[{element}]" if isinstance(element, int) else (f".{element}" if text else element)
    return text


def _typed(node: Any, values: Mapping[str, Any]) -> tuple[str, str]:
    """(type code, text) a row's value cells show for a value placeholder."""
    if not isinstance(node, Value):
        raise NotRows(SHAPE)
    return av_text(_value(node, values))


def _update_rows(tree: UpdateExpression, names: Mapping[str, str],
                 values: Mapping[str, Any]) -> list[UpdateRow]:
    rows = []
    for action in tree.set:
        path, rhs = _path_text(action.path, names), action.value
        form, operand = "value", rhs
        if isinstance(rhs, FunctionCall) and rhs.name in ("if_not_exists", "list_append") \
                and len(rhs.args) == 2:
            form, first, operand = rhs.name, rhs.args[0], rhs.args[1]
            if _path_text(first, names) != path:
                raise NotRows(SHAPE)  # a row's function reads the attribute it sets
        elif isinstance(rhs, Arithmetic):
            form, operand = rhs.op, rhs.right
            if _path_text(rhs.left, names) != path:
                raise NotRows(SHAPE)
        rows.append(UpdateRow("SET", path, form, *_typed(operand, values)))
    rows.extend(UpdateRow("REMOVE", _path_text(p, names)) for p in tree.remove)
    for clause, actions in (("ADD", tree.add), ("DELETE", tree.delete)):
        rows.extend(UpdateRow(clause, _path_text(a.path, names), "value", *_typed(a.value, values))
                    for a in actions)
    return rows


def _condition_rows(tree: Condition, names: Mapping[str, str],
                    values: Mapping[str, Any]) -> list[ConditionRow]:
    """Rows join left to right, so only a left-leaning chain fits: ``(a OR b) AND c``."""
    if isinstance(tree, And | Or):
        join = "AND" if isinstance(tree, And) else "OR"
        rows = _condition_rows(tree.operands[0], names, values)
        rows.extend(replace(_condition_row(o, names, values), join=join) for o in tree.operands[1:])
        return rows
    return [_condition_row(tree, names, values)]


def _condition_row(node: Condition, names: Mapping[str, str], values: Mapping[str, Any]) -> ConditionRow:
    negate = isinstance(node, Not)
    if isinstance(node, Not):
        node = node.operand
    if isinstance(node, Comparison):
        left, op = node.left, node.op
        if isinstance(left, FunctionCall) and left.name == "size" and len(left.args) == 1:
            left, op = left.args[0], f"size {op}"
        return ConditionRow(_path_text(left, names), op, *_typed(node.right, values), negate=negate)
    if isinstance(node, Between | In):
        options = (node.low, node.high) if isinstance(node, Between) else node.options
        typed = [_typed(o, values) for o in options]
        if len({code for code, _ in typed}) != 1:
            raise NotRows(SHAPE)  # one row has one type for all its values
        op = "BETWEEN" if isinstance(node, Between) else "IN"
        return ConditionRow(_path_text(node.operand, names), op, typed[0][0],
                            " | ".join(text for _, text in typed), negate=negate)
    if isinstance(node, FunctionCall) and node.args:
        path = _path_text(node.args[0], names)
        if node.name in ("attribute_exists", "attribute_not_exists") and len(node.args) == 1:
            return ConditionRow(path, node.name, negate=negate)
        if node.name in ("attribute_type", "begins_with", "contains") and len(node.args) == 2:
            return ConditionRow(path, node.name, *_typed(node.args[1], values), negate=negate)
    raise NotRows(SHAPE)
