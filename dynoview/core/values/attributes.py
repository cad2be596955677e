"""Typed DynamoDB attribute values: parsing, validation, conversion, display and size.

Items live everywhere in the app in DynamoDB's low-level form, exactly as the boto3
*client* returns them: ``{"email": {"S": "a@b"}, "n": {"N": "1.50"}, "b": {"B": b"\\x00"}}``.
Numbers stay the strings DynamoDB sent (never a float); ``B``/``BS`` members are ``bytes``.

This module is the one place that knows the rules of those values (what a valid ``N`` is,
how big an attribute is, how two values compare) and the text forms users type, import
and export (DynamoDB JSON with base64 binary, and plain JSON).
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import (
    Clamped,
    Context,
    Decimal,
    Inexact,
    Overflow,
    Rounded,
    Underflow,
)
from typing import Any, Literal

from dynoview.core.errors import InputError

__all__ = [
    "DYNAMODB_CONTEXT",
    "MAX_NESTING_DEPTH",
    "MAX_NUMBER_DIGITS",
    "SCALAR_TYPES",
    "SET_TYPES",
    "TYPE_CODES",
    "ValueParseError",
    "attribute_size",
    "detect_json_form",
    "display_text",
    "dynamodb_json",
    "from_dynamodb_json",
    "from_plain",
    "item_size",
    "number_identity",
    "parse_binary",
    "parse_number",
    "parse_value",
    "plain_json",
    "plain_value_json",
    "read_units",
    "to_dynamodb_json",
    "to_plain",
    "type_code",
    "values_equal",
    "write_units",
]

#: The decimal context boto3 uses for DynamoDB numbers: 38 digits, and every loss of
#: precision or range is an error rather than a silent rounding.
DYNAMODB_CONTEXT = Context(
    Emin=-128,
    Emax=126,
    prec=38,
    traps=[Clamped, Overflow, Inexact, Rounded, Underflow],
)

#: DynamoDB numbers carry at most 38 significant digits.
MAX_NUMBER_DIGITS = 38
#: DynamoDB accepts documents nested at most 32 levels deep.
MAX_NESTING_DEPTH = 32

# Magnitude limits, as adjusted exponents (the power of ten of the first significant digit):
# 1E-130 is the smallest positive number and 9.99…9 (38 nines)E+125 the largest.
_MIN_ADJUSTED_EXPONENT = -130
_MAX_ADJUSTED_EXPONENT = 125
_RANGE_TEXT = "between 1E-130 and 9.9999999999999999999999999999999999999E+125"

SCALAR_TYPES = frozenset({"S", "N", "B", "BOOL", "NULL"})
SET_TYPES = frozenset({"SS", "NS", "BS"})
TYPE_CODES = frozenset(SCALAR_TYPES | SET_TYPES | {"L", "M"})
# A stable, documented order for messages.
_TYPE_ORDER = ("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M")

# Decimal notation only, ASCII digits only: Python's Decimal would also take "1_000",
# "NaN", "Infinity" and non-ASCII digits, none of which DynamoDB accepts.
_NUMBER_RE = re.compile(
    r"(?P<sign>[+-]?)(?:(?P<int>[0-9]+)(?:\.(?P<frac1>[0-9]*))?|\.(?P<frac2>[0-9]+))"
    r"(?:[eE](?P<exp>[+-]?[0-9]+))?"
)
# Exponents with more digits than this are out of range whatever the mantissa says.
_MAX_EXPONENT_DIGITS = 9
_WHITESPACE_RE = re.compile(r"\s+")
_BASE64_RE = re.compile(r"[A-Za-z0-9+/]*={0,2}")


class ValueParseError(InputError):
    """A value the user typed or imported is not a valid DynamoDB value.

    ``message`` is a sentence saying what is wrong and what to do; ``path`` locates the
    offending part of a nested value (``tags[2]``, ``address.city``), empty at top level.
    """

    def __init__(self, message: str, path: str = "") -> None:
        self.message = message
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


# --------------------------------------------------------------------------- numbers


@dataclass(frozen=True)
class _Number:
    """A validated number reduced to sign, significant digits and adjusted exponent."""

    negative: bool
    digits: str  # significant digits without leading/trailing zeros; "" for zero
    adjusted: int  # power of ten of the first significant digit; 0 for zero

    @property
    def key(self) -> tuple[bool, str, int]:
        """A key equal for numerically equal numbers (so 1, 1.0 and 10E-1 collide)."""
        if not self.digits:
            return (False, "", 0)
        return (self.negative, self.digits, self.adjusted)


def _abbreviate(text: str, limit: int = 24) -> str:
    """Shorten long user text for messages, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 4]}...({len(text)} characters)"


