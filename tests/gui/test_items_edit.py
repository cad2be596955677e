"""Edit in place in the Items tab: F2 and double click open a typed editor, the value is staged
(marked, "was …"), the staged pane shows the diff with Undo, Discard and Discard all, and
"Review and send…" opens one guarded transaction in the builder whose send clears the staged
cells; a change made meanwhile cancels it. Staged cells survive a restart; a read-only
connection refuses editing with the reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemDelegate, QApplication

from dynoview.core.drafts.store import DraftStore
from dynoview.core.edits.persist import edits_to_json, save_staged
from dynoview.core.edits.staging import StagedEdits
from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.items.staged_look import staged_background
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window
from tests.helpers import connect

pytestmark = pytest.mark.gui


def s(v: str) -> dict[str, str]:
    return {"S": v}


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own configuration folder (where the staged edits are kept)."""
    root = tmp_path / "config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


def cell(panel: ItemsPanel, pk: str, column: str) -> Any:
    model = panel.model
    row = next(r for r in range(model.rowCount()) if model.item(r)["PK"]["S"] == pk)
    return model.index(row, model.columns().index(column))


def press_f2(panel: ItemsPanel, index: Any) -> None:
    """F2 on the view, through the shortcut the panel binds."""
    panel.view.setCurrentIndex(index)
    shortcut = next(sc for sc in panel.view.findChildren(QShortcut) if sc.key() == QKeySequence("F2"))
    shortcut.activated.emit()


def type_in_cell(qtbot: Any, panel: ItemsPanel, index: Any, text: str, code: str | None = None) -> None:
    press_f2(panel, index)
    editor = panel.cell_edits.delegate.editor
    assert editor is not None, "F2 opened no editor"
    if code is not None:
        editor.type_box.setCurrentText(code)
    editor.line.setText(text)
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)


def stored(window: MainWindow, pk: str, sk: str = "PROFILE") -> dict[str, Any]:
    reader, table = window.ctx.reader, window.ctx.table
    assert reader is not None and table is not None
    item = reader.get_item(table.name, {"PK": s(pk), "SK": s(sk)})
    assert item is not None
    return item


def send(qtbot: Any, window: MainWindow) -> Any:
    """Review and send…, then Execute in the builder, confirmed; returns the builder's result."""
    panel = window.items_panel
    pane = panel.cell_edits.pane
    assert pane.review_button.isEnabled()
    pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")
    assert window.tabs.currentWidget() is builder
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: answer(False)
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None, timeout=30000)
    return builder


