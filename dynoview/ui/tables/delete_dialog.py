"""Delete a table on a local endpoint once its name is typed: Delete stays off until the name
matches exactly, and on a connection that is not a writable loopback endpoint the dialog says
why and nothing can be sent. Deleting waits until the table is gone (off the UI thread), then
emits ``deleted(name)``.

It deletes on the connection it opened on, which it names (``transfer.opened_on``): when the
window's connection changes while it is open (File → Connect…, a connect that was pending),
Delete turns off and the dialog says which connection it was opened on and which one the window
is on now, so the same-named table of the new connection is never deleted. A delete already
sent finishes where it started; the status bar then says where the table was deleted, and
``deleted`` is not emitted (the window's views show the other connection's tables).

Hook (the Tables panel): "Delete table…" on a table opens ``DeleteTableDialog(ctx, name, parent)``
with ``open()`` and connects ``deleted`` to the panel's refresh.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.redaction import redact_url
from dynoview.ui.builder.dialogs import restyle
from dynoview.ui.context import AppContext
from dynoview.ui.plain_text import plain_label
from dynoview.ui.tables.controller import LocalTablesController
from dynoview.ui.tables.create_dialog import refusal


class DeleteTableDialog(QDialog):
    """The table's name, typed again, and Delete."""

    deleted = Signal(str)

    def __init__(self, ctx: AppContext, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.table = name
        self.controller = LocalTablesController(ctx, self)
        self.opened_on = self.controller.opened_on  # where the name was checked: never another
        self.controller.deleted.connect(self._deleted)
        self.controller.failed.connect(self._failed)
        self.setWindowTitle(self.tr("Delete {name}").format(name=name))
        layout = QVBoxLayout(self)
        conn = self.opened_on.connection
        where = redact_url(conn.spec.endpoint_url) if conn is not None else ""
        warning = plain_label(QLabel(
            self.tr("Delete the table {name} at {where} with every item and index in it? "
                         "This cannot be undone. Type the table's name to confirm.").format(
                             name=name, where=where)))
        warning.setWordWrap(True)
        layout.addWidget(warning)
        self.typed = QLineEdit()
        self.typed.setObjectName("delete-typed-name")
        self.typed.setAccessibleName(self.tr("Table name to confirm"))
        self.typed.setPlaceholderText(name)
        layout.addWidget(self.typed)
        self.status = plain_label(QLabel(""))  # may quote the server's error
        self.status.setObjectName("delete-status")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.delete_button = QPushButton(self.tr("&Delete"))
        self.delete_button.setObjectName("delete-button")
        self.delete_button.clicked.connect(self.delete)
        cancel = QPushButton(self.tr("Cancel"))
        cancel.setDefault(True)  # Enter never deletes
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.delete_button)
        buttons.addWidget(cancel)
        layout.addLayout(buttons)
        self.refused = refusal(ctx, self.tr("delete a table"))
        self.typed.setEnabled(self.refused is None)
        self.typed.textChanged.connect(lambda _t: self.update_button())
        self.update_button()
        self.setMinimumWidth(480)
        if self.refused:
            self.show_status(self.refused, "error")
        self.opened_on.left.connect(self._connection_left)

    def show_status(self, text: str, role: str = "hint") -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        restyle(self.status, role)

    def update_button(self) -> None:
        self.delete_button.setEnabled(self.refused is None and self.typed.text() == self.table
                                      and not self.controller.deleting() and not self.opened_on.stale)

    def delete(self) -> None:
        if self.refused or self.typed.text() != self.table or self.opened_on.connection is None:
            return
        if self.opened_on.stale:  # a shortcut on a button turned off: refused all the same
            self.show_status(self.opened_on.stale_text(), "error")
            self.update_button()
            return
        self.delete_button.setEnabled(False)
        self.show_status(self.tr("Deleting {table}…").format(table=self.table))
        self.controller.delete(self.table, self.typed.text())

    def _connection_left(self) -> None:
        """The window moved to another connection: nothing more is deleted from here; a delete
        already sent goes on where it started, and the dialog says so."""
        self.typed.setEnabled(False)
        if self.controller.deleting():
            self.show_status(self.tr("{window} Deleting {table} goes on at {then}, where this "
                                     "dialog was opened.").format(
                                         window=self.opened_on.window_text(), table=self.table,
                                         then=self.opened_on.opened_text()))
        else:
            self.show_status(self.opened_on.stale_text(), "error")
        self.update_button()

    def _deleted(self, name: str) -> None:
        if self.opened_on.stale:  # the window's views show another connection: not their table
            self.ctx.status_message.emit(self.tr("Deleted {table} at {then}. {window}").format(
                table=name, then=self.opened_on.opened_text(), window=self.opened_on.window_text()))
        else:
            self.deleted.emit(name)
        self.accept()

    def _failed(self, sentence: str) -> None:
        if self.opened_on.stale and self.opened_on.stale_text() not in sentence:
            sentence += " " + self.opened_on.stale_text()
        self.show_status(sentence, "error")
        self.update_button()
