"""Undo and redo of every builder edit (Ctrl+Z, Ctrl+Shift+Z): add, remove, move, a field, the
token, an import, a template; typing in one field is one edit."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.template_forms import SignUpForm
from dynoview.ui.builder.undo import MERGE_SECONDS, describe_edit
from dynoview.ui.context import AppContext

pytestmark = pytest.mark.gui
S = article_schema()
CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def account(acct: str, email: str, username: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
            "username": {"S": username}}


@pytest.fixture
def panel(qtbot, qasync_loop, demo_conn: Connection, seeded_table: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> BuilderPanel:
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")  # drafts of this test only
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    ctx.set_table(describe_table(demo_conn, seeded_table))
    widget = BuilderPanel(ctx)
    widget.action_log = ActionLog(tmp_path / "actions.jsonl")
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)  # shortcuts fire in a shown window
    widget.activateWindow()
    return widget


def items(panel: BuilderPanel) -> list[Any]:
    return copy.deepcopy(panel.request_json()["TransactItems"])


def undo_keys(qtbot, panel: BuilderPanel) -> None:
    target = QApplication.focusWidget() if panel.isAncestorOf(QApplication.focusWidget()) else panel
    qtbot.keyClick(target, Qt.Key.Key_Z, CTRL)


def redo_keys(qtbot, panel: BuilderPanel) -> None:
    target = QApplication.focusWidget() if panel.isAncestorOf(QApplication.focusWidget()) else panel
    qtbot.keyClick(target, Qt.Key.Key_Z, CTRL_SHIFT)


def signup(panel: BuilderPanel, table: str, acct: str = "u1") -> None:
    panel.load_request(sign_up(S, table, account(acct, f"{acct}@x.io", acct)).to_request())


def test_add_action_is_undone_and_redone(qtbot, panel: BuilderPanel) -> None:
    undo = panel.drafts.undo
    panel.add_action("Put")
    assert len(items(panel)) == 1 and undo.stack.undoText() == "Add action"
    undo_keys(qtbot, panel)
    assert items(panel) == [] and panel.action_list.count() == 0
    redo_keys(qtbot, panel)
    assert len(items(panel)) == 1 and panel.action_list.count() == 1


def test_remove_is_undone(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    signup(panel, seeded_table)
    before = items(panel)
    panel.action_list.setCurrentRow(1)
    panel.remove_current()
    assert len(items(panel)) == 2 and panel.drafts.undo.stack.undoText() == "Remove action"
    undo_keys(qtbot, panel)
    assert items(panel) == before
    redo_keys(qtbot, panel)
    assert items(panel) == [before[0], before[2]]


def test_move_is_undone(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    signup(panel, seeded_table)
    before = items(panel)
    panel.action_list.setCurrentRow(0)
    panel.move_current(1)
    assert items(panel) == [before[1], before[0], before[2]]
    assert panel.drafts.undo.stack.undoText() == "Move action"
    undo_keys(qtbot, panel)
    assert items(panel) == before


def key_edit(panel: BuilderPanel) -> QLineEdit:
    """The first action's partition key field (it shows ACCT#a)."""
    edits = [e for e in panel.editor(0).findChildren(QLineEdit) if e.text() == "ACCT#a"]
    assert len(edits) == 1, "the Delete action's PK field"
    return edits[0]


def test_typing_in_one_field_is_one_edit(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request({"TransactItems": [{"Delete": {"TableName": seeded_table, "Key": {
        "PK": {"S": "ACCT#a"}, "SK": {"S": "PROFILE"}}}}]})
    undo = panel.drafts.undo
    loaded, depth = items(panel), undo.stack.count()
    edit = key_edit(panel)
    edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is edit)
    edit.end(False)
    for chunk in ("b", "cd", "ef"):  # three pauses, three rebuilds: still one edit
        qtbot.keyClicks(edit, chunk)
        qtbot.wait(200)
    assert undo.stack.count() == depth + 1
    assert undo.stack.undoText() == "Edit action 1"
    typed = items(panel)
    assert typed != loaded and "ACCT#abcdef" in str(typed)
    # Ctrl+Z in the field undoes the builder's edit, not the field's own last keystroke.
    undo_keys(qtbot, panel)
    assert items(panel) == loaded
    redo_keys(qtbot, panel)
    assert items(panel) == typed


