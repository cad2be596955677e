"""One record's JSON into an item: plain JSON (numbers exact, as DynoView's "json" export
writes them) or DynamoDB JSON (``{"Item": {...}}`` or the bare typed item), every problem a
sentence with the attribute it is in."""

from __future__ import annotations

import json
from typing import Any

from dynoview.core.imports.model import Item
from dynoview.core.values.dynamodb_json import WrittenNumber, from_dynamodb_json
from dynoview.core.values.plain import from_plain
from dynoview.core.values.types import MAX_NESTING_DEPTH, ValueParseError, describe_kind

#: JSON nested past what Python's parser can follow (DynamoDB stores far less anyway).
NESTED_TOO_DEEP = (f"the JSON is nested far too deeply to be read; DynamoDB stores values nested at "
                   f"most {MAX_NESTING_DEPTH} levels deep.")


class RecordError(Exception):
    """A record that is not an item; ``offset`` is where in its text (0-based), when known."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


def _constant(name: str) -> Any:
    raise ValueParseError(f"{name} is not a number DynamoDB can store; write a string or null.")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)  # (built in C: the loop below runs only when a key repeats)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise ValueParseError(f"The attribute {key!r} appears twice in one object; keep one.")
        seen.add(key)
    return out


def load_json(text: str) -> Any:
    """JSON with every number exact (``WrittenNumber``: its spelling kept, never a float) and
    duplicate keys refused: DynoView's plain JSON writes the stored digits ("0.0000000000001",
    never "1E-13"), and they are stored back as they were."""
    try:
        return json.loads(text, parse_float=WrittenNumber, parse_int=WrittenNumber, parse_constant=_constant,
                          object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        raise RecordError(json_problem(exc), exc.pos) from None
    except ValueParseError as exc:
        raise RecordError(exc.message) from None
    except RecursionError:  # a few hundred levels already exhaust the parser's stack
        raise RecordError(NESTED_TOO_DEEP) from None


#: Python's words for what is wrong with some JSON, said as what to fix where the problem is.
_SAID = {
    "Expecting value": "a value was expected here (a value missing, a comma too many, or text that "
                       "is not JSON); write the value, or take out what does not belong",
    "Expecting ',' delimiter": "a comma was expected here, between two values (a comma missing, or "
                               'a " inside a string written as it is rather than as \\"); add it',
    "Expecting ':' delimiter": "a colon was expected here, after an attribute name; add it",
    "Expecting property name enclosed in double quotes": "an attribute name in double quotes was "
        "expected here (a comma too many before a }, or a name in single quotes); fix it there",
    "Unterminated string starting at": 'a string starts here and never ends (its closing " is '
                                       "missing, or the record was cut short); close it",
    "Invalid \\escape": "a backslash starts an escape JSON does not have; write a backslash as \\\\",
    "Invalid \\uXXXX escape": "a \\u escape needs four hexadecimal digits (\\u00e9); fix it there",
    "Extra data": "there is more after the JSON value has ended (two records on one line, say); "
                  "keep one value here, each record on a line of its own",
}


def json_problem(exc: json.JSONDecodeError) -> str:
    """What is wrong with the JSON at ``exc.pos``, and what to do about it, as a sentence: a NUL
    (a binary or damaged file), a control character written as it is, lone CR line ends (old Mac
    files, which the line formats do not split on), else Python's words said plainly."""
    doc, pos = exc.doc, exc.pos
    char = doc[pos] if pos < len(doc) else ""
    if char == "\x00":
        return ("not valid JSON: the record holds a NUL character (a zero byte), which JSON text never "
                "does: this is a binary file, or a damaged copy (cut off and filled with zeros). Check "
                "that it is the right file, or export it again.")
    if exc.msg.startswith("Invalid control character") and char and char in "\r\n":
        return ('not valid JSON: a string runs into a line break: its closing " is missing (the '
                "record cut short, say), or the line break belongs in the value, which JSON writes "
                "as \\n; close the string, or write the line break as \\n.")
    if exc.msg.startswith("Invalid control character"):
        return (f"not valid JSON: a string holds the control character U+{ord(char or ' '):04X} as it "
                f"is; JSON writes it escaped (\\n, \\t, \\u{ord(char or ' '):04x}): fix the string there.")
    gap = doc[:pos]
    if exc.msg == "Extra data" and "\r" in gap[len(gap.rstrip(" \t\r\n")):]:
        return ("not valid JSON: this line holds more than one record, separated by a lone CR (the "
                "line ends of old Mac files), and the jsonl and ddb-json formats end a line at LF "
                "only. Save the file with LF (or CR LF) line ends, e.g. tr '\\r' '\\n' < FILE > "
                "FIXED, and import that.")
    said = _SAID.get(exc.msg)
    return f"not valid JSON: {said}." if said else f"not valid JSON ({exc.msg}): fix the JSON there."


def _offset_of(text: str, name: str) -> int:
    found = text.find(json.dumps(name, ensure_ascii=False))
    return max(found, 0)


def plain_item(obj: Any, text: str = "") -> Item:
    """A plain JSON object as an item (``from_plain``: numbers N, strings S, arrays L, ...)."""
    if not isinstance(obj, dict):
        raise RecordError(f"an item is a JSON object; this record is {describe_kind(obj)}.")
    item: Item = {}
    for name, value in obj.items():
        try:
            item[name] = from_plain(value, name)
        except ValueParseError as exc:
            raise RecordError(str(exc), _offset_of(text, name)) from None
    return item


def typed_item(obj: Any, text: str = "") -> Item:
    """``{"Item": {...}}`` or a bare ``{"name": {"S": ...}}`` object as an item."""
    body = obj.get("Item") if isinstance(obj, dict) and set(obj) == {"Item"} else obj
    if not isinstance(body, dict):
        raise RecordError('a DynamoDB JSON record is {"Item": {"name": {"S": "..."}}}; this one is '
                          f"{describe_kind(body)}.")
    item: Item = {}
    for name, value in body.items():
        try:
            item[name] = from_dynamodb_json(value, name)
        except ValueParseError as exc:
            raise RecordError(str(exc), _offset_of(text, name)) from None
    if not item:
        raise RecordError("the item has no attributes.")
    return item
