"""Work from another tab, a template or an edit lands in the builder over its unsent actions only
once the user says so: Replace / Append / Cancel, as Import JSON asks. Until then the builder
and its autosaved draft are as they were; Cancel keeps both (the new work as a named draft)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QMessageBox

from dynoview.core.drafts.store import DraftStore
from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.ui.builder.drafts_view import SAVE_DELAY_MS
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
KEPT = "Not opened: the builder's actions are as they were, and the new transaction is kept as the draft"


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own configuration folder (the drafts and the staged cells)."""
    root = tmp_path / "config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


def kinds(builder: Any) -> list[str]:
    return [a.kind for a in builder.transaction.actions]


def saved(builder: Any) -> str:
    return str(builder.drafts.store.current_path.read_text())


def saved_count(builder: Any) -> int:
    path = builder.drafts.store.current_path
    return len(json.loads(path.read_text())["request"]["TransactItems"]) if path.exists() else 0


def unsent_put(qtbot: Any, window: MainWindow, table: str) -> Any:
    """The builder holding a Put built by hand, unsent, and autosaved."""
    builder = window.feature("BuilderPanel")
    builder.imported(Transaction(actions=[Action(
        kind=PUT, table=table, item={"PK": {"S": "NOTE#1"}, "SK": {"S": "N"}, "body": {"S": "mine"}},
        condition="attribute_not_exists(PK)")]))
    qtbot.waitUntil(lambda: saved_count(builder) == 1, timeout=3000)
    return builder


def stage_a_cell(qtbot: Any, window: MainWindow) -> None:
    """F2 on a displayName cell in the Items tab, a new value typed, Enter."""
    panel = window.items_panel
    window.tabs.setCurrentWidget(panel)
    model = panel.model
    row = next(r for r in range(model.rowCount()) if model.item(r)["PK"]["S"] == "ACCT#c3e511")
    panel.view.setCurrentIndex(model.index(row, model.columns().index("displayName")))
    next(sc for sc in panel.view.findChildren(QShortcut) if sc.key() == QKeySequence("F2")).activated.emit()
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.line.setText("Alan M. Turing")
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)
    assert panel.cell_edits.staging.edits.count == 1


def question(builder: Any) -> QMessageBox:
    box = builder.drafts.import_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    # Enter must not throw work away: Append is the default, Escape is Cancel.
    default = box.defaultButton()
    assert default is not None and default.text() == "Append"
    assert box.escapeButton() is box.button(QMessageBox.StandardButton.Cancel)
    return box


def click(box: QMessageBox, text: str) -> None:
    next(b for b in box.buttons() if b.text() == text).click()


def kept_draft(status: str) -> int:
    """The actions of the named draft the status names (Cancel kept the new work there)."""
    name = status.split("“", 1)[1].split("”", 1)[0]
    return DraftStore().open_named(name).action_count


@pytest.mark.parametrize(("button", "after"), [("Replace", ["Update"]), ("Append", ["Put", "Update"]),
                                               ("Cancel", ["Put"])])
def test_review_and_send_over_unsent_actions_asks(qtbot: Any, window: MainWindow, seeded_table: str,
                                                  button: str, after: list[str]) -> None:
    builder = unsent_put(qtbot, window, seeded_table)
    before = saved(builder)
    stage_a_cell(qtbot, window)
    window.items_panel.cell_edits.pane.review_button.click()
    box = question(builder)
    assert window.tabs.currentWidget() is builder  # the question is asked over what it replaces
    assert box.text() == ("The builder holds 1 unsent action. Replace it with the new transaction's "
                          "1 action, or append those after it?")
    assert kinds(builder) == ["Put"] and saved(builder) == before  # nothing replaced before the answer
    click(box, button)
    assert kinds(builder) == after and builder.drafts.import_box is None
    if button == "Cancel":
        qtbot.wait(SAVE_DELAY_MS + 300)  # an autosave would have run by now
        assert saved(builder) == before  # what a kill now would leave: the hand-built Put
        assert builder.status.text().startswith(KEPT) and window.status.text() == builder.status.text()
        assert kept_draft(builder.status.text()) == 1
        assert window.items_panel.cell_edits.staging.edits.count == 1  # still staged
    else:
        qtbot.waitUntil(lambda: saved_count(builder) == len(after), timeout=3000)


