"""Keep Python's cyclic garbage collector from pausing the UI thread.

A full collection walks every tracked object, and a browsing session holds
many: botocore's service models and thousands of item dicts. Measured in
benchmarks/browse_throughput.py, such collections stalled the event loop for
70-110 ms. Those objects are long-lived and hold no reference cycles, so they
are moved out of the collector's reach (``gc.freeze``); reference counting
still frees them as soon as nothing uses them.
"""

from __future__ import annotations

import gc


def settle_long_lived() -> None:
    """Call after a burst of long-lived allocations (a page of items, a new client)."""
    gc.freeze()
