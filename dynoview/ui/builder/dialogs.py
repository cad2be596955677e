"""Builder dialogs: confirmation, import, export and the action log (their JSON coloured by
``json_highlighter``)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.preflight.check import NOT_ATOMIC_NOTE, Preflight
from dynoview.core.tx.confirmation import ConfirmationRequirement
from dynoview.core.tx.model import Transaction, TransactionImportError, import_text
from dynoview.ui.accessible import labelled, tab_leaves
from dynoview.ui.builder.preflight_view import OverrideDialog, preflight_warnings, warning_line
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.json_highlighter import JsonHighlighter
from dynoview.ui.json_text import raw_text
from dynoview.ui.plain_text import plain_label
from dynoview.ui.row_select import select_only_row
from dynoview.ui.themed import set_role

CREDENTIALS_NOTE = (QT_TRANSLATE_NOOP(
    "builder.dialogs", "Uses the default credential chain (environment, profile, SSO or role); "
                    "no credentials are included."))



def restyle(widget: QWidget, role: str) -> None:
    """Switch a label between the theme's "error" and "hint" styles."""
    set_role(widget, role)


def code_view(text: str, name: str = "") -> QPlainTextEdit:
    """A read-only code box; ``name`` is what a screen reader calls it."""
    view = QPlainTextEdit(text)
    view.setAccessibleName(name)
    view.setReadOnly(True)
    view.setFont(QFont("monospace"))
    return view


