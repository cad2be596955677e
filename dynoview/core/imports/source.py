"""Which reader a file needs (by name, else by its first bytes), and the records it yields."""

from __future__ import annotations

import contextlib
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
    if path.is_dir():
        return S3_EXPORT
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return CSV
    lines = suffix in (".jsonl", ".ndjson")
    try:
        with path.open("rb") as f:
            head = f.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError as exc:
        if lines:
            return JSONL  # the reader says why it cannot read it
        raise ImportFormatError(f"{path} cannot be read ({exc.strerror}).") from None
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
    except ValueError:
        return not newline and line.replace(b" ", b"").startswith(b'{"Item":{')
    return isinstance(record, dict) and list(record) == ["Item"] and isinstance(record["Item"], dict)


def resolve_format(path: str | Path, fmt: str = AUTO) -> str:
    if fmt == AUTO:
        return detect_format(path)
    if fmt not in FORMATS:
        raise ImportFormatError(f"Import formats are {', '.join(FORMATS)}; {fmt!r} is not one.")
    if (fmt == S3_EXPORT) != Path(path).is_dir():
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
    except OSError as exc:
        raise ImportFormatError(f"{path} cannot be read ({exc.strerror}).") from None
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
