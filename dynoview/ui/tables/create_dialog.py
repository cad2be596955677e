"""Create a table for local development: the article's layout or a copy of a DescribeTable
answer, under a typed name, with the CreateTable request shown before it is sent.

On a connection that is not a writable loopback endpoint the dialog says why in one sentence
(``local_tables.check_local``) and Create stays off: nothing can be sent. Creating waits until
the table is active (off the UI thread, ``ctx.tasks``), then emits ``created(name)``. When
only the TTL step failed, the table is there without TTL: the dialog says so, emits ``created``
(the panel lists it) and stays open, Create becoming "Turn TTL on", which sends only that step.

It creates on the connection it opened on (``transfer.opened_on``): when the window's connection
changes while it is open (File → Connect…, a connect that was pending), Create (or Turn TTL on)
turns off and the dialog says which connection it was opened on and which one the window is on
now. A create already sent finishes, TTL step included, where it started; the status bar then
says where the table was made, and ``created`` is not emitted (the window lists the other
connection's tables).

Hook (the Tables panel): "Create table…" opens ``CreateTableDialog(ctx, parent)`` with ``open()``
and connects ``created`` to the panel's refresh.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.errors import InputError
from dynoview.core.session import local_tables
from dynoview.ui.builder.dialogs import code_view, restyle
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.tables.controller import LocalTablesController
from dynoview.ui.themed import mark_refused

ARTICLE_TEXT = (QT_TRANSLATE_NOOP(
    "tables.create_dialog", "The article's layout: keys PK and SK, the email-index GSI on email, TTL on "
                "expiresAt, a NEW_AND_OLD_IMAGES stream, on-demand capacity"))


def refusal(ctx: AppContext, action: str) -> str | None:
    """Why ``action`` cannot be done on the window's connection, or None."""
    if ctx.connection is None:
        text = QCoreApplication.translate(
            "tables.create_dialog", "Connect to a local endpoint (such as DynamoDB Local) to {action}.")
        return text.format(action=action)
    try:
        local_tables.check_local(ctx.connection.spec, action)
    except local_tables.LocalTablesRefused as exc:
        return exc.message
    return None


