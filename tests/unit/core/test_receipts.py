import threading
from datetime import UTC, datetime

from dynoview.core.reads.receipts import ReadLog, ReadReceipt, consumed_read_units


def receipt(**kw: object) -> ReadReceipt:
    base = dict(time=datetime(2026, 1, 1, tzinfo=UTC), operation="Query", table="t", index=None,
                consistency="strong", consumed_capacity=0.5, count=3, scanned_count=3,
                duration_ms=12.4, request={"TableName": "t", "Key": {"b": {"B": b"\x00\xff"}}})
    base.update(kw)
    return ReadReceipt(**base)  # type: ignore[arg-type]


def test_summary_reads_like_the_status_bar() -> None:
    assert receipt().summary() == "Query, strong, 0.5 RCU, 12 ms"
    assert receipt(consumed_capacity=None).summary() == (
        "Query, strong, capacity not reported, 12 ms")


def test_json_is_safe_for_binary() -> None:
    data = receipt().to_json()
    assert data["request"]["Key"] == {"b": {"B": "AP8="}}
    assert data["consistency"] == "strong"


def test_consumed_units_sums_lists() -> None:
    assert consumed_read_units({"TableName": "t", "CapacityUnits": 1.5}) == 1.5
    assert consumed_read_units([{"CapacityUnits": 1}, {"CapacityUnits": 0.5}]) == 1.5
    assert consumed_read_units(None) is None
    assert consumed_read_units({"TableName": "t"}) is None


def test_log_is_bounded_and_notifies() -> None:
    log = ReadLog(maxlen=3)
    seen: list[ReadReceipt] = []
    log.add_listener(seen.append)
    threads = [threading.Thread(target=log.record, args=(receipt(count=i),)) for i in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(log) == 3
    assert len(seen) == 5
