"""Item and attribute sizes as DynamoDB bills and limits them, and the capacity units they cost."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from dynoview.core.values.numbers import analyse_number
from dynoview.core.values.types import ValueParseError, type_code


def _value_size(av: Mapping[str, Any]) -> int:
    code = type_code(av)
    member = av[code]
    if code == "S":
        return len(member.encode("utf-8", "surrogatepass"))
    if code == "N":
        return _number_size(member)
    if code == "B":
        return len(member)
    if code in ("BOOL", "NULL"):
        return 1
    if code == "SS":
        return sum(len(m.encode("utf-8", "surrogatepass")) for m in member)
    if code == "NS":
        return sum(_number_size(m) for m in member)
    if code == "BS":
        return sum(len(m) for m in member)
    if code == "L":
        return 3 + sum(1 + _value_size(v) for v in member)
    return 3 + sum(1 + len(k.encode("utf-8", "surrogatepass")) + _value_size(v) for k, v in member.items())


def _number_size(text: str) -> int:
    """Bytes of an N value as DynamoDB stores it: one exponent byte, one byte per base-100
    digit (pairs of decimal digits aligned on the decimal point, so ``1.5`` takes two: 01.50),
    and one more for a negative number; zero is one byte. DynamoDB Local (AWS's engine) bills
    exactly this (tests/integration/test_capacity_engine.py); the guide's "one byte per two
    significant digits plus one" is its approximation."""
    try:
        number = analyse_number(text)[1]
    except ValueParseError:
        return math.ceil(sum(c.isdigit() for c in text) / 2) + 1
    if not number.digits:
        return 1
    lowest = number.adjusted - len(number.digits) + 1  # power of ten of the last digit
    pairs = number.adjusted // 2 - lowest // 2 + 1
    return 1 + pairs + (1 if number.negative else 0)


def attribute_size(name: str, av: Mapping[str, Any]) -> int:
    """Estimate an attribute's size in bytes as DynamoDB bills and limits it (400 KB items).

    Rules from the Developer Guide page "DynamoDB item sizes and formats"
    (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
    UTF-8 length of the name plus the value, where S is its UTF-8 length; N one byte per
    two digits aligned on the decimal point, plus one, plus one if negative (leading and
    trailing zeros trimmed; see ``_number_size``); B its raw
    length; BOOL and NULL 1 byte; L and M 3 bytes plus 1 per element plus the elements
    (map keys count their UTF-8 length); sets the sum of their members.
    """
    return len(name.encode("utf-8", "surrogatepass")) + _value_size(av)


def item_size(item: Mapping[str, Mapping[str, Any]]) -> int:
    """Estimate an item's size in bytes: the sum of its attribute sizes (see ``attribute_size``)."""
    return sum(attribute_size(name, av) for name, av in item.items())


def read_units(size_bytes: int, consistent: bool) -> float:
    """Read capacity for reading one item of this size.

    One unit per 4 KB, rounded up (at least one); eventually consistent reads cost half.
    """
    if size_bytes < 0:
        raise ValueError("An item size cannot be negative.")
    units = max(1, math.ceil(size_bytes / 4096))
    return float(units) if consistent else units / 2


def write_units(size_bytes: int, transactional: bool) -> float:
    """Write capacity for writing one item of this size.

    One unit per 1 KB, rounded up (at least one); transactional writes cost double.
    """
    if size_bytes < 0:
        raise ValueError("An item size cannot be negative.")
    units = max(1, math.ceil(size_bytes / 1024))
    return float(units * 2 if transactional else units)
