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
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.codegen.model import CodegenError
from dynoview.core.codegen.read_request import ReadRequest, read_request
from dynoview.core.codegen.reads import AWS_CLI, JAVASCRIPT, PYTHON, SUFFIXES, read_code
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.ui.builder.dialogs import CREDENTIALS_NOTE, code_view, restyle
from dynoview.ui.context import AppContext

#: The chooser's entries, in order: each language and which SDK or tool it uses.
TITLES = {PYTHON: "Python (boto3)", AWS_CLI: "AWS CLI (POSIX shell)",
          JAVASCRIPT: "JavaScript (AWS SDK v3)"}
FILTERS = {PYTHON: "Python files (*.py)", AWS_CLI: "Shell scripts (*.sh)",
           JAVASCRIPT: "JavaScript modules (*.mjs)"}
READS_NOTE = ("The code sends the same request, reads every page and prints the items; it "
              "writes nothing.")


def _target(ctx: AppContext | None) -> tuple[str | None, str | None]:
    conn = ctx.connection if ctx is not None else None
    return (conn.region, conn.spec.endpoint_url) if conn is not None else (None, None)


class ReadCodeDialog(QDialog):
    """One read as code: the language chooser, the code, Copy and Save…."""

    def __init__(self, operation: str, request: Mapping[str, Any], ctx: AppContext | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{operation} as code")
        self.region, self.endpoint_url = _target(ctx)
        self.read: ReadRequest | None = None
        self.codes: dict[str, str] = {}
        self.file_dialog: QFileDialog | None = None  # kept alive while it is open
        layout = QVBoxLayout(self)
        note = QLabel(f"{READS_NOTE} {CREDENTIALS_NOTE}")
        note.setWordWrap(True)
        layout.addWidget(note)
        row = QHBoxLayout()
        label = QLabel("&Language:")
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
        self.status = QLabel("")  # what Copy or Save did, or why there is no code
        self.status.setObjectName("read-code-status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.hide()
        layout.addWidget(self.status)
        self.copy_button = QPushButton("&Copy")
        self.copy_button.setToolTip("Copy the code shown to the clipboard")
        self.copy_button.clicked.connect(self.copy)
        self.save_button = QPushButton("&Save…")
        self.save_button.setToolTip("Save the code shown to a file")
        self.save_button.clicked.connect(self.ask_save)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        close.setDefault(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addLayout(buttons)
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
        self.show_status(sentence, "error")
        for widget in (self.copy_button, self.save_button):
            widget.setEnabled(False)

    def language(self) -> str:
        return str(self.chooser.currentData())

    def code(self) -> str:
        return self.codes.get(self.language(), "")

    def show_language(self) -> None:
        """Show the chosen language's code (made once, on first choice)."""
        if self.read is None:
            return
        code = self._make(self.language())
        if code is None:
            return
        self.view.setPlainText(code)
        for widget in (self.copy_button, self.save_button):
            widget.setEnabled(True)
        self.show_status("")

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

    def show_status(self, text: str, role: str = "hint") -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        restyle(self.status, role)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.code())
        self.show_status(f"Copied the {TITLES[self.language()]} code.")

    def file_name(self, lang: str) -> str:
        table = str((self.read.params.get("TableName") if self.read else None) or "read")
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in table)
        operation = self.read.operation.lower() if self.read else "read"
        return f"{stem}_{operation}{SUFFIXES[lang]}"

    def ask_save(self) -> None:
        """Ask where to save the code shown (``open()``, no nested loop)."""
        lang = self.language()
        dialog = QFileDialog(self, f"Save the {TITLES[lang]} code",
                             str(Path.home() / self.file_name(lang)))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter(FILTERS[lang])
        dialog.setDefaultSuffix(SUFFIXES[lang].lstrip("."))
        dialog.fileSelected.connect(lambda path: self.save_to(path, lang))
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.file_dialog = dialog
        dialog.open()

    def save_to(self, path: str, lang: str | None = None) -> bool:
        """Write one language's code (the one shown by default) to ``path``; the outcome is
        shown under the code."""
        self.file_dialog = None
        lang = lang or self.language()
        code = self._make(lang)
        if code is None:
            return False
        try:
            Path(path).write_text(code, encoding="utf-8", newline="\n")
        except OSError as exc:
            self.show_status(f"Could not save {path}: {exc.strerror or exc}. Choose another "
                             "folder or file name.", "error")
            return False
        self.show_status(f"Saved the {TITLES[lang]} code to {path}.")
        return True
