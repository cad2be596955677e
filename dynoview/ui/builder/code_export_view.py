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
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRegularExpression, Qt
from PySide6.QtGui import QShowEvent, QTextCursor
from PySide6.QtWidgets import QDialog, QLabel, QPlainTextEdit, QTabWidget, QVBoxLayout, QWidget

from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.dialogs import CREDENTIALS_NOTE, code_view
from dynoview.ui.builder.editing import tables_of
from dynoview.ui.codegen.code_actions import CodeActions
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label

PYTHON = "python"  # the codegen's language names (LANGUAGES), without loading it first
TYPESCRIPT = "typescript"
# Tab titles, in the order shown (the codegen names the languages; these say which SDK).
TITLES = {PYTHON: "Python (boto3)", TYPESCRIPT: "TypeScript (SDK v3)"}
FILTERS = {PYTHON: "Python files (*.py)", TYPESCRIPT: "TypeScript files (*.ts)"}
# Where the example sending the form's values starts, in either language.
EXAMPLE = QRegularExpression(r"^(def|export async function) example\(",
                             QRegularExpression.PatternOption.MultilineOption)
#: Shown above the code, translated there (lupdate reads the literal context).
SENDS_NOTE = QT_TRANSLATE_NOOP(
    "builder.code_export_view",
    "example() sends this form's transaction to the table with a new token: the same guarded "
    "write the builder would execute. Running the Python file calls it; the TypeScript module "
    "exports it (await example()).")


def _context(form: QObject) -> AppContext | None:
    """The window's context held by the panel that opened ``form`` (the builder or the
    Accounts & locks panel), or None."""
    obj = form.parent()
    while obj is not None:
        ctx = getattr(obj, "ctx", None)
        if isinstance(ctx, AppContext):
            return ctx
        obj = obj.parent()
    return None


def connection_target(form: QObject) -> tuple[str | None, str | None]:
    """(region, endpoint URL) of the connection the form was opened on. A form opened without
    one (no connection yet) exports code for the default region."""
    ctx = _context(form)
    conn = ctx.connection if ctx is not None else None
    return (conn.region, conn.spec.endpoint_url) if conn is not None else (None, None)


def table_info(form: QObject, table: str) -> TableInfo | None:
    """The description of ``table`` the window holds, if it described it: its indexes say
    which values the exported code holds to an index key's size."""
    ctx = _context(form)
    return tables_of(ctx).get(table) if ctx is not None else None


def file_name(template: str, lang: str) -> str:
    """``sign_up.py`` / ``signUp.ts``: the template's name in each language's spelling."""
    words = template.split("_")
    if lang == PYTHON:
        return "_".join(words) + ".py"
    return words[0] + "".join(w.capitalize() for w in words[1:]) + ".ts"


def template_codes(schema: UniquenessSchema, table: str, template: str, values: Mapping[str, Any],
                   region: str | None, endpoint_url: str | None,
                   info: TableInfo | None = None) -> dict[str, str]:
    """The code of the form in each language (raises ``CodegenError`` with a sentence)."""
    from dynoview.core.codegen import template_code

    return {lang: template_code(schema, table, template, values, lang=lang, region=region,
                                endpoint_url=endpoint_url, info=info) for lang in TITLES}


class CodeExportDialog(QDialog):
    """The exported code, one read-only tab per language; Copy and Save… act on the tab shown."""

    def __init__(self, title: str, codes: Mapping[str, str], names: Mapping[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.codes = dict(codes)
        self.names = dict(names)
        layout = QVBoxLayout(self)
        note = plain_label(QLabel(
            " ".join((QCoreApplication.translate("builder.code_export_view", SENDS_NOTE),
                                 QCoreApplication.translate("builder.dialogs", CREDENTIALS_NOTE)))))
        note.setWordWrap(True)
        layout.addWidget(note)
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
        layout.addWidget(self.tabs, 1)
        actions = self.code_actions = CodeActions(
            self, self, titles=TITLES, filters=FILTERS, file_name=self.names.__getitem__,
            copy_tip=self.tr("Copy the code of the tab shown to the clipboard"),
            save_tip=self.tr("Save the code of the tab shown to a file"), status_name="code-export-status")
        layout.addWidget(actions)
        self.status, self.copy_button, self.save_button, self.save_to = (
            actions.status, actions.copy_button, actions.save_button, actions.save_to)
        self.tabs.currentChanged.connect(lambda _i: actions.show_status(""))
        self.resize(860, 620)
        self._scrolled = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._scrolled:  # once: the view has its height only now
            self._scrolled = True
            for view in self.views.values():
                show_example(view)

    def language(self) -> str:
        return list(self.codes)[self.tabs.currentIndex()]

    def code_of(self, lang: str) -> str | None:
        return self.codes[lang]


def show_example(view: QPlainTextEdit) -> None:
    """Scroll to the example, the part made from the form's values (it ends the module): its
    first line at the top, the functions above it a scroll away."""
    found = view.document().find(EXAMPLE)
    if found.isNull():
        return
    view.moveCursor(QTextCursor.MoveOperation.End)
    found.movePosition(QTextCursor.MoveOperation.StartOfBlock)
    view.setTextCursor(found)
