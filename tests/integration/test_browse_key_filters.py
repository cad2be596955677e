"""The Items read form's requests that DynamoDB refuses, caught before sending: a Query's filter
on a key attribute (made the key condition when it can be one), BETWEEN bounds out of order,
and filter operators given a type they cannot compare. DynamoDB Local is the judge: each raw
request the form used to send is shown to be refused there, and each request built now runs
on both engines."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.demo.backend import CREATED_INDEX, EMAIL_INDEX

pytestmark = pytest.mark.integration

ADA = "ACCT#a1f9c3"


def _items(reader: Reader, conn: Connection, spec: BrowseSpec) -> list[dict[str, Any]]:
    info = describe_table(conn, spec.table)
    operation, request = build_request(info, spec)
    cursor = reader.cursor(operation, request, info)
    items: list[dict[str, Any]] = []
    while not cursor.exhausted:
        items.extend(cursor.next_page().items)
    return items


def test_filter_on_the_sort_key_becomes_the_key_condition(reader: Reader, conn: Connection,
                                                          accounts_table: str) -> None:
    spec = BrowseSpec(table=accounts_table, mode="Query", pk_value=ADA,
                      filter=FilterSpec("SK", "begins_with", "PRO"))
    _, request = build_request(describe_table(conn, accounts_table), spec)
    assert "FilterExpression" not in request
    assert request["KeyConditionExpression"] == "#n0 = :v0 AND begins_with(#n1, :v1)"
    assert request["ExpressionAttributeNames"] == {"#n0": "PK", "#n1": "SK"}
    assert request["ExpressionAttributeValues"] == {":v0": {"S": ADA}, ":v1": {"S": "PRO"}}
    assert [(i["PK"]["S"], i["SK"]["S"]) for i in _items(reader, conn, spec)] == [(ADA, "PROFILE")]
    none = BrowseSpec(table=accounts_table, mode="Query", pk_value=ADA, filter=FilterSpec("SK", ">", "Q"))
    assert _items(reader, conn, none) == []


def test_filter_on_an_lsi_sort_key_becomes_its_key_condition(reader: Reader, conn: Connection,
                                                             accounts_table: str) -> None:
    spec = BrowseSpec(table=accounts_table, mode="Query", index=CREATED_INDEX, pk_value=ADA,
                      filter=FilterSpec("createdAt", ">=", "2000"))
    items = _items(reader, conn, spec)
    assert [i["PK"]["S"] for i in items] == [ADA]
    # The table's sort key is not a key of the LSI: it stays a filter, which DynamoDB takes.
    spec = BrowseSpec(table=accounts_table, mode="Query", index=CREATED_INDEX, pk_value=ADA,
                      filter=FilterSpec("SK", "=", "PROFILE"))
    _, request = build_request(describe_table(conn, accounts_table), spec)
    assert "FilterExpression" in request
    assert [i["SK"]["S"] for i in _items(reader, conn, spec)] == ["PROFILE"]


REFUSED = [
    # (spec fields, field at fault, raw request the form used to send)
    (dict(mode="Query", pk_value=ADA, filter=FilterSpec("PK", "=", ADA)), "filter_attribute",
     {"KeyConditionExpression": "#k = :k", "FilterExpression": "#k = :k"}),
    (dict(mode="Query", index=EMAIL_INDEX, pk_value="shared@example.com",
          filter=FilterSpec("email", "attribute_exists")), "filter_attribute",
     {"IndexName": EMAIL_INDEX, "KeyConditionExpression": "email = :e",
      "FilterExpression": "attribute_exists(email)"}),
    (dict(mode="Query", pk_value=ADA, filter=FilterSpec("SK", "<>", "PROFILE")), "filter_operator",
     {"KeyConditionExpression": "#k = :k", "FilterExpression": "SK <> :s"}),
    (dict(mode="Query", pk_value=ADA, sk_operator="begins_with", sk_values=("P",),
          filter=FilterSpec("SK", "=", "PROFILE")), "filter_attribute",
     {"KeyConditionExpression": "#k = :k AND begins_with(SK, :s)", "FilterExpression": "SK = :s"}),
    (dict(mode="Query", pk_value=ADA, sk_operator="between", sk_values=("Z", "A")), "sk_value1",
     {"KeyConditionExpression": "#k = :k AND SK BETWEEN :z AND :a"}),
    (dict(filter=FilterSpec("email", "<", "true", "BOOL")), "filter_type",
     {"FilterExpression": "email < :b"}),
    (dict(filter=FilterSpec("email", ">=", "", "NULL")), "filter_type",
     {"FilterExpression": "email >= :n"}),
    (dict(filter=FilterSpec("email", "begins_with", "5", "N")), "filter_type",
     {"FilterExpression": "begins_with(email, :five)"}),
]
RAW_VALUES = {":k": {"S": ADA}, ":e": {"S": "shared@example.com"}, ":s": {"S": "PROFILE"},
              ":z": {"S": "Z"}, ":a": {"S": "A"}, ":b": {"BOOL": True}, ":n": {"NULL": True},
              ":five": {"N": "5"}}


@pytest.mark.parametrize("fields, field, raw", REFUSED)
def test_refused_before_sending_at_the_field(reader: Reader, conn: Connection, accounts_table: str,
                                             fields: dict[str, Any], field: str, raw: dict[str, Any]) -> None:
    info = describe_table(conn, accounts_table)
    with pytest.raises(DynoViewError) as refused:
        build_request(info, BrowseSpec(table=accounts_table, **fields))
    assert refused.value.field == field
    assert refused.value.message.endswith(".")
    assert len(reader.log) == 0


@pytest.mark.only_on("dynamodb-local", reason="moto accepts these requests; DynamoDB refuses them")
@pytest.mark.parametrize("fields, field, raw", REFUSED)
def test_dynamodb_refuses_what_the_form_used_to_send(reader: Reader, accounts_table: str,
                                                     fields: dict[str, Any], field: str,
                                                     raw: dict[str, Any]) -> None:
    text = " ".join(str(v) for v in raw.values())
    request: dict[str, Any] = {"TableName": accounts_table, **raw,
                               "ExpressionAttributeValues": {k: v for k, v in RAW_VALUES.items()
                                                             if k in text}}
    if "#k" in text:
        request["ExpressionAttributeNames"] = {"#k": "PK"}
    operation = "Query" if "KeyConditionExpression" in raw else "Scan"
    with pytest.raises(Exception) as info:
        reader.read(operation, request)
    assert "ValidationException" in str(info.value)
