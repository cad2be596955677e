"""Cyclic garbage collection on the UI thread only.

CPython runs a collection in whichever thread crosses the allocation threshold. In this app
that is mostly a worker: botocore parsing a page, an audit building its state, and, in the
tests, a moto server thread. A cycle holding a Qt wrapper (a closed dialog whose slot refers
to it, a model a lambda keeps) is then destroyed in that thread, and a Qt object deleted off
the thread it lives in can crash the process: a test run died so, "Garbage-collecting" in a
moto server thread while it deep-copied a transaction.

So, as calibre and pyqtgraph do, automatic collection stays off once the app runs, and a timer
on the UI thread runs the collection CPython would have run: by the same counters and
thresholds (``relaxed_gc``'s raised ones included), and with CPython's rule that a full
collection waits until the objects promoted since the last one are a quarter of those it
would walk (without it, a full collection over a hundred thousand browsed rows would run every
few seconds). ``ui/gc_pauses.py`` says which collections are kept off the UI thread's way.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QTimer

#: How often the UI thread looks at the collector's counters (a few microseconds each time).
CHECK_INTERVAL_MS = 50
#: How often, at most, once nothing has been allocated for a while: an idle window wakes once a
#: second for it, not twenty times (a laptop's processor then stays in its sleep states).
IDLE_INTERVAL_MS = 1000


class _Ledger:
    """What CPython keeps to decide a full collection, which Python does not expose. (A plain
    class: this module loads before the first paint, where a dataclass costs its code generation.)"""

    __slots__ = ("last_count", "long_lived", "pending")

    def __init__(self) -> None:
        self.pending = 0  # objects promoted to the oldest generation since its last collection
        self.long_lived = 0  # objects the last full collection left there
        self.last_count = -1  # the young generation's count the last look left


_ledger = _Ledger()
_timer: QTimer | None = None


def due_generation() -> int | None:
    """The generation CPython would collect now if automatic collection were on, or None."""
    count0, count1, count2 = gc.get_count()
    threshold0, threshold1, threshold2 = gc.get_threshold()
    if threshold0 == 0 or count0 <= threshold0:
        return None
    if count2 > threshold2 and _ledger.pending >= _ledger.long_lived // 4:
        return 2
    return 1 if count1 > threshold1 else 0


def collect_due() -> int | None:
    """Run, on the calling thread, the collection that is due; returns its generation."""
    generation = due_generation()
    if generation == 2:
        gc.collect(2)
        _ledger.pending = 0
        _ledger.long_lived = len(gc.get_objects(generation=2))
    elif generation == 1:
        young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
        _ledger.pending += max(0, young - gc.collect(1))  # the survivors, now in the oldest
    elif generation == 0:
        gc.collect(0)
    return generation


def _look() -> None:
    """The timer's turn: collect what is due; look less often while nothing is allocated (any
    thread's allocation changes the count, and the next look is back to every 50 ms)."""
    timer = _timer
    idle = gc.get_count()[0] == _ledger.last_count
    collect_due()
    _ledger.last_count = gc.get_count()[0]
    if timer is None:
        return
    wanted = min(timer.interval() * 2, IDLE_INTERVAL_MS) if idle else CHECK_INTERVAL_MS
    if timer.interval() != wanted:
        timer.setInterval(wanted)


def resume() -> None:
    """Collections from now on, run by a timer on this thread (the UI thread): what
    ``gc.enable()`` was. Needs the QApplication; calling it again changes nothing."""
    global _timer
    from shiboken6 import isValid

    gc.disable()
    if _timer is None or not isValid(_timer):  # none yet, or its application was deleted
        from PySide6.QtCore import QCoreApplication, QTimer

        _timer = QTimer(QCoreApplication.instance())
        _timer.timeout.connect(_look)
    _timer.setInterval(CHECK_INTERVAL_MS)
    _timer.start()


def running() -> bool:
    """Whether the UI thread's collections are on."""
    from shiboken6 import isValid

    return _timer is not None and isValid(_timer) and _timer.isActive()


def stop() -> None:
    """No more collections from the timer (the app is closing)."""
    from shiboken6 import isValid

    if _timer is not None and isValid(_timer):
        _timer.stop()
