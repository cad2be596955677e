"""How fast a repair goes: at most ``rate`` findings per second, so a table that serves
signups is never flooded; the wait between findings ends at once on cancel."""

from __future__ import annotations

import threading
from collections.abc import Callable

from dynoview.core.errors import DynoViewError

#: Findings handled per second unless told otherwise: gentle on a table that serves signups.
DEFAULT_RATE = 5.0
MAX_RATE = 100.0
#: One finding every two seconds at the slowest (the window's box has the same bound): a rate
#: near 0 would wait for ages, and 1/rate overflows a wait.
MIN_RATE = 0.5


def check_rate(rate: float) -> None:
    if not MIN_RATE <= rate <= MAX_RATE:  # nan too
        raise DynoViewError(f"The rate must be at least {MIN_RATE:g} and at most {MAX_RATE:g} findings "
                            f"per second; {rate:g} was given.", field="rate")


class Pacer:
    """At most one finding per ``interval`` seconds; the wait ends at once on cancel."""

    def __init__(self, interval: float, clock: Callable[[], float]) -> None:
        # Capped at the slowest rate's: a wait past it (or past what a wait takes) is a bug.
        self.interval, self.clock = min(interval, 1 / MIN_RATE), clock
        self.next_at = clock()

    def wait_cancelled(self, cancel: threading.Event) -> bool:
        """Wait for the next finding's turn; True when cancel was set before or during it."""
        delay = min(self.next_at - self.clock(), self.interval)
        return cancel.is_set() or (delay > 0 and cancel.wait(delay))

    def started(self) -> None:
        self.next_at = max(self.next_at, self.clock()) + self.interval
