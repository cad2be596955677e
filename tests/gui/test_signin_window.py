"""Signing in from the window (issue 25): the MFA dialog driven as a user would, Cancel, and a
production connection's read-only start, colours and write-mode switch. STS is moto's
(``AWS_ENDPOINT_URL_STS``), profiles are in per-test AWS config files."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.main_window import MainWindow
from tests.integration.signin_profiles import ACCOUNT, MFA_CODE, MFA_SERIAL, Profiles, use_profiles

pytestmark = [pytest.mark.gui]


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> Profiles:
    return use_profiles(tmp_path, monkeypatch, moto_endpoint)


@pytest.fixture
def window(qtbot, qasync_loop: asyncio.AbstractEventLoop) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    return win


def mfa_spec(endpoint: str) -> ConnectionSpec:
    return ConnectionSpec(name="support", profile="mfa", endpoint_url=endpoint, region="us-east-1")


def wait_for_dialog(qtbot, win: MainWindow):  # type: ignore[no-untyped-def]
    prompter = win.session_view.prompter
    qtbot.waitUntil(lambda: prompter.dialog is not None and prompter.dialog.isVisible(), timeout=45000)
    return prompter.dialog


def test_an_mfa_profile_connects_once_the_dialog_gets_the_code(
        qtbot, window: MainWindow, profiles: Profiles, moto_endpoint: str) -> None:
    window.connect_to(mfa_spec(moto_endpoint))
    dialog = wait_for_dialog(qtbot, window)
    assert dialog.device.text() == MFA_SERIAL and "mfa" in dialog.findChildren(type(dialog.device))[0].text()
    assert not dialog.sign_in.isEnabled()
    qtbot.keyClicks(dialog.code, "12a34")  # letters are refused by the field
    assert dialog.code.text() == "1234" and not dialog.sign_in.isEnabled()
    dialog.code.clear()
    qtbot.keyClicks(dialog.code, MFA_CODE)
    assert dialog.sign_in.isEnabled()
    qtbot.mouseClick(dialog.sign_in, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.ctx.connection is not None, timeout=45000)
    assert dialog.code.text() == ""  # handed over and cleared
    # Who this is, and where, once STS answered.
    label = window.session_view.identity_label
    qtbot.waitUntil(lambda: ACCOUNT in label.text(), timeout=45000)
    assert "assumed-role/support/" in label.text() and "us-east-1" in label.text()
    assert "Signed in as arn:aws:sts::" in label.toolTip()
    # Reconnecting within the session's lifetime asks nothing.
    first = window.ctx.connection
    window.session_view.prompter.dialog = None
    window.connect_to(mfa_spec(moto_endpoint))
    prompter = window.session_view.prompter
    # Either ends the wait: a dialog asking again is the failure, said as such. The bound is
    # generous: a connect lists every table of a moto that many tests have filled, and the CI
    # machine is loaded.
    qtbot.waitUntil(lambda: prompter.dialog is not None or (
        window.ctx.connection is not first and window.ctx.connection is not None), timeout=45000)
    assert prompter.dialog is None, "the cached session was not reused: the code was asked again"


def test_cancel_leaves_no_half_made_connection(
        qtbot, window: MainWindow, profiles: Profiles, moto_endpoint: str) -> None:
    window.connect_to(mfa_spec(moto_endpoint))
    dialog = wait_for_dialog(qtbot, window)
    qtbot.keyClicks(dialog.code, "123")
    dialog.reject()
    qtbot.waitUntil(lambda: window.connect_failed_box is not None, timeout=45000)
    assert "no MFA code was given" in window.connect_failed_box.text()
    assert MFA_SERIAL in window.connect_failed_box.text()
    assert window.ctx.connection is None and window.connection_label.text() == "Not connected"
    assert window.tables_panel.list.count() == 0 and profiles.cache_files() == []
    assert "connect" not in window.ctx.tasks.running()
    window.connect_failed_box.close()


def test_production_opens_read_only_and_write_mode_needs_the_account_id(
        qtbot, window: MainWindow, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", moto_endpoint)  # the test session's keys, moto's STS
    window.connect_to(ConnectionSpec(name="payments", endpoint_url=moto_endpoint, region="us-east-1",
                                     production=True))
    qtbot.waitUntil(lambda: window.ctx.connection is not None, timeout=45000)
    conn = window.ctx.connection
    assert conn.read_only and conn.spec.production
    assert window.windowTitle().startswith("PRODUCTION — DynoView")
    assert "read-only" in window.windowTitle()
    badge = window.connection_label.text()
    assert badge.startswith("PRODUCTION") and "READ-ONLY" in badge
    read_only_style = window.statusBar().styleSheet()
    assert "background" in read_only_style
    with pytest.raises(ReadOnlyError, match="production connection"):
        conn.client.put_item(TableName="anything", Item={"PK": {"S": "x"}})
    qtbot.waitUntil(lambda: conn.identity is not None, timeout=45000)

    button = window.session_view.write_button
    assert not button.isHidden() and button.text() == "Write mode…"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.session_view.write_dialog
    assert dialog is not None and ACCOUNT in dialog.findChildren(type(dialog.message))[0].text()
    qtbot.keyClicks(dialog.typed, "000000000000")
    qtbot.mouseClick(dialog.allow, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and "Still read-only" in dialog.message.text() and conn.read_only
    dialog.typed.clear()
    qtbot.keyClicks(dialog.typed, ACCOUNT)
    qtbot.mouseClick(dialog.allow, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and not conn.read_only
    assert "WRITE MODE" in window.connection_label.text()
    assert "read-only" not in window.windowTitle() and window.windowTitle().startswith("PRODUCTION")
    assert window.statusBar().styleSheet() not in ("", read_only_style)
    # Back to read-only with one click; writes are refused again.
    assert button.text() == "Back to read-only"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert conn.read_only and window.statusBar().styleSheet() == read_only_style
    with pytest.raises(ReadOnlyError):
        conn.client.delete_item(TableName="anything", Key={"PK": {"S": "x"}})


def test_an_ordinary_connection_has_no_production_colours(
        qtbot, window: MainWindow, moto_endpoint: str) -> None:
    window.connect_to(ConnectionSpec(name="dev", endpoint_url=moto_endpoint, region="us-east-1"))
    qtbot.waitUntil(lambda: window.ctx.connection is not None, timeout=45000)
    assert window.statusBar().styleSheet() == "" and window.session_view.write_button.isHidden()
    assert not window.windowTitle().startswith("PRODUCTION")


def test_an_expired_mfa_session_asks_again_from_a_background_read(
        qtbot, window: MainWindow, profiles: Profiles, moto_endpoint: str) -> None:
    """duration_seconds = 905: botocore refreshes 900 s before the end, so after 5 s the next read
    (in a worker thread) needs a new code: the dialog comes back on the UI thread, once."""
    import time

    start = time.monotonic()
    window.connect_to(ConnectionSpec(name="short", profile="mfa-short", endpoint_url=moto_endpoint,
                                     region="us-east-1"))
    dialog = wait_for_dialog(qtbot, window)
    qtbot.keyClicks(dialog.code, MFA_CODE)
    qtbot.mouseClick(dialog.sign_in, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.ctx.connection is not None, timeout=45000)
    window.session_view.prompter.dialog = None
    qtbot.wait(int(max(0.0, 6.5 - (time.monotonic() - start)) * 1000))
    listed: list[object] = []
    window.connection.tables_listed.connect(listed.append)
    window.refresh_tables()  # ListTables in the pool: the refresh asks from there
    again = wait_for_dialog(qtbot, window)
    assert again is not dialog and again.device.text() == MFA_SERIAL
    assert listed == []  # the read waits for the code
    qtbot.keyClicks(again.code, "192837")
    qtbot.mouseClick(again.sign_in, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(listed), timeout=45000)


def test_the_connection_dialog_saves_the_production_mark(qtbot) -> None:
    from dynoview.ui.settings import load_connections, save_connections
    from dynoview.ui.window.connection_dialog import ConnectionDialog

    save_connections([])
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog.name.setText("payments-live")
    dialog.profile.setCurrentText("payments")
    dialog.production.setChecked(True)
    dialog.save_button.click()
    saved = load_connections()[0]
    assert [(s.name, s.production) for s in saved] == [("payments-live", True)]
    assert dialog.list.item(1).text() == "payments-live (production)"
    dialog._new()
    assert not dialog.production.isChecked()
    dialog.list.setCurrentRow(1)
    assert dialog.production.isChecked()
    save_connections([])
