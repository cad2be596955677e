"""CSV with typed headers, as DynoView exports it (``items.export``): one column per attribute
and type (``email (S)``), an empty cell where the item lacks it. Cells are the inverse of
``export.csv_cell``: S as text (``'`` the empty string), N digits, B base64 (``'`` empty),
BOOL true/false, NULL null, sets as JSON arrays, lists and maps as DynamoDB JSON (plain JSON,
as older exports wrote them, is read too: ``detect_json_form``). A cell the export
neutralised for spreadsheets (``'=...``, quoted: ``values.csv_cells``) is read back without
its ``'`` unless ``raw`` (a CSV written with ``--csv-raw``). Read record by record; the column
of a problem is the field's number. A field may be as long as an item can make it
(``FIELD_LIMIT``), not only csv's default 131,072 characters. A last row without a line end
(a file cut short, perhaps inside its last cell) is a problem, unless ``raw``."""

from __future__ import annotations

import csv
import re
import threading
from collections.abc import Iterator
from decimal import Decimal
from types import TracebackType
from typing import IO, Any

from dynoview.core.imports.checks import MAX_ITEM_BYTES
from dynoview.core.imports.model import Item, Located, Place, Problem, Record
from dynoview.core.imports.parse import RecordError, load_json
from dynoview.core.values.binary import parse_binary
from dynoview.core.values.csv_cells import restore
from dynoview.core.values.dynamodb_json import detect_json_form, from_dynamodb_json
from dynoview.core.values.numbers import analyse_number, number_text
from dynoview.core.values.plain import from_plain
from dynoview.core.values.sets import binary_set, number_set, string_set
from dynoview.core.values.types import TYPE_ORDER, ValueParseError, describe_kind

_HEADER = re.compile(r"(?s)(.*) \((" + "|".join(TYPE_ORDER) + r")\)")
#: The longest field read, in characters: a cell holds at most one item's 400 KB, written at
#: most ~10 characters a byte (base64 4/3; a control character in a JSON string, ``\u0001``, 6,
#: plus its quotes and ``, ``), so 16 a byte is room enough, and it still bounds the memory a
#: broken file (an unclosed quote: the rest of the file in one field) can take.
FIELD_LIMIT = MAX_ITEM_BYTES * 16
_TOO_LONG = "field larger than field limit"
#: DynoView's export ends every row with a line break: a last row without one was cut short,
#: perhaps inside its last cell (which would then read as a shorter value). A hand-made CSV often
#: lacks that final line break: one read ``raw`` (not written by the export) is taken as it is.
_NO_LINE_END = ("the last row has no line end: the file may have been cut short (DynoView's "
                "export ends every row with a line break); export it again, or, for a file "
                "written by hand, end it with a line break.")
_QUOTED = re.compile(r'"((?:[^"]+|"")*)"?')
_UNQUOTED = re.compile(r"[^,\r\n]*")


class _RaisedLimit:
    """``csv.field_size_limit`` raised to ``FIELD_LIMIT`` while one of our readers parses a record.

    The limit is the process's, read by every csv reader as it parses, not when it is made: so it
    is raised around each record (and for as long as any thread's reader is in one), then put
    back, and other csv readers in the process keep the limit they had."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inside = 0
        self._saved = 0
        self.limit = FIELD_LIMIT

    def __enter__(self) -> None:
        with self._lock:
            if not self._inside:
                self._saved = csv.field_size_limit()
                self.limit = max(self._saved, FIELD_LIMIT)
                csv.field_size_limit(self.limit)
            self._inside += 1

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        with self._lock:
            self._inside -= 1
            if not self._inside:
                csv.field_size_limit(self._saved)


_RAISED = _RaisedLimit()


class _Lines:
    """The stream's lines for ``csv.reader``, keeping those of the record being read: a field too
    long is then placed at its column."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = iter(stream)
        self.record: list[str] = []

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        line = next(self._stream)
        self.record.append(line)
        return line


def _next_row(reader: Iterator[list[str]], lines: _Lines) -> list[str]:
    lines.record.clear()
    with _RAISED:
        return next(reader)


def _long_field(text: str, limit: int) -> int:
    """The number of the first field of the record ``text`` longer than ``limit`` characters
    (as csv counts them: ``""`` in quotes is one); the last field when none is."""
    column, pos = 1, 0
    while True:
        quoted = text.startswith('"', pos)
        match = (_QUOTED if quoted else _UNQUOTED).match(text, pos)
        assert match is not None  # (both match the empty string)
        length = len(match[1]) - match[1].count('""') if quoted else len(match[0])
        if length > limit:
            return column
        pos = match.end()
        if not text.startswith(",", pos):
            return column
        column, pos = column + 1, pos + 1


def _csv_problem(exc: csv.Error, place: Place, lines: _Lines,
                 columns: list[tuple[str, str]] | None = None) -> Problem:
    """``exc`` as a problem; a field too long placed at its column, said with its attribute."""
    if not str(exc).startswith(_TOO_LONG):
        return Problem(place, f"not valid CSV: {exc}.")
    number = _long_field("".join(lines.record), _RAISED.limit)
    what = f"the field in column {number}"
    if columns is not None and number <= len(columns):
        what += f" ({columns[number - 1][0]} ({columns[number - 1][1]}))"
    return Problem(Place(place.index, place.line, number),
                   f"{what} is longer than {_RAISED.limit:,} characters, more than any cell of an "
                   f"item can hold (DynamoDB's items are {MAX_ITEM_BYTES // 1024} KB at most); "
                   "check that its quotes are closed (an unclosed quote makes the rest of the "
                   "file one field).")


