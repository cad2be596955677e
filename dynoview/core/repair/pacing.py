"""How fast a repair goes: at most ``rate`` findings per second, so a table that serves
signups is never flooded; the wait between findings ends at once on cancel."""

from __future__ import annotations

import threading
from collections.abc import Callable

from dynoview.core.errors import DynoViewError

#: Findings handled per second unless told otherwise: gentle on a table that serves signups.
DEFAULT_RATE = 5.0
MAX_RATE = 100.0


def check_rate(rate: float) -> None:
    if not 0 < rate <= MAX_RATE:
        raise DynoViewError(f"The rate must be above 0 and at most {MAX_RATE:g} findings per second; "
                            f"{rate:g} was given.", field="rate")


class Pacer:
    """At most one finding per ``interval`` seconds; the wait ends at once on cancel."""

    def __init__(self, interval: float, clock: Callable[[], float]) -> None:
        self.interval, self.clock = interval, clock
        self.next_at = clock()

    def wait_cancelled(self, cancel: threading.Event) -> bool:
        """Wait for the next finding's turn; True when cancel was set before or during it."""
        delay = self.next_at - self.clock()
        return cancel.is_set() or (delay > 0 and cancel.wait(delay))

    def started(self) -> None:
        self.next_at = max(self.next_at, self.clock()) + self.interval
