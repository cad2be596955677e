"""The Items read's filter on a real endpoint: a name with blanks at an end is its own attribute
(sent exactly, behind a placeholder), and IN / BETWEEN filters read what they say. DynamoDB
Local judges the refusals: each request the form refuses is shown to be refused there too."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table

pytestmark = pytest.mark.integration

ADA = "ada@lovelace.io"


def _items(reader: Reader, conn: Connection, spec: BrowseSpec) -> list[dict[str, Any]]:
    info = describe_table(conn, spec.table)
    operation, request = build_request(info, spec)
    cursor = reader.cursor(operation, request, info)
    items: list[dict[str, Any]] = []
    while not cursor.exhausted:
        items.extend(cursor.next_page().items)
    return items


def _put_spaced(conn: Connection, table: str) -> None:
    conn.client.put_item(TableName=table, Item={"PK": {"S": "ACCT#spaced"}, "SK": {"S": "PROFILE"},
                                                " email": {"S": ADA}, "email ": {"S": "x"}})


def test_a_name_with_blanks_at_an_end_is_its_own_attribute(reader: Reader, conn: Connection,
                                                           accounts_table: str) -> None:
    _put_spaced(conn, accounts_table)
    spaced = BrowseSpec(table=accounts_table, filter=FilterSpec(" email", "=", ADA))
    assert [i["PK"]["S"] for i in _items(reader, conn, spaced)] == ["ACCT#spaced"]
    receipt = reader.log.last()
    assert receipt is not None
    assert receipt.request["FilterExpression"] == "#n0 = :v0"
    assert receipt.request["ExpressionAttributeNames"] == {"#n0": " email"}
    plain = BrowseSpec(table=accounts_table, filter=FilterSpec("email", "=", ADA))
    assert "ACCT#spaced" not in [i["PK"]["S"] for i in _items(reader, conn, plain)]
    trailing = BrowseSpec(table=accounts_table, filter=FilterSpec("email ", "attribute_exists"))
    assert [i["PK"]["S"] for i in _items(reader, conn, trailing)] == ["ACCT#spaced"]


def test_in_reads_the_listed_values(reader: Reader, conn: Connection, accounts_table: str) -> None:
    spec = BrowseSpec(table=accounts_table,
                      filter=FilterSpec("email", "in", f'["{ADA}", "nobody@example.com", "{ADA}"]'))
    items = _items(reader, conn, spec)
    assert {i["email"]["S"] for i in items} == {ADA}
    receipt = reader.log.last()
    assert receipt is not None and receipt.request["FilterExpression"] == "#n0 IN (:v0, :v1, :v2)"
    # A hundred values is DynamoDB's limit, and it takes them.
    many = [ADA, *(f"n{i}@example.com" for i in range(99))]
    spec = BrowseSpec(table=accounts_table, filter=FilterSpec("email", "in", str(many).replace("'", '"')))
    assert {i["email"]["S"] for i in _items(reader, conn, spec)} == {ADA}


def test_in_on_numbers_keeps_every_digit(reader: Reader, conn: Connection, accounts_table: str) -> None:
    big = "12345678901234567890123456789012345678"
    conn.client.put_item(TableName=accounts_table, Item={"PK": {"S": "N#1"}, "SK": {"S": "X"},
                                                         "n": {"N": big}})
    _, request = build_request(describe_table(conn, accounts_table), BrowseSpec(
        table=accounts_table, filter=FilterSpec("n", "in", f"[{big}, \"1.5\"]", "N")))
    assert request["ExpressionAttributeValues"] == {":v0": {"N": big}, ":v1": {"N": "1.5"}}
    items = _items(reader, conn, BrowseSpec(table=accounts_table,
                                            filter=FilterSpec("n", "in", f"[{big}]", "N")))
    assert [i["PK"]["S"] for i in items] == ["N#1"]


def test_between_reads_the_range(reader: Reader, conn: Connection, accounts_table: str) -> None:
    spec = BrowseSpec(table=accounts_table, filter=FilterSpec("email", "between", "ada", "S", "adb"))
    assert {i["email"]["S"] for i in _items(reader, conn, spec)} == {ADA}
    receipt = reader.log.last()
    assert receipt is not None and receipt.request["FilterExpression"] == "#n0 BETWEEN :v0 AND :v1"


def test_between_on_the_sort_key_in_a_query_is_the_key_condition(reader: Reader, conn: Connection,
                                                                 accounts_table: str) -> None:
    spec = BrowseSpec(table=accounts_table, mode="Query", pk_value="ACCT#a1f9c3",
                      filter=FilterSpec("SK", "between", "P", "S", "Q"))
    assert [i["SK"]["S"] for i in _items(reader, conn, spec)] == ["PROFILE"]
    receipt = reader.log.last()
    assert receipt is not None
    assert receipt.request["KeyConditionExpression"] == "#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2"
    assert "FilterExpression" not in receipt.request


REFUSED = [
    # (filter, field at fault, the raw FilterExpression and values DynamoDB refuses)
    (FilterSpec("email", "between", "b", "S", "a"), "filter_value1",
     ("#a BETWEEN :v0 AND :v1", {":v0": {"S": "b"}, ":v1": {"S": "a"}})),
    (FilterSpec("email", "in", str([f"v{i}" for i in range(101)]).replace("'", '"')), "filter_value",
     ("#a IN (" + ", ".join(f":v{i}" for i in range(101)) + ")",
      {f":v{i}": {"S": f"v{i}"} for i in range(101)})),
    (FilterSpec("email", "between", "true", "BOOL", "true"), "filter_type",
     ("#a BETWEEN :v0 AND :v1", {":v0": {"BOOL": True}, ":v1": {"BOOL": True}})),
]


@pytest.mark.parametrize("flt, field, raw", REFUSED)
def test_refused_before_sending_at_the_field(reader: Reader, conn: Connection, accounts_table: str,
                                             flt: FilterSpec, field: str, raw: Any) -> None:
    with pytest.raises(DynoViewError) as refused:
        build_request(describe_table(conn, accounts_table), BrowseSpec(table=accounts_table, filter=flt))
    assert refused.value.field == field
    assert refused.value.message.endswith(".")
    assert len(reader.log) == 0


@pytest.mark.only_on("dynamodb-local", reason="moto accepts some of these requests; DynamoDB refuses them")
@pytest.mark.parametrize("flt, field, raw", REFUSED)
def test_dynamodb_refuses_them_too(reader: Reader, accounts_table: str, flt: FilterSpec, field: str,
                                   raw: Any) -> None:
    expression, values = raw
    with pytest.raises(Exception) as info:
        reader.read("Scan", {"TableName": accounts_table, "FilterExpression": expression,
                             "ExpressionAttributeNames": {"#a": "email"},
                             "ExpressionAttributeValues": values})
    assert "ValidationException" in str(info.value)
