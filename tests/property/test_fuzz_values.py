"""Typed value editors and DynamoDB JSON under arbitrary input.

Every input either becomes a value DynamoDB accepts (checked independently of the
parser, and by botocore's request validation) or is refused with ValueParseError
carrying a sentence, located by path inside nested values. Nothing else escapes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.core.values.binary import parse_binary
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.numbers import parse_number
from dynoview.core.values.types import TYPE_CODES, ValueParseError
from dynoview.core.values.user_text import parse_value
from tests.property.strategies import (
    BASE64ISH,
    FUZZ,
    NUMBERISH,
    TEXT,
    check_av,
    check_request,
    json_text,
    json_values,
    valid_number,
)

pytestmark = pytest.mark.property

TYPES = st.sampled_from(sorted(TYPE_CODES)) | st.sampled_from(["s", " n ", "X", "", "bool"])


def refused(exc: ValueParseError) -> None:
    assert exc.message and exc.message.strip() == exc.message  # a sentence ("-Infinity is not...")
    assert exc.message.endswith((".", ")")), exc.message


def accepted(av: dict[str, Any]) -> None:
    check_av(av)
    check_request("PutItem", {"TableName": "fuzz", "Item": {"PK": {"S": "k"}, "attr": av}})
    assert from_dynamodb_json(json.loads(json.dumps(to_dynamodb_json(av)))) == av  # lossless


@settings(settings.get_profile(FUZZ))
@given(TYPES, TEXT | NUMBERISH | BASE64ISH | json_text())
def test_parse_value_accepts_only_valid_values(type_code: str, text: str) -> None:
    try:
        av = parse_value(type_code, text)
    except ValueParseError as exc:
        refused(exc)
        return
    accepted(av)


@settings(settings.get_profile(FUZZ))
@given(NUMBERISH | TEXT | st.decimals().map(str) | st.floats().map(repr) | st.integers().map(str))
def test_numbers_are_exact_or_refused(text: str) -> None:
    try:
        out = parse_number(text)
    except ValueParseError as exc:
        refused(exc)
        return
    assert valid_number(out)
    assert out == text.strip().removeprefix("+")  # the user's digits, never rounded or reformatted
    assert out.lower().lstrip("+-") not in {"nan", "inf", "infinity"}


@settings(settings.get_profile(FUZZ))
@given(BASE64ISH | TEXT)
def test_binary_is_base64_or_refused(text: str) -> None:
    try:
        data = parse_binary(text)
    except ValueParseError as exc:
        refused(exc)
        return
    assert isinstance(data, bytes)


@settings(settings.get_profile(FUZZ))
@given(json_values())
def test_dynamodb_json_is_valid_or_refused_at_a_path(obj: Any) -> None:
    try:
        av = from_dynamodb_json(obj, "item.attr")
    except ValueParseError as exc:
        refused(exc)
        assert exc.path.startswith("item.attr"), exc.path  # located inside the value
        return
    accepted(av)
