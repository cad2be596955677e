"""String literals for generated code, each language's own way, from exact ``str`` copies.

Python literals escape every non-printable character as ``repr`` does, in double quotes. TypeScript
literals are JSON strings with the same characters escaped: JSON leaves format characters
(bidi overrides, zero-width spaces), U+2028/U+2029 and lone surrogates raw, which would hide
text in review or end a string literal in older engines; here they are ``\\uXXXX``.
"""

from __future__ import annotations

import ast
import json


def exact(text: str) -> str:
    """An exact ``str`` copy (a subclass's ``__repr__`` never reaches generated code)."""
    if not isinstance(text, str):
        raise TypeError(f"expected text, got {type(text).__name__}")
    return str.__str__(text)


def py_string(text: str) -> str:
    """A double-quoted Python string literal for ``text``: printable characters as they are,
    the rest with the escape ``repr`` gives them (``\\n``, ``\\x00``, ``\\u202e``)."""
    out = ['"']
    for char in exact(text):
        if char in '"\\':
            out.append("\\" + char)
        elif not char.isprintable():
            out.append(repr(char)[1:-1])
        else:
            out.append(char)
    out.append('"')
    literal = "".join(out)
    if ast.literal_eval(literal) != text:  # pragma: no cover - a bug in this function
        raise ValueError("A string could not be written as a Python literal that reads back the same.")
    return literal


def ts_string(text: str) -> str:
    """A double-quoted TypeScript string literal for ``text``."""
    out = ['"']
    for char in exact(text):
        if char in '"\\' or not char.isprintable():
            out.append(json.dumps(char)[1:-1] if len(json.dumps(char)) <= 4 else
                       "".join(f"\\u{unit:04x}" for unit in _utf16(char)))
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _utf16(char: str) -> list[int]:
    code = ord(char)
    if code < 0x10000:
        return [code]
    code -= 0x10000
    return [0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)]
