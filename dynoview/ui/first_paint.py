"""Run something once a window has been painted for the first time.

Used at start-up to hold back work that would compete with the first paint (the connection's
imports in a worker thread), and by ``startup_trace`` to time that paint.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget


class FirstPaint(QObject):
    """Calls ``then`` once a widget of ``window`` has painted, then removes itself."""

    def __init__(self, window: QWidget, then: Callable[[], None], at_most_ms: int | None = None) -> None:
        super().__init__(window)
        self._window = window
        self._then: Callable[[], None] | None = then
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)  # the window may be covered by its children: watch them all
        if at_most_ms is not None:  # a window that is never painted (started minimised)
            QTimer.singleShot(at_most_ms, self, self._run)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Paint and isinstance(obj, QWidget)
                and obj.window() is self._window):
            app = QApplication.instance()
            if app is not None:
                app.removeEventFilter(self)
            # Queued: runs once this paint (and the rest of the frame) has been flushed.
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            then()


def after_first_paint(window: QWidget, then: Callable[[], None],
                      at_most_ms: int | None = None) -> FirstPaint:
    """Call ``then`` once, on the UI thread, right after ``window``'s first paint (or after
    ``at_most_ms`` when it has not painted by then)."""
    return FirstPaint(window, then, at_most_ms)
