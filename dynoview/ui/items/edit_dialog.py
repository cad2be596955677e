"""Edit an item as DynamoDB JSON; the result goes to the transaction builder, never
straight to the table (every write is previewed).

An account's protected values (its schema rules' attributes) are named as such while the
user types: changing one moves its lock too, which the builder then does for them.
"""

from __future__ import annotations

import json
import time
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.drafts.dialog_texts import KeptText, Subject, item_subject
from dynoview.core.edits.staging import ANY_TABLE, item_problem
from dynoview.core.session.tables import TableInfo
from dynoview.core.session.user_files import UserFileError, loads_user_json
from dynoview.core.tx.model import PUT, Action, Problem, Transaction
from dynoview.core.tx.template_inputs import check_value, protected_changes
from dynoview.core.tx.templates import edit_refusal
from dynoview.core.tx.validation import validate
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.dynamodb_json import WrittenNumber, dynamodb_json, from_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.ui.context import AppContext
from dynoview.ui.items.detail import monospace
from dynoview.ui.json_text import editor_change, json_safe, typed_text
from dynoview.ui.kept_text import KeptNote, TextKeeper, connection_of
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role


def parse_item(text: str) -> dict[str, Any]:
    """DynamoDB JSON text to an item; ValueParseError says where it is wrong."""
    try:
        # Strict: plain JSON keeps only the last of a repeated key, so a slip would be
        # applied silently (a lost value, or a key that moves the item); refuse it instead.
        # Numbers read as written: an unquoted one is refused with its own digits in the hint.
        data = loads_user_json(text, "The item", parse_float=WrittenNumber, parse_int=WrittenNumber)
    except UserFileError as exc:
        # The repeated key's path, as the dialog shows paths ("PK.S", not "$.PK.S").
        where = exc.path.removeprefix("$").removeprefix(".") if exc.path else ""
        raise ValueParseError(exc.message, where) from None
    if not isinstance(data, dict) or not data:
        raise ValueParseError("An item is a JSON object of attribute names to typed values, "
                              'e.g. {"PK": {"S": "ACCT#1"}}.')
    return {name: from_dynamodb_json(value, path=name) for name, value in data.items()}


def problem_attribute(problem: Problem, item: dict[str, Any]) -> str | None:
    """The top-level attribute of ``item`` a problem is located at, or None (the whole item)."""
    path = problem.field.removeprefix("item").removeprefix(".")
    if not path:
        # validate names no attribute for an empty name; it reports that before the size.
        return "" if "" in item else None
    if path.endswith("..."):  # a long name, cut
        return next((n for n in item if n.startswith(path[:-3])), None)
    # An attribute name may hold dots itself ("a.b" beside a map "a"): the name whose value the
    # rest of the path leads into, else the longest the path starts with.
    names = [n for n in item if n and _tail(path, n) is not None]
    leading = [n for n in names if _leads_into(item[n], _tail(path, n) or "")]
    if len(leading) > 1:  # the path reads both ways: the value that is refused on its own
        leading = [n for n in leading if _refused_alone(item, n, problem)] or leading
    return max(leading or names, key=len, default=None)


def _refused_alone(item: dict[str, Any], name: str, problem: Problem) -> bool:
    alone = validate(Transaction([Action(PUT, ANY_TABLE, item={name: item[name]})]), {})
    return any(p.field == problem.field and p.message == problem.message for p in alone)


def _tail(path: str, name: str) -> str | None:
    """``path`` (as ``child_path`` writes it) after ``name``: "" at its end, else from the next
    ``.key`` or ``[index]``; None when it does not start with that name."""
    tail = path[len(name):] if path.startswith(name) else None
    return tail if tail is not None and (not tail or tail[0] in ".[") else None


def _leads_into(av: Any, tail: str) -> bool:
    """Whether ``tail`` can lead into the value ``av`` (its map keys, its list items)."""
    if not tail:
        return True
    member = av.get("M") if isinstance(av, dict) else None
    if tail[0] == "." and isinstance(member, dict):
        rest = tail[1:]
        return any(_leads_into(v, left) for k, v in member.items() if (left := _tail(rest, k)) is not None)
    items = av.get("L") if isinstance(av, dict) else None
    if tail[0] == "[" and isinstance(items, list):
        index, _, left = tail[1:].partition("]")
        return index.isdigit() and int(index) < len(items) and _leads_into(items[int(index)], left)
    return False

