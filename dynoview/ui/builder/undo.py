"""Undo and redo for every edit of the builder's transaction (Ctrl+Z, Ctrl+Shift+Z).

Each edit is a snapshot command: the request (as Import/Export JSON has it) before and after.
Undo loads the one before, redo the one after, so every kind of edit (add, remove, move, a
field, the token, an import, a template) is undone the same way. Typing in one field is one
edit: keystrokes in the same field within ``MERGE_SECONDS`` of each other merge into one
command. The builder's own Ctrl+Z wins over a text field's: the field's undo would change the
request behind the stack's back.
"""

from __future__ import annotations

import copy
import json
import time
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

MERGE_SECONDS = 1.0
UNDO_KEYS = ("Ctrl+Z",)
REDO_KEYS = ("Ctrl+Shift+Z",)
_MERGE_ID = 2311  # any fixed id: commands that may merge share it, the rest use -1
_KEY_PROPERTY = "dynoview-undo-field"


class Editable(Protocol):
    """What the undo stack needs of the builder panel."""

    @property
    def transaction_changed(self) -> SignalInstance: ...

    def request_json(self) -> dict[str, Any]: ...

    def load_request(self, request: dict[str, Any], *, notify: bool = True,
                     dynamodb_json: bool | None = None) -> bool: ...


