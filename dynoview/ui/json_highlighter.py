"""JSON colouring for the request view, the Execute confirmation and the JSON editors.

Each line is read once, left to right, into tokens: a string is one token (a key when a colon
follows it), so nothing inside a string is ever coloured as a number or a literal; numbers and
``true``/``false``/``null`` are coloured only outside strings. A JSON string cannot hold a raw
line break, so no state is carried from one line to the next; a string left open (while the
user types) runs to the end of its line.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QGuiApplication, QSyntaxHighlighter, QTextCharFormat, QTextDocument

from dynoview.ui.tones import is_dark

KEY, STRING, TYPE_CODE, NUMBER, LITERAL = "key", "string", "type code", "number", "literal"
#: (light, dark) per kind: the light colours are unreadable on the dark base (#1f4e9c on
#: #1e1f22 is 2:1), so each theme gets its own, all over 4.5:1 against its base.
COLOURS = {KEY: ("#1f4e9c", "#8ab4f8"), STRING: ("#2b7a0b", "#81c995"),
           TYPE_CODE: ("#8a2be2", "#d7aefb"), NUMBER: ("#b35900", "#fcad70"),
           LITERAL: ("#a31515", "#f28b82")}
#: DynamoDB's type codes: as keys they stand out in bold.
TYPE_CODES = frozenset({"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"})

# One pass: the first alternative that matches at a position wins, and a match is never looked
# into again. A bare word is matched (and left plain) so that digits in it are not a number.
_TOKEN = re.compile(r"""
    (?P<string>"(?:[^"\\]|\\.)*(?P<close>"|\\?$))
  | (?P<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?![\w.])
  | (?P<literal>(?:true|false|null)(?!\w))
  | (?P<word>[\w.]+)
""", re.VERBOSE)
_COLON = re.compile(r"\s*:")


def json_tokens(line: str) -> list[tuple[int, int, str]]:
    """The coloured tokens of one line: (start, length, kind), left to right."""
    tokens: list[tuple[int, int, str]] = []
    for match in _TOKEN.finditer(line):
        start, end = match.span()
        if match.group("string") is not None:
            # Closed by its own quote and followed by a colon: a key (a string left open is not).
            key = match.group("close") == '"' and _COLON.match(line, end) is not None
            kind = (TYPE_CODE if line[start + 1:end - 1] in TYPE_CODES else KEY) if key else STRING
        elif match.group("number") is not None:
            kind = NUMBER
        elif match.group("literal") is not None:
            kind = LITERAL
        else:
            continue  # a bare word: plain
        tokens.append((start, end - start, kind))
    return tokens


def _format(color: str, bold: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(color))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    return fmt


class JsonHighlighter(QSyntaxHighlighter):
    """Colours JSON keys, strings, numbers and literals (type codes stand out in bold), in
    the colours of the application's light or dark theme."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._dark: bool | None = None
        self._formats: dict[str, QTextCharFormat] = {}

    def _current_formats(self) -> dict[str, QTextCharFormat]:
        dark = is_dark(QGuiApplication.palette())
        if dark != self._dark:
            self._dark = dark
            self._formats = {kind: _format(pair[dark], bold=kind == TYPE_CODE)
                             for kind, pair in COLOURS.items()}
        return self._formats

    def highlightBlock(self, text: str) -> None:
        formats = self._current_formats()
        for start, length, kind in json_tokens(text):
            self.setFormat(start, length, formats[kind])
