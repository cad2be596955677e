"""The heartbeat background threads yield to: they wait only while a window's loop is behind."""

from __future__ import annotations

import threading
import time

import pytest

from dynoview.core import background
from dynoview.core.background import UiHeartbeat


def _timed_wait(beat: UiHeartbeat) -> float:
    started = time.monotonic()
    beat.wait()
    return time.monotonic() - started


def test_no_heartbeat_never_waits() -> None:
    beat = UiHeartbeat()
    assert not beat.behind()
    assert _timed_wait(beat) < background.UI_LAG_S


def test_a_loop_that_beats_is_not_waited_for() -> None:
    beat = UiHeartbeat()
    beat.start()
    beat.beat()
    assert not beat.behind()
    assert _timed_wait(beat) < background.UI_LAG_S


def test_a_loop_behind_is_waited_for_until_it_beats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "UI_WAIT_S", 5.0)  # so only the beat can end the wait
    beat = UiHeartbeat()
    beat.start()
    time.sleep(background.UI_LAG_S * 2)
    assert beat.behind()
    waited: list[float] = []
    worker = threading.Thread(target=lambda: waited.append(_timed_wait(beat)))
    worker.start()
    time.sleep(0.2)
    assert worker.is_alive()  # held until the loop beats
    beat.beat()
    worker.join(timeout=2)
    assert not worker.is_alive()
    assert 0.15 <= waited[0] < 2


def test_a_loop_that_never_beats_costs_at_most_the_longest_wait() -> None:
    beat = UiHeartbeat()
    beat.start()
    time.sleep(background.UI_LAG_S * 2)
    waited = _timed_wait(beat)
    assert background.UI_WAIT_S * 0.8 <= waited < background.UI_WAIT_S + 0.5


def test_stopping_the_heartbeat_releases_waiting_threads() -> None:
    beat = UiHeartbeat()
    beat.start()
    beat.start()  # two audits overlapping for a moment
    beat.stop()
    time.sleep(background.UI_LAG_S * 2)
    assert beat.behind()  # one still runs
    beat.stop()
    assert not beat.behind()
    assert _timed_wait(beat) < background.UI_LAG_S
    beat.stop()  # one stop too many is harmless
    assert not beat.active


def test_the_switch_interval_is_short_only_while_a_window_waits_on_threads() -> None:
    import sys

    before = sys.getswitchinterval()
    beat = UiHeartbeat()
    try:
        beat.start()
        beat.start()
        assert sys.getswitchinterval() == pytest.approx(min(before, background.UI_SWITCH_INTERVAL_S))
        beat.stop()
        assert sys.getswitchinterval() == pytest.approx(min(before, background.UI_SWITCH_INTERVAL_S))
        beat.stop()
        assert sys.getswitchinterval() == pytest.approx(before)
        beat.stop()  # one stop too many leaves it alone
        assert sys.getswitchinterval() == pytest.approx(before)
    finally:
        sys.setswitchinterval(before)
