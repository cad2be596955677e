from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.ttl.timeline import DAY, HOUR, build_timeline, ttl_disabled_message

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
KEYS = ("PK", "SK")


def item(pk: str, ttl: dict[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"PK": {"S": pk}, "SK": {"S": "S"}}
    if ttl is not None:
        out["expiresAt"] = ttl
    return out


def at(delta: timedelta) -> dict[str, str]:
    return {"N": str(int((NOW + delta).timestamp()))}


def test_hour_buckets_expired_oldest_and_never_reasons() -> None:
    items = [
        item("exp-2h", at(-timedelta(hours=2))),
        item("exp-3d", at(-timedelta(days=3))),
        item("in-9min", at(timedelta(minutes=9))),
        item("in-5h", at(timedelta(hours=5, minutes=30))),
        item("in-5h-b", at(timedelta(hours=5, minutes=1))),
        item("none", None),
        item("string", {"S": "1800000000"}),
        item("millis", {"N": str(int(NOW.timestamp() * 1000))}),
        item("ancient", {"N": "1000"}),
        item("year-2500", {"N": str(int(datetime(2500, 1, 1, tzinfo=UTC).timestamp()))}),
    ]
    tl = build_timeline(items, "expiresAt", KEYS, now=NOW)
    assert tl.granularity == HOUR
    assert len(tl.ahead) == 24  # at least a day of hours
    assert [e.key_text for e in tl.expired] == ["PK=exp-3d, SK=S", "PK=exp-2h, SK=S"]
    assert tl.oldest_expired is not None and tl.oldest_expired.key_text.startswith("PK=exp-3d")
    assert tl.ahead[0].count == 1 and tl.ahead[0].label == "<1 h"
    assert tl.ahead[5].count == 2 and tl.ahead[5].label == "5–6 h"
    assert tl.pending_count == 3
    reasons = {e.key_text.split(",")[0][3:]: e.reason for e in tl.never}
    assert set(reasons) == {"string", "millis", "ancient", "year-2500"}
    assert "type S" in reasons["string"]
    assert "milliseconds" in reasons["millis"]
    assert "five years in the past" in reasons["ancient"]
    assert "2500" in reasons["year-2500"] and "effectively never" in reasons["year-2500"]
    assert tl.without_attribute == 1 and tl.total == 10
    bars = tl.bars()
    assert bars[0].kind == "expired" and bars[0].count == 2
    summary = tl.summary()
    assert "2 expired but still present (oldest: PK=exp-3d, SK=S, expired 3 days ago)" in summary
    assert "4 will never expire" in summary


def test_auto_switches_to_days_and_later_bucket() -> None:
    items = [item("a", at(timedelta(days=2, minutes=1))), item("b", at(timedelta(days=90)))]
    tl = build_timeline(items, "expiresAt", KEYS, now=NOW)
    assert tl.granularity == DAY
    assert len(tl.ahead) == 60
    assert tl.ahead[2].count == 1 and tl.ahead[2].label == "2–3 d"
    assert [e.key_text for e in tl.later] == ["PK=b, SK=S"]
    assert tl.bars()[-1].kind == "later" and tl.bars()[-1].count == 1


def test_explicit_granularity_and_bucket_count() -> None:
    items = [item("a", at(timedelta(hours=30)))]
    tl = build_timeline(items, "expiresAt", KEYS, now=NOW, granularity=DAY, buckets=3)
    assert [b.count for b in tl.ahead] == [0, 1, 0]
    assert tl.ahead[1].start == NOW + timedelta(days=1)
    with pytest.raises(ValueError, match="granularity"):
        build_timeline(items, "expiresAt", KEYS, now=NOW, granularity="week")


def test_empty_input_still_has_a_chart() -> None:
    tl = build_timeline([], "expiresAt", KEYS, now=NOW)
    assert tl.total == 0 and len(tl.bars()) == 25 and tl.oldest_expired is None
    assert "none expired" in tl.summary()


def test_ttl_disabled_message_has_the_fix() -> None:
    table = TableInfo("t", KeyAttribute("PK", "S"), None)
    assert "update-time-to-live" in ttl_disabled_message(table)
