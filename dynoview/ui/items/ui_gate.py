"""Let the UI thread paint without queueing for the GIL at every cell.

Painting the items view calls the model from C++ once per cell and role, and each call takes
the GIL. While a worker decodes a page (Python, about 20 ms per MB), each of those calls waits
for the worker to hand the GIL over, up to the switch interval: a paint of 2,000 calls
lasted as long as the decode, event-loop stalls of 60-90 ms at 1 MB pages
(benchmarks/browse_throughput.py). So the views mark their paints and layouts ``busy``, and
the decoding workers ``pause`` between slices of a page while one runs, for at most
``MAX_WAIT_S``.

What is left between paints (timers, posted layouts, the loop's own callbacks) still takes
the GIL once each: ``gc_pauses.share_gil_with_ui`` keeps those waits short (the switch
interval).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

MAX_WAIT_S = 0.05  # a worker never waits longer for one paint

_idle = threading.Event()
_idle.set()
_depth = 0  # busy sections open on the UI thread (a paint may lay out, and so on)


@contextmanager
def busy() -> Iterator[None]:
    """On the UI thread: decoding workers wait while this runs."""
    global _depth
    _depth += 1
    _idle.clear()
    try:
        yield
    finally:
        _depth -= 1
        if not _depth:
            _idle.set()


def pause() -> None:
    """In a worker, between slices of work: wait while the UI thread is busy."""
    _idle.wait(MAX_WAIT_S)

