"""The four rules of issue 24 at their boundaries: the validator refuses each recorded
refusal for the reason DynamoDB gives (not merely for some reason), and its counts and sums
match DynamoDB's at 300/301 operators and at the edges of the number range."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.expressions.operators import MAX_OPERATORS, operator_count
from dynoview.core.expressions.parser import parse_condition, parse_update
from tests.differential import harness
from tests.differential.record import load_corpus

ENTRIES = {e["id"]: e for e in load_corpus()}
# DynamoDB's words for each refusal → words the validator's message must hold.
REASONS = {
    "too many operators": "operators; DynamoDB allows at most 300",
    "precision up to 38 digits": "significant digits; DynamoDB stores at most 38",
    "Number overflow": "outside DynamoDB's number range",
    "Number underflow": "outside DynamoDB's number range",
}
BOUNDARY = [i for i in ENTRIES if i.startswith(("limits/operators-", "values/arithmetic-", "values/zero-",
                                                "syntax/nesting-"))]


def _errors(entry: dict[str, Any]) -> list[str]:
    problems = harness.dynoview_problems(harness.expand(entry["request"]), harness.offline_schemas())
    return [p.message for p in problems if p.is_error]


def test_the_corpus_holds_each_boundary() -> None:
    for kind in ("equals", "between", "in-five", "attribute-exists", "size", "not", "set-plus", "set-minus",
                 "set-if-not-exists", "set-list-append", "or", "not-chain", "nested-groups"):
        assert ENTRIES[f"limits/operators-{kind}-300"]["local"]["outcome"] in (harness.ACCEPTED,
                                                                                 harness.CONDITIONAL)
        assert "operator count: 301" in ENTRIES[f"limits/operators-{kind}-301"]["local"]["message"]
    assert len(BOUNDARY) >= 100


@pytest.mark.parametrize("entry_id", BOUNDARY)
def test_each_refusal_is_reported_for_dynamodbs_reason(entry_id: str) -> None:
    entry = ENTRIES[entry_id]
    errors = _errors(entry)
    assert bool(errors) == harness.expected_refused(entry), errors
    local = entry["local"]["message"]
    for theirs, ours in REASONS.items():
        if theirs in local:
            assert any(ours in e for e in errors), (local, errors)
    if "service" in entry:  # zero with an exponent out of range: Local takes it, the service does not
        assert any("a zero written with an exponent outside -130 to 125" in e for e in errors), errors


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("a = :v AND b = :v OR NOT c = :v", 6),
        ("a BETWEEN :v AND :w", 1),  # BETWEEN's AND is not another operator
        ("a IN (:v, :w, :v)", 1),
        ("size(a) = size(b)", 3),
        ("((a) = (:v))", 1),  # parentheses count nothing
        ("attribute_exists(a) AND begins_with(b, :s) AND contains(c, :s) AND attribute_type(d, :t)", 7),
    ],
)
def test_condition_operators_are_counted_as_dynamodb_counts_them(text: str, count: int) -> None:
    assert operator_count(parse_condition(text)) == count


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("SET a = :v, b = :w", 0),
        ("SET a = :v + :w, b = :v - :w", 2),
        ("SET a = if_not_exists(a, :v) + :w", 2),
        ("SET a = list_append(if_not_exists(a, :l), :l)", 2),
        ("REMOVE a ADD b :v DELETE c :s", 0),
    ],
)
def test_update_operators_are_counted_as_dynamodb_counts_them(text: str, count: int) -> None:
    assert operator_count(parse_update(text)) == count


def test_the_limit_is_300() -> None:
    assert MAX_OPERATORS == 300
