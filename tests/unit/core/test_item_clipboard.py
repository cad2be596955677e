"""Copy as: DynamoDB JSON, plain JSON, CSV and boto3 keys, exact and never code."""

from __future__ import annotations

import ast
import json

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.items.clipboard import BOTO3_KEY, CSV, DDB_JSON, PLAIN_JSON, copy_text
from dynoview.core.values.dynamodb_json import from_dynamodb_json

ADA = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@lovelace.io"},
       "n": {"N": "12345678901234567890.123456789"}, "tags": {"SS": ["a", "b"]},
       "blob": {"B": b"\x00\xff"}}
LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}
KEYS = ("PK", "SK")


def test_dynamodb_json_of_one_item_is_an_object_that_reads_back() -> None:
    text = copy_text([ADA], DDB_JSON, KEYS)
    data = json.loads(text)
    assert data["n"] == {"N": "12345678901234567890.123456789"}
    assert {k: from_dynamodb_json(v, k) for k, v in data.items()} == ADA


def test_several_items_are_an_array() -> None:
    assert len(json.loads(copy_text([ADA, LOCK], DDB_JSON, KEYS))) == 2
    plain = copy_text([ADA, LOCK], PLAIN_JSON, KEYS)
    assert plain.startswith("[\n") and '"n": 12345678901234567890.123456789' in plain
    assert [i["PK"] for i in json.loads(plain)] == ["ACCT#a1f9c3", "UNIQ#EMAIL#ada@lovelace.io"]


def test_csv_has_keys_first_and_defuses_formulas() -> None:
    rows = copy_text([ADA, {"PK": {"S": "=HYPERLINK(1)"}, "SK": {"S": "X"}}], CSV, KEYS).splitlines()
    assert rows[0].startswith("PK (S),SK (S),")
    assert rows[2].startswith('"\'=HYPERLINK(1)",X')  # a ' in front, and quoted (OWASP)


def test_boto3_key_is_a_python_literal_of_the_key_only() -> None:
    text = copy_text([ADA], BOTO3_KEY, KEYS)
    assert text.startswith("Key=")
    assert ast.literal_eval(text[len("Key="):]) == {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}
    several = copy_text([ADA, LOCK], BOTO3_KEY, KEYS)
    assert several.startswith("keys = ")
    assert len(ast.literal_eval(several[len("keys = "):])) == 2


def test_hostile_values_stay_data() -> None:
    nasty = {"PK": {"S": "x'}); import os; os.system('rm -rf /') #"}, "SK": {"B": b"'\"\\"}}
    text = copy_text([nasty], BOTO3_KEY, KEYS)
    assert ast.literal_eval(text[len("Key="):]) == {"PK": nasty["PK"], "SK": {"B": b"'\"\\"}}


def test_nothing_selected_or_no_key_is_a_sentence() -> None:
    with pytest.raises(DynoViewError, match="Select one or more items"):
        copy_text([], DDB_JSON, KEYS)
    with pytest.raises(DynoViewError, match="lacks its key attribute SK"):
        copy_text([{"PK": {"S": "a"}}], BOTO3_KEY, KEYS)
    with pytest.raises(DynoViewError, match="no known key attributes"):
        copy_text([ADA], BOTO3_KEY, ())
