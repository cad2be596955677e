"""An action's expressions built from the builder's rows: UpdateExpression, ConditionExpression
and their ExpressionAttributeNames/Values, every name aliased.

A row is the text the user typed (a path, an operator, a type code, a value); parsing the
values and composing the text happens here, so the editor widgets only collect rows. Every
mistake comes back as a located ``Problem``, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.expressions.builders import and_, comparison, not_, or_
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.tx.model import Problem
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.user_text import parse_value

CONDITION_OPERATORS = ("attribute_not_exists", "attribute_exists", "attribute_type", "begins_with",
                       "contains", "=", "<>", "<", "<=", ">", ">=", "BETWEEN", "IN", "size =", "size <>",
                       "size <", "size <=", "size >", "size >=")
UPDATE_CLAUSES = ("SET", "REMOVE", "ADD", "DELETE")
SET_FORMS = ("value", "if_not_exists", "list_append", "+", "-")


@dataclass(frozen=True)
class UpdateRow:
    """One update step: ``SET path = value`` (or one of the SET forms), REMOVE, ADD, DELETE."""

    clause: str
    path: str
    form: str = "value"
    code: str = "S"
    value: str = ""


@dataclass(frozen=True)
class ConditionRow:
    """One condition, joined to the ones before it by AND or OR (left to right)."""

    path: str
    op: str
    code: str = "S"
    value: str = ""
    join: str = "AND"
    negate: bool = False


@dataclass
class Expressions:
    update: str = ""
    condition: str = ""
    names: dict[str, str] = field(default_factory=dict)
    values: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def build_expressions(index: int, update_rows: Sequence[UpdateRow],
                      condition_rows: Sequence[ConditionRow]) -> Expressions:
    """The expressions of action ``index`` from its rows (one shared set of placeholders)."""
    ph = Placeholders()
    problems: list[Problem] = []
    update = update_text(index, update_rows, ph, problems)
    condition = condition_text(index, condition_rows, ph, problems)
    return Expressions(update, condition, ph.names, ph.values, problems)


def update_text(index: int, rows: Sequence[UpdateRow], ph: Placeholders, problems: list[Problem]) -> str:
    clauses: dict[str, list[str]] = {c: [] for c in UPDATE_CLAUSES}
    for row in rows:
        path_text = row.path.strip()
        if not path_text:
            problems.append(Problem(index, "update", "An update step has no attribute path; type one."))
            continue
        try:
            path = ph.name(path_text)
            if row.clause == "REMOVE":
                clauses["REMOVE"].append(path)
                continue
            value = ph.value(parse_value(row.code, row.value))
        except (ValueParseError, ValueError) as exc:
            problems.append(Problem(index, "update", getattr(exc, "message", str(exc))))
            continue
        if row.clause in ("ADD", "DELETE"):
            clauses[row.clause].append(f"{path} {value}")
            continue
        rhs = {"value": value, "if_not_exists": f"if_not_exists({path}, {value})",
               "list_append": f"list_append({path}, {value})", "+": f"{path} + {value}",
               "-": f"{path} - {value}"}.get(row.form, value)
        clauses.setdefault(row.clause, []).append(f"{path} = {rhs}")
    return " ".join(f"{c} {', '.join(parts)}" for c, parts in clauses.items() if parts)


def condition_text(index: int, rows: Sequence[ConditionRow], ph: Placeholders,
                   problems: list[Problem]) -> str:
    text = ""
    for row in rows:
        size = row.op.startswith("size ")
        key = row.op[5:] if size else row.op.lower()
        count = {"attribute_exists": 0, "attribute_not_exists": 0, "between": 2, "in": None}.get(key, 1)
        try:
            values = value_list("S" if key == "attribute_type" else row.code, row.value, count)
            part = comparison(ph, row.path.strip(), key, values, size=size)
        except (ValueParseError, ValueError) as exc:
            problems.append(Problem(index, "condition", getattr(exc, "message", str(exc))))
            continue
        if row.negate:
            part = not_(part)
        joined = and_ if row.join == "AND" else or_
        text = joined(text, part) if text else part
    return text


def value_list(code: str, text: str, count: int | None) -> list[dict[str, Any]]:
    """Values typed in one row's cell: one, or several separated by '|' (BETWEEN, IN)."""
    if count == 0:
        return []
    parts = [p.strip() for p in text.split("|")] if count != 1 else [text]
    if count is not None and len(parts) != count:
        raise ValueParseError(f"Type {count} values separated by |, such as 1 | 9.")
    return [parse_value(code, p) for p in parts]
