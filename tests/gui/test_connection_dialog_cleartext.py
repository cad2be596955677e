"""The connection dialog and plain http:// to another machine: warned about at the endpoint
field, and not connected to until "Send in clear text" is ticked (saved with the connection,
for that host only)."""

from __future__ import annotations

import pytest

from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.settings import load_connections, save_connections
from dynoview.ui.window.connection_dialog import ConnectionDialog

pytestmark = pytest.mark.gui

LAN = "http://10.0.0.5:8000"


@pytest.fixture(autouse=True)
def empty_settings() -> None:
    save_connections([])


def new_dialog(qtbot, endpoint: str, name: str = "lan") -> ConnectionDialog:
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog.name.setText(name)
    dialog.endpoint.setText(endpoint)
    return dialog


def warned(dialog: ConnectionDialog) -> bool:
    return not dialog.cleartext_note.isHidden() and not dialog.cleartext.isHidden()


@pytest.mark.parametrize("endpoint", [LAN, "HTTP://dynamodb-local:8000", "http://localhost.evil.com",
                                      "http://[fe80::1%25eth0]:8000"])
def test_http_to_another_machine_is_warned_about_at_the_field(qtbot, endpoint: str) -> None:
    dialog = new_dialog(qtbot, endpoint)
    assert warned(dialog)
    text = dialog.cleartext_note.text()
    assert "unencrypted" in text and "https://" in text
    assert endpoint.split("//")[1].split(":")[0].lower().strip("[]") in text.lower()
    dialog.endpoint.setText(endpoint.replace("http://", "https://").replace("HTTP://", "https://"))
    assert not warned(dialog) and dialog.cleartext_note.text() == ""


def test_the_tests_own_endpoints_and_the_demo_are_not_warned_about(qtbot, moto_endpoint: str) -> None:
    dialog = new_dialog(qtbot, moto_endpoint)
    for endpoint in (moto_endpoint, "http://localhost:8000", "http://127.1:8000", "http://[::1]:8000",
                     "https://db.example", ""):
        dialog.endpoint.setText(endpoint)
        assert not warned(dialog), endpoint
    dialog.endpoint.setText(moto_endpoint)
    dialog._connect()
    assert dialog.result() == 1 and dialog.chosen is not None
    assert dialog.chosen.cleartext_host is None
    demo = ConnectionDialog()
    qtbot.addWidget(demo)
    assert demo.list.currentRow() == 0 and not warned(demo)


def test_connecting_is_refused_until_clear_text_is_ticked(qtbot) -> None:
    dialog = new_dialog(qtbot, LAN)
    dialog._connect()
    assert dialog.chosen is None and dialog.result() == 0
    assert "10.0.0.5" in dialog.message.text() and "Send in clear text" in dialog.message.text()
    assert "d32f2f" in dialog.endpoint.styleSheet()
    dialog.cleartext.setChecked(True)
    dialog._connect()
    assert dialog.result() == 1 and dialog.chosen is not None
    assert dialog.chosen.cleartext_host == "10.0.0.5"


def test_a_tick_holds_for_its_host_only(qtbot) -> None:
    dialog = new_dialog(qtbot, LAN)
    dialog.cleartext.setChecked(True)
    dialog.endpoint.setText("http://10.0.0.5:8001")  # another port, the same machine
    assert dialog.cleartext.isChecked()
    dialog.endpoint.setText("http://10.0.0.6:8000")
    assert warned(dialog) and not dialog.cleartext.isChecked()
    dialog._connect()
    assert dialog.chosen is None and "10.0.0.6" in dialog.message.text()


def test_a_saved_connection_remembers_the_consent(qtbot) -> None:
    dialog = new_dialog(qtbot, LAN)
    dialog.cleartext.setChecked(True)
    dialog._save()
    saved = load_connections()[0]
    assert saved == [ConnectionSpec(name="lan", endpoint_url=LAN, cleartext_host="10.0.0.5")]
    again = ConnectionDialog(current=saved[0])
    qtbot.addWidget(again)
    assert again.name.text() == "lan" and warned(again) and again.cleartext.isChecked()
    again._connect()
    assert again.result() == 1 and again.chosen == saved[0]


def test_a_consent_saved_for_another_host_is_asked_again(qtbot) -> None:
    save_connections([ConnectionSpec(name="moved", endpoint_url="http://10.0.0.9:8000",
                                     cleartext_host="10.0.0.5")])
    dialog = ConnectionDialog(current=load_connections()[0][0])
    qtbot.addWidget(dialog)
    assert warned(dialog) and not dialog.cleartext.isChecked()
    dialog._connect()
    assert dialog.chosen is None and "10.0.0.9" in dialog.message.text()
