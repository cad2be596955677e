"""Run something once a window has been painted for the first time.

Used at start-up to hold back work that would compete with the first paint (the connection's
imports in a worker thread, the crash handler's dialog classes), and by ``startup_trace`` to
time that paint. One watcher per window however many wait.

The watcher sees two objects only: the window widget and, once ``show()`` has made it, its
``QWindow``. Qt paints a window synchronously while it handles the window's first exposure,
top-level widget first, so either the window's own ``Paint`` or its ``QWindow``'s ``Expose``
(when opaque children cover the whole window and it gets no paint of its own) marks the frame;
what waits runs on the next loop turn, once that frame is flushed. An application-wide filter
would see every event of every widget while the window is built, shown and painted, each one
wrapped for Python: that cost more than the paint itself.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

_WATCHER = "_dynoview_first_paint"  # the window's watcher, while it waits
# Events of the window widget after which its QWindow exists.
_HANDLE_MADE = (QEvent.Type.WinIdChange, QEvent.Type.Show)


class FirstPaint(QObject):
    """Calls what waits on ``window`` once it has been painted, then stops watching."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._handle: QWindow | None = None
        self._waiting: list[Callable[[], None]] = []
        self._done = False
        window.installEventFilter(self)
        self._watch_handle()

    def add(self, then: Callable[[], None], at_most_ms: int | None = None) -> None:
        self._waiting.append(then)
        if at_most_ms is not None:  # a window that is never painted (started minimised)
            QTimer.singleShot(at_most_ms, self, lambda: self._run([then]))

    def _watch_handle(self) -> None:
        handle = self._window.windowHandle()
        if handle is not None and handle is not self._handle:
            self._handle = handle
            handle.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if obj is self._handle:
            if kind == QEvent.Type.Expose and self._handle.isExposed():
                self._painted()
        elif obj is self._window:
            if kind == QEvent.Type.Paint:
                self._painted()
            elif kind in _HANDLE_MADE:
                self._watch_handle()
        return False

    def _painted(self) -> None:
        if self._done:
            return
        self._done = True
        self._window.removeEventFilter(self)
        if self._handle is not None:
            self._handle.removeEventFilter(self)
        if getattr(self._window, _WATCHER, None) is self:
            delattr(self._window, _WATCHER)  # a later wait gets a new watcher
        # Queued: runs once this paint (and the rest of the frame) has been flushed.
        QTimer.singleShot(0, self, lambda: self._run(list(self._waiting)))

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
    handle = window.windowHandle()
    if watcher is None and handle is not None and handle.isExposed():
        QTimer.singleShot(0, window, then)  # on screen already: painted while exposed
        return
    if not isinstance(watcher, FirstPaint):
        watcher = FirstPaint(window)
        setattr(window, _WATCHER, watcher)
    watcher.add(then, at_most_ms)
