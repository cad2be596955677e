"""Tests for dynoview.core.values: typed attribute values, lossless in every direction."""

from __future__ import annotations

import base64
import contextlib
import json
import os
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.core.values.binary import parse_binary
from dynoview.core.values.display import display_text
from dynoview.core.values.dynamodb_json import (
    detect_json_form,
    dynamodb_json,
    from_dynamodb_json,
    to_dynamodb_json,
)
from dynoview.core.values.equality import values_equal
from dynoview.core.values.numbers import parse_number, stored_number
from dynoview.core.values.plain import from_plain, plain_json
from dynoview.core.values.sizes import attribute_size, item_size, read_units, write_units
from dynoview.core.values.types import TYPE_CODES, ValueParseError, type_code
from dynoview.core.values.user_text import parse_value

# A stress script raises this (e.g. to 10,000); the default keeps the suite quick.
FUZZ_EXAMPLES = int(os.environ.get("DYNOVIEW_FUZZ_EXAMPLES", "200"))
fuzz = settings(max_examples=FUZZ_EXAMPLES, deadline=None)

MAX_38 = "9.9999999999999999999999999999999999999E+125"

FULL_ITEM: dict[str, Any] = {
    "email": {"S": "ada@lovelace.io"},
    "empty": {"S": ""},
    "n": {"N": "1.50"},
    "big": {"N": "12345678901234567890123456789012345678"},
    "b": {"B": b"\x00\xff\x10"},
    "ss": {"SS": ["a", "b"]},
    "ns": {"NS": ["1", "2.5"]},
    "bs": {"BS": [b"\x00", b"\x01"]},
    "m": {"M": {"city": {"S": "Paris"}, "tags": {"L": [{"S": "x"}, {"N": "7"}]}}},
    "l": {"L": [{"NULL": True}, {"BOOL": False}, {"SS": ["in-list"]}]},
    "t": {"BOOL": True},
    "z": {"NULL": True},
}


def error_of(func: Any, *args: Any) -> ValueParseError:
    with pytest.raises(ValueParseError) as info:
        func(*args)
    return info.value


# --------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1.50", "1.50"),
        ("  42 ", "42"),
        ("+3", "3"),
        (" +3.0e2\n", "3.0e2"),
        ("-0", "-0"),
        ("0", "0"),
        ("0.000", "0.000"),
        (".5", ".5"),
        ("1.", "1."),
        ("1E-130", "1E-130"),
        ("-1E-130", "-1E-130"),
        (MAX_38, MAX_38),
        ("-" + MAX_38, "-" + MAX_38),
        ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
        # Leading and trailing zeros are trimmed by DynamoDB, so they are not significant.
        ("000012345678901234567890123456789012345678", "000012345678901234567890123456789012345678"),
        ("1" + "0" * 60, "1" + "0" * 60),
        ("0.1000000000000000000000000000000000000000000", "0.1000000000000000000000000000000000000000000"),
    ],
)
def test_parse_number_accepts_and_keeps_digits(text: str, expected: str) -> None:
    assert parse_number(text) == expected


def test_38_digit_number_round_trips_exactly() -> None:
    digits = "-1234567890.1234567890123456789012345678"
    assert parse_number(digits) == digits
    av = parse_value("N", digits)
    assert av == {"N": digits}
    assert from_dynamodb_json(json.loads(dynamodb_json({"x": av}))["x"]) == av
    assert from_plain(Decimal(digits)) == av
    assert json.loads(plain_json({"x": av}), parse_float=str)["x"] == digits


def test_39_significant_digits_rejected_with_count() -> None:
    text = "1" * 39
    err = error_of(parse_number, text)
    assert "at most 38 significant digits" in err.message
    assert "has 39" in err.message
    assert err.path == ""


def test_40_digit_message_abbreviates_the_number() -> None:
    err = error_of(parse_number, "1234567891" * 4)
    assert err.message.startswith("N values hold at most 38 significant digits; 1234...(40 digits) has 40.")


