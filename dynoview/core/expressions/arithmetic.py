"""What ``SET a = :x + :y`` computes when both operands are values, and whether DynamoDB can
store the result: at most 38 significant digits, 1E-130 to 9.99…E+125 in magnitude.

Measured on DynamoDB Local 1.25.1 (tests/differential, category ``values``): the sum is exact,
then checked for its digits first ("only supports precision up to 38 digits"), then for its
magnitude ("Number overflow", "Number underflow"); zero is always stored. With a path or
``if_not_exists`` on either side the result depends on the stored item, which a check
before sending cannot know (the preflight reads the item).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Context, Decimal, InvalidOperation
from typing import Any

from dynoview.core.expressions.nodes import Arithmetic, Value
from dynoview.core.values.numbers import MAX_NUMBER_DIGITS, RANGE_TEXT, parse_number
from dynoview.core.values.types import ValueParseError

# Exact for any two valid numbers: their digits span at most 38 + 256 places.
_EXACT = Context(prec=400)
_MAX_ADJUSTED, _MIN_ADJUSTED = 125, -130


def _number(operand: Any, values: Mapping[str, Any]) -> Decimal | None:
    if not isinstance(operand, Value):
        return None
    av = values.get(operand.name)
    if not isinstance(av, Mapping) or set(av) != {"N"}:
        return None
    try:
        return Decimal(parse_number(str(av["N"])))
    except (ValueParseError, InvalidOperation):
        return None  # an invalid value is reported where the values are checked


def arithmetic_problem(node: Arithmetic, values: Mapping[str, Any]) -> str | None:
    """Why DynamoDB refuses to store ``:x + :y`` (or ``-``), when both sides are number
    values; None when it stores it or when a side depends on the item."""
    left, right = _number(node.left, values), _number(node.right, values)
    if left is None or right is None:
        return None
    result = _EXACT.add(left, right) if node.op == "+" else _EXACT.subtract(left, right)
    if result.is_zero():
        return None
    digits = len(result.normalize(_EXACT).as_tuple().digits)
    shown = f"{node.left.name} {node.op} {node.right.name}"  # type: ignore[union-attr]
    text = format(result.normalize(_EXACT), "E")
    if digits > MAX_NUMBER_DIGITS:
        return (f"{shown} is {_short(text)}, which has {digits} significant digits; DynamoDB stores "
                f"at most {MAX_NUMBER_DIGITS} and refuses the update. Compute the value in your "
                "application and round it, or store it as a string.")
    if not _MIN_ADJUSTED <= result.adjusted() <= _MAX_ADJUSTED:
        return (f"{shown} is {_short(text)}, outside DynamoDB's number range ({RANGE_TEXT} in "
                "magnitude, or 0); DynamoDB refuses the update. Use smaller values.")
    return None


def _short(text: str) -> str:
    return text if len(text) <= 48 else f"{text[:20]}…{text[-8:]}"
