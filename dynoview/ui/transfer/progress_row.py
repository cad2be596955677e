"""A progress bar with its Cancel button: the row the export and export-audit dialogs share.

The row only shows: a controller's progress snapshots (anything with ``fraction``, None while
the total is unknown, and ``text()``) and whether work runs. Cancel is forwarded through
``cancel_requested``; what cancelling means is the controller's business.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget


class Snapshot(Protocol):
    @property
    def fraction(self) -> float | None: ...

    def text(self) -> str: ...


class ProgressRow(QWidget):
    """[leading widget] [progress bar] [Cancel]; the bar shows only while work runs."""

    cancel_requested = Signal()

    def __init__(self, leading: QWidget | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        if leading is not None:
            row.addWidget(leading)
        row.addWidget(self.bar, 1)
        row.addWidget(self.cancel_button)
        self.cancel_button.clicked.connect(self._cancel_clicked)
        self.set_running(False)

    def set_running(self, running: bool, text: str = "") -> None:
        """Show an indeterminate bar with ``text`` (running), or hide it (idle)."""
        self.cancel_button.setEnabled(running)
        self.bar.setVisible(running)
        if running:
            self.bar.setRange(0, 0)
            self.bar.setFormat(text)

    def show_progress(self, snapshot: Snapshot) -> None:
        fraction = snapshot.fraction
        if fraction is None:
            self.bar.setRange(0, 0)
        else:
            self.bar.setRange(0, 1000)
            self.bar.setValue(int(fraction * 1000))
        self.bar.setFormat(snapshot.text())

    def _cancel_clicked(self) -> None:
        self.cancel_button.setEnabled(False)
        self.bar.setFormat("Cancelling…")
        self.cancel_requested.emit()
