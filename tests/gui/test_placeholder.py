"""A read-only pane's placeholder wraps to the pane (Qt draws a QTextBrowser's on one line)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QImage, QPalette

from dynoview.ui.placeholder import PlaceholderBrowser

pytestmark = pytest.mark.gui

TEXT = "Select a row to see what is wrong and what to do."


def _drawn_rows(browser: PlaceholderBrowser) -> set[int]:
    """The text lines (by line height) that hold pixels other than the pane's background."""
    image: QImage = browser.viewport().grab().toImage()
    base = browser.palette().color(QPalette.ColorRole.Base).rgb()
    line = browser.fontMetrics().lineSpacing()
    return {y // line for y in range(image.height()) for x in range(image.width())
            if image.pixel(x, y) != base}


def test_the_placeholder_wraps_and_goes_with_content(qtbot: Any) -> None:
    browser = PlaceholderBrowser()
    qtbot.addWidget(browser)
    browser.setPlaceholderText(TEXT)
    browser.resize(170, 120)  # the findings pane's width at 1024x700
    browser.show()
    qtbot.waitExposed(browser)
    assert browser.placeholderText() == TEXT
    assert len(_drawn_rows(browser)) >= 3  # the whole sentence, over several lines (it was one, cut)
    browser.setHtml("<p>Orphan lock</p>")
    assert len(_drawn_rows(browser)) <= 2  # the content's one line alone, no placeholder
    browser.clear()
    assert len(_drawn_rows(browser)) >= 3  # empty again: the placeholder is back
