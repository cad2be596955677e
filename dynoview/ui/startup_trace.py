"""``DYNOVIEW_TRACE_STARTUP=1``: print when the window is first painted and when its first rows show.

benchmarks/startup.py starts ``python -m dynoview --demo`` and an empty window with this on
and reads the lines. ``time.monotonic()`` is one clock for every process on the machine
(CLOCK_MONOTONIC on Linux), so the benchmark compares it with its own reading taken just
before it started the process. Off unless asked: nothing is installed otherwise.
"""

from __future__ import annotations

import os
import time

from PySide6.QtCore import QEvent, QObject, QTimer, SignalInstance
from PySide6.QtWidgets import QApplication, QWidget

ENV = "DYNOVIEW_TRACE_STARTUP"
PREFIX = "startup-trace"
WINDOW_SHOWN = "window-shown"
FIRST_ROWS = "first-rows"


def enabled() -> bool:
    return os.environ.get(ENV) == "1"


def mark(what: str) -> None:
    print(f"{PREFIX} {what} {time.monotonic():.6f}", flush=True)


class _FirstPaint(QObject):
    """Marks the end of the first paint of any widget of ``window``, then removes itself."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)  # the window may be covered by its children: watch them all

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Paint and isinstance(obj, QWidget)
                and obj.window() is self._window):
            QApplication.instance().removeEventFilter(self)  # type: ignore[union-attr]
            # Queued: runs once this paint (and the rest of the frame) has been flushed.
            QTimer.singleShot(0, lambda: mark(WINDOW_SHOWN))
        return False


def install(window: QWidget, first_rows: SignalInstance | None = None) -> None:
    """Print WINDOW_SHOWN after the first paint, FIRST_ROWS after ``first_rows`` first fires."""
    _FirstPaint(window)
    if first_rows is not None:
        done: list[bool] = []

        def rows_shown(*_: object) -> None:
            if not done:
                done.append(True)
                QTimer.singleShot(0, lambda: mark(FIRST_ROWS))  # after the rows' own repaint is queued

        first_rows.connect(rows_shown)