def unneutralise(text: str, raw: bool, runs_on: bool = False) -> str:
    """The cell as the table holds it: the export's ``'`` in front of a formula-like cell (or of a
    formula-like part after a ``;``, a tab or a line break in it) removed; ``runs_on``: the first
    cell of a row of several (``values.csv_cells``)."""
    return text if raw else restore(text, runs_on=runs_on)


def parse_header(cells: list[str], raw: bool) -> list[tuple[str, str]] | Problem:
    columns: list[tuple[str, str]] = []
    for number, cell in enumerate(cells, 1):
        match = _HEADER.fullmatch(unneutralise(cell, raw, number == 1 and len(cells) > 1))
        if match is None or not match[1]:
            return Problem(Place(0, 1, number), f"the header {cell!r} is not 'name (TYPE)'; DynoView's "
                           "CSV names each column by attribute and type, e.g. 'email (S)'.")
        columns.append((match[1], match[2]))
    seen: set[tuple[str, str]] = set()
    for number, column in enumerate(columns, 1):
        if column in seen:
            return Problem(Place(0, 1, number), f"the column {column[0]} ({column[1]}) appears twice.")
        seen.add(column)
    return columns


def _json_list(text: str, code: str) -> list[Any]:
    obj = load_json(text)
    if not isinstance(obj, list):
        raise ValueParseError(f"{code} cells hold a JSON array; this one holds {describe_kind(obj)}.")
    return obj


def cell_value(text: str, code: str, name: str) -> dict[str, Any]:
    """The AttributeValue a cell of type ``code`` holds (inverse of ``export.csv_cell``)."""
    if code == "S":  # the export writes "" as "'", and "'" as "''" (an empty cell: no attribute)
        return {"S": text[1:] if text.startswith("'") and text.strip("'") == "" else text}
    if code == "N":
        return {"N": analyse_number(text, name)[0]}
    if code == "B":
        return {"B": b"" if text == "'" else parse_binary(text, name)}
    if code == "BOOL":
        if text not in ("true", "false"):
            raise ValueParseError(f"BOOL cells are true or false; found {text!r}.", name)
        return {"BOOL": text == "true"}
    if code == "NULL":
        if text != "null":
            raise ValueParseError(f"NULL cells are null; found {text!r}.", name)
        return {"NULL": True}
    if code == "SS":
        return string_set(_json_list(text, code), name)
    if code == "NS":
        members = _json_list(text, code)
        if not all(isinstance(m, Decimal) for m in members):
            raise ValueParseError("NS cells hold an array of numbers.", name)
        return number_set([number_text(m, name) for m in members], name)
    if code == "BS":
        members = _json_list(text, code)
        if not all(isinstance(m, str) for m in members):
            raise ValueParseError("BS cells hold an array of base64 strings.", name)
        return binary_set([parse_binary(m, name) for m in members], name)
    obj = load_json(text)
    if not isinstance(obj, list if code == "L" else dict):
        raise ValueParseError(f"{code} cells hold a JSON {'array' if code == 'L' else 'object'}; "
                              f"found {describe_kind(obj)}.", name)
    # The export writes DynamoDB JSON (binary and sets inside stay themselves); plain JSON is an
    # older export or a hand-made file, read as the typed fields read it.
    if detect_json_form(obj) == "dynamodb":
        return from_dynamodb_json({code: obj}, name)
    return from_plain(obj, name)


def read_csv(stream: IO[str], *, raw: bool = False) -> Iterator[Record]:
    """Each row as an item or a problem located at its line and field."""
    lines = _Lines(stream)
    reader = csv.reader(lines, strict=True)
    try:
        header = _next_row(reader, lines)
    except StopIteration:
        return
    except csv.Error as exc:
        yield _csv_problem(exc, Place(0, reader.line_num or 1, 1), lines)
        return
    if header and header[0].startswith("\ufeff"):
        header[0] = header[0][1:]
    columns = parse_header(header, raw)
    if isinstance(columns, Problem):
        yield columns
        return
    index = 0
    start = reader.line_num + 1
    while True:
        try:
            row = _next_row(reader, lines)
        except StopIteration:
            return
        except csv.Error as exc:
            yield _csv_problem(exc, Place(index, start, 1), lines, columns)
            return
        place = Place(index, start, 1)
        start = reader.line_num + 1
        if not any(row):
            continue
        index += 1
        if not raw and not lines.record[-1].endswith(("\n", "\r")):
            yield Problem(Place(place.index, place.line, max(len(row), 1)), _NO_LINE_END)
            return
        if len(row) != len(columns):
            yield Problem(place, f"the row has {len(row)} fields; the header names {len(columns)}.")
            continue
        record = _row_item(row, columns, place, raw)
        yield record


def _row_item(row: list[str], columns: list[tuple[str, str]], place: Place, raw: bool) -> Record:
    item: Item = {}
    for number, (cell, (name, code)) in enumerate(zip(row, columns, strict=True), 1):
        if cell == "":
            continue
        if name in item:
            return Problem(Place(place.index, place.line, number),
                           f"{name} has a value in two type columns; an attribute has one type.")
        try:
            item[name] = cell_value(unneutralise(cell, raw, number == 1 and len(row) > 1), code, name)
        except (ValueParseError, RecordError) as exc:
            message = exc.message if isinstance(exc, RecordError) else str(exc)
            return Problem(Place(place.index, place.line, number), message)
    if not item:
        return Problem(place, "the row has no values.")
    return Located(item, place)
