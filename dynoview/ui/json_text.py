"""JSON text in a ``QPlainTextEdit`` that comes back as it was shown and typed.

``toPlainText`` (QTextDocument's) gives some characters back as others: a no-break space as a
space, and a line or paragraph separator or U+FDD0/U+FDD1 (the marks of Qt's text frames) as a
line feed; a carriage return becomes a new line as it is set. An item value holding one, shown
raw, would come back changed (a guard on the value seen then fails), or refused (a line break
inside a JSON string). So JSON text is shown with them escaped (``json_safe``, as JSON allows),
and one the user types or pastes is found (``editor_change``) and refused at its line and
column, rather than sent changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from PySide6.QtWidgets import QPlainTextEdit

# Characters a QPlainTextEdit turns into a line break: a member holding one cannot be shown one
# per line, and a JSON text shows the separators escaped (as JSON allows), never raw.
LINE_BREAKS = ("\n", "\r", "\u2028", "\u2029")
# Characters a QPlainTextEdit gives back as others (a line break, or a space for a no-break
# space; Qt's frame marks U+FDD0 and U+FDD1 as line breaks): shown raw, an untouched value
# would come back changed. JSON text shows them escaped.
CHANGED_BY_EDITOR = (*LINE_BREAKS, "\u00a0", "\ufdd0", "\ufdd1")
# Those ``json_safe`` escapes: ``json.dumps`` escapes line feeds and returns in strings itself
# (the line feeds left in its text are its indentation).
_ESCAPED_IN_JSON = tuple(c for c in CHANGED_BY_EDITOR if c not in "\n\r")
# Typed, these stay in the document as they are, and ``toPlainText`` changes them. A typed
# paragraph separator, carriage return or U+FDD0/U+FDD1 becomes a new line as it is typed, and is
# shown as one.
_KEPT_RAW = ("\u00a0", "\u2028")


def json_safe(text: str) -> str:
    """JSON text (as ``json.dumps`` writes it) with the characters the editor would change
    escaped, as JSON allows: raw in a string, they would come back as line breaks JSON refuses,
    or a no-break space as a space (an untouched value would come back changed)."""
    for char in _ESCAPED_IN_JSON:
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def editor_change(editor: QPlainTextEdit) -> tuple[int, str] | None:
    """Where the text in ``editor`` holds a character typed (or pasted) that ``toPlainText``
    would give back as another, and a sentence that says so at its line and column; None when
    the text comes back as typed. The position is the same in both texts (one character each)."""
    raw = editor.document().toRawText()
    offset = min((at for at in (raw.find(c) for c in _KEPT_RAW) if at >= 0), default=-1)
    if offset < 0:
        return None
    plain = editor.toPlainText()
    line = plain.count("\n", 0, offset) + 1
    column = offset - (plain.rfind("\n", 0, offset) + 1) + 1
    code = f"{ord(raw[offset]):04x}"
    if raw[offset] == "\u00a0":
        what = QCoreApplication.translate(
            "json_text", "a no-break space (U+00A0), which this editor would read back as a space")
    else:
        what = QCoreApplication.translate(
            "json_text", "a line separator (U+2028), which this editor would read back as a line break")
    return offset, QCoreApplication.translate(
        "json_text", "Line {line}, column {column} holds {what}: type it as \\u{code} (a JSON "
                     "escape) to keep it, or replace it.").format(line=line, column=column, what=what,
                                                                 code=code)


def raw_text(editor: QPlainTextEdit) -> str:
    """The editor's text as its document holds it, for text read as written (a JSON request, a
    PartiQL statement): ``toPlainText`` gives a no-break space back as a space and a line separator
    as a line feed, which changes a string literal; only paragraph marks become line feeds
    (``setPlainText`` makes them paragraphs again)."""
    return editor.document().toRawText().replace("\u2029", "\n")


def typed_text(editor: QPlainTextEdit) -> str:
    """The text in ``editor`` as typed, for a form that takes it literally (not JSON): a typed
    no-break space stays one (``toPlainText`` would give a space), and what the editor shows as
    a new line (a paragraph or line separator, U+FDD0/U+FDD1) is a line feed."""
    raw = editor.document().toRawText()
    for mark in ("\u2029", "\u2028", "\ufdd0", "\ufdd1"):
        raw = raw.replace(mark, "\n")
    return raw
