"""Closing the window while a cell editor holds a typed value not yet entered stages the value (as
leaving the cell does). Before, Ctrl+Q or the title bar's close (which move no focus out of the
editor) dropped it without a word."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.ui.items.cell_editor import CellEditor
from dynoview.ui.main_window import MainWindow

pytestmark = pytest.mark.gui


def test_a_typed_value_is_staged_when_the_window_closes(qtbot: Any, connected_window: MainWindow) -> None:
    window = connected_window
    window.show()
    panel = window.items_panel
    edits = panel.cell_edits
    column = panel.model.columns().index("email")
    edits.edit(panel.model.index(0, column))
    qtbot.waitUntil(lambda: panel.view.findChild(CellEditor) is not None, timeout=5000)
    editor = panel.view.findChild(CellEditor)
    assert editor is not None
    editor.line.selectAll()
    editor.line.insert("typed-not-entered@x.io")
    window.close()
    assert edits.staging.edits.count == 1
    [item] = list(edits.staging.edits)
    assert "typed-not-entered@x.io" in str(item.cells)
