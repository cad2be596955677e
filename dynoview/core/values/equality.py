"""Equality of AttributeValues as DynamoDB compares them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.values.numbers import number_key
from dynoview.core.values.types import type_code


def values_equal(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Compare two AttributeValues as DynamoDB would.

    Types must match; numbers compare numerically (``1`` equals ``1.0``); sets ignore
    order; lists compare element by element; maps by key.
    """
    code = type_code(a)
    if type_code(b) != code:
        return False
    x, y = a[code], b[code]
    if code == "N":
        return number_key(x) == number_key(y)
    if code == "B":
        return bytes(x) == bytes(y)
    if code == "SS":
        return set(x) == set(y)
    if code == "NS":
        return {number_key(m) for m in x} == {number_key(m) for m in y}
    if code == "BS":
        return {bytes(m) for m in x} == {bytes(m) for m in y}
    if code == "L":
        return len(x) == len(y) and all(values_equal(p, q) for p, q in zip(x, y, strict=True))
    if code == "M":
        return x.keys() == y.keys() and all(values_equal(x[k], y[k]) for k in x)
    return bool(x == y)
