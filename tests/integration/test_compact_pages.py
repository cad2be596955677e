"""Pages read as compact rows, over HTTP: the same items, in the same order, as botocore's
parsed pages, with the same receipts; binary keys go back out as ExclusiveStartKey."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.reads.rows import RowShape, key_digest
from dynoview.core.session.connection import Connection

pytestmark = pytest.mark.integration


def read_all(reader: Reader, request: dict[str, Any], rows: RowShape | None) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for page in reader.cursor("Scan", request, rows=rows):
        items.extend(page.block.items() if page.block is not None else page.items)
    return items


def test_compact_pages_hold_what_parsed_pages_hold(reader: Reader, accounts_table: str) -> None:
    request = {"TableName": accounts_table, "Limit": 7}
    parsed = read_all(reader, request, None)
    parsed_receipts = reader.log.receipts()
    reader.log.clear()
    compact = read_all(reader, request, RowShape(("PK", "SK")))
    assert compact == parsed and len(parsed) > 7
    receipts = reader.log.receipts()
    assert [(r.count, r.scanned_count, r.estimated_capacity, r.consumed_capacity) for r in receipts] == \
        [(r.count, r.scanned_count, r.estimated_capacity, r.consumed_capacity) for r in parsed_receipts]
    assert all(r.request["TableName"] == accounts_table for r in receipts)


def test_a_query_reads_compact_pages_too(reader: Reader, accounts_table: str) -> None:
    request = {"TableName": accounts_table, "KeyConditionExpression": "PK = :pk",
               "ExpressionAttributeValues": {":pk": {"S": "ACCT#a1f9c3"}}}
    page = reader.cursor("Query", request, rows=RowShape(("PK", "SK"))).next_page(100)
    assert page.block is not None and page.block.items() == reader.read("Query", request)["Items"]
    assert list(page.block.digests) == [key_digest([i["PK"], i["SK"]]) for i in page.block.items()]


@pytest.fixture
def binary_table(conn: Connection) -> Iterator[str]:
    name = f"bin-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                                        {"AttributeName": "sk", "KeyType": "RANGE"}],
                             AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "B"},
                                                   {"AttributeName": "sk", "AttributeType": "B"}])
    for i in range(5):
        item = {"pk": {"B": bytes([0, 0, 255])}, "sk": {"B": bytes([i, 1])},
                "v": {"BS": [bytes([i]), b"\xff"]}}
        conn.client.put_item(TableName=name, Item=item)
    yield name
    conn.client.delete_table(TableName=name)


def test_binary_keys_page_through_compact_rows(reader: Reader, binary_table: str) -> None:
    request = {"TableName": binary_table, "Limit": 2}  # binary LastEvaluatedKeys go back out
    compact = read_all(reader, request, RowShape(("pk", "sk")))
    assert compact == read_all(reader, request, None)
    assert sorted(bytes(i["sk"]["B"]) for i in compact) == [bytes([i, 1]) for i in range(5)]
    assert all(isinstance(m, bytes) for i in compact for m in i["v"]["BS"])