@pytest.mark.parametrize(
    "text",
    [
        "NaN",
        "nan",
        "-NaN",
        "sNaN",
        "Infinity",
        "-Infinity",
        "inf",
        "+inf",
    ],
)
def test_non_finite_numbers_rejected(text: str) -> None:
    err = error_of(parse_number, text)
    assert "finite" in err.message


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("", "A number is required"),
        ("   ", "A number is required"),
        ("0x1F", "Hexadecimal"),
        ("1_000", "is not a number"),
        ("1,5", "is not a number"),
        ("١٢٣", "is not a number"),  # non-ASCII digits Decimal would accept
        ("1e", "is not a number"),
        ("--1", "is not a number"),
        ("+-1", "is not a number"),
        ("1 2", "is not a number"),
        (".", "is not a number"),
        ("e5", "is not a number"),
    ],
)
def test_malformed_numbers_rejected(text: str, phrase: str) -> None:
    assert phrase in error_of(parse_number, text).message


@pytest.mark.parametrize(
    "text", ["1e400", "1E126", "10E125", "-1E126", "1E-131", "0.1E-130", "1e9999999999999999"]
)
def test_out_of_range_numbers_rejected(text: str) -> None:
    err = error_of(parse_number, text)
    assert "between 1E-130 and 9.9999999999999999999999999999999999999E+125" in err.message
    assert text in err.message


def test_zero_with_a_point_is_allowed_whatever_its_exponent() -> None:
    # The service takes 0.0e126 and 0.0e1000 (tests/differential, values/zero-*).
    assert parse_number("0.0E-500") == "0.0E-500"
    assert parse_number("0.0e400") == "0.0e400"
    assert parse_number("0e125") == "0e125"
    assert parse_number("0E-130") == "0E-130"


@pytest.mark.parametrize("text", ["0e126", "0E+126", "-0e126", "00e126", "0e-131", "0e1000"])
def test_zero_without_a_point_and_an_exponent_out_of_range_is_refused(text: str) -> None:
    err = error_of(parse_number, text)
    assert "a zero written with an exponent outside -130 to 125" in err.message
    assert text in err.message


@fuzz
@given(st.text())
def test_parse_number_raises_only_value_parse_error(text: str) -> None:
    try:
        result = parse_number(text)
    except ValueParseError as exc:
        assert exc.message
        return
    # Whatever is accepted is a finite decimal Python reads exactly.
    assert Decimal(result).is_finite()


@fuzz
@given(st.decimals(allow_nan=False, allow_infinity=False))
def test_parse_number_agrees_with_dynamodb_limits(number: Decimal) -> None:
    text = str(number)
    digits = number.as_tuple().digits
    significant = "".join(map(str, digits)).strip("0")
    in_range = number == 0 or (Decimal("1E-130") <= abs(number) <= Decimal(MAX_38) and len(significant) <= 38)
    if in_range:
        assert parse_number(text) == text
    else:
        with pytest.raises(ValueParseError):
            parse_number(text)


# --------------------------------------------------------------------------- binary


def test_binary_round_trip_all_bytes() -> None:
    data = bytes(range(256))
    text = base64.b64encode(data).decode()
    assert parse_binary(text) == data
    av = parse_value("B", text)
    assert av == {"B": data}
    assert to_dynamodb_json(av) == {"B": text}
    assert from_dynamodb_json(to_dynamodb_json(av)) == av


def test_binary_tolerates_whitespace_and_newlines() -> None:
    assert parse_binary(" AAE=\n") == b"\x00\x01"
    assert parse_binary("AA\nE=\r\n") == b"\x00\x01"
    assert parse_binary("") == b""


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("AAE", "groups of 4"),
        ("A", "groups of 4"),
        ("AA*=", "'*' is not a base64 character"),
        ("AA=A", "'=' is not a base64 character"),
        ("AA-_", "'-' is not a base64 character"),  # URL-safe alphabet is not standard base64
        ("ÄÄÄÄ", "'Ä' is not a base64 character"),
    ],
)
def test_invalid_base64_rejected(text: str, phrase: str) -> None:
    assert phrase in error_of(parse_binary, text).message


@fuzz
@given(st.text())
def test_parse_binary_raises_only_value_parse_error(text: str) -> None:
    try:
        parse_binary(text)
    except ValueParseError as exc:
        assert exc.message


@fuzz
@given(st.binary())
def test_parse_binary_inverts_base64(data: bytes) -> None:
    assert parse_binary(base64.b64encode(data).decode()) == data


