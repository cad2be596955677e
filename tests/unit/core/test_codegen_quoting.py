"""String literals for generated code: each language reads back exactly the text, and no
invisible or line-ending character is left raw in the source."""

from __future__ import annotations

import ast
import json

import pytest

from dynoview.core.codegen.quoting import py_string, ts_string
from tests.hostile_values import HOSTILE

TEXTS = [*HOSTILE, "", "'", '"', "\\", "\U0001f389", "\u202eevil\u202c", "\x7f\x85\xa0", "\ud800"]


@pytest.mark.parametrize("text", TEXTS)
def test_python_literal_reads_back_and_shows_every_invisible_character(text: str) -> None:
    literal = py_string(text)
    assert ast.literal_eval(literal) == text
    assert literal.startswith('"') and all(c.isprintable() for c in literal)


@pytest.mark.parametrize("text", TEXTS)
def test_typescript_literal_reads_back_as_json_and_shows_every_invisible_character(text: str) -> None:
    literal = ts_string(text)
    # A double-quoted TypeScript string with only JSON escapes is a JSON string.
    assert json.loads(literal) == text
    assert all(c.isprintable() for c in literal)
    assert "\u2028" not in literal and "\u2029" not in literal


def test_subclasses_never_reach_the_literal() -> None:
    class Sneaky(str):
        def __repr__(self) -> str:
            return "__import__('os').system('id')"

    assert py_string(Sneaky("ok")) == '"ok"'
    with pytest.raises(TypeError):
        py_string(42)  # type: ignore[arg-type]
