"""Pick, add, edit or remove a saved connection (profile, region, endpoint, read-only; Save asks
before it replaces another saved connection of that name, Delete before it removes one), and the
question asked before a connection sends in clear text (``ask_cleartext``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.redaction import redact_url
from dynoview.core.session.connection import (
    ConnectionSpec,
    ConnectionSpecError,
    available_profiles,
    validate_spec,
)
from dynoview.core.session.endpoints import (
    CleartextNotAgreed,
    endpoint_host,
    is_cleartext,
    resolved_endpoint,
)
from dynoview.ui.destructive_question import ask_destructive
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label
from dynoview.ui.settings import delete_connection, load_connections, save_connection
from dynoview.ui.settings_save import SettingsSaveError
from dynoview.ui.themed import mark_refused, set_role

DEMO_ENTRY = QT_TRANSLATE_NOOP("window.connection_dialog", "Demo (embedded, no AWS account)")


class ConnectionDialog(QDialog):
    """Returns ``chosen`` (a ConnectionSpec) or ``demo_chosen`` when accepted."""

    def __init__(self, parent: QWidget | None = None, current: ConnectionSpec | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Connect to DynamoDB"))
        self.resize(760, 400)
        self.specs, problems = load_connections()
        self.chosen: ConnectionSpec | None = None
        self.demo_chosen = False
        self.demo_read_only = False  # the demo chosen with Read-only or Production ticked
        self.replace_box: QMessageBox | None = None  # "Replace the saved connection?", while asked
        self.delete_box: QMessageBox | None = None  # "Delete the saved connection?", while asked
        self._cleartext_for: str | None = None  # the host "Send in clear text" is ticked for
        self._cleartext_source: str | None = None  # where its endpoint is set (None: typed)
        self._cleartext_url = ""  # the endpoint used: the field's, or the configured one
        self._setup_ui()
        if problems:
            self.message.setText(self.tr("Some saved connections were skipped: ") + " ".join(problems))
        if self.profiles_problem:  # no profile listed, and the reason (a broken AWS config file)
            self.message.setText(" ".join(filter(None, [self.message.text(), self.tr(
                "No AWS profile could be listed: {why}").format(why=self.profiles_problem)])))
            self.profile.setToolTip(self.profiles_problem)
        self._refresh(select=current.name if current else None)

    def _setup_ui(self) -> None:
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Saved connections"))
        self.list.setMinimumWidth(250)
        self.name = QLineEdit()
        self.profile = QComboBox()
        self.profile.setEditable(True)
        profiles, self.profiles_problem = available_profiles()
        self.profile.addItems(["", *profiles])
        self.profile.setToolTip(self.tr("A profile from ~/.aws/config or ~/.aws/credentials (SSO "
                                "profiles included). Empty: the default credential chain."))
        self.region = QLineEdit()
        self.region.setPlaceholderText(self.tr("e.g. eu-west-1 (empty: the profile's region)"))
        self.endpoint = QLineEdit()
        self.endpoint.setPlaceholderText(self.tr("empty for AWS; http://localhost:8000 for DynamoDB Local"))
        # The endpoint field's own warning and consent, shown for http:// to another machine.
        self.cleartext_note = plain_label(QLabel())
        self.cleartext_note.setWordWrap(True)
        set_role(self.cleartext_note, "error")  # styled per theme
        self.cleartext = QCheckBox(self.tr("Send in clear text (http://) to this host"))
        self.read_only = QCheckBox(self.tr("Read-only: refuse every write before it leaves the machine"))
        # issue 25 (H7): production opens read-only; writing asks for the account id
        self.production = QCheckBox(self.tr("Production: open read-only; writing asks for the account id"))
        form = QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Profile"), self.profile)
        form.addRow(self.tr("Region"), self.region)
        form.addRow(self.tr("Endpoint URL"), self.endpoint)
        form.addRow("", self.cleartext_note)
        form.addRow("", self.cleartext)
        form.addRow("", self.read_only)
        form.addRow("", self.production)  # issue 25 (H7)
        note = plain_label(QLabel(
            self.tr("Only names, profiles, regions and endpoints are saved; never keys or "
                      "tokens.")))
        note.setObjectName("secrets-note")
        note.setWordWrap(True)
        set_role(note, "hint")  # a hint, not greyed as disabled: the one sentence about secrets
        form.addRow(note)
        self.message = plain_label(QLabel())
        self.message.setWordWrap(True)
        set_role(self.message, "error")  # styled per theme
        form.addRow(self.message)
        self.save_button = QPushButton(self.tr("Save"))
        self.delete_button = QPushButton(self.tr("Delete"))
        self.new_button = QPushButton(self.tr("New"))
        row = QHBoxLayout()
        for b in (self.new_button, self.save_button, self.delete_button):
            row.addWidget(b)
        row.addStretch(1)
        right = QVBoxLayout()
        right.addLayout(form)
        right.addLayout(row)
        right.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.list)
        body.addLayout(right, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.connect_button = buttons.addButton(self.tr("Connect"), QDialogButtonBox.ButtonRole.AcceptRole)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(buttons)
        self.connect_button.setDefault(True)  # once in the dialog: before, Qt made "New" the default
        buttons.rejected.connect(self.reject)
        self.connect_button.clicked.connect(self._connect)
        self.save_button.clicked.connect(self._save)
        self.delete_button.clicked.connect(self._delete)
        delete_key = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.list, self._delete)
        delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)  # Del in the fields edits text
        self.new_button.clicked.connect(self._new)
        self.list.currentRowChanged.connect(self._load)
        self.endpoint.textChanged.connect(self._endpoint_changed)
        # An empty field: the profile's (or the environment's) endpoint is the one used.
        self.profile.currentTextChanged.connect(lambda _t: self._endpoint_changed(self.endpoint.text()))
        self._endpoint_changed("")
        self.list.itemDoubleClicked.connect(lambda _i: self._connect())

    def _refresh(self, select: str | None = None) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItem(QCoreApplication.translate("window.connection_dialog", DEMO_ENTRY))
        for spec in self.specs:
            self.list.addItem(spec.name + (" (production)" if spec.production else  # issue 25 (H7)
                                           " (read-only)" if spec.read_only else ""))
        self.list.blockSignals(False)
        row = next((i + 1 for i, s in enumerate(self.specs) if s.name == select), 0)
        self.list.setCurrentRow(row)
        self._load(row)

    def _load(self, row: int) -> None:
        if row < 0 or row > len(self.specs):
            return  # nothing selected: the form is a new connection
        is_demo = row == 0
        for w in (self.name, self.profile, self.region, self.endpoint):
            w.setEnabled(not is_demo)
        self.save_button.setEnabled(not is_demo)
        self.delete_button.setEnabled(not is_demo and row > 0)
        if is_demo:
            self.name.setText(self.tr("Demo"))
            self.profile.setCurrentText("")
            self.region.setText("us-east-1")
            self.endpoint.setText(self.tr("(started inside the app)"))
            return
        spec = self.specs[row - 1]
        self.name.setText(spec.name)
        self.profile.setCurrentText(spec.profile or "")
        self.region.setText(spec.region or "")
        self.endpoint.setText(spec.endpoint_url or "")
        self.read_only.setChecked(spec.read_only)
        self.production.setChecked(spec.production)  # issue 25 (H7)
        # The consent saved with it holds for the host it was given for, no other.
        self.cleartext.setChecked(self._cleartext_for is not None
                                  and spec.cleartext_host == self._cleartext_for)

    def _new(self) -> None:
        self.list.setCurrentRow(-1)
        for w in (self.name, self.profile, self.region, self.endpoint):
            w.setEnabled(True)
        self.save_button.setEnabled(True)
        self.name.setText("")
        self.profile.setCurrentText("")
        self.region.setText("")
        self.endpoint.setText("")
        self.read_only.setChecked(False)
        self.production.setChecked(False)  # issue 25 (H7)
        self.cleartext.setChecked(False)
        self.name.setFocus()

    def _endpoint_changed(self, text: str) -> None:
        """The warning at the endpoint field while the endpoint used is http:// to another machine
        (the core's judgement: loopback is not warned about): the field's URL, or when it is
        empty the one the profile or the environment sets (AWS_ENDPOINT_URL...), named with
        where it is set. A tick given for one host never carries over to another: changing the
        host unticks it."""
        url = text.strip()
        found = None if url or not self.profile.isEnabled() else resolved_endpoint(
            None, self.profile.currentText().strip() or None)
        if found is not None:
            url = found[0]
        host = endpoint_host(url) if is_cleartext(url) else None
        if host != self._cleartext_for:
            self.cleartext.setChecked(False)
        self._cleartext_for = host
        self._cleartext_source = found[1] if found is not None and host else None
        self._cleartext_url = url
        note = self.tr(
            "Requests to {host} travel unencrypted (http://): anyone on the network between can "
            "read the items and, when AWS keys sign them, the access key id and session token, and "
            "can send a captured request again for minutes. Use https:// if the host has it."
        ).format(host=host) if host else ""
        if self._cleartext_source:
            note = self.tr("{source} is {url}. ").format(source=self._cleartext_source,
                                                         url=redact_url(url)) + note
        self.cleartext_note.setText(note)
        self.cleartext_note.setVisible(host is not None)
        self.cleartext.setVisible(host is not None)

    def form_spec(self) -> ConnectionSpec | None:
        """The spec in the form, or None with the faulty field marked."""
        for w in (self.name, self.profile, self.region, self.endpoint):
            mark_refused(w, False)
        self.message.clear()
        name = self.name.text().strip()
        if not name:
            self._invalid(self.name, self.tr("Give the connection a name."))
            return None
        endpoint = self.endpoint.text().strip() or None
        if endpoint and not endpoint.lower().startswith(("http://", "https://")):
            self._invalid(self.endpoint, self.tr("The endpoint URL must start with http:// or "
                                                 "https://, e.g. http://localhost:8000."))
            return None
        spec = ConnectionSpec(name=name, profile=self.profile.currentText().strip() or None,
                              region=self.region.text().strip() or None, endpoint_url=endpoint,
                              read_only=self.read_only.isChecked(),
                              production=self.production.isChecked(),  # issue 25 (H7)
                              cleartext_host=self._cleartext_for if self.cleartext.isChecked()
                              else None)
        try:  # what connecting would refuse (a port out of range, AWS over http://, a bad region)
            validate_spec(spec)
        except ConnectionSpecError as exc:
            self._invalid(self.region if exc.field == "region" else self.endpoint, exc.message)
            return None
        return spec

    def _invalid(self, widget: QWidget, message: str) -> None:
        mark_refused(widget)
        widget.setFocus()
        self.message.setText(message)

    def _save(self) -> None:
        spec = self.form_spec()
        if spec is None:
            return
        row = self.list.currentRow()
        edited = self.specs[row - 1].name if 0 < row <= len(self.specs) else None
        other = next((s for s in self.specs if s.name == spec.name), None)
        if other is not None and other.name != edited:
            # settings.save_connection drops the entry of that name: another connection (perhaps a
            # production one) would be gone without a word.
            self._ask_replace(other, spec)
            return
        self._store(spec)

    def _ask_replace(self, old: ConnectionSpec, spec: ConnectionSpec) -> None:
        """Replace / Cancel before ``old`` is overwritten by ``spec``; Enter and Escape cancel."""
        lost = [self.tr("Its profile, region and endpoint are replaced by the ones in this form.")]
        if old.production and not spec.production:
            lost.append(self.tr("It is a production connection: it would no longer open read-only, "
                                "nor ask for the account id before a write."))
        elif old.read_only and not (spec.read_only or spec.production):
            lost.append(self.tr("It is a read-only connection: it would accept writes."))
        lost.append(self.tr("To keep both, cancel and give this connection another name."))
        def answered(replace: bool) -> None:
            self.replace_box = None
            if replace:
                self._store(spec)
            else:  # nothing saved: the name is the field to change
                self.name.setFocus()
                self.name.selectAll()

        self.replace_box = ask_destructive(
            self, title=self.tr("Replace saved connection?"),
            question=self.tr("Replace the saved connection “{name}”?").format(name=old.name),
            details=" ".join(lost), action=self.tr("Replace"), name="replace-connection-question",
            answered=answered)

    def _store(self, spec: ConnectionSpec) -> None:
        try:  # merged with what other windows saved meanwhile (settings.save_connection)
            self.specs, note = save_connection(spec)
        except SettingsSaveError as exc:
            self.message.setText(exc.message)
            return
        self._refresh(select=spec.name)
        if note:
            self.message.setText(note)

    def _delete(self) -> None:
        """Delete (the button, or Del in the list) asks first: nothing brings a connection back."""
        row = self.list.currentRow()
        if 0 < row <= len(self.specs):
            self._ask_delete(self.specs[row - 1])

    def _ask_delete(self, spec: ConnectionSpec) -> None:
        """Delete / Cancel, naming ``spec`` and what it points at; Enter and Escape cancel."""
        said = [self.tr("Profile: {profile}.").format(profile=spec.profile) if spec.profile
                else self.tr("Profile: none (the default credential chain)."),
                self.tr("Region: {region}.").format(region=spec.region) if spec.region
                else self.tr("Region: the profile's."),
                self.tr("Endpoint: {url}.").format(url=redact_url(spec.endpoint_url))
                if spec.endpoint_url else self.tr("Endpoint: AWS's (or the profile's).")]
        if spec.production:
            said.append(self.tr("It is a production connection."))
        elif spec.read_only:
            said.append(self.tr("It is a read-only connection."))
        said.append(self.tr("Only this saved entry goes (the profile and the tables stay); "
                            "it cannot be undone."))
        def answered(delete: bool) -> None:
            self.delete_box = None
            if not delete:
                self.list.setFocus()
                return
            try:  # by name: what other windows saved meanwhile stays (settings.delete_connection)
                self.specs = delete_connection(spec.name)
            except SettingsSaveError as exc:
                self.message.setText(exc.message)
                return
            self._refresh()

        self.delete_box = ask_destructive(
            self, title=self.tr("Delete saved connection?"),
            question=self.tr("Delete the saved connection “{name}”?").format(name=spec.name),
            details=" ".join(said), action=self.tr("Delete"), name="delete-connection-question",
            answered=answered)

    def _connect(self) -> None:
        row = self.list.currentRow()
        if row == 0:
            self.demo_chosen = True
            self.chosen = None
            # Production opens the demo read-only too, as the CLI's ``--demo --production`` does.
            self.demo_read_only = self.read_only.isChecked() or self.production.isChecked()
            self.accept()
            return
        self._endpoint_changed(self.endpoint.text())  # the AWS config may have changed since
        spec = self.form_spec()
        if spec is None:
            return
        if self._cleartext_for is not None and spec.cleartext_host != self._cleartext_for:
            # Refused until consented to: a careful tool does not send a table's items readable
            # on one click; once ticked (and saved), this connection is not asked again. The
            # profile's field is the one at fault when the endpoint is the profile's.
            field = self.profile if self._cleartext_source else self.endpoint
            where = self.tr("{source} is {url}. ").format(
                source=self._cleartext_source, url=redact_url(self._cleartext_url)) \
                if self._cleartext_source else ""
            self._invalid(field, where + self.tr(
                "Requests to {host} would travel unencrypted: use https://, or tick “Send in clear "
                "text” below the field to connect anyway (Save keeps that choice for this "
                "connection).").format(host=self._cleartext_for))
            return
        self.chosen = replace(spec)
        self.accept()


def ask_cleartext(parent: QWidget, refused: CleartextNotAgreed, *, agreed: Callable[[], None],
                  declined: Callable[[], None]) -> QMessageBox:
    """The connection dialog's "Send in clear text" asked of a connection the window opens
    without it (start-up, reconnect, a recent connection): the sentence names the endpoint and
    where it is set; ``agreed`` or ``declined`` runs when it is answered. Opened already."""
    title = QCoreApplication.translate("window.connection_dialog", "Send in clear text?")
    box = QMessageBox(QMessageBox.Icon.Warning, title, refused.message,
                      QMessageBox.StandardButton.NoButton, parent)
    plain_label(box)  # the sentence quotes a URL from the AWS config
    box.setObjectName("cleartext-question")
    yes = box.addButton(QCoreApplication.translate(
        "window.connection_dialog", "Send in clear text (http://) to {host}").format(host=refused.host),
        QMessageBox.ButtonRole.AcceptRole)
    no = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(no)  # the safe answer is the one Enter gives
    box.setEscapeButton(no)
    box.finished.connect(lambda _r: agreed() if box.clickedButton() is yes else declined())
    box.finished.connect(box.deleteLater)
    box.open()
    return box
