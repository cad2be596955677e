"""What a DynamoDB AttributeValue is: the ten type codes, the error every value parser raises,
and the checks all of them share (nesting depth, UTF-8 text, where in a nested value a problem is).

Items live everywhere in the app in DynamoDB's low-level form, exactly as the boto3 *client*
returns them: ``{"email": {"S": "a@b"}, "n": {"N": "1.50"}, "b": {"B": b"\\x00"}}``. Numbers stay
the strings DynamoDB sent (never a float); ``B``/``BS`` members are ``bytes``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from dynoview.core.errors import InputError

#: DynamoDB accepts documents nested at most 32 levels deep.
MAX_NESTING_DEPTH = 32

SCALAR_TYPES = frozenset({"S", "N", "B", "BOOL", "NULL"})
SET_TYPES = frozenset({"SS", "NS", "BS"})
TYPE_CODES = frozenset(SCALAR_TYPES | SET_TYPES | {"L", "M"})
# A stable, documented order for messages.
TYPE_ORDER = ("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M")


class ValueParseError(InputError):
    """A value the user typed or imported is not a valid DynamoDB value.

    ``message`` is a sentence saying what is wrong and what to do; ``path`` locates the
    offending part of a nested value (``tags[2]``, ``address.city``), empty at top level.
    """

    def __init__(self, message: str, path: str = "") -> None:
        self.message = message
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


def type_code(av: Mapping[str, Any]) -> str:
    """Return the type code of an AttributeValue (``S``, ``N``, ..., ``M``).

    Raises ``ValueParseError`` if ``av`` does not have exactly one known type key.
    """
    if isinstance(av, Mapping) and len(av) == 1:
        (code,) = av.keys()
        if code in TYPE_CODES:
            return code
    raise ValueParseError(
        f"Not an AttributeValue: expected one type key such as 'S', found {_describe_av(av)}."
    )


def _describe_av(av: Any) -> str:
    if isinstance(av, Mapping):
        return "keys " + (", ".join(repr(k) for k in av) or "none")
    return describe_kind(av)


def abbreviate(text: str, limit: int = 24) -> str:
    """Shorten long user text for messages, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 4]}...({len(text)} characters)"


def check_utf8(text: str, path: str) -> str:
    """DynamoDB stores strings as UTF-8, which cannot hold an unpaired surrogate (what a
    ``"\ud83d"`` JSON escape cut from its pair decodes to): refuse it rather than send it."""
    problem = utf8_problem(text, "This text")
    if problem is not None:
        raise ValueParseError(problem, path)
    return text


def utf8_problem(text: str, what: str) -> str | None:
    """Why ``text`` (``what`` names it: "This text") cannot be UTF-8, or None when it can."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (f"{what} holds an unpaired surrogate (\\u{ord(text[exc.start]):04x}) at character "
                f"{exc.start + 1}; DynamoDB stores strings as UTF-8 and cannot keep it. Remove it, or "
                "complete the character (an emoji cut in half?).")
    return None


def escaped(text: str) -> str:
    """``text`` with each unpaired surrogate as its JSON escape (``a\\udc00``), as the file
    wrote it: a sentence quoting it can be printed and logged."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def child_path(path: str, key: str | int) -> str:
    """Extend a location: ``tags`` + 2 → ``tags[2]``; ``address`` + ``city`` → ``address.city``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def check_depth(depth: int, path: str) -> None:
    """Refuse a value nested deeper than DynamoDB stores (``depth`` 1 is an attribute)."""
    if depth > MAX_NESTING_DEPTH:
        raise ValueParseError(
            f"DynamoDB supports nesting at most {MAX_NESTING_DEPTH} levels deep; flatten this value.",
            path,
        )


def describe_kind(obj: Any) -> str:
    """Name a JSON/Python value's kind for messages."""
    if obj is None:
        return "null"
    if isinstance(obj, bool):
        return "a boolean"
    if isinstance(obj, int | Decimal | float):
        return "a number"
    if isinstance(obj, str):
        return "a string"
    if isinstance(obj, bytes | bytearray | memoryview):
        return "bytes"
    if isinstance(obj, list | tuple):
        return "a list"
    if isinstance(obj, Mapping):
        return "an object"
    if isinstance(obj, set | frozenset):
        return "a set"
    return f"a {type(obj).__name__}"


def map_value(members: Mapping[Any, Any], path: str, depth: int,
              convert: Callable[[Any, str, int], dict[str, Any]]) -> dict[str, Any]:
    """``{"M": ...}``: string keys (valid UTF-8), each value typed by ``convert`` one level down."""
    result: dict[str, Any] = {}
    for key, value in members.items():
        if not isinstance(key, str):
            raise ValueParseError(f"Map keys must be strings; found {describe_kind(key)}.", path)
        check_utf8(key, path)
        result[key] = convert(value, child_path(path, key), depth + 1)
    return {"M": result}


def empty_map_key(av: Any, path: str) -> str | None:
    """Where a nested map of ``av`` (the attribute at ``path``) has an empty attribute name,
    which DynamoDB refuses, or None."""
    if not isinstance(av, Mapping) or len(av) != 1:
        return None
    ((code, member),) = av.items()
    if code == "M" and isinstance(member, Mapping):
        for key, child in member.items():
            if key == "":
                return path
            found = empty_map_key(child, f"{path}.{key}")
            if found is not None:
                return found
    elif code == "L" and isinstance(member, list):
        for i, child in enumerate(member):
            found = empty_map_key(child, f"{path}[{i}]")
            if found is not None:
                return found
    return None
