"""The main window's status bar: a message, the last read's receipt and the connection badge.

Messages are an ``ElidedLabel`` rather than ``QStatusBar.showMessage``: a long one ends in "…"
with the whole text in its tooltip, and the badge beside it is never painted over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QLabel, QStatusBar

from dynoview.ui.elided_label import ElidedLabel
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import BADGE_OBJECT, style_badge

if TYPE_CHECKING:  # a type only: receipts come with the first read, after the first paint
    from dynoview.core.reads.receipts import ReadReceipt

DEFAULT_MS = 8000


class WindowStatus:
    """Owns the widgets it adds to ``bar``."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar
        self.message = ElidedLabel()
        self.message.setObjectName("status-message")
        self.receipt_label = ElidedLabel(QCoreApplication.translate("WindowStatus", "No reads yet"))
        self.receipt_label.setToolTip(QCoreApplication.translate(
            "WindowStatus", "The last read: operation, consistency, capacity, duration"))
        # Plain text: it names the connection and its profile, both the user's words (an
        # AWS config section may be "<img src=...>", which Qt would load as HTML for ever).
        not_connected = QCoreApplication.translate("WindowStatus", "Not connected")
        self.connection_label = plain_label(QLabel(not_connected))
        self.connection_label.setObjectName(BADGE_OBJECT)
        style_badge(self.connection_label)
        bar.addWidget(self.message, 3)
        bar.addPermanentWidget(self.receipt_label, 2)
        bar.addPermanentWidget(self.connection_label)
        self._clear = QTimer(bar)
        self._clear.setSingleShot(True)
        self._clear.timeout.connect(lambda: self.message.setText(""))

    def show(self, text: str, timeout_ms: int = DEFAULT_MS) -> None:
        """Show ``text``; 0 keeps it until the next message."""
        self.message.setText(text)
        if timeout_ms:
            self._clear.start(timeout_ms)
        else:
            self._clear.stop()

    def text(self) -> str:
        return self.message.text()

    def receipts(self, receipts: list[ReadReceipt]) -> None:
        self.receipt_label.setText(QCoreApplication.translate(
            "WindowStatus", "Last read: ") + receipts[-1].summary())
