"""SSO sign-in from the window (issue 25, item 3): a connection refused for a missing SSO token
offers "Sign in…"; the device flow runs against the local SSO endpoint (the real service cannot
be reached here), shows the code, opens the verification page and connects once approved."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.sso_login import token_cache_dir
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.sso_dialog import SsoSignInDialog
from tests.integration.sso_endpoint import ROLE_KEY, USER_CODE, SsoEndpoint
from tests.integration.test_signin_sso import CONFIG

pytestmark = [pytest.mark.gui]


@pytest.fixture
def sso(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SsoEndpoint]:
    endpoint = SsoEndpoint()
    (tmp_path / "config").write_text(CONFIG)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO_OIDC", endpoint.url)
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO", endpoint.url)
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    cache = Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")
    cache.unlink(missing_ok=True)
    yield endpoint
    cache.unlink(missing_ok=True)
    endpoint.stop()


def test_sign_in_from_the_failed_connection_then_connect(
        qtbot, qasync_loop: asyncio.AbstractEventLoop, sso: SsoEndpoint, moto_endpoint: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(SsoSignInDialog, "open_url", staticmethod(lambda url: opened.append(url.toString())))
    win = MainWindow()
    qtbot.addWidget(win)
    win.connect_to(ConnectionSpec(name="sso", profile="sso-support", endpoint_url=moto_endpoint,
                                  region="us-east-1"))
    qtbot.waitUntil(lambda: win.connect_failed_box is not None, timeout=10000)
    box = win.connect_failed_box
    assert box.windowTitle() == "SSO login needed"
    sign_in = box.findChild(QPushButton, "sso-sign-in")
    assert sign_in is not None
    sign_in.click()
    dialog = win.session_view.sso_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.code.text() == USER_CODE, timeout=10000)
    assert opened == [f"https://device.sso.example/?user_code={USER_CODE}"]
    assert "Waiting for the approval" in dialog.state.text() and win.ctx.connection is None
    sso.approved.set()  # the user approves in the browser
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=45000)
    assert not dialog.isVisible()
    frozen = win.ctx.connection.session.get_credentials().get_frozen_credentials()
    assert frozen.access_key == ROLE_KEY


def test_cancel_stops_polling(qtbot, qasync_loop: asyncio.AbstractEventLoop, sso: SsoEndpoint,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SsoSignInDialog, "open_url", staticmethod(lambda url: None))
    win = MainWindow()
    qtbot.addWidget(win)
    win.session_view.sign_in_sso(ConnectionSpec(name="sso", profile="sso-support"))
    dialog = win.session_view.sso_dialog
    qtbot.waitUntil(lambda: dialog.code.text() == USER_CODE, timeout=10000)
    dialog.reject()
    qtbot.waitUntil(lambda: not win.ctx.tasks.is_running("sso-sign-in"), timeout=5000)
    polls = sso.paths().count("/token")
    qtbot.wait(1500)
    assert sso.paths().count("/token") == polls
    assert not (Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")).exists()
