"""Text from a table, shown and never obeyed: control, bidi and invisible characters as escapes.

A value read from a table is data. Printed raw to a terminal, ``\\x1b[2J`` clears the screen
and an OSC sequence can retitle the window, write the clipboard or make a link; in a window or
a terminal alike, a bidi override (U+202E) reverses what follows, and a zero-width space makes
``ada\\u200b@lovelace.io`` look like the lock ``ada@lovelace.io``. Every text output of the
app that carries table data (the CLI's text output, the window's cells) passes through
``visible``, which writes such characters as escapes a reader can see:

- C0 controls, DEL and C1 controls (U+0080-U+009F): ``\\x1b``, ``\\x7f``, ``\\x9b``; tab, line
  feed and carriage return as ``\\t``, ``\\n``, ``\\r``;
- bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the other
  invisible format characters (soft hyphen, zero-width space, word joiner, byte-order mark,
  U+2060-U+206F, interlinear annotations, Hangul fillers, tag characters) as ``\\u202e``;
- line and paragraph separators (U+2028, U+2029), lone surrogates;
- zero-width (non-)joiners and the direction marks (U+200C-U+200F, U+061C) only where they
  would mislead: at either end of the text or beside an ASCII character (an email, a key).
  Between two non-ASCII characters they are how emoji sequences and Persian, Indic or
  Hebrew text are written, and stay; an emoji flag's tag sequence stays too.

``visible`` leaves backslashes as they are: in a cell ``\\x1b`` is either an escape made here
or the four characters themselves, and the raw value (the window's edit role, the JSON output)
tells. A value quoted inside a line of text, where no raw value is at hand (the CLI's lines, the
preflight's "after:" lines, an action's summary), goes through ``visible_value``: its backslashes
are doubled first, so every escape reads one way (``a\\`` then a line feed is ``a\\\\\\n``, the
four characters ``a\\n`` are ``a\\\\n``) and no value can print as a line or a verdict of its own.

``visible_json`` does the same inside JSON text with JSON's own ``\\uXXXX`` escapes, so the
output stays valid JSON that decodes to exactly the same data.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_ALWAYS = (
    "\x00-\x1f\x7f-\x9f"  # C0, DEL, C1
    "\u00ad"  # soft hyphen
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers: blank, used to fake empty or equal names
    "\u180e"  # Mongolian vowel separator
    "\u200b"  # zero-width space
    "\u2028\u2029"  # line and paragraph separators
    "\u202a-\u202e"  # bidi embeddings and overrides
    "\u2060-\u206f"  # word joiner, invisible operators, bidi isolates, deprecated format characters
    "\ufeff"  # byte-order mark / zero-width no-break space
    "\ufff9-\ufffb"  # interlinear annotations
    "\U0001d173-\U0001d17a"  # musical format characters
    "\U000e0000-\U000e007f"  # tag characters (invisible ASCII look-alikes)
    "\ud800-\udfff"  # lone surrogates (never valid text)
)
_CONTEXTUAL = "\u061c\u200c-\u200f"  # joiners and direction marks: fine inside non-ASCII text

# An emoji flag's tag sequence (black flag, tags, cancel tag) is kept whole; otherwise one
# character from the sets above, the contextual ones only where they would mislead: a joiner
# or mark stays only between two characters that are neither ASCII nor hidden.
_TEXT = f"[^\\x00-\\x7f{_ALWAYS}{_CONTEXTUAL}]"
_HIDDEN = re.compile(
    "(?P<flag>\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f)"
    f"|[{_ALWAYS}]"
    f"|(?<!{_TEXT})[{_CONTEXTUAL}]"  # at the start, or after ASCII or a hidden character
    f"|[{_CONTEXTUAL}](?!{_TEXT})"  # at the end, or before one
)
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def escape_char(char: str) -> str:
    """One character as a visible escape: ``\\x1b``, ``\\u202e``, ``\\U000e0041``, ``\\n``."""
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # a surrogate pair, as JSON writes characters outside the BMP
    return f"\\u{0xd800 + (code >> 10):04x}\\u{0xdc00 + (code & 0x3ff):04x}"


def _sub(text: str, keep: str, escape: Callable[[str], str]) -> str:
    def replace(match: re.Match[str]) -> str:
        found = match.group()
        if match.group("flag") or found in keep:
            return found
        return escape(found)

    return _HIDDEN.sub(replace, text)


def visible(text: str, *, keep: str = "", backslash: bool = False) -> str:
    """``text`` with every character that could act on a terminal or hide or reorder text
    written as a visible escape. ``keep``: characters to leave as they are (a multi-line
    message keeps ``"\\n"``). ``backslash``: double every backslash first, so an escape made
    here never reads like the same characters in the value (``visible_value``)."""
    if backslash and "\\" in text:
        text = text.replace("\\", "\\\\")
    if text.isascii() and text.isprintable():
        return text  # the common case, at C speed
    return _sub(text, keep, escape_char)


def visible_value(text: str) -> str:
    """A value quoted in a line of text: ``visible`` with backslashes doubled first, so the line
    stays one line and reads back one way (``a\\\\\\n`` is ``a\\`` and a line feed)."""
    return visible(text, backslash=True)


def visible_json(json_text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with the same characters as
    ``\\uXXXX`` escapes: valid JSON still, decoding to the same data. Raw tab, line feed and
    carriage return in JSON text are layout (inside strings JSON already escapes them)."""
    if json_text.isascii() and "\x7f" not in json_text:
        return json_text  # json.dumps escapes the other ASCII controls inside strings
    return _sub(json_text, "\t\n\r", _json_escape)


def has_hidden(text: str) -> bool:
    """Whether ``visible`` would change ``text``."""
    return visible(text) != text
