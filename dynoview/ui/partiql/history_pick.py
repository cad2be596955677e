"""Picking a history entry replaces the statement undoably: Ctrl+Z in the editor brings back
what it held, and with that text the parameters and the consistency it had.

The statement goes in through one edit block of the editor's own undo stack (``setPlainText``
would clear the stack: the statement being typed was lost for good). The parameters table has
no undo of its own, so what it held is kept beside the pick and put back when an undo makes
the editor's text the one it had before the pick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QCheckBox, QPlainTextEdit

from dynoview.ui.json_text import raw_text


@dataclass(frozen=True)
class Before:
    """What the panel held before a pick."""

    statement: str
    parameters: tuple[tuple[str, str], ...]  # (type, value as typed) per row
    consistent: bool


class ParameterRows(Protocol):
    """The parameters table, as the pick keeps and restores it."""

    def rows(self) -> tuple[tuple[str, str], ...]: ...

    def set_rows(self, rows: tuple[tuple[str, str], ...]) -> None: ...


def replace_undoably(editor: QPlainTextEdit, text: str) -> None:
    """The editor's whole text replaced by ``text`` as one step of its undo stack."""
    cursor = QTextCursor(editor.document())
    cursor.beginEditBlock()
    cursor.select(QTextCursor.SelectionType.Document)
    cursor.insertText(text)
    cursor.endEditBlock()
    cursor.movePosition(QTextCursor.MoveOperation.Start)
    editor.setTextCursor(cursor)


class HistoryPick:
    """Keeps what the last pick replaced until an undo brings its statement back."""

    def __init__(self, editor: QPlainTextEdit, parameters: ParameterRows, consistent: QCheckBox) -> None:
        self.editor = editor
        self.parameters = parameters
        self.consistent = consistent
        self.before: Before | None = None
        editor.textChanged.connect(self._text_changed)

    def load(self, statement: str) -> None:
        """Put ``statement`` in the editor, keeping what the panel held (the caller then sets
        the entry's parameters and consistency)."""
        # The raw text (json_text.raw_text): the statement put back on undo is the one typed.
        before = Before(raw_text(self.editor), self.parameters.rows(),
                        self.consistent.isChecked())
        self.before = None  # the replacement below is not an undo
        replace_undoably(self.editor, statement)
        self.before = before if before.statement != statement else None

    def _text_changed(self) -> None:
        before = self.before
        if before is not None and raw_text(self.editor) == before.statement:
            self.before = None
            self.parameters.set_rows(before.parameters)
            self.consistent.setChecked(before.consistent)
