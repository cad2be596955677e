"""``plain_tooltip``: a tooltip shows the characters it was given, HTML-looking or not."""

from __future__ import annotations

import pytest
from PySide6.QtGui import Qt, QTextDocument

from dynoview.ui.plain_text import plain_tooltip


def rendered(tip: str) -> str:
    """As Qt's tooltip label shows it (AutoText: HTML when it looks like HTML)."""
    doc = QTextDocument()
    if Qt.mightBeRichText(tip):
        doc.setHtml(tip)
    else:
        doc.setPlainText(tip)
    return doc.toPlainText()


@pytest.mark.parametrize("text", [
    '<b>B</b><img src="file:///nonexistent.png"><a href="x">L</a>',
    "S: <i>x</i> &amp; &lt;y&gt;",
    "<p>first</p>\n\n  indented\tand tabbed <br> after a blank line",
    "Staged: <b>new</b>\nwas <b>old</b>",
])
def test_html_looking_text_is_shown_as_its_characters(qapp, text: str) -> None:
    tip = plain_tooltip(text)
    assert Qt.mightBeRichText(text) and tip != text
    assert rendered(tip) == text
    assert "<img" not in tip and "<b>" not in tip


@pytest.mark.parametrize("text", ["", "S: ada@lovelace.io", "x <= 5 and y >= 2", "line one\nline <b>two</b>"])
def test_text_qt_shows_as_plain_text_is_unchanged(qapp, text: str) -> None:
    assert not Qt.mightBeRichText(text)
    assert plain_tooltip(text) == text
    assert rendered(plain_tooltip(text)) == text
