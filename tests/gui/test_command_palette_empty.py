"""The command palette says when nothing matches what was typed, instead of an empty box."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.ui.window.command_palette import COMMAND, TABLE, CommandPalette, PaletteEntry

pytestmark = pytest.mark.gui


def test_no_match_is_said_and_enter_runs_nothing(qtbot: Any) -> None:
    ran: list[str] = []
    entries = [PaletteEntry("accounts", TABLE, lambda: ran.append("accounts")),
               PaletteEntry("Refresh tables", COMMAND, lambda: ran.append("refresh"))]
    palette = CommandPalette(lambda: entries)
    qtbot.addWidget(palette)
    palette.popup()
    keys_hint = palette.hint.text()
    qtbot.keyClicks(palette.query, "release")
    assert palette.shown_titles() == []
    assert "No table or command matches “release”" in palette.hint.text()
    qtbot.keyClick(palette.query, Qt.Key.Key_Return)
    assert ran == [] and palette.isVisible()
    palette.query.setText("acc")  # a match again: the keys are what to know
    assert palette.shown_titles() == ["accounts"] and palette.hint.text() == keys_hint
    palette.query.setText("   ")  # blank is everything, not "no match"
    assert palette.hint.text() == keys_hint
