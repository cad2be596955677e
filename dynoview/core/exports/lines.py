"""Find and name the first line of an export's data file that is not a DynamoDB JSON item line.

The audit's fast path is DuckDB's reader, which numbers lines wrongly in its errors (one too
many, or more) and gives no line at all for a line it read but the audit refused (no ``Item``,
``{"S": 5}``: ``queries._bad_line``). When either happens the file is read again here, line by
line, and the first line that is not an item is named with what is wrong with it; the files are
read twice only on that path, never when the export is sound.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from dynoview.core.exports.checksums import md5_checkable
from dynoview.core.exports.manifest import DataFile, ExportError
from dynoview.core.exports.sql import MAX_LINE_BYTES
from dynoview.core.values.dynamodb_json import from_dynamodb_json
from dynoview.core.values.types import ValueParseError, describe_kind

#: What a line must hold: a full export's ``Item``; an incremental's ``Keys`` (and a
#: ``NewImage`` unless the item was deleted, an ``OldImage`` when asked for).
_FULL = ("Item",)
_INCREMENTAL = ("Keys",)
_INCREMENTAL_OPTIONAL = ("NewImage", "OldImage")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _item_problem(image: Any, name: str) -> str | None:
    if not isinstance(image, Mapping):
        return f'its "{name}" is {describe_kind(image)}, not an object of attributes'
    for attribute, value in image.items():
        try:
            from_dynamodb_json(value, str(attribute))
        except ValueParseError as exc:
            reason = exc.message.rstrip(".")
            return f'has an attribute {attribute!r} in "{name}" that is not DynamoDB JSON: {reason}'
    return None


def line_problem(text: str, incremental: bool) -> str | None:
    """What is wrong with one line (without its newline), or None for an item line."""
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:  # JSONDecodeError too
        where = f" at column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        return f"is not JSON ({reason}{where})"
    if not isinstance(record, dict):
        return f"is {describe_kind(record)}, not a JSON object"
    shape = ('{"Keys": {...}, "NewImage": {...}, "Metadata": {...}}' if incremental
             else '{"Item": {...}}')
    for name in _INCREMENTAL if incremental else _FULL:
        if name not in record:
            fields = ", ".join(repr(str(k)) for k in list(record)[:5]) or "none"
            return f'has no "{name}" (its fields: {fields}): each line of this export is {shape}'
        problem = _item_problem(record[name], name)
        if problem:
            return problem
    for name in _INCREMENTAL_OPTIONAL if incremental else ():
        if record.get(name) is not None:
            problem = _item_problem(record[name], name)
            if problem:
                return problem
    return None


def first_bad_line(path: Path, incremental: bool) -> tuple[int, str] | None:
    """(line number from 1, what is wrong) of the file's first line that is not an item."""
    with gzip.open(path, "rb") as handle:
        number = 0
        while True:
            # Bounded like DuckDB's reader: a file without newlines is never held whole.
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return None
            number += 1
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                mb = MAX_LINE_BYTES // (1024 * 1024)
                return number, f"is longer than {mb} MB, more than an item can be"
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                return number, f"is not UTF-8 text (byte {exc.start + 1} of the line)"
            if not text.strip():
                continue  # DuckDB skips blank lines too
            problem = line_problem(text.rstrip("\r\n"), incremental)
            if problem:
                return number, problem


def bad_line_error(lead: str, files: Sequence[tuple[DataFile, Path, bool]],
                   read: Sequence[DataFile]) -> ExportError | None:
    """An ExportError naming the first bad line of ``files`` (data file, local copy,
    incremental?), scanned in order; None if every line is an item. ``read``: every data file
    of the audit, for the sentence about those whose content had no checksum."""
    for data_file, path, incremental in files:
        found = first_bad_line(path, incremental)
        if found is None:
            continue
        number, problem = found
        unchecked = [f for f in read if not md5_checkable(f)]
        if data_file in unchecked:
            shown = ", ".join(f.rel for f in unchecked[:5]) + (" and more" if len(unchecked) > 5 else "")
            advice = (f"The manifest gives no checksum for {shown}, so the content could not be "
                      "checked: copy the export again and audit it again")
        else:
            advice = ("The file passed its checksum, so the export holds this line as it is: "
                      "DynamoDB writes no such line; report it with the export's "
                      "manifest-summary.json")
        return ExportError(f"{lead}: line {number:,} of {data_file.rel} {problem}. Nothing was "
                           f"audited. {advice}.", file=data_file.rel)
    return None
