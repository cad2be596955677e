"""The editor a cell opens with (F2 or a double click): the value's type and the value typed
for it, checked as it is typed by the parser staging uses (``values.user_text.parse_value``).

S, N and B are typed on one line; BOOL is true or false; NULL has nothing to type; a set, a
list or a map typed here is JSON (their own editors are ``ui.items.value_dialogs``). The
delegate hands what was typed to the staging; it never writes the model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from dynoview.core.edits.cell_text import cell_text
from dynoview.core.values.types import TYPE_ORDER, ValueParseError, type_code
from dynoview.core.values.user_text import parse_value

_Index = QModelIndex | QPersistentModelIndex
MIN_EDITOR_WIDTH = 280  # pixels: the type box and a readable value even in a narrow column
LINE, FLAG, NOTHING = 0, 1, 2  # the value's page in the editor's stack


class CellEditor(QWidget):
    """A type box and the value: a line, true/false, or nothing (NULL)."""

    done = Signal()  # Enter in the line: the delegate commits and closes

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.type_box = QComboBox()
        self.type_box.addItems(list(TYPE_ORDER))
        self.type_box.setAccessibleName(self.tr("Type"))
        self.line = QLineEdit()
        self.line.setAccessibleName(self.tr("Value"))
        self.flag = QComboBox()
        self.flag.addItems(["true", "false"])
        self.flag.setAccessibleName(self.tr("Value"))
        self.nothing = QLabel(self.tr("NULL (no value)"))
        self.stack = QStackedWidget()
        for page in (self.line, self.flag, self.nothing):
            self.stack.addWidget(page)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.type_box)
        layout.addWidget(self.stack, 1)
        self.type_box.currentTextChanged.connect(self._type_changed)
        self.line.textChanged.connect(self.check)
        self.line.returnPressed.connect(self.done)
        self.setFocusProxy(self.line)

    def set_value(self, av: Mapping[str, Any] | None, default_code: str = "S") -> None:
        """Start from ``av`` (None: an attribute the item does not have yet)."""
        code = type_code(av) if av is not None else default_code
        self.type_box.setCurrentText(code)
        self._type_changed(code)
        if av is None:
            self.line.clear()
        elif code == "BOOL":
            self.flag.setCurrentText(cell_text(av))
        elif code != "NULL":
            self.line.setText(cell_text(av))
            self.line.selectAll()

    def value(self) -> tuple[str, str]:
        """(type code, text) as typed."""
        code = self.type_box.currentText()
        if code == "BOOL":
            return code, self.flag.currentText()
        return code, "" if code == "NULL" else self.line.text()

    def _type_changed(self, code: str) -> None:
        page = FLAG if code == "BOOL" else NOTHING if code == "NULL" else LINE
        self.stack.setCurrentIndex(page)
        self.setFocusProxy((self.line, self.flag, self.nothing)[page])
        self.check()

    def check(self) -> str | None:
        """Why the typed value would not be staged (shown at the line), or None."""
        code, text = self.value()
        problem: str | None = None
        try:
            parse_value(code, text)
        except ValueParseError as exc:
            problem = exc.message
        self.line.setToolTip(problem or "")
        self.line.setProperty("invalid", problem is not None)
        self.line.setStyleSheet("QLineEdit { border: 1px solid #d32f2f; }" if problem else "")
        return problem


class CellDelegate(QStyledItemDelegate):
    """Opens a ``CellEditor`` on a cell; on commit, ``stage(index, code, text)``."""

    def __init__(self, stage: Callable[[_Index, str, str], object],
                 value_of: Callable[[_Index], Mapping[str, Any] | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stage = stage
        self._value_of = value_of
        self.editor: CellEditor | None = None  # the open editor (tests type into it)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: _Index) -> QWidget:
        editor = CellEditor(parent)
        editor.done.connect(lambda: self._finish(editor))
        editor.destroyed.connect(lambda: setattr(self, "editor", None))
        self.editor = editor
        return editor

    def _finish(self, editor: CellEditor) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        if isinstance(editor, CellEditor):
            editor.set_value(self._value_of(index))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: _Index) -> None:
        if isinstance(editor, CellEditor):
            code, text = editor.value()
            self._stage(index, code, text)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: _Index) -> None:
        rect = option.rect  # type: ignore[attr-defined]
        rect.setWidth(max(rect.width(), MIN_EDITOR_WIDTH))
        rect.setHeight(max(rect.height(), editor.sizeHint().height()))
        room = editor.parentWidget()  # the view's viewport: a cell at its right edge opens leftwards
        if room is not None and rect.right() >= room.width():
            rect.moveRight(room.width() - 1)
            rect.setLeft(max(0, rect.left()))
        editor.setGeometry(rect)


__all__ = ["CellDelegate", "CellEditor"]
