"""The update check's rules against a local feed: consent first, at most daily, skip a version."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from dynoview.core.updates.check import DAY_S, Outcome, UpdateChecker
from dynoview.core.updates.state import load
from tests.unit.core.updates.feed_server import Feed, feed_server, unreachable_url


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def feed():
    with feed_server() as served:
        yield served


def checker(tmp_path: Path, url: str, clock: Clock, current: str = "0.1.0") -> UpdateChecker:
    return UpdateChecker(tmp_path / "config" / "update-check.json", url, current, clock)


def test_nothing_is_fetched_before_the_user_agrees(tmp_path: Path, feed: Feed) -> None:
    feed.release("0.2.0")
    check = checker(tmp_path, feed.url, Clock())
    assert check.needs_answer() and not check.due()
    assert check.check().outcome is Outcome.NOT_ALLOWED
    assert check.check(force=True).outcome is Outcome.NOT_ALLOWED
    check.answer(False)  # "Don't check"
    assert not check.needs_answer()
    assert check.check(force=True).outcome is Outcome.NOT_ALLOWED
    assert feed.requests == []
    check.answer(True)
    assert check.check().outcome is Outcome.NEWER
    assert len(feed.requests) == 1


def test_newer_same_and_older_versions(tmp_path: Path, feed: Feed) -> None:
    check = checker(tmp_path, feed.url, Clock())
    check.answer(True)
    feed.release("0.2.0")
    result = check.check(force=True)
    assert result.outcome is Outcome.NEWER and result.release is not None
    assert str(result.release.version) == "0.2.0"
    feed.release("0.1.0")
    assert check.check(force=True).outcome is Outcome.CURRENT
    feed.release("0.1.0rc2")  # a pre-release of this version is older
    assert check.check(force=True).outcome is Outcome.CURRENT
    feed.release("0.1.1.dev1")  # PEP 440 order, not text order
    assert check.check(force=True).outcome is Outcome.NEWER


def test_at_most_daily_failures_included(tmp_path: Path, feed: Feed) -> None:
    clock = Clock()
    check = checker(tmp_path, feed.url, clock)
    check.answer(True)
    feed.body = b"{broken"
    assert check.check().outcome is Outcome.FAILED
    clock.now += DAY_S - 60
    assert check.check().outcome is Outcome.NOT_DUE
    assert len(feed.requests) == 1
    clock.now += 120
    feed.release("0.1.0")
    assert check.check().outcome is Outcome.CURRENT
    assert len(feed.requests) == 2
    clock.now -= 3 * DAY_S  # the clock was set back: checking again beats never checking
    assert check.due()


def test_unreachable_feed_fails_quietly(tmp_path: Path) -> None:
    check = checker(tmp_path, unreachable_url(), Clock())
    check.answer(True)
    result = check.check()
    assert result.outcome is Outcome.FAILED and "could not be reached" in result.error
    assert load(check.path).last_check is not None


def test_skip_this_version_until_a_later_one(tmp_path: Path, feed: Feed) -> None:
    check = checker(tmp_path, feed.url, Clock())
    check.answer(True)
    feed.release("0.2.0")
    check.skip("0.2.0")
    assert check.check(force=True).outcome is Outcome.SKIPPED
    feed.release("0.2.1")
    assert check.check(force=True).outcome is Outcome.NEWER


def test_state_file_is_private_and_survives_damage(tmp_path: Path, feed: Feed) -> None:
    check = checker(tmp_path, feed.url, Clock())
    check.answer(True)
    check.skip("0.3.0")
    assert stat.S_IMODE(check.path.stat().st_mode) == 0o600
    saved = json.loads(check.path.read_text())
    assert saved["consent"] is True and saved["skipped"] == "0.3.0" and saved["asked_version"] == "0.1.0"
    check.path.write_text('{"consent": "yes", "last_check": true}')  # wrong types: never agreed
    assert check.needs_answer() and load(check.path).last_check is None
    check.path.write_text("\x00garbage")
    assert check.needs_answer()
    assert check.check().outcome is Outcome.NOT_ALLOWED
    assert feed.requests == []