def _abbreviate_digits(text: str) -> str:
    """Shorten a long number for messages, e.g. ``1234...(40 digits)``."""
    if len(text) <= 24:
        return text
    return f"{text[:4]}...({sum(c.isdigit() for c in text)} digits)"


def _analyse_number(text: str, path: str = "") -> tuple[str, _Number]:
    """Validate a number as DynamoDB does; return the text to send and its analysis."""
    stripped = text.strip()
    if not stripped:
        raise ValueParseError("A number is required; type digits such as 42 or -1.5.", path)
    match = _NUMBER_RE.fullmatch(stripped)
    if match is None:
        lowered = stripped.lower().lstrip("+-")
        if lowered in {"nan", "inf", "infinity", "snan"}:
            msg = (
                f"DynamoDB numbers must be finite; {_abbreviate(stripped)} is not allowed. "
                "Store a finite number, or use a string or NULL attribute instead."
            )
        elif lowered.startswith("0x"):
            msg = f"Hexadecimal numbers are not allowed; write {_abbreviate(stripped)} in decimal digits."
        else:
            msg = (
                f"{_abbreviate(stripped)!r} is not a number; write decimal digits with an "
                "optional sign, decimal point and exponent, such as -12.5 or 3E+7."
            )
        raise ValueParseError(msg, path)
    sign = match["sign"]
    int_part = match["int"] or ""
    frac_part = match["frac1"] or match["frac2"] or ""
    exp_text = match["exp"] or "0"
    normalised = stripped[1:] if sign == "+" else stripped

    all_digits = (int_part + frac_part).lstrip("0")
    significant = all_digits.rstrip("0")
    if not significant:
        # Zero: any exponent is fine as long as it is a sensible size.
        if len(exp_text.lstrip("+-").lstrip("0")) > _MAX_EXPONENT_DIGITS:
            raise ValueParseError(
                f"The exponent of {_abbreviate(stripped)} is too large; write zero as 0.", path
            )
        return normalised, _Number(False, "", 0)

    count = len(significant)
    if count > MAX_NUMBER_DIGITS:
        raise ValueParseError(
            f"N values hold at most {MAX_NUMBER_DIGITS} significant digits; "
            f"{_abbreviate_digits(stripped)} has {count}. "
            "Round it, or store it as a string.",
            path,
        )
    exp_digits = exp_text.lstrip("+-").lstrip("0")
    if len(exp_digits) > _MAX_EXPONENT_DIGITS:
        raise ValueParseError(
            f"N values must lie {_RANGE_TEXT} in magnitude; {_abbreviate(stripped)} is out of range.",
            path,
        )
    exponent = int(exp_text)
    # Value = 0.d1d2d3… × 10^(len(int_part without leading zeros) + exponent)
    # so the first significant digit sits at this power of ten:
    leading_zeros_total = len(int_part + frac_part) - len(all_digits)
    adjusted = len(int_part) - leading_zeros_total - 1 + exponent
    if adjusted > _MAX_ADJUSTED_EXPONENT or adjusted < _MIN_ADJUSTED_EXPONENT:
        raise ValueParseError(
            f"N values must lie {_RANGE_TEXT} in magnitude (or be 0); "
            f"{_abbreviate(stripped)} is out of range.",
            path,
        )
    return normalised, _Number(sign == "-", significant, adjusted)


def parse_number(text: str) -> str:
    """Validate a user-typed number as DynamoDB would and return the text to send.

    The user's digits are kept (``1.50`` stays ``1.50``); only surrounding whitespace and
    a leading ``+`` are removed. Rejects NaN, Infinity, hex, more than 38 significant
    digits (leading and trailing zeros do not count, as in DynamoDB) and magnitudes
    outside 1E-130 … 9.99…E+125. Raises only ``ValueParseError``.
    """
    return _analyse_number(text)[0]


