"""Binary values as text: the app shows and accepts ``B``/``BS`` members as standard base64."""

from __future__ import annotations

import base64
import binascii
import re

from dynoview.core.values.types import ValueParseError

_WHITESPACE_RE = re.compile(r"\s+")
_BASE64_RE = re.compile(r"[A-Za-z0-9+/]*={0,2}")


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


def base64_text(data: bytes) -> str:
    """Bytes as standard base64 text, the form the app shows and exports binary in."""
    return base64.b64encode(data).decode("ascii")
