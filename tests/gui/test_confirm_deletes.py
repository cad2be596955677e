"""Deleting a saved connection, a named draft or a saved read asks first, naming what goes.

File → Connect…'s Delete, Drafts → Open draft…'s Delete and Ctrl+H's "Delete saved" removed the
entry on the first click (or none of them asked at all), and nothing brought it back: a production
connection's profile and region, or a transaction saved unsent, gone by a stray click. Each now
asks Delete / Cancel (Enter and Escape cancel), and Del in the list asks the same question."""

from __future__ import annotations

import time
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.reads.browse import BrowseSpec
from dynoview.core.reads.history import spec_to_json
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui import settings as saved
from dynoview.ui.builder.drafts_dialog import OpenDraftDialog
from dynoview.ui.items.history_dialog import ReadHistoryDialog
from dynoview.ui.row_select import select_only_row
from dynoview.ui.window.connection_dialog import ConnectionDialog

pytestmark = pytest.mark.gui

PROD = ConnectionSpec(name="prod-eu", profile="prod-admin", region="eu-west-1", production=True)
LOCAL = ConnectionSpec(name="local", endpoint_url="http://localhost:8000", region="us-east-1")


def question(dialog: QWidget, name: str) -> QMessageBox | None:
    box = dialog.findChild(QMessageBox, name)
    return box if box is not None and box.isVisible() else None


def asked(qtbot: Any, dialog: QWidget, name: str) -> QMessageBox:
    """The question on screen; Cancel is what Enter and Escape give, Delete is destructive."""
    qtbot.waitUntil(lambda: question(dialog, name) is not None, timeout=5000)
    box = question(dialog, name)
    assert box is not None
    cancel = box.button(QMessageBox.StandardButton.Cancel)
    assert box.defaultButton() is cancel and box.escapeButton() is cancel
    assert [b.text() for b in box.buttons()
            if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole] == ["Delete"]
    assert box.textFormat() == Qt.TextFormat.PlainText  # the names are the user's text
    return box


Asking = ConnectionDialog | OpenDraftDialog | ReadHistoryDialog


def answer(qtbot: Any, dialog: Asking, box: QMessageBox, role: QMessageBox.ButtonRole) -> None:
    next(b for b in box.buttons() if box.buttonRole(b) == role).click()
    qtbot.waitUntil(lambda: dialog.delete_box is None, timeout=5000)


# ---------------------------------------------------------------- saved connections


@pytest.fixture
def connections(qtbot: Any) -> ConnectionDialog:
    saved.save_connections([PROD, LOCAL])
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def names() -> list[str]:
    return [s.name for s in saved.load_connections()[0]]


def test_deleting_a_connection_names_it_and_cancel_keeps_it(qtbot: Any,
                                                             connections: ConnectionDialog) -> None:
    connections.list.setCurrentRow(1)
    assert connections.name.text() == "prod-eu"
    connections.delete_button.click()
    box = asked(qtbot, connections, "delete-connection-question")
    assert box.text() == "Delete the saved connection “prod-eu”?"
    said = box.informativeText()
    assert "prod-admin" in said and "eu-west-1" in said and "production" in said, said
    assert names() == ["prod-eu", "local"]  # nothing deleted before the answer
    answer(qtbot, connections, box, QMessageBox.ButtonRole.RejectRole)
    assert names() == ["prod-eu", "local"]
    assert [s.name for s in connections.specs] == ["prod-eu", "local"]
    assert connections.list.currentRow() == 1


def test_delete_answered_removes_only_that_connection(qtbot: Any, connections: ConnectionDialog) -> None:
    connections.list.setCurrentRow(2)
    connections.delete_button.click()
    box = asked(qtbot, connections, "delete-connection-question")
    assert box.text() == "Delete the saved connection “local”?"
    assert "http://localhost:8000" in box.informativeText() and "us-east-1" in box.informativeText()
    answer(qtbot, connections, box, QMessageBox.ButtonRole.DestructiveRole)
    assert names() == ["prod-eu"]
    assert connections.list.count() == 2  # the demo entry and prod-eu


def test_del_in_the_connection_list_asks_the_same(qtbot: Any, connections: ConnectionDialog) -> None:
    connections.list.setCurrentRow(1)
    connections.name.setFocus()
    qtbot.keyClick(connections.name, Qt.Key.Key_Delete)  # Del in a field edits its text
    assert question(connections, "delete-connection-question") is None
    connections.list.setFocus()
    qtbot.keyClick(connections.list, Qt.Key.Key_Delete)
    box = asked(qtbot, connections, "delete-connection-question")
    assert box.text() == "Delete the saved connection “prod-eu”?"
    answer(qtbot, connections, box, QMessageBox.ButtonRole.DestructiveRole)
    assert names() == ["local"]


# ---------------------------------------------------------------- named drafts