def number_identity(text: str) -> tuple[bool, str, int]:
    """A key equal for numerically equal N strings (``1``, ``1.0``, ``10E-1``, ``-0``, ``0``),
    as DynamoDB compares numbers and keys. Raises ``ValueParseError`` for an invalid number."""
    return _analyse_number(text)[1].key


def _number_key(text: str) -> tuple[bool, str, int] | str:
    """A numeric identity for an N string; falls back to the raw text if it is invalid."""
    try:
        return _analyse_number(text)[1].key
    except ValueParseError:
        return text


# --------------------------------------------------------------------------- binary


def parse_binary(text: str, path: str = "") -> bytes:
    """Decode standard base64 (whitespace and line breaks ignored) into bytes.

    The app shows and accepts binary as base64 because raw bytes have no safe text form.
    Raises only ``ValueParseError``.
    """
    compact = _WHITESPACE_RE.sub("", text)
    if not _BASE64_RE.fullmatch(compact):
        bad = next((c for c in compact.rstrip("=") if not (c.isascii() and (c.isalnum() or c in "+/"))), "=")
        raise ValueParseError(
            f"Binary values are typed as base64; {bad!r} is not a base64 character. "
            "Use only A-Z, a-z, 0-9, + and /, with = padding at the end.",
            path,
        )
    if len(compact) % 4:
        raise ValueParseError(
            f"This base64 text has {len(compact)} characters; base64 comes in groups of 4, "
            "so check for a missing or extra character or = padding.",
            path,
        )
    try:
        return base64.b64decode(compact, validate=True)
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - regex guards above
        raise ValueParseError(f"This is not valid base64 ({exc}); check the text.", path) from None


def _check_utf8(text: str, path: str) -> str:
    """DynamoDB stores strings as UTF-8, which cannot hold an unpaired surrogate (what a
    ``"\ud83d"`` JSON escape cut from its pair decodes to): refuse it rather than send it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueParseError(
            f"This text holds an unpaired surrogate (\\u{ord(text[exc.start]):04x}) at character "
            f"{exc.start + 1}; DynamoDB stores strings as UTF-8 and cannot keep it. Remove it, or "
            "complete the character (an emoji cut in half?).",
            path,
        ) from None
    return text


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


# --------------------------------------------------------------------------- paths


def _child_path(path: str, key: str | int) -> str:
    """Extend a location: ``tags`` + 2 → ``tags[2]``; ``address`` + ``city`` → ``address.city``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _check_depth(depth: int, path: str) -> None:
    if depth > MAX_NESTING_DEPTH:
        raise ValueParseError(
            f"DynamoDB supports nesting at most {MAX_NESTING_DEPTH} levels deep; flatten this value.",
            path,
        )


def _describe(obj: Any) -> str:
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


# --------------------------------------------------------------------------- sets


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
                _child_path(path, index),
            )
        seen[key] = index


def _no_spaces(text: str, path: str) -> None:
    """DynamoDB JSON numbers carry no surrounding spaces (DynamoDB refuses " 1"); typed input
    (``parse_number``) may, and is trimmed."""
    if text != text.strip():
        raise ValueParseError(f"The number {text!r} has spaces around it, which DynamoDB refuses; "
                              "remove them.", path)


def _make_ss(members: list[Any], path: str) -> dict[str, Any]:
    for index, member in enumerate(members):
        if not isinstance(member, str):
            raise ValueParseError(
                f"String set members must be strings; found {_describe(member)}.",
                _child_path(path, index),
            )
        _check_utf8(member, _child_path(path, index))
    _check_set_members("SS", members, members, path, lambda m: json.dumps(m, ensure_ascii=False))
    return {"SS": list(members)}


def _make_ns(members: list[str], path: str) -> dict[str, Any]:
    texts: list[str] = []
    keys: list[tuple[bool, str, int]] = []
    for index, member in enumerate(members):
        text, number = _analyse_number(member, _child_path(path, index))
        texts.append(text)
        keys.append(number.key)
    _check_set_members("NS", texts, keys, path, lambda t: t)
    return {"NS": texts}


