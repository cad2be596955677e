"""Run something once a window has been painted for the first time.

Used at start-up to hold back work that would compete with the first paint (the connection's
imports in a worker thread, the crash handler's dialog classes), and by ``startup_trace`` to
time that paint. One watcher per window however many wait: until the first paint it sees
every event of the application, so each extra one would cost on every event.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

_WATCHER = "_dynoview_first_paint"  # the window's watcher, while it waits


class FirstPaint(QObject):
    """Calls what waits on ``window`` once a widget of it has painted, then removes itself."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._waiting: list[Callable[[], None]] = []
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)  # the window may be covered by its children: watch them all

    def add(self, then: Callable[[], None], at_most_ms: int | None = None) -> None:
        self._waiting.append(then)
        if at_most_ms is not None:  # a window that is never painted (started minimised)
            QTimer.singleShot(at_most_ms, self, lambda: self._run([then]))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Paint and isinstance(obj, QWidget)
                and obj.window() is self._window):
            app = QApplication.instance()
            if app is not None:
                app.removeEventFilter(self)
            if getattr(self._window, _WATCHER, None) is self:
                delattr(self._window, _WATCHER)  # a later wait gets a new watcher
            # Queued: runs once this paint (and the rest of the frame) has been flushed.
            QTimer.singleShot(0, self, lambda: self._run(list(self._waiting)))
        return False

    def _run(self, callbacks: list[Callable[[], None]]) -> None:
        for then in callbacks:
            if then in self._waiting:  # each runs once, by the paint or by its deadline
                self._waiting.remove(then)
                then()


def after_first_paint(window: QWidget, then: Callable[[], None],
                      at_most_ms: int | None = None) -> None:
    """Call ``then`` once, on the UI thread, right after ``window``'s first paint (or after
    ``at_most_ms`` when it has not painted by then)."""
    watcher = getattr(window, _WATCHER, None)
    if not isinstance(watcher, FirstPaint):
        watcher = FirstPaint(window)
        setattr(window, _WATCHER, watcher)
    watcher.add(then, at_most_ms)