# --------------------------------------------------------------------------- parse_value


def test_parse_value_scalars() -> None:
    assert parse_value("S", "  spaced ") == {"S": "  spaced "}
    assert parse_value("S", "") == {"S": ""}  # empty strings are fine in non-key attributes
    assert parse_value("N", " 7 ") == {"N": "7"}
    assert parse_value("BOOL", "TRUE") == {"BOOL": True}
    assert parse_value("BOOL", " false ") == {"BOOL": False}
    assert parse_value("NULL", "") == {"NULL": True}
    assert parse_value("NULL", "null") == {"NULL": True}
    assert parse_value("s", "lower-case type code") == {"S": "lower-case type code"}


@pytest.mark.parametrize(
    ("code", "text", "phrase"),
    [
        ("BOOL", "yes", "Type true or false"),
        ("NULL", "nothing", "A NULL value has no content"),
        ("X", "1", "'X' is not a DynamoDB type"),
        ("N", "abc", "is not a number"),
        ("B", "!!", "base64"),
    ],
)
def test_parse_value_rejects_bad_scalars(code: str, text: str, phrase: str) -> None:
    assert phrase in error_of(parse_value, code, text).message


def test_parse_value_sets() -> None:
    assert parse_value("SS", '["b", "a", ""]') == {"SS": ["b", "a", ""]}
    assert parse_value("NS", '["1", " +2.50 ", 3e2]') == {"NS": ["1", "2.50", "3E+2"]}
    assert parse_value("BS", '["AAE=", "/w=="]') == {"BS": [b"\x00\x01", b"\xff"]}


@pytest.mark.parametrize(
    ("code", "text", "path", "phrase"),
    [
        ("SS", '["a", "b", "a"]', "[2]", '"a" appears more than once'),
        ("NS", '["1", "1.0"]', "[1]", "1 appears more than once (as 1.0)"),
        ("NS", '["10", "1E1"]', "[1]", "10 appears more than once (as 1E1)"),
        ("NS", '["-0", "0.00"]', "[1]", "appears more than once"),
        ("BS", '["AAE=", "AA E="]', "[1]", "b64:AAE= appears more than once"),
    ],
)
def test_duplicate_set_members_named(code: str, text: str, path: str, phrase: str) -> None:
    err = error_of(parse_value, code, text)
    assert phrase in err.message
    assert err.path == path


@pytest.mark.parametrize("code", ["SS", "NS", "BS"])
def test_empty_sets_rejected(code: str) -> None:
    assert "does not store empty sets" in error_of(parse_value, code, "[]").message


@pytest.mark.parametrize(
    ("code", "text", "path", "phrase"),
    [
        ("SS", '["a", 1]', "[1]", "String set members must be strings; found a number."),
        ("NS", '["1", "x"]', "[1]", "is not a number"),
        ("NS", '["1", true]', "[1]", "NS members are numbers"),
        ("NS", '["1", "1e999"]', "[1]", "out of range"),
        ("BS", '["AAE=", 5]', "[1]", "BS members are base64 strings"),
        ("BS", '["AAE=", "**"]', "[1]", "base64"),
        ("SS", '{"a": 1}', "", "JSON array of strings"),
        ("SS", "a, b", "", "not valid JSON"),
    ],
)
def test_bad_set_members_located(code: str, text: str, path: str, phrase: str) -> None:
    err = error_of(parse_value, code, text)
    assert phrase in err.message
    assert err.path == path


def test_parse_value_plain_json_map() -> None:
    text = (
        '{"a": 1.50, "b": [1, "x", null, true], "c": {"d": {}}, "e": 12345678901234567890123456789012345678}'
    )
    assert parse_value("M", text) == {
        "M": {
            "a": {"N": "1.50"},
            "b": {"L": [{"N": "1"}, {"S": "x"}, {"NULL": True}, {"BOOL": True}]},
            "c": {"M": {"d": {"M": {}}}},
            "e": {"N": "12345678901234567890123456789012345678"},
        }
    }


