"""DynamoDB numbers: validated as the service does (38 significant digits, 1E-130 to
9.99…E+125, finite, decimal), kept as the user's digits, and compared by value."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal

from dynoview.core.values.types import ValueParseError, abbreviate

#: DynamoDB numbers carry at most 38 significant digits.
MAX_NUMBER_DIGITS = 38

# Magnitude limits, as adjusted exponents (the power of ten of the first significant digit):
# 1E-130 is the smallest positive number and 9.99…9 (38 nines)E+125 the largest.
_MIN_ADJUSTED_EXPONENT = -130
_MAX_ADJUSTED_EXPONENT = 125
RANGE_TEXT = "between 1E-130 and 9.9999999999999999999999999999999999999E+125"

# Decimal notation only, ASCII digits only: Python's Decimal would also take "1_000",
# "NaN", "Infinity" and non-ASCII digits, none of which DynamoDB accepts.
NUMBER_RE = re.compile(
    r"(?P<sign>[+-]?)(?:(?P<int>[0-9]+)(?:\.(?P<frac1>[0-9]*))?|\.(?P<frac2>[0-9]+))"
    r"(?:[eE](?P<exp>[+-]?[0-9]+))?"
)
# Exponents with more digits than this are out of range whatever the mantissa says.
_MAX_EXPONENT_DIGITS = 9


@dataclass(frozen=True)
class NumberParts:
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


def _abbreviate_digits(text: str) -> str:
    """Shorten a long number for messages, e.g. ``1234...(40 digits)``."""
    if len(text) <= 24:
        return text
    return f"{text[:4]}...({sum(c.isdigit() for c in text)} digits)"


def analyse_number(text: str, path: str = "") -> tuple[str, NumberParts]:
    """Validate a number as DynamoDB does; return the text to send and its analysis."""
    stripped = text.strip()
    if not stripped:
        raise ValueParseError("A number is required; type digits such as 42 or -1.5.", path)
    match = NUMBER_RE.fullmatch(stripped)
    if match is None:
        raise ValueParseError(_not_a_number_message(stripped), path)
    sign = match["sign"]
    int_part = match["int"] or ""
    frac_part = match["frac1"] or match["frac2"] or ""
    exp_text = match["exp"] or "0"
    normalised = stripped[1:] if sign == "+" else stripped

    all_digits = (int_part + frac_part).lstrip("0")
    significant = all_digits.rstrip("0")
    if not significant:
        _check_zero_exponent(stripped, exp_text, path)
        return normalised, NumberParts(False, "", 0)
    _check_digit_count(stripped, significant, path)
    adjusted = _adjusted_exponent(stripped, int_part, frac_part, all_digits, exp_text, path)
    return normalised, NumberParts(sign == "-", significant, adjusted)


def _not_a_number_message(stripped: str) -> str:
    """Why text that is not in decimal notation is refused: not finite, hex, or anything else."""
    lowered = stripped.lower().lstrip("+-")
    if lowered in {"nan", "inf", "infinity", "snan"}:
        return (
            f"DynamoDB numbers must be finite; {abbreviate(stripped)} is not allowed. "
            "Store a finite number, or use a string or NULL attribute instead."
        )
    if lowered.startswith("0x"):
        return f"Hexadecimal numbers are not allowed; write {abbreviate(stripped)} in decimal digits."
    return (
        f"{abbreviate(stripped)!r} is not a number; write decimal digits with an "
        "optional sign, decimal point and exponent, such as -12.5 or 3E+7."
    )


def _check_zero_exponent(stripped: str, exp_text: str, path: str) -> None:
    """Zero: written with a decimal point ("0.0e126"), any exponent passes; written without
    one ("0e126", "-0E-131"), the service checks its exponent as it would a digit's, and
    refuses one outside -130 to 125 (DynamoDB Local takes both; docs/validation.md)."""
    exp_digits = exp_text.lstrip("+-").lstrip("0")
    if len(exp_digits) > _MAX_EXPONENT_DIGITS:
        raise ValueParseError(
            f"The exponent of {abbreviate(stripped)} is too large; write zero as 0.", path
        )
    if "." in stripped:
        return
    exponent = int(exp_text)
    if exponent > _MAX_ADJUSTED_EXPONENT or exponent < _MIN_ADJUSTED_EXPONENT:
        raise ValueParseError(
            f"DynamoDB refuses {abbreviate(stripped)}: a zero written with an exponent outside "
            f"{_MIN_ADJUSTED_EXPONENT} to {_MAX_ADJUSTED_EXPONENT} is out of its number range, "
            "although it is zero; write it as 0.",
            path,
        )


def _check_digit_count(stripped: str, significant: str, path: str) -> None:
    count = len(significant)
    if count > MAX_NUMBER_DIGITS:
        raise ValueParseError(
            f"N values hold at most {MAX_NUMBER_DIGITS} significant digits; "
            f"{_abbreviate_digits(stripped)} has {count}. "
            "Round it, or store it as a string.",
            path,
        )


def _adjusted_exponent(stripped: str, int_part: str, frac_part: str, all_digits: str, exp_text: str,
                       path: str) -> int:
    """The power of ten of the first significant digit of a non-zero number, checked against
    DynamoDB's magnitude limits."""
    exp_digits = exp_text.lstrip("+-").lstrip("0")
    if len(exp_digits) > _MAX_EXPONENT_DIGITS:
        raise ValueParseError(
            f"N values must lie {RANGE_TEXT} in magnitude; {abbreviate(stripped)} is out of range.",
            path,
        )
    exponent = int(exp_text)
    # Value = 0.d1d2d3… × 10^(len(int_part without leading zeros) + exponent)
    # so the first significant digit sits at this power of ten:
    leading_zeros_total = len(int_part + frac_part) - len(all_digits)
    adjusted = len(int_part) - leading_zeros_total - 1 + exponent
    if adjusted > _MAX_ADJUSTED_EXPONENT or adjusted < _MIN_ADJUSTED_EXPONENT:
        raise ValueParseError(
            f"N values must lie {RANGE_TEXT} in magnitude (or be 0); "
            f"{abbreviate(stripped)} is out of range.",
            path,
        )
    return adjusted


