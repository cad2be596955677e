""""Copy as code…" for a read: a read log entry or the Items view's query as boto3 (Python), an
AWS CLI command or the AWS SDK for JavaScript v3, chosen from a list, with Copy and Save….

The code comes from ``dynoview.core.codegen.reads`` for the connection's region and endpoint;
this dialog never decides what it says. A read that cannot be exported (a BatchGetItem, a
request the API refuses) shows the core's sentence instead, with Copy and Save… off.

Hooks: the read log's context menu opens ``ReadCodeDialog.for_receipt(receipt, ctx, parent)``;
the Items view's "Copy as code…" opens ``ReadCodeDialog(operation, request, ctx, parent)`` with
its ``browse.build_request`` pair.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox, QDialog, QHBoxLayout, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from dynoview.core.codegen.model import CodegenError
from dynoview.core.codegen.read_request import ReadRequest, read_request
from dynoview.core.codegen.reads import AWS_CLI, JAVASCRIPT, PYTHON, SUFFIXES, read_code
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.ui.builder.dialogs import CREDENTIALS_NOTE, code_view
from dynoview.ui.codegen.code_actions import CodeActions
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label

#: The chooser's entries, in order: each language and which SDK or tool it uses.
TITLES = {PYTHON: "Python (boto3)", AWS_CLI: "AWS CLI (POSIX shell)",
          JAVASCRIPT: "JavaScript (AWS SDK v3)"}
FILTERS = {PYTHON: "Python files (*.py)", AWS_CLI: "Shell scripts (*.sh)",
           JAVASCRIPT: "JavaScript modules (*.mjs)"}
READS_NOTE = (QT_TRANSLATE_NOOP(
    "codegen.read_code_dialog", "The code sends the same request, reads every page and prints the items; it "
              "writes nothing."))


def _target(ctx: AppContext | None) -> tuple[str | None, str | None]:
    conn = ctx.connection if ctx is not None else None
    return (conn.region, conn.spec.endpoint_url) if conn is not None else (None, None)


class ReadCodeDialog(QDialog):
    """One read as code: the language chooser, the code, Copy and Save…."""

    def __init__(self, operation: str, request: Mapping[str, Any], ctx: AppContext | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("{operation} as code").format(operation=operation))
        self.region, self.endpoint_url = _target(ctx)
        self.read: ReadRequest | None = None
        self.codes: dict[str, str] = {}
        layout = QVBoxLayout(self)
        note = plain_label(QLabel(
            " ".join((QCoreApplication.translate("codegen.read_code_dialog", READS_NOTE),
                                 QCoreApplication.translate("builder.dialogs", CREDENTIALS_NOTE)))))
        note.setWordWrap(True)
        layout.addWidget(note)
        row = QHBoxLayout()
        label = plain_label(QLabel(self.tr("&Language:")))
        self.chooser = QComboBox()
        self.chooser.setObjectName("read-code-language")
        for lang, title in TITLES.items():
            self.chooser.addItem(title, lang)
        label.setBuddy(self.chooser)
        row.addWidget(label)
        row.addWidget(self.chooser)
        row.addStretch(1)
        layout.addLayout(row)
        self.view: QPlainTextEdit = code_view("", "Code")
        self.view.setObjectName("read-code-view")
        self.view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # code keeps its lines
        self.view.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                          | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        layout.addWidget(self.view, 1)
        actions = self.code_actions = CodeActions(
            self, self, titles=TITLES, filters=FILTERS, file_name=self.file_name,
            copy_tip=self.tr("Copy the code shown to the clipboard"),
            save_tip=self.tr("Save the code shown to a file"), status_name="read-code-status")
        layout.addWidget(actions)
        self.status, self.copy_button, self.save_button, self.save_to = (
            actions.status, actions.copy_button, actions.save_button, actions.save_to)
        self.resize(820, 600)
        try:
            self.read = read_request(operation, request)
        except CodegenError as exc:
            self._refuse(str(exc))
        self.chooser.currentIndexChanged.connect(lambda _i: self.show_language())
        self.show_language()

    @classmethod
    def for_receipt(cls, receipt: ReadReceipt, ctx: AppContext | None = None,
                    parent: QWidget | None = None) -> ReadCodeDialog:
        """The dialog for a read log entry (its operation and logged request)."""
        return cls(receipt.operation, receipt.request, ctx, parent)

    def _refuse(self, sentence: str) -> None:
        self.view.setPlainText("")
        self.code_actions.show_status(sentence, "error")
        self.code_actions.set_enabled(False)

    def language(self) -> str:
        return str(self.chooser.currentData())

    def code_of(self, lang: str) -> str | None:
        return self._make(lang)

    def show_language(self) -> None:
        """Show the chosen language's code (made once, on first choice)."""
        if self.read is None:
            return
        code = self._make(self.language())
        if code is None:
            return
        self.view.setPlainText(code)
        self.code_actions.set_enabled(True)
        self.code_actions.show_status("")

    def _make(self, lang: str) -> str | None:
        """The code in ``lang`` (made once); None, with the sentence shown, when it cannot be."""
        if self.read is None:
            return None
        if lang not in self.codes:
            try:
                self.codes[lang] = read_code(self.read, lang, region=self.region,
                                             endpoint_url=self.endpoint_url)
            except CodegenError as exc:  # e.g. an integer JavaScript cannot hold exactly
                self._refuse(str(exc))
                return None
        return self.codes[lang]

    def file_name(self, lang: str) -> str:
        table = str((self.read.params.get("TableName") if self.read else None) or "read")
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in table)
        operation = self.read.operation.lower() if self.read else "read"
        return f"{stem}_{operation}{SUFFIXES[lang]}"
