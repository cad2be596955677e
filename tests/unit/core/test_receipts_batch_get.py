"""A BatchGetItem's receipt says how each table was read: ConsistentRead is set per table, so
one spanning a strong and an eventual table is "mixed", never "eventual" as a whole, and each
table's capacity is kept where the answer reported it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from dynoview.core.reads.estimates import capacity_text
from dynoview.core.reads.receipts import (
    EVENTUAL,
    MIXED,
    STRONG,
    ReadReceipt,
    TableRead,
    batch_tables,
    overall_consistency,
)

KEY = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}
REQUEST = {"RequestItems": {"accounts": {"Keys": [KEY], "ConsistentRead": True},
                            "audit": {"Keys": [KEY]}}}
CONSUMED = [{"TableName": "accounts", "CapacityUnits": 1.0},
            {"TableName": "audit", "CapacityUnits": 0.5}]


def receipt(request: dict[str, Any], consumed: Any, **kw: Any) -> ReadReceipt:
    tables = batch_tables(request, consumed)
    base: dict[str, Any] = dict(
        time=datetime(2026, 1, 1, tzinfo=UTC), operation="BatchGetItem",
        table=", ".join(request["RequestItems"]), index=None,
        consistency=overall_consistency(tables), consumed_capacity=1.5, count=2, scanned_count=None,
        duration_ms=12.4, request=request, tables=tables)
    base.update(kw)
    return ReadReceipt(**base)


def test_tables_read_differently_are_mixed_with_each_tables_mode_and_units() -> None:
    tables = batch_tables(REQUEST, CONSUMED)
    assert tables == (TableRead("accounts", STRONG, 1.0), TableRead("audit", EVENTUAL, 0.5))
    assert overall_consistency(tables) == MIXED
    r = receipt(REQUEST, CONSUMED)
    assert r.consistency_text() == "mixed: strong for accounts; eventual for audit"
    assert r.summary() == ("BatchGetItem, mixed: strong for accounts; eventual for audit, "
                           "1.5 RCU (accounts 1, audit 0.5), 12 ms")
    assert r.to_json()["tables"] == [
        {"table": "accounts", "consistency": "strong", "consumed_capacity": 1.0},
        {"table": "audit", "consistency": "eventual", "consumed_capacity": 0.5}]
    assert capacity_text(receipt(REQUEST, CONSUMED, estimated_capacity=1.5)) == (
        "1.5 RCU (accounts 1, audit 0.5; est. at least 1.5 RCU)")


def test_tables_read_alike_keep_one_word() -> None:
    both = {"RequestItems": {"a": {"Keys": [KEY], "ConsistentRead": True},
                             "b": {"Keys": [KEY], "ConsistentRead": True}}}
    assert overall_consistency(batch_tables(both)) == STRONG
    neither = {"RequestItems": {"a": {"Keys": [KEY]}, "b": {"Keys": [KEY], "ConsistentRead": False}}}
    assert overall_consistency(batch_tables(neither)) == EVENTUAL
    assert receipt(neither, None, consumed_capacity=None).summary() == (
        "BatchGetItem, eventual, capacity not reported, 12 ms")
    assert overall_consistency(batch_tables({"RequestItems": {}})) == EVENTUAL


def test_one_table_or_units_not_reported_show_no_breakdown() -> None:
    one = {"RequestItems": {"accounts": {"Keys": [KEY], "ConsistentRead": True}}}
    r = receipt(one, [{"TableName": "accounts", "CapacityUnits": 1.0}], consumed_capacity=1.0)
    assert r.summary() == "BatchGetItem, strong, 1 RCU, 12 ms"
    # A total without per-table entries: the tables' modes are still said, the units are not made up.
    total_only = receipt(REQUEST, {"CapacityUnits": 1.5})
    assert [t.consumed_capacity for t in total_only.tables] == [None, None]
    assert total_only.summary().endswith(", 1.5 RCU, 12 ms")


def test_other_reads_carry_no_tables() -> None:
    r = ReadReceipt(time=datetime(2026, 1, 1, tzinfo=UTC), operation="Query", table="t", index=None,
                    consistency=STRONG, consumed_capacity=0.5, count=1, scanned_count=1,
                    duration_ms=3.0, request={})
    assert r.tables == () and r.consistency_text() == STRONG and "tables" not in r.to_json()
