"""Cyclic collections run on the UI thread only, and run as CPython would have run them
(dynoview/ui/ui_thread_gc.py): a worker allocating past every threshold never collects, while
the timer on the UI thread reclaims the cycles it leaves."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject

from dynoview.ui import ui_thread_gc

pytestmark = pytest.mark.gui


class _Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collections_seen() -> Iterator[list[int]]:
    """The thread of every collection that starts while the test runs."""
    seen: list[int] = []

    def record(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(threading.get_ident())

    gc.callbacks.append(record)
    yield seen
    gc.callbacks.remove(record)


@pytest.fixture
def thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)
    gc.disable()  # as the tests run (tests/conftest.py)
    ui_thread_gc.stop()


def _allocate_in_a_worker() -> None:
    def churn() -> None:
        for _ in range(50_000):
            _Cycle()  # each a cycle: garbage only a collection reclaims

    worker = threading.Thread(target=churn)
    worker.start()
    worker.join()


def test_a_worker_never_collects_and_the_ui_thread_reclaims_what_it_left(
        qtbot, collections_seen: list[int], thresholds: None) -> None:
    ui_thread_gc.resume()
    assert ui_thread_gc.running() and not gc.isenabled()
    holder = QObject()
    holder.me = holder  # type: ignore[attr-defined]  # a Qt object only a collection reclaims
    dropped = weakref.ref(holder)
    del holder
    _allocate_in_a_worker()
    assert collections_seen == []  # 50,000 cycles made there, no collection ran there
    qtbot.waitUntil(lambda: dropped() is None, timeout=5000)
    assert collections_seen and set(collections_seen) == {threading.get_ident()}


def test_with_automatic_collections_the_worker_would_collect(
        collections_seen: list[int], thresholds: None) -> None:
    """The check above can fail: CPython collects in the thread that allocates."""
    gc.enable()
    try:
        _allocate_in_a_worker()
    finally:
        gc.disable()
    assert any(thread != threading.get_ident() for thread in collections_seen)


def test_the_due_generation_follows_cpythons_thresholds(thresholds: None) -> None:
    gc.collect()
    gc.set_threshold(100, 2, 1)
    ui_thread_gc._ledger.pending, ui_thread_gc._ledger.long_lived = 0, 0
    kept = [_Cycle() for _ in range(50)]
    assert ui_thread_gc.collect_due() is None  # 50 allocations: under the young threshold
    generations = []
    for _ in range(12):
        kept += [_Cycle() for _ in range(150)]
        generations.append(ui_thread_gc.collect_due())
    # As CPython: the oldest generation whose count passes its threshold is collected (nothing
    # long-lived yet), and a collection counts one for the generation above it. The middle one
    # after three young collections, the oldest once two of the middle have run.
    assert generations == [0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0]


def test_a_full_collection_waits_for_a_quarter_of_the_long_lived(thresholds: None) -> None:
    gc.set_threshold(100, 0, 0)  # every due collection would be a full one, by the counters
    ui_thread_gc._ledger.pending, ui_thread_gc._ledger.long_lived = 0, 1_000_000
    [_Cycle() for _ in range(150)]
    assert ui_thread_gc.collect_due() == 1  # 0 promoted of 1,000,000 long-lived: not yet
    ui_thread_gc._ledger.pending = 250_000
    [_Cycle() for _ in range(150)]
    assert ui_thread_gc.collect_due() == 2
    assert ui_thread_gc._ledger.pending == 0 and ui_thread_gc._ledger.long_lived > 0


def test_an_idle_window_looks_once_a_second_and_allocation_brings_it_back(
        qtbot, thresholds: None) -> None:
    """Twenty wake-ups a second kept an idle laptop's processor awake: the look backs off to
    one a second while nothing is allocated, and is back to every 50 ms once something is."""
    ui_thread_gc.resume()
    timer = ui_thread_gc._timer
    assert timer is not None and timer.interval() == ui_thread_gc.CHECK_INTERVAL_MS
    for _ in range(8):  # nothing allocated between two looks: idle
        ui_thread_gc._look()
    assert timer.interval() == ui_thread_gc.IDLE_INTERVAL_MS and timer.isActive()
    kept = [_Cycle() for _ in range(10)]
    ui_thread_gc._look()
    assert timer.interval() == ui_thread_gc.CHECK_INTERVAL_MS and kept
    ui_thread_gc.resume()  # resumed again: from the short interval
    assert timer.interval() == ui_thread_gc.CHECK_INTERVAL_MS
