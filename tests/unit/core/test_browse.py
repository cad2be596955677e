import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request, column_order
from dynoview.core.session.tables import table_info_from_description

DESCRIPTION = {
    "TableName": "accounts",
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                  {"AttributeName": "SK", "KeyType": "RANGE"}],
    "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                             {"AttributeName": "SK", "AttributeType": "S"},
                             {"AttributeName": "email", "AttributeType": "S"},
                             {"AttributeName": "n", "AttributeType": "N"}],
    "GlobalSecondaryIndexes": [{"IndexName": "email-index",
                                "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
                                "Projection": {"ProjectionType": "ALL"}}],
    "LocalSecondaryIndexes": [{"IndexName": "by-n",
                               "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                                             {"AttributeName": "n", "KeyType": "RANGE"}],
                               "Projection": {"ProjectionType": "KEYS_ONLY"}}],
}
TABLE = table_info_from_description(DESCRIPTION, {"AttributeName": "ttl",
                                                  "TimeToLiveStatus": "ENABLED"})


def test_scan_request_is_exact() -> None:
    op, request = build_request(TABLE, BrowseSpec(table="accounts", page_size=25))
    assert op == "Scan"
    assert request == {"TableName": "accounts", "Limit": 25}


def test_query_with_sort_key_begins_with_and_reserved_word_filter() -> None:
    spec = BrowseSpec(table="accounts", mode="Query", pk_value="ACCT#1", sk_operator="begins_with",
                      sk_values=("PRO",), consistent=True,
                      filter=FilterSpec("status", "=", "active"))
    op, request = build_request(TABLE, spec)
    assert op == "Query"
    assert request == {
        "TableName": "accounts",
        "Limit": 100,
        "ConsistentRead": True,
        "KeyConditionExpression": "#n0 = :v0 AND begins_with(#n1, :v1)",
        "FilterExpression": "#n2 = :v2",
        "ExpressionAttributeNames": {"#n0": "PK", "#n1": "SK", "#n2": "status"},
        "ExpressionAttributeValues": {":v0": {"S": "ACCT#1"}, ":v1": {"S": "PRO"},
                                      ":v2": {"S": "active"}},
    }


def test_between_on_numeric_lsi_sort_key() -> None:
    spec = BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                      sk_operator="between", sk_values=("1", "12345678901234567890123456789012345678"))
    _, request = build_request(TABLE, spec)
    assert request["IndexName"] == "by-n"
    assert request["KeyConditionExpression"] == "#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2"
    assert request["ExpressionAttributeValues"][":v2"] == {
        "N": "12345678901234567890123456789012345678"}


def test_filter_on_name_with_dot_is_one_attribute() -> None:
    _, request = build_request(TABLE, BrowseSpec(table="accounts",
                                                 filter=FilterSpec("a.b", "attribute_exists")))
    assert request["FilterExpression"] == "attribute_exists(#n0)"
    assert request["ExpressionAttributeNames"] == {"#n0": "a.b"}


@pytest.mark.parametrize("spec, field", [
    (BrowseSpec(table="accounts", mode="Query", pk_value=""), "pk_value"),
    (BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A", sk_operator="=",
                sk_values=("12abc",)), "sk_value0"),
    (BrowseSpec(table="accounts", mode="Query", index="by-n", pk_value="A",
                sk_operator="begins_with", sk_values=("1",)), "sk_operator"),
    (BrowseSpec(table="accounts", mode="Query", pk_value="A", sk_operator="between",
                sk_values=("a",)), "sk_value1"),
    (BrowseSpec(table="accounts", filter=FilterSpec("n", "=", "NaN", "N")), "filter_value"),
    (BrowseSpec(table="accounts", page_size=0), "page_size"),
])
def test_bad_input_is_located(spec: BrowseSpec, field: str) -> None:
    with pytest.raises(DynoViewError) as info:
        build_request(TABLE, spec)
    assert info.value.field == field
    assert info.value.message.endswith(".")


def test_columns_keys_first_then_first_seen() -> None:
    assert column_order(TABLE, ["zeta", "SK", "email", "PK", "alpha"]) == [
        "PK", "SK", "email", "zeta", "alpha"]


def test_gsi_refuses_strong_reads_lsi_allows() -> None:
    assert not TABLE.index("email-index").strong_reads_allowed
    assert TABLE.index("by-n").strong_reads_allowed
    assert TABLE.ttl_enabled and TABLE.ttl_attribute == "ttl"