@pytest.fixture
def drafts(qtbot: Any) -> OpenDraftDialog:
    store = DraftStore()
    store.save_named("release orphan locks", Draft(request={"TransactItems": [
        {"Delete": {"TableName": "accounts", "Key": {"PK": {"S": f"UNIQ#EMAIL#{i}"}, "SK": {"S": "LOCK"}}}}
        for i in range(3)]}, connection="prod-eu", table="accounts"))
    time.sleep(0.01)  # newest first: "scratch" is row 0
    store.save_named("scratch", Draft(request={"TransactItems": [{}]}))
    dialog = OpenDraftDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def draft_names(dialog: OpenDraftDialog) -> list[str]:
    return sorted(i.name for i in dialog.store.list_named()[0])


def test_deleting_a_draft_names_it_and_cancel_keeps_it(qtbot: Any, drafts: OpenDraftDialog) -> None:
    select_only_row(drafts.table, [i.name for i in drafts.infos].index("release orphan locks"))
    drafts.delete_button.click()
    box = asked(qtbot, drafts, "delete-draft-question")
    assert box.text() == "Delete the draft “release orphan locks”?"
    said = box.informativeText()
    assert said.startswith("It holds 3 actions for the table accounts on the connection prod-eu, "
                           "saved "), said
    assert draft_names(drafts) == ["release orphan locks", "scratch"]
    answer(qtbot, drafts, box, QMessageBox.ButtonRole.RejectRole)
    assert draft_names(drafts) == ["release orphan locks", "scratch"]
    assert drafts.table.rowCount() == 2


def test_delete_answered_removes_only_that_draft(qtbot: Any, drafts: OpenDraftDialog) -> None:
    select_only_row(drafts.table, [i.name for i in drafts.infos].index("scratch"))
    drafts.delete_button.click()
    box = asked(qtbot, drafts, "delete-draft-question")
    assert box.text() == "Delete the draft “scratch”?"
    assert box.informativeText().startswith("It holds 1 action, saved "), box.informativeText()
    answer(qtbot, drafts, box, QMessageBox.ButtonRole.DestructiveRole)
    assert draft_names(drafts) == ["release orphan locks"]
    assert drafts.message.text() == "1 draft saved. Deleted the draft “scratch”."


def test_del_in_the_drafts_list_asks_the_same(qtbot: Any, drafts: OpenDraftDialog) -> None:
    select_only_row(drafts.table, [i.name for i in drafts.infos].index("release orphan locks"))
    drafts.table.setFocus()
    qtbot.keyClick(drafts.table, Qt.Key.Key_Delete)
    box = asked(qtbot, drafts, "delete-draft-question")
    assert box.text() == "Delete the draft “release orphan locks”?"
    answer(qtbot, drafts, box, QMessageBox.ButtonRole.DestructiveRole)
    assert draft_names(drafts) == ["scratch"]


# ---------------------------------------------------------------- saved reads


@pytest.fixture
def reads(qtbot: Any) -> ReadHistoryDialog:
    spec = BrowseSpec(table="accounts", mode="Query", index="email-index", pk_value="ada@lovelace.io")
    saved.save_saved_reads("conn-confirm", "accounts", {"ada by email": spec_to_json(spec),
                                                        "all": spec_to_json(BrowseSpec(table="accounts"))})
    dialog = ReadHistoryDialog("conn-confirm", "accounts", lambda _spec: None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.saved_list.setCurrentRow(0)  # sorted by name: "ada by email"
    return dialog


def read_names() -> list[str]:
    return sorted(saved.saved_reads("conn-confirm", "accounts"))


def test_deleting_a_saved_read_names_it_and_cancel_keeps_it(qtbot: Any, reads: ReadHistoryDialog) -> None:
    reads.delete_button.click()
    box = asked(qtbot, reads, "delete-saved-read-question")
    assert box.text() == "Delete the saved read “ada by email” of accounts?"
    assert "ada@lovelace.io" in box.informativeText()
    assert read_names() == ["ada by email", "all"]
    answer(qtbot, reads, box, QMessageBox.ButtonRole.RejectRole)
    assert read_names() == ["ada by email", "all"]
    assert reads.saved_list.count() == 2


def test_delete_answered_removes_only_that_saved_read(qtbot: Any, reads: ReadHistoryDialog) -> None:
    reads.delete_button.click()
    box = asked(qtbot, reads, "delete-saved-read-question")
    answer(qtbot, reads, box, QMessageBox.ButtonRole.DestructiveRole)
    assert read_names() == ["all"]
    assert reads.message.text() == "Deleted ada by email."


def test_del_in_the_saved_reads_list_asks_the_same(qtbot: Any, reads: ReadHistoryDialog) -> None:
    reads.saved_list.setFocus()
    qtbot.keyClick(reads.saved_list, Qt.Key.Key_Delete)
    box = asked(qtbot, reads, "delete-saved-read-question")
    assert box.text() == "Delete the saved read “ada by email” of accounts?"
    answer(qtbot, reads, box, QMessageBox.ButtonRole.DestructiveRole)
    assert read_names() == ["all"]
