"""Ctrl+F in Accounts & locks puts the focus in its search, from anywhere in the tab, with
what was typed there before selected (typing replaces it)."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.ui.main_window import MainWindow
from tests.gui.test_keyboard_flows import CTRL, Key, focused, key, open_table_by_keyboard, type_text
from tests.gui.test_keyboard_flows import window as window  # the fixture

pytestmark = pytest.mark.gui


def test_ctrl_f_goes_to_the_search(qtbot: Any, window: MainWindow, seeded_table: str) -> None:
    win = window
    open_table_by_keyboard(qtbot, win, seeded_table)
    key(qtbot, Key.Key_2, CTRL)
    locks: Any = win.features["LocksPanel"]
    qtbot.waitUntil(lambda: focused() is locks.value_edit, timeout=5000)
    qtbot.waitUntil(lambda: locks.result is not None, timeout=20000)

    key(qtbot, Key.Key_F, CTRL)
    assert focused() is locks.search
    type_text(qtbot, "linus")
    locks.view.setFocus()
    key(qtbot, Key.Key_F, CTRL)
    assert focused() is locks.search and locks.search.selectedText() == "linus"
