"""With several rows selected, Delete… and Edit… are off (one item at a time); the Del key and
Edit as JSON… asked another way (the menu, a shortcut) then say so in the status line and act
on none of the rows, instead of on the first one without a word."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtGui import QKeySequence, QShortcut

from dynoview.ui.main_window import MainWindow

pytestmark = pytest.mark.gui
ROWS = ["SESSION#s-no-ttl", "ACCT#c3e511", "ACCT#b27d10"]


def select_three(window: MainWindow) -> None:
    panel = window.items_panel
    model, selection = panel.model, panel.view.selectionModel()
    selection.clearSelection()
    for pk in ROWS:
        row = next(r for r in range(model.rowCount()) if model.item(r)["PK"]["S"] == pk)
        selection.select(model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)
    assert len(panel.selected_items()) == 3
    assert not panel.delete_button.isEnabled() and not panel.edit_button.isEnabled()


def test_del_with_several_rows_selected_says_so_and_deletes_none(
        qtbot: Any, connected_window: MainWindow) -> None:
    window = connected_window
    panel = window.items_panel
    select_three(window)
    said: list[str] = []
    panel.status_changed.connect(said.append)
    delete = next(sc for sc in panel.view.findChildren(QShortcut)
                  if sc.key() == QKeySequence(QKeySequence.StandardKey.Delete))
    delete.activated.emit()
    qtbot.wait(200)
    builder: Any = window.feature("BuilderPanel")
    assert builder.current_form is None and not builder.transaction.actions, \
        "Del acted on one of the three selected rows"
    assert said == ["Select one item to delete: Delete… deletes one item at a time, and 3 are "
                    "selected. Nothing was deleted."]
    panel.edit_selected()
    assert panel.edit_dialog is None
    assert said[-1] == "Select one item to edit as JSON: it edits one item at a time, and 3 are selected."