def test_parse_value_dynamodb_json_map_and_list() -> None:
    text = '{"city": {"S": "Paris"}, "tags": {"SS": ["a", "b"]}, "raw": {"B": "AAE="}}'
    assert parse_value("M", text) == {
        "M": {"city": {"S": "Paris"}, "tags": {"SS": ["a", "b"]}, "raw": {"B": b"\x00\x01"}}
    }
    assert parse_value("L", '[{"N": "1"}, {"L": [{"NULL": true}]}]') == {
        "L": [{"N": "1"}, {"L": [{"NULL": True}]}]
    }


def test_parse_value_empty_collections() -> None:
    assert parse_value("L", "[]") == {"L": []}
    assert parse_value("M", " {} ") == {"M": {}}


def test_parse_value_typed_error_is_located() -> None:
    err = error_of(parse_value, "M", '{"a": {"S": "x"}, "b": {"N": 5}}')
    assert err.path == "b"
    assert 'N values are written as strings in DynamoDB JSON, e.g. {"N": "5"}' in err.message
    err = error_of(parse_value, "L", '[{"S": "x"}, {"M": {"k": {"SS": []}}}]')
    assert err.path == "[1].k"
    assert "empty sets" in err.message


@pytest.mark.parametrize(
    ("code", "text", "phrase"),
    [
        ("M", "[1]", "this is a list"),
        ("L", '{"a": 1}', "this is an object"),
        ("M", "", "Type a JSON object"),
        ("M", '{"a": NaN}', "NaN is not a valid number"),
        ("L", "[Infinity]", "Infinity is not a valid number"),
        ("M", '{"a": 1, "a": 2}', 'The key "a" appears twice'),
        ("L", "[1e400]", "out of range"),
        ("L", "[1e999999999999999999999999]", "far outside DynamoDB's range"),
        ("L", "[1, 2", "not valid JSON"),
        ("L", "[" * 50 + "]" * 50, "at most 32 levels"),
        ("L", "[" * 100_000, "JSON"),
    ],
)
def test_parse_value_bad_documents(code: str, text: str, phrase: str) -> None:
    assert phrase in error_of(parse_value, code, text).message


def test_plain_json_float_digits_never_pass_through_float() -> None:
    # 0.1 + 0.2 style digits and 38-digit fractions survive exactly.
    av = parse_value("L", "[0.1, 0.30000000000000000000000000000000000001]")
    assert av == {"L": [{"N": "0.1"}, {"N": "0.30000000000000000000000000000000000001"}]}


def test_nesting_limit_is_32_levels() -> None:
    ok = "[" * 31 + "]" * 31
    assert parse_value("L", ok)
    doc: Any = "leaf"
    for _ in range(32):
        doc = [doc]
    err = error_of(from_plain, doc)
    assert "at most 32 levels" in err.message
    assert err.path == "[0]" * 32


code_strategy = st.sampled_from([*sorted(TYPE_CODES), "x", "", "string"])


@fuzz
@given(code_strategy, st.text())
def test_parse_value_raises_only_value_parse_error(code: str, text: str) -> None:
    try:
        av = parse_value(code, text)
    except ValueParseError as exc:
        assert exc.message
        return
    type_code(av)


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.decimals()
    | st.text(max_size=20)
)
json_like = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.text(max_size=5) | st.sampled_from(sorted(TYPE_CODES)), children, max_size=4
        )
    ),
    max_leaves=20,
)


@fuzz
@given(st.text(alphabet='[]{}",:0123456789.eE-+ abSNLMBOLtruefalsn\\', max_size=40))
def test_parse_value_json_fragments(text: str) -> None:
    for code in ("L", "M", "SS", "NS", "BS"):
        with contextlib.suppress(ValueParseError):
            parse_value(code, text)


@fuzz
@given(json_like)
def test_from_dynamodb_json_raises_only_value_parse_error(obj: Any) -> None:
    try:
        av = from_dynamodb_json(obj)
    except ValueParseError as exc:
        assert exc.message
        return
    assert from_dynamodb_json(to_dynamodb_json(av)) == av


@fuzz
@given(json_like)
def test_from_plain_raises_only_value_parse_error(obj: Any) -> None:
    try:
        av = from_plain(obj)
    except ValueParseError as exc:
        assert exc.message
        return
    type_code(av)


# --------------------------------------------------------------------------- DynamoDB JSON


