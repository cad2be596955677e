"""The builder's work is never lost: autosaved as it is edited, restored with a note at the next
start (after a quit, or a kill of a real app process), the quit prompt, the import question,
and drafts saved under a name."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLineEdit, QMessageBox

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.drafts_dialog import OpenDraftDialog, SaveDraftDialog
from dynoview.ui.builder.drafts_forms import form_from_state, form_state
from dynoview.ui.builder.drafts_prompts import CLOSE_TITLE
from dynoview.ui.builder.lock_forms import ClaimLockForm, ReleaseLockForm, ResolveDuplicateForm
from dynoview.ui.builder.template_forms import ChangeValueForm, DeleteAccountForm, SignUpForm
from dynoview.ui.row_select import select_only_row

pytestmark = pytest.mark.gui
S = article_schema()
ROOT = Path(__file__).resolve().parents[2]


def account(acct: str, email: str, username: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
            "username": {"S": username}}


@pytest.fixture
def panel(make_panel: Callable[[], BuilderPanel]) -> BuilderPanel:
    return make_panel()


def store() -> DraftStore:
    """A look at the drafts folder (named drafts; other windows' work)."""
    return DraftStore()


def current(panel: BuilderPanel) -> Path:
    """The panel's window's own current work file (each window has its own)."""
    return panel.drafts.store.current_path


def saved(qtbot, panel: BuilderPanel) -> dict[str, Any]:
    """The panel's current work file, once the autosave has written it."""
    path = current(panel)
    qtbot.waitUntil(path.exists, timeout=3000)
    return json.loads(path.read_text())


def signup_request(table: str, acct: str = "d1") -> dict[str, Any]:
    return sign_up(S, table, account(acct, f"{acct}@x.io", acct)).to_request()


# ---------------------------------------------------------------- autosave and restore


def test_edits_are_saved_within_a_second_in_a_private_file(qtbot, panel: BuilderPanel,
                                                           seeded_table: str) -> None:
    assert not current(panel).exists()
    panel.load_request(signup_request(seeded_table))
    data = saved(qtbot, panel)
    assert len(data["request"]["TransactItems"]) == 3
    assert data["table"] == seeded_table and data["connection"] == "gui-test"
    if os.name == "posix":
        assert stat.S_IMODE(current(panel).stat().st_mode) == 0o600
        assert stat.S_IMODE(store().root.stat().st_mode) == 0o700


def test_the_next_start_restores_the_work_with_a_note(qtbot, make_panel, seeded_table: str) -> None:
    first = make_panel()
    first.load_request(signup_request(seeded_table))
    first.add_action("Delete")
    request = first.request_json()
    qtbot.waitUntil(lambda: len(saved(qtbot, first)["request"]["TransactItems"]) == 4, timeout=3000)
    first.drafts.end()  # the first window is gone (a quit, a crash)
    second = make_panel()
    assert second.request_json()["TransactItems"] == request["TransactItems"]
    note = second.drafts.note
    assert not note.isHidden()
    assert note.text.text().startswith("Restored 4 unsent actions from your last session (saved ")
    assert second.drafts.undo.stack.count() == 0  # restoring is not an edit to undo
    # Discard empties the builder and the file; Ctrl+Z (the stack) brings the work back.
    note.discard_button.click()
    assert second.request_json()["TransactItems"] == [] and note.isHidden()
    assert not current(second).exists() and not current(first).exists()
    assert not store().has_leftover_work()
    second.drafts.undo.undo_action.trigger()
    assert len(second.request_json()["TransactItems"]) == 4


def test_one_restored_action_is_said_in_the_singular(qtbot, make_panel, seeded_table: str) -> None:
    first = make_panel()
    first.add_action("Put")
    saved(qtbot, first)
    first.drafts.end()
    assert make_panel().drafts.note.text.text().startswith("Restored 1 unsent action from your last session")


def test_two_windows_keep_their_own_work_and_the_next_start_keeps_both(qtbot, make_panel,
                                                                       seeded_table: str) -> None:
    one, two = make_panel(), make_panel()
    one.load_request(signup_request(seeded_table))
    two.add_action("Put")
    qtbot.waitUntil(lambda: current(one).exists() and current(two).exists(), timeout=3000)
    empty = make_panel()  # a third window with nothing: its save clears only its own file
    empty.drafts.save_now()
    empty.drafts.end()
    assert len(saved(qtbot, one)["request"]["TransactItems"]) == 3
    assert len(saved(qtbot, two)["request"]["TransactItems"]) == 1
    assert not store().has_leftover_work()  # both still run: neither is taken
    one.drafts.end()
    os.utime(current(one), (1_000_000, 1_000_000))  # the older of the two
    two.drafts.end()
    again = make_panel()
    assert len(again.request_json()["TransactItems"]) == 1  # the newest work, in the builder
    note = again.drafts.note.text.text()
    assert "Other windows left unsent work too: kept as 1 named draft" in note, note
    names = [i.name for i in store().list_named()[0]]
    assert len(names) == 1 and f"“{names[0]}”" in note
    assert store().open_named(names[0]).action_count == 3
    assert not store().has_leftover_work()


def test_work_for_another_table_says_so(qtbot, make_panel, config: Path) -> None:
    gone = store()
    gone.save_current(Draft(request=signup_request("elsewhere"), connection="prod", table="elsewhere"))
    gone.release()
    text = make_panel().drafts.note.text.text()
    assert "They were made for table elsewhere on connection prod: check the table names" in text


def test_a_damaged_file_is_set_aside_and_said_never_a_crash(qtbot, make_panel, config: Path) -> None:
    path = store().current.folder / "gone.json"  # what a window that is gone left
    path.parent.mkdir(parents=True)
    path.write_text("{half a fi")
    panel = make_panel()
    assert panel.request_json()["TransactItems"] == []
    text = panel.drafts.note.text.text()
    assert "could not be read (it is not valid JSON), so it was not restored" in text
    assert ".corrupt-" in text and not panel.drafts.note.discard_button.isVisibleTo(panel)
    assert [p for p in path.parent.iterdir() if ".corrupt-" in p.name]


def test_sent_work_is_not_restored(qtbot, panel: BuilderPanel, make_panel, seeded_table: str,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    panel.load_request(signup_request(seeded_table))
    saved(qtbot, panel)
    monkeypatch.setattr(panel, "has_unsent_actions", lambda: False)  # as after a written send
    panel.drafts.save_now()
    assert not current(panel).exists()
    panel.drafts.end()
    assert make_panel().drafts.note.isHidden()


def test_an_open_template_form_is_restored_with_its_values(qtbot, make_panel) -> None:
    first = make_panel()
    first.run_template("sign_up")
    form = first.template_runner.current_form
    assert isinstance(form, SignUpForm)
    form.fields["email"].edit.setText("typed@x.io")
    account_id = form.account_id
    path = current(first)
    qtbot.waitUntil(lambda: path.exists() and "typed@x.io" in path.read_text(), timeout=3000)
    first.drafts.end()
    form.close()
    second = make_panel()
    again = second.template_runner.current_form
    assert isinstance(again, SignUpForm) and again.isVisible()
    assert again.fields["email"].edit.text() == "typed@x.io" and again.account_id == account_id
    assert "Restored the Sign up (new account) form from your last session" in second.drafts.note.text.text()
    again.reject()


def test_an_undo_is_saved_too(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request(signup_request(seeded_table))
    panel.add_action("Put")
    qtbot.waitUntil(lambda: len(saved(qtbot, panel)["request"]["TransactItems"]) == 4, timeout=3000)
    panel.drafts.undo.undo_action.trigger()
    qtbot.waitUntil(lambda: len(saved(qtbot, panel)["request"]["TransactItems"]) == 3, timeout=3000)


def lock(value: str) -> dict[str, Any]:
    return {"PK": {"S": f"UNIQ#EMAIL#{value}"}, "SK": {"S": "LOCK"}}


@pytest.mark.parametrize("make", [
    lambda parent: ChangeValueForm(S, "t", account("c1", "c@x.io", "c"), "email", parent=parent),
    lambda parent: DeleteAccountForm(S, "t", account("d1", "d@x.io", "d"), parent),
    lambda parent: ClaimLockForm(S, "t", account("k1", "k@x.io", "k"), "email", parent),
    lambda parent: ReleaseLockForm(S, "t", lock("r@x.io"), parent=parent),
    lambda parent: ResolveDuplicateForm(S, "t", "email", [account("a", "s@x.io", "a"),
                                                          account("b", "s@x.io", "b")], parent),
], ids=["change", "delete", "claim", "release", "resolve"])
def test_every_template_form_is_made_again_from_its_state(qtbot, make: Any) -> None:
    form = make(None)
    qtbot.addWidget(form)
    edits = [e for e in form.findChildren(QLineEdit) if not e.isReadOnly()]
    for edit in edits:
        edit.setText("new@x.io" if "value" in edit.objectName() else "ACCT#o1")
    state = json.loads(json.dumps(form_state(form)))  # as the file holds it
    again = form_from_state(state, S, None)
    qtbot.addWidget(again)
    assert type(again) is type(form) and again.windowTitle() == form.windowTitle()
    assert form_state(again) == state
    assert again.ok_button.isEnabled() == form.ok_button.isEnabled()


def test_a_form_for_a_rule_the_schema_lacks_is_said(qtbot) -> None:
    form = ChangeValueForm(S, "t", account("c1", "c@x.io", "c"), "email")
    qtbot.addWidget(form)
    state = form_state(form)
    state["subject"]["rule"] = "phone"
    with pytest.raises(ValueError, match="The Change email of ACCT#c1 form could not be opened again"):
        form_from_state(state, S, None)


# ---------------------------------------------------------------- the quit prompt


def test_nothing_unsent_closes_without_a_question(panel: BuilderPanel) -> None:
    assert panel.confirm_close(None) is True


@pytest.mark.parametrize(("button", "closes"),
                         [("Cancel", False), ("Discard", True), ("Save as draft", True)])
def test_closing_with_unsent_actions_asks(qtbot, panel: BuilderPanel, seeded_table: str, button: str,
                                          closes: bool) -> None:
    panel.load_request(signup_request(seeded_table))
    panel.show()
    qtbot.waitExposed(panel)
    # The panel stands in for the window: the answer closes it again, and that close goes on.
    assert panel.confirm_close(panel) is False  # asking, without a nested loop
    box = panel.drafts.close_box
    assert isinstance(box, QMessageBox) and box.isVisible() and box.windowTitle() == CLOSE_TITLE
    assert box.text() == "The transaction builder holds 3 unsent actions."
    assert "Save as draft keeps the work as “Draft " in box.informativeText()
    assert panel.confirm_close(panel) is False and panel.drafts.close_box is box  # asked once
    next(b for b in box.buttons() if b.text() == button).click()
    assert panel.isVisible() is not closes
    names = [i.name for i in store().list_named()[0]]
    if button == "Discard":
        assert panel.request_json()["TransactItems"] == [] and not current(panel).exists()
    else:
        assert len(panel.request_json()["TransactItems"]) == 3
    if button == "Save as draft":  # shown again at the next start, and kept under its name
        assert len(json.loads(current(panel).read_text())["request"]["TransactItems"]) == 3
    assert (len(names) == 1 and names[0].startswith("Draft ")) is (button == "Save as draft")


def test_saving_at_close_keeps_a_draft_of_the_same_name(qtbot, panel: BuilderPanel, seeded_table: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Data loss: a second window closed in the same minute saved "Draft <minute>" over the
    first's. The question offers a free name and the save never replaces."""
    taken = "Draft 2026-12-02 15:25"
    monkeypatch.setattr(panel.drafts, "default_name", lambda: taken)  # the same minute, surely
    store().save_named(taken, Draft(request={"TransactItems": []}, table="earlier window"))
    panel.load_request(signup_request(seeded_table))
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.confirm_close(panel) is False
    box = panel.drafts.close_box
    assert isinstance(box, QMessageBox)
    assert f"“{taken} (2)”" in box.informativeText()
    next(b for b in box.buttons() if b.text() == "Save as draft").click()
    assert store().open_named(taken).table == "earlier window"
    assert len(store().open_named(f"{taken} (2)").request["TransactItems"]) == 3


@pytest.mark.parametrize("button", ["Cancel", "Discard"])
def test_file_quit_with_unsent_actions_asks_in_the_window(qtbot, config: Path, connected_window: Any,
                                                          button: str) -> None:
    window = connected_window
    window.show()
    qtbot.waitExposed(window)
    builder = window.feature("BuilderPanel")
    builder.add_action("Put")
    window.quit_action.trigger()  # File → Quit, Ctrl+Q
    box = builder.drafts.close_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == "The transaction builder holds 1 unsent action."
    assert window.isVisible()  # nothing closed while it asks
    next(b for b in box.buttons() if b.text() == button).click()
    assert window.isVisible() is (button == "Cancel")


def test_a_signal_closes_without_asking_and_keeps_the_work(qtbot, panel: BuilderPanel,
                                                           seeded_table: str) -> None:
    panel.load_request(signup_request(seeded_table))
    panel.closing_unattended = True  # what the window is told when a signal closes it
    assert panel.confirm_close(panel) is True
    assert len(json.loads(current(panel).read_text())["request"]["TransactItems"]) == 3


# ---------------------------------------------------------------- import asks


def imported(table: str) -> Transaction:
    return Transaction.from_request(signup_request(table, "imp"))


@pytest.mark.parametrize(("button", "count"), [("Replace", 3), ("Append", 4), ("Cancel", 1)])
def test_import_over_unsent_actions_asks(qtbot, panel: BuilderPanel, seeded_table: str, button: str,
                                         count: int) -> None:
    panel.add_action("Put")
    panel.drafts.import_transaction(imported(seeded_table), False)
    box = panel.drafts.import_box
    assert box is not None and box.isVisible()
    assert box.text() == ("The builder holds 1 unsent action. Replace it with the imported 3 actions, "
                          "or append the imported ones after it?")
    next(b for b in box.buttons() if b.text() == button).click()
    assert len(panel.request_json()["TransactItems"]) == count
    if button == "Cancel":
        assert panel.status.text() == "Import cancelled: the builder's actions are as they were."


def test_import_into_an_empty_builder_does_not_ask(panel: BuilderPanel, seeded_table: str) -> None:
    panel.drafts.import_transaction(imported(seeded_table), False)
    assert panel.drafts.import_box is None
    assert len(panel.request_json()["TransactItems"]) == 3


def test_the_import_dialog_goes_through_the_question(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.add_action("Put")
    panel.import_dialog()
    dialog = panel.dialog
    dialog.text.setPlainText(json.dumps(signup_request(seeded_table, "viaui")))
    dialog.try_accept()
    box = panel.drafts.import_box
    assert box is not None and box.isVisible()
    assert len(panel.request_json()["TransactItems"]) == 1  # nothing replaced before the answer
    next(b for b in box.buttons() if b.text() == "Append").click()
    assert len(panel.request_json()["TransactItems"]) == 4


# ---------------------------------------------------------------- named drafts


def test_save_open_and_delete_named_drafts(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request(signup_request(seeded_table))
    panel.drafts.save_as()
    dialog = panel.drafts.dialog
    assert isinstance(dialog, SaveDraftDialog)
    dialog.name_edit.setText("ada signup")
    dialog.save()
    assert panel.status.text().startswith("Saved the draft “ada signup”: 3 actions.")
    panel.add_action("Put")
    panel.drafts.save_as()
    again = panel.drafts.dialog
    assert isinstance(again, SaveDraftDialog)
    again.name_edit.setText("one more")
    again.save()
    panel.load_request({"TransactItems": []})
    panel.drafts.open_dialog()
    chooser = panel.drafts.dialog
    assert isinstance(chooser, OpenDraftDialog)
    rows = [(chooser.table.item(r, 0).text(), chooser.table.item(r, 3).text())
            for r in range(chooser.table.rowCount())]
    assert sorted(rows) == [("ada signup", "3"), ("one more", "4")]
    # Each names where its work was meant to go (opening it elsewhere warns: draft_origin).
    made_for = {chooser.table.item(r, 1).text() for r in range(chooser.table.rowCount())}
    assert made_for == {f"{panel.ctx.table.name} @ {panel.ctx.connection.spec.name}"}, made_for
    assert chooser.message.text() == "2 drafts saved."
    select_only_row(chooser.table, next(r for r, row in enumerate(rows) if row[0] == "ada signup"))
    chooser.delete_selected()  # asks first (tests/gui/test_confirm_deletes.py): answered Delete
    box = chooser.delete_box
    assert box is not None and box.text() == "Delete the draft “ada signup”?"
    next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole).click()
    assert [chooser.table.item(r, 0).text() for r in range(chooser.table.rowCount())] == ["one more"]
    assert chooser.message.text() == "1 draft saved. Deleted the draft “ada signup”."
    select_only_row(chooser.table, 0)
    chooser.open_selected()
    assert len(panel.request_json()["TransactItems"]) == 4
    assert panel.status.text().startswith("Opened the draft “one more”: 4 actions.")
    panel.drafts.undo.undo_action.trigger()  # one Ctrl+Z brings back what the builder held
    assert panel.request_json()["TransactItems"] == []


def test_saving_over_a_name_says_it_replaces(qtbot, panel: BuilderPanel) -> None:
    panel.add_action("Put")
    store().save_named("taken", Draft(request={"TransactItems": [{}]}))
    panel.drafts.save_as()
    dialog = panel.drafts.dialog
    assert isinstance(dialog, SaveDraftDialog)
    dialog.name_edit.setText("taken")
    assert dialog.hint.text() == "A draft named “taken” exists: saving replaces it."
    dialog.name_edit.setText("  ")
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Save).isEnabled()


# ---------------------------------------------------------------- a killed process


DRIVER = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    import dynoview.ui.app as app_module
    from dynoview.__main__ import main

    made = app_module._main_window
    mode, table = sys.argv[1], sys.argv[2]

    def start(app):
        window = made(app)

        def drive():
            builder = window.feature("BuilderPanel")
            if mode == "edit":
                for kind in ("Put", "Delete", "ConditionCheck", "Update"):
                    builder.add_action(kind)
                print("edited", flush=True)  # then wait to be killed
            else:
                print("restored", len(builder.request_json()["TransactItems"]), flush=True)
                print("note", builder.drafts.note.text.text(), flush=True)
                builder.drafts.note.discard_button.click()
                window.close()

        window.table_shown.connect(lambda _name: QTimer.singleShot(0, drive))
        return window

    app_module._main_window = start
    sys.exit(main(["--endpoint-url", sys.argv[3], "--table", table]))
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL and XDG folders")
def test_a_killed_app_process_restores_its_work_at_the_next_start(tmp_path: Path, moto_endpoint: str,
                                                                   seeded_table: str) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(ROOT)}
    folder = tmp_path / "config" / "DynoView" / "drafts" / "current"

    def actions() -> list[int]:
        """The unsent actions in each window's file (one file per window)."""
        return [len(json.loads(p.read_text())["request"]["TransactItems"]) for p in folder.glob("*.json")]

    def run(mode: str) -> subprocess.Popen[str]:
        return subprocess.Popen([sys.executable, "-c", DRIVER, mode, seeded_table, moto_endpoint],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    first = run("edit")
    try:
        assert first.stdout is not None
        assert first.stdout.readline().strip() == "edited"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and actions() != [4]:
            time.sleep(0.05)
        first.send_signal(signal.SIGKILL)  # no close event, no aboutToQuit: only the autosave
        first.wait(timeout=10)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == -signal.SIGKILL
    assert actions() == [4]
    second = run("check")
    out, err = second.communicate(timeout=90)
    assert second.returncode == 0, err[-3000:]
    lines = out.splitlines()
    assert "restored 4" in lines, out
    restored = "note Restored 4 unsent actions from your last session"
    assert any(line.startswith(restored) for line in lines), out
    assert actions() == []  # taken over, then Discard: nothing comes back a third time


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGTERM and XDG folders")
def test_a_terminated_app_process_quits_without_asking_and_keeps_its_work(
        tmp_path: Path, moto_endpoint: str, seeded_table: str) -> None:
    """SIGTERM (logout, kill) closes the window unattended: nobody can answer the unsent-work
    question, so the app must still exit, and the work is kept for the next start."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(ROOT)}
    folder = tmp_path / "config" / "DynoView" / "drafts" / "current"
    child = subprocess.Popen([sys.executable, "-c", DRIVER, "edit", seeded_table, moto_endpoint],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "edited"
        child.send_signal(signal.SIGTERM)  # at once: the autosave has not run yet
        child.wait(timeout=30)  # a question nobody answers would keep it open
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, child.stderr.read() if child.stderr else ""
    files = list(folder.glob("*.json"))  # the window's own file
    assert len(files) == 1 and len(json.loads(files[0].read_text())["request"]["TransactItems"]) == 4
