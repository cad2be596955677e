"""Copy to table… from the Items tab copies every selected row: an account selected with its two
locks went over as the first row alone (a lock without its account, in the target a value
blocked for good), while the dialog warned the user to select what they had selected."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel

from dynoview.ui.main_window import MainWindow

WANT = ["ACCT#a1f9c3", "UNIQ#EMAIL#ada@lovelace.io", "UNIQ#HANDLE#ada"]


def test_copy_to_table_takes_every_selected_row(qtbot, connected_window: MainWindow) -> None:
    panel = connected_window.items_panel
    model, selection = panel.model, panel.view.selectionModel()
    qtbot.waitUntil(lambda: all(any(model.item(r)["PK"]["S"] == pk for r in range(model.rowCount()))
                                for pk in WANT), timeout=15000)
    selection.clearSelection()
    for pk in WANT:
        row = next(r for r in range(model.rowCount()) if model.item(r)["PK"]["S"] == pk)
        selection.select(model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)
    assert sorted(i["PK"]["S"] for i in panel.selected_items()) == sorted(WANT)
    dialog = panel.transfer.open_copy()
    try:
        assert dialog.selected_scope.isChecked() and "(3)" in dialog.selected_scope.text()
        assert sorted(i["PK"]["S"] for i in dialog.items()) == sorted(WANT)
    finally:
        dialog.close()


def test_copy_to_table_takes_the_item_read_by_key_when_no_row_is_selected(
        qtbot, connected_window: MainWindow) -> None:
    panel = connected_window.items_panel
    panel.view.selectionModel().clearSelection()
    panel.selection.by_key_item = {"PK": {"S": "ACCT#off-page"}, "SK": {"S": "PROFILE"}}
    dialog = panel.transfer.open_copy()
    try:
        assert [i["PK"]["S"] for i in dialog.items()] == ["ACCT#off-page"]
    finally:
        dialog.close()
