"""Production connections: opened read-only, writable only for a session and only once the user
typed the account id they are about to change.

A connection is production when its saved connection says so (``ConnectionSpec.production``,
``--production``), or when its profile name matches a pattern in the settings file::

    [production]
    profile_patterns = *-prod, prod-*, live

(shell-style patterns, separated by commas or spaces; none by default). The read-only guard
stays in the session (``Connection._guard``): switching to write mode changes the spec it reads.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Iterable
from dataclasses import replace
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, TypeVar

from dynoview.core.errors import DynoViewError
from dynoview.core.session import profile

#: A ``connection.ConnectionSpec`` (not imported: that module imports this one).
Spec = TypeVar("Spec", bound=Any)

SECTION = "production"
PATTERNS_KEY = "profile_patterns"


class WriteModeRefused(DynoViewError):
    """The account id typed is not the connection's."""


def settings_file() -> Path:
    """The user's settings file (``dynoview.ui.settings``), read here without Qt. Always the
    user's, never a demo session's: the patterns mark the user's real connections (a demo
    connection is never production), also those opened from a ``--demo`` session."""
    return profile.config_dir(profile.DEFAULT) / "settings.ini"


def load_patterns(path: Path | None = None) -> tuple[str, ...]:
    """The profile-name patterns that mark production; none when unset or unreadable (a damaged
    settings file is the window's to report). The value is decoded as Qt reads it
    (``qt_ini_value``), so what File > Settings shows is exactly what applies here."""
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",), strict=False)
    try:
        parser.read(path or settings_file(), encoding="utf-8")
        value = parser.get(SECTION, PATTERNS_KEY, fallback="")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return ()
    return patterns_of(qt_ini_value(value))


def patterns_of(value: object) -> tuple[str, ...]:
    """The patterns in a decoded settings value: one string ``"*-prod, live"`` (what Settings
    saves) or a list of them (a hand-written ``*-prod, live``, which Qt reads as a list)."""
    items = value if isinstance(value, list) else [value]
    return tuple(p for item in items if isinstance(item, str) for p in re.split(r"[,\s]+", item) if p)


def parse_patterns(value: str) -> tuple[str, ...]:
    """``"*-prod, live"`` as ``("*-prod", "live")`` (a value already decoded: no quotes)."""
    return patterns_of(value)


_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
            '"': '"', "?": "?", "'": "'", "\\": "\\"}
_HEX = "0123456789abcdefABCDEF"
# Qt's own markers for values that are not text; Settings never writes them (it doubles the @).
_QT_TYPED = ("@ByteArray(", "@Variant(", "@DateTime(", "@Rect(", "@Size(", "@Point(")


def qt_ini_value(raw: str) -> str | list[str] | None:
    """A value of a Qt INI file as ``QSettings.value`` returns it, without Qt: Qt's
    ``iniUnescapedStringList`` (quotes, backslash escapes, hex escapes, a comma outside quotes
    makes a list, spaces around items trimmed) then its ``stringToVariant`` (``@@`` stands for
    ``@``; ``@Invalid()`` is no value; ``@String(...)`` is text). A typed value
    (``@ByteArray(...)``) is not text: None, or left out of a list."""
    text, items, is_list = _qt_unescape(raw)
    if not is_list:
        return _qt_text(text)
    if not any(i.startswith("@") and not i.startswith("@@") for i in items):
        return [i[1:] if i.startswith("@") else i for i in items]
    return [t for t in (_qt_text(i) for i in items) if t is not None]


def _qt_text(item: str) -> str | None:
    if item.startswith("@"):
        if item.endswith(")") and item.startswith("@String("):  # how Qt writes a text holding NUL
            return item[len("@String("):-1]
        if item.endswith(")") and (item.startswith(_QT_TYPED) or item == "@Invalid()"):
            return None
        if item.startswith("@@"):
            return item[1:]
    return item


