"""Edit as JSON… refuses an unquoted number in DynamoDB JSON, and the fix it suggests is the
number as typed: it had read the number as a float first, so copying the suggested fix wrote
other digits (0.12345678901234567890123 became "0.12345678901234568", 1e400 became "inf")."""

from __future__ import annotations

import pytest

from dynoview.core.values.types import ValueParseError
from dynoview.ui.items.edit_dialog import parse_item


@pytest.mark.parametrize("typed", ["0.12345678901234567890123", "1e400", "123456789.123456789",
                                   "12345678901234567890123456789012345678"])
def test_an_unquoted_number_is_refused_with_its_own_digits(typed: str) -> None:
    with pytest.raises(ValueParseError) as refused:
        parse_item('{"PK": {"S": "ACCT#1"}, "price": {"N": ' + typed + "}}")
    assert f'e.g. {{"N": "{typed}"}}' in str(refused.value)


def test_a_quoted_number_is_kept_as_written() -> None:
    item = parse_item('{"PK": {"S": "ACCT#1"}, "price": {"N": "0.12345678901234567890123"}}')
    assert item["price"] == {"N": "0.12345678901234567890123"}
