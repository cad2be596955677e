"""Helpers shared by the fault tests: connections through the proxy and the heartbeat."""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

from dynoview.core.session.connection import Connection
from tests.fault_proxy import FaultProxy
from tests.helpers import connect


def proxied(proxy: FaultProxy, *, read_only: bool = False, name: str = "faulty",
            config: Any = None) -> Connection:
    return connect(proxy.url, read_only=read_only, name=name, config=config)


#: The longest event-loop gap a fault test accepts. The guarantee itself is structural
#: (``requests_on_ui_thread`` stays 0); the gap check catches other blocking work. The faults
#: delay a response by 300 ms or more, so waiting on one shows as a gap at least that long;
#: below it is the scheduler of a loaded 2-core machine (100 ms failed there on idle loops).
STALL_LIMIT_MS = 250


class Heartbeat:
    """A 10 ms QTimer; the longest gap between ticks is the worst event-loop stall.

    ``start`` freezes the objects that exist already (``gc.freeze``): the test process
    holds pytest, moto's server and every earlier test, and a full collection walking
    them pauses every thread for 100-300 ms on a busy machine. The app's own objects,
    created while the heartbeat runs, are collected as usual. ``requests_on_ui_thread``
    counts HTTP requests sent from the UI thread (it must stay 0): the stall-free
    guarantee by construction, independent of machine load.
    """

    def __init__(self, interval_ms: int = 10) -> None:
        from PySide6.QtCore import QTimer

        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)
        self.ticks: list[float] = []
        self.requests_on_ui_thread = 0
        self._watched: list[Any] = []

    def watch(self, conn: Connection) -> None:
        """Count requests this connection sends from the UI thread while the heartbeat runs."""
        def before_send(**_: Any) -> None:
            if self.timer.isActive() and threading.current_thread() is threading.main_thread():
                self.requests_on_ui_thread += 1
        conn.client.meta.events.register("before-send.dynamodb", before_send)
        self._watched.append((conn, before_send))

    def _tick(self) -> None:
        self.ticks.append(time.perf_counter())

    def start(self) -> Heartbeat:
        gc.collect()
        gc.freeze()
        self.ticks = [time.perf_counter()]
        self.timer.start()
        return self

    def stop(self) -> None:
        self.timer.stop()
        self.ticks.append(time.perf_counter())
        gc.unfreeze()

    def close(self) -> None:
        self.timer.stop()
        if gc.get_freeze_count():
            gc.unfreeze()
        for conn, handler in self._watched:
            conn.client.meta.events.unregister("before-send.dynamodb", handler)

    @property
    def max_gap_ms(self) -> float:
        gaps = [b - a for a, b in zip(self.ticks, self.ticks[1:], strict=False)]
        return max(gaps, default=0.0) * 1000