def _make_bs(members: list[bytes], path: str) -> dict[str, Any]:
    data = [bytes(m) for m in members]
    _check_set_members("BS", data, data, path, lambda m: "b64:" + _b64(m))
    return {"BS": data}


# --------------------------------------------------------------------------- DynamoDB JSON


def _single_type_key(obj: Any) -> str | None:
    """The type code if ``obj`` is shaped like an AttributeValue (one known key), else None."""
    if isinstance(obj, Mapping) and len(obj) == 1:
        (key,) = obj.keys()
        if key in TYPE_CODES:
            return key
    return None


def from_dynamodb_json(obj: Any, path: str = "") -> dict[str, Any]:
    """Validate a DynamoDB-JSON AttributeValue (as in a file or the AWS CLI) and convert it.

    Binary arrives as base64 strings and becomes ``bytes``. Strict on purpose, so bad
    imports fail here with a located message rather than at the service: exactly one type
    key, member types as the API documents them, valid numbers, non-empty distinct sets.
    Raises only ``ValueParseError``.
    """
    return _from_ddb(obj, path, 1)


def _from_ddb(obj: Any, path: str, depth: int) -> dict[str, Any]:
    _check_depth(depth, path)
    if not isinstance(obj, Mapping):
        raise ValueParseError(
            f'Expected a typed value such as {{"S": "text"}}; found {_describe(obj)}.', path
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
            f"{str(code)!r} is not a DynamoDB type; use one of {', '.join(_TYPE_ORDER)}.{hint}",
            path,
        )

    def expect(kind: type | tuple[type, ...], what: str) -> None:
        if not isinstance(member, kind) or (kind is not bool and isinstance(member, bool)):
            raise ValueParseError(
                f"{code} values are written as {what} in DynamoDB JSON; found {_describe(member)}.",
                path,
            )

    if code == "S":
        expect(str, "a string")
        return {"S": _check_utf8(member, path)}
    if code == "N":
        if isinstance(member, int | Decimal | float) and not isinstance(member, bool):
            raise ValueParseError(
                f'N values are written as strings in DynamoDB JSON, e.g. {{"N": "{member}"}}; '
                "quote the number so no digit is lost.",
                path,
            )
        expect(str, "a string of digits")
        _no_spaces(member, path)
        return {"N": _analyse_number(member, path)[0]}
    if code == "B":
        expect(str, "a base64 string")
        return {"B": parse_binary(member, path)}
    if code == "BOOL":
        expect(bool, "true or false")
        return {"BOOL": member}
    if code == "NULL":
        if member is not True:
            raise ValueParseError(
                'NULL is always written as {"NULL": true}; to store false use a BOOL, '
                "or remove the attribute.",
                path,
            )
        return {"NULL": True}
    if code in SET_TYPES:
        expect(list, "a JSON array")
        members: list[Any] = list(member)
        if code == "SS":
            return _make_ss(members, path)
        for index, m in enumerate(members):
            if not isinstance(m, str):
                what = "number strings" if code == "NS" else "base64 strings"
                raise ValueParseError(
                    f"{code} members are written as {what}; found {_describe(m)}.",
                    _child_path(path, index),
                )
        if code == "NS":
            for index, m in enumerate(members):
                _no_spaces(m, _child_path(path, index))
            return _make_ns(members, path)
        decoded = [parse_binary(m, _child_path(path, i)) for i, m in enumerate(members)]
        return _make_bs(decoded, path)
    if code == "L":
        expect(list, "a JSON array")
        return {"L": [_from_ddb(v, _child_path(path, i), depth + 1) for i, v in enumerate(member)]}
    # M
    expect(Mapping, "a JSON object")
    result: dict[str, Any] = {}
    for key, value in member.items():
        if not isinstance(key, str):
            raise ValueParseError(f"Map keys must be strings; found {_describe(key)}.", path)
        _check_utf8(key, path)
        result[key] = _from_ddb(value, _child_path(path, key), depth + 1)
    return {"M": result}


def to_dynamodb_json(av: Mapping[str, Any]) -> Any:
    """Convert an in-memory AttributeValue to DynamoDB JSON (binary as base64 strings).

    The exact inverse of ``from_dynamodb_json``, so exported items re-import losslessly.
    """
    code = type_code(av)
    member = av[code]
    if code == "B":
        return {"B": _b64(bytes(member))}
    if code == "BS":
        return {"BS": [_b64(bytes(m)) for m in member]}
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


