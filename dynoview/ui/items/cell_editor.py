"""The editor a cell opens with (F2 or a double click): the value's type and the value typed
for it, checked as it is typed by the parser staging uses (``values.user_text.parse_value``).

S, N and B are typed on one line; BOOL is true or false; NULL has nothing to type; a set, a
list or a map typed here is JSON (their own editors are ``ui.items.value_dialogs``, as is a
string or binary value longer than ``LONG_VALUE`` characters). The line holds any length (a
QLineEdit cuts at 32,767 characters unless told otherwise), and a value opened and accepted as
it was stages nothing. The delegate hands what was typed to the staging; it never writes the
model.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.edits.cell_text import cell_text
from dynoview.core.values.types import TYPE_ORDER, ValueParseError, type_code
from dynoview.core.values.user_text import parse_value
from dynoview.ui.items.cell_paint import ItemsDelegate
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.themed import mark_refused, set_role

_Index = QModelIndex | QPersistentModelIndex
MIN_EDITOR_WIDTH = 280  # pixels: the type box and a readable value even in a narrow column
LINE, FLAG, NOTHING = 0, 1, 2  # the value's page in the editor's stack
#: QLineEdit's longest text: its default, 32,767, cut longer values silently (a 400 KB string fits).
MAX_LINE_LENGTH = 2**31 - 1
#: Characters of S or B text past which the value opens in a multi-line editor, not on a line.
LONG_VALUE = 4096


_LONG_RUN = re.compile(r"(\S{20})(?=\S)")  # a run of text with no space to wrap at


def _breakable(text: str) -> str:
    """``text`` with a zero-width space inside long runs (38-digit numbers, long values), so
    the narrow editor wraps them instead of cutting them off."""
    return _LONG_RUN.sub("\\1\u200b", text)


@dataclass(frozen=True)
class Typed:
    """What an open editor holds, kept while a model reset closes it (``CellEdits``)."""

    code: str
    text: str
    cursor: int
    started: tuple[str, str] | None
    started_empty: bool
    untouched: bool


class CellEditor(QWidget):
    """A type box and the value: a line, true/false, or nothing (NULL); under them, while
    the typed value cannot be staged, why (Enter then keeps the editor open)."""

    done = Signal()  # Enter on a value that can be staged: the delegate commits and closes

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.type_box = QComboBox()
        self.type_box.addItems(list(TYPE_ORDER))
        self.type_box.setAccessibleName(self.tr("Type"))
        self.line = QLineEdit()
        self.line.setMaxLength(MAX_LINE_LENGTH)
        self.line.setAccessibleName(self.tr("Value"))
        self.flag = QComboBox()
        self.flag.addItems(["true", "false"])
        self.flag.setAccessibleName(self.tr("Value"))
        self.nothing = plain_label(QLabel(self.tr("NULL (no value)")))
        self.stack = QStackedWidget()
        for page in (self.line, self.flag, self.nothing):
            self.stack.addWidget(page)
        self.problem = plain_label(QLabel())  # the parser's message quotes the typed value
        self.problem.setObjectName("cell-problem")
        set_role(self.problem, "error")  # styled for light and dark themes
        self.problem.setWordWrap(True)
        self.problem.setContentsMargins(4, 0, 4, 2)
        self.problem.hide()
        self.started_empty = False  # opened on an attribute the item does not have
        self.started: tuple[str, str] | None = None  # (type, text) it opened with
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        row.addWidget(self.type_box)
        row.addWidget(self.stack, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        self.type_box.setToolTip(self.tr("The value's type (Shift+Tab from the value)"))
        self.type_box.currentTextChanged.connect(self._type_changed)
        self.line.textChanged.connect(self.check)
        self.line.returnPressed.connect(self._enter)
        self.line.installEventFilter(self)  # Enter on a bad value must not reach the delegate
        self.setFocusProxy(self.line)

    def set_attribute(self, name: str) -> None:
        """Say which attribute is edited: the editor may open over a neighbouring column."""
        self.line.setPlaceholderText(self.tr("value of {name}").format(name=name))
        self.setAccessibleName(self.tr("Edit {name}").format(name=name))

    def set_value(self, av: Mapping[str, Any] | None, default_code: str = "S") -> None:
        """Start from ``av`` (None: an attribute the item does not have yet)."""
        code = type_code(av) if av is not None else default_code
        self.started_empty = av is None
        self.type_box.setCurrentText(code)
        self._type_changed(code)
        if av is None:
            self.line.clear()
        elif code == "BOOL":
            self.flag.setCurrentText(cell_text(av))
        elif code != "NULL":
            self.line.setText(cell_text(av))
            self.line.selectAll()
        self.started = None if av is None else self.value()

    def value(self) -> tuple[str, str]:
        """(type code, text) as typed."""
        code = self.type_box.currentText()
        if code == "BOOL":
            return code, self.flag.currentText()
        return code, "" if code == "NULL" else self.line.text()

    def untouched(self) -> bool:
        """Left as it opened: nothing to stage. On an absent attribute, nothing typed (an empty
        S would be added, or an empty N refused, for a cell the user only passed by); on a
        value, its type and text as they were (accepting it stages nothing, and says nothing)."""
        code, text = self.value()
        if self.started_empty:
            return code not in ("BOOL", "NULL") and not text
        return self.value() == self.started

    def typed(self) -> Typed:
        code, text = self.value()
        return Typed(code, text, self.line.cursorPosition(), self.started, self.started_empty,
                     self.untouched())

    def retype(self, typed: Typed) -> None:
        """Hold ``typed`` again, as it was when it was kept (what it opened with included)."""
        self.type_box.setCurrentText(typed.code)
        if typed.code == "BOOL":
            self.flag.setCurrentText(typed.text)
        elif typed.code != "NULL":
            self.line.setText(typed.text)
            self.line.setCursorPosition(typed.cursor)
        self.started, self.started_empty = typed.started, typed.started_empty
        self.check()

    def _type_changed(self, code: str) -> None:
        page = FLAG if code == "BOOL" else NOTHING if code == "NULL" else LINE
        self.stack.setCurrentIndex(page)
        self.setFocusProxy((self.line, self.flag, self.type_box)[page])  # NULL: nothing to type
        self.check()

    def _enter(self) -> None:
        """Enter: stage and close, or stay open on what is wrong (the text is kept to fix)."""
        if self.check() is None:
            self.done.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on a value that cannot be staged stays here: the line ignores Enter, and the
        delegate's own filter would commit and close (losing the text to fix)."""
        if (watched is self.line and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.check() is not None):
            return True
        return super().eventFilter(watched, event)

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab move between the type and the value; the view's item navigation
        (commit and go to the next cell) takes over past them."""
        value, current = self.focusProxy(), self.focusWidget()
        inside = current is (self.type_box if next else value)
        if inside and value is not None and value is not self.type_box:
            (value if next else self.type_box).setFocus(Qt.FocusReason.TabFocusReason)
            return True
        return super().focusNextPrevChild(next)

    def check(self) -> str | None:
        """Why the typed value would not be staged (shown under the value), or None."""
        code, text = self.value()
        problem: str | None = None
        try:
            parse_value(code, text)
        except ValueParseError as exc:
            problem = exc.message
        self.line.setToolTip(plain_tooltip(problem or ""))
        mark_refused(self.line, problem is not None)
        shown = _breakable(problem or "")
        if shown != self.problem.text() or self.problem.isHidden() != (problem is None):
            self.problem.setText(shown)
            self.problem.setVisible(problem is not None)
            self._fit()
        return problem

    def _fit(self) -> None:
        """Grow over the rows below to show the problem whole; shrink back without it."""
        layout = self.layout()
        if self.width() > 0 and layout is not None:
            height = (layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth()
                      else layout.totalSizeHint().height())
            self.resize(self.width(), max(height, self.minimumSizeHint().height()))


class CellDelegate(ItemsDelegate):
    """Opens a ``CellEditor`` on a cell; on commit, ``stage(index, code, text)``; paints
    cells as the view's own delegate does (one call into the model each: ``cell_paint``)."""

    def __init__(self, stage: Callable[[_Index, str, str], object],
                 value_of: Callable[[_Index], Mapping[str, Any] | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stage = stage
        self._value_of = value_of
        self.editor: CellEditor | None = None  # the open editor (tests type into it)
        self.index = QPersistentModelIndex()  # the cell it edits (follows the rows as they move)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: _Index) -> QWidget:
        editor = CellEditor(parent)
        editor.done.connect(lambda: self._finish(editor))
        # Only if it is still the open one: an editor a reset released goes later, after the
        # one opened again in its place (``CellEdits``).
        editor.destroyed.connect(lambda: self._gone(editor))
        self.editor = editor
        self.index = QPersistentModelIndex(index)
        return editor

    def _gone(self, editor: CellEditor) -> None:
        if self.editor is editor:
            self.editor = None
            self.index = QPersistentModelIndex()

    def commit_open(self) -> None:
        """Stage what an open editor holds, as leaving the cell would (the window is closing)."""
        if self.editor is not None and self.editor.isVisible():
            self._finish(self.editor)

    def _finish(self, editor: CellEditor) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        if isinstance(editor, CellEditor):
            name = index.model().headerData(index.column(), Qt.Orientation.Horizontal)
            editor.set_attribute(str(name or ""))
            editor.set_value(self._value_of(index))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: _Index) -> None:
        if isinstance(editor, CellEditor) and not editor.untouched():
            code, text = editor.value()
            self._stage(index, code, text)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: _Index) -> None:
        rect = option.rect  # type: ignore[attr-defined]
        rect.setWidth(max(rect.width(), MIN_EDITOR_WIDTH))
        height = editor.sizeHint().height()
        if isinstance(editor, CellEditor) and editor.problem.isVisibleTo(editor):
            layout = editor.layout()  # the problem wraps at the editor's width
            if layout is not None and layout.hasHeightForWidth():
                height = layout.totalHeightForWidth(rect.width())
        rect.setHeight(max(rect.height(), height))
        room = editor.parentWidget()  # the view's viewport: a cell at its right edge opens leftwards
        if room is not None and rect.right() >= room.width():
            rect.moveRight(room.width() - 1)
            rect.setLeft(max(0, rect.left()))
        editor.setGeometry(rect)


__all__ = ["CellDelegate", "CellEditor", "Typed"]