def _qt_unescape(raw: str) -> tuple[str, list[str], bool]:
    """Qt's ``iniUnescapedStringList`` state machine, step for step."""
    out: list[str] = []  # the current item
    items: list[str] = []
    is_list = in_quotes = quoted = False
    i, n = 0, len(raw)
    chop_limit = 0

    def chop() -> None:  # trailing spaces of an unquoted item, not those an escape made
        text = "".join(out)
        keep = len(text)
        while keep > chop_limit and text[keep - 1] in " \t":
            keep -= 1
        out[:] = [text[:keep]]

    def skip_spaces(at: int) -> int:
        while at < n and raw[at] in " \t":
            at += 1
        return at

    i = skip_spaces(i)
    ended_on_escape = False  # Qt leaves the trailing spaces when the value ends in "\" or "\x"
    while i < n:
        ch = raw[i]
        if ch == "\\":
            i += 1
            if i >= n:
                ended_on_escape = True
                break
            ch = raw[i]
            i += 1
            if ch in _ESCAPES:
                out.append(_ESCAPES[ch])
                chop_limit = len("".join(out))
                continue
            if ch == "x" or ch in "01234567":
                value, base, digits = (0, 16, _HEX) if ch == "x" else (int(ch), 8, "01234567")
                if ch == "x" and i >= n:
                    ended_on_escape = True
                    break
                if ch == "x" and raw[i] not in _HEX:
                    chop_limit = len("".join(out))
                    continue  # "\x" without a digit: dropped, as Qt does
                while i < n and raw[i] in digits:
                    value = (value * base + int(raw[i], base)) & 0xFFFF  # Qt's char16_t
                    i += 1
                out.append(chr(value))
                chop_limit = len("".join(out))
                continue
            if ch in "\r\n" and i < n and raw[i] in "\r\n" and raw[i] != ch:
                i += 1
            chop_limit = len("".join(out))  # any other escaped character is skipped: Qt skips
            # one byte, so the rest of a UTF-8 character reads as replacement characters
            out.append("\ufffd" * (len(ch.encode("utf-8", "surrogatepass")) - 1))
        elif ch == '"':
            i += 1
            quoted = True
            in_quotes = not in_quotes
            if not in_quotes:
                i = skip_spaces(i)
                chop_limit = len("".join(out))
        elif ch == "," and not in_quotes:
            if not quoted:
                chop()
            is_list = True
            items.append("".join(out))
            out.clear()
            quoted = False
            i = skip_spaces(i + 1)
            chop_limit = 0
        else:
            j = i + 1
            while j < n and raw[j] not in '\\",':
                j += 1
            out.append(raw[i:j])
            i = j
    if not quoted and not ended_on_escape:
        chop()
    text = "".join(out)
    if is_list:
        items.append(text)
    return text, items, is_list


def pattern_problem(pattern: str, existing: Iterable[str] = ()) -> str | None:
    """Why ``pattern`` cannot be a production pattern, or None. Patterns are saved separated by
    commas and spaces, so neither can be inside one; an unclosed ``[`` would match only a literal
    bracket, never the profiles meant."""
    text = pattern.strip()
    if not text:
        return "Type a profile name or a pattern such as *-prod."
    if re.search(r"[,\s]", text):
        return f"{text!r} holds a comma or a space: a profile name has neither; add one pattern at a time."
    if "[" in text and not re.search(r"\[!?\]?[^\]]*\]", text):
        return f"{text!r} opens a [ set that is never closed: write [abc] or leave the [ out."
    if text in existing:
        return f"{text!r} is in the list already."
    return None


def format_patterns(patterns: Iterable[str]) -> str:
    """The settings value ``load_patterns`` reads back."""
    return ", ".join(patterns)


def matches(profile_name: str | None, patterns: Iterable[str]) -> bool:
    return bool(profile_name) and any(fnmatchcase(profile_name or "", p) for p in patterns)


def as_opened(spec: Spec, patterns: Iterable[str] | None = None, *,
              profile: str | None = None) -> Spec:
    """The spec a connection opens with: production (marked or matched) is read-only.
    ``profile``: the one that signs, where the spec names none (boto3's from the environment)."""
    wanted = spec.production or (not spec.demo and matches(spec.profile or profile, load_patterns()
                                                          if patterns is None else patterns))
    return replace(spec, production=True, read_only=True) if wanted else spec


def check_account(typed: str, account: str | None, connection_name: str) -> None:
    """Refuse write mode unless ``typed`` is the account id (or, where the account is unknown,
    the connection's name)."""
    expected = account or connection_name
    if typed.strip() != expected:
        what = f"the account id {account}" if account else f"the connection name {connection_name!r}"
        raise WriteModeRefused(f"Still read-only: type {what} exactly to write to this production "
                               "connection.")