# --------------------------------------------------------------------------- plain values


def from_plain(obj: Any, path: str = "") -> dict[str, Any]:
    """Convert a plain Python/JSON value to an AttributeValue, like boto3's serializer.

    ``int``/``Decimal`` → N (exact digits), ``str`` → S, ``bytes`` → B, ``bool`` → BOOL,
    ``None`` → NULL, sets → SS/NS/BS, lists/tuples → L, mappings → M. Floats are refused
    because they cannot hold DynamoDB numbers exactly. Raises only ``ValueParseError``.
    """
    return _from_plain(obj, path, 1)


def _plain_number(obj: int | Decimal, path: str) -> str:
    if isinstance(obj, int):
        try:
            text = str(obj)
        except ValueError:  # Python refuses to print ints of more than 4300 digits
            raise ValueParseError(
                f"N values hold at most {MAX_NUMBER_DIGITS} significant digits; this integer has thousands.",
                path,
            ) from None
    else:
        text = str(obj)
    return _analyse_number(text, path)[0]


def _from_plain(obj: Any, path: str, depth: int) -> dict[str, Any]:
    _check_depth(depth, path)
    if obj is None:
        return {"NULL": True}
    if isinstance(obj, bool):
        return {"BOOL": obj}
    if isinstance(obj, int | Decimal):
        return {"N": _plain_number(obj, path)}
    if isinstance(obj, float):
        raise ValueParseError(
            f"Floats cannot hold DynamoDB numbers exactly ({obj!r}); use decimal.Decimal or "
            "a string of digits instead.",
            path,
        )
    if isinstance(obj, str):
        return {"S": _check_utf8(obj, path)}
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
            return _make_ss(sorted(members), path)
        if all(isinstance(m, int | Decimal) and not isinstance(m, bool) for m in members):
            texts = [_plain_number(m, path) for m in members]
            return _make_ns(sorted(texts, key=Decimal), path)
        if all(isinstance(m, bytes | bytearray | memoryview) for m in members):
            return _make_bs(sorted(bytes(m) for m in members), path)
        raise ValueParseError(
            "Set members must all be strings, all numbers (int or Decimal) or all bytes; "
            "this set mixes kinds.",
            path,
        )
    if isinstance(obj, list | tuple):
        return {"L": [_from_plain(v, _child_path(path, i), depth + 1) for i, v in enumerate(obj)]}
    if isinstance(obj, Mapping):
        result: dict[str, Any] = {}
        for key, value in obj.items():
            if not isinstance(key, str):
                raise ValueParseError(f"Map keys must be strings; found {_describe(key)}.", path)
            _check_utf8(key, path)
            result[key] = _from_plain(value, _child_path(path, key), depth + 1)
        return {"M": result}
    raise ValueParseError(
        f"{_describe(obj).capitalize()} cannot be stored in DynamoDB; convert it to a string, "
        "number, bytes, boolean, None, set, list or dict.",
        path,
    )


def to_plain(av: Mapping[str, Any]) -> Any:
    """Convert an AttributeValue to Python objects without loss.

    N → ``Decimal`` (exact digits), sets → ``set``, B → ``bytes``, L → ``list``,
    M → ``dict``, NULL → ``None``; what boto3's resource layer would give.
    """
    code = type_code(av)
    member = av[code]
    if code == "N":
        return Decimal(member)
    if code == "NS":
        return {Decimal(m) for m in member}
    if code == "SS":
        return set(member)
    if code == "BS":
        return {bytes(m) for m in member}
    if code == "B":
        return bytes(member)
    if code == "NULL":
        return None
    if code == "L":
        return [to_plain(v) for v in member]
    if code == "M":
        return {k: to_plain(v) for k, v in member.items()}
    return member


