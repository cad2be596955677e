"""Truth review of read receipts, capacity estimates and TTL states against DynamoDB's rules.

Each test shows a defect found in review: it failed before its fix.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from dynoview.core.reads.estimates import capacity_text, explain_read
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.ttl.expiry import EXPIRED, PENDING, expired_at, ttl_state

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
EPOCH = int(NOW.timestamp())


def _receipt(operation: str, request: dict[str, Any], *, consumed: float | None, estimated: float,
             count: int | None, scanned: int | None) -> ReadReceipt:
    return ReadReceipt(time=NOW, operation=operation, table="t", index=None, consistency="eventual",
                       consumed_capacity=consumed, count=count, scanned_count=scanned,
                       duration_ms=1.0, request=request, estimated_capacity=estimated)


# --------------------------------------------------------------------------- capacity


def test_a_filtered_scan_estimate_is_shown_as_a_lower_bound() -> None:
    """DynamoDB bills a Scan on the items it read before the filter (ScannedCount), but the
    response only holds the ones that passed: the estimate from their sizes is a floor. The
    read log showed "1.5 RCU (est. 0.5 RCU)" as if 0.5 were the app's figure for the read, and
    "capacity not reported; est. 0.5 RCU" where nothing was reported (DynamoDB Local reports
    1.5 for this read: tests/integration/test_truth_review.py)."""
    request = {"TableName": "t", "FilterExpression": "#a = :v"}
    response: dict[str, Any] = {"Items": [], "Count": 0, "ScannedCount": 10}
    estimate = explain_read("Scan", request, response)
    assert estimate.lower_bound and estimate.units == 0.5
    reported = _receipt("Scan", request, consumed=1.5, estimated=0.5, count=0, scanned=10)
    assert capacity_text(reported) == "1.5 RCU (est. at least 0.5 RCU)"
    silent = _receipt("Scan", request, consumed=None, estimated=0.5, count=0, scanned=10)
    assert capacity_text(silent) == "capacity not reported; est. at least 0.5 RCU"


def test_projected_partiql_and_batch_estimates_are_lower_bounds_in_the_log() -> None:
    projected = _receipt("Query", {"ProjectionExpression": "#a"}, consumed=None, estimated=0.5,
                         count=1, scanned=1)
    assert capacity_text(projected) == "capacity not reported; est. at least 0.5 RCU"
    get = _receipt("GetItem", {"ProjectionExpression": "#a"}, consumed=None, estimated=0.5,
                   count=1, scanned=None)
    assert "est. at least 0.5 RCU" in capacity_text(get)
    miss = _receipt("GetItem", {"ProjectionExpression": "#a"}, consumed=0.5, estimated=0.5,
                    count=0, scanned=None)
    assert capacity_text(miss) == "0.5 RCU (est. 0.5 RCU)"  # a miss costs the minimum: exact
    partiql = _receipt("ExecuteStatement", {"Statement": "SELECT * FROM t"}, consumed=None,
                       estimated=0.5, count=0, scanned=None)
    assert "est. at least 0.5 RCU" in capacity_text(partiql)
    batch = _receipt("BatchGetItem", {"RequestItems": {}}, consumed=None, estimated=1.0, count=2,
                     scanned=None)
    assert "est. at least 1 RCU" in capacity_text(batch)


def test_exact_estimates_keep_their_plain_text() -> None:
    plain = _receipt("Scan", {"TableName": "t"}, consumed=0.5, estimated=0.5, count=3, scanned=3)
    assert capacity_text(plain) == "0.5 RCU (est. 0.5 RCU)"
    tx = _receipt("TransactGetItems", {"TransactItems": []}, consumed=None, estimated=6.0, count=2,
                  scanned=None)
    assert capacity_text(tx) == "capacity not reported; est. 6 RCU"


# --------------------------------------------------------------------------- TTL


def test_a_ttl_of_exactly_now_has_not_expired_yet() -> None:
    """DynamoDB marks an item expired when its TTL "is less than the current time"
    (UpdateTimeToLive, API reference): at the very second it names, it is not expired yet.
    The app said "expired 0 s ago, still readable"."""
    state = ttl_state({"N": str(EPOCH)}, NOW)
    assert state.kind == PENDING and state.text == "expires in 0 s"
    assert not expired_at(str(EPOCH), NOW.timestamp())
    later = NOW + timedelta(seconds=1)
    assert ttl_state({"N": str(EPOCH)}, later).kind == EXPIRED
    assert expired_at(str(EPOCH), later.timestamp())
    assert ttl_state({"N": f"{EPOCH}.5"}, NOW).kind == PENDING
    assert ttl_state({"N": f"{EPOCH - 1}.5"}, NOW).kind == EXPIRED
