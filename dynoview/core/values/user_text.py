"""What a user types into a typed field (a type code and its text) as an AttributeValue."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from dynoview.core.values.binary import parse_binary
from dynoview.core.values.dynamodb_json import detect_json_form, from_dynamodb_json
from dynoview.core.values.numbers import RANGE_TEXT, number_text, parse_number
from dynoview.core.values.plain import from_plain
from dynoview.core.values.sets import binary_set, number_set, string_set
from dynoview.core.values.types import (
    MAX_NESTING_DEPTH,
    SET_TYPES,
    TYPE_CODES,
    TYPE_ORDER,
    ValueParseError,
    abbreviate,
    check_utf8,
    describe_kind,
)


class _DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _reject_constant(name: str) -> Any:
    raise ValueParseError(
        f"{name} is not a valid number: DynamoDB numbers must be finite. Use a string or NULL instead."
    )


def _load_json(text: str, what: str) -> Any:
    """Parse JSON with numbers as Decimal (never float) and duplicate keys rejected."""
    if not text.strip():
        raise ValueParseError(f"Type {what}.")
    try:
        return json.loads(
            text,
            parse_float=Decimal,
            parse_int=Decimal,
            parse_constant=_reject_constant,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as exc:
        raise ValueParseError(
            f"This is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}. Type {what}."
        ) from None
    except _DuplicateKeyError as exc:
        raise ValueParseError(
            f"The key {json.dumps(exc.key, ensure_ascii=False)} appears twice in one object; keep only one."
        ) from None
    except RecursionError:
        raise ValueParseError(
            f"This JSON is nested too deeply; DynamoDB supports at most {MAX_NESTING_DEPTH} levels."
        ) from None
    except ValueParseError:
        raise
    except (ValueError, ArithmeticError):
        # Decimal refuses exponents beyond its own limits (InvalidOperation), far past
        # anything DynamoDB stores.
        raise ValueParseError(
            f"This JSON holds a number far outside DynamoDB's range; numbers must lie "
            f"{RANGE_TEXT} in magnitude."
        ) from None


_SET_ELEMENT = {"SS": "strings", "NS": "numbers", "BS": "base64 strings"}


def parse_value(type_code: str, text: str) -> dict[str, Any]:
    """Turn what a user typed for a given type into an AttributeValue.

    S as is (empty allowed for non-key attributes); N via ``parse_number``; B as base64;
    BOOL ``true``/``false`` (any case); NULL from empty text, ``null`` or ``true``;
    SS/NS/BS from a JSON array of strings (NS also takes JSON numbers); L/M from JSON,
    either DynamoDB JSON or plain JSON (see ``detect_json_form``). Raises only
    ``ValueParseError``.
    """
    code = type_code.strip().upper() if isinstance(type_code, str) else ""
    if code not in TYPE_CODES:
        raise ValueParseError(f"{type_code!r} is not a DynamoDB type; use one of {', '.join(TYPE_ORDER)}.")
    if code == "S":
        return {"S": check_utf8(text, "")}
    if code == "N":
        return {"N": parse_number(text)}
    if code == "B":
        return {"B": parse_binary(text)}
    if code == "BOOL":
        word = text.strip().lower()
        if word in ("true", "false"):
            return {"BOOL": word == "true"}
        raise ValueParseError(f"Type true or false for a BOOL value, not {abbreviate(text)!r}.")
    if code == "NULL":
        if text.strip().lower() in ("", "null", "true"):
            return {"NULL": True}
        raise ValueParseError("A NULL value has no content; leave the field empty or type null.")
    if code in SET_TYPES:
        return _parse_set(code, text)
    what = 'a JSON array such as [1, "a"]' if code == "L" else 'a JSON object such as {"a": 1}'
    obj = _load_json(text, what)
    expected = list if code == "L" else dict
    if not isinstance(obj, expected):
        raise ValueParseError(f"An {code} value is {what}; this is {describe_kind(obj)}.")
    if detect_json_form(obj) == "dynamodb":
        if isinstance(obj, list):
            return {"L": [from_dynamodb_json(v, f"[{i}]", 2) for i, v in enumerate(obj)]}
        return {"M": {k: from_dynamodb_json(v, k, 2) for k, v in obj.items()}}
    return from_plain(obj, "", 1)


def _parse_set(code: str, text: str) -> dict[str, Any]:
    what = f"a JSON array of {_SET_ELEMENT[code]} such as " + (
        '["a", "b"]' if code == "SS" else '["1", "2.5"]' if code == "NS" else '["AAE=", "/w=="]'
    )
    obj = _load_json(text, what)
    if not isinstance(obj, list):
        raise ValueParseError(f"A {code} value is {what}; this is {describe_kind(obj)}.")
    if code == "SS":
        return string_set(obj, "")
    if code == "NS":
        texts: list[str] = []
        for index, member in enumerate(obj):
            if isinstance(member, Decimal):
                texts.append(number_text(member, f"[{index}]"))
            elif isinstance(member, str):
                texts.append(member)
            else:
                raise ValueParseError(f"NS members are numbers; found {describe_kind(member)}.", f"[{index}]")
        return number_set(texts, "")
    decoded: list[bytes] = []
    for index, member in enumerate(obj):
        if not isinstance(member, str):
            raise ValueParseError(f"BS members are base64 strings; found {describe_kind(member)}.",
                                  f"[{index}]")
        decoded.append(parse_binary(member, f"[{index}]"))
    return binary_set(decoded, "")
