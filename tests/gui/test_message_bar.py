"""The in-window strip (dynoview/ui/message_bar.py): rich only for its bold question, so text
from elsewhere (a feed's address, a version) is escaped, never rendered as HTML."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QMainWindow, QToolBar

from dynoview.ui.message_bar import MessageBar

pytestmark = pytest.mark.gui

HOSTILE = '<img src="/dev/zero"> & <b>bold</b>'


def test_words_from_elsewhere_are_shown_as_typed_not_as_html(qtbot: Any) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    bar = MessageBar(window)
    bar.setText(HOSTILE)
    bar.setInformativeText(HOSTILE)
    assert bar.text() == HOSTILE and bar.informativeText() == HOSTILE
    (label,) = bar.findChildren(QLabel)
    assert "<img" not in label.text() and "&lt;img src=&quot;/dev/zero&quot;&gt;" in label.text()


def test_a_pressed_button_closes_the_bar_and_its_strip(qtbot: Any) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    bar = MessageBar(window)
    bar.setText("Question?")
    yes = bar.addButton("Yes")
    bar.addButton("No")
    bar.show()
    assert [t for t in window.findChildren(QToolBar) if t.isVisible()] != []
    with qtbot.waitSignal(bar.buttonClicked) as pressed:
        yes.click()
    assert pressed.args == [yes] and not bar.isVisible() and bar.parent() is window
    qtbot.waitUntil(lambda: window.findChildren(QToolBar) == [], timeout=2000)