class ConfirmDialog(QDialog):
    """Shows the exact request and the connection; on remote endpoints asks for the table name."""

    def __init__(self, requirement: ConfirmationRequirement, preview: str,
                 parent: QWidget | None = None, preflight: Preflight | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Execute transaction"))
        self.requirement = requirement
        layout = QVBoxLayout(self)
        layout.addWidget(plain_label(QLabel(self.tr(
            "Connection: {connection}").format(connection=requirement.connection))))
        layout.addWidget(plain_label(QLabel(requirement.message)))
        view = code_view(preview, self.tr("Request to send"))
        view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._highlighter = JsonHighlighter(view.document())
        layout.addWidget(view, 3)
        if preflight is not None and preflight.checked:
            # The warnings the user confirmed stay in view up to the send.
            warned = [warning_line(w) for w in preflight_warnings(preflight)]
            after = plain_label(QLabel(
                "\n".join([preflight.summary(), *preflight.lines(), *warned, NOT_ATOMIC_NOTE])))
            after.setWordWrap(True)
            after.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(after)
        self.typed = QLineEdit()
        if requirement.type_to_confirm is not None:
            self.typed.setPlaceholderText(requirement.type_to_confirm)
            layout.addWidget(labelled(plain_label(QLabel(self.tr(
                "Type {type_to_confirm} to confirm:").format(
                    type_to_confirm=requirement.type_to_confirm))), self.typed))
            layout.addWidget(self.typed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.execute_button = self.buttons.addButton(self.tr(
            "Execute"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.typed.textChanged.connect(self._update)
        self._update()
        self.resize(720, 480)

    def _update(self) -> None:
        need = self.requirement.type_to_confirm
        self.execute_button.setEnabled(need is None or self.typed.text().strip() == need)

    def confirmation(self) -> str | bool:
        """What to pass to execute_transaction as the user's confirmation."""
        return self.typed.text().strip() if self.requirement.type_to_confirm is not None else True


def close_question(dialog: QDialog | None) -> None:
    """Close a confirmation or an override still open once the send no longer asks it (the
    connection changed under it): a click there would answer for another connection. Closed
    as cancelled, it changes nothing."""
    if isinstance(dialog, (ConfirmDialog, OverrideDialog)) and dialog.isVisible():
        dialog.reject()


class ImportDialog(QDialog):
    """Paste a TransactWriteItems JSON; problems are listed with their action and field."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import TransactWriteItems JSON"))
        self.transaction: Transaction | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(plain_label(QLabel(self.tr(
            'Paste {"TransactItems": [...], "ClientRequestToken": "..."} or the bare '
                                "list (DynamoDB JSON, binary as base64), as the AWS CLI and console "
                                "write it."))))
        self.text = QPlainTextEdit()
        self.text.setAccessibleName(self.tr("TransactWriteItems JSON"))
        self.text.setFont(QFont("monospace"))
        self._highlighter = JsonHighlighter(self.text.document())
        layout.addWidget(self.text)
        self.problems = plain_label(QLabel())
        self.problems.setWordWrap(True)
        layout.addWidget(self.problems)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel)
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(720, 480)

    def try_accept(self) -> None:
        try:
            # As written: toPlainText would turn a no-break space in a value into a space.
            self.transaction = import_text(raw_text(self.text))
        except TransactionImportError as exc:
            self.problems.setText("\n".join(f"{p.location()}: {p.message}" for p in exc.problems))
            return
        self.accept()


class ExportDialog(QDialog):
    """Shows exported code with a copy button (and the CLI's file content)."""

    def __init__(self, title: str, code: str, file_name: str | None = None,
                 file_content: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        layout.addWidget(plain_label(QLabel(QCoreApplication.translate("builder.dialogs", CREDENTIALS_NOTE))))
        self.code = code_view(code, title)
        layout.addWidget(self.code)
        copy = QPushButton(self.tr("Copy"))
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(code))
        row = QHBoxLayout()
        row.addWidget(copy)
        if file_name is not None and file_content is not None:
            layout.addWidget(plain_label(QLabel(
                self.tr("Content of {file_name}:").format(file_name=file_name))))
            self.file = code_view(file_content, self.tr("Content of {file_name}").format(file_name=file_name))
            self._highlighter = JsonHighlighter(self.file.document())
            layout.addWidget(self.file)
            copy_file = QPushButton(self.tr("Copy {file_name}").format(file_name=file_name))
            copy_file.clicked.connect(lambda: QGuiApplication.clipboard().setText(file_content))
            row.addWidget(copy_file)
        row.addStretch(1)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.accept)
        row.addWidget(close)
        layout.addLayout(row)
        self.resize(760, 520)


class ActionLogDialog(QDialog):
    """Lists the action log (newest first); selecting an entry shows it in full."""

    COLUMNS = ("Time", "Connection", "Endpoint", "Token", "Outcome")

    def __init__(self, entries: list[dict[str, Any]], path: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Action log"))
        self.entries = list(reversed(entries))
        layout = QVBoxLayout(self)
        heading = plain_label(QLabel(self.tr(
            "{entries_count} transactions sent, logged in {path}").format(
                entries_count=len(entries), path=path)))
        heading.setWordWrap(True)
        heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(heading)
        self.table = tab_leaves(QTableWidget(len(self.entries), len(self.COLUMNS)))
        self.table.setAccessibleName(self.tr("Transactions sent"))
        self.table.setHorizontalHeaderLabels(self.COLUMNS)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        for row, entry in enumerate(self.entries):
            conn = entry.get("connection") or {}
            outcome = entry.get("outcome") or {}
            cells = (entry.get("time", ""), conn.get("name", ""), conn.get("endpoint") or "",
                     entry.get("token", ""), outcome.get("status", ""))
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(str(text)))
        self.detail = code_view("", self.tr("Selected transaction"))
        self._highlighter = JsonHighlighter(self.detail.document())
        self.table.resizeColumnsToContents()
        split = QSplitter()
        split.addWidget(self.table)
        split.addWidget(self.detail)
        split.setSizes([560, 400])
        # The list takes the height (it had half, the heading the other half).
        layout.addWidget(split, 1)
        self.table.currentCellChanged.connect(lambda row, *_: self.show_entry(row))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(960, 520)
        if self.entries:
            select_only_row(self.table, 0)

    def show_entry(self, row: int) -> None:
        if 0 <= row < len(self.entries):
            self.detail.setPlainText(json.dumps(self.entries[row], indent=2, ensure_ascii=False))
