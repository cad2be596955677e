"""``json_safe`` and ``editor_change``: JSON text a QPlainTextEdit shows comes back as shown,
and a character typed there that ``toPlainText`` would change is found where it is."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QPlainTextEdit

from dynoview.ui.json_text import CHANGED_BY_EDITOR, editor_change, json_safe


def test_every_character_the_editor_changes_is_listed(qapp) -> None:
    editor = QPlainTextEdit()
    changed = []
    for code in (*range(0x3000), *range(0xFDC0, 0xFE00)):  # Qt's mapped characters lie here
        editor.setPlainText(f"a{chr(code)}b")
        if editor.toPlainText() != f"a{chr(code)}b":
            changed.append(chr(code))
    assert sorted(changed) == sorted(c for c in CHANGED_BY_EDITOR if c != "\n")


def test_json_shown_safe_comes_back_as_shown(qapp) -> None:
    value = {"k\u00a0": ["a\u00a0b", "c\u2028d\u2029e", "\ufdd0\ufdd1", "\r\n\t"]}
    text = json_safe(json.dumps(value, indent=2, ensure_ascii=False))
    editor = QPlainTextEdit()
    editor.setPlainText(text)
    assert editor.toPlainText() == text and json.loads(text) == value
    assert editor_change(editor) is None


@pytest.mark.parametrize(("typed", "line", "column", "what"), [
    ('{"a":\n  "x\u00a0y"}', 2, 5, "a no-break space (U+00A0)"),
    ('{"a":\n\n "x",\n "b": "\u2028"}', 4, 8, "a line separator (U+2028)"),
])
def test_a_typed_character_the_editor_changes_is_found_at_its_line_and_column(
        qapp, typed: str, line: int, column: int, what: str) -> None:
    editor = QPlainTextEdit()
    editor.setPlainText(typed)
    change = editor_change(editor)
    assert change is not None
    offset, message = change
    assert typed[offset] in CHANGED_BY_EDITOR
    assert message.startswith(f"Line {line}, column {column} holds {what}")
    assert f"type it as \\u{ord(typed[offset]):04x}" in message


@pytest.mark.parametrize("char", ["\u2029", "\ufdd0", "\ufdd1", "\r"])
def test_a_character_that_becomes_a_new_line_as_it_is_typed_is_not_refused(qapp, char: str) -> None:
    editor = QPlainTextEdit()
    editor.setPlainText(f'{{"a":{char} "b"}}')  # a new line, as Enter types it, and shown as one
    assert editor_change(editor) is None and editor.toPlainText() == '{"a":\n "b"}'
