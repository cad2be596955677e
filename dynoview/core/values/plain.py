"""Plain Python and JSON values: ``from_plain`` converts them to AttributeValues as boto3's
serializer does; ``plain_json`` renders items for people without losing a digit."""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from dynoview.core.values.binary import base64_text
from dynoview.core.values.numbers import json_number, number_text
from dynoview.core.values.sets import binary_set, number_set, string_set
from dynoview.core.values.types import (
    ValueParseError,
    check_depth,
    check_utf8,
    child_path,
    describe_kind,
    map_value,
    type_code,
)


def from_plain(obj: Any, path: str = "", depth: int = 1) -> dict[str, Any]:
    """Convert a plain Python/JSON value to an AttributeValue, like boto3's serializer.

    ``int``/``Decimal`` → N (exact digits), ``str`` → S, ``bytes`` → B, ``bool`` → BOOL,
    ``None`` → NULL, sets → SS/NS/BS, lists/tuples → L, mappings → M. Floats are refused
    because they cannot hold DynamoDB numbers exactly. Raises only ``ValueParseError``.

    ``path`` and ``depth`` place ``obj`` inside a larger value (depth 1: an attribute).
    """
    check_depth(depth, path)
    if obj is None:
        return {"NULL": True}
    if isinstance(obj, bool):
        return {"BOOL": obj}
    if isinstance(obj, int | Decimal):
        return {"N": number_text(obj, path)}
    if isinstance(obj, float):
        raise ValueParseError(
            f"Floats cannot hold DynamoDB numbers exactly ({obj!r}); use decimal.Decimal or "
            "a string of digits instead.",
            path,
        )
    if isinstance(obj, str):
        return {"S": check_utf8(obj, path)}
    if isinstance(obj, bytes | bytearray | memoryview):
        return {"B": bytes(obj)}
    if isinstance(obj, set | frozenset):
        members = list(obj)
        if not members:
            raise ValueParseError(
                "DynamoDB does not store empty sets; add a member, or remove the attribute.",
                path,
            )
        if all(isinstance(m, str) for m in members):
            return string_set(sorted(members), path)
        if all(isinstance(m, int | Decimal) and not isinstance(m, bool) for m in members):
            texts = [number_text(m, path) for m in members]
            return number_set(sorted(texts, key=Decimal), path)
        if all(isinstance(m, bytes | bytearray | memoryview) for m in members):
            return binary_set(sorted(bytes(m) for m in members), path)
        raise ValueParseError(
            "Set members must all be strings, all numbers (int or Decimal) or all bytes; "
            "this set mixes kinds.",
            path,
        )
    if isinstance(obj, list | tuple):
        return {"L": [from_plain(v, child_path(path, i), depth + 1) for i, v in enumerate(obj)]}
    if isinstance(obj, Mapping):
        return map_value(obj, path, depth, from_plain)
    raise ValueParseError(
        f"{describe_kind(obj).capitalize()} cannot be stored in DynamoDB; convert it to a string, "
        "number, bytes, boolean, None, set, list or dict.",
        path,
    )


def _render_plain(av: Mapping[str, Any], indent: int | None, level: int) -> str:
    code = type_code(av)
    member = av[code]
    if code == "S":
        return json.dumps(member, ensure_ascii=False)
    if code == "N":
        return json_number(member)
    if code == "B":
        return json.dumps(base64_text(bytes(member)))
    if code == "BOOL":
        return "true" if member else "false"
    if code == "NULL":
        return "null"
    if code == "SS":
        parts = [json.dumps(m, ensure_ascii=False) for m in member]
    elif code == "NS":
        parts = [json_number(m) for m in member]
    elif code == "BS":
        parts = [json.dumps(base64_text(bytes(m))) for m in member]
    elif code == "L":
        parts = [_render_plain(v, indent, level + 1) for v in member]
    else:  # M
        return _render_object(
            [(k, _render_plain(v, indent, level + 1)) for k, v in member.items()], indent, level
        )
    return _render_array(parts, indent, level)


def _render_array(parts: list[str], indent: int | None, level: int) -> str:
    if not parts:
        return "[]"
    if indent is None:
        return "[" + ", ".join(parts) + "]"
    inner = "\n" + " " * (indent * (level + 1))
    return "[" + inner + ("," + inner).join(parts) + "\n" + " " * (indent * level) + "]"


def _render_object(pairs: list[tuple[str, str]], indent: int | None, level: int) -> str:
    if not pairs:
        return "{}"
    entries = [f"{json.dumps(k, ensure_ascii=False)}: {v}" for k, v in pairs]
    if indent is None:
        return "{" + ", ".join(entries) + "}"
    inner = "\n" + " " * (indent * (level + 1))
    return "{" + inner + ("," + inner).join(entries) + "\n" + " " * (indent * level) + "}"


def plain_json(item: Mapping[str, Mapping[str, Any]], indent: int | None = 2) -> str:
    """Render an item as plain JSON for humans, without losing a digit.

    Numbers are written with their stored digits (unquoted, never via float), sets as
    arrays, binary as base64 strings; output matches ``json.dumps(indent=2,
    ensure_ascii=False)`` layout. Types are not recorded: use ``dynamodb_json`` to
    re-import.
    """
    pairs = [(name, _render_plain(av, indent, 1)) for name, av in item.items()]
    return _render_object(pairs, indent, 0)


def plain_value_json(av: Mapping[str, Any]) -> str:
    """One value as plain JSON on one line, as ``plain_json`` writes it inside an item."""
    return _render_plain(av, None, 0)
