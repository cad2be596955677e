"""How deep a placeholder value may nest (issue 24's documented cases: 33 levels pass in a
condition, an item holds 32, an Update's SET must leave the item within 32)."""

from __future__ import annotations

from typing import Any

from dynoview.core.tx.model import Problem, TransactionImportError, parse_request
from dynoview.core.tx.nesting import levels
from dynoview.core.tx.validation import has_errors, validate


def nested(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"S": "x"}
    for _ in range(depth):
        value = {"M": {"a": value}}
    return value


def problems(action: dict[str, Any]) -> list[Any]:
    body = {"TableName": "accounts", "Key": {"PK": {"S": "k"}}, **action}
    kind = "Update" if "UpdateExpression" in body else "ConditionCheck"
    try:
        tx = parse_request({"TransactItems": [{kind: body}]}, dynamodb_json=True)
    except TransactionImportError as exc:  # refused as the request is read
        return [Problem(p.index, p.field, p.message) for p in exc.problems]
    return validate(tx)


def test_levels_counts_maps_and_lists() -> None:
    assert levels({"S": "x"}) == levels({"SS": ["a"]}) == levels({"M": {}}) == 1
    assert levels(nested(31)) == 32
    assert levels({"L": [{"N": "1"}, {"L": [{"M": {"a": {"N": "1"}}}]}]}) == 4


def test_a_condition_value_may_have_33_levels_not_34() -> None:
    def check(depth: int) -> list[Any]:
        return problems({"ConditionExpression": "m = :v", "ExpressionAttributeValues": {":v": nested(depth)}})

    assert not has_errors(check(32))
    assert has_errors(check(33))


def test_set_must_leave_the_item_within_32_levels() -> None:
    def update(text: str, depth: int) -> list[Any]:
        return problems({"UpdateExpression": text, "ExpressionAttributeValues": {":v": nested(depth)}})

    assert not has_errors(update("SET m = :v", 31))
    found = update("SET m = :v", 32)
    assert [p.message for p in found if p.field == "update"] == [
        "SET :v would nest 33 levels deep in the item; DynamoDB items hold at most 32. Flatten the value."]
    assert has_errors(update("SET m.a = :v", 31)) and not has_errors(update("SET m.a = :v", 30))
    assert has_errors(update("SET m = if_not_exists(m, :v)", 32))