def test_dynamodb_json_round_trip_is_lossless() -> None:
    text = dynamodb_json(FULL_ITEM)
    loaded = json.loads(text)
    assert loaded["b"] == {"B": "AP8Q"}
    assert loaded["bs"] == {"BS": ["AA==", "AQ=="]}
    assert loaded["n"] == {"N": "1.50"}
    back = {name: from_dynamodb_json(av, name) for name, av in loaded.items()}
    assert back == FULL_ITEM


def test_dynamodb_json_layout() -> None:
    assert dynamodb_json({"é": {"S": "ü"}}, indent=None) == '{"é": {"S": "ü"}}'
    assert dynamodb_json({"a": {"N": "1"}}) == '{\n  "a": {\n    "N": "1"\n  }\n}'


@pytest.mark.parametrize(
    ("obj", "path", "phrase"),
    [
        ({}, "", "exactly one type key"),
        ({"S": "a", "N": "1"}, "", "this one has 2 (N, S)"),
        ({"s": "a"}, "", "Type keys are upper case: write 'S'"),
        ({"X": 1}, "", "'X' is not a DynamoDB type"),
        ("text", "", 'Expected a typed value such as {"S": "text"}; found a string.'),
        ({"S": 1}, "", "S values are written as a string"),
        ({"S": True}, "", "S values are written as a string"),
        ({"N": 1.5}, "", "quote the number"),
        ({"N": "1.5.5"}, "", "is not a number"),
        ({"B": b"\x00"}, "", "B values are written as a base64 string"),
        ({"BOOL": "true"}, "", "BOOL values are written as true or false"),
        ({"BOOL": 1}, "", "BOOL values are written as true or false"),
        ({"NULL": False}, "", 'NULL is always written as {"NULL": true}'),
        ({"SS": "a"}, "", "SS values are written as a JSON array"),
        ({"NS": [1]}, "[0]", "NS members are written as number strings"),
        ({"BS": ["AA==", 1]}, "[1]", "BS members are written as base64 strings"),
        ({"L": [{"S": "a"}, {"N": "x"}]}, "[1]", "is not a number"),
        ({"M": {"address": {"M": {"city": {"S": 5}}}}}, "address.city", "S values"),
        ({"M": {"tags": {"L": [{"S": "a"}, {"S": "b"}, {"Q": 1}]}}}, "tags[2]", "'Q'"),
        ({"M": {1: {"S": "a"}}}, "", "Map keys must be strings"),
        ({"M": []}, "", "M values are written as a JSON object"),
    ],
)
def test_from_dynamodb_json_strict_and_located(obj: Any, path: str, phrase: str) -> None:
    err = error_of(from_dynamodb_json, obj)
    assert phrase in err.message
    assert err.path == path


def test_from_dynamodb_json_path_prefix() -> None:
    err = error_of(from_dynamodb_json, {"L": [{"N": "NaN"}]}, "scores")
    assert err.path == "scores[0]"
    assert str(err).startswith("scores[0]: ")


def test_nested_sets_and_maps_round_trip() -> None:
    doc = {
        "M": {
            "profile": {
                "M": {
                    "emails": {"SS": ["a@b", "c@d"]},
                    "scores": {"NS": ["1", "-2.5E+3"]},
                    "keys": {"BS": ["AAE="]},
                    "history": {"L": [{"M": {"at": {"N": "1700000000"}}}, {"L": []}]},
                }
            }
        }
    }
    av = from_dynamodb_json(doc)
    assert av["M"]["profile"]["M"]["keys"] == {"BS": [b"\x00\x01"]}
    assert to_dynamodb_json(av) == doc


# --------------------------------------------------------------------------- plain values


def test_from_plain_types() -> None:
    assert from_plain(None) == {"NULL": True}
    assert from_plain(True) == {"BOOL": True}
    assert from_plain(0) == {"N": "0"}
    assert from_plain(-17) == {"N": "-17"}
    assert from_plain(Decimal("1.50")) == {"N": "1.50"}
    assert from_plain("") == {"S": ""}
    assert from_plain(b"\x00") == {"B": b"\x00"}
    assert from_plain(bytearray(b"\x01")) == {"B": b"\x01"}
    assert from_plain({"b", "a"}) == {"SS": ["a", "b"]}
    assert from_plain({3, Decimal("1.5")}) == {"NS": ["1.5", "3"]}
    assert from_plain(frozenset({b"\x02", b"\x01"})) == {"BS": [b"\x01", b"\x02"]}
    assert from_plain([1, "a", (None,)]) == {"L": [{"N": "1"}, {"S": "a"}, {"L": [{"NULL": True}]}]}
    assert from_plain({"k": {"n": 1}}) == {"M": {"k": {"M": {"n": {"N": "1"}}}}}


