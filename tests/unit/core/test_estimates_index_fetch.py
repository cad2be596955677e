"""The estimate of an index read that asks for every attribute: a floor, with the table fetch named.

tests/integration/test_capacity_lsi_fetch.py checks the same against DynamoDB Local's figures.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from dynoview.core.reads.estimates import ITEMS_SIZE, capacity_text, explain_read
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.values.sizes import item_size


def _item(sk: str, pad: int) -> dict[str, Any]:
    return {"PK": {"S": "P"}, "SK": {"S": sk}, "l": {"S": sk}, "big": {"S": "z" * pad}}


ITEMS = [_item(f"{i:03d}", 5000 if i % 2 else 100) for i in range(40)]
QUERY = {"TableName": "t", "IndexName": "lsi1", "KeyConditionExpression": "PK = :p",
         "ExpressionAttributeValues": {":p": {"S": "P"}}, "ConsistentRead": True,
         "Select": "ALL_ATTRIBUTES"}


def _receipt(request: dict[str, Any], consumed: float, estimated: float) -> ReadReceipt:
    return ReadReceipt(time=datetime.now(UTC), operation="Query", table="t", index="lsi1",
                       consistency="strong", consumed_capacity=consumed, count=40, scanned_count=40,
                       duration_ms=1.0, request=request, estimated_capacity=estimated)


def test_every_attribute_of_an_index_is_a_floor_naming_the_table_fetch() -> None:
    est = explain_read("Query", QUERY, {"Items": ITEMS, "Count": 40, "ScannedCount": 40})
    assert est.units == 26.0 and est.lower_bound  # one page of the items returned
    assert "60 RCU for these 40 items, plus the index page" in est.basis  # 20 x 2 + 20 x 1
    assert capacity_text(_receipt(QUERY, 61.0, 26.0)) == "61 RCU (est. at least 26 RCU)"
    eventual = {**QUERY, "ConsistentRead": False}
    est = explain_read("Query", eventual, {"Items": ITEMS, "Count": 40, "ScannedCount": 40})
    assert est.units == 13.0 and est.lower_bound and "30 RCU for these 40 items" in est.basis


def test_compact_rows_and_projections_say_the_fetch_without_a_figure() -> None:
    size = sum(item_size(i) for i in ITEMS)
    est = explain_read("Query", QUERY, {ITEMS_SIZE: size, "Count": 40, "ScannedCount": 40})
    assert est.lower_bound and "item by item" in est.basis and "RCU for these" not in est.basis
    projected = {**QUERY, "ProjectionExpression": "big"}
    del projected["Select"]
    est = explain_read("Query", projected, {"Items": [{"big": i["big"]} for i in ITEMS], "Count": 40})
    assert est.lower_bound and "item by item" in est.basis


def test_reads_that_fetch_nothing_stay_exact() -> None:
    keys_only = [{k: v for k, v in i.items() if k != "big"} for i in ITEMS]
    default = {k: v for k, v in QUERY.items() if k != "Select"}  # the index's own attributes
    est = explain_read("Query", default, {"Items": keys_only, "Count": 40, "ScannedCount": 40})
    assert not est.lower_bound and "table" not in est.basis
    table = {k: v for k, v in QUERY.items() if k != "IndexName"}  # ALL_ATTRIBUTES of the table
    est = explain_read("Query", table, {"Items": ITEMS, "Count": 40, "ScannedCount": 40})
    assert est.units == 26.0 and not est.lower_bound
    assert capacity_text(_receipt(table, 26.0, 26.0)) == "26 RCU (est. 26 RCU)"
