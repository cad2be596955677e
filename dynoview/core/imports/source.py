"""Which reader a file needs (by name, else by its first bytes), and the records it yields."""

from __future__ import annotations

import contextlib
import errno
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from dynoview.core.imports.array import read_array
from dynoview.core.imports.csv_typed import read_csv
from dynoview.core.imports.lines import plain_lines, typed_lines
from dynoview.core.imports.model import (
    AUTO,
    CSV,
    DDB_JSON,
    FORMATS,
    JSON_ARRAY,
    JSONL,
    S3_EXPORT,
    ImportFormatError,
    Record,
)
from dynoview.core.imports.s3_export import read_export


def detect_format(path: str | Path) -> str:
    """The format of ``path``: a folder is an S3 export; a file by its suffix, else by its
    first non-blank character and line (``[``: array; ``{"Item"``: DynamoDB JSON lines)."""
    path = Path(path)
    if _is_dir(path):
        return S3_EXPORT
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return CSV
    lines = suffix in (".jsonl", ".ndjson")
    try:
        with path.open("rb") as f:
            head = f.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    except (OSError, ValueError) as exc:
        if lines:
            return JSONL  # the reader says why it cannot read it
        raise ImportFormatError(_unreadable(path, exc)) from None
    if lines:  # lines of items, unless each line is one {"Item": ...} (DynamoDB JSON)
        return DDB_JSON if _item_wrapper(head) else JSONL
    if head.startswith(b"["):
        return JSON_ARRAY
    if head.startswith(b"{"):
        first = head.split(b"\n", 1)[0].replace(b" ", b"")
        return DDB_JSON if first.startswith(b'{"Item":') else JSONL
    if suffix == ".json":
        return JSON_ARRAY
    raise ImportFormatError(f"The format of {path.name} is not recognised: give --format "
                            f"({', '.join(FORMATS)}).")


def _item_wrapper(head: bytes) -> bool:
    """True when the first line is a JSON object holding "Item" alone (an S3 export's line);
    a line longer than ``head`` is judged by how it starts."""
    line, newline, _ = head.partition(b"\n")
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):  # the reader locates what is wrong with the line
        return not newline and line.replace(b" ", b"").startswith(b'{"Item":{')
    return isinstance(record, dict) and list(record) == ["Item"] and isinstance(record["Item"], dict)


def _shown(path: Path, limit: int = 160) -> str:
    """``path`` for a message: control and invisible characters (a NUL, a newline, a
    right-to-left mark) written as escapes, a very long name shortened in its middle."""
    text = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in str(path))
    return text if len(text) <= limit else f"{text[:limit // 2]}…{text[-limit // 2:]}"


def _unreadable(path: Path, exc: OSError | ValueError) -> str:
    """Why the file at ``path`` cannot be opened, said of its name when the name is the cause
    (Python raises ValueError for a NUL in it, the system ENAMETOOLONG for a long one)."""
    if isinstance(exc, ValueError):
        why = "its name holds a NUL character, which no file name can"
    elif exc.errno == errno.ENAMETOOLONG:
        why = f"its name, {len(str(path)):,} characters long, is longer than the system allows"
    else:
        why = exc.strerror or str(exc)
    return f"{_shown(path)} cannot be read ({why})."


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder; a name the system cannot look up is said as such."""
    try:
        return path.is_dir()  # False for a missing path or a NUL in the name (Python ≥ 3.8)
    except OSError as exc:
        raise ImportFormatError(_unreadable(path, exc)) from None


def resolve_format(path: str | Path, fmt: str = AUTO) -> str:
    if fmt == AUTO:
        return detect_format(path)
    if fmt not in FORMATS:
        raise ImportFormatError(f"Import formats are {', '.join(FORMATS)}; {fmt!r} is not one.")
    if (fmt == S3_EXPORT) != _is_dir(Path(path)):
        raise ImportFormatError(f"{path}: an S3 export is a folder; every other format is a file."
                                if fmt == S3_EXPORT else f"{path} is a folder: give a file, or "
                                "--format s3-export for an S3 export folder.")
    return fmt


def _blank(handle: BinaryIO) -> bool:
    """Whether the file holds nothing but a byte order mark and whitespace; read from the start
    again after (only its first chunk, unless that is blank)."""
    chunk = handle.read(1 << 16).removeprefix(b"\xef\xbb\xbf")
    while chunk and not chunk.strip():
        chunk = handle.read(1 << 16)
    handle.seek(0)
    return not chunk


def read_records(path: str | Path, fmt: str, *, csv_raw: bool = False) -> Iterator[Record]:
    """Every record of ``path`` in order, streamed (an item or a located problem)."""
    if fmt == S3_EXPORT:
        yield from read_export(str(path))
        return
    try:
        handle = Path(path).open("rb")  # noqa: SIM115 - closed below, after the generator's last item
    except (OSError, ValueError) as exc:
        raise ImportFormatError(_unreadable(Path(path), exc)) from None
    with contextlib.closing(handle):
        if _blank(handle):
            # Said as such, not as 0 items imported or a format's complaint ("starts with [").
            raise ImportFormatError(f"{path} is empty: there is nothing to import. Check that the "
                                    "file was written completely, or name another file.")
        if fmt == JSONL:
            yield from plain_lines(handle)
        elif fmt == DDB_JSON:
            yield from typed_lines(handle)
        else:
            text = io.TextIOWrapper(handle, encoding="utf-8-sig", newline="" if fmt == CSV else None)
            try:
                yield from read_csv(text, raw=csv_raw) if fmt == CSV else read_array(text)
            except UnicodeDecodeError:
                raise ImportFormatError(f"{path} is not UTF-8 text; save it as UTF-8.") from None
