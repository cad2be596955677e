"""The editors of a set, a list and a map cell: a set one member per line; a list or a map as
JSON (DynamoDB JSON or plain) beside the tree it makes, redrawn as it is typed; a string or a
binary value too long for the cell's line on several lines. "Stage" hands the text to the
staging, which parses it as the cell editor's text is parsed; a refusal is shown in the dialog,
which stays open.

Opened from a connected window, what is typed is kept as Edit as JSON…'s text is
(``ui.kept_text``, per item and attribute): written half a second after the last change and
when the app closes around the dialog, and shown again, under a note, the next time the same
cell's editor opens. Stage and Cancel are the user's answer: nothing is kept after them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeyEvent, QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.drafts.dialog_texts import Fields, KeptText, Subject
from dynoview.core.edits.cell_text import cell_text
from dynoview.core.values.binary import base64_text
from dynoview.core.values.display import display_text
from dynoview.core.values.types import ValueParseError, type_code
from dynoview.core.values.user_text import parse_value
from dynoview.ui.i18n import context
from dynoview.ui.i18n.formats import number
from dynoview.ui.items.detail import monospace
from dynoview.ui.json_text import CHANGED_BY_EDITOR, editor_change, json_safe, typed_text
from dynoview.ui.kept_text import KeptNote, TextKeeper
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role

DOCUMENT_COUNTS = context("DOCUMENT_COUNTS")

Stage = Callable[[str, str], str | None]  # (type code, text) -> why it was not staged, or None
Tell = Callable[[str], object]  # where a sentence goes once the dialog has closed (the status line)
TREE_NODES = 2000  # nodes drawn in the preview: enough to check a document's shape


#: The dialog's fields that are kept: the text, and the form it is typed in (lines or JSON).
TEXT, FORM = "text", "form"


def one_per_line(members: list[str]) -> bool:
    """Whether the set editor's lines give these members back: none blank (blank lines are left
    out), none holding a line break (it would become two members) or another character the
    editor changes."""
    return all(m.strip() and not any(b in m for b in CHANGED_BY_EDITOR) for m in members)


def _members(av: Mapping[str, Any]) -> list[str]:
    code = type_code(av)
    if code == "BS":
        return [base64_text(bytes(m)) for m in av[code]]
    return [str(m) for m in av[code]]


class _StageDialog(QDialog):
    """A text, an error line and Cancel / Stage; ``text_value()`` says what is staged.
    ``subject``: what the unsent text is kept under (None: nothing is kept)."""

    def __init__(self, title: str, hint: str, code: str, stage: Stage, parent: QWidget | None,
                 attribute: str = "", subject: Subject | None = None, tell: Tell | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.code = code
        self.attribute = attribute
        self._stage = stage
        self._subject, self._tell = subject, tell
        self.as_json = True  # the text's form: JSON, or (a set, a string) the value as it reads
        self.kept_note = KeptNote()  # what was typed and not staged when the app last closed
        self.keeper: TextKeeper | None = None
        self.base: Fields = {}
        self.hint = plain_label(QLabel(hint))
        self.hint.setWordWrap(True)
        self.editor = QPlainTextEdit()
        self.editor.setFont(monospace())
        self.error = plain_label(QLabel())  # the parser's message quotes the typed value
        self.error.setWordWrap(True)
        set_role(self.error, "error")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.stage_button = self.buttons.addButton(self.tr("Stage"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.stage_button.setToolTip(self.tr("Stage the value (Ctrl+Enter); nothing is written "
                                             "until Review and send…"))
        self.buttons.rejected.connect(self.reject)
        self.stage_button.clicked.connect(self.stage)
        self.editor.setFocus()

    def _lay_out(self, body: QWidget) -> None:
        """Top to bottom: the kept note, the hint, the text (with its tree), the error, the
        buttons. Then the keeper starts from the text as it opened, and puts back what an
        earlier session kept for this cell."""
        layout = QVBoxLayout(self)
        for widget in (self.kept_note, self.hint, body, self.error, self.buttons):
            layout.addWidget(widget, 1 if widget is body else 0)
        self.base = self._fields()
        self.keeper = TextKeeper(self, self._subject, self._fields, self.base, self.kept_note,
                                 tell=self._tell)
        self.kept_note.discard_button.clicked.connect(self.discard_kept)
        kept = self.keeper.restore()
        if kept is not None:
            self._show_kept(kept)
        self.editor.textChanged.connect(self.keeper.changed)

    def _fields(self) -> Fields:
        # As typed: ``toPlainText`` would keep a typed no-break space as a space, and a kept
        # (or discarded back to) text would then stage a value nobody typed.
        return {TEXT: typed_text(self.editor), FORM: "json" if self.as_json else "plain"}

    def _use_form(self, form: str) -> None:
        """The text is typed in ``form`` (a kept text may be in the other one)."""
        self.as_json = form == "json"

    def _show_kept(self, kept: KeptText) -> None:
        """The kept text in the editor, under a note that says what it is."""
        self._use_form(kept.fields.get(FORM, self.base[FORM]))
        self.editor.setPlainText(kept.fields.get(TEXT, self.base[TEXT]))
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(kept.saved_at))
        text = self.tr("This is your unsent edit of {name}, kept when DynoView closed at {when}: "
                       "stage it, or discard it.").format(name=self.attribute, when=when)
        if dict(kept.base) != dict(self.base):
            text += " " + self.tr("The value has changed since: check that your edit does not "
                                  "undo that change.")
        self.kept_note.show_kept(text, self.tr("Discard it and start from the value as it is now"))
        self.editor.setFocus()  # where the user carries on

    def discard_kept(self) -> None:
        """The note's button: the kept text is deleted and the editor holds the value as it is."""
        if self.keeper is not None:
            self.keeper.discard_kept()
        self._use_form(self.base[FORM])
        self.editor.setPlainText(self.base[TEXT])
        self.error.clear()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.keeper is not None:
            self.keeper.closing(event)  # closed around it (a signal, a quit): the text is kept
        super().closeEvent(event)

    def done(self, result: int) -> None:
        if self.keeper is not None:
            self.keeper.chose()  # staged, or cancelled: nothing kept any more
        super().done(result)

    def text_value(self) -> str:
        """The text staging parses; ``ValueParseError`` when it cannot even be read."""
        return self.editor.toPlainText() if self.as_json else typed_text(self.editor)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter types a new line in the text: Ctrl+Enter stages (the text passes it on)."""
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            self.stage()
            return
        super().keyPressEvent(event)

    def stage(self) -> None:
        # JSON text: a typed no-break space or line separator would be read back changed.
        changed = editor_change(self.editor) if self.as_json else None
        try:
            if changed is not None:
                raise ValueParseError(changed[1])
            problem = self._stage(self.code, self.text_value())
        except ValueParseError as exc:
            problem = exc.message
        if problem is not None:
            self.error.setText(problem)
            self._go_to_problem()
            return
        self.accept()

    def _go_to_problem(self) -> None:
        """Back to the text to fix it."""
        self.editor.setFocus()


class SetEditorDialog(_StageDialog):
    """One member per line (blank lines are left out); a set has no duplicates."""

    def __init__(self, attribute: str, av: Mapping[str, Any], stage: Stage,
                 parent: QWidget | None = None, subject: Subject | None = None,
                 tell: Tell | None = None) -> None:
        code = type_code(av)
        self.kind = {"SS": self.tr("strings"), "NS": self.tr("numbers"),
                     "BS": self.tr("base64 binary")}[code]
        members = _members(av)
        super().__init__(self.tr("Edit {name} ({code})").format(name=attribute, code=code), "",
                         code, stage, parent, attribute, subject, tell)
        self.resize(420, 360)
        # A member with a line break, only spaces or a no-break space would not come back from
        # lines: the set is then edited as a JSON array, so accepting it untouched stages nothing.
        self._use_form("plain" if one_per_line(members) else "json")
        if self.as_json:
            self.editor.setPlainText(json_safe(json.dumps(members, indent=2, ensure_ascii=False)))
        else:
            self.editor.setPlainText("\n".join(members))
        self._lay_out(self.editor)

    def _use_form(self, form: str) -> None:
        super()._use_form(form)
        hint = (self.tr("The members as a JSON array ({kind}): some hold line breaks, only "
                        "spaces or no-break spaces, which one member per line cannot show. A set "
                        "holds each member once and cannot be empty: to empty it, remove the "
                        "attribute.")
                if self.as_json else
                self.tr("One member per line ({kind}). A set holds each member once and "
                        "cannot be empty: to empty it, remove the attribute."))
        self.hint.setText(hint.format(kind=self.kind))
        self.editor.setAccessibleName(self.tr("Set members as a JSON array") if self.as_json
                                      else self.tr("Set members, one per line"))

    def text_value(self) -> str:
        if self.as_json:
            return self.editor.toPlainText()
        lines = typed_text(self.editor).split("\n")
        for at, line in enumerate(lines, 1):
            # A member of spaces (a no-break space too) is a member DynamoDB keeps: dropping it
            # unsaid lost it; an empty line is no member.
            if line and not line.strip():
                raise ValueParseError(self.tr(
                    "Line {number} holds only spaces, which one member per line cannot keep apart "
                    "from a blank line: delete the line, or write the set with Edit as JSON… to keep "
                    "such a member.").format(number=number(at)))
        return json.dumps([line for line in lines if line], ensure_ascii=False)


class DocumentEditorDialog(_StageDialog):
    """A list or a map as JSON, with the tree it makes drawn beside it."""

    def __init__(self, attribute: str, av: Mapping[str, Any], stage: Stage,
                 parent: QWidget | None = None, subject: Subject | None = None,
                 tell: Tell | None = None) -> None:
        code = type_code(av)
        super().__init__(self.tr("Edit {name} ({code})").format(name=attribute, code=code),
                         self.tr("The {what} as DynamoDB JSON (or plain JSON); the tree shows what "
                                 "will be staged.").format(what=self.tr("list") if code == "L"
                                                           else self.tr("map")),
                         code, stage, parent, attribute, subject, tell)
        self.resize(820, 520)
        self.editor.setAccessibleName(self.tr("Value as JSON"))
        self.editor.setPlainText(json_safe(cell_text(av, indent=2)))
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Name"), self.tr("Type"), self.tr("Value")])
        self.tree.setAccessibleName(self.tr("Value as a tree"))
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.editor)
        split.addWidget(self.tree)
        split.setSizes([420, 380])
        self.timer = QTimer(self, singleShot=True, interval=250)
        self.timer.timeout.connect(self.redraw)
        self.editor.textChanged.connect(self.timer.start)
        self._lay_out(split)
        self.redraw()

    def _go_to_problem(self) -> None:
        """Back to the text, the cursor where the JSON stops being valid (if that is the problem)."""
        try:
            json.loads(self.editor.toPlainText())
        except json.JSONDecodeError as exc:
            cursor = self.editor.textCursor()
            cursor.setPosition(min(exc.pos, len(self.editor.toPlainText())))
            self.editor.setTextCursor(cursor)
        except (ValueError, RecursionError):
            pass  # the message says what; there is no one place to go to
        self.editor.setFocus()

    def redraw(self) -> None:
        """The tree of what is typed now, or where the text is wrong."""
        self.timer.stop()
        try:
            value = parse_value(self.code, self.editor.toPlainText())
        except ValueParseError as exc:
            where = self.tr(" (at {path})").format(path=exc.path) if exc.path else ""
            self.error.setText(exc.message + where)
            self.tree.setEnabled(False)  # greyed: it shows the last valid text, not this one
            return
        self.error.clear()
        self.tree.setEnabled(True)
        self.tree.clear()
        budget = [TREE_NODES]
        root = QTreeWidgetItem([self.tr("(value)"), type_code(value), ""])
        self.tree.addTopLevelItem(root)
        _fill(root, value, budget)
        root.setExpanded(True)
        self.tree.resizeColumnToContents(0)


class TextEditorDialog(_StageDialog):
    """A string, or a binary value as base64, too long for the cell's line, on several lines.
    A string holding a character the editor would change (a carriage return, a line or paragraph
    separator, a no-break space) is typed as a JSON string instead, those characters escaped, so
    accepting it untouched stages nothing."""

    def __init__(self, attribute: str, av: Mapping[str, Any], stage: Stage,
                 parent: QWidget | None = None, subject: Subject | None = None,
                 tell: Tell | None = None) -> None:
        code = type_code(av)
        text = cell_text(av)
        super().__init__(self.tr("Edit {name} ({code})").format(name=attribute, code=code), "",
                         code, stage, parent, attribute, subject, tell)
        self.resize(720, 480)
        self.length = len(text)
        self.editor.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        # A line feed comes back as it is; the other characters the editor changes do not.
        as_json = any(c in text for c in CHANGED_BY_EDITOR if c != "\n")
        self._use_form("json" if as_json else "plain")
        self.editor.setPlainText(json_safe(json.dumps(text, ensure_ascii=False)) if as_json else text)
        self._lay_out(self.editor)

    def _use_form(self, form: str) -> None:
        super()._use_form(form)
        if self.code == "B":
            hint = self.tr("The binary value as base64 ({count} characters), too long for the "
                           "cell's line.")
        elif self.as_json:
            hint = self.tr("The string ({count} characters) as one JSON string, in double quotes: "
                           "it holds characters this editor would change (carriage returns, line "
                           "or paragraph separators, no-break spaces), shown escaped.")
        else:
            hint = self.tr("The string as it is stored ({count} characters), too long for the "
                           "cell's line; line breaks are part of it.")
        self.hint.setText(hint.format(count=number(self.length)))
        self.editor.setAccessibleName(self.tr("Value as a JSON string") if self.as_json
                                      else self.tr("Value"))

    def text_value(self) -> str:
        if not self.as_json:
            return typed_text(self.editor)
        typed = self.editor.toPlainText()
        try:
            value = json.loads(typed)
        except ValueError:
            value = None
        if not isinstance(value, str):
            raise ValueParseError(self.tr('Type the value as one JSON string, in double quotes '
                                          '("…"), its special characters escaped as shown.'))
        return value


def _fill(parent: QTreeWidgetItem, av: Mapping[str, Any], budget: list[int]) -> None:
    code = type_code(av)
    if code == "M":
        children: list[tuple[str, Any]] = list(av["M"].items())
    elif code == "L":
        children = [(f"[{i}]", v) for i, v in enumerate(av["L"])]
    else:
        parent.setText(2, display_text(av, limit=200))
        return
    count = len(children)
    if code == "M":  # a context object: lupdate drops translate()'s plurals with a variable count
        parent.setText(2, DOCUMENT_COUNTS.tr("%n entr(y|ies)", "", count))
    else:
        parent.setText(2, DOCUMENT_COUNTS.tr("%n item(s)", "", count))
    for name, child in children:
        if budget[0] <= 0:
            parent.addChild(QTreeWidgetItem(["…", "", ""]))
            return
        budget[0] -= 1
        node = QTreeWidgetItem([name, type_code(child), ""])
        parent.addChild(node)
        _fill(node, child, budget)
