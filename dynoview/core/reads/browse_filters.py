"""The items view's filter as a FilterExpression: one attribute, taken literally (its name as
typed, spaces and dots included, always behind a placeholder), compared by one operator.

BETWEEN takes a lower and an upper bound; IN a JSON list of up to ``MAX_IN_VALUES`` values
of the chosen type (``["a", "b"]``), as sets are typed elsewhere in the app.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse_options import FILTER_OPERATORS, MAX_IN_VALUES, UNARY_OPERATORS

if TYPE_CHECKING:
    from dynoview.core.expressions.placeholders import Placeholders

ORDERED_TYPES = frozenset({"S", "N", "B"})  # what <, <=, >, >= and BETWEEN compare
# How each type's values are written in an IN list, for the refusal of one that is not.
_IN_HINTS = {"S": 'strings in quotes, such as "a"', "N": 'numbers, such as 7 or "1.5"',
             "B": "base64 text in quotes", "BOOL": "true or false", "NULL": "null"}


class FilterParts(Protocol):
    """What a filter is made of (``browse.FilterSpec``, which builds its request with this
    module: a Protocol, not an import, keeps the two modules free of a cycle)."""

    @property
    def attribute(self) -> str: ...
    @property
    def operator(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def value_type(self) -> str: ...
    @property
    def upper(self) -> str: ...


class _NumberText(str):
    """A JSON number's text as written: numbers never go through float."""


def order_key(av: dict[str, Any]) -> Any:
    """How DynamoDB orders key values: numbers by value, strings by UTF-8 bytes, binary by bytes."""
    ((code, member),) = av.items()
    if code == "N":
        from decimal import Decimal

        return Decimal(member)
    return member.encode("utf-8", "surrogatepass") if code == "S" else bytes(member)


def out_of_order(lower: str, upper: str, field: str) -> DynoViewError:
    return DynoViewError(f"The upper bound {upper!r} is below the lower bound {lower!r}, and "
                         "DynamoDB refuses such a BETWEEN; swap them.", field=field)


def _parse(value_type: str, text: str, field: str, what: str = "Filter value") -> dict[str, Any]:
    from dynoview.core.values.types import ValueParseError
    from dynoview.core.values.user_text import parse_value

    try:
        return parse_value(value_type, text)
    except ValueParseError as exc:
        raise DynoViewError(f"{what}: {exc.message}", field=field) from exc


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def in_values(flt: FilterParts) -> list[dict[str, Any]]:
    """The values of an IN filter, typed as ``flt.value_type``; refused at the value box."""
    example = 'such as ["a", "b"]' if flt.value_type != "N" else "such as [1, 2.5]"
    try:
        members = json.loads(flt.value, parse_float=_NumberText, parse_int=_NumberText,
                             parse_constant=_no_constant)
    except ValueError:
        members = None
    if not isinstance(members, list):
        raise DynoViewError(f"IN takes a JSON list of values, {example}.", field="filter_value")
    if not members:
        raise DynoViewError(f"IN needs at least one value in the list, {example}.", field="filter_value")
    if len(members) > MAX_IN_VALUES:
        raise DynoViewError(f"IN takes at most {MAX_IN_VALUES} values, and this list has "
                            f"{len(members)}; split the read in several.", field="filter_value")
    values = []
    for number, member in enumerate(members, 1):
        text_ok = isinstance(member, str) and (flt.value_type == "N" or not isinstance(member, _NumberText))
        if text_ok:
            values.append(_parse(flt.value_type, member, "filter_value", f"Value {number} of the IN list"))
        elif flt.value_type == "BOOL" and isinstance(member, bool):
            values.append({"BOOL": member})
        elif flt.value_type == "NULL" and member is None:
            values.append({"NULL": True})
        else:
            hint = _IN_HINTS.get(flt.value_type, "typed as the list's type")
            raise DynoViewError(f"Value {number} of the IN list is not a {flt.value_type} value: "
                                f"{flt.value_type} values are {hint}.", field="filter_value")
    return values


def filter_expression(ph: Placeholders, flt: FilterParts) -> str:
    """The FilterExpression for ``flt``, its name and values added to ``ph``."""
    if flt.operator not in FILTER_OPERATORS:
        raise DynoViewError(f"Unknown filter operator {flt.operator!r}.", field="filter_operator")
    name = ph.literal_name(flt.attribute)
    if flt.operator in UNARY_OPERATORS:
        return f"{flt.operator}({name})"
    if flt.operator in {"<", "<=", ">", ">=", "between"} and flt.value_type not in ORDERED_TYPES:
        raise DynoViewError(f"{flt.operator} compares strings, numbers or binary, not "
                            f"{flt.value_type}; use = or <>, or another type.", field="filter_type")
    if flt.operator == "begins_with" and flt.value_type not in {"S", "B"}:
        raise DynoViewError(f"begins_with compares strings or binary, not {flt.value_type}; "
                            "use another operator or type.", field="filter_type")
    if flt.operator == "in":
        return f"{name} IN ({', '.join(ph.value(v) for v in in_values(flt))})"
    value = _parse(flt.value_type, flt.value, "filter_value")
    if flt.operator == "between":
        upper = _parse(flt.value_type, flt.upper, "filter_value1", "Upper bound")
        if order_key(value) > order_key(upper):
            raise out_of_order(flt.value, flt.upper, "filter_value1")
        return f"{name} BETWEEN {ph.value(value)} AND {ph.value(upper)}"
    if flt.operator in {"begins_with", "contains"}:
        return f"{flt.operator}({name}, {ph.value(value)})"
    return f"{name} {flt.operator} {ph.value(value)}"
