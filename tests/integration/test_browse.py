"""Browse a real local endpoint over HTTP: pages, consistency, receipts, lossless values."""

from __future__ import annotations

import pytest

from dynoview.core.errors import ConsistentReadOnGsiError, describe_error
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.demo.backend import (
    CREATED_INDEX,
    EMAIL_INDEX,
    METRICS_TABLE,
    create_metrics_table,
)

pytestmark = pytest.mark.integration


def test_scan_pages_through_the_whole_table(reader: Reader, conn: Connection,
                                            accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    _, request = build_request(info, BrowseSpec(table=accounts_table, page_size=7))
    cursor = reader.cursor("Scan", request, info)
    keys: list[tuple[str, str]] = []
    pages = 0
    while not cursor.exhausted:
        page = cursor.next_page()
        pages += 1
        keys.extend((i["PK"]["S"], i["SK"]["S"]) for i in page.items)
    assert len(keys) == len(set(keys)) == info.item_count
    assert pages >= info.item_count // 7
    receipts = reader.log.receipts()
    assert len(receipts) == pages
    assert all(r.operation == "Scan" and r.consistency == "eventual" for r in receipts)
    assert receipts[0].request["Limit"] == 7
    assert "ExclusiveStartKey" in receipts[1].request


def test_filtered_scan_keeps_reading_until_it_has_items(reader: Reader, conn: Connection,
                                                        accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    spec = BrowseSpec(table=accounts_table, page_size=5,
                      filter=FilterSpec("PK", "begins_with", "SESSION#"))
    _, request = build_request(info, spec)
    page = reader.cursor("Scan", request, info).next_page()
    assert page.items and all(i["PK"]["S"].startswith("SESSION#") for i in page.items)
    assert page.scanned > len(page.items)
    assert page.requests > 1


def test_query_lsi_strongly(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    spec = BrowseSpec(table=accounts_table, mode="Query", index=CREATED_INDEX, consistent=True,
                      pk_value="ACCT#a1f9c3")
    _, request = build_request(info, spec)
    page = reader.cursor("Query", request, info).next_page()
    assert [i["PK"]["S"] for i in page.items] == ["ACCT#a1f9c3"]
    last = reader.log.last()
    assert last is not None
    assert (last.operation, last.index, last.consistency) == ("Query", CREATED_INDEX, "strong")
    assert last.consumed_capacity is not None


def test_strong_read_on_gsi_is_refused_before_sending(reader: Reader, conn: Connection,
                                                      accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    spec = BrowseSpec(table=accounts_table, mode="Query", index=EMAIL_INDEX, consistent=True,
                      pk_value="ada@lovelace.io")
    _, request = build_request(info, spec)
    with pytest.raises(ConsistentReadOnGsiError, match="GSIs only serve eventually consistent"):
        reader.cursor("Query", request, info)
    assert len(reader.log) == 0


def test_server_rejection_of_strong_gsi_read_is_explained(reader: Reader,
                                                          accounts_table: str) -> None:
    with pytest.raises(Exception) as info:
        reader.read("Query", {"TableName": accounts_table, "IndexName": EMAIL_INDEX,
                              "ConsistentRead": True,
                              "KeyConditionExpression": "email = :e",
                              "ExpressionAttributeValues": {":e": {"S": "ada@lovelace.io"}}})
    err = describe_error(info.value)
    assert "eventually consistent" in err.message
    assert reader.log.last().error == "ValidationException"


def test_gsi_query_eventual_finds_duplicate_email(reader: Reader, conn: Connection,
                                                  accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    spec = BrowseSpec(table=accounts_table, mode="Query", index=EMAIL_INDEX,
                      pk_value="shared@example.com")
    _, request = build_request(info, spec)
    page = reader.cursor("Query", request, info).next_page()
    assert sorted(i["PK"]["S"] for i in page.items) == ["ACCT#2a3b4c", "ACCT#3b4c5d"]


def test_get_item_receipt_is_strong(reader: Reader, accounts_table: str) -> None:
    item = reader.get_item(accounts_table, {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"},
                                            "SK": {"S": "LOCK"}})
    assert item is not None
    receipt = reader.log.last()
    assert (receipt.operation, receipt.consistency, receipt.count) == ("GetItem", "strong", 1)
    assert receipt.request["ReturnConsumedCapacity"] == "TOTAL"
    # The app's own estimate: one small item, one 4 KB strong read unit.
    assert receipt.estimated_capacity == 1.0
    reader.get_item(accounts_table, {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"},
                                     "SK": {"S": "LOCK"}}, consistent=False)
    assert reader.log.last().estimated_capacity == 0.5


def test_values_come_back_losslessly(reader: Reader, conn: Connection) -> None:
    if METRICS_TABLE not in conn.list_tables():
        create_metrics_table(conn)
    item = reader.get_item(METRICS_TABLE, {"deviceId": {"N": "7"}})
    assert item is not None
    assert item["exact"] == {"N": "12345678901234567890123456789012345678"}
    assert item["raw"] == {"B": bytes([7, 0, 255, 128])}
    assert set(item["tags"]["SS"]) == {"edge", "rack-3"}
    assert item["location"]["M"]["coords"]["L"][0] == {"N": "51.5074"}
    assert item["note"] == {"S": ""}
    assert item["a.b"] == {"S": "a name with a dot"}


def test_unknown_table_message(reader: Reader) -> None:
    with pytest.raises(Exception) as info:
        reader.read("Scan", {"TableName": "no-such-table"})
    err = describe_error(info.value, table="no-such-table", endpoint="http://127.0.0.1:1")
    assert err.title == "Table not found"
    assert "no-such-table does not exist" in err.message


@pytest.mark.parametrize(("pk_name", "sk_name"), [("user.id", "at[0]"), ("x]", "[y")])
def test_query_a_table_whose_key_names_hold_dots_and_brackets(
        reader: Reader, conn: Connection, pk_name: str, sk_name: str) -> None:
    """Key names are plain attribute names: DynamoDB refused "#n0.#n1 = :v0" ("conditions on
    nested attributes"), and "x]" raised an expression syntax error out of the Run button."""
    import uuid

    name = f"odd-keys-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": pk_name, "KeyType": "HASH"},
                   {"AttributeName": sk_name, "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": pk_name, "AttributeType": "S"},
                              {"AttributeName": sk_name, "AttributeType": "S"}])
    try:
        for sk in ("a", "b"):
            conn.client.put_item(TableName=name, Item={pk_name: {"S": "u1"}, sk_name: {"S": sk}})
        info = describe_table(conn, name)
        spec = BrowseSpec(table=name, mode="Query", pk_value="u1", sk_operator="=", sk_values=("b",))
        operation, request = build_request(info, spec)
        assert set(request["ExpressionAttributeNames"].values()) == {pk_name, sk_name}
        page = reader.cursor(operation, request, info).next_page()
        assert [i[sk_name]["S"] for i in page.items] == ["b"]
    finally:
        conn.client.delete_table(TableName=name)
