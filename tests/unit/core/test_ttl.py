import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import pytest

from dynoview.core.ttl.expiry import EXPIRED, NEVER, NONE, PENDING, expired_at, humanize, ttl_state

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def epoch(dt: datetime) -> dict[str, str]:
    return {"N": str(int(dt.timestamp()))}


def test_no_ttl_attribute_is_none() -> None:
    assert ttl_state(None, NOW).kind == NONE


def test_pending_says_when() -> None:
    state = ttl_state(epoch(NOW + timedelta(minutes=9, seconds=30)), NOW)
    assert state.kind == PENDING
    assert state.text == "expires in 10 min"  # 9.5 min, rounded
    assert state.expires_at == NOW + timedelta(minutes=9, seconds=30)


def test_expired_is_still_readable() -> None:
    state = ttl_state(epoch(NOW - timedelta(hours=2, minutes=5)), NOW)
    assert state.kind == EXPIRED
    assert state.is_expired
    assert state.text.startswith("expired 2 h ago: still readable")
    assert "background deletion" in state.text
    assert state.short == "expired 2 h ago, still readable"


def test_string_ttl_never_expires() -> None:
    state = ttl_state({"S": "1780000000"}, NOW)
    assert state.kind == NEVER
    assert state.text == "will never expire"
    assert "type S" in state.reason


def test_milliseconds_never_expire() -> None:
    state = ttl_state({"N": str(int(NOW.timestamp() * 1000))}, NOW)
    assert state.kind == NEVER
    assert "milliseconds" in state.reason


def test_more_than_five_years_past_is_ignored_by_dynamodb() -> None:
    state = ttl_state(epoch(NOW - timedelta(days=6 * 365)), NOW)
    assert state.kind == NEVER
    assert "five years" in state.reason


def test_fractional_seconds_accepted() -> None:
    state = ttl_state({"N": f"{NOW.timestamp() + 60.5}"}, NOW)
    assert state.kind == PENDING


@pytest.fixture
def local_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Set the process's local time zone (TZ) for one test."""
    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset is POSIX only")

    def use(zone: str) -> None:
        monkeypatch.setenv("TZ", zone)
        time.tzset()

    yield use
    monkeypatch.undo()
    time.tzset()


def test_dates_show_local_and_utc(local_zone: Callable[[str], None]) -> None:
    local_zone("Europe/Paris")
    state = ttl_state(epoch(NOW + timedelta(days=3)), NOW)
    assert "UTC" in state.dates() and "(local)" in state.dates()


def test_dates_say_utc_once_when_the_local_zone_is_utc(local_zone: Callable[[str], None]) -> None:
    local_zone("UTC")
    expires = NOW + timedelta(days=3)
    state = ttl_state(epoch(expires), NOW)
    assert state.dates() == f"{expires:%Y-%m-%d %H:%M:%S} UTC"


def test_humanize() -> None:
    assert humanize(timedelta(seconds=42)) == "42 s"
    assert humanize(timedelta(hours=30)) == "30 h"
    assert humanize(timedelta(days=3)) == "3 days"


def test_humanize_keeps_its_unit_as_time_passes() -> None:
    """"expires in 2 days" does not turn into "expires in 47 h" a minute later."""
    assert humanize(timedelta(days=2)) == "2 days"
    assert humanize(timedelta(days=2) - timedelta(minutes=1)) == "2 days"
    assert humanize(timedelta(hours=47)) == "2 days"
    assert humanize(timedelta(hours=36)) == "2 days"  # never "1 days"
    assert humanize(timedelta(hours=35)) == "35 h"
    assert humanize(timedelta(minutes=89)) == "89 min"
    assert humanize(timedelta(minutes=90)) == "2 h"
    assert humanize(timedelta(seconds=89)) == "89 s"
    assert humanize(timedelta(seconds=90)) == "2 min"
    assert humanize(timedelta(days=800)) == "2 years"
    state = ttl_state(epoch(NOW + timedelta(days=2)), NOW + timedelta(minutes=5))
    assert state.text == "expires in 2 days"


def test_nan_and_infinity_are_not_valid_ttls() -> None:
    """DynamoDB Numbers cannot hold them, but a hand-made or foreign item can: the items view
    used to raise comparing NaN and stay on "Reading…"."""
    for text in ("NaN", "-NaN", "sNaN", "Infinity", "-Infinity", "inf"):
        state = ttl_state({"N": text}, NOW)
        assert state.kind == NEVER, text
        assert state.text == "will never expire"
        assert "not a valid TTL" in state.reason
        assert state.expires_at is None and state.dates() == ""


@pytest.mark.parametrize("text", [
    str(int(NOW.timestamp()) - 60), str(int(NOW.timestamp())), str(int(NOW.timestamp()) + 60),
    "1.5", "-5", "0", "NaN", "sNaN", "Infinity", "-Infinity", "1e400", "abc", "",
    "1800000000000",  # milliseconds
    str(int((NOW - timedelta(days=5 * 365 + 1)).timestamp())),  # more than five years ago
    str(int((NOW - timedelta(days=5 * 365 - 1)).timestamp())),
])
def test_the_hot_loop_expiry_rule_is_ttl_states(text: str) -> None:
    """The audit's per-item check and the items view's state agree on every value."""
    assert expired_at(text, NOW.timestamp()) == ttl_state({"N": text}, NOW).is_expired