class CreateTableDialog(QDialog):
    """Layout or DescribeTable JSON, a name, the request to send, and Create."""

    created = Signal(str)  # the new table's name, once it is active

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.controller = LocalTablesController(ctx, self)
        self.opened_on = self.controller.opened_on  # where the plan is checked: never another
        self.controller.created.connect(self._created)
        self.controller.failed.connect(self._failed)
        self.controller.created_without_ttl.connect(self._created_without_ttl)
        self.setWindowTitle(self.tr("Create a local table"))
        self.plan: local_tables.TablePlan | None = None
        #: The plan whose table this dialog created without TTL (its TTL step failed).
        self.made_without_ttl: local_tables.TablePlan | None = None
        self.file_dialog: QFileDialog | None = None
        layout = QVBoxLayout(self)
        self.article = QRadioButton(QCoreApplication.translate("tables.create_dialog", ARTICLE_TEXT))
        self.article.setObjectName("create-article")
        self.from_describe = QRadioButton(self.tr(
            "A copy of a table: paste its DescribeTable JSON (aws dynamodb "
                                 "describe-table output) or open it"))
        self.from_describe.setObjectName("create-from-describe")
        group = QButtonGroup(self)
        group.addButton(self.article)
        group.addButton(self.from_describe)
        self.article.setChecked(True)
        layout.addWidget(self.article)
        layout.addWidget(self.from_describe)
        self.describe = QPlainTextEdit()
        self.describe.setObjectName("create-describe-json")
        self.describe.setAccessibleName(self.tr("DescribeTable JSON"))
        self.describe.setPlaceholderText('{"Table": {"TableName": ..., "KeySchema": ..., ...}}')
        self.open_button = QPushButton(self.tr("&Open…"))
        self.open_button.clicked.connect(self.ask_file)
        source = QHBoxLayout()
        source.addWidget(self.describe, 1)
        source.addWidget(self.open_button)
        layout.addLayout(source, 1)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("create-name")
        form.addRow(self.tr("Table &name:"), self.name)
        layout.addLayout(form)
        self.preview = code_view("")
        self.preview.setObjectName("create-preview")
        self.preview_label = plain_label(QLabel(self.tr("CreateTable request (sent as shown):")))
        self.preview_label.setBuddy(self.preview)
        layout.addWidget(self.preview_label)
        layout.addWidget(self.preview, 1)
        self.status = plain_label(QLabel(""))  # may quote the server's error
        self.status.setObjectName("create-status")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.create_button = QPushButton(self.tr("&Create"))
        self.create_button.setObjectName("create-button")
        self.create_button.clicked.connect(self.create_table)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.create_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.create_button.setDefault(True)  # Enter creates (Qt made "Open…" the default)
        self.refused = refusal(ctx, self.tr("create a table"))
        for signal in (self.article.toggled, self.from_describe.toggled):
            signal.connect(lambda _on: self.update_plan())
        self.describe.textChanged.connect(self.update_plan)
        self.name.textChanged.connect(lambda _t: self.update_plan())
        self.resize(760, 640)
        self.update_plan()
        self.opened_on.left.connect(self._connection_left)

    def show_status(self, text: str, role: str = "hint") -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        restyle(self.status, role)

    def update_plan(self) -> None:
        """The request for what the form holds now, or what is missing, in the status line."""
        copying = self.from_describe.isChecked()
        refused = self.refused or (self.opened_on.stale_text() if self.opened_on.stale else None)
        self.describe.setEnabled(copying and not refused)
        self.open_button.setEnabled(copying and not refused)
        for widget in (self.article, self.from_describe, self.name):
            widget.setEnabled(not refused)
        self.plan = None
        self._show_request(None)
        self._mark(None, "")
        if refused:
            self.show_status(refused, "error")
            self.create_button.setEnabled(False)
            return
        try:
            if copying:
                text = self.describe.toPlainText()
                if not text.strip():
                    raise local_tables.TableRequestError("Paste or open the table's DescribeTable JSON.")
                plan = local_tables.plan_from_description(text, self.name.text() or None)
            else:
                plan = local_tables.article_plan(self.name.text())
        except InputError as exc:
            error = bool(self.name.text()) or copying
            self.show_status(exc.message, "error" if error else "hint")
            self._mark(exc.field if error else None, exc.message)
            self.create_button.setEnabled(False)
            return
        self.plan = plan
        self._show_request(plan)
        if self.ttl_only():
            self.show_status(self.tr("{name} is there without TTL: Turn TTL on sends only "
                                     "UpdateTimeToLive (TTL on {attribute}).").format(
                                         name=plan.name, attribute=plan.ttl_attribute))
        else:
            self.show_status(" ".join(plan.notes) or plan.summary())
        self.create_button.setEnabled(not self.controller.creating())

    def ttl_only(self) -> bool:
        """Whether Create only turns TTL on: the plan is that of the table made without it."""
        made, plan = self.made_without_ttl, self.plan
        return (made is not None and plan is not None and bool(plan.ttl_attribute)
                and plan.request == made.request)

    def _show_request(self, plan: local_tables.TablePlan | None) -> None:
        """The request(s) Create sends, and the button's name for it."""
        only = self.ttl_only()
        self.create_button.setText(self.tr("Turn &TTL on") if only else self.tr("&Create"))
        self.preview_label.setText(self.tr("UpdateTimeToLive request (sent as shown):") if only
                                   else self.tr("CreateTable request (sent as shown):"))
        if plan is None:
            self.preview.setPlainText("")
            return
        ttl = {"TableName": plan.name, "TimeToLiveSpecification": {
            "Enabled": True, "AttributeName": plan.ttl_attribute}}
        then = self.tr("\n\nThen UpdateTimeToLive: TTL on {ttl_attribute}.").format(
            ttl_attribute=plan.ttl_attribute) if plan.ttl_attribute else ""
        self.preview.setPlainText(json.dumps(ttl, indent=2) if only
                                  else json.dumps(plan.request, indent=2) + then)

    def _mark(self, field: str | None, message: str) -> None:
        """Outline the field a refusal names (the name, or the pasted JSON), its tooltip the why."""
        for key, widget in (("name", self.name), ("describe", self.describe)):
            bad = key == field
            mark_refused(widget, bad)
            widget.setToolTip(plain_tooltip(message) if bad else "")

    def ask_file(self) -> None:
        dialog = QFileDialog(self, self.tr("Open a DescribeTable JSON"), str(Path.home()))
        dialog.setNameFilter("JSON files (*.json);;All files (*)")
        dialog.fileSelected.connect(self.load_file)
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.file_dialog = dialog
        dialog.open()

    def load_file(self, path: str) -> None:
        self.file_dialog = None
        try:
            self.describe.setPlainText(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            self.show_status(self.tr(
                "Could not read {path}: {getattr}.").format(
                    path=path, getattr=getattr(exc, 'strerror', None) or exc), "error")

    def create_table(self) -> None:
        if self.plan is None or self.refused or self.opened_on.connection is None:
            return
        if self.opened_on.stale:  # a shortcut on a button turned off: refused all the same
            self.update_plan()
            return
        self.create_button.setEnabled(False)
        if self.ttl_only():
            self.show_status(self.tr("Turning TTL on for {name}…").format(name=self.plan.name))
            self.controller.turn_ttl_on(self.plan)
            return
        self.show_status(self.tr("Creating {name}…").format(name=self.plan.name))
        self.controller.create(self.plan)

    def _connection_left(self) -> None:
        """The window moved to another connection: nothing more is sent from here; a create
        already sent goes on where it started, and the dialog says so."""
        if self.controller.creating():
            self.show_status(self.tr("{window} Creating {name} goes on at {then}, where this "
                                     "dialog was opened.").format(
                                         window=self.opened_on.window_text(),
                                         name=self.plan.name if self.plan else "",
                                         then=self.opened_on.opened_text()))
            return
        said = self.status.text() if self.made_without_ttl is not None else ""
        self._say_stale(said)

    def _say_stale(self, sentence: str) -> None:
        """The form turned off, and ``sentence`` (what happened last) then why."""
        self.update_plan()  # says stale_text, Create off
        if sentence and self.opened_on.stale_text() not in sentence:
            self.show_status(sentence + " " + self.opened_on.stale_text(), "error")

    def _created(self, name: str) -> None:
        if self.opened_on.stale:  # the window lists another connection's tables: not this one
            self.ctx.status_message.emit(self.tr("Created {name} at {then}. {window}").format(
                name=name, then=self.opened_on.opened_text(), window=self.opened_on.window_text()))
            self.accept()
            return
        self.show_status(self.tr("Created {name}.").format(name=name))
        self.created.emit(name)
        self.accept()

    def _created_without_ttl(self, name: str, sentence: str) -> None:
        """The table is there without TTL: said, listed (``created``), and Create now only
        turns TTL on; the dialog stays open."""
        if self.opened_on.stale:  # Turn TTL on stays off here: the sentence says how to do it
            self._say_stale(sentence)
            return
        if self.plan is not None and self.plan.name == name:
            self.made_without_ttl = self.plan
            self._show_request(self.plan)
        self.show_status(sentence, "error")
        self.create_button.setEnabled(self.plan is not None)
        self.created.emit(name)

    def _failed(self, sentence: str) -> None:
        if self.opened_on.stale:
            self._say_stale(sentence)
            return
        if self.made_without_ttl is not None:  # the table may be gone: Create creates again
            self.made_without_ttl = None
            if self.plan is not None:
                self._show_request(self.plan)
        self.show_status(sentence, "error")
        self.create_button.setEnabled(self.plan is not None)
