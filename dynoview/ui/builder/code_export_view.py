""""Export as code" for a template form: the form's one template as a Python (boto3) and a
TypeScript (SDK v3) module, each with an ``example()`` sending the form's values, shown in
one tab per language with Copy and Save….

The code comes from ``dynoview.core.codegen`` (imported on the first export, like this
module: the forms open without them). A value the code cannot be made from is an
``InputError`` whose sentence the form shows beside its button; this module never decides
what the code says.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRegularExpression, Qt
from PySide6.QtGui import QGuiApplication, QShowEvent, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.dialogs import CREDENTIALS_NOTE, code_view, restyle
from dynoview.ui.context import AppContext

PYTHON = "python"  # the codegen's language names (LANGUAGES), without loading it first
TYPESCRIPT = "typescript"
# Tab titles, in the order shown (the codegen names the languages; these say which SDK).
TITLES = {PYTHON: "Python (boto3)", TYPESCRIPT: "TypeScript (SDK v3)"}
FILTERS = {PYTHON: "Python files (*.py)", TYPESCRIPT: "TypeScript files (*.ts)"}
# Where the example sending the form's values starts, in either language.
EXAMPLE = QRegularExpression(r"^(def|export async function) example\(",
                             QRegularExpression.PatternOption.MultilineOption)
SENDS_NOTE = ("example() sends this form's transaction to the table with a new token: the same "
              "guarded write the builder would execute. Running the Python file calls it; the "
              "TypeScript module exports it (await example()).")


def connection_target(form: QObject) -> tuple[str | None, str | None]:
    """(region, endpoint URL) of the connection the form was opened on: the window's context
    held by the panel that opened it (the builder or the Accounts & locks panel). A form
    opened without one (no connection yet) exports code for the default region."""
    obj = form.parent()
    while obj is not None:
        ctx = getattr(obj, "ctx", None)
        if isinstance(ctx, AppContext):
            conn = ctx.connection
            return (conn.region, conn.spec.endpoint_url) if conn is not None else (None, None)
        obj = obj.parent()
    return None, None


def file_name(template: str, lang: str) -> str:
    """``sign_up.py`` / ``signUp.ts``: the template's name in each language's spelling."""
    words = template.split("_")
    if lang == PYTHON:
        return "_".join(words) + ".py"
    return words[0] + "".join(w.capitalize() for w in words[1:]) + ".ts"


def template_codes(schema: UniquenessSchema, table: str, template: str, values: Mapping[str, Any],
                   region: str | None, endpoint_url: str | None) -> dict[str, str]:
    """The code of the form in each language (raises ``CodegenError`` with a sentence)."""
    from dynoview.core.codegen import template_code

    return {lang: template_code(schema, table, template, values, lang=lang, region=region,
                                endpoint_url=endpoint_url) for lang in TITLES}


class CodeExportDialog(QDialog):
    """The exported code, one read-only tab per language; Copy and Save… act on the tab shown."""

    def __init__(self, title: str, codes: Mapping[str, str], names: Mapping[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.codes = dict(codes)
        self.names = dict(names)
        self.file_dialog: QFileDialog | None = None  # kept alive while it is open
        layout = QVBoxLayout(self)
        note = QLabel(f"{SENDS_NOTE} {CREDENTIALS_NOTE}")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.status = QLabel("")  # what Copy or Save did, under the code
        self.status.setWordWrap(True)
        self.status.setObjectName("code-export-status")
        self.tabs = QTabWidget()
        self.views: dict[str, QPlainTextEdit] = {}
        for lang, code in self.codes.items():
            view = code_view(code, f"{TITLES.get(lang, lang)} code")
            view.setObjectName(f"code-{lang}")
            view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # code keeps its lines
            # Keys move, scroll and select in the code too (read-only views take mouse only).
            view.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                         | Qt.TextInteractionFlag.TextSelectableByKeyboard)
            self.views[lang] = view
            self.tabs.addTab(view, TITLES.get(lang, lang))
        self.tabs.currentChanged.connect(lambda _i: self.show_status(""))
        layout.addWidget(self.tabs, 1)
        self.status.hide()
        layout.addWidget(self.status)
        self.copy_button = QPushButton("&Copy")
        self.copy_button.setToolTip("Copy the code of the tab shown to the clipboard")
        self.copy_button.clicked.connect(self.copy)
        self.save_button = QPushButton("&Save…")
        self.save_button.setToolTip("Save the code of the tab shown to a file")
        self.save_button.clicked.connect(self.ask_save)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        close.setDefault(True)
        row = QHBoxLayout()
        row.addWidget(self.copy_button)
        row.addWidget(self.save_button)
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)
        self.resize(860, 620)
        self._scrolled = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._scrolled:  # once: the view has its height only now
            self._scrolled = True
            for view in self.views.values():
                show_example(view)

    def show_status(self, text: str, role: str = "hint") -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        restyle(self.status, role)

    def language(self) -> str:
        return list(self.codes)[self.tabs.currentIndex()]

    def code(self) -> str:
        return self.codes[self.language()]

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.code())
        self.show_status(f"Copied the {TITLES[self.language()]} code.")

    def ask_save(self) -> None:
        """Ask where to save the tab's code (``open()``, no nested loop)."""
        lang = self.language()
        dialog = QFileDialog(self, f"Save the {TITLES[lang]} code", str(Path.home() / self.names[lang]))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter(FILTERS[lang])
        dialog.setDefaultSuffix(Path(self.names[lang]).suffix.lstrip("."))
        dialog.fileSelected.connect(lambda path: self.save_to(path, lang))
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.file_dialog = dialog
        dialog.open()

    def save_to(self, path: str, lang: str | None = None) -> bool:
        """Write one language's code (the tab shown by default) to ``path``; the outcome is
        shown under the code."""
        self.file_dialog = None
        lang = lang or self.language()
        try:
            Path(path).write_text(self.codes[lang], encoding="utf-8", newline="\n")
        except OSError as exc:
            self.show_status(f"Could not save {path}: {exc.strerror or exc}. Choose another "
                             "folder or file name.", "error")
            return False
        self.show_status(f"Saved the {TITLES[lang]} code to {path}.")
        return True


def show_example(view: QPlainTextEdit) -> None:
    """Scroll to the example, the part made from the form's values (it ends the module): its
    first line at the top, the functions above it a scroll away."""
    found = view.document().find(EXAMPLE)
    if found.isNull():
        return
    view.moveCursor(QTextCursor.MoveOperation.End)
    found.movePosition(QTextCursor.MoveOperation.StartOfBlock)
    view.setTextCursor(found)
