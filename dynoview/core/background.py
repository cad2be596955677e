"""Background threads yield the CPU to the thread that started the process.

On Linux a thread's nice value is its own (``setpriority`` with the thread's id), and raising
it needs no privilege. Threads that read and classify pages run a little below the main
thread, so on a busy machine the scheduler wakes a window's event loop first, and it takes
the GIL when a worker lets go of it instead of waiting behind the next worker.
"""

from __future__ import annotations

import contextlib
import os
import threading

BACKGROUND_NICENESS = 5


def background_priority() -> None:
    """Lower the calling thread's CPU priority (Linux; elsewhere a no-op)."""
    if threading.current_thread() is threading.main_thread():
        return  # the process's own priority is not ours to lower
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(),
                       os.getpriority(os.PRIO_PROCESS, 0) + BACKGROUND_NICENESS)
