"""Closing the main window while "Repair all…" runs: stop the run after the finding in flight,
wait for it with the event loop running, then close.

Without this the window closed at once and the run's pool thread went on sending repairs,
unseen, until the process exited (its cancel only reaches it through the event loop, which
stops with the last window); a process killed then left a send with no outcome in the action
log. A repair is stopped without asking: it re-checks each finding, so Continue (or a new
audit) picks up the rest, and what was sent is in the action log with its outcome.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from dynoview.ui.locks.repair_controller import RepairController

POLL_MS = 100


def busy_repairs(window: QWidget) -> list[RepairController]:
    """The window's bulk repairs whose run has not returned yet (cancelled ones included)."""
    return [c for c in window.findChildren(RepairController) if c.busy]


class RepairCloseGuard(QObject):
    """An event filter on the main window, installed when a repair starts (one per window)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window_ = window
        self.waiting: QProgressDialog | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._check)
        window.installEventFilter(self)

    @classmethod
    def watch(cls, window: QWidget) -> RepairCloseGuard:
        guard = window.findChild(cls)
        return guard if isinstance(guard, cls) else cls(window)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.window_ or event.type() != QEvent.Type.Close:
            return False
        running = busy_repairs(self.window_)
        if not running:
            return False  # the window's own close (and its other guards) go on
        event.ignore()
        if self.waiting is None:  # a second close while stopping: it closes when done
            self._stop(running)
        return True

    def _stop(self, running: list[RepairController]) -> None:
        for controller in running:
            controller.cancel()
        label = self.tr("Stopping the repair after the finding in progress…")
        self.waiting = waiting = QProgressDialog(label, "", 0, 0, self.window_)
        waiting.setCancelButton(None)  # the transaction in flight is answered either way
        waiting.setWindowTitle(self.tr("Quit DynoView"))
        waiting.setWindowModality(Qt.WindowModality.WindowModal)
        waiting.setMinimumDuration(0)
        waiting.setObjectName("repair-stopping")
        waiting.show()
        self.timer.start()  # never closed from inside the close event itself

    def _check(self) -> None:
        if busy_repairs(self.window_):
            return
        self.timer.stop()
        if self.waiting is not None:
            self.waiting.close()
            self.waiting.deleteLater()
            self.waiting = None
        self.window_.close()
