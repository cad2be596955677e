"""The main window's status bar: a message, the last read's receipt and the connection badge,
and while a connection opens, what it waits for and a Cancel for it.

Messages are an ``ElidedLabel`` rather than ``QStatusBar.showMessage``: a long one ends in "…"
with the whole text in its tooltip, and the badge beside it is never painted over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QPushButton, QStatusBar, QWidget

from dynoview.ui.elided_label import ElidedLabel
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import BADGE_OBJECT, style_badge

if TYPE_CHECKING:  # a type only: receipts come with the first read, after the first paint
    from dynoview.core.reads.receipts import ReadReceipt
    from dynoview.ui.window.connection_controller import ConnectionController

DEFAULT_MS = 8000


class CancelConnectButton(QPushButton):
    """Cancel for the connection being opened; Esc presses it while it has the focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setText(self.tr("Cancel"))
        self.setObjectName("cancel-connect")
        self.setAccessibleName(self.tr("Cancel connecting"))
        self.setToolTip(self.tr("Stop connecting (a credential_process still running is ended)"))

    def event(self, e: QEvent) -> bool:
        # Esc is the button's before any shortcut of the window's takes it.
        if e.type() == QEvent.Type.ShortcutOverride and isinstance(e, QKeyEvent) \
                and e.key() == Qt.Key.Key_Escape:
            e.accept()
            return True
        return super().event(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        if e.key() == Qt.Key.Key_Escape:
            self.click()
            return
        super().keyPressEvent(e)


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
        self.cancel_button = CancelConnectButton()
        bar.addWidget(self.cancel_button)
        self.cancel_button.hide()  # shown while a connection opens (``follow``)
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

    def connecting(self, badge: str, sentence: str = "") -> None:
        """Say where a connection being opened goes (``badge``) and what it waits for."""
        self.connection_label.setText(badge)
        self.show(sentence or badge, 0)

    def follow(self, controller: ConnectionController) -> None:
        """Show what ``controller``'s connects wait for, with a Cancel while one runs."""
        controller.progress.connect(self.connecting)
        controller.busy.connect(self.cancel_button.setVisible)
        self.cancel_button.clicked.connect(controller.cancel_connect)

        def cancelled(said: str) -> None:
            conn = controller.ctx.connection
            if conn is None:
                self.connection_label.setText(QCoreApplication.translate("WindowStatus", "Not connected"))
            else:
                from dynoview.ui.window.title import show_connection

                show_connection(self.connection_label, conn)
            self.show(said)

        controller.cancelled.connect(cancelled)

    def text(self) -> str:
        return self.message.text()

    def receipts(self, receipts: list[ReadReceipt]) -> None:
        self.receipt_label.setText(QCoreApplication.translate(
            "WindowStatus", "Last read: ") + receipts[-1].summary())
