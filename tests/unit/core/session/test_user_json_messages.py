"""``loads_user_json``'s sentences: Python's "Invalid control character at" was quoted as it is,
so every message read "… at at line 1, column 90"; a line break inside a string (a paragraph
separator pasted into an editor reads as one) says what to write instead."""

from __future__ import annotations

import pytest

from dynoview.core.session.user_files import UserFileError, loads_user_json


def refusal(text: str) -> str:
    with pytest.raises(UserFileError) as refused:
        loads_user_json(text, "This request")
    return refused.value.message


def test_a_line_break_inside_a_string_says_how_to_write_it() -> None:
    said = refusal('{"a": "x\ny"}')
    assert " at at " not in said and said.endswith("at line 1, column 9.")
    assert "write it as \\n" in said and "\\u2029" in said


def test_another_control_character_is_said_once_with_where() -> None:
    said = refusal('{"a": "x\x01y"}')
    assert said == "This request is not valid JSON: Invalid control character at line 1, column 9."
