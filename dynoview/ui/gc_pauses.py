"""Keep Python's cyclic garbage collector and the GIL from pausing the UI thread, without leaking.

The GIL first: while a worker parses a page (botocore's parser is pure Python), the UI thread
waiting to run a timer or paint waits for the worker to hand the GIL over, which Python asks
for after the switch interval (5 ms by default), each time the UI thread comes back from Qt.
On a busy machine those waits add up to visible stalls (benchmarks/browse_throughput.py: the
worst event-loop gaps came with the UI thread idle, not working). ``share_gil_with_ui`` asks
for the hand-over after 1 ms instead; the workers lose a little throughput, not measurably
here.

Then the collector.

A full collection walks every tracked object, and a session holds many that live as long as
the app: the Qt wrappers of the window and botocore's service models (about 70,000 objects
once connected). Measured in benchmarks/browse_throughput.py, full collections over them
stalled the event loop for 70-210 ms. So once a connection is open, what is alive then is
moved out of the collector's reach (``gc.freeze``); reference counting still frees those
objects as soon as nothing uses them.

An audit's result is frozen the same way, once its rows are built (``audit_collections``):
the state and the view's columns hold a few million-entry dicts and lists, and a young
collection that met them while they were new walked every entry (one cache miss each:
210-300 ms holding the GIL at 3M items, at the end of every audit and again on the UI
thread). Frozen, they are freed by reference counting when the next audit replaces them. The
price: an audit freezes without collecting first (that collection would be the walk), so
the few cycles made since its last young collection, and cycles that objects alive at that
moment form once they are dropped, are kept until the next connection thaws everything.

Freezing happens once per connection, never per page:
``gc.freeze`` also freezes cyclic garbage that has not been collected yet, and nothing ever
collects a frozen object. So a collection runs first (nothing unreachable is frozen), and
the previous connection's frozen objects are thawed first (its clients, now garbage, are
reclaimed). Pages of items stay in the collector's reach, so cycles made while browsing are
reclaimed. The price: a full collection walks the rows loaded, about 3 ms of CPU per 1,000
rows here (benchmark: 12 ms at 5,000 rows, 60 ms at 20,000), where freezing every page cost
1 ms but leaked. Rows of a table without TTL share one ``TtlState`` (items_model.NO_TTL), so
a row costs the collector its item's containers only.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from dynoview.core.audit.collector import relaxed_gc

# 0.2 ms: at 1 ms, the UI thread's many small GIL waits while pages are decoded (timers,
# layouts, the loop's callbacks) added up to 40-60 ms stalls at 1 MB pages; at 0.2 ms 15 ms,
# with the same throughput (benchmarks/browse_throughput.py, ui/items/ui_gate.py).
GIL_SWITCH_INTERVAL_S = 0.0002


def share_gil_with_ui() -> None:
    """Make a worker thread hand the GIL to the UI thread after 0.2 ms instead of 5 (process-wide:
    called when a window's context, which owns the worker pool, is made)."""
    if sys.getswitchinterval() > GIL_SWITCH_INTERVAL_S:
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)


def settle_after_connect() -> float:
    """Freeze what a new connection leaves alive, after collecting; returns the milliseconds
    the collection took (one pause at connect time, none while pages arrive)."""
    started = time.perf_counter()
    gc.unfreeze()  # the previous connection's objects: collectable again
    gc.collect()  # nothing unreachable may be frozen: a frozen cycle is never reclaimed
    gc.freeze()
    return (time.perf_counter() - started) * 1000


@contextmanager
def audit_collections() -> Iterator[None]:
    """Around an audit and the building of its rows (in the pool): the collector stays relaxed
    until the end (``relaxed_gc``), then what is alive is frozen before the usual thresholds
    return, so no collection walks what the audit built (see the module's docstring for the
    cycles this keeps until ``settle_after_connect``). An audit that fails freezes nothing."""
    with relaxed_gc():
        yield
        gc.freeze()


def read_collections() -> AbstractContextManager[None]:
    """Around a read of the Items tab (its task: pages read, decoded and queued): the collector
    stays relaxed (``relaxed_gc``: young collections less often, no full one). Decoding keeps
    a slice of items alive at a time; at the usual thresholds the young collections promoted
    those in-flight dicts, which brought full collections every few pages, each walking every
    object the session made since connecting (12-25 ms of CPU while pages of 10,000 items
    arrived, holding the GIL the UI thread waits for: benchmarks/browse_throughput.py). Cycles
    are still reclaimed by the young collections; what reached the old generation waits for
    the first full collection after the read."""
    return relaxed_gc()
