"""The JSON colouring of the request view, the Execute confirmation and the JSON editors
(dynoview/ui/json_highlighter.py): a string is coloured as one token, a key told from a value
by the colon after it; numbers and literals are coloured only outside strings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QFont, QTextDocument, QTextLayout
from PySide6.QtWidgets import QApplication

from dynoview.ui.json_highlighter import JsonHighlighter
from dynoview.ui.theme import ThemeManager

pytestmark = pytest.mark.gui

KEY, STRING, TYPE_CODE, NUMBER, LITERAL = "key", "string", "type code", "number", "literal"
#: (light, dark) per kind, as the views show them.
COLOURS = {KEY: ("#1f4e9c", "#8ab4f8"), STRING: ("#2b7a0b", "#81c995"),
           TYPE_CODE: ("#8a2be2", "#d7aefb"), NUMBER: ("#b35900", "#fcad70"),
           LITERAL: ("#a31515", "#f28b82")}

TOKEN = "bf27fb26-4a30-4fcf-84e3-3226c1ec7ebf"
SAMPLE = "\n".join((
    "{",
    f'  "ClientRequestToken": "{TOKEN}",',
    '  "Item": {"PK": {"S": "null true 2024"}, "Key": {"N": "42"}, '
    r'"Note": {"S": "say \"hi\": 7, false"}, "Path": {"S": "C:\\"}},',
    '  "Limit": -84e3, "Flags": [true, false, null, "x"],',
    '  "Names": [',
    '    "ada",',
    '    "grace"',
    "  ]",
    "}",
))
#: (line, text, nth occurrence on the line, kind or None for plain): every character of the
#: text is drawn in that kind's colour.
EXPECTED: list[tuple[int, str, int, str | None]] = [
    (0, "{", 0, None),
    (1, '"ClientRequestToken"', 0, KEY),
    (1, ": ", 0, None),
    (1, f'"{TOKEN}"', 0, STRING),  # its "-84e3" is not a number
    (2, '"Item"', 0, KEY),
    (2, '"PK"', 0, KEY),
    (2, '"S"', 0, TYPE_CODE),
    (2, '"null true 2024"', 0, STRING),  # no literal, no number inside a string
    (2, '"Key"', 0, KEY),  # after ", ": still a key
    (2, '"N"', 0, TYPE_CODE),
    (2, '"42"', 0, STRING),
    (2, '"Note"', 0, KEY),
    (2, r'"say \"hi\": 7, false"', 0, STRING),  # escaped quotes: one string, no key, no number
    (2, '"Path"', 0, KEY),
    (2, r'"C:\\"', 0, STRING),  # an escaped backslash ends before the closing quote
    (3, '"Limit"', 0, KEY),
    (3, "-84e3", 0, NUMBER),
    (3, "true", 0, LITERAL),
    (3, "false", 0, LITERAL),
    (3, "null", 0, LITERAL),
    (3, '"x"', 0, STRING),
    (3, ", ", 0, None),
    (5, '"ada"', 0, STRING),  # a string on a line of its own is a value too
    (6, '"grace"', 0, STRING),
]


@pytest.fixture
def theme(qapp: QApplication) -> Iterator[ThemeManager]:
    manager = ThemeManager(qapp, "light")
    manager.apply()
    yield manager
    manager.set_mode("light")
    manager.deleteLater()


def highlighted(text: str) -> tuple[QTextDocument, JsonHighlighter]:
    document = QTextDocument()
    document.setPlainText(text)
    highlighter = JsonHighlighter(document)
    highlighter.rehighlight()
    return document, highlighter


def char_formats(document: QTextDocument, line: int) -> dict[int, QTextLayout.FormatRange]:
    """Each character position of ``line`` that has a format, and that format's range."""
    ranges = document.findBlockByNumber(line).layout().formats()
    return {pos: r for r in ranges for pos in range(r.start, r.start + r.length)}


def find(line_text: str, text: str, nth: int) -> int:
    pos = -1
    for _ in range(nth + 1):
        pos = line_text.index(text, pos + 1)
    return pos


def check(document: QTextDocument, dark: bool) -> None:
    lines = SAMPLE.split("\n")
    for line, text, nth, kind in EXPECTED:
        formats = char_formats(document, line)
        start = find(lines[line], text, nth)
        for pos in range(start, start + len(text)):
            got = formats.get(pos)
            where = f"{text!r} at line {line}, char {pos} ({lines[line][pos]!r})"
            if kind is None:
                assert got is None, f"{where} is coloured {got.format.foreground().color().name()}"
                continue
            assert got is not None, f"{where} is not coloured as a {kind}"
            assert got.format.foreground().color().name() == COLOURS[kind][dark], f"{where}: not a {kind}"
            bold = got.format.fontWeight() == QFont.Weight.Bold
            assert bold == (kind == TYPE_CODE), where
        # Each token is one range: nothing inside it was coloured again.
        if kind is not None:
            assert formats[start].start == start and formats[start].length == len(text), text


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_strings_keys_numbers_and_literals_are_told_apart(qtbot, theme: ThemeManager,
                                                          scheme: str) -> None:
    theme.set_mode(scheme)
    document, _highlighter = highlighted(SAMPLE)
    check(document, scheme == "dark")


def test_the_colours_follow_a_theme_switch(qtbot, theme: ThemeManager) -> None:
    document, highlighter = highlighted(SAMPLE)
    check(document, False)
    theme.set_mode("dark")
    highlighter.rehighlight()  # what the views do on a palette change
    check(document, True)


def test_a_string_left_open_while_typing_stays_a_string(qtbot, theme: ThemeManager) -> None:
    text = '{"PK": {"S": "2024 true'
    document, _highlighter = highlighted(text)
    formats = char_formats(document, 0)
    start = text.index('"2024')
    assert {formats[p].start for p in range(start, len(text))} == {start}
    assert formats[start].format.foreground().color().name() == COLOURS[STRING][False]