@pytest.mark.parametrize(("button", "count"), [("Replace", 3), ("Append", 4), ("Cancel", 1)])
def test_a_template_over_unsent_actions_asks(qtbot: Any, window: MainWindow, seeded_table: str,
                                             button: str, count: int) -> None:
    builder = unsent_put(qtbot, window, seeded_table)
    before = saved(builder)
    window.router.run_template("sign_up")
    form = builder.template_runner.current_form
    form.fields["email"].edit.setText("t@x.io")
    form.fields["username"].edit.setText("t")
    form.accept()
    box = question(builder)
    assert box.text() == ("The builder holds 1 unsent action. Replace it with the new transaction's "
                          "3 actions, or append those after it?")
    assert kinds(builder) == ["Put"] and saved(builder) == before
    click(box, button)
    assert len(builder.transaction.actions) == count
    if button == "Cancel":
        qtbot.wait(SAVE_DELAY_MS + 300)
        assert saved(builder) == before
        assert builder.status.text().startswith(KEPT) and kept_draft(builder.status.text()) == 3
    else:
        assert builder.status.text() == "Sign up (new account): review the request, then Execute."
        assert builder.drafts.undo.stack.undoText() == "Load template"
        qtbot.waitUntil(lambda: saved_count(builder) == count, timeout=3000)


def test_an_empty_builder_takes_the_staged_edits_without_a_question(qtbot: Any, window: MainWindow) -> None:
    builder = window.feature("BuilderPanel")
    stage_a_cell(qtbot, window)
    window.items_panel.cell_edits.pane.review_button.click()
    assert builder.drafts.import_box is None and kinds(builder) == ["Update"]
    assert window.tabs.currentWidget() is builder
    # Review and send… again, nothing changed: the builder holds that very transaction, no
    # question, and its token stays (a resend after an unknown outcome is the same request).
    token = builder.transaction.token
    window.items_panel.cell_edits.pane.review_button.click()
    assert builder.drafts.import_box is None and kinds(builder) == ["Update"]
    assert builder.transaction.token == token


def test_copy_to_table_counts_back_a_batch_the_builder_did_not_open(
        qtbot: Any, window: MainWindow, seeded_table: str) -> None:
    """Cancel kept the batch as a draft only, and the Copy dialog went on to "Open batch 2 of 2"
    as if batch 1 were in the builder: batch 1 was never sent from there."""
    from dynoview.ui.transfer.copy_dialog import CopyItemsDialog
    from tests.helpers import empty_accounts_table

    conn = window.ctx.connection
    assert conn is not None
    builder = unsent_put(qtbot, window, seeded_table)
    items = [{"PK": {"S": f"NOTE#{i}"}, "SK": {"S": "N"}} for i in range(150)]
    with empty_accounts_table(conn, "copy-declined") as target:
        dialog = CopyItemsDialog(window.ctx, items, items)
        qtbot.addWidget(dialog)
        dialog.table.setEditText(target)
        dialog.open_next()
        qtbot.waitUntil(lambda: builder.drafts.import_box is not None, timeout=10000)
        click(question(builder), "Cancel")
        assert dialog.opened == 0 and dialog.open_button.text() == "Open batch 1 of 2"
        assert "Batch 1 was not opened" in dialog.status.text()
        assert kinds(builder) == ["Put"]
        dialog.open_next()  # again: this time Replace
        click(question(builder), "Replace")
        assert dialog.opened == 1 and dialog.open_button.text() == "Open batch 2 of 2"
        assert len(builder.transaction.actions) == 100
