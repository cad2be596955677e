"""One-line text for a table cell, cheap even for huge items.

Text from the table is shown, never obeyed: control, bidi and invisible characters become
visible escapes (``visible_text``), in values and attribute names alike. The window keeps the
exact value in its raw roles; this text is only what a cell shows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from dynoview.core.values.binary import base64_text
from dynoview.core.values.types import SET_TYPES, type_code
from dynoview.core.values.visible_text import visible


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
        # Only the head can show: a 400 KB string is not escaped whole for a 200-character cell
        # (twice the limit, as "\r\n" shrinks to one "⏎"; still past the limit, so still cut).
        head = member[: 2 * out.limit + 2]
        # Quoted when blank at either end: an empty string would look like a missing
        # attribute, and "ada " like the lock "ada".
        if nested or not member or member[0].isspace() or member[-1].isspace():
            out.write(visible(json.dumps(head, ensure_ascii=False)))
        else:
            out.write(visible(_LINE_BREAKS.sub("⏎", head)))
    elif code == "N":
        out.write(member)
    elif code == "B":
        out.write("b64:" + base64_text(bytes(member)))
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
                out.write(visible(json.dumps(m, ensure_ascii=False)))
            elif code == "NS":
                out.write(m)
            else:
                out.write("b64:" + base64_text(bytes(m)))
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
            out.write(f"{visible(k)}: ")
            _display(v, out, True)
        out.write("}")


def display_text(av: Mapping[str, Any], limit: int = 200) -> str:
    """One-line text for a table cell, at most ``limit`` characters (ending in "…" if cut).

    S as is, quoted like JSON when empty or starting or ending with white space (line breaks
    shown as ⏎ to stay on one line; other control, bidi and invisible
    characters as escapes such as ``\\x1b`` or ``\\u202e``), N as stored, BOOL true/false,
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
