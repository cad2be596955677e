"""The editors of a set, a list and a map cell: a set one member per line; a list or a map as
JSON (DynamoDB JSON or plain) beside the tree it makes, redrawn as it is typed. "Stage" hands
the text to the staging, which parses it as the cell editor's text is parsed; a refusal is
shown in the dialog, which stays open."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
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

from dynoview.core.edits.cell_text import cell_text
from dynoview.core.values.binary import base64_text
from dynoview.core.values.display import display_text
from dynoview.core.values.types import ValueParseError, type_code
from dynoview.core.values.user_text import parse_value
from dynoview.ui.i18n import context
from dynoview.ui.items.detail import monospace
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role

DOCUMENT_COUNTS = context("DOCUMENT_COUNTS")

Stage = Callable[[str, str], str | None]  # (type code, text) -> why it was not staged, or None
TREE_NODES = 2000  # nodes drawn in the preview: enough to check a document's shape


#: Characters a QPlainTextEdit turns into a line break: a member holding one cannot be shown one
#: per line, and a JSON text shows the separators escaped (as JSON allows), never raw.
LINE_BREAKS = ("\n", "\r", "\u2028", "\u2029")


def _json_safe(text: str) -> str:
    """JSON text with the Unicode line separators escaped: the editor would turn them, raw in a
    string, into line breaks that JSON refuses (so an untouched value could not be staged)."""
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def one_per_line(members: list[str]) -> bool:
    """Whether the set editor's lines give these members back: none blank (blank lines are left
    out) and none holding a line break (it would become two members)."""
    return all(m.strip() and not any(b in m for b in LINE_BREAKS) for m in members)


def _members(av: Mapping[str, Any]) -> list[str]:
    code = type_code(av)
    if code == "BS":
        return [base64_text(bytes(m)) for m in av[code]]
    return [str(m) for m in av[code]]


class _StageDialog(QDialog):
    """A text, an error line and Cancel / Stage; ``text_value()`` says what is staged."""

    def __init__(self, title: str, hint: str, code: str, stage: Stage, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.code = code
        self._stage = stage
        self.hint = QLabel(hint)
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

    def text_value(self) -> str:
        return self.editor.toPlainText()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter types a new line in the text: Ctrl+Enter stages (the text passes it on)."""
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            self.stage()
            return
        super().keyPressEvent(event)

    def stage(self) -> None:
        problem = self._stage(self.code, self.text_value())
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
                 parent: QWidget | None = None) -> None:
        code = type_code(av)
        kind = {"SS": self.tr("strings"), "NS": self.tr("numbers"), "BS": self.tr("base64 binary")}[code]
        members = _members(av)
        # A member with a line break or only spaces would not come back from lines: the set is
        # then edited as a JSON array, so accepting it untouched stages nothing.
        self.as_json = not one_per_line(members)
        hint = (self.tr("The members as a JSON array ({kind}): some hold line breaks or only "
                        "spaces, which one member per line cannot show. A set holds each member "
                        "once and cannot be empty: to empty it, remove the attribute.")
                if self.as_json else
                self.tr("One member per line ({kind}). A set holds each member once and "
                        "cannot be empty: to empty it, remove the attribute."))
        super().__init__(self.tr("Edit {name} ({code})").format(name=attribute, code=code),
                         hint.format(kind=kind), code, stage, parent)
        self.resize(420, 360)
        if self.as_json:
            self.editor.setAccessibleName(self.tr("Set members as a JSON array"))
            self.editor.setPlainText(_json_safe(json.dumps(members, indent=2, ensure_ascii=False)))
        else:
            self.editor.setAccessibleName(self.tr("Set members, one per line"))
            self.editor.setPlainText("\n".join(members))
        layout = QVBoxLayout(self)
        for widget in (self.hint, self.editor, self.error, self.buttons):
            layout.addWidget(widget, 1 if widget is self.editor else 0)

    def text_value(self) -> str:
        if self.as_json:
            return self.editor.toPlainText()
        lines = [line for line in self.editor.toPlainText().split("\n") if line.strip()]
        return json.dumps(lines, ensure_ascii=False)


class DocumentEditorDialog(_StageDialog):
    """A list or a map as JSON, with the tree it makes drawn beside it."""

    def __init__(self, attribute: str, av: Mapping[str, Any], stage: Stage,
                 parent: QWidget | None = None) -> None:
        code = type_code(av)
        super().__init__(self.tr("Edit {name} ({code})").format(name=attribute, code=code),
                         self.tr("The {what} as DynamoDB JSON (or plain JSON); the tree shows what "
                                 "will be staged.").format(what=self.tr("list") if code == "L"
                                                           else self.tr("map")),
                         code, stage, parent)
        self.resize(820, 520)
        self.editor.setAccessibleName(self.tr("Value as JSON"))
        self.editor.setPlainText(_json_safe(cell_text(av, indent=2)))
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
        layout = QVBoxLayout(self)
        for widget in (self.hint, split, self.error, self.buttons):
            layout.addWidget(widget, 1 if widget is split else 0)
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
