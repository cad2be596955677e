"""The window's MFA dialog after a code STS refuses: it comes back saying so, with the field
empty and focused, up to ``MFA_TRIES`` codes; Cancel there ends the connection with a sentence and
nothing half-open. STS is the local endpoint that checks codes (moto's accepts any)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.signin import MFA_TRIES
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.mfa_dialog import MfaDialog
from tests.integration.signin_profiles import ACCOUNT, MFA_CODE, MFA_SERIAL, Profiles, use_profiles
from tests.integration.sts_endpoint import StsEndpoint

pytestmark = [pytest.mark.gui]

WRONG = ["407162", "555123", "000999"]


@pytest.fixture
def sts() -> Iterator[StsEndpoint]:
    endpoint = StsEndpoint()
    yield endpoint
    endpoint.stop()


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sts: StsEndpoint) -> Profiles:
    return use_profiles(tmp_path, monkeypatch, sts.url)


@pytest.fixture
def window(qtbot, qasync_loop: asyncio.AbstractEventLoop) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    return win


def connect(win: MainWindow, endpoint: str) -> None:
    win.connect_to(ConnectionSpec(name="support", profile="mfa", endpoint_url=endpoint,
                                  region="us-east-1"))


def next_dialog(qtbot, win: MainWindow, previous: MfaDialog | None = None) -> MfaDialog:  # type: ignore[no-untyped-def]
    """The dialog on screen once it is not ``previous`` (each ask shows a fresh one)."""
    prompter = win.session_view.prompter

    def shown() -> bool:
        dialog = prompter.dialog
        return dialog is not None and dialog is not previous and dialog.isVisible()

    qtbot.waitUntil(shown, timeout=10000)
    assert prompter.dialog is not None
    return prompter.dialog


def send(qtbot, dialog: MfaDialog, code: str) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClicks(dialog.code, code)
    assert dialog.sign_in.isEnabled()
    qtbot.mouseClick(dialog.sign_in, Qt.MouseButton.LeftButton)


def failed_box(qtbot, win: MainWindow) -> QMessageBox:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: win.connect_failed_box is not None, timeout=10000)
    assert win.connect_failed_box is not None
    return win.connect_failed_box


def sent(sts: StsEndpoint) -> list[str | None]:
    return [c.get("TokenCode") for c in sts.calls if c.get("Action") == "AssumeRole"]


def test_a_refused_code_asks_again_in_place_and_the_next_one_connects(
        qtbot, window: MainWindow, profiles: Profiles, sts: StsEndpoint, moto_endpoint: str) -> None:
    connect(window, moto_endpoint)
    first = next_dialog(qtbot, window)
    assert first.message.text() == ""  # nothing refused yet
    send(qtbot, first, WRONG[0])
    again = next_dialog(qtbot, window, first)
    # Said in the dialog, not as a failed connection the user has to start over.
    assert window.connect_failed_box is None and window.ctx.connection is None
    assert "refused" in again.message.text() and f"{MFA_TRIES - 1} tries left" in again.message.text()
    assert again.device.text() == MFA_SERIAL
    assert again.code.text() == "" and not again.sign_in.isEnabled()
    qtbot.waitUntil(again.code.hasFocus, timeout=5000)
    assert "connect" in window.ctx.tasks.running()  # still the one connection, waiting
    send(qtbot, again, MFA_CODE)
    qtbot.waitUntil(lambda: window.ctx.connection is not None, timeout=45000)
    assert window.connect_failed_box is None
    assert sent(sts) == [WRONG[0], MFA_CODE]
    label = window.session_view.identity_label
    qtbot.waitUntil(lambda: ACCOUNT in label.text(), timeout=10000)


def test_cancel_after_a_refused_code_ends_the_connection_with_a_sentence(
        qtbot, window: MainWindow, profiles: Profiles, sts: StsEndpoint, moto_endpoint: str) -> None:
    connect(window, moto_endpoint)
    first = next_dialog(qtbot, window)
    send(qtbot, first, WRONG[0])
    again = next_dialog(qtbot, window, first)
    qtbot.mouseClick(again.buttons.button(again.buttons.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    box = failed_box(qtbot, window)
    text = box.text()
    assert "AWS STS refused the MFA code" in text and MFA_SERIAL in text
    assert "no other code was given" in text and WRONG[0] not in text
    assert window.ctx.connection is None and window.connection_label.text() == "Not connected"
    assert profiles.cache_files() == [] and "connect" not in window.ctx.tasks.running()
    assert sent(sts) == [WRONG[0]]
    box.close()


def test_after_the_last_try_the_connection_fails_without_asking_more(
        qtbot, window: MainWindow, profiles: Profiles, sts: StsEndpoint, moto_endpoint: str) -> None:
    connect(window, moto_endpoint)
    dialog: MfaDialog | None = None
    for code in WRONG[:MFA_TRIES]:
        dialog = next_dialog(qtbot, window, dialog)
        send(qtbot, dialog, code)
    box = failed_box(qtbot, window)
    assert window.session_view.prompter.dialog is dialog  # no further dialog
    text = box.text()
    assert "AWS STS refused the MFA code" in text and not any(code in text for code in WRONG)
    assert sent(sts) == WRONG[:MFA_TRIES] and window.ctx.connection is None
    assert profiles.cache_files() == []
    box.close()


def test_the_code_just_refused_is_not_sent_again(
        qtbot, window: MainWindow, profiles: Profiles, sts: StsEndpoint, moto_endpoint: str) -> None:
    connect(window, moto_endpoint)
    first = next_dialog(qtbot, window)
    send(qtbot, first, WRONG[0])
    again = next_dialog(qtbot, window, first)
    send(qtbot, again, WRONG[0])
    third = next_dialog(qtbot, window, again)
    assert "not sent again" in third.message.text() and "1 try left" in third.message.text()
    assert sent(sts) == [WRONG[0]]
    send(qtbot, third, MFA_CODE)
    qtbot.waitUntil(lambda: window.ctx.connection is not None, timeout=45000)
    assert sent(sts) == [WRONG[0], MFA_CODE]


def test_a_short_code_is_refused_at_the_field(
        qtbot, window: MainWindow, profiles: Profiles, sts: StsEndpoint, moto_endpoint: str) -> None:
    connect(window, moto_endpoint)
    dialog = next_dialog(qtbot, window)
    qtbot.keyClicks(dialog.code, "12345")
    qtbot.keyClick(dialog.code, Qt.Key.Key_Return)
    assert dialog.isVisible() and not dialog.sign_in.isEnabled()
    assert "six digits" in dialog.message.text() and "5" in dialog.message.text()
    assert sent(sts) == []
    qtbot.keyClicks(dialog.code, "6")
    assert dialog.message.text() == ""  # the hint goes once the code is whole
    dialog.reject()
    box = failed_box(qtbot, window)
    assert "no MFA code was given" in box.text()
    box.close()
