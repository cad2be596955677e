"""Reading files the user gives (requests, state files, reports) as text and JSON, strictly.

Every problem is a sentence that names the file and what to do (``UserFileError``), never a
traceback:

- **Encodings.** UTF-8, with or without a byte-order mark, is read. A UTF-16 or UTF-32 file
  (what PowerShell's ``>`` and Notepad's "Unicode" write) is named as such, with or without
  its byte-order mark; bytes that are not UTF-8 are located by line and column.
- **JSON.** A key given twice in one object is refused with its path
  (``$.TransactItems[0].Put``): Python's ``json`` keeps the last one silently, so a second
  ``ConditionExpression`` or a second action kind would replace the first without a word.
  ``NaN`` and ``Infinity``, which JSON does not have, are refused too.
- **What is there.** A missing file, a folder and a file too large to be what it should be
  are each said as such.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dynoview.core.errors import DynoViewError

#: Larger than any request, report or state file the app reads (a 100-action transaction is 4 MB).
MAX_BYTES = 256 * 1024 * 1024

_BOMS = (  # UTF-32 first: its little-endian mark starts with UTF-16's
    (codecs.BOM_UTF32_LE, "UTF-32 (little-endian, with a byte-order mark)"),
    (codecs.BOM_UTF32_BE, "UTF-32 (big-endian, with a byte-order mark)"),
    (codecs.BOM_UTF16_LE, "UTF-16 (little-endian, with a byte-order mark)"),
    (codecs.BOM_UTF16_BE, "UTF-16 (big-endian, with a byte-order mark)"),
)
_SAVE_AS_UTF8 = ("Save it as UTF-8 (in an editor: \"Save with encoding\" UTF-8; in PowerShell: "
                 "Set-Content -Encoding utf8) and try again.")


class UserFileError(DynoViewError):
    """A file the user gave cannot be read as what it should be; the message says why."""

    def __init__(self, message: str, *, field: str | None = None, path: str | None = None) -> None:
        super().__init__(message, field=field)
        self.path = path  # where in a JSON document ("$.TransactItems[0].Put"), when known


def read_user_bytes(path: Path | str, what: str = "The file", *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``; a pipe (``<(cmd)``) or a device is read too, a folder refused."""
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise UserFileError(f"{what} {path} is a folder: give the file inside it.", field="file")
        if stat.S_ISREG(st.st_mode) and st.st_size > max_bytes:
            raise UserFileError(f"{what} {path} is {st.st_size:,} bytes, more than the "
                                f"{max_bytes:,} such a file can hold: is it the right file?", field="file")
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise UserFileError(f"{what} {path} does not exist: check the path.", field="file") from None
    except PermissionError:
        raise UserFileError(f"{what} {path} cannot be read (permission denied): check its "
                            "permissions.", field="file") from None
    except IsADirectoryError:
        raise UserFileError(f"{what} {path} is a folder: give the file inside it.", field="file") from None
    except OSError as exc:
        raise UserFileError(f"{what} {path} cannot be read ({exc.strerror or exc}).",
                            field="file") from None
    if len(data) > max_bytes:
        raise UserFileError(f"{what} {path} is more than {max_bytes:,} bytes: is it the right file?",
                            field="file")
    return data


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text without a mark: JSON and ASCII text then have a NUL every other byte."""
    sample = data[:4096]
    if len(sample) < 8 or b"\x00" not in sample:
        return None
    evens, odds = sample[0::2], sample[1::2]
    if evens.count(0) > len(evens) * 0.4 and odds.count(0) < len(odds) * 0.1:
        return "UTF-16 (big-endian, without a byte-order mark)"
    if odds.count(0) > len(odds) * 0.4 and evens.count(0) < len(evens) * 0.1:
        return "UTF-16 (little-endian, without a byte-order mark)"
    return None


def _line_column(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return line, len(data[start:offset].decode("utf-8", "replace")) + 1


def decode_user_text(data: bytes, what: str = "The file") -> str:
    """``data`` as text: UTF-8 (a byte-order mark is dropped); anything else is a sentence."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise UserFileError(f"{what} is encoded as {name}; DynoView reads UTF-8. {_SAVE_AS_UTF8}",
                                field="file")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    utf16 = _utf16_without_bom(data)
    if utf16 is not None:
        raise UserFileError(f"{what} looks encoded as {utf16}; DynoView reads UTF-8. {_SAVE_AS_UTF8}",
                            field="file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_column(data, exc.start)
        raise UserFileError(
            f"{what} is not valid UTF-8: the byte 0x{data[exc.start]:02x} at line {line}, column "
            f"{col} is not UTF-8 (the file may be Latin-1 or Windows-1252). {_SAVE_AS_UTF8}",
            field="file") from None
    nul = text.find("\x00")
    if nul >= 0:
        line, col = _line_column(data, len(text[:nul].encode("utf-8")))
        raise UserFileError(f"{what} holds a NUL character at line {line}, column {col}: it is a "
                            "binary file, not text. Is it the right file?", field="file")
    return text


def read_user_text(path: Path | str, what: str = "The file", *, max_bytes: int = MAX_BYTES) -> str:
    """The text of the file at ``path`` (UTF-8, with or without a byte-order mark)."""
    return decode_user_text(read_user_bytes(path, what, max_bytes=max_bytes), f"{what} {path}")


# ------------------------------------------------------------------------------- JSON


class _Repeated(dict[str, Any]):
    """An object that gave a key twice (found after parsing, to name its path)."""

    repeated: list[str]


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    repeated: list[str] = []
    for key, value in pairs:
        if key in out and key not in repeated:
            repeated.append(key)
        out[key] = value
    if not repeated:
        return out
    marked = _Repeated(out)
    marked.repeated = repeated
    return marked


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def json_path(parts: list[str | int]) -> str:
    """``$.TransactItems[0].Put``: where a value sits in a JSON document."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}"
        else:
            out += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return out


def find_repeated_key(doc: Any) -> tuple[list[str | int], str] | None:
    """The path of the first object (in document order) that gave a key twice, and the key."""
    stack: list[tuple[Any, list[str | int]]] = [(doc, [])]
    while stack:
        value, parts = stack.pop()
        if isinstance(value, _Repeated):
            return parts, value.repeated[0]
        if isinstance(value, dict):
            stack.extend((v, [*parts, k]) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((v, [*parts, i]) for i, v in reversed(list(enumerate(value))))
    return None


def loads_user_json(text: str, what: str = "The file", *,
                    parse_float: Callable[[str], Any] | None = None,
                    parse_int: Callable[[str], Any] | None = None) -> Any:
    """Parse JSON text strictly: a repeated key (with its path), NaN and Infinity, bad syntax
    (with its line and column) and absurd nesting are each a ``UserFileError``."""
    try:
        doc = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant,
                         parse_float=parse_float, parse_int=parse_int)
    except json.JSONDecodeError as exc:
        # Python's "Invalid control character at" names no place: said once, with where.
        reason = exc.msg.removesuffix(" at")
        char = exc.doc[exc.pos] if exc.pos < len(exc.doc) else ""
        if reason == "Invalid control character" and char in "\r\n":
            reason = ("a string runs into a line break (its closing \" is missing, or the break "
                      "belongs in the value: write it as \\n, and a paragraph separator pasted "
                      "into an editor as \\u2029)")
        raise UserFileError(f"{what} is not valid JSON: {reason} at line {exc.lineno}, column "
                            f"{exc.colno}.", field="file") from None
    except ValueError as exc:  # NaN, Infinity (parse_constant)
        raise UserFileError(f"{what} is not valid JSON: {exc}; write the number out, or a string.",
                            field="file") from None
    except RecursionError:
        raise UserFileError(f"{what} is JSON nested far too deeply to be read.", field="file") from None
    found = find_repeated_key(doc)
    if found is None:
        return doc
    parts, key = found
    where = json_path(parts)
    raise UserFileError(
        f"{what} gives the key {key!r} twice in the same object ({where}): JSON keeps only the "
        "last one, so the other would be ignored without a word. Keep one of them.",
        field="file", path=json_path([*parts, key]))


def read_user_json(path: Path | str, what: str = "The file", *, max_bytes: int = MAX_BYTES,
                   **options: Any) -> Any:
    """The JSON document in the file at ``path``, read and parsed strictly."""
    return loads_user_json(read_user_text(path, what, max_bytes=max_bytes), f"{what} {path}", **options)