def attribute_offset(text: str, name: str) -> int | None:
    """Where the top-level attribute ``name`` starts in the item's JSON ``text`` (already parsed
    without error), or None."""
    decoder = json.JSONDecoder()
    at = text.find("{") + 1
    while at:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        if at >= len(text) or text[at] != '"':
            return None
        start = at
        key, at = decoder.raw_decode(text, at)
        if key == name:
            return start
        at = text.index(":", at) + 1
        while at < len(text) and text[at] in " \t\r\n":
            at += 1
        _, at = decoder.raw_decode(text, at)
    return None


def _subject(ctx: AppContext | None, info: TableInfo | None, item: dict[str, Any]) -> Subject | None:
    """What the dialog's unsent text is kept under: the window's connection, the table and the
    item's key (None when the dialog is not opened from a connected window's table)."""
    connection = connection_of(ctx)
    key = info.key_of(item) if info is not None else {}
    if connection is None or info is None or len(key) != len(info.key_names):
        return None
    return item_subject(connection, info.name, key)


class ItemEditDialog(QDialog):
    """Returns the edited item in ``item`` when accepted. Opened from a connected window, what
    the user typed is kept if the dialog closes without their answer (``ui.kept_text``) and
    shown again, with a note, the next time the same item is edited."""

    def __init__(self, item: dict[str, Any], parent: QWidget | None = None,
                 schema: UniquenessSchema | None = None, info: TableInfo | None = None,
                 ctx: AppContext | None = None) -> None:
        """``info``: the item's table, whose keys are checked before the item is handed over;
        ``ctx``: the window's context, whose connection the unsent text is kept under."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Edit item"))
        self.resize(640, 520)
        self.item: dict[str, Any] | None = None
        self.original = item
        self.schema = schema
        self.info = info
        hint = plain_label(QLabel(
            self.tr("Edit the item as DynamoDB JSON. Saving opens the transaction builder "
                      "with an Update of only the attributes you changed, each guarded on the value "
                      "you saw, so other attributes stay as they are and nothing is written until "
                      "you have checked the request.")))
        hint.setWordWrap(True)
        self.editor = QPlainTextEdit()
        self.editor.setAccessibleName(self.tr("Item as DynamoDB JSON"))
        self.editor.setFont(monospace())
        # Escaped where the editor would change a character: it gives back the item it shows.
        self.base_text = json_safe(dynamodb_json(item))
        self.editor.setPlainText(self.base_text)
        self.kept_note = KeptNote()  # what was typed and not sent when the app last closed
        # Plain text: errors and the protected note quote the item's names and values.
        self.error = plain_label(QLabel())
        self.error.setWordWrap(True)
        set_role(self.error, "error")  # styled per theme
        # What the edit does to protected values, updated as the user types (parsing waits
        # for a pause, so a large item is not parsed on every key).
        self.protected_note = plain_label(QLabel())
        self.protected_note.setObjectName("protected-note")
        self.protected_note.setWordWrap(True)
        set_role(self.protected_note, "hint")
        self._note_timer = QTimer(self)
        self._note_timer.setSingleShot(True)
        self._note_timer.setInterval(250)
        self._note_timer.timeout.connect(self.update_protected_note)
        self.editor.textChanged.connect(self._note_timer.start)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.addButton(self.tr("Open in builder"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        self.ok.clicked.connect(self._accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.kept_note)
        layout.addWidget(hint)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.protected_note)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.keeper = TextKeeper(self, _subject(ctx, info, item),
                                 # raw: a typed no-break space is still refused when it comes back
                                 lambda: {"json": typed_text(self.editor)},
                                 {"json": self.base_text}, self.kept_note,
                                 tell=ctx.status_message.emit if ctx is not None else None)
        self.kept_note.discard_button.clicked.connect(self.discard_kept)
        kept = self.keeper.restore()
        if kept is not None:
            self._show_kept(kept)
        self.editor.textChanged.connect(self.keeper.changed)
        self.update_protected_note()

    def _show_kept(self, kept: KeptText) -> None:
        """Put the kept text in the editor, under a note that says what it is."""
        self.editor.setPlainText(kept.fields.get("json", self.base_text))
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(kept.saved_at))
        text = self.tr("This is your unsent edit of this item, kept when DynoView closed at {when}. "
                       "It is compared with the item as it is now when you open it in the "
                       "builder.").format(when=when)
        then = kept.base.get("json")
        names: list[str] | None = None  # the attributes changed since ([]: which is not known)
        if then is not None and then != self.base_text:
            try:
                before, now = parse_item(then), self.original
                # None too when only the text differs (kept before U+00A0 and the like were escaped).
                names = sorted(n for n in before.keys() | now.keys() if before.get(n) != now.get(n)) or None
            except ValueParseError:
                names = []
        if names is not None:
            text += " " + self.tr("The item has changed in the table since ({names}): check that "
                                  "your edit does not undo that change.").format(
                                      names=", ".join(names) or self.tr("its attributes"))
        self.kept_note.show_kept(text, self.tr("Discard it and start from the item as it is now"))
        self.editor.setFocus()  # where the user carries on

    def discard_kept(self) -> None:
        """The note's button: the kept edit is deleted and the editor holds the item as it is."""
        self.keeper.discard_kept()
        self.editor.setPlainText(self.base_text)
        self.error.clear()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.keeper.closing(event)  # closed around it (a signal, a quit): the text is kept
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self.keeper.chose()  # sent on to the builder, or cancelled: nothing kept any more
        super().done(result)

    def protected_text(self, item: dict[str, Any]) -> str:
        """A sentence about the protected values this edit changes ("" when none)."""
        if self.schema is None or not self.schema.is_account(self.original):
            return ""
        changes = protected_changes(self.schema, self.original, item)
        if not changes:
            names = ", ".join(r.attribute for r in self.schema.rules)
            return self.tr(
                "{names}: protected values (each has a lock); changing one moves its lock too.").format(
                    names=names)
        moved = "; ".join(f"{c.rule.attribute} {c.old or '(none)'} → {c.new or '(none)'}" for c in changes)
        return self.tr("Protected: {moved}. The builder moves the lock with the value (new lock "
                       "guarded by attribute_not_exists, old lock released) in the same "
                       "transaction.").format(moved=moved)

    def update_protected_note(self) -> None:
        try:
            item = parse_item(self.editor.toPlainText())
        except ValueParseError:
            return  # the error is shown when the user tries to open it
        text = self.protected_text(item)
        self.protected_note.setText(text)
        self.protected_note.setVisible(bool(text))

    def protected_error(self, item: dict[str, Any]) -> str | None:
        """Why a changed protected value cannot be used (located at its attribute), or None."""
        if self.schema is None:
            return None
        for change in protected_changes(self.schema, self.original, item):
            if change.new is not None:
                check = check_value(change.rule, change.new, change.old, account=item)  # its scope too
                if not check.ok:
                    return self.tr(
                        "Not opened at {attribute}: {error}").format(
                            attribute=change.rule.attribute, error=check.error)
        return None

    def _refused_by_dynamodb(self, item: dict[str, Any]) -> bool:
        """Say a limit of DynamoDB the item breaks, at the attribute's line and column in the
        editor (the cursor moves there), as the builder would after the hand-over."""
        problem = item_problem(item, self.info)
        if problem is None:
            return False
        text = self.editor.toPlainText()
        name = problem_attribute(problem, item)
        offset = attribute_offset(text, name) if name is not None else None
        if name is None or offset is None:
            self.error.setText(self.tr("Not opened: {message}").format(message=problem.message))
            return True
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        shown = name if len(name) <= 40 else name[:40] + "…"
        self.error.setText(self.tr("Not opened at {attribute} (line {line}, column {column}): "
                                   "{message}").format(attribute=shown or '""', line=line,
                                                        column=column, message=problem.message))
        cursor = self.editor.textCursor()
        cursor.setPosition(offset)
        self.editor.setTextCursor(cursor)
        return True

    def _accept(self) -> None:
        change = editor_change(self.editor)
        if change is not None:  # read back, the item would differ from the one typed
            offset, message = change
            self.error.setText(self.tr("Not opened: {message}").format(message=message))
            cursor = self.editor.textCursor()
            cursor.setPosition(offset)
            self.editor.setTextCursor(cursor)
            return
        try:
            item = parse_item(self.editor.toPlainText())
        except ValueParseError as exc:
            where = f" at {exc.path}" if exc.path else ""
            self.error.setText(self.tr(
                "Not opened{where}: {message}").format(where=where, message=exc.message))
            return
        if self._refused_by_dynamodb(item):
            return
        problem = self.protected_error(item)
        if problem is not None:
            self.error.setText(problem)
            return
        # What the builder would refuse to build (nothing changed, a guard over DynamoDB's
        # limits) is said here, where the edit can still be changed.
        refusal = edit_refusal(self.info, self.original, item, self.schema) if self.info else None
        if refusal is not None:
            self.error.setText(self.tr("Not opened: {message}").format(message=refusal))
            return
        self.item = item
        self.accept()