def test_edits_apart_in_time_or_fields_are_separate(qtbot, panel: BuilderPanel, seeded_table: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    panel.load_request({"TransactItems": [{"Delete": {"TableName": seeded_table, "Key": {
        "PK": {"S": "ACCT#a"}, "SK": {"S": "PROFILE"}}}}]})
    undo = panel.drafts.undo
    depth = undo.stack.count()
    edit = key_edit(panel)
    edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is edit)
    edit.end(False)
    qtbot.keyClicks(edit, "1")
    qtbot.wait(200)
    monkeypatch.setattr("dynoview.ui.builder.undo.MERGE_SECONDS", 0.0)  # as if typed much later
    qtbot.keyClicks(edit, "2")
    qtbot.wait(200)
    assert undo.stack.count() == depth + 2
    undo_keys(qtbot, panel)
    assert "ACCT#a1" in str(items(panel)) and "ACCT#a12" not in str(items(panel))


def test_keystrokes_merge_within_a_second() -> None:
    assert pytest.approx(1.0) == MERGE_SECONDS


def test_token_change_is_undone(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    signup(panel, seeded_table)
    before = panel.request_json()["ClientRequestToken"]
    panel.token_edit.setFocus()
    panel.token_edit.selectAll()
    qtbot.keyClicks(panel.token_edit, "my-own-token")
    qtbot.wait(200)
    assert panel.request_json()["ClientRequestToken"] == "my-own-token"
    assert panel.drafts.undo.stack.undoText() == "Change token"
    undo_keys(qtbot, panel)
    assert panel.request_json()["ClientRequestToken"] == before


def test_import_is_one_edit(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.add_action("Put")
    before = items(panel)
    panel.drafts.import_transaction(Transaction.from_request(
        sign_up(S, seeded_table, account("i1", "i@x.io", "i")).to_request()), False)
    box = panel.drafts.import_box
    assert box is not None and box.isVisible()
    next(b for b in box.buttons() if b.text() == "Replace").click()
    assert len(items(panel)) == 3 and panel.drafts.undo.stack.undoText() == "Import JSON"
    undo_keys(qtbot, panel)
    assert items(panel) == before


def test_template_is_one_edit(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.add_action("Put")
    before = items(panel)
    panel.run_template("sign_up")
    form = panel.template_runner.current_form
    assert isinstance(form, SignUpForm)
    form.fields["email"].edit.setText("t@x.io")
    form.fields["username"].edit.setText("t")
    form.accept()
    box = panel.drafts.import_box  # over the unsent Put: Replace / Append / Cancel first
    assert box is not None and box.isVisible()
    next(b for b in box.buttons() if b.text() == "Replace").click()
    assert len(items(panel)) == 3 and panel.drafts.undo.stack.undoText() == "Load template"
    undo_keys(qtbot, panel)
    assert items(panel) == before
    redo_keys(qtbot, panel)
    assert len(items(panel)) == 3


def test_the_undo_actions_name_the_edit(panel: BuilderPanel) -> None:
    undo = panel.drafts.undo
    assert not undo.undo_action.isEnabled()
    panel.add_action("Put")
    assert undo.undo_action.isEnabled() and undo.undo_action.text() == "&Undo Add action"
    undo.undo_action.trigger()
    assert undo.redo_action.text() == "&Redo Add action"


def test_describe_edit_names_each_kind_of_change() -> None:
    a, b, c = {"Put": {"TableName": "t"}}, {"Delete": {"TableName": "t"}}, {"Put": {"TableName": "u"}}

    def req(*actions: Any, token: str = "x") -> dict[str, Any]:
        return {"TransactItems": list(actions), "ClientRequestToken": token}

    assert describe_edit(req(a), req(a, b)) == "Add action"
    assert describe_edit(req(), req(a, b, c)) == "Add 3 actions"
    assert describe_edit(req(a, b), req(b)) == "Remove action"
    assert describe_edit(req(a, b), req(b, a)) == "Move action"
    assert describe_edit(req(a, b), req(a, c)) == "Edit action 2"
    assert describe_edit(req(a, b), req(c, a)) == "Edit actions"
    assert describe_edit(req(a, token="1"), req(a, token="2")) == "Change token"