def test_f2_stages_a_typed_value_marked_with_what_it_was(qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    index = cell(panel, "ACCT#c3e511", "displayName")
    before = panel.model.data(index)
    type_in_cell(qtbot, panel, index, "Alan M. Turing")
    assert panel.model.data(index) == "Alan M. Turing"
    assert panel.model.data(index, Qt.ItemDataRole.BackgroundRole) == staged_background()
    assert panel.model.data(index, Qt.ItemDataRole.ToolTipRole) == f"Staged: S Alan M. Turing\nwas S {before}"
    pane = panel.cell_edits.pane
    assert pane.isVisibleTo(panel) and pane.title.text() == "Staged changes (1)"
    assert pane.lines() == [f"displayName: S {before} → S Alan M. Turing"]
    # Nothing is written until it is sent.
    assert stored(window, "ACCT#c3e511")["displayName"] == s(before)


def test_bad_input_is_said_at_the_cell_and_nothing_is_staged(qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    index = cell(panel, "ACCT#c3e511", "displayName")
    press_f2(panel, index)
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.type_box.setCurrentText("N")
    editor.line.setText("twelve")
    assert editor.check() is not None and editor.line.toolTip()  # said while typing
    # Under the value, and Enter keeps the editor open with the text, to be fixed.
    assert editor.problem.isVisibleTo(editor) and "'twelve' is not a number" in editor.problem.text()
    assert editor.height() > editor.type_box.sizeHint().height()  # grown to show it
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)
    staging = panel.cell_edits.staging
    assert panel.cell_edits.delegate.editor is editor and editor.line.text() == "twelve"
    assert staging.edits.count == 0
    # Leaving the cell commits what is typed: refused, said in the pane.
    panel.view.commitData(editor)
    panel.view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
    assert staging.edits.count == 0
    assert staging.error.startswith("Not staged at ACCT#c3e511 / PROFILE › displayName: ")
    assert panel.cell_edits.pane.message.text() == staging.error
    # A key attribute is refused before any editor opens, with the reason.
    with qtbot.waitSignal(panel.status_changed) as said:
        press_f2(panel, cell(panel, "ACCT#c3e511", "SK"))
    assert "part of the table's key" in said.args[0]



def test_tab_moves_inside_the_editor_and_an_untouched_new_cell_stages_nothing(
        qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    index = cell(panel, "ACCT#c3e511", "expiresAt")  # an attribute this account does not have
    press_f2(panel, index)
    editor = panel.cell_edits.delegate.editor
    assert editor is not None and editor.line.placeholderText() == "value of expiresAt"
    editor.line.setFocus()
    # Shift+Tab goes to the type (it used to commit an empty S and close), Tab back to the value.
    qtbot.keyClick(editor.line, Qt.Key.Key_Backtab)
    assert panel.cell_edits.delegate.editor is editor and editor.focusWidget() is editor.type_box
    qtbot.keyClick(editor.type_box, Qt.Key.Key_Tab)
    assert editor.focusWidget() is editor.line
    editor.type_box.setCurrentText("N")  # a type chosen, no number typed
    panel.view.commitData(editor)  # left without typing anything
    panel.view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
    assert panel.cell_edits.staging.edits.count == 0


def test_undo_discard_and_discard_all(qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    staging, pane = panel.cell_edits.staging, panel.cell_edits.pane
    type_in_cell(qtbot, panel, cell(panel, "ACCT#c3e511", "displayName"), "One")
    type_in_cell(qtbot, panel, cell(panel, "ACCT#b27d10", "displayName"), "Two")
    type_in_cell(qtbot, panel, cell(panel, "ACCT#d4a0f2", "displayName"), "true", code="BOOL")
    assert pane.title.text() == "Staged changes (3)"
    assert pane.lines()[2].endswith("→ BOOL true")
    # Ctrl+Z (the panel's shortcut) undoes the last staging.
    undo = next(sc for sc in panel.findChildren(QShortcut) if sc.key() == QKeySequence("Ctrl+Z"))
    undo.activated.emit()
    assert staging.edits.count == 2 and pane.title.text() == "Staged changes (2)"
    assert panel.model.data(cell(panel, "ACCT#d4a0f2", "displayName"),
                            Qt.ItemDataRole.BackgroundRole) != staged_background()
    # Discard one: the selected line.
    assert not pane.discard_button.isEnabled()
    pane.select_line(0)
    pane.discard_button.click()
    assert [line.split(":")[0] for line in pane.lines()] == ["displayName"] and staging.edits.count == 1
    assert panel.model.data(cell(panel, "ACCT#c3e511", "displayName")) != "One"
    type_in_cell(qtbot, panel, cell(panel, "ACCT#c3e511", "displayName"), "Three")
    pane.select_line(1)  # Delete in the list discards the selected line
    qtbot.keyClick(pane.list, Qt.Key.Key_Delete)
    assert staging.edits.count == 1 and pane.lines()[0].endswith("→ S Two")
    pane.discard_all_button.click()
    assert staging.edits.count == 0 and not pane.list.isVisibleTo(pane)
    pane.undo_button.click()  # Discard all is undone too
    assert staging.edits.count == 1 and panel.model.data(cell(panel, "ACCT#b27d10", "displayName")) == "Two"


def test_review_and_send_writes_one_transaction_and_clears_the_staged_cells(
        qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    type_in_cell(qtbot, panel, cell(panel, "ACCT#c3e511", "displayName"), "Alan M. Turing")
    type_in_cell(qtbot, panel, cell(panel, "ACCT#b27d10", "displayName"), "Rear Admiral Hopper")
    builder = send(qtbot, window)
    assert [a.kind for a in builder.transaction.actions] == ["Update", "Update"]
    assert builder.result.status == "succeeded", builder.result.message
    staging = panel.cell_edits.staging
    qtbot.waitUntil(lambda: staging.edits.count == 0, timeout=10000)
    assert stored(window, "ACCT#c3e511")["displayName"] == s("Alan M. Turing")
    assert stored(window, "ACCT#b27d10")["displayName"] == s("Rear Admiral Hopper")
    assert not staging.store.edits_path.exists()  # nothing left to restore


def test_a_change_made_meanwhile_cancels_and_nothing_is_overwritten(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    panel = window.items_panel
    type_in_cell(qtbot, panel, cell(panel, "ACCT#c3e511", "displayName"), "Mine")
    type_in_cell(qtbot, panel, cell(panel, "ACCT#b27d10", "displayName"), "Also mine")
    demo_conn.client.update_item(
        TableName=seeded_table, Key={"PK": s("ACCT#b27d10"), "SK": s("PROFILE")},
        UpdateExpression="SET displayName = :n", ExpressionAttributeValues={":n": s("Theirs")})
    # The preflight reads the item's new value: each edit is guarded on the value it changed, so
    # it says DynamoDB would cancel, before anything is sent.
    pane = panel.cell_edits.pane
    pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    overrides: list[Any] = []
    builder.ask_override = lambda preflight, table, answer: (overrides.append(preflight), answer(False))
    builder.execute()
    # The refusal is asked from inside the send's task: Execute again only once it ended (one
    # pressed in between is refused as "being executed"; CI under load hit it once).
    qtbot.waitUntil(lambda: bool(overrides) and not builder.send_flow.running(), timeout=30000)
    refusals = overrides[0].refusals
    assert [r.status for r in refusals] == ["CANCELLED"]
    assert "ACCT#b27d10" in refusals[0].message and "Theirs" in refusals[0].message
    assert builder.result is None  # nothing was sent
    # Sent anyway (the override), DynamoDB cancels it whole: the same truth, from the table.
    builder.ask_override = lambda preflight, table, answer: answer(True)
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None, timeout=30000)
    assert builder.result.status == "cancelled"
    assert stored(window, "ACCT#b27d10")["displayName"] == s("Theirs")
    assert stored(window, "ACCT#c3e511")["displayName"] != s("Mine")
    assert panel.cell_edits.staging.edits.count == 2  # still staged: discard or edit again


def test_a_protected_email_is_staged_with_its_lock_move(qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    type_in_cell(qtbot, panel, cell(panel, "ACCT#c3e511", "email"), "alan@bletchley.uk")
    assert panel.cell_edits.pane.lines() == [
        "email: S alan@turing.uk → S alan@bletchley.uk (protected: the email lock moves from "
        "alan@turing.uk to alan@bletchley.uk)"]
    builder = send(qtbot, window)
    assert [a.kind for a in builder.transaction.actions] == ["Put", "Delete", "Update"]
    assert builder.result.status == "succeeded", builder.result.message
    reader, table = window.ctx.reader, window.ctx.table
    assert reader.get_item(table.name, {"PK": s("UNIQ#EMAIL#alan@bletchley.uk"), "SK": s("LOCK")})
    assert reader.get_item(table.name, {"PK": s("UNIQ#EMAIL#alan@turing.uk"), "SK": s("LOCK")}) is None


def test_staged_cells_are_restored_in_a_new_window(qtbot: Any, window: MainWindow, demo_conn: Connection,
                                                   seeded_table: str) -> None:
    panel = window.items_panel
    type_in_cell(qtbot, panel, cell(panel, "ACCT#c3e511", "displayName"), "Kept over a restart")
    type_in_cell(qtbot, panel, cell(panel, "ACCT#b27d10", "displayName"), "7", code="N")
    panel.cell_edits.staging.store.release()  # the first window is gone (a quit, a crash)
    again = open_window(qtbot, demo_conn, seeded_table)  # a new start reads the drafts folder
    staged = again.items_panel.cell_edits
    assert staged.staging.edits.count == 2
    # "%n change(s)": "2 changes" once the English catalogue holds the string (make translations).
    note = staged.pane.note.text()
    assert note.startswith("2 change") and " staged in an earlier window (opened " in note
    assert note.endswith(" on the connection gui-test, restored.")
    index = cell(again.items_panel, "ACCT#c3e511", "displayName")
    assert again.items_panel.model.data(index) == "Kept over a restart"
    assert staged.pane.lines()[1].endswith("→ N 7")
    assert staged.pane.review_button.isEnabled()


def test_two_windows_on_one_table_keep_their_own_staged_cells(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    """Two windows (as two DynoView processes) on one table: neither drops the other's staged
    cells, a discard removes only its own, and the next start restores what each left."""
    other = open_window(qtbot, demo_conn, seeded_table)
    mine, theirs = window.items_panel, other.items_panel
    assert theirs.cell_edits.staging is not mine.cell_edits.staging
    type_in_cell(qtbot, mine, cell(mine, "ACCT#c3e511", "displayName"), "From window one")
    type_in_cell(qtbot, theirs, cell(theirs, "ACCT#b27d10", "displayName"), "From window two")
    type_in_cell(qtbot, theirs, cell(theirs, "ACCT#d4a0f2", "displayName"), "Discarded in two")
    type_in_cell(qtbot, mine, cell(mine, "ACCT#d4a0f2", "displayName"), "Also window one")
    assert mine.cell_edits.staging.edits.count == 2 and theirs.cell_edits.staging.edits.count == 2
    theirs.cell_edits.staging.discard(seeded_table, {"PK": s("ACCT#d4a0f2"), "SK": s("PROFILE")})
    for gone in (mine, theirs):
        gone.cell_edits.staging.store.release()  # both windows are gone
    third = open_window(qtbot, demo_conn, seeded_table).items_panel
    staging = third.cell_edits.staging
    assert staging.edits.count == 3
    assert third.model.data(cell(third, "ACCT#c3e511", "displayName")) == "From window one"
    assert third.model.data(cell(third, "ACCT#b27d10", "displayName")) == "From window two"
    assert third.model.data(cell(third, "ACCT#d4a0f2", "displayName")) == "Also window one"
    note = third.cell_edits.pane.note.text()
    assert note.count(" staged in an earlier window (opened ") == 2, note
    assert staging.store.leftover_edits() == []  # taken over: now this window's own file
    assert staging.store.edits_path.exists()


def test_an_older_versions_set_is_restored_and_another_connections_kept(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    store = DraftStore()
    info = TableInfo(seeded_table, KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    item = {"PK": s("ACCT#c3e511"), "SK": s("PROFILE"), "displayName": s("Alan Turing")}
    legacy = StagedEdits()
    legacy.stage(info, item, "displayName", s("From an older version"), connection="gui-test")
    store.root.mkdir(parents=True)
    (store.root / "staged-edits.json").write_text(json.dumps(edits_to_json(legacy)))  # its one file
    prod = StagedEdits()
    prod.stage(info, item, "displayName", s("For prod"), connection="prod")
    save_staged(store, prod)
    store.release()  # the window that staged it is gone
    panel = open_window(qtbot, demo_conn, seeded_table).items_panel
    qtbot.waitUntil(lambda: panel.model.data(cell(panel, "ACCT#c3e511", "displayName"))
                    == "From an older version", timeout=10000)
    note = panel.cell_edits.pane.note.text()
    assert " staged in an earlier window (last change " in note  # no window time in an old file
    assert " on the connection gui-test, restored." in note
    assert " staged on the connection prod in an earlier window (last change " in note
    assert note.endswith(" are kept for when you connect to it."), note
    assert len(DraftStore().leftover_edits()) == 1  # prod's, kept


def test_a_read_only_connection_refuses_editing_with_the_reason(
        qtbot: Any, qasync_loop: Any, moto_endpoint: str, seeded_table: str) -> None:
    win = open_window(qtbot, connect(moto_endpoint, read_only=True, name="ro"), seeded_table)
    panel = win.items_panel
    index = cell(panel, "ACCT#c3e511", "displayName")
    with qtbot.waitSignal(panel.status_changed) as said:
        press_f2(panel, index)
    assert said.args[0].startswith("This connection is read-only: cells cannot be edited.")
    assert panel.cell_edits.delegate.editor is None
    with qtbot.waitSignal(panel.status_changed):
        panel.view.doubleClicked.emit(index)
    assert panel.cell_edits.delegate.editor is None and panel.cell_edits.staging.edits.count == 0


def test_sets_and_maps_open_their_editors_on_a_double_click(qtbot: Any, window: MainWindow,
                                                            demo_conn: Connection, seeded_table: str) -> None:
    demo_conn.client.update_item(
        TableName=seeded_table, Key={"PK": s("ACCT#c3e511"), "SK": s("PROFILE")},
        UpdateExpression="SET tags = :t, prefs = :p",
        ExpressionAttributeValues={":t": {"SS": ["a", "b"]},
                                   ":p": {"M": {"theme": s("dark"), "n": {"N": "1"}}}})
    panel = window.items_panel
    with qtbot.waitSignal(panel.controller.page_loaded, timeout=15000):
        panel.run()
    assert panel.cell_edits is not None  # made after the first paint; this window is not painted
    panel.view.doubleClicked.emit(cell(panel, "ACCT#c3e511", "tags"))
    sets: Any = panel.cell_edits.dialog
    assert sets is not None and sets.editor.toPlainText() == "a\nb"
    sets.editor.setPlainText("a\nc\n")
    sets.stage_button.click()
    assert not sets.isVisible()
    panel.view.doubleClicked.emit(cell(panel, "ACCT#c3e511", "prefs"))
    doc: Any = panel.cell_edits.dialog
    doc.editor.setPlainText('{"theme": {"S": "light"}, "n": {"N": "1"}, "n2": {"N": "2"')
    doc.redraw()
    assert doc.error.text().startswith("This is not valid JSON")
    assert not doc.tree.isEnabled()  # greyed: it shows the last valid text, not this one
    doc.stage_button.click()
    assert doc.isVisible() and panel.cell_edits.staging.edits.count == 1  # refused, still open
    assert doc.editor.textCursor().position() == len(doc.editor.toPlainText())  # where it stops
    doc.editor.setPlainText('{"theme": {"S": "light"}, "n": {"N": "1"}, "n2": {"N": "2"}}')
    doc.redraw()
    assert doc.tree.isEnabled() and doc.tree.topLevelItem(0).childCount() == 3
    qtbot.keyClick(doc.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # stages
    assert not doc.isVisible()
    assert panel.cell_edits.pane.lines() == ["tags: SS +c; −b", "prefs: M keys +n2, ~theme"]
    builder = send(qtbot, window)
    assert builder.result.status == "succeeded", builder.result.message
    now = stored(window, "ACCT#c3e511")
    assert sorted(now["tags"]["SS"]) == ["a", "c"]
    assert now["prefs"] == {"M": {"theme": s("light"), "n": {"N": "1"}, "n2": {"N": "2"}}}



def test_a_second_items_tab_shows_and_sends_the_same_staged_set(qtbot: Any, window: MainWindow,
                                                                seeded_table: str) -> None:
    panel = window.items_panel
    type_in_cell(qtbot, panel, cell(panel, "ACCT#c3e511", "displayName"), "From the first tab")
    window.open_items_tab(seeded_table)
    qtbot.waitUntil(lambda: len(window.extra_items) == 1, timeout=10000)
    other = window.extra_items[0]
    qtbot.waitUntil(lambda: other.model.rowCount() > 0 and not other.controller.busy, timeout=10000)
    assert other.cell_edits.staging is panel.cell_edits.staging
    assert other.model.data(cell(other, "ACCT#c3e511", "displayName")) == "From the first tab"
    type_in_cell(qtbot, other, cell(other, "ACCT#b27d10", "displayName"), "From the second tab")
    assert panel.cell_edits.pane.title.text() == "Staged changes (2)"
    window.close_items_tab(other)
    # The closed tab's parts are deleted: the shared staging must not reach them afterwards.
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    type_in_cell(qtbot, panel, cell(panel, "ACCT#d4a0f2", "displayName"), "Third")
    builder = send(qtbot, window)
    assert builder.result.status == "succeeded", builder.result.message
    assert [a.kind for a in builder.transaction.actions] == ["Update"] * 3
    qtbot.waitUntil(lambda: panel.cell_edits.staging.edits.count == 0, timeout=10000)


def test_the_menu_stages_a_removal_and_keeps_edit_as_json(qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    index = cell(panel, "ACCT#c3e511", "displayName")
    panel.view.setCurrentIndex(index)  # the row is selected with it (rows are selected whole)
    menu = panel.context_menu()
    actions = {a.text(): a for a in menu.actions()}
    assert actions["Edit displayName in place (F2)"].isEnabled()
    actions["Stage removal of displayName"].trigger()
    assert panel.model.data(index) == "(removed)"
    assert panel.cell_edits.pane.lines() == ["displayName: removed (was S Alan Turing)"]
    actions["Edit as JSON…"].trigger()  # the whole item, as before, through the builder
    assert panel.edit_dialog is not None
    panel.edit_dialog.reject()
    menu.deleteLater()
