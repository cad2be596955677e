"""A read of a local secondary index that asks for attributes the index does not project, against
DynamoDB Local's ConsumedCapacity (AWS's own engine).

DynamoDB reads the index page, then each item from the table, each rounded up to 4 KB on its own:
a strong Query of 20 items of 5 KB and 20 of 100 bytes through a KEYS_ONLY index costs
1 + 20 x 2 + 20 x 1 = 61 RCU. The read log showed "61 RCU (est. 26 RCU)", an estimate of one page
of the items returned presented as exact. The request does not say what the index projects, so
the estimate is now a floor ("est. at least 26 RCU") and its basis names the table fetch ("60 RCU
for these 40 items, plus the index page"), which adds up to the engine's figure. Index reads that
fetch nothing (the index's own attributes) stay exact.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.reads.estimates import capacity_text
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.values.sizes import item_size, read_units
from tests.helpers import connect

pytestmark = [pytest.mark.integration, pytest.mark.dynamodb_local]

N = 40
#: What each local secondary index holds besides the table's and its own keys.
INDEXES = {"keys": ("KEYS_ONLY", ()), "inc": ("INCLUDE", ("small",)), "all": ("ALL", ())}
KEYS = ("PK", "SK", "l")


@pytest.fixture(scope="module")
def table(dynamodb_local_endpoint: str) -> Iterator[tuple[Connection, str]]:
    conn = connect(dynamodb_local_endpoint)
    name = f"lsifetch-{uuid.uuid4().hex[:8]}"
    lsis = [{"IndexName": index, "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                                               {"AttributeName": "l", "KeyType": "RANGE"}],
             "Projection": {"ProjectionType": kind, **({"NonKeyAttributes": list(extra)} if extra else {})}}
            for index, (kind, extra) in INDEXES.items()]
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST", LocalSecondaryIndexes=lsis,
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"} for a in KEYS])
    for i in range(N):  # every other item past 4 KB: rounding per item differs from per page
        conn.client.put_item(TableName=name, Item={
            "PK": {"S": "P"}, "SK": {"S": f"{i:03d}"}, "l": {"S": f"{i:03d}"},
            "small": {"S": "s" * 300}, "big": {"S": "z" * (5000 if i % 2 else 100)}})
    try:
        yield conn, name
    finally:
        conn.client.delete_table(TableName=name)


def _query(name: str, index: str, strong: bool, **extra: Any) -> dict[str, Any]:
    return {"TableName": name, "IndexName": index, "KeyConditionExpression": "PK = :p",
            "ExpressionAttributeValues": {":p": {"S": "P"}}, "ConsistentRead": strong, **extra}


@pytest.mark.parametrize("strong", [True, False], ids=["strong", "eventual"])
@pytest.mark.parametrize("index", ["keys", "inc"])
def test_every_attribute_through_an_index_projecting_fewer_is_a_floor_that_the_fetch_completes(
        table: tuple[Connection, str], index: str, strong: bool) -> None:
    conn, name = table
    response, receipt = Reader(conn).read_with_receipt(
        "Query", _query(name, index, strong, Select="ALL_ATTRIBUTES"))
    items = response["Items"]
    assert len(items) == N
    assert receipt.consumed_capacity is not None and receipt.estimated_capacity is not None
    # The engine: the index page (keys and projected attributes), then each item from the table.
    projected = set(KEYS) | set(INDEXES[index][1])
    page = read_units(sum(item_size({k: v for k, v in i.items() if k in projected}) for i in items), strong)
    fetch = sum(read_units(item_size(i), strong) for i in items)
    assert receipt.consumed_capacity == page + fetch  # 61 / 30.5 on KEYS_ONLY, 64 / 32 on INCLUDE
    # The app: never more than the engine, said as a floor, and the fetch named in the basis.
    assert receipt.estimated_capacity < receipt.consumed_capacity
    assert capacity_text(receipt) == (f"{receipt.consumed_capacity:g} RCU "
                                      f"(est. at least {receipt.estimated_capacity:g} RCU)")
    assert f"{fetch:g} RCU for these {N} items, plus the index page" in (receipt.estimate_basis or "")


def test_the_reported_case_61_rcu(table: tuple[Connection, str]) -> None:
    conn, name = table
    _response, receipt = Reader(conn).read_with_receipt(
        "Query", _query(name, "keys", True, Select="ALL_ATTRIBUTES"))
    assert receipt.consumed_capacity == 1 + 20 * 2 + 20 * 1
    assert "est. at least" in capacity_text(receipt)


@pytest.mark.parametrize("strong", [True, False], ids=["strong", "eventual"])
def test_index_reads_of_the_index_own_attributes_stay_exact(table: tuple[Connection, str],
                                                           strong: bool) -> None:
    conn, name = table
    reader = Reader(conn)
    for index in INDEXES:  # the default Select: the attributes the index holds, nothing fetched
        _response, receipt = reader.read_with_receipt("Query", _query(name, index, strong))
        assert receipt.estimated_capacity == receipt.consumed_capacity, index
        assert "at least" not in capacity_text(receipt)
        assert "from the table" not in (receipt.estimate_basis or "")


@pytest.mark.parametrize("operation", ["Query", "Scan"])
def test_every_attribute_of_an_index_projecting_all_is_still_no_more_than_the_engine(
        table: tuple[Connection, str], operation: str) -> None:
    """The request cannot tell an index projecting ALL (or a Scan, which DynamoDB Local bills as
    one page of the items) from one that fetches: the floor holds either way."""
    conn, name = table
    request = (_query(name, "all", True, Select="ALL_ATTRIBUTES") if operation == "Query" else
               {"TableName": name, "IndexName": "keys", "Select": "ALL_ATTRIBUTES", "ConsistentRead": True})
    _response, receipt = Reader(conn).read_with_receipt(operation, request)
    assert receipt.consumed_capacity is not None and receipt.estimated_capacity is not None
    assert receipt.estimated_capacity <= receipt.consumed_capacity
    assert "est. at least" in capacity_text(receipt)
