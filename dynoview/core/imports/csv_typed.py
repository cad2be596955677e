"""CSV with typed headers, as DynoView exports it (``items.export``): one column per attribute
and type (``email (S)``), an empty cell where the item lacks it. Cells are the inverse of
``export.csv_cell``: S as text (``'`` the empty string), N digits, B base64 (``'`` empty),
BOOL true/false, NULL null, sets as JSON arrays, lists and maps as DynamoDB JSON (plain JSON,
as older exports wrote them, is read too: ``detect_json_form``). A cell the export
neutralised for spreadsheets (``'=...``, quoted: ``values.csv_cells``) is read back without
its ``'`` unless ``raw`` (a CSV written with ``--csv-raw``). Read record by record; the column
of a problem is the field's number."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import IO, Any

from dynoview.core.imports.model import Item, Located, Place, Problem, Record
from dynoview.core.imports.parse import RecordError, load_json
from dynoview.core.values.binary import parse_binary
from dynoview.core.values.csv_cells import needs_neutralising
from dynoview.core.values.dynamodb_json import detect_json_form, from_dynamodb_json
from dynoview.core.values.numbers import analyse_number, number_text
from dynoview.core.values.plain import from_plain
from dynoview.core.values.sets import binary_set, number_set, string_set
from dynoview.core.values.types import TYPE_ORDER, ValueParseError, describe_kind

_HEADER = re.compile(r"(?s)(.*) \((" + "|".join(TYPE_ORDER) + r")\)")


def unneutralise(text: str, raw: bool) -> str:
    """The cell as the table holds it: the export's ``'`` in front of a formula-like cell removed."""
    if not raw and text.startswith("'") and needs_neutralising(text[1:]):
        return text[1:]
    return text


def parse_header(cells: list[str], raw: bool) -> list[tuple[str, str]] | Problem:
    columns: list[tuple[str, str]] = []
    for number, cell in enumerate(cells, 1):
        match = _HEADER.fullmatch(unneutralise(cell, raw))
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
    reader = csv.reader(stream, strict=True)
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as exc:
        yield Problem(Place(0, reader.line_num or 1, 1), f"not valid CSV: {exc}.")
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
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield Problem(Place(index, start, 1), f"not valid CSV: {exc}.")
            return
        place = Place(index, start, 1)
        start = reader.line_num + 1
        if not any(row):
            continue
        index += 1
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
            item[name] = cell_value(unneutralise(cell, raw), code, name)
        except (ValueParseError, RecordError) as exc:
            message = exc.message if isinstance(exc, RecordError) else str(exc)
            return Problem(Place(place.index, place.line, number), message)
    if not item:
        return Problem(place, "the row has no values.")
    return Located(item, place)
