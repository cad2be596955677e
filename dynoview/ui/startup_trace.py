"""``DYNOVIEW_TRACE_STARTUP=1``: print when the window is first painted and when its first rows show.

benchmarks/startup.py starts ``python -m dynoview --demo`` and an empty window with this on
and reads the lines. ``time.monotonic()`` is one clock for every process on the machine
(CLOCK_MONOTONIC on Linux), so the benchmark compares it with its own reading taken just
before it started the process; the line ends with the CPU seconds the process has used so
far. Off unless asked: nothing is installed otherwise.
"""

from __future__ import annotations

import os
import time

from PySide6.QtCore import QTimer, SignalInstance
from PySide6.QtWidgets import QWidget

from dynoview.ui.window.first_paint import after_first_paint

ENV = "DYNOVIEW_TRACE_STARTUP"
PREFIX = "startup-trace"
WINDOW_SHOWN = "window-shown"
FIRST_ROWS = "first-rows"


def enabled() -> bool:
    return os.environ.get(ENV) == "1"


def mark(what: str) -> None:
    # After the clock reading, the CPU seconds this process has used (benchmarks/startup.py
    # reports them: they hardly move with the machine's load). One line: the benchmark reads
    # a line when its pipe has data, so a second line could wait in its buffer unseen.
    print(f"{PREFIX} {what} {time.monotonic():.6f} {time.process_time():.6f}", flush=True)


def install(window: QWidget, first_rows: SignalInstance | None = None) -> None:
    """Print WINDOW_SHOWN after the first paint, FIRST_ROWS after ``first_rows`` first fires."""
    after_first_paint(window, lambda: mark(WINDOW_SHOWN))
    if first_rows is not None:
        done: list[bool] = []

        def rows_shown(*_: object) -> None:
            if not done:
                done.append(True)
                QTimer.singleShot(0, lambda: mark(FIRST_ROWS))  # after the rows' own repaint is queued

        first_rows.connect(rows_shown)
