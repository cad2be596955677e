"""Edit as JSON… and the uniqueness schema editor keep what the user typed when the app closes
around them (a signal, a quit, the window closed, a kill): the next time the same dialog opens
for the same item or table, it opens with that text under a note whose button discards it. The
user's own answers (Open in builder / Save, Cancel, Esc, the dialog's title bar) delete it."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QWidget

from dynoview.core.drafts.dialog_texts import DialogTexts, Subject, item_subject, schema_subject
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.core.values.dynamodb_json import dynamodb_json
from dynoview.ui.items.edit_dialog import ItemEditDialog
from dynoview.ui.kept_text import connection_of
from dynoview.ui.locks.schema_dialog import SchemaDialog
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
SESSION = {"PK": {"S": "SESSION#s-no-ttl"}, "SK": {"S": "SESSION"}}
ACCOUNT = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}
#: Half typed: not valid JSON, kept as it is all the same.
TYPED = '{\n  "PK": {"S": "SESSION#s-no-ttl"},\n  "SK": {"S": "SESSION"},\n  "note": {"S": "half typ'


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def top_widget(dialog: QDialog) -> QWidget | None:
    """The first widget of the dialog's layout: what shows at its top."""
    layout = dialog.layout()
    item = layout.itemAt(0) if layout is not None else None
    return item.widget() if item is not None else None


def edit(window: MainWindow, key: dict[str, Any]) -> ItemEditDialog:
    """Select the item with ``key`` in the Items tab and choose Edit as JSON…"""
    panel = window.items_panel
    row = next(r for r in range(panel.model.rowCount())
               if all(panel.model.item(r).get(k) == v for k, v in key.items()))
    select_only_row(panel.view, row)
    panel.edit_selected()
    dialog = panel.edit_dialog
    assert isinstance(dialog, ItemEditDialog) and dialog.isVisible()
    return dialog


def item_of(window: MainWindow, key: dict[str, Any]) -> dict[str, Any]:
    model = window.items_panel.model
    return next(model.item(r) for r in range(model.rowCount())
                if all(model.item(r).get(k) == v for k, v in key.items()))


def subject_of(window: MainWindow, table: str, key: dict[str, Any]) -> Subject:
    connection = connection_of(window.ctx)
    assert connection is not None
    return item_subject(connection, table, key)


def close_unattended(window: MainWindow) -> None:
    """What a signal (SIGTERM, SIGHUP, logout) does: dynoview/ui/app.py ``close_unattended``."""
    window.closing_unattended = True
    QApplication.closeAllWindows()
    assert not window.isVisible()


def kept_fields(subject: Subject) -> dict[str, str] | None:
    kept, problem = DialogTexts().load(subject)
    assert problem is None
    return dict(kept.fields) if kept is not None else None


# ---------------------------------------------------------------- Edit as JSON…


def test_a_signal_keeps_the_typed_text_and_the_next_edit_of_that_item_shows_it(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    subject = subject_of(window, seeded_table, SESSION)
    untouched = edit(window, SESSION)
    close_unattended(window)  # nothing typed: nothing to keep
    assert kept_fields(subject) is None and not untouched.isVisible()

    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = edit(window, SESSION)
    assert not dialog.kept_note.isVisibleTo(dialog)
    dialog.editor.setPlainText(TYPED)
    close_unattended(window)  # at once: before the autosave's delay
    assert kept_fields(subject) == {"json": TYPED}
    path = DialogTexts().path(subject)
    if os.name == "posix":
        assert mode(path) == 0o600 and mode(path.parent) == 0o700

    window = open_window(qtbot, demo_conn, seeded_table)  # the next start
    window.show()
    qtbot.waitExposed(window)
    dialog = edit(window, SESSION)
    assert dialog.editor.toPlainText() == TYPED
    note = dialog.kept_note
    assert note.isVisible() and top_widget(dialog) is note  # at its top
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(json.loads(path.read_text())["saved_at"]))
    assert note.text.text().startswith(f"This is your unsent edit of this item, kept when DynoView "
                                       f"closed at {when}.")
    assert "has changed" not in note.text.text()
    assert note.discard_button.text() == "Discard it and start from the item as it is now"
    assert dialog.focusWidget() is dialog.editor  # to carry on typing, not on a button
    note.discard_button.click()
    assert dialog.editor.toPlainText() == dynamodb_json(item_of(window, SESSION))
    assert not path.exists() and not note.isVisible()
    dialog.reject()
    assert not edit(window, SESSION).kept_note.isVisibleTo(window.items_panel.edit_dialog)


