"""Keep Python's cyclic collector from pausing while an audit builds its state.

An audit allocates containers by the million (parsed pages, then the view's columns); at the
default thresholds the collector runs thousands of times and its full collections walk the
whole state, each holding the GIL long enough to freeze a window's event loop.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_gc_lock = threading.Lock()
_gc_users = 0
_gc_saved: tuple[int, int, int] | None = None
# Each parsed page allocates ~10k dicts; at the default gen0 threshold (700) the collector
# runs thousands of times per million items and keeps promoting in-flight pages into the
# old generation, which triggers full collections. A larger threshold keeps the collector
# on (cycles are still reclaimed) but makes it run about 100x less often during an audit.
# No full collection while an audit runs: one walks every list of the growing state (70 ms
# at 3M items, holding the GIL); the young generations, where cycles are made, still are.
_AUDIT_GC_THRESHOLD = (100_000, 20, 1_000_000)


@contextmanager
def relaxed_gc() -> Iterator[None]:
    """Raise the collector's thresholds while any audit runs; restore them after the last."""
    global _gc_users, _gc_saved
    with _gc_lock:
        if _gc_users == 0:
            _gc_saved = gc.get_threshold()
            gc.set_threshold(*_AUDIT_GC_THRESHOLD)
        _gc_users += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users -= 1
            if _gc_users == 0 and _gc_saved is not None:
                gc.set_threshold(*_gc_saved)
                _gc_saved = None