def parse_number(text: str) -> str:
    """Validate a user-typed number as DynamoDB would and return the text to send.

    The user's digits are kept (``1.50`` stays ``1.50``); only surrounding whitespace and
    a leading ``+`` are removed. Rejects NaN, Infinity, hex, more than 38 significant
    digits (leading and trailing zeros do not count, as in DynamoDB) and magnitudes
    outside 1E-130 … 9.99…E+125. Raises only ``ValueParseError``.
    """
    return analyse_number(text)[0]


def stored_number(text: str, path: str = "") -> str:
    """The text DynamoDB stores, and reads back, for a number: plain notation, no exponent, no
    leading or trailing zeros (``007`` -> ``7``, ``1.50E+1`` -> ``15``, ``-0`` -> ``0``), as
    DynamoDB Local answers. A lock keyed on a number must be keyed on this text, the one its
    account will hold. Raises ``ValueParseError`` for an invalid number."""
    parts = analyse_number(text, path)[1]
    digits, point = parts.digits, parts.adjusted + 1  # digits before the decimal point
    if not digits:
        return "0"
    if point >= len(digits):
        plain = digits + "0" * (point - len(digits))
    elif point > 0:
        plain = f"{digits[:point]}.{digits[point:]}"
    else:
        plain = "0." + "0" * -point + digits
    return f"-{plain}" if parts.negative else plain


def number_identity(text: str) -> tuple[bool, str, int]:
    """A key equal for numerically equal N strings (``1``, ``1.0``, ``10E-1``, ``-0``, ``0``),
    as DynamoDB compares numbers and keys. Raises ``ValueParseError`` for an invalid number."""
    return analyse_number(text)[1].key


def number_key(text: str) -> tuple[bool, str, int] | str:
    """A numeric identity for an N string; falls back to the raw text if it is invalid."""
    try:
        return analyse_number(text)[1].key
    except ValueParseError:
        return text


def number_text(obj: int | Decimal, path: str) -> str:
    """The N text for a Python ``int`` or ``Decimal``, validated (never through a float)."""
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
    return analyse_number(text, path)[0]


def json_number(text: str) -> str:
    """Spell a valid DynamoDB number as a valid JSON number with the same digits."""
    match = NUMBER_RE.fullmatch(text.strip())
    if match is None:  # not a number: keep it visible as a string
        return json.dumps(text, ensure_ascii=False)
    sign = "-" if match["sign"] == "-" else ""
    int_part = (match["int"] or "").lstrip("0") or "0"
    frac = match["frac1"] or match["frac2"] or ""
    out = sign + int_part + (f".{frac}" if frac else "")
    if match["exp"] is not None:
        out += "E" + match["exp"]
    return out
