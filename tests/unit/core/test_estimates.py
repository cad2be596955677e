"""Read and write estimates by DynamoDB's size rules, and how they sit next to the reported figure."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from dynoview.core.reads.estimates import (
    capacity_text,
    estimate_for_response,
    estimate_write_request,
    explain_read,
    page_read_units,
)
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.values.sizes import item_size


def blob(pk: str, sk: str, size: int) -> dict[str, Any]:
    """An item of exactly ``size`` bytes by DynamoDB's rules (names plus values)."""
    base = {"PK": {"S": pk}, "SK": {"S": sk}}
    pad = size - item_size(base) - len("d")
    assert pad >= 0
    base["d"] = {"S": "x" * pad}
    assert item_size(base) == size
    return base


def test_query_pages_round_the_total_not_each_item() -> None:
    items = [blob("a", str(i), 1000) for i in range(5)]  # 5000 bytes: two 4 KB units
    assert page_read_units(items, consistent=True) == 2.0
    assert page_read_units(items, consistent=False) == 1.0
    est = explain_read("Query", {"TableName": "t"}, {"Items": items, "Count": 5, "ScannedCount": 5})
    assert est.units == 1.0 and not est.lower_bound
    assert "rounded up to 4 KB per page" in est.basis


def test_empty_page_and_get_miss_cost_the_minimum() -> None:
    assert explain_read("Scan", {"ConsistentRead": True}, {"Items": [], "Count": 0}).units == 1.0
    miss = explain_read("GetItem", {"ConsistentRead": False}, {})
    assert miss.units == 0.5 and "miss" in miss.basis


def test_filtered_and_projected_reads_are_lower_bounds() -> None:
    items = [blob("a", "1", 100)]
    est = explain_read("Scan", {}, {"Items": items, "Count": 1, "ScannedCount": 40})
    assert est.lower_bound and "filtered out" in est.basis
    est = explain_read("Query", {"ProjectionExpression": "#a"}, {"Items": items, "Count": 1})
    assert est.lower_bound and est.text().startswith("at least 0.5 RCU")


def test_batch_rounds_each_item_and_transactions_double() -> None:
    items = [blob("a", str(i), 5000) for i in range(2)]  # 5000 bytes each: 2 units each
    batch = explain_read("BatchGetItem", {"RequestItems": {"t": {"ConsistentRead": True}}},
                         {"Responses": {"t": items}})
    assert batch.units == 4.0
    tx = explain_read("TransactGetItems", {}, {"Responses": [{"Item": items[0]}, {}]})
    assert tx.units == 2 * 2 + 2 * 1
    assert "2 keys read (1 found, 1 missing)" in tx.basis


def test_transactional_read_of_two_small_items_and_a_miss_is_six() -> None:
    """The demo's read log showed "4 RCU (est. 6 RCU)" with a count of 2: three keys read, two
    found. The docs charge 2 RCU per item read and DynamoDB Local charges the missing key 2 as
    well: 6 is right; moto, the demo engine, leaves the miss out."""
    small = [blob("a", str(i), 100) for i in range(2)]
    est = explain_read("TransactGetItems", {}, {"Responses": [{"Item": small[0]}, {"Item": small[1]}, {}]})
    assert est.units == 6.0 and not est.lower_bound


def test_count_only_has_no_estimate_and_never_raises() -> None:
    assert explain_read("Query", {"Select": "COUNT"}, {"Count": 3}).units is None
    assert estimate_for_response("Scan", {}, {"Items": [{"bad": {"X": 1}}]}) is None
    assert estimate_for_response("GetItem", {}, {"Item": blob("a", "b", 4097)}) == 1.0


def test_write_units_double_in_transactions() -> None:
    put = estimate_write_request("PutItem", {"Item": blob("a", "b", 1500)})
    assert put.units == 2.0 and put.text().startswith("at least 2 WCU")
    tx = estimate_write_request("TransactWriteItems", {"TransactItems": [
        {"Put": {"Item": blob("a", "b", 1500)}},
        {"Delete": {"Key": {"PK": {"S": "x"}}}},
    ]})
    assert tx.units == 4.0 + 2.0 and tx.lower_bound and tx.unit == "WCU"


def test_writes_are_billed_on_the_larger_of_before_and_after() -> None:
    """With the stored items known (the preflight reads them), Puts and Deletes are exact."""
    big, small = blob("a", "b", 5000), blob("a", "b", 100)
    assert estimate_write_request("PutItem", {"Item": small}, [big]).units == 5.0
    assert not estimate_write_request("PutItem", {"Item": small}, [None]).lower_bound
    assert estimate_write_request("DeleteItem", {"Key": {}}, [big]).units == 5.0
    assert estimate_write_request("UpdateItem", {"Key": {}}, [big]).lower_bound  # it may grow
    request = {"TransactItems": [{"Put": {"Item": small}}, {"Delete": {"Key": {}}},
                                 {"ConditionCheck": {"Key": {}}}, {"Delete": {"Key": {}}}]}
    est = estimate_write_request("TransactWriteItems", request, [big, big, blob("c", "d", 5000), None])
    # Put over a 5000-byte item: 2 x 5; Delete of it: 2 x 5; check of 5000 bytes: 2 x 2 (4 KB
    # units); Delete of nothing: 2 x 1.
    assert est.units == 10 + 10 + 4 + 2 and not est.lower_bound


def receipt(consumed: float | None, estimated: float | None) -> ReadReceipt:
    return ReadReceipt(time=datetime(2026, 1, 1, tzinfo=UTC), operation="Query", table="t",
                       index=None, consistency="eventual", consumed_capacity=consumed, count=1,
                       scanned_count=1, duration_ms=1.0, request={}, estimated_capacity=estimated)


def test_capacity_text_puts_both_side_by_side() -> None:
    assert capacity_text(receipt(0.5, 0.5)) == "0.5 RCU (est. 0.5 RCU)"
    assert capacity_text(receipt(None, 1.5)) == "capacity not reported; est. 1.5 RCU"
    assert capacity_text(receipt(2.0, None)) == "2 RCU"
