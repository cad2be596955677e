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


def test_two_bars_stack_each_on_a_strip_of_the_windows_width(qtbot: Any) -> None:
    """An unanswered update question and the last session's unsent work show together at a
    start: side by side, the first was squeezed to a fifth of the window."""
    from PySide6.QtCore import QPoint

    window = QMainWindow()
    window.setCentralWidget(QLabel("tabs"))
    qtbot.addWidget(window)
    window.resize(1000, 600)
    window.show()
    first, second = MessageBar(window), MessageBar(window)
    for bar, words in ((first, "A question?"), (second, "A note.")):
        bar.setText(words)
        bar.addButton("OK")
        bar.show()
    qtbot.waitUntil(lambda: second.mapTo(window, QPoint(0, 0)).y() > first.mapTo(window, QPoint(0, 0)).y(),
                    timeout=2000)
    assert first.width() > 900 and second.width() > 900
    assert first.mapTo(window, QPoint(0, 0)).x() == second.mapTo(window, QPoint(0, 0)).x()
