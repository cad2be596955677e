"""Switching a production connection to write mode: the account id typed, for this session only."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.errors import DynoViewError
from dynoview.core.session.connection import Connection
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role


class WriteModeDialog(QDialog):
    """Accepted only once ``conn.enable_writes`` took what was typed."""

    def __init__(self, conn: Connection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("write-mode-dialog")
        self.setWindowTitle(self.tr("Write to production?"))
        self.conn = conn
        account = conn.identity.account if conn.identity else None
        # Rich text for the bold words: the connection's name is the user's and escaped.
        name = html.escape(conn.spec.name)
        what = (self.tr("the account id <b>{account}</b>").format(account=html.escape(account)) if account
                else self.tr("the connection name <b>{name}</b>").format(name=name))
        intro = QLabel(self.tr("<b>{name}</b> is a production connection and opened read-only. "
                       "To allow writes until you disconnect or switch back, type {what}.").format(
                           name=name, what=what))
        intro.setWordWrap(True)
        self.typed = QLineEdit()
        self.typed.setObjectName("write-mode-account")
        self.typed.setAccessibleName(self.tr("AWS account id"))
        self.typed.setPlaceholderText(self.tr("account id") if account else self.tr("connection name"))
        self.message = plain_label(QLabel())  # a refusal quotes what was typed
        self.message.setWordWrap(True)
        set_role(self.message, "error")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.allow = buttons.addButton(self.tr("Allow writes"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.allow.setEnabled(False)
        layout = QVBoxLayout(self)
        for widget in (intro, self.typed, self.message, buttons):
            layout.addWidget(widget)
        self.typed.textChanged.connect(lambda text: self.allow.setEnabled(bool(text.strip())))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.resize(480, self.sizeHint().height())

    def accept(self) -> None:
        try:
            self.conn.enable_writes(self.typed.text())
        except DynoViewError as exc:
            self.message.setText(exc.message)
            self.typed.selectAll()
            self.typed.setFocus()
            return
        super().accept()
