"""The action editors, one shown at a time (the one selected in the action list), in a scroll
area so that a long editor scrolls instead of pushing the window."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QScrollArea, QStackedWidget, QWidget

from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import Action, Problem
from dynoview.ui.builder.editors import ActionEditor


class EditorStack(QScrollArea):
    """``changed`` when the user edits any action's fields."""

    changed = Signal()

    def __init__(self, tables: Callable[[], Mapping[str, TableInfo]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tables = tables
        self.editors: list[ActionEditor] = []
        self.stack = QStackedWidget()
        self.setWidgetResizable(True)
        self.setWidget(self.stack)

    def insert(self, at: int, action: Action) -> ActionEditor:
        editor = ActionEditor(self._tables)
        editor.load(action)
        editor.changed.connect(self.changed)
        self.editors.insert(at, editor)
        self.stack.insertWidget(at, editor)
        return editor

    def remove(self, row: int) -> None:
        editor = self.editors.pop(row)
        self.stack.removeWidget(editor)
        editor.deleteLater()

    def move_editor(self, row: int, to: int) -> None:
        editor = self.editors.pop(row)
        self.editors.insert(to, editor)
        self.stack.removeWidget(editor)
        self.stack.insertWidget(to, editor)

    def show_editor(self, row: int) -> None:
        if 0 <= row < len(self.editors):
            self.stack.setCurrentWidget(self.editors[row])

    def build(self) -> tuple[list[Action], list[Problem]]:
        """The actions as edited, with input problems (unparseable values and JSON)."""
        actions, problems = [], []
        for index, editor in enumerate(self.editors):
            action, mine = editor.build(index)
            actions.append(action)
            problems.extend(mine)
        return actions, problems

    def mark(self, problems: list[Problem]) -> None:
        """Each editor shows its action's problems at their fields."""
        for index, editor in enumerate(self.editors):
            editor.mark([p for p in problems if p.index == index])

    def refresh_tables(self) -> None:
        for editor in self.editors:
            editor.refresh_tables()
