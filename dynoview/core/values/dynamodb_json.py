"""DynamoDB JSON (typed values, binary as base64, as files and the AWS CLI write them) to and
from the in-memory AttributeValues, losslessly in both directions."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from typing import Any, Literal

from dynoview.core.values.binary import base64_text, parse_binary
from dynoview.core.values.numbers import analyse_number
from dynoview.core.values.sets import binary_set, number_set, string_set
from dynoview.core.values.types import (
    TYPE_CODES,
    TYPE_ORDER,
    ValueParseError,
    abbreviate,
    check_depth,
    check_utf8,
    child_path,
    describe_kind,
    map_value,
    type_code,
)


class WrittenNumber(Decimal):
    """A number a JSON file wrote unquoted, kept as written (``text``; the ``parse_float`` and
    ``parse_int`` of ``loads_user_json``): DynamoDB JSON refuses it, and the fix then quotes it
    digit for digit, where a float would have rounded it (or made 1e400 "inf")."""

    text: str

    def __new__(cls, text: str) -> WrittenNumber:
        number = super().__new__(cls, text)
        number.text = text
        return number

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__

    # Copies keep the text (Decimal's own would rebuild it from the value: 1e400 as 1E+400).
    def __reduce__(self) -> tuple[type[WrittenNumber], tuple[str]]:
        return type(self), (self.text,)

    def __copy__(self) -> WrittenNumber:
        return self

    def __deepcopy__(self, _memo: Any) -> WrittenNumber:
        return self


def _single_type_key(obj: Any) -> str | None:
    """The type code if ``obj`` is shaped like an AttributeValue (one known key), else None."""
    if isinstance(obj, Mapping) and len(obj) == 1:
        (key,) = obj.keys()
        if key in TYPE_CODES:
            return key
    return None


def detect_json_form(obj: Any) -> Literal["dynamodb", "plain"]:
    """Decide whether parsed L/M JSON text is DynamoDB JSON or plain JSON.

    DynamoDB JSON when it is non-empty and every element (list) or every value (object) is
    shaped like a typed value: an object with exactly one key that is a type code, such as
    ``{"S": "x"}``. Otherwise plain. Shape alone decides, so a typed value with a wrong
    member (``{"N": 5}``) is reported as an error rather than silently stored as a map.
    """
    if isinstance(obj, list):
        elements: Iterable[Any] = obj
    elif isinstance(obj, Mapping):
        elements = obj.values()
    else:
        return "plain"
    elements = list(elements)
    if elements and all(_single_type_key(e) is not None for e in elements):
        return "dynamodb"
    return "plain"


def from_dynamodb_json(obj: Any, path: str = "", depth: int = 1) -> dict[str, Any]:
    """Validate a DynamoDB-JSON AttributeValue (as in a file or the AWS CLI) and convert it.

    Binary arrives as base64 strings and becomes ``bytes``. Strict on purpose, so bad
    imports fail here with a located message rather than at the service: exactly one type
    key, member types as the API documents them, valid numbers, non-empty distinct sets.
    Raises only ``ValueParseError``.

    ``path`` and ``depth`` place ``obj`` inside a larger value (depth 1: an attribute).
    """
    check_depth(depth, path)
    code, member = _type_key(obj, path)
    return _CONVERTERS[code](code, member, path, depth)


def _type_key(obj: Any, path: str) -> tuple[str, Any]:
    """The one type key of a typed value and what it holds."""
    if not isinstance(obj, Mapping):
        raise ValueParseError(
            f'Expected a typed value such as {{"S": "text"}}; found {describe_kind(obj)}.', path
        )
    if len(obj) != 1:
        keys = ", ".join(sorted(str(k) for k in obj)) or "none"
        raise ValueParseError(
            "A typed value has exactly one type key (S, N, B, BOOL, NULL, SS, NS, BS, L or M);"
            f" this one has {len(obj)} ({keys}).",
            path,
        )
    ((code, member),) = obj.items()
    if code not in TYPE_CODES:
        hint = ""
        if isinstance(code, str) and code.upper() in TYPE_CODES:
            hint = f" Type keys are upper case: write {code.upper()!r}."
        raise ValueParseError(
            f"{str(code)!r} is not a DynamoDB type; use one of {', '.join(TYPE_ORDER)}.{hint}",
            path,
        )
    return code, member


def _expect(code: str, member: Any, kind: type | tuple[type, ...], what: str, path: str) -> None:
    if not isinstance(member, kind) or (kind is not bool and isinstance(member, bool)):
        raise ValueParseError(
            f"{code} values are written as {what} in DynamoDB JSON; found {describe_kind(member)}.",
            path,
        )


def _string(code: str, member: Any, path: str, _depth: int) -> dict[str, Any]:
    _expect(code, member, str, "a string", path)
    return {"S": check_utf8(member, path)}


def _number(code: str, member: Any, path: str, _depth: int) -> dict[str, Any]:
    if isinstance(member, int | Decimal | float) and not isinstance(member, bool):
        written = member.text if isinstance(member, WrittenNumber) else member
        raise ValueParseError(
            f'N values are written as strings in DynamoDB JSON, e.g. {{"N": "{written}"}}; '
            "quote the number so no digit is lost.",
            path,
        )
    _expect(code, member, str, "a string of digits", path)
    _no_spaces(member, path)
    return {"N": analyse_number(member, path)[0]}


def _binary(code: str, member: Any, path: str, _depth: int) -> dict[str, Any]:
    _expect(code, member, str, "a base64 string", path)
    return {"B": parse_binary(member, path)}


def _bool(code: str, member: Any, path: str, _depth: int) -> dict[str, Any]:
    _expect(code, member, bool, "true or false", path)
    return {"BOOL": member}


def _null(_code: str, member: Any, path: str, _depth: int) -> dict[str, Any]:
    if member is not True:
        raise ValueParseError(
            'NULL is always written as {"NULL": true}; to store false use a BOOL, '
            "or remove the attribute.",
            path,
        )
    return {"NULL": True}


def _set(code: str, member: Any, path: str, _depth: int) -> dict[str, Any]:
    _expect(code, member, list, "a JSON array", path)
    members: list[Any] = list(member)
    if code == "SS":
        return string_set(members, path)
    for index, m in enumerate(members):
        if not isinstance(m, str):
            what = "number strings" if code == "NS" else "base64 strings"
            raise ValueParseError(
                f"{code} members are written as {what}; found {describe_kind(m)}.",
                child_path(path, index),
            )
    if code == "NS":
        for index, m in enumerate(members):
            _no_spaces(m, child_path(path, index))
        return number_set(members, path)
    decoded = [parse_binary(m, child_path(path, i)) for i, m in enumerate(members)]
    return binary_set(decoded, path)


def _list(code: str, member: Any, path: str, depth: int) -> dict[str, Any]:
    _expect(code, member, list, "a JSON array", path)
    return {"L": [from_dynamodb_json(v, child_path(path, i), depth + 1) for i, v in enumerate(member)]}


def _map(code: str, member: Any, path: str, depth: int) -> dict[str, Any]:
    _expect(code, member, Mapping, "a JSON object", path)
    return map_value(member, path, depth, from_dynamodb_json)


_CONVERTERS: dict[str, Callable[[str, Any, str, int], dict[str, Any]]] = {
    "S": _string, "N": _number, "B": _binary, "BOOL": _bool, "NULL": _null,
    "SS": _set, "NS": _set, "BS": _set, "L": _list, "M": _map,
}


def _no_spaces(text: str, path: str) -> None:
    """DynamoDB JSON numbers carry no surrounding spaces (DynamoDB refuses " 1"); typed input
    (``parse_number``) may, and is trimmed."""
    if text != text.strip():
        raise ValueParseError(f"The number {text!r} has spaces around it, which DynamoDB refuses; "
                              "remove them.", path)


def _memory_bytes(member: Any, path: str = "") -> bytes:
    """A binary value in memory form is bytes; text there (base64 or not) is a request in
    DynamoDB JSON opened as memory form, refused here rather than encoded as UTF-8."""
    if isinstance(member, bytes | bytearray | memoryview):
        return bytes(member)
    raise ValueParseError(f"A binary value here must be bytes, not {describe_kind(member)} "
                          f"({abbreviate(str(member))!r}): sent as it is, its characters would be "
                          "stored, not the bytes they stand for. Give the bytes, or open the "
                          "request as DynamoDB JSON (binary as base64 text).", path)


def check_memory_binary(av: Any, path: str = "") -> None:
    """Raise ``ValueParseError`` (at its path) for a B or BS member of an in-memory value, nested
    in maps and lists too, that is not bytes. Other shapes are left to the value checks."""
    if not isinstance(av, Mapping) or len(av) != 1:
        return
    ((code, member),) = av.items()
    if code == "B":
        _memory_bytes(member, path)
    elif code == "BS" and isinstance(member, list | tuple | set | frozenset):
        for i, m in enumerate(member):
            _memory_bytes(m, child_path(path, i))
    elif code == "L" and isinstance(member, list):
        for i, child in enumerate(member):
            check_memory_binary(child, child_path(path, i))
    elif code == "M" and isinstance(member, Mapping):
        for key, child in member.items():
            check_memory_binary(child, child_path(path, str(key)))


def to_dynamodb_json(av: Mapping[str, Any]) -> Any:
    """Convert an in-memory AttributeValue to DynamoDB JSON (binary as base64 strings).

    The exact inverse of ``from_dynamodb_json``, so exported items re-import losslessly.
    """
    code = type_code(av)
    member = av[code]
    if code == "B":
        return {"B": base64_text(_memory_bytes(member))}
    if code == "BS":
        return {"BS": [base64_text(_memory_bytes(m)) for m in member]}
    if code in ("SS", "NS"):
        return {code: list(member)}
    if code == "L":
        return {"L": [to_dynamodb_json(v) for v in member]}
    if code == "M":
        return {"M": {k: to_dynamodb_json(v) for k, v in member.items()}}
    return {code: member}


def dynamodb_json(item: Mapping[str, Mapping[str, Any]], indent: int | None = 2) -> str:
    """Render an item (name → AttributeValue) as DynamoDB JSON text, as the AWS CLI shows it."""
    return json.dumps(
        {name: to_dynamodb_json(av) for name, av in item.items()},
        indent=indent,
        ensure_ascii=False,
    )
