"""A connect waiting for a credential_process that does not finish (a helper waiting for a
browser sign-in or a push nobody answers): the status bar says what it waits for, and where the
connection really points (the profile's endpoint_url, not "AWS"), and offers a Cancel (Esc
while it has the focus) that stops the connect and ends the helper. Before: only "Connecting to
hang: AWS us-east-1 profile hang…" for up to 120 s, and no way to stop it."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from dynoview.core.session import credential_process
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.main_window import MainWindow

pytestmark = [pytest.mark.gui, pytest.mark.integration]
HANG = ConnectionSpec(name="hang", profile="hang", region="us-east-1")


@pytest.fixture
def hanging_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> None:
    helper = tmp_path / "hang63.py"
    helper.write_text("import time\ntime.sleep(1000)\n", encoding="utf-8")
    config = tmp_path / "aws-config"
    config.write_text(f"[profile hang]\nregion = us-east-1\ncredential_process = {sys.executable} "
                      f"{helper}\nendpoint_url = {moto_endpoint}\n", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def window(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    return win


def helpers() -> list[Any]:
    """The credential_process helpers running now (their Popen objects)."""
    with credential_process._live_lock:
        return list(credential_process._live)


def cancel_button(window: MainWindow) -> QPushButton:
    button = window.statusBar().findChild(QPushButton, "cancel-connect")
    assert button is not None
    return button


def wait_for_the_helper(qtbot: Any, window: MainWindow, moto_endpoint: str) -> Any:
    qtbot.waitUntil(lambda: "waiting for the credential_process of profile hang" in window.status.text()
                    and len(helpers()) == 1, timeout=20000)
    print("status:", window.status.text(), "| badge:", window.connection_label.text())
    assert moto_endpoint in window.status.text()
    assert window.connection_label.text() == f"Connecting to hang: {moto_endpoint} profile hang…"
    assert "AWS us-east-1" not in window.status.text()
    [process] = helpers()
    assert process.poll() is None
    assert cancel_button(window).isVisible() and window.ctx.tasks.is_running("connect")
    return process


def test_esc_on_cancel_stops_the_connect_and_ends_its_credential_process(
        qtbot: Any, window: MainWindow, hanging_profile: None, moto_endpoint: str) -> None:
    window.connect_to(HANG)
    process = wait_for_the_helper(qtbot, window, moto_endpoint)
    button = cancel_button(window)
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.ctx.tasks.is_running("connect") and process.poll() is not None,
                    timeout=10000)
    assert helpers() == []
    qtbot.waitUntil(lambda: not button.isVisible(), timeout=5000)
    assert window.ctx.connection is None and window.connection_label.text() == "Not connected"
    said = f"Not connected: connecting to hang: {moto_endpoint} profile hang was cancelled."
    assert window.status.text() == said
    qtbot.wait(300)  # the ended helper's failure is no error to report: the connect was cancelled
    assert window.connect_failed_box is None and window.error_box is None


def test_cancel_keeps_the_connection_open_before(
        qtbot: Any, window: MainWindow, hanging_profile: None, moto_endpoint: str) -> None:
    window.connect_to(ConnectionSpec(name="dev", endpoint_url=moto_endpoint, region="us-east-1"))
    qtbot.waitUntil(lambda: window.ctx.connection is not None, timeout=20000)
    qtbot.waitUntil(lambda: not cancel_button(window).isVisible(), timeout=5000)
    before = window.ctx.connection
    window.connect_to(HANG)
    process = wait_for_the_helper(qtbot, window, moto_endpoint)
    qtbot.mouseClick(cancel_button(window), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: process.poll() is not None and not cancel_button(window).isVisible(),
                    timeout=10000)
    assert window.ctx.connection is before and window.connection_label.text().startswith("dev")
    assert window.status.text().endswith(f"was cancelled; still connected to {before.spec.describe()}.")
