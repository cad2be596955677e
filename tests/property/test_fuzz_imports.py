"""Pasted TransactWriteItems JSON and uniqueness schema files under hostile input.

Import raises only TransactionImportError, each problem located at an action and
field; whatever it accepts is validated without crashing, and a transaction that
passes validation serializes to a body botocore accepts. Schema files raise only
SchemaError, located at a JSON path or a line and column.
"""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.core.tx.model import TransactionImportError, import_text
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.tx.wire import RequestShapeError, body_json, request_body
from dynoview.core.uniqueness.schema import SchemaError
from dynoview.core.uniqueness.schema_file import load_schema_file, schema_from_json
from tests.property.strategies import DEEP, FUZZ, TEXT, check_av, json_text, json_values, utf8

pytestmark = pytest.mark.property

# Near-valid requests: real shapes with fuzzed parts, so the fuzzing reaches deep code.
AV = json_values(6)
NAME = st.sampled_from(["PK", "SK", "email", "name", "a.b", "#pk", ""]) | st.text(max_size=5)
EXPR = st.sampled_from(["attribute_not_exists(#pk)", "attribute_exists(PK)", "SET #n = :v",
                        "#n = :v", "REMOVE a", "ADD c :one", "", "((", "size(x) > :v"]) | TEXT
BODY = st.fixed_dictionaries(
    {"TableName": st.sampled_from(["accounts", "ab", "", "x" * 300]) | st.integers()},
    optional={
        "Item": st.dictionaries(NAME, AV, max_size=4) | AV,
        "Key": st.dictionaries(NAME, AV, max_size=3) | AV,
        "UpdateExpression": EXPR,
        "ConditionExpression": EXPR,
        "ExpressionAttributeNames": st.dictionaries(st.sampled_from(["#pk", "#n", "#x"]),
                                                    NAME | st.integers(), max_size=3),
        "ExpressionAttributeValues": st.dictionaries(st.sampled_from([":v", ":one", ":x"]), AV, max_size=3),
        "ReturnValuesOnConditionCheckFailure": st.sampled_from(["NONE", "ALL_OLD", "ALL_NEW", 3]),
        "Extra": AV,
    })
ACTION = st.tuples(st.sampled_from(["Put", "Update", "Delete", "ConditionCheck", "Get", ""]), BODY) \
    .map(lambda kv: {kv[0]: kv[1]})
REQUEST = st.one_of(
    st.lists(ACTION, max_size=4),
    st.fixed_dictionaries({"TransactItems": st.lists(ACTION, max_size=4) | AV},
                          optional={"ClientRequestToken": st.text(max_size=40) | st.integers(),
                                    "ReturnConsumedCapacity": st.just("TOTAL"), "Bogus": AV}),
    json_values(),
)


@settings(settings.get_profile(FUZZ))
@given(st.one_of(REQUEST.map(json.dumps), json_text(REQUEST), TEXT))
def test_import_is_located_or_validated_and_never_sends_garbage(text: str) -> None:
    try:
        tx = import_text(text)
    except TransactionImportError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.message and problem.location(), problem  # "Action 2 › Item › email"
        return
    problems = validate(tx, {}, None)
    for problem in problems:
        assert problem.field and problem.message
    if has_errors(problems):
        return
    # What validation lets through is what execution would send: it must serialize.
    try:
        body = request_body(tx.to_request())
    except RequestShapeError as exc:
        assert "Fix the field" in exc.message
        return
    sent = body_json(body)
    assert sent["ClientRequestToken"] == tx.token
    for action in tx.actions:
        for av in [*action.item.values(), *action.key.values(), *action.values.values()]:
            check_av(av)


SCHEMA = st.fixed_dictionaries(
    {},
    optional={
        "pk_name": st.sampled_from(["PK", "", "pk"]) | st.integers() | st.none(),
        "sk_name": st.sampled_from(["SK", ""]) | st.none() | st.integers(),
        "account_pk_prefix": st.sampled_from(["ACCT#", ""]) | st.integers(),
        "account_sk_value": st.sampled_from(["PROFILE"]) | st.none(),
        "rules": st.lists(st.fixed_dictionaries(
            {"attribute": st.sampled_from(["email", "username", ""]) | st.integers()},
            optional={"name": st.sampled_from(["email", "handle", ""]) | st.none(),
                      "pk_template": st.sampled_from(["UNIQ#EMAIL#{value}", "{value}", "UNIQ#{value}{value}",
                                                      "UNIQ#H#{value}", "x"]) | st.text(max_size=8),
                      "sk_value": st.sampled_from(["LOCK", ""]) | st.none(),
                      "normalisation": st.sampled_from(["none", "lower", "casefold", "NFKC", 1]),
                      "index_name": st.sampled_from(["email-index", ""]) | st.none(),
                      "bogus": st.just(1)}), max_size=3) | json_values(4),
        "extra": st.just(True),
    })


@settings(settings.get_profile(FUZZ))
@given(SCHEMA | json_values())
def test_schema_data_is_valid_or_refused_at_a_path(data: Any) -> None:
    try:
        schema = schema_from_json(data, "schema.json")
    except SchemaError as exc:
        assert exc.message and exc.source == "schema.json"
        assert str(exc).startswith("schema.json: ")
        return
    assert schema.rules and all(r.prefix for r in schema.rules)
    assert schema_from_json(schema.to_json()) == schema  # what is saved loads back the same


@settings(settings.get_profile(FUZZ))
@given(st.one_of(SCHEMA.map(lambda d: json.dumps(d).encode()), json_text(SCHEMA).map(utf8),
                 st.binary(), DEEP.map(utf8), st.just(b"\xff\xfe{}"), st.text(string.printable).map(utf8)))
def test_schema_files_never_crash(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("schema")) / "schema.json"
    path.write_bytes(raw)
    try:
        load_schema_file(path)
    except SchemaError as exc:
        assert exc.source == str(path) and exc.message
