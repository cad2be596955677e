"""A request with an unquoted number is refused with the fix quoting that number exactly as the
file wrote it (every digit, the exponent as written), never a float's rounding of it or "inf"
(``import_text``, which both `dynoview transact` and the builder's import dialog use)."""

from __future__ import annotations

import copy
import json

import pytest

from dynoview.core.tx.model import TransactionImportError, import_text
from dynoview.core.values.dynamodb_json import WrittenNumber

LITERALS = ["3.14159265358979323846264338327950288", "1e400", "-1E-130", "0.10", "-0", "12",
            "123456789012345678901234567890123456789", "9" * 5000]


def request_with(value: str, where: str = "Item") -> str:
    """A Put whose attribute ``n`` is ``value`` (raw JSON text) in ``Item`` or in a nested map."""
    attr = f'{{"N": {value}}}' if where == "Item" else f'{{"M": {{"inner": {{"N": {value}}}}}}}'
    return ('{"TransactItems": [{"Put": {"TableName": "accounts", "Item": {"PK": {"S": "ITEM#1"}, '
            f'"SK": {{"S": "X"}}, "n": {attr}}}, "ConditionExpression": "attribute_not_exists(PK)"}}}}]}}')


def refusal(text: str) -> str:
    with pytest.raises(TransactionImportError) as caught:
        import_text(text)
    (problem,) = caught.value.problems
    return problem.message


@pytest.mark.parametrize("literal", LITERALS)
@pytest.mark.parametrize("where", ["Item", "nested"])
def test_the_hint_quotes_the_number_as_written(literal: str, where: str) -> None:
    message = refusal(request_with(literal, where))
    assert f'e.g. {{"N": "{literal}"}}; quote the number so no digit is lost.' in message


def test_quoted_as_the_hint_says_the_request_is_taken_with_every_digit() -> None:
    literal = "3.14159265358979323846264338327950288"
    tx = import_text(request_with(json.dumps(literal)))
    assert tx.actions[0].item["n"] == {"N": literal}


def test_other_unquoted_numbers_are_named_as_numbers_as_before() -> None:
    ns = request_with("1").replace('{"N": 1}', '{"NS": ["1", 2.50]}')
    assert "NS members are written as number strings; found a number." in refusal(ns)
    returns = request_with('"1"').replace('"ConditionExpression"', '"ReturnValuesOnConditionCheckFailure": '
                                           '1.50, "ConditionExpression"')
    assert "ReturnValuesOnConditionCheckFailure is NONE or ALL_OLD, not 1.50." in refusal(returns)


def test_a_written_number_keeps_its_text_when_copied() -> None:
    number = WrittenNumber("1e400")
    assert number == 10 ** 400 and repr(number) == str(number) == "1e400"
    assert copy.deepcopy([number])[0].text == copy.copy(number).text == "1e400"