def test_from_plain_rejects_floats_with_advice() -> None:
    err = error_of(from_plain, {"price": [1, 2.5]})
    assert err.path == "price[1]"
    assert "use decimal.Decimal or a string" in err.message


@pytest.mark.parametrize(
    ("obj", "phrase"),
    [
        (set(), "empty sets"),
        ({1, "a"}, "mixes kinds"),
        ({1, 1.5}, "mixes kinds"),
        (Decimal("NaN"), "finite"),
        (Decimal("Infinity"), "finite"),
        (10**200, "out of range"),
        pytest.param(10**5000, "thousands", id="int-5001-digits"),
        (object(), "cannot be stored in DynamoDB"),
        ({1: "a"}, "Map keys must be strings"),
    ],
)
def test_from_plain_rejections(obj: Any, phrase: str) -> None:
    assert phrase in error_of(from_plain, obj).message


def test_plain_json_numbers_written_as_stored() -> None:
    text = plain_json(FULL_ITEM)
    assert '"n": 1.50,' in text
    assert '"big": 12345678901234567890123456789012345678,' in text
    loaded = json.loads(text, parse_float=Decimal, parse_int=Decimal)
    assert loaded["n"] == Decimal("1.50")
    assert loaded["b"] == "AP8Q"
    assert loaded["ss"] == ["a", "b"]
    assert loaded["ns"] == [Decimal("1"), Decimal("2.5")]
    assert loaded["bs"] == ["AA==", "AQ=="]
    assert loaded["m"] == {"city": "Paris", "tags": ["x", Decimal("7")]}
    assert loaded["l"] == [None, False, ["in-list"]]


def test_plain_json_layout_matches_json_dumps() -> None:
    item = {
        "name": {"S": "Zoë"},
        "l": {"L": [{"S": "a"}, {"M": {}}, {"L": []}, {"M": {"k": {"BOOL": True}}}]},
        "z": {"NULL": True},
    }
    expected = json.dumps(
        {"name": "Zoë", "l": ["a", {}, [], {"k": True}], "z": None}, indent=2, ensure_ascii=False
    )
    assert plain_json(item) == expected
    assert plain_json(item, indent=None) == json.dumps(
        {"name": "Zoë", "l": ["a", {}, [], {"k": True}], "z": None}, ensure_ascii=False
    )
    assert plain_json({}) == "{}"


@pytest.mark.parametrize(
    ("stored", "json_text"),
    [(".5", "0.5"), ("-.5", "-0.5"), ("1.", "1"), ("007", "7"), ("1E+2", "1E+2"), ("-0", "-0")],
)
def test_plain_json_numbers_always_valid_json(stored: str, json_text: str) -> None:
    text = plain_json({"n": {"N": stored}}, indent=None)
    assert text == '{"n": ' + json_text + "}"
    json.loads(text)


# --------------------------------------------------------------------------- display


@pytest.mark.parametrize(
    ("av", "text"),
    [
        ({"S": "ada@lovelace.io"}, "ada@lovelace.io"),
        ({"S": "two\nlines"}, "two⏎lines"),
        ({"N": "1.50"}, "1.50"),
        ({"BOOL": True}, "true"),
        ({"BOOL": False}, "false"),
        ({"NULL": True}, "null"),
        ({"B": b"\x00\x01"}, "b64:AAE="),
        ({"SS": ["a", "b"]}, '{"a", "b"}'),
        ({"NS": ["1", "2"]}, "{1, 2}"),
        ({"BS": [b"\x00", b"\x01"]}, "{b64:AA==, b64:AQ==}"),
        ({"L": [{"S": "1"}, {"N": "1"}, {"NULL": True}]}, '["1", 1, null]'),
        ({"L": []}, "[]"),
        ({"M": {}}, "{}"),
        ({"M": {"city": {"S": "Paris"}, "zip": {"N": "75001"}}}, '{city: "Paris", zip: 75001}'),
        ({"M": {"tags": {"SS": ["x"]}, "l": {"L": [{"L": []}]}}}, '{tags: {"x"}, l: [[]]}'),
    ],
)
def test_display_text(av: dict[str, Any], text: str) -> None:
    assert display_text(av) == text


