"""A ``?`` value holding a map with an empty key (``{"": 1}`` typed as M, inside an L, or as
DynamoDB JSON) is refused at its value, naming where the map is, before anything is sent:
DynamoDB refuses the whole request ("Empty attribute name"), as DynamoDB Local did when such a
value was sent. The rule is the transaction builder's (``values.types.empty_map_key``)."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.partiql import (
    DYNAMODB_JSON,
    StatementSpec,
    parse_cli_parameter,
    parse_parameter,
    prepare,
)
from dynoview.core.values.types import ValueParseError

TOP = "This map has an empty key, which DynamoDB refuses; name the attribute."


def at(path: str) -> str:
    return f"The map at {path} in this value has an empty key, which DynamoDB refuses; name the attribute."


@pytest.mark.parametrize(("kind", "text", "message"), [
    ("M", '{"": 1}', TOP),
    ("M", '{"a": 1, "": "x"}', TOP),
    ("M", '{"address": {"": "x"}}', at("address")),
    ("M", '{"a": {"b": [1, {"": true}]}}', at("a.b[1]")),
    ("L", '[{"": "x"}]', at("[0]")),
    ("L", '["ok", [{"c": {"": null}}]]', at("[1][0].c")),
    (DYNAMODB_JSON, '{"M": {"": {"N": "1"}}}', TOP),
    (DYNAMODB_JSON, '{"L": [{"M": {"k": {"M": {"": {"S": "x"}}}}}]}', at("[0].k")),
])
def test_an_empty_map_key_is_refused_at_the_value(kind: str, text: str, message: str) -> None:
    with pytest.raises(ValueParseError) as refused:
        parse_parameter(kind, text)
    assert refused.value.message == message


@pytest.mark.parametrize(("text", "message"), [
    ('{"": 1}', TOP),  # plain JSON
    ('[{"x": {"": 1}}]', at("[0].x")),
    ('{"M": {"": {"N": "1"}}}', TOP),  # DynamoDB JSON
])
def test_the_cli_parameter_is_refused_too(text: str, message: str) -> None:
    with pytest.raises(ValueParseError) as refused:
        parse_cli_parameter(text)
    assert refused.value.message == message


@pytest.mark.parametrize(("kind", "text"), [
    ("M", '{" ": 1, "a": {"b": [{"c": 2}]}}'),  # a space is a name
    ("M", "{}"),
    ("L", "[{}, []]"),
    ("S", ""),  # an empty string value, not a map key
    (DYNAMODB_JSON, '{"M": {"k": {"S": ""}}}'),
])
def test_named_keys_and_empty_maps_pass(kind: str, text: str) -> None:
    assert parse_parameter(kind, text)


def test_prepare_refuses_such_a_value_given_already_parsed() -> None:
    """A value that did not come through the editor (a caller's own StatementSpec)."""
    bad: dict[str, Any] = {"M": {"a": {"M": {"": {"N": "1"}}}}}
    spec = StatementSpec('SELECT * FROM "t" WHERE PK = ? AND m = ?', ({"S": "ACCT#1"}, bad))
    with pytest.raises(DynoViewError) as refused:
        prepare(spec, read_only=False)
    assert refused.value.field == "parameters"
    assert refused.value.message == "?2: " + at("a")
    good = StatementSpec(spec.statement, ({"S": "ACCT#1"}, {"M": {"a": {"N": "1"}}}))
    assert prepare(good, read_only=False)["Parameters"][1] == {"M": {"a": {"N": "1"}}}