def _json_number(text: str) -> str:
    """Spell a valid DynamoDB number as a valid JSON number with the same digits."""
    match = _NUMBER_RE.fullmatch(text.strip())
    if match is None:  # not a number: keep it visible as a string
        return json.dumps(text, ensure_ascii=False)
    sign = "-" if match["sign"] == "-" else ""
    int_part = (match["int"] or "").lstrip("0") or "0"
    frac = match["frac1"] or match["frac2"] or ""
    out = sign + int_part + (f".{frac}" if frac else "")
    if match["exp"] is not None:
        out += "E" + match["exp"]
    return out


def _render_plain(av: Mapping[str, Any], indent: int | None, level: int) -> str:
    code = type_code(av)
    member = av[code]
    if code == "S":
        return json.dumps(member, ensure_ascii=False)
    if code == "N":
        return _json_number(member)
    if code == "B":
        return json.dumps(_b64(bytes(member)))
    if code == "BOOL":
        return "true" if member else "false"
    if code == "NULL":
        return "null"
    if code == "SS":
        parts = [json.dumps(m, ensure_ascii=False) for m in member]
    elif code == "NS":
        parts = [_json_number(m) for m in member]
    elif code == "BS":
        parts = [json.dumps(_b64(bytes(m))) for m in member]
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


# --------------------------------------------------------------------------- user text


class _DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _reject_constant(name: str) -> Any:
    raise ValueParseError(
        f"{name} is not a valid number: DynamoDB numbers must be finite. Use a string or NULL instead."
    )


