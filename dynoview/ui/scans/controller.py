"""One bounded Scan at a time for a panel (capacity, TTL timeline): start it, say what is
happening, cancel it, hand the sample over or say why it failed. The panel's analysis of the
items (charting 100,000 items is about a second of Python) runs in the pool the same way.

The scan is an ``async def`` task on the qasync loop that awaits the blocking core scan in the
thread pool; cancelling is cancelling that task (the scan's cancel event is set, so it stops
at its next page). ``bind_scan_controls`` wires the Scan and Cancel buttons and the message
line of a panel to the controller, the same way for every panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QLabel, QPushButton

from dynoview.core.reads.capacity import Sample
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.tones import warning_color

CANCELLED = QT_TRANSLATE_NOOP("scans.controller", "Scan cancelled.")
KEPT = QT_TRANSLATE_NOOP("scans.controller", "Cancelled: still showing the previous results.")
T = TypeVar("T")


class ScanController(QObject):
    """Runs ``scan(*args, cancel=Event)`` in the pool; a new scan cancels the running one."""

    busy_changed = Signal(bool)
    message = Signal(str, bool)  # text ("" hides it), warn
    scanned = Signal(object)  # Sample
    dropped = Signal()  # a cancel dropped a running analysis: the panel shows what it showed before

    def __init__(self, ctx: AppContext, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task_name = f"{name}-{id(self)}"
        self.analysis_name = f"{name}-analysis-{id(self)}"
        # Whether the panel shows earlier results, which a cancel during the analysis leaves
        # on show (the analysed items are dropped whole, never shown in part).
        self.showing: Callable[[], bool] = lambda: False

    @property
    def running(self) -> bool:
        return self.ctx.tasks.is_running(self.task_name)

    @property
    def analysing(self) -> bool:
        return self.ctx.tasks.is_running(self.analysis_name)

    def start(self, scan: Callable[..., Sample], *args: Any, progress: str) -> None:
        """Scan in the pool; ``progress`` is what the message line says meanwhile."""
        self.busy_changed.emit(True)
        self.message.emit(progress, False)
        self.ctx.tasks.start(self.task_name, self._scan(scan, *args), on_error=self._failed)

    def analyse(self, work: Callable[[], T], then: Callable[[T], None], *, progress: str) -> None:
        """``work()`` in the pool, then ``then(result)`` on the UI thread; a newer analysis, a
        cancel or another table drops a running one's result."""
        self.busy_changed.emit(True)
        self.message.emit(progress, False)
        self.ctx.tasks.start(self.analysis_name, self._analyse(work, then), on_error=self._failed)

    def cancel(self) -> None:
        """Cancel the running scan and analysis, saying what is still shown; the buttons go
        back to idle."""
        if self.analysing and self.showing():
            self.message.emit(QCoreApplication.translate("scans.controller", KEPT), False)
        elif self.running:
            self.message.emit(QCoreApplication.translate("scans.controller", CANCELLED), False)
        elif self.analysing:  # given items, nothing shown before: the panel's own text stays
            self.message.emit("", False)
        analysing = self.analysing
        if self.running:
            self.ctx.tasks.cancel(self.task_name)
        self.ctx.tasks.cancel(self.analysis_name)
        self.busy_changed.emit(False)
        if analysing:
            self.dropped.emit()

    async def _scan(self, scan: Callable[..., Sample], *args: Any) -> None:
        sample = await self.ctx.tasks.call(scan, *args, cancellable=True)
        self.busy_changed.emit(False)
        self.message.emit("", False)
        self.scanned.emit(sample)

    async def _analyse(self, work: Callable[[], T], then: Callable[[T], None]) -> None:
        result = await self.ctx.tasks.call(work)
        self.busy_changed.emit(False)
        self.message.emit("", False)
        then(result)

    def _failed(self, exc: BaseException) -> None:
        self.busy_changed.emit(False)
        self.message.emit(self.ctx.report(exc, operation="Scan").message, True)


def show_message(label: QLabel, text: str, warn: bool = False) -> None:
    """A panel's message line: hidden when empty, in the warning colour when ``warn``."""
    label.setText(text)
    label.setVisible(bool(text))
    label.setStyleSheet(f"color: {warning_color(label.palette()).name()};" if warn else "")


def bind_scan_controls(controller: ScanController, scan_button: QPushButton,
                       cancel_button: QPushButton, message: QLabel,
                       ready: Callable[[], bool]) -> None:
    """Scan/Cancel enabled by whether a scan runs (Scan also needs ``ready()``); the
    controller's messages on ``message``."""
    def busy(running: bool) -> None:
        cancel_button.setEnabled(running)
        scan_button.setEnabled(not running and ready())

    cancel_button.setEnabled(False)
    controller.busy_changed.connect(busy)
    controller.message.connect(lambda text, warn: show_message(message, text, warn))
    cancel_button.clicked.connect(controller.cancel)
