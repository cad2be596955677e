"""The connection dialog asks before Save replaces another saved connection.

Saving the form under the name of another saved connection replaced that one without a word
(settings.save_connection drops the entry of that name): a production connection lost its
profile, region and Production flag and opened writable from then on."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.settings import load_connections, save_connections
from dynoview.ui.window.connection_dialog import ConnectionDialog

pytestmark = pytest.mark.gui

DEV = ConnectionSpec(name="dev", endpoint_url="http://localhost:8000", region="us-east-1")
PROD = ConnectionSpec(name="prod", profile="prodprofile", region="eu-west-1", production=True)


@pytest.fixture(autouse=True)
def dev_and_prod() -> None:
    save_connections([DEV, PROD])


def saved() -> dict[str, ConnectionSpec]:
    return {s.name: s for s in load_connections()[0]}


def dialog_on(qtbot, name: str) -> ConnectionDialog:
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.list.setCurrentRow(1 + [s.name for s in dialog.specs].index(name))
    assert dialog.name.text() == name
    return dialog


def question(dialog: ConnectionDialog) -> QMessageBox | None:
    box = dialog.findChild(QMessageBox, "replace-connection-question")
    return box if box is not None and box.isVisible() else None


def asked(qtbot, dialog: ConnectionDialog, other: ConnectionSpec = PROD) -> QMessageBox:
    assert saved()[other.name] == other  # nothing written before the answer
    qtbot.waitUntil(lambda: question(dialog) is not None, timeout=5000)
    box = question(dialog)
    assert box is not None
    return box


def answered(qtbot, dialog: ConnectionDialog) -> None:
    qtbot.waitUntil(lambda: question(dialog) is None and dialog.replace_box is None, timeout=5000)


def click(box: QMessageBox, role: QMessageBox.ButtonRole) -> None:
    next(b for b in box.buttons() if box.buttonRole(b) == role).click()


def test_saving_dev_as_prod_asks_and_cancel_keeps_prod(qtbot) -> None:
    dialog = dialog_on(qtbot, "dev")
    dialog.name.setText("prod")
    dialog.save_button.click()
    box = asked(qtbot, dialog)
    assert box.text() == "Replace the saved connection “prod”?"
    assert "production connection" in box.informativeText()
    assert "another name" in box.informativeText()
    # Cancel is the answer Enter and Escape give.
    cancel = box.button(QMessageBox.StandardButton.Cancel)
    assert box.defaultButton() is cancel and box.escapeButton() is cancel
    click(box, QMessageBox.ButtonRole.RejectRole)
    answered(qtbot, dialog)
    assert saved() == {"dev": DEV, "prod": PROD}  # prod intact, Production flag and profile too
    assert saved()["prod"].production and saved()["prod"].profile == "prodprofile"
    assert dialog.focusWidget() is dialog.name  # the field to change
    assert dialog.name.text() == "prod"


@pytest.mark.parametrize("key", [Qt.Key.Key_Escape, Qt.Key.Key_Return], ids=["Escape", "Enter"])
def test_the_keyboard_cancels(qtbot, key: Qt.Key) -> None:
    dialog = dialog_on(qtbot, "dev")
    dialog.name.setText("prod")
    dialog.save_button.click()
    box = asked(qtbot, dialog)
    qtbot.keyClick(box, key)
    answered(qtbot, dialog)
    assert saved()["prod"] == PROD


def test_replace_replaces(qtbot) -> None:
    dialog = dialog_on(qtbot, "dev")
    dialog.name.setText("prod")
    dialog.save_button.click()
    click(asked(qtbot, dialog), QMessageBox.ButtonRole.DestructiveRole)
    answered(qtbot, dialog)
    prod = saved()["prod"]
    assert (prod.profile, prod.region, prod.endpoint_url, prod.production) == (
        None, "us-east-1", "http://localhost:8000", False)
    assert saved()["dev"] == DEV
    assert dialog.list.currentItem().text() == "prod"


def test_a_new_connection_named_prod_asks_too(qtbot) -> None:
    dialog = dialog_on(qtbot, "dev")
    dialog.new_button.click()
    dialog.name.setText("prod")
    dialog.save_button.click()
    box = asked(qtbot, dialog)
    click(box, QMessageBox.ButtonRole.RejectRole)
    answered(qtbot, dialog)
    assert saved()["prod"] == PROD


def test_a_read_only_connection_says_it_would_accept_writes(qtbot) -> None:
    ro = ConnectionSpec(name="ro", region="eu-west-1", read_only=True)
    save_connections([DEV, ro])
    dialog = dialog_on(qtbot, "dev")
    dialog.name.setText("ro")
    dialog.save_button.click()
    box = asked(qtbot, dialog, ro)
    assert "read-only connection: it would accept writes" in box.informativeText()
    click(box, QMessageBox.ButtonRole.RejectRole)


def test_editing_the_selected_connection_under_its_own_name_does_not_ask(qtbot) -> None:
    dialog = dialog_on(qtbot, "prod")
    dialog.region.setText("eu-central-1")
    dialog.save_button.click()
    assert question(dialog) is None
    prod = saved()["prod"]
    assert (prod.region, prod.profile, prod.production) == ("eu-central-1", "prodprofile", True)
    assert saved()["dev"] == DEV