def _items(request: dict[str, Any]) -> list[Any]:
    items = request.get("TransactItems")
    return items if isinstance(items, list) else []


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def describe_edit(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What changed between two requests, as the Edit menu says it ("Undo Add action")."""
    old, new = _items(before), _items(after)
    if len(new) > len(old):
        return QCoreApplication.translate(
            "builder.undo", "Add action") if len(new) == len(old) + 1 else QCoreApplication.translate(
                "builder.undo", "Add {old_count} actions").format(
                old_count=len(new) - len(old))
    if len(new) < len(old):
        return QCoreApplication.translate(
            "builder.undo", "Remove action") if len(new) == len(old) - 1 else QCoreApplication.translate(
                "builder.undo", "Remove {new_count} actions").format(
                new_count=len(old) - len(new))
    changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if _canonical(a) != _canonical(b)]
    if not changed:
        if before.get("ClientRequestToken") != after.get("ClientRequestToken"):
            return QCoreApplication.translate("builder.undo", "Change token")
        return QCoreApplication.translate("builder.undo", "Edit")
    if sorted(map(_canonical, old)) == sorted(map(_canonical, new)):
        return QCoreApplication.translate("builder.undo", "Move action")
    return QCoreApplication.translate(
        "builder.undo", "Edit action {changed}").format(
            changed=changed[0] + 1) if len(changed) == 1 else QCoreApplication.translate(
                "builder.undo", "Edit actions")


def is_text_field(widget: QWidget | None) -> bool:
    """A field typed into: its keystrokes merge into one edit."""
    if isinstance(widget, QComboBox):
        return widget.isEditable()
    return isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit | QAbstractSpinBox)


class SnapshotCommand(QUndoCommand):
    """One edit: the request before and after it."""

    def __init__(self, undo: BuilderUndo, before: dict[str, Any], after: dict[str, Any], text: str,
                 field: int | None) -> None:
        super().__init__(text)
        self._undo = undo
        self.before = before
        self.after = after
        self.field = field  # the typed-in field this edit came from, None for the rest
        self.last_at = time.monotonic()
        self._pushed = False  # push() calls redo(): the edit is already on screen then

    def id(self) -> int:
        return _MERGE_ID if self.field is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SnapshotCommand) or other.field != self.field or self.field is None \
                or other.last_at - self.last_at > MERGE_SECONDS:
            return False
        self.after = other.after
        self.last_at = other.last_at
        self.setObsolete(_canonical(self.before) == _canonical(self.after))  # typed, then erased
        return True

    def redo(self) -> None:
        if not self._pushed:
            self._pushed = True
            return
        self._undo.apply(self.after)

    def undo(self) -> None:
        self._undo.apply(self.before)


class BuilderUndo(QObject):
    """The builder's undo stack: records each edit the panel reports, applies snapshots back."""

    applied = Signal()  # a snapshot was loaded by undo or redo

    def __init__(self, panel: Editable, widget: QWidget) -> None:
        super().__init__(widget)
        self.panel = panel
        self.widget = widget
        self.stack = QUndoStack(self)
        self._state = copy.deepcopy(panel.request_json())
        self._applying = False
        self._next_text: str | None = None
        self._fields = 0
        self.undo_action = self._action(self.stack.createUndoAction(self, self.tr("&Undo")), UNDO_KEYS,
                                        self.tr("Undo the last edit of the transaction"))
        self.redo_action = self._action(self.stack.createRedoAction(self, self.tr("&Redo")), REDO_KEYS,
                                        self.tr("Redo the edit undone last"))
        panel.transaction_changed.connect(self.record)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _action(self, action: QAction, keys: tuple[str, ...], tip: str) -> QAction:
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({QKeySequence(keys[0]).toString(QKeySequence.SequenceFormat.NativeText)})")
        self.widget.addAction(action)
        return action

    # ---------------------------------------------------------------- recording

    def label_next(self, text: str | None) -> None:
        """Name the edit recorded next in this turn of the event loop ("Import JSON", "Load
        template") instead of guessing it from the change."""
        self._next_text = text
        if text is not None:  # an import that changed nothing must not name a later edit
            QTimer.singleShot(0, self, lambda: self.label_next(None))

    def record(self, text: str | None = None) -> None:
        """Record the panel's request as one edit, if it changed since the last one."""
        if self._applying:
            return
        after = copy.deepcopy(self.panel.request_json())
        before = self._state
        if _canonical(after) == _canonical(before):
            return
        self._state = after
        label = text or self._next_text or describe_edit(before, after)
        self._next_text = None
        field = self._typing_field() if label.startswith(("Edit action", "Change token")) else None
        self.stack.push(SnapshotCommand(self, before, after, label, field))

    def reset(self) -> None:
        """Start a new history from what the panel shows now (a restored session)."""
        self.stack.clear()
        self._state = copy.deepcopy(self.panel.request_json())

    def _typing_field(self) -> int | None:
        focus = QApplication.focusWidget()
        if not is_text_field(focus) or focus is None or not self.widget.isAncestorOf(focus):
            return None
        key = focus.property(_KEY_PROPERTY)
        if not isinstance(key, int):
            self._fields += 1
            key = self._fields
            focus.setProperty(_KEY_PROPERTY, key)
        return key

    # ---------------------------------------------------------------- applying

    def apply(self, request: dict[str, Any]) -> None:
        """Show ``request`` (an undo or a redo) without recording it as a new edit."""
        self._applying = True
        try:
            # Snapshots are request_json(): DynamoDB JSON, binary as base64 text, read as such.
            self.panel.load_request(copy.deepcopy(request), notify=False, dynamodb_json=True)
        finally:
            self._applying = False
        self._state = copy.deepcopy(self.panel.request_json())
        self.applied.emit()

    # ---------------------------------------------------------------- keys in text fields

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        # A text field takes Ctrl+Z for its own undo; inside the builder the stack's wins.
        if new is not None and is_text_field(new) and self.widget.isAncestorOf(new):
            new.removeEventFilter(self)  # once per field, however often it gets the focus
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            pressed = QKeySequence(event.keyCombination())
            exact = QKeySequence.SequenceMatch.ExactMatch
            for action in (self.undo_action, self.redo_action):
                if any(pressed.matches(k) == exact for k in action.shortcuts()):
                    event.ignore()  # not the field's: the shortcut (the stack's action) runs
                    return True
        return super().eventFilter(watched, event)
