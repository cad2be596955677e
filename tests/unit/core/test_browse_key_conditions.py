"""A Query's filter on a key, BETWEEN bounds and filter types: refused at the field that
caused them (checked against DynamoDB Local in tests/integration/test_browse_key_filters.py)."""

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request
from tests.unit.core.test_browse import TABLE


def _refused(spec: BrowseSpec) -> DynoViewError:
    with pytest.raises(DynoViewError) as info:
        build_request(TABLE, spec)
    return info.value


@pytest.mark.parametrize("low, high", [("10", "9"), ("1E+2", "99.5"), ("-0.1", "-1")])
def test_between_on_a_number_sort_key_orders_by_value(low: str, high: str) -> None:
    spec = BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                      sk_operator="between", sk_values=(low, high))
    assert _refused(spec).field == "sk_value1"
    _, request = build_request(TABLE, BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                                                 sk_operator="between", sk_values=(high, low)))
    assert request["ExpressionAttributeValues"][":v1"] == {"N": high}


def test_between_on_a_string_sort_key_orders_by_utf8_bytes() -> None:
    # "é" is U+00E9 (UTF-8 C3 A9), "ｚ" U+FF5A (EF BD 9A): by bytes "é" < "ｚ", and "Z" < "a".
    build_request(TABLE, BrowseSpec(table="accounts", mode="Query", pk_value="A", sk_operator="between",
                                    sk_values=("é", "ｚ")))
    build_request(TABLE, BrowseSpec(table="accounts", mode="Query", pk_value="A", sk_operator="between",
                                    sk_values=("Z", "a")))
    assert _refused(BrowseSpec(table="accounts", mode="Query", pk_value="A", sk_operator="between",
                               sk_values=("a", "Z"))).field == "sk_value1"


def test_filter_on_a_number_sort_key_is_typed_as_the_key() -> None:
    spec = BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                      filter=FilterSpec("n", "<=", "12345678901234567890123456789012345678", "N"))
    _, request = build_request(TABLE, spec)
    assert request["KeyConditionExpression"] == "#n0 = :v0 AND #n1 <= :v1"
    assert request["ExpressionAttributeValues"][":v1"] == {"N": "12345678901234567890123456789012345678"}
    assert "FilterExpression" not in request
    bad = _refused(BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                              filter=FilterSpec("n", "=", "0x10", "N")))
    assert bad.field == "filter_value"  # the value typed in the filter, not the hidden sort key box
    assert _refused(BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                               filter=FilterSpec("n", "=", "5", "S"))).field == "filter_type"
    assert _refused(BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                               filter=FilterSpec("n", "begins_with", "5", "N"))).field == "filter_operator"
    assert _refused(BrowseSpec(table="accounts", mode="Query", pk_value="A",
                               filter=FilterSpec("SK", "=", "", "S"))).field == "filter_value"


def test_key_filters_stay_filters_in_a_scan() -> None:
    _, request = build_request(TABLE, BrowseSpec(table="accounts", filter=FilterSpec("PK", "=", "A")))
    assert request["FilterExpression"] == "#n0 = :v0"
    _, request = build_request(TABLE, BrowseSpec(table="accounts", index="email-index",
                                                 filter=FilterSpec("email", "attribute_exists")))
    assert request["FilterExpression"] == "attribute_exists(#n0)"


@pytest.mark.parametrize("op", ["=", "<>", "contains"])
@pytest.mark.parametrize("value_type, value", [("BOOL", "false"), ("NULL", "")])
def test_equality_and_contains_take_every_type(op: str, value_type: str, value: str) -> None:
    _, request = build_request(TABLE, BrowseSpec(table="accounts",
                                                 filter=FilterSpec("status", op, value, value_type)))
    assert request["ExpressionAttributeNames"] == {"#n0": "status"}