def _load_json(text: str, what: str) -> Any:
    """Parse JSON with numbers as Decimal (never float) and duplicate keys rejected."""
    if not text.strip():
        raise ValueParseError(f"Type {what}.")
    try:
        return json.loads(
            text,
            parse_float=Decimal,
            parse_int=Decimal,
            parse_constant=_reject_constant,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as exc:
        raise ValueParseError(
            f"This is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}. Type {what}."
        ) from None
    except _DuplicateKeyError as exc:
        raise ValueParseError(
            f"The key {json.dumps(exc.key, ensure_ascii=False)} appears twice in one object; keep only one."
        ) from None
    except RecursionError:
        raise ValueParseError(
            f"This JSON is nested too deeply; DynamoDB supports at most {MAX_NESTING_DEPTH} levels."
        ) from None
    except ValueParseError:
        raise
    except (ValueError, ArithmeticError):
        # Decimal refuses exponents beyond its own limits (InvalidOperation), far past
        # anything DynamoDB stores.
        raise ValueParseError(
            f"This JSON holds a number far outside DynamoDB's range; numbers must lie "
            f"{_RANGE_TEXT} in magnitude."
        ) from None


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


_SET_ELEMENT = {"SS": "strings", "NS": "numbers", "BS": "base64 strings"}


def parse_value(type_code: str, text: str) -> dict[str, Any]:
    """Turn what a user typed for a given type into an AttributeValue.

    S as is (empty allowed for non-key attributes); N via ``parse_number``; B as base64;
    BOOL ``true``/``false`` (any case); NULL from empty text, ``null`` or ``true``;
    SS/NS/BS from a JSON array of strings (NS also takes JSON numbers); L/M from JSON,
    either DynamoDB JSON or plain JSON (see ``detect_json_form``). Raises only
    ``ValueParseError``.
    """
    code = type_code.strip().upper() if isinstance(type_code, str) else ""
    if code not in TYPE_CODES:
        raise ValueParseError(f"{type_code!r} is not a DynamoDB type; use one of {', '.join(_TYPE_ORDER)}.")
    if code == "S":
        return {"S": _check_utf8(text, "")}
    if code == "N":
        return {"N": parse_number(text)}
    if code == "B":
        return {"B": parse_binary(text)}
    if code == "BOOL":
        word = text.strip().lower()
        if word in ("true", "false"):
            return {"BOOL": word == "true"}
        raise ValueParseError(f"Type true or false for a BOOL value, not {_abbreviate(text)!r}.")
    if code == "NULL":
        if text.strip().lower() in ("", "null", "true"):
            return {"NULL": True}
        raise ValueParseError("A NULL value has no content; leave the field empty or type null.")
    if code in SET_TYPES:
        return _parse_set(code, text)
    what = 'a JSON array such as [1, "a"]' if code == "L" else 'a JSON object such as {"a": 1}'
    obj = _load_json(text, what)
    expected = list if code == "L" else dict
    if not isinstance(obj, expected):
        raise ValueParseError(f"An {code} value is {what}; this is {_describe(obj)}.")
    if detect_json_form(obj) == "dynamodb":
        if isinstance(obj, list):
            return {"L": [_from_ddb(v, f"[{i}]", 2) for i, v in enumerate(obj)]}
        return {"M": {k: _from_ddb(v, k, 2) for k, v in obj.items()}}
    return _from_plain(obj, "", 1)


def _parse_set(code: str, text: str) -> dict[str, Any]:
    what = f"a JSON array of {_SET_ELEMENT[code]} such as " + (
        '["a", "b"]' if code == "SS" else '["1", "2.5"]' if code == "NS" else '["AAE=", "/w=="]'
    )
    obj = _load_json(text, what)
    if not isinstance(obj, list):
        raise ValueParseError(f"A {code} value is {what}; this is {_describe(obj)}.")
    if code == "SS":
        return _make_ss(obj, "")
    if code == "NS":
        texts: list[str] = []
        for index, member in enumerate(obj):
            if isinstance(member, Decimal):
                texts.append(_plain_number(member, f"[{index}]"))
            elif isinstance(member, str):
                texts.append(member)
            else:
                raise ValueParseError(f"NS members are numbers; found {_describe(member)}.", f"[{index}]")
        return _make_ns(texts, "")
    decoded: list[bytes] = []
    for index, member in enumerate(obj):
        if not isinstance(member, str):
            raise ValueParseError(f"BS members are base64 strings; found {_describe(member)}.", f"[{index}]")
        decoded.append(parse_binary(member, f"[{index}]"))
    return _make_bs(decoded, "")


# --------------------------------------------------------------------------- inspection


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
    return _describe(av)


class _Full(Exception):
    """Raised internally once display text has passed its limit."""


class _Writer:
    """Collects display text and stops early, so huge items stay cheap to show."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.parts: list[str] = []
        self.length = 0

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)
        if self.length > self.limit:
            raise _Full


_LINE_BREAKS = re.compile(r"\r\n|[\r\n\u2028\u2029]")


def _display(av: Mapping[str, Any], out: _Writer, nested: bool) -> None:
    code = type_code(av)
    member = av[code]
    if code == "S":
        if nested:
            out.write(json.dumps(member, ensure_ascii=False))
        else:
            out.write(_LINE_BREAKS.sub("⏎", member))
    elif code == "N":
        out.write(member)
    elif code == "B":
        out.write("b64:" + _b64(bytes(member)))
    elif code == "BOOL":
        out.write("true" if member else "false")
    elif code == "NULL":
        out.write("null")
    elif code in SET_TYPES:
        out.write("{")
        for index, m in enumerate(member):
            if index:
                out.write(", ")
            if code == "SS":
                out.write(json.dumps(m, ensure_ascii=False))
            elif code == "NS":
                out.write(m)
            else:
                out.write("b64:" + _b64(bytes(m)))
        out.write("}")
    elif code == "L":
        out.write("[")
        for index, v in enumerate(member):
            if index:
                out.write(", ")
            _display(v, out, True)
        out.write("]")
    else:
        out.write("{")
        for index, (k, v) in enumerate(member.items()):
            if index:
                out.write(", ")
            out.write(f"{k}: ")
            _display(v, out, True)
        out.write("}")


def display_text(av: Mapping[str, Any], limit: int = 200) -> str:
    """One-line text for a table cell, at most ``limit`` characters (ending in "…" if cut).

    S as is (line breaks shown as ⏎ to stay on one line), N as stored, BOOL true/false,
    NULL null, B ``b64:…``; sets in braces (``{"a", "b"}``, ``{1, 2}``) so they are told
    apart from lists (``[…]``); maps as ``{k: v, …}``. Strings inside collections are
    quoted so ``"1"`` and ``1`` look different.
    """
    out = _Writer(limit)
    try:
        _display(av, out, False)
    except _Full:
        text = "".join(out.parts)
        return text[: max(limit - 1, 0)] + "…"
    return "".join(out.parts)


# --------------------------------------------------------------------------- sizes


def _value_size(av: Mapping[str, Any]) -> int:
    code = type_code(av)
    member = av[code]
    if code == "S":
        return len(member.encode("utf-8", "surrogatepass"))
    if code == "N":
        return _number_size(member)
    if code == "B":
        return len(member)
    if code in ("BOOL", "NULL"):
        return 1
    if code == "SS":
        return sum(len(m.encode("utf-8", "surrogatepass")) for m in member)
    if code == "NS":
        return sum(_number_size(m) for m in member)
    if code == "BS":
        return sum(len(m) for m in member)
    if code == "L":
        return 3 + sum(1 + _value_size(v) for v in member)
    return 3 + sum(1 + len(k.encode("utf-8", "surrogatepass")) + _value_size(v) for k, v in member.items())


def _number_size(text: str) -> int:
    """Bytes of an N value as DynamoDB stores it: one exponent byte, one byte per base-100
    digit (pairs of decimal digits aligned on the decimal point, so ``1.5`` takes two: 01.50),
    and one more for a negative number; zero is one byte. DynamoDB Local (AWS's engine) bills
    exactly this (tests/integration/test_capacity_engine.py); the guide's "one byte per two
    significant digits plus one" is its approximation."""
    try:
        number = _analyse_number(text)[1]
    except ValueParseError:
        return math.ceil(sum(c.isdigit() for c in text) / 2) + 1
    if not number.digits:
        return 1
    lowest = number.adjusted - len(number.digits) + 1  # power of ten of the last digit
    pairs = number.adjusted // 2 - lowest // 2 + 1
    return 1 + pairs + (1 if number.negative else 0)


def attribute_size(name: str, av: Mapping[str, Any]) -> int:
    """Estimate an attribute's size in bytes as DynamoDB bills and limits it (400 KB items).

    Rules from the Developer Guide page "DynamoDB item sizes and formats"
    (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
    UTF-8 length of the name plus the value, where S is its UTF-8 length; N one byte per
    two digits aligned on the decimal point, plus one, plus one if negative (leading and
    trailing zeros trimmed; see ``_number_size``); B its raw
    length; BOOL and NULL 1 byte; L and M 3 bytes plus 1 per element plus the elements
    (map keys count their UTF-8 length); sets the sum of their members.
    """
    return len(name.encode("utf-8", "surrogatepass")) + _value_size(av)


def item_size(item: Mapping[str, Mapping[str, Any]]) -> int:
    """Estimate an item's size in bytes: the sum of its attribute sizes (see ``attribute_size``)."""
    return sum(attribute_size(name, av) for name, av in item.items())


def read_units(size_bytes: int, consistent: bool) -> float:
    """Read capacity for reading one item of this size.

    One unit per 4 KB, rounded up (at least one); eventually consistent reads cost half.
    """
    if size_bytes < 0:
        raise ValueError("An item size cannot be negative.")
    units = max(1, math.ceil(size_bytes / 4096))
    return float(units) if consistent else units / 2


def write_units(size_bytes: int, transactional: bool) -> float:
    """Write capacity for writing one item of this size.

    One unit per 1 KB, rounded up (at least one); transactional writes cost double.
    """
    if size_bytes < 0:
        raise ValueError("An item size cannot be negative.")
    units = max(1, math.ceil(size_bytes / 1024))
    return float(units * 2 if transactional else units)


# --------------------------------------------------------------------------- equality


def values_equal(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Compare two AttributeValues as DynamoDB would.

    Types must match; numbers compare numerically (``1`` equals ``1.0``); sets ignore
    order; lists compare element by element; maps by key.
    """
    code = type_code(a)
    if type_code(b) != code:
        return False
    x, y = a[code], b[code]
    if code == "N":
        return _number_key(x) == _number_key(y)
    if code == "B":
        return bytes(x) == bytes(y)
    if code == "SS":
        return set(x) == set(y)
    if code == "NS":
        return {_number_key(m) for m in x} == {_number_key(m) for m in y}
    if code == "BS":
        return {bytes(m) for m in x} == {bytes(m) for m in y}
    if code == "L":
        return len(x) == len(y) and all(values_equal(p, q) for p, q in zip(x, y, strict=True))
    if code == "M":
        return x.keys() == y.keys() and all(values_equal(x[k], y[k]) for k in x)
    return bool(x == y)
