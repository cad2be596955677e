"""String, number and binary sets: DynamoDB stores no empty set and no repeated member."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from dynoview.core.values.binary import base64_text
from dynoview.core.values.numbers import analyse_number
from dynoview.core.values.types import ValueParseError, check_utf8, child_path, describe_kind


def _check_set_members(
    code: str, members: list[Any], keys: list[Any], path: str, show: Callable[[Any], str]
) -> None:
    """Sets must be non-empty and members distinct (DynamoDB rejects duplicates).

    ``keys`` holds each member's identity, so NS members compare numerically.
    """
    if not members:
        raise ValueParseError(
            f"DynamoDB does not store empty sets; add a member to this {code}, or remove the attribute.",
            path,
        )
    seen: dict[Any, int] = {}
    for index, (member, key) in enumerate(zip(members, keys, strict=True)):
        if key in seen:
            first = seen[key]
            same = show(members[first])
            also = "" if same == show(member) else f" (as {show(member)})"
            raise ValueParseError(
                f"Set members must be distinct; {same} appears more than once{also}, at "
                f"positions {first} and {index}. Remove the duplicate.",
                child_path(path, index),
            )
        seen[key] = index


def string_set(members: list[Any], path: str) -> dict[str, Any]:
    """An SS value from its members (strings, valid UTF-8, distinct)."""
    for index, member in enumerate(members):
        if not isinstance(member, str):
            raise ValueParseError(
                f"String set members must be strings; found {describe_kind(member)}.",
                child_path(path, index),
            )
        check_utf8(member, child_path(path, index))
    _check_set_members("SS", members, members, path, lambda m: json.dumps(m, ensure_ascii=False))
    return {"SS": list(members)}


def number_set(members: list[str], path: str) -> dict[str, Any]:
    """An NS value from number strings, validated; members equal in value count as repeats."""
    texts: list[str] = []
    keys: list[tuple[bool, str, int]] = []
    for index, member in enumerate(members):
        text, number = analyse_number(member, child_path(path, index))
        texts.append(text)
        keys.append(number.key)
    _check_set_members("NS", texts, keys, path, lambda t: t)
    return {"NS": texts}


def binary_set(members: list[bytes], path: str) -> dict[str, Any]:
    """A BS value from distinct byte strings."""
    data = [bytes(m) for m in members]
    _check_set_members("BS", data, data, path, lambda m: "b64:" + base64_text(m))
    return {"BS": data}
