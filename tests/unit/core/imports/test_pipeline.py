"""The import's write pipeline: writes in flight at most ``depth``, answered in the order they
were handed over, and nothing after a failed write answered as written."""

from __future__ import annotations

import threading
import time

import pytest

from dynoview.core.imports.pipeline import WritePipeline


def _write(requests: int, started: list[int], gate: threading.Event | None = None) -> int:
    started.append(requests)
    if gate is not None:
        gate.wait(5)
    return requests


def test_depth_one_takes_one_write_at_a_time() -> None:
    with WritePipeline[str]() as pipe:
        pipe.submit("a", lambda: 1)
        assert pipe.full
        with pytest.raises(RuntimeError, match="wait for the oldest"):
            pipe.submit("b", lambda: 1)
        assert pipe.wait() == ("a", 1)
        assert pipe.wait() is None


def test_several_writes_run_at_once_and_are_answered_oldest_first() -> None:
    gate, started = threading.Event(), []
    with WritePipeline[str](3) as pipe:
        for n, name in enumerate("abc", 1):
            pipe.submit(name, lambda n=n: _write(n, started, gate))
        assert pipe.full and pipe.in_flight == 3
        deadline = time.monotonic() + 5
        while len(started) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sorted(started) == [1, 2, 3]  # all three on the wire before any was answered
        gate.set()
        assert [pipe.wait(), pipe.wait(), pipe.wait()] == [("a", 1), ("b", 2), ("c", 3)]


def test_after_a_failed_write_the_later_ones_finish_but_are_not_answered_as_written() -> None:
    def fail() -> int:
        time.sleep(0.05)
        raise OSError("lost")

    started: list[int] = []
    with WritePipeline[str](4) as pipe:
        pipe.submit("a", lambda: _write(1, started))
        pipe.submit("b", fail)
        pipe.submit("c", lambda: _write(3, started))
        pipe.submit("d", fail)
        written, failure = pipe.drain()
        assert written == [("a", 1)]
        assert isinstance(failure, OSError) and str(failure) == "lost"  # the first failure
        assert sorted(started) == [1, 3]  # c was written, but only a counts
        assert pipe.in_flight == 0


def test_once_a_wait_raised_nothing_drained_counts() -> None:
    with WritePipeline[str](2) as pipe:
        pipe.submit("a", lambda: (_ for _ in ()).throw(ValueError("refused")))
        pipe.submit("b", lambda: 1)
        with pytest.raises(ValueError, match="refused"):
            pipe.wait()
        assert pipe.drain() == ([], None)


def test_a_pipeline_has_at_least_one_write_in_flight() -> None:
    with pytest.raises(ValueError):
        WritePipeline[str](0)