def test_display_text_truncates_with_ellipsis() -> None:
    assert display_text({"S": "abcdef"}, limit=6) == "abcdef"
    assert display_text({"S": "abcdefg"}, limit=6) == "abcde…"
    huge = {"L": [{"N": str(i)} for i in range(100_000)]}
    text = display_text(huge, limit=20)
    assert len(text) == 20
    assert text == "[0, 1, 2, 3, 4, 5, …"


# --------------------------------------------------------------------------- sizes


@pytest.mark.parametrize(
    ("name", "av", "size"),
    [
        ("email", {"S": "ada@lovelace.io"}, 5 + 15),
        ("é", {"S": "ü"}, 2 + 2),  # UTF-8 bytes, not characters
        ("s", {"S": ""}, 1),
        ("n", {"N": "1"}, 1 + 2),
        ("n", {"N": "12"}, 1 + 2),
        ("n", {"N": "123"}, 1 + 3),
        # Leading/trailing zeros trimmed; digits pair up on the decimal point (.00 01 23), and
        # a negative number takes one byte more: what DynamoDB Local bills.
        ("n", {"N": "-0.00012300"}, 1 + 4),
        ("n", {"N": "0.000123"}, 1 + 3),
        ("n", {"N": "1.5"}, 1 + 3),  # 01.50: two base-100 digits
        ("n", {"N": "-1"}, 1 + 3),
        ("n", {"N": "100.001"}, 1 + 5),
        ("n", {"N": "1E+11"}, 1 + 2),
        ("n", {"N": "1" * 38}, 1 + 20),
        ("n", {"N": "0"}, 1 + 1),
        ("b", {"B": b"\x00" * 10}, 1 + 10),
        ("t", {"BOOL": True}, 1 + 1),
        ("z", {"NULL": True}, 1 + 1),
        ("l", {"L": []}, 1 + 3),
        ("m", {"M": {}}, 1 + 3),
        ("l", {"L": [{"S": "ab"}, {"BOOL": True}]}, 1 + 3 + (1 + 2) + (1 + 1)),
        ("m", {"M": {"k": {"S": "ab"}}}, 1 + 3 + 1 + 1 + 2),
        ("ss", {"SS": ["ab", "c"]}, 2 + 3),
        ("ns", {"NS": ["1", "123"]}, 2 + 2 + 3),
        ("bs", {"BS": [b"\x00", b"\x00\x01"]}, 2 + 3),
    ],
)
def test_attribute_size(name: str, av: dict[str, Any], size: int) -> None:
    assert attribute_size(name, av) == size


def test_item_size_is_sum_of_attributes() -> None:
    item = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}
    assert item_size(item) == (2 + 26) + (2 + 4)
    assert item_size({}) == 0
    assert item_size(FULL_ITEM) == sum(attribute_size(k, v) for k, v in FULL_ITEM.items())


@pytest.mark.parametrize(
    ("size", "consistent", "units"),
    [
        (0, True, 1.0),
        (1, False, 0.5),
        (4096, True, 1.0),
        (4097, True, 2.0),
        (4097, False, 1.0),
        (400 * 1024, True, 100.0),
        (400 * 1024, False, 50.0),
    ],
)
def test_read_units(size: int, consistent: bool, units: float) -> None:
    assert read_units(size, consistent) == units


@pytest.mark.parametrize(
    ("size", "transactional", "units"),
    [(0, False, 1.0), (1024, False, 1.0), (1025, False, 2.0), (1025, True, 4.0), (400 * 1024, False, 400.0)],
)
def test_write_units(size: int, transactional: bool, units: float) -> None:
    assert write_units(size, transactional) == units


