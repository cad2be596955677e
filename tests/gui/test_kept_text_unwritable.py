"""Edit as JSON… and the uniqueness schema editor when the config folder cannot be written (a
read-only or full disk, something else in a folder's place): the user's Cancel or Save always
closes the dialog, and what could not be deleted or saved is said, never a crash dialog. A
schema that could not be saved is used for the session all the same."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox

from dynoview.core.drafts.dialog_texts import DialogTexts, item_subject, schema_subject
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.ui.items.edit_dialog import ItemEditDialog
from dynoview.ui.kept_text import connection_of
from dynoview.ui.locks.schema_dialog import SchemaDialog
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui


def cancel(dialog: QDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Cancel).click()


def edit_first_row(window: MainWindow) -> ItemEditDialog:
    panel = window.items_panel
    select_only_row(panel.view, 0)
    panel.edit_selected()
    dialog = panel.edit_dialog
    assert isinstance(dialog, ItemEditDialog) and dialog.isVisible()
    return dialog


def open_schema_editor(window: MainWindow) -> SchemaDialog:
    locks = window.feature("LocksPanel")
    locks.edit_schema_button.click()
    dialog = locks.schema_dialog
    assert isinstance(dialog, SchemaDialog) and dialog.isVisible()
    return dialog


@pytest.fixture
def texts_folder_is_a_file() -> Iterator[Path]:
    """``drafts/dialog-texts`` is a regular file: nothing can be kept or deleted in it (ENOTDIR,
    as a read-only disk gives EROFS, even for a file that is not there)."""
    folder = DialogTexts().folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder\n")
    yield folder
    folder.unlink(missing_ok=True)


@pytest.mark.parametrize("answer", ["Cancel", "Open in builder"])
def test_edit_as_json_closes_on_the_users_answer_when_nothing_can_be_kept(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
        texts_folder_is_a_file: Path, answer: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = edit_first_row(window)
    if answer == "Cancel":
        cancel(dialog)
    else:
        dialog.editor.setPlainText(dialog.editor.toPlainText().replace(
            "{", '{\n  "note": {"S": "sent on"},', 1))
        dialog.ok.click()
        assert dialog.error.text() == ""
    assert not dialog.isVisible()  # the answer went through, with no uncaught OSError
    assert texts_folder_is_a_file.is_file()


def test_the_schema_editor_closes_on_cancel_when_nothing_can_be_kept(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
        texts_folder_is_a_file: Path) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = open_schema_editor(window)
    cancel(dialog)
    assert not dialog.isVisible()


def test_a_kept_text_that_cannot_be_deleted_is_said_and_the_dialog_closes(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    said: list[str] = []
    window.ctx.status_message.connect(said.append)
    dialog = edit_first_row(window)
    connection = connection_of(window.ctx)
    assert connection is not None and window.ctx.table is not None
    info = window.ctx.table
    subject = item_subject(connection, seeded_table, info.key_of(window.items_panel.model.item(0)))
    path = DialogTexts().path(subject)
    # A folder (not empty) in the kept file's place: it cannot be unlinked.
    (path / "inside").mkdir(parents=True)
    try:
        cancel(dialog)
        assert not dialog.isVisible()
        (sentence,) = [s for s in said if str(path) in s]
        assert "could not be deleted" in sentence and "offers it again" in sentence
    finally:
        shutil.rmtree(path)


def test_the_schema_editor_notes_a_kept_text_it_cannot_discard(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    """The note's Discard button: the fields start over, and the note says the file stayed."""
    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = open_schema_editor(window)
    connection = connection_of(window.ctx)
    assert connection is not None
    path = DialogTexts().path(schema_subject(connection, seeded_table))
    (path / "inside").mkdir(parents=True)
    try:
        dialog.discard_kept()
        assert dialog.kept_note.isVisible() and "could not be deleted" in dialog.kept_note.text.text()
        assert dialog.isVisible()
        cancel(dialog)
        assert not dialog.isVisible()
    finally:
        shutil.rmtree(path)


@pytest.fixture
def schemas_folder_is_a_file(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
                             seeded_table: str) -> Iterator[MainWindow]:
    """A window whose schemas folder is a regular file: no schema can be saved."""
    window = open_window(qtbot, demo_conn, seeded_table)
    root = window.ctx.schema_store.root
    aside = root.with_name(root.name + ".aside")  # what earlier tests saved: back afterwards
    if root.exists():
        root.rename(aside)
    root.parent.mkdir(parents=True, exist_ok=True)
    root.write_text("not a folder\n")
    yield window
    root.unlink(missing_ok=True)
    if aside.exists():
        aside.rename(root)


def test_a_schema_that_cannot_be_saved_is_said_and_used_for_the_session(
        qtbot: Any, schemas_folder_is_a_file: MainWindow) -> None:
    window = schemas_folder_is_a_file
    ctx = window.ctx
    dialog = open_schema_editor(window)
    typed = dataclasses.replace(ctx.schema, account_pk_prefix="ACCOUNT#")
    dialog.editor.setPlainText(schema_to_text(typed))
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Save).click()
    assert not dialog.isVisible()
    assert ctx.schema == typed and ctx.schema_note == "not saved" and ctx.table is not None
    box = window.error_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.windowTitle() == "Schema not saved"
    assert box.text().startswith(f"The uniqueness schema of {ctx.table.name} could not be saved in ")
    assert "It is used until DynoView closes." in box.text()
    assert "open Edit schema… and save it again" in box.text()
    label = window.feature("LocksPanel").schema_label.text()
    assert "not saved" in label and "ACCOUNT#" in label
    box.close()

    ctx.set_table(ctx.table)  # the table opened again: the session keeps the typed schema
    assert ctx.schema == typed and ctx.schema_note == "not saved"
    again = open_schema_editor(window)
    assert again.editor.toPlainText() == schema_to_text(typed)
    cancel(again)
