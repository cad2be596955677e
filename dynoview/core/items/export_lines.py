"""One item as a line of an export (DynamoDB JSON, plain JSON) or as CSV cells; the formats
themselves are described in ``items.export``, which writes them.

A string read from DynamoDB can hold a lone surrogate (half of a UTF-16 pair: DynamoDB Local
keeps the ``\\ud800`` a client sent), which UTF-8 cannot encode. The JSON lines write it as
its ``\\uXXXX`` escape: valid JSON that reads back to the same string. A CSV cell has no
escape that reads back as the same text, so a CSV export refuses the item, naming it.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.values.display import display_text
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.plain import plain_json, plain_value_json
from dynoview.core.values.types import type_code
from dynoview.core.values.visible_text import visible_value

Item = Mapping[str, Mapping[str, Any]]

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a character UTF-8 cannot encode. An ASCII text, the common case,
    is answered at once; encoding another is several times faster than searching it."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def escape_lone_surrogates(json_text: str) -> str:
    """JSON text with each lone surrogate as its ``\\uXXXX`` escape (JSON's structure is ASCII,
    so one can only be inside a string): valid JSON, the same data, writable as UTF-8. Text
    without one is returned as it is."""
    if not has_lone_surrogate(json_text):
        return json_text
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)


def _ddb_json_text(item: Item) -> str:
    return json.dumps({"Item": {k: to_dynamodb_json(v) for k, v in item.items()}},
                      ensure_ascii=False)


def ddb_json_line(item: Item) -> str:
    """``{"Item": {...}}`` in DynamoDB JSON: one line of DynamoDB's export to S3."""
    return escape_lone_surrogates(_ddb_json_text(item))


def plain_json_line(item: Item) -> str:
    """The item as one line of plain JSON (exact digits, sets as arrays, binary as base64)."""
    return escape_lone_surrogates(plain_json(item, indent=None))


def item_from_ddb_json_line(line: str) -> dict[str, Any]:
    """The item of an ``{"Item": {...}}`` line (the inverse of ``ddb_json_line``)."""
    obj = json.loads(line)
    body = obj.get("Item") if isinstance(obj, dict) else None
    if not isinstance(body, dict):
        raise DynoViewError('A DynamoDB JSON line holds {"Item": {...}}; this one does not.')
    return {name: from_dynamodb_json(av, name) for name, av in body.items()}


def csv_spool_line(item: Item, key_names: Sequence[str], position: int) -> str:
    """The line a CSV export keeps ``item`` as until its header is known, or, when the item
    holds a lone surrogate, a refusal naming the item (``position`` in the export, its key) and
    the attribute: the CSV is UTF-8 text, which cannot hold one."""
    line = _ddb_json_text(item)
    if has_lone_surrogate(line):
        raise _csv_refusal(item, key_names, position)
    return line


def _csv_refusal(item: Item, key_names: Sequence[str], position: int) -> DynoViewError:
    key = ", ".join(f"{visible_value(n)}={display_text(item[n], limit=60)}"
                    for n in key_names if n in item)
    which = f"Item {position:,} ({key})" if key else f"Item {position:,}"
    where, found = _first_lone_surrogate(item)
    return DynoViewError(
        f"{which} holds a lone surrogate (\\u{ord(found):04x}, half of a UTF-16 pair) in {where}. "
        "A CSV file is UTF-8 text, which cannot hold one: choose DynamoDB JSON (ddb-json), which "
        "writes it as that escape (valid JSON, the same string once read), or correct the value.",
        field="format")


def _first_lone_surrogate(item: Item) -> tuple[str, str]:
    """Where in ``item`` the first lone surrogate is (an attribute's name or value), and it."""
    for name, av in item.items():
        value = json.dumps(to_dynamodb_json(av), ensure_ascii=False)
        for place, text in ((f"the name of its attribute {visible_value(name)}", name),
                            (f"its attribute {visible_value(name)}", value)):
            match = _LONE_SURROGATE.search(text)
            if match is not None:
                return place, match.group()
    return "one of its attributes", "\ud800"  # not reached: the caller found one


def csv_cell(av: Mapping[str, Any]) -> str:
    """One CSV cell's text: S as text, N as its digits, B base64, BOOL true/false, NULL "null",
    sets as JSON arrays (the header keeps the type), lists and maps as DynamoDB JSON. Exact: the
    writer (``csv_cells.CsvWriter``) neutralises formula-like cells, N digits such as "-5"
    excepted, and ``imports.csv_typed`` reads every cell back as it was."""
    code = type_code(av)
    if code == "S":  # an empty cell is an attribute the item lacks: "" is written "'", and a
        text = str(av["S"])  # value of apostrophes only gets one more (``csv_typed`` takes it off)
        return "'" + text if text.strip("'") == "" else text
    if code == "N":
        return str(av["N"])
    if code == "BOOL":
        return "true" if av["BOOL"] else "false"
    if code == "NULL":
        return "null"
    if code == "B":  # empty binary as "'" (an empty cell is an attribute the item lacks)
        return base64.b64encode(bytes(av["B"])).decode("ascii") or "'"
    if code in ("L", "M"):
        # Every list and map as DynamoDB JSON, not only those plain JSON would change (binary and
        # sets inside, a map that looks typed): exact by construction, one form per column, and
        # what the console and the AWS CLI show. An empty one is [] or {} in both forms.
        return json.dumps(to_dynamodb_json(av)[code], ensure_ascii=False)
    return plain_value_json(av)  # a set: members of the one type the header names


def csv_header(column: tuple[str, str]) -> str:
    return f"{column[0]} ({column[1]})"


class CsvColumns:
    """(attribute, type) columns in a stable order: the keys first, then as first seen."""

    def __init__(self, key_names: Sequence[str] = ()) -> None:
        self.key_names = tuple(key_names)
        self._seen: dict[tuple[str, str], None] = {}

    def add(self, item: Item) -> None:
        for name, av in item.items():
            self._seen.setdefault((name, type_code(av)), None)

    def columns(self) -> list[tuple[str, str]]:
        keys = [c for k in self.key_names for c in self._seen if c[0] == k]
        return keys + [c for c in self._seen if c[0] not in self.key_names]


def csv_row(item: Item, columns: Sequence[tuple[str, str]]) -> list[str]:
    row = []
    for name, code in columns:
        av = item.get(name)
        row.append(csv_cell(av) if av is not None and type_code(av) == code else "")
    return row

