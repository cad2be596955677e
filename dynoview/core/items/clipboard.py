"""Selected items as text for the clipboard: DynamoDB JSON, plain JSON, CSV, or boto3 keys.

One item copies as one JSON object, several as an array. CSV is the export's own
(``item_export``: a column per attribute and type, formula-looking text defused). A boto3
key is the low-level client's ``Key=`` argument, written as a Python literal with ``repr``
and read back with ``ast.literal_eval`` before it is offered: a value from a table is data,
never code.
"""

from __future__ import annotations

import ast
import json
import pprint
from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.items import export as item_export
from dynoview.core.items.export_lines import escape_lone_surrogates
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.core.values.plain import plain_json

DDB_JSON = "ddb-json"
PLAIN_JSON = "json"
CSV = "csv"
BOTO3_KEY = "boto3-key"
FORMATS = (DDB_JSON, PLAIN_JSON, CSV, BOTO3_KEY)
LABELS = {DDB_JSON: "DynamoDB JSON", PLAIN_JSON: "Plain JSON", CSV: "CSV",
          BOTO3_KEY: "boto3 Key (low-level client)"}

Item = Mapping[str, Mapping[str, Any]]


# A lone surrogate (DynamoDB Local stores one sent escaped) is copied as its \uXXXX escape: the
# clipboard is UTF-8 text, and Qt dropped it ("a\ud800b" pasted as "ab").
def _ddb_json(items: Sequence[Item]) -> str:
    data = [{name: to_dynamodb_json(av) for name, av in item.items()} for item in items]
    return escape_lone_surrogates(json.dumps(data[0] if len(data) == 1 else data, indent=2,
                                             ensure_ascii=False))


def _plain_json(items: Sequence[Item]) -> str:
    # plain_json keeps numbers' stored digits (never through float): join its objects.
    objects = [plain_json(item, indent=2) for item in items]
    if len(objects) == 1:
        return escape_lone_surrogates(objects[0])
    return escape_lone_surrogates(
        "[\n" + ",\n".join("  " + text.replace("\n", "\n  ") for text in objects) + "\n]")


def _python_value(av: Mapping[str, Any]) -> Any:
    """A low-level AttributeValue as plain Python data boto3's low-level client takes."""
    (code, member), = av.items()
    if code == "B":
        return {code: bytes(member)}
    if code == "BS":
        return {code: [bytes(m) for m in member]}
    if code in ("SS", "NS"):
        return {code: [str(m) for m in member]}
    return {code: str(member) if code in ("S", "N") else member}


def _boto3_keys(items: Sequence[Item], key_names: Sequence[str]) -> str:
    if not key_names:
        raise DynoViewError("These items have no known key attributes, so there is no Key to copy.")
    keys = []
    for item in items:
        missing = [name for name in key_names if name not in item]
        if missing:
            raise DynoViewError(f"An item lacks its key attribute {missing[0]}: there is no Key to copy.")
        keys.append({name: _python_value(item[name]) for name in key_names})
    data: Any = keys[0] if len(keys) == 1 else keys
    literal = pprint.pformat(data, indent=1, width=100, sort_dicts=False)
    if ast.literal_eval(literal) != data:  # proves the text holds no names or calls
        raise DynoViewError("The key could not be written as a Python literal that reads back the "
                            "same. Report this as a bug in DynoView.")
    return f"Key={literal}" if len(keys) == 1 else f"keys = {literal}"


def copy_text(items: Sequence[Item], fmt: str, key_names: Sequence[str] = ()) -> str:
    """The items as text in ``fmt`` (one of ``FORMATS``)."""
    if not items:
        raise DynoViewError("Select one or more items to copy.")
    if fmt == DDB_JSON:
        return _ddb_json(items)
    if fmt == PLAIN_JSON:
        return _plain_json(items)
    if fmt == CSV:
        return item_export.render(items, item_export.CSV, key_names)
    if fmt == BOTO3_KEY:
        return _boto3_keys(items, key_names)
    raise ValueError(f"unknown copy format {fmt!r}")