def test_capacity_rejects_negative_sizes() -> None:
    with pytest.raises(ValueError, match="negative"):
        read_units(-1, True)
    with pytest.raises(ValueError, match="negative"):
        write_units(-1, False)


# --------------------------------------------------------------------------- equality


@pytest.mark.parametrize(
    ("a", "b", "equal"),
    [
        ({"N": "1"}, {"N": "1.0"}, True),
        ({"N": "100"}, {"N": "1E2"}, True),
        ({"N": "-0"}, {"N": "0.000"}, True),
        ({"N": "1"}, {"N": "-1"}, False),
        ({"N": "1"}, {"S": "1"}, False),
        ({"S": "a"}, {"S": "A"}, False),
        ({"SS": ["a", "b"]}, {"SS": ["b", "a"]}, True),
        ({"NS": ["1", "2"]}, {"NS": ["2.0", "1"]}, True),
        ({"NS": ["1"]}, {"NS": ["1", "2"]}, False),
        ({"BS": [b"\x00", b"\x01"]}, {"BS": [b"\x01", b"\x00"]}, True),
        ({"B": b"\x00"}, {"B": bytearray(b"\x00")}, True),
        ({"L": [{"N": "1"}, {"S": "x"}]}, {"L": [{"N": "1.0"}, {"S": "x"}]}, True),
        ({"L": [{"N": "1"}, {"S": "x"}]}, {"L": [{"S": "x"}, {"N": "1"}]}, False),
        ({"L": [{"N": "1"}]}, {"L": [{"N": "1"}, {"N": "1"}]}, False),
        ({"M": {"a": {"N": "1"}}}, {"M": {"a": {"N": "1.00"}}}, True),
        ({"M": {"a": {"N": "1"}}}, {"M": {"b": {"N": "1"}}}, False),
        ({"BOOL": True}, {"BOOL": True}, True),
        ({"NULL": True}, {"NULL": True}, True),
        ({"BOOL": False}, {"NULL": True}, False),
    ],
)
def test_values_equal(a: dict[str, Any], b: dict[str, Any], equal: bool) -> None:
    assert values_equal(a, b) is equal
    assert values_equal(b, a) is equal


def test_type_code() -> None:
    assert type_code({"SS": ["a"]}) == "SS"
    assert "Not an AttributeValue" in error_of(type_code, {"S": "a", "N": "1"}).message
    assert "Not an AttributeValue" in error_of(type_code, {"Q": 1}).message


# --------------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("obj", "form"),
    [
        ({"a": {"S": "x"}}, "dynamodb"),
        ({"a": {"S": "x"}, "b": {"N": 5}}, "dynamodb"),  # shape decides; N: 5 is then an error
        ({"a": {"S": "x"}, "b": 1}, "plain"),
        ({"a": {"S": "x", "N": "1"}}, "plain"),
        ([{"N": "1"}, {"BOOL": True}], "dynamodb"),
        ([{"N": "1"}, 1], "plain"),
        ([], "plain"),
        ({}, "plain"),
        ("x", "plain"),
    ],
)
def test_detect_json_form(obj: Any, form: str) -> None:
    assert detect_json_form(obj) == form


def test_every_type_code_has_a_dynamodb_json_converter() -> None:
    from dynoview.core.values.dynamodb_json import _CONVERTERS
    from dynoview.core.values.types import TYPE_CODES

    assert set(_CONVERTERS) == set(TYPE_CODES)


@pytest.mark.parametrize(("typed", "stored"), [
    # As DynamoDB Local answers a GetItem of each (checked by hand against it).
    ("1.0", "1"), ("1e2", "100"), ("0.10", "0.1"), ("-0", "0"), ("007", "7"), ("1.50E+1", "15"),
    ("1e30", "1" + "0" * 30), ("1.5e-5", "0.000015"), ("1E-130", "0." + "0" * 129 + "1"),
    ("12345678901234567890123456789012345678e10", "12345678901234567890123456789012345678" + "0" * 10),
    ("-1.5e-3", "-0.0015"), ("+5", "5"), (".5", "0.5"), ("5.", "5"), ("-0.0e5", "0"), ("123.4500", "123.45"),
])
def test_stored_number_is_the_text_dynamodb_keeps(typed: str, stored: str) -> None:
    assert stored_number(typed) == stored
