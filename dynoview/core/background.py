"""Background threads yield the CPU, and the GIL, to the thread that started the process.

On Linux a thread's nice value is its own (``setpriority`` with the thread's id), and raising
it needs no privilege. Threads that read and classify pages run a little below the main
thread, so on a busy machine the scheduler wakes a window's event loop first, and it takes
the GIL when a worker lets go of it instead of waiting behind the next worker.

Priority is not enough while several threads are busy in Python (an audit's segment
threads, the thread applying worker batches, the one merging pages): the GIL goes to
whichever waiter wakes first, and the UI thread, which takes it once for every call from Qt
into Python (each timer, each cell painted), kept losing that race for 100-300 ms at a time
(benchmarks/window_audit.py). So a window beats a heartbeat (``UiHeartbeat.beat``, from its
event loop) while such work runs, and the work calls ``yield_to_ui`` between short slices:
once the event loop has missed its beat for ``UI_LAG_S``, the thread waits (GIL released)
until the loop beats again, at most ``UI_WAIT_S``. Without a heartbeat (the CLI) it returns
at once.

Some steps would be one long C call that no switch interval can cut: a dict of 700,000 keys
whose table grows re-inserts every key holding the GIL (46 ms here, 110-180 ms beside an audit's
worker processes). The audit's big dicts are therefore cut into parts (``uniqueness.sharded_dict``)
whose growths take a few ms each.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time

BACKGROUND_NICENESS = 5
#: The event loop is behind once it has not beaten for this long (its timer asks every 10 ms).
UI_LAG_S = 0.015
#: A background thread never waits longer than this for one beat (a loop busy in C++ for long
#: does not beat, and the work must go on).
UI_WAIT_S = 0.05
#: While a window's work runs in threads, a thread that holds the GIL is asked to drop it this
#: soon after another asks (Python's default is 5 ms). The UI thread asks once for every call
#: from Qt into Python; behind four busy threads it waited up to 5 ms per thread per call.
UI_SWITCH_INTERVAL_S = 0.001


def background_priority() -> None:
    """Lower the calling thread's CPU priority (Linux; elsewhere a no-op)."""
    if threading.current_thread() is threading.main_thread():
        return  # the process's own priority is not ours to lower
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(),
                       os.getpriority(os.PRIO_PROCESS, 0) + BACKGROUND_NICENESS)


class UiHeartbeat:
    """The event loop's last beat, for background threads to wait on while it is behind.

    ``start``/``stop`` are counted (two audits may overlap for a moment); between them the UI
    thread calls ``beat`` from a timer.
    """

    def __init__(self) -> None:
        self._users = 0
        self._last = 0.0
        self._switch_interval = sys.getswitchinterval()
        self._cond = threading.Condition(threading.Lock())

    @property
    def active(self) -> bool:
        return self._users > 0

    def start(self) -> None:
        with self._cond:
            self._users += 1
            self._last = time.monotonic()
            if self._users == 1:
                self._switch_interval = sys.getswitchinterval()
                sys.setswitchinterval(min(self._switch_interval, UI_SWITCH_INTERVAL_S))

    def stop(self) -> None:
        with self._cond:
            if self._users == 1:
                sys.setswitchinterval(self._switch_interval)
            self._users = max(0, self._users - 1)
            self._cond.notify_all()  # nobody waits for a loop that no longer beats

    def beat(self) -> None:
        """On the UI thread: the event loop ran just now."""
        self._last = time.monotonic()
        with self._cond:
            self._cond.notify_all()

    def behind(self) -> bool:
        return self._users > 0 and time.monotonic() - self._last > UI_LAG_S

    def wait(self) -> None:
        """In a background thread, between slices of work: while the event loop is behind,
        wait (the GIL released) for its next beat, at most ``UI_WAIT_S``."""
        if not self.behind():  # the usual case: one clock read, no lock
            return
        with self._cond:
            if self.behind():
                self._cond.wait(UI_WAIT_S)


#: The process's one UI thread beats here (``dynoview/ui/locks/controller.py`` while an audit runs).
ui_heartbeat = UiHeartbeat()


def yield_to_ui(*_: object, **__: object) -> None:
    """Between slices of background work: let a window's event loop that is behind run first.

    Takes and ignores any arguments, so it can also be registered as a botocore event handler.
    """
    ui_heartbeat.wait()
