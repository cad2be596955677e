"""A sign-in waiting for its MFA code when the user connects elsewhere: the new connection
replaces it, so its dialog closes and its worker ends cancelled (no thread left waiting on a
dialog nobody will answer), and nothing of it becomes current. STS is moto's, profiles are in
per-test AWS config files (tests/integration/signin_profiles.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.signin import MfaCancelled
from dynoview.ui.main_window import MainWindow
from dynoview.ui.window import connection_controller
from tests.integration.signin_profiles import MFA_CODE, Profiles, use_profiles

pytestmark = [pytest.mark.gui]


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> Profiles:
    return use_profiles(tmp_path, monkeypatch, moto_endpoint)


@pytest.fixture
def window(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    return win


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """How each connection attempt's worker ended: (spec name, Connection or exception)."""
    ends: list[tuple[str, object]] = []
    real = connection_controller._open

    def recording(spec: ConnectionSpec, *args: Any, **kwargs: Any) -> Connection:
        try:
            conn = real(spec, *args, **kwargs)
        except BaseException as exc:
            ends.append((spec.name, exc))
            raise
        ends.append((spec.name, conn))
        return conn

    monkeypatch.setattr(connection_controller, "_open", recording)
    return ends


def test_connecting_elsewhere_closes_the_mfa_dialog_and_ends_its_worker(
        qtbot: Any, window: MainWindow, profiles: Profiles, moto_endpoint: str,
        opened: list[tuple[str, object]]) -> None:
    window.connect_to(ConnectionSpec(name="support", profile="mfa", endpoint_url=moto_endpoint,
                                     region="us-east-1"))
    prompter = window.session_view.prompter
    qtbot.waitUntil(lambda: prompter.dialog is not None and prompter.dialog.isVisible(), timeout=10000)
    dialog = prompter.dialog
    assert dialog is not None
    qtbot.keyClicks(dialog.code, MFA_CODE[:3])  # half typed when the user changes their mind

    window.connect_to(ConnectionSpec(name="dev", profile="base", endpoint_url=moto_endpoint,
                                     region="us-east-1"))
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: len(opened) == 2, timeout=10000)
    ends = dict(opened)
    assert isinstance(ends["support"], MfaCancelled)  # the worker ended: it waits on nothing
    assert "replaced" in ends["support"].message
    assert isinstance(ends["dev"], Connection)
    qtbot.waitUntil(lambda: window.ctx.connection is ends["dev"], timeout=10000)
    assert prompter._waiting == []
    qtbot.wait(300)  # a late answer of the old sign-in would land about now
    assert window.ctx.connection is ends["dev"] and window.ctx.connection.spec.name == "dev"
    assert window.connect_failed_box is None  # a replaced sign-in is no failure to report
    assert profiles.cache_files() == []  # no role was assumed for the old one
    assert dialog.code.text() == ""  # the half-typed code is not kept

