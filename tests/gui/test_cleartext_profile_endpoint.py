"""Plain http:// to another machine set by the profile's ``endpoint_url`` (or AWS_ENDPOINT_URL),
not typed in the Endpoint field, is asked about as a typed one is: the connection dialog shows
the endpoint, where it is set, and refuses Connect until "Send in clear text" is ticked; a
connection the window opens without the dialog (start-up, reconnect, a recent connection) asks
the same question before anything is sent. Before, both sent ListTables (and STS) signed with
the profile's AKIA key to the LAN host at once.

The profile's endpoint is a recording stub on this machine's network address."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.endpoints import CleartextNotAgreed
from dynoview.ui.main_window import MainWindow
from dynoview.ui.settings import save_connections
from dynoview.ui.window.connection_dialog import ConnectionDialog
from tests.integration.test_identity_sts_endpoint import LanStub, lan_stub, proxy, write_aws_files
from tests.integration.test_url_userinfo_proxy import ProxyStub

pytestmark = pytest.mark.gui
__all__ = ["lan_stub", "proxy"]  # the fixtures, used here


@pytest.fixture
def lan_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub,
                proxy: ProxyStub) -> Iterator[LanStub]:
    """Profile 'lan' (AKIA key) whose endpoint_url is the stub; no STS endpoint configured (AWS's
    own STS is reached through the proxy stub: nothing leaves the machine)."""
    save_connections([])
    write_aws_files(tmp_path, monkeypatch, f"[profile lan]\nregion = us-east-1\n"
                                           f"endpoint_url = {lan_stub.url}\n\n[profile plain]\n"
                                           "region = us-east-1\n")
    for name in ("AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_DYNAMODB"):
        monkeypatch.delenv(name, raising=False)
    yield lan_stub


def dialog_for(qtbot, profile: str) -> ConnectionDialog:
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog.name.setText("lan")
    dialog.profile.setCurrentText(profile)
    return dialog


def test_the_dialog_asks_for_the_profiles_endpoint(qtbot, lan_profile: LanStub) -> None:
    dialog = dialog_for(qtbot, "lan")
    assert dialog.endpoint.text() == ""
    assert not dialog.cleartext.isHidden() and not dialog.cleartext_note.isHidden()
    note = dialog.cleartext_note.text()
    assert lan_profile.host in note and "endpoint_url of profile 'lan'" in note and "unencrypted" in note
    dialog._connect()
    assert dialog.chosen is None and dialog.result() == 0
    assert lan_profile.host in dialog.message.text() and "Send in clear text" in dialog.message.text()
    dialog.profile.setCurrentText("plain")  # no endpoint: AWS's own over https, not asked
    assert dialog.cleartext.isHidden()
    dialog.profile.setCurrentText("lan")
    dialog.cleartext.setChecked(True)
    dialog._connect()
    assert dialog.result() == 1 and dialog.chosen is not None
    assert dialog.chosen.cleartext_host == lan_profile.host and dialog.chosen.endpoint_url is None
    assert lan_profile.requests == []


def test_the_dialog_asks_for_aws_endpoint_url(qtbot, lan_profile: LanStub,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", lan_profile.url)
    dialog = dialog_for(qtbot, "plain")
    assert not dialog.cleartext.isHidden()
    assert "AWS_ENDPOINT_URL" in dialog.cleartext_note.text()
    dialog._connect()
    assert dialog.chosen is None and lan_profile.host in dialog.message.text()


def question(win: MainWindow) -> QMessageBox | None:
    box = win.connection.cleartext_box
    return box if box is not None and box.isVisible() else None


def answer(box: QMessageBox, agree: bool) -> None:
    for button in box.buttons():
        if (box.buttonRole(button) == QMessageBox.ButtonRole.AcceptRole) == agree:
            button.click()
            return


def test_a_window_connection_asks_before_sending(qtbot, qasync_loop, lan_profile: LanStub) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    failed: list[BaseException] = []
    win.connection.connect_failed.connect(lambda exc, _spec: failed.append(exc))
    spec = ConnectionSpec(name="lan", profile="lan")  # as --profile lan or a recent connection
    win.connect_to(spec)
    qtbot.waitUntil(lambda: question(win) is not None, timeout=15000)
    box = question(win)
    assert box is not None and lan_profile.host in box.text()
    assert "endpoint_url of profile 'lan'" in box.text()
    assert lan_profile.requests == [] and win.ctx.connection is None
    answer(box, agree=False)  # declined: said in the window, still nothing sent
    qtbot.waitUntil(lambda: bool(failed), timeout=5000)
    assert isinstance(failed[0], CleartextNotAgreed) and lan_profile.requests == []
    win.connect_to(spec)  # asked again: a no is not remembered as a yes
    qtbot.waitUntil(lambda: question(win) is not None, timeout=15000)
    answer(question(win), agree=True)
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=45000)
    assert win.ctx.connection.spec.cleartext_host == lan_profile.host
    assert lan_profile.requests and lan_profile.requests[0] == "DynamoDB_20120810.ListTables"
    qtbot.wait(500)  # the identity task: STS goes to AWS's own, never to the profile's endpoint
    assert all(r.startswith("DynamoDB_") for r in lan_profile.requests)


def test_an_agreed_host_is_not_asked_again(qtbot, qasync_loop, lan_profile: LanStub) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    win.connect_to(ConnectionSpec(name="lan", profile="lan", cleartext_host=lan_profile.host))
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=45000)
    assert win.connection.cleartext_box is None
