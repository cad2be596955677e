"""Conditions built from parts (a path, an operator, typed values), with generated placeholders,
and joined with AND, OR and NOT so the result parses as meant."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.expressions.lexer import tokenize
from dynoview.core.expressions.nodes import And, Or
from dynoview.core.expressions.parser import COMPARATORS, MAX_IN_VALUES, parse_condition
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.values.types import TYPE_CODES, type_code


def _as_values(values: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> list[Mapping[str, Any]]:
    if isinstance(values, Mapping):
        return [values]
    return list(values)


_COMPARISON_ARITY = {
    **{op: 1 for op in COMPARATORS},
    "between": 2,
    "in": -1,
    "begins_with": 1,
    "contains": 1,
    "attribute_exists": 0,
    "attribute_not_exists": 0,
    "attribute_type": 1,
}


def comparison(
    ph: Placeholders,
    path: str,
    op: str,
    values: Sequence[Mapping[str, Any]] | Mapping[str, Any] = (),
    *,
    size: bool = False,
    literal: bool = False,
) -> str:
    """Build one condition on ``path`` for filter and condition expressions.

    ``op`` is a comparator (``=, <>, <, <=, >, >=``), ``between`` (two values), ``in``
    (1–100 values), ``begins_with``, ``contains``, ``attribute_exists``,
    ``attribute_not_exists`` (no value) or ``attribute_type`` (one ``{"S": "N"}``-style
    value naming the type). ``size=True`` compares ``size(path)`` instead (comparators,
    between, in). ``literal=True`` treats ``path`` as one attribute name containing dots.
    """
    key = op.lower() if any(c.isalpha() for c in op) else op
    if key not in _COMPARISON_ARITY:
        raise ValueError(f"Unknown operator {op!r}; use one of {', '.join(_COMPARISON_ARITY)}.")
    vals = _as_values(values)
    arity = _COMPARISON_ARITY[key]
    if arity == -1 and not 1 <= len(vals) <= MAX_IN_VALUES:
        raise ValueError(f"IN takes between 1 and {MAX_IN_VALUES} values; {len(vals)} given.")
    if arity >= 0 and len(vals) != arity:
        raise ValueError(f"{op} takes {arity} value{'s' if arity != 1 else ''}; {len(vals)} given.")
    if size and key not in (*COMPARATORS, "between", "in"):
        raise ValueError(f"size() can be compared with =, <>, <, <=, >, >=, between or in, not {op}.")
    if key == "attribute_type":
        av = vals[0]
        if type_code(av) != "S" or av["S"] not in TYPE_CODES:
            raise ValueError(
                "attribute_type takes a string value naming a type, such as {'S': 'N'}; "
                f"valid types are {', '.join(sorted(TYPE_CODES))}."
            )
    target = ph.literal_name(path) if literal else ph.name(path)
    if size:
        target = f"size({target})"
    if key in ("attribute_exists", "attribute_not_exists"):
        return f"{key}({target})"
    placeholders = [ph.value(v) for v in vals]
    if key in COMPARATORS:
        return f"{target} {key} {placeholders[0]}"
    if key == "between":
        return f"{target} BETWEEN {placeholders[0]} AND {placeholders[1]}"
    if key == "in":
        return f"{target} IN ({', '.join(placeholders)})"
    return f"{key}({target}, {placeholders[0]})"


def _is_wrapped(text: str) -> bool:
    """True if the whole text is one parenthesised group."""
    tokens = tokenize(text)
    if not (tokens[0].kind == "op" and tokens[0].text == "("):
        return False
    depth = 0
    for index, token in enumerate(tokens):
        if token.kind == "op" and token.text == "(":
            depth += 1
        elif token.kind == "op" and token.text == ")":
            depth -= 1
            if depth == 0:
                return tokens[index + 1].kind == "end"
    return False  # pragma: no cover - tokenize rejects unbalanced text


def _wrap_if(text: str, kinds: tuple[type, ...]) -> str:
    if isinstance(parse_condition(text), kinds) and not _is_wrapped(text):
        return f"({text})"
    return text


def and_(*exprs: str | None) -> str:
    """Join conditions with AND, parenthesising OR operands; empty ones are skipped.

    Returns "" when nothing is left, so callers can leave the parameter out.
    """
    parts = [e for e in exprs if e]
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return " AND ".join(_wrap_if(p, (Or,)) for p in parts)


def or_(*exprs: str | None) -> str:
    """Join conditions with OR (the loosest operator, so no parentheses are needed)."""
    parts = [e for e in exprs if e]
    for part in parts:
        parse_condition(part)
    return " OR ".join(parts)


def not_(expr: str) -> str:
    """Negate a condition, parenthesising it when it is an AND or OR."""
    return f"NOT {_wrap_if(expr, (And, Or))}"