def test_closing_the_window_around_the_dialog_keeps_the_text(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    subject = subject_of(window, seeded_table, SESSION)
    dialog = edit(window, SESSION)
    dialog.editor.setPlainText(TYPED)
    window.close()  # not a signal: the window goes, the dialog is not asked (nor closed)
    assert not window.isVisible()
    assert kept_fields(subject) == {"json": TYPED}  # at once, not after the autosave's delay


def test_typing_is_kept_within_a_second_so_a_kill_loses_nothing(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    subject = subject_of(window, seeded_table, SESSION)
    dialog = edit(window, SESSION)
    dialog.editor.setPlainText(TYPED)
    path = DialogTexts().path(subject)
    qtbot.waitUntil(path.exists, timeout=1500)  # no close at all: what a SIGKILL would find
    assert kept_fields(subject) == {"json": TYPED}
    dialog.editor.setPlainText(dynamodb_json(item_of(window, SESSION)))  # typed back as it was
    qtbot.waitUntil(lambda: not path.exists(), timeout=1500)  # nothing unsent any more


def title_bar(dialog: ItemEditDialog) -> None:
    """The dialog's own title-bar close: a close event from the window system (spontaneous)."""
    handle = dialog.windowHandle()
    assert handle is not None
    QApplication.sendEvent(handle, QCloseEvent())


@pytest.mark.parametrize("answer", ["Cancel", "Esc", "title bar", "Open in builder"])
def test_the_users_answer_deletes_the_kept_text(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
                                                seeded_table: str, answer: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    subject = subject_of(window, seeded_table, SESSION)
    dialog = edit(window, SESSION)
    dialog.editor.setPlainText(TYPED)
    close_unattended(window)
    assert kept_fields(subject) == {"json": TYPED}
    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = edit(window, SESSION)
    assert dialog.kept_note.isVisible()
    if answer == "Cancel":
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    elif answer == "Esc":
        QTest.keyClick(dialog.editor, Qt.Key.Key_Escape)
    elif answer == "title bar":
        title_bar(dialog)
    else:
        dialog.editor.setPlainText(dynamodb_json({**item_of(window, SESSION), "note": {"S": "sent on"}}))
        dialog.ok.click()
        (action,) = window.feature("BuilderPanel").transaction.actions
        assert action.label == "edited item: note"
    assert not dialog.isVisible()
    assert kept_fields(subject) is None
    again = edit(window, SESSION)
    assert not again.kept_note.isVisibleTo(again)
    assert again.editor.toPlainText() == dynamodb_json(item_of(window, SESSION))
    close_unattended(window)  # unchanged: still nothing kept
    assert kept_fields(subject) is None


def test_a_kept_text_comes_back_only_for_its_own_item_and_says_what_changed_since(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = edit(window, SESSION)
    dialog.editor.setPlainText(TYPED)
    close_unattended(window)
    demo_conn.client.update_item(TableName=seeded_table, Key=SESSION, UpdateExpression="SET revoked = :r",
                                 ExpressionAttributeValues={":r": {"BOOL": True}})

    window = open_window(qtbot, demo_conn, seeded_table)
    other = edit(window, ACCOUNT)  # another item of the same table: its own text, no note
    assert not other.kept_note.isVisibleTo(other)
    assert other.editor.toPlainText() == dynamodb_json(item_of(window, ACCOUNT))
    other.reject()
    assert kept_fields(subject_of(window, seeded_table, SESSION)) == {"json": TYPED}  # untouched

    dialog = edit(window, SESSION)
    assert dialog.editor.toPlainText() == TYPED
    assert "The item has changed in the table since (revoked)" in dialog.kept_note.text.text()


def test_a_damaged_kept_file_is_said_and_the_item_opens_as_it_is(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    path = DialogTexts().path(subject_of(window, seeded_table, SESSION))
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "subject": ')
    dialog = edit(window, SESSION)
    assert dialog.editor.toPlainText() == dynamodb_json(item_of(window, SESSION))
    note = dialog.kept_note
    assert note.isVisible() and not note.discard_button.isVisibleTo(note)
    assert "could not be read" in note.text.text() and "set aside" in note.text.text()
    assert note.text.property("role") == "error"
    assert not path.exists()


def test_only_a_dialog_of_a_connected_windows_table_keeps_its_text(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    info = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    loose = ItemEditDialog(SESSION, info=info)  # no window, no connection: nowhere to file it
    qtbot.addWidget(loose)
    loose.show()
    loose.editor.setPlainText(TYPED)
    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = edit(window, SESSION)
    dialog.editor.setPlainText(TYPED)
    close_unattended(window)
    files = sorted(p.name for p in DialogTexts().folder.iterdir())
    assert files == [subject_of(window, seeded_table, SESSION).file_name]


# ---------------------------------------------------------------- the schema editor


def open_schema_editor(window: MainWindow) -> SchemaDialog:
    panel: Any = window.feature("LocksPanel")
    panel.edit_schema_button.click()
    dialog = panel.schema_dialog
    assert isinstance(dialog, SchemaDialog) and dialog.isVisible()
    return dialog


@pytest.mark.parametrize("answer", ["Save", "Cancel"])
def test_the_schema_editor_keeps_an_invalid_rule_and_its_locks_table_until_the_user_answers(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, answer: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    connection = connection_of(window.ctx)
    assert connection is not None
    subject = schema_subject(connection, seeded_table)
    dialog = open_schema_editor(window)
    as_now = schema_to_text(window.ctx.schema)
    invalid = as_now.replace('"normalisation": "none"', '"normalisation": "sideways"', 1)
    assert invalid != as_now
    dialog.editor.setPlainText(invalid)
    dialog.locks_table.setText("my-locks")
    close_unattended(window)
    assert kept_fields(subject) == {"json": invalid, "locks_table": "my-locks"}

    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = open_schema_editor(window)
    assert (dialog.editor.toPlainText(), dialog.locks_table.text()) == (invalid, "my-locks")
    assert dialog.edited()  # Detect from sample will not replace it
    note = dialog.kept_note
    assert note.isVisible() and top_widget(dialog) is note
    assert note.text.text().startswith("This is your unsent edit of this table's uniqueness schema, "
                                       "kept when DynoView closed at ")
    assert note.discard_button.text() == "Discard it and start from the schema as it is now"
    assert dialog.focusWidget() is dialog.editor
    if answer == "Cancel":
        dialog.reject()
    else:
        dialog.accept()  # refused: the rule is invalid, said, and the text is still kept
        assert dialog.isVisible() and "normalisation" in dialog.error.text()
        assert kept_fields(subject) == {"json": invalid, "locks_table": "my-locks"}
        note.discard_button.click()
        assert (dialog.editor.toPlainText(), dialog.locks_table.text()) == (as_now, "")
        assert kept_fields(subject) is None
        data = json.loads(as_now)
        data["rules"][0]["normalisation"] = "lowercase"
        dialog.editor.setPlainText(json.dumps(data))
        dialog.accept()  # saved: nothing kept
        assert window.ctx.schema.rules[0].normalisation == "lowercase"
    assert not dialog.isVisible()
    assert kept_fields(subject) is None
    again = open_schema_editor(window)
    assert not again.kept_note.isVisibleTo(again) and not again.edited()


# ---------------------------------------------------------------- a real app process


DRIVER = textwrap.dedent("""
    import json, sys
    from PySide6.QtCore import QTimer
    import dynoview.ui.app as app_module
    from dynoview.__main__ import main
    from dynoview.ui.row_select import select_only_row

    made = app_module._main_window
    mode, table = sys.argv[1], sys.argv[2]
    TYPED = sys.argv[4]
    done = []

    def start(app):
        window = made(app)

        def drive():
            if done:
                return
            done.append(True)
            panel = window.items_panel
            row = next(r for r in range(panel.model.rowCount())
                       if panel.model.item(r)["PK"] == {"S": "SESSION#s-no-ttl"})
            select_only_row(panel.view, row)
            panel.edit_selected()
            dialog = panel.edit_dialog
            if mode == "edit":
                dialog.editor.setPlainText(TYPED)
                print("edited", flush=True)  # then wait for the signal
            else:
                print(json.dumps({"text": dialog.editor.toPlainText(),
                                  "note": dialog.kept_note.text.text()}), flush=True)
                dialog.kept_note.discard_button.click()
                dialog.reject()
                window.close()

        window.table_shown.connect(lambda _name: QTimer.singleShot(0, drive))
        return window

    app_module._main_window = start
    sys.exit(main(["--endpoint-url", sys.argv[3], "--table", table]))
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGTERM and XDG folders")
def test_a_terminated_app_keeps_the_edit_and_the_next_start_shows_it(
        tmp_path: Path, moto_endpoint: str, seeded_table: str) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(ROOT)}
    folder = tmp_path / "config" / "DynoView" / "drafts" / "dialog-texts"

    def run(mode: str) -> subprocess.Popen[str]:
        return subprocess.Popen([sys.executable, "-c", DRIVER, mode, seeded_table, moto_endpoint, TYPED],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    child = run("edit")
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "edited"
        child.send_signal(signal.SIGTERM)  # at once: the autosave's delay has not passed
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, child.stderr.read() if child.stderr else ""
    (kept,) = folder.glob("item-edit-*.json")
    assert json.loads(kept.read_text())["fields"] == {"json": TYPED}

    second = run("check")
    out, err = second.communicate(timeout=90)
    assert second.returncode == 0, err[-3000:]
    shown = json.loads(out.splitlines()[0])
    assert shown["text"] == TYPED
    assert shown["note"].startswith("This is your unsent edit of this item, kept when DynoView closed at")
    assert list(folder.glob("*.json")) == []  # discarded: nothing comes back a third time


def test_the_start_says_a_dialog_kept_text_is_waiting(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    """A kept text comes back only when its dialog opens again for the same item: the window
    says so at start, naming the item, and says nothing when none is kept."""
    from dynoview.ui.app import _mention_unsent_work
    from dynoview.ui.window.unsent_work import KeptTextsBar

    window = open_window(qtbot, demo_conn, seeded_table)

    def shown() -> list[KeptTextsBar]:
        return [b for b in window.findChildren(KeptTextsBar) if not b.isHidden()]

    _mention_unsent_work(window)
    assert shown() == []
    subject = subject_of(window, seeded_table, SESSION)
    DialogTexts().keep(subject, {"json": TYPED}, {"json": "{}"})
    _mention_unsent_work(window)
    (bar,) = shown()
    assert bar.text() == "Your last session kept 1 unsent edit typed in a dialog."
    assert bar.informativeText().startswith(subject.describe() + ". Open the same dialog")
    bar.later.click()
    assert shown() == []


def test_a_second_window_on_the_same_item_neither_shows_nor_deletes_the_first_ones_text(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    """Window A is typing (its text kept as it goes); window B opens the same item: B showed A's
    live text as "kept when DynoView closed", and B's Cancel deleted it while A was open."""
    a = open_window(qtbot, demo_conn, seeded_table)
    b = open_window(qtbot, demo_conn, seeded_table)
    subject = subject_of(a, seeded_table, SESSION)
    first = edit(a, SESSION)
    first.editor.setPlainText(TYPED)
    qtbot.waitUntil(lambda: kept_fields(subject) == {"json": TYPED}, timeout=3000)
    second = edit(b, SESSION)
    assert second.editor.toPlainText() != TYPED  # the item as it is, not A's live text
    assert second.kept_note.text.text().startswith("This is open in another window too")
    second.editor.setPlainText(TYPED + "B")
    qtbot.wait(800)
    assert kept_fields(subject) == {"json": TYPED}  # B keeps nothing over A's
    second.reject()
    assert kept_fields(subject) == {"json": TYPED}  # and its Cancel deletes nothing
    first.reject()  # A's own answer still removes A's text
    assert kept_fields(subject) is None


def test_the_start_says_a_kept_text_that_could_not_be_read(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    """A damaged file is set aside as it is read at start: the sentence saying so was dropped,
    and its dialog later found nothing, so the text vanished unsaid."""
    from dynoview.ui.app import _mention_unsent_work
    from dynoview.ui.window.unsent_work import KeptTextsBar

    window = open_window(qtbot, demo_conn, seeded_table)
    path = DialogTexts().path(subject_of(window, seeded_table, SESSION))
    DialogTexts().keep(subject_of(window, seeded_table, SESSION), {"json": TYPED}, {"json": "{}"})
    path.write_text("{ not json")
    _mention_unsent_work(window)
    (bar,) = [b for b in window.findChildren(KeptTextsBar) if not b.isHidden()]
    assert bar.text() == "An unsent edit your last session kept could not be read."
    assert "could not be read (it is not valid JSON)" in bar.informativeText()
    assert "set aside as" in bar.informativeText()
