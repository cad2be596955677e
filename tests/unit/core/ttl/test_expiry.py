"""``ttl.expiry``: which TTL values DynamoDB acts on, and the words for each state."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from dynoview.core.ttl.expiry import (
    EXPIRED,
    NEVER,
    NONE,
    PENDING,
    expired_at,
    humanize,
    ttl_state,
    ttl_state_since,
)

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
EPOCH = int(NOW.timestamp())


def n(seconds: float | str) -> dict[str, str]:
    return {"N": str(seconds)}


def test_a_future_number_is_pending_and_a_past_one_expired_but_readable() -> None:
    pending = ttl_state(n(EPOCH + 2 * 3600), NOW)
    assert (pending.kind, pending.text) == (PENDING, "expires in 2 h")
    assert pending.expires_at == NOW + timedelta(hours=2) and not pending.is_expired
    expired = ttl_state(n(EPOCH - 3 * 86400), NOW)
    assert expired.is_expired and expired.kind == EXPIRED
    assert expired.text.startswith("expired 3 days ago: still readable")
    assert expired.short == "expired 3 days ago, still readable"


@pytest.mark.parametrize(("value", "reason"), [
    ({"S": "1700000000"}, "the TTL attribute is of type S, not a Number of epoch seconds"),
    (n("NaN"), "NaN is not a valid TTL"),
    (n("Infinity"), "Infinity is not a valid TTL"),
    (n(EPOCH * 1000), "the value looks like milliseconds"),
    (n(-5), "the value is negative"),
    (n(EPOCH - 6 * 365 * 86400), "DynamoDB ignores TTL values more than five years in the past"),
])
def test_values_dynamodb_ignores_never_expire_and_say_why(value: dict[str, str], reason: str) -> None:
    state = ttl_state(value, NOW)
    assert state.kind == NEVER and state.text == "will never expire"
    assert state.reason.startswith(reason)
    assert not expired_at(value.get("N"), NOW.timestamp())


def test_seconds_thousands_of_years_ahead_are_not_called_milliseconds() -> None:
    """253402300799 is 9999-12-31 in epoch seconds (as milliseconds, 1978): it never expires,
    and the reason does not send the user looking for a milliseconds mistake."""
    state = ttl_state(n(253402300799), NOW)
    assert state.kind == NEVER and "milliseconds" not in state.reason
    assert state.reason == "the value is epoch seconds thousands of years ahead: DynamoDB never reaches it"
    assert ttl_state(n(1_700_000_000_000), NOW).reason.startswith("the value looks like milliseconds")


def test_no_attribute_is_no_ttl() -> None:
    assert ttl_state(None, NOW).kind == NONE


def test_the_hot_loop_check_agrees_with_the_full_classification() -> None:
    for offset in (-10, 0, 10, -4 * 365 * 86400):
        text = str(EPOCH + offset)
        assert expired_at(text, NOW.timestamp()) is ttl_state(n(text), NOW).is_expired
    assert not expired_at(None, NOW.timestamp()) and not expired_at("soon", NOW.timestamp())


@pytest.mark.parametrize(("delta", "text"), [
    (timedelta(seconds=89), "89 s"),
    (timedelta(minutes=9), "9 min"),
    (timedelta(minutes=89), "89 min"),
    (timedelta(hours=30), "30 h"),
    (timedelta(hours=47, minutes=59), "2 days"),  # a unit takes over at one and a half of it
    (timedelta(days=800), "2 years"),
    (-timedelta(hours=3), "3 h"),
])
def test_humanize_rounds_to_its_unit(delta: timedelta, text: str) -> None:
    assert humanize(delta) == text


@pytest.mark.parametrize(("now", "days_ago", "kind"), [
    # Five calendar years before 2026-12-06 is 1,826 days (2024 has a leap day): DynamoDB
    # Local's sweep deleted a lock 1,825.5 days past and kept one 1,826.2 days past.
    (datetime(2026, 12, 6, 12, tzinfo=UTC), 1825.5, EXPIRED),
    (datetime(2026, 12, 6, 12, tzinfo=UTC), 1826.2, NEVER),
    (datetime(2026, 12, 6, 12, tzinfo=UTC), 1825.99, EXPIRED),
    (datetime(2026, 12, 6, 12, tzinfo=UTC), 1826.01, NEVER),
    # Two leap days (2020, 2024) in the five years before 2024-03-01: 1,827 days.
    (datetime(2024, 3, 1, tzinfo=UTC), 1826.5, EXPIRED),
    (datetime(2024, 3, 1, tzinfo=UTC), 1827.5, NEVER),
    # 29 February: five years back has none, so the 28th (2023-02-28: 1,827 days).
    (datetime(2028, 2, 29, tzinfo=UTC), 1826.5, EXPIRED),
    (datetime(2028, 2, 29, tzinfo=UTC), 1827.5, NEVER),
])
def test_more_than_five_calendar_years_in_the_past_is_ignored(now: datetime, days_ago: float,
                                                              kind: str) -> None:
    text = str(int((now - timedelta(days=days_ago)).timestamp()))
    assert ttl_state(n(text), now).kind == kind
    assert expired_at(text, now.timestamp()) is (kind == EXPIRED)


def test_a_ttl_read_earlier_is_said_from_now() -> None:
    """A row read an hour ago does not still "expire in 5 min": times count from now; an item
    that expired after its read is said so, never "still readable" (it may be gone)."""
    read_at = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    soon = {"N": str(int(read_at.timestamp()) + 300)}  # 5 min after the read
    at_read = ttl_state_since(soon, read_at, read_at)
    assert at_read.kind == PENDING and at_read.short == "expires in 5 min"
    later = ttl_state_since(soon, read_at, read_at + timedelta(minutes=2))
    assert later.kind == PENDING and later.short == "expires in 3 min"
    after = ttl_state_since(soon, read_at, read_at + timedelta(hours=1))
    assert after.kind == EXPIRED and after.short == "expired 55 min ago, after the read"
    assert "still readable" not in after.short and "may have deleted it" in after.text
    before = {"N": str(int(read_at.timestamp()) - 7200)}  # expired 2 h before the read
    gone_by = ttl_state_since(before, read_at, read_at + timedelta(hours=1))
    assert gone_by.short == "expired 3 h ago, still readable"
    assert "still readable when it was read 60 min ago" in gone_by.text
    assert ttl_state_since({"S": "x"}, read_at, read_at + timedelta(hours=1)).kind == NEVER
