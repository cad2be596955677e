"""Helpers shared by the fault tests: connections through the proxy and the heartbeat."""

from __future__ import annotations

import time
from typing import Any

from dynoview.core.connection import Connection, ConnectionSpec
from tests.fault_proxy import FaultProxy

FAKE_KEYS = {"aws_access_key_id": "testing-fake-key", "aws_secret_access_key": "testing-fake-secret"}


def proxied(proxy: FaultProxy, *, read_only: bool = False, name: str = "faulty",
            config: Any = None) -> Connection:
    spec = ConnectionSpec(name=name, endpoint_url=proxy.url, region="us-east-1", read_only=read_only)
    return Connection(spec, credentials=FAKE_KEYS, config=config)


class Heartbeat:
    """A 10 ms QTimer; the longest gap between ticks is the worst event-loop stall."""

    def __init__(self, interval_ms: int = 10) -> None:
        from PySide6.QtCore import QTimer

        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)
        self.ticks: list[float] = []

    def _tick(self) -> None:
        self.ticks.append(time.perf_counter())

    def start(self) -> Heartbeat:
        self.ticks = [time.perf_counter()]
        self.timer.start()
        return self

    def stop(self) -> None:
        self.timer.stop()
        self.ticks.append(time.perf_counter())

    @property
    def max_gap_ms(self) -> float:
        gaps = [b - a for a, b in zip(self.ticks, self.ticks[1:], strict=False)]
        return max(gaps, default=0.0) * 1000
