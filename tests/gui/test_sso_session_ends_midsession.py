"""An SSO session that ends while the window is connected (the cached token expired and its refresh
is refused): the reads that fail on it offer "Sign in…" in one box, not one box each, as a
connection that fails to open does; after the sign-in the same connection works again, with what
was typed and staged still there. Against a local SSO endpoint (the real service cannot be reached
here) whose role credentials last a minute, so botocore asks the portal, with the cached token, on
every request, as it does once a real session's role credentials are near their end."""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from botocore.exceptions import TokenRetrievalError
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from dynoview.core.session import profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.sso_login import profile_session, start_sign_in, token_cache_dir, wait_for_token
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.sso_dialog import SsoSignInDialog
from tests.integration.sso_endpoint import ACCESS_TOKEN, USER_CODE, SsoEndpoint
from tests.integration.test_signin_sso import CONFIG

pytestmark = [pytest.mark.gui]

ROLE_KEY = "ASIASSOSHORTROLE0001"


class ShortRoleSso(SsoEndpoint):
    """The documented endpoint, but role credentials that expire in 60 s (inside botocore's
    refresh window): each DynamoDB request fetches them again with the cached token."""

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        base: Any = super()._handler()
        endpoint = self

        class Handler(base):  # type: ignore[misc, valid-type]
            def do_GET(self) -> None:
                if (urlparse(self.path).path != "/federation/credentials"
                        or self.headers.get("x-amz-sso_bearer_token") != ACCESS_TOKEN):
                    return super().do_GET()
                endpoint.calls.append(("/federation/credentials", {}))
                self._send(200, {"roleCredentials": {
                    "accessKeyId": ROLE_KEY, "secretAccessKey": "ShortRoleSecret/0123456789abcdef",
                    "sessionToken": "ShortRoleSessionToken", "expiration": int(time.time() + 60) * 1000}})
                return None

        return Handler


def token_file() -> Path:
    return Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")


@pytest.fixture
def sso(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ShortRoleSso]:
    endpoint = ShortRoleSso()
    (tmp_path / "config").write_text(CONFIG)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO_OIDC", endpoint.url)
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO", endpoint.url)
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "dynoview-config")
    monkeypatch.setattr(SsoSignInDialog, "open_url", staticmethod(lambda url: None))
    token_file().unlink(missing_ok=True)
    yield endpoint
    token_file().unlink(missing_ok=True)
    endpoint.stop()


def end_the_session() -> None:
    """The cached token's expiry passes (its refresh is refused: nothing approves it)."""
    cached = json.loads(token_file().read_text())
    cached["expiresAt"] = "2001-01-01T00:00:00Z"
    token_file().write_text(json.dumps(cached))


def boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def connected(qtbot: Any, moto_endpoint: str, table: str) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.connect_to(ConnectionSpec(name="sso", profile="sso-support", endpoint_url=moto_endpoint,
                                  region="us-east-1"), table=table)
    qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == table, timeout=15000)
    qtbot.waitUntil(lambda: win.items_panel.model.rowCount() > 0, timeout=15000)
    return win


def sign_in_first(sso: SsoEndpoint) -> None:
    """Signed in this morning, as `aws sso login` does."""
    session = profile_session("sso-support")
    sso.approved.set()
    wait_for_token(session, start_sign_in(session, "sso-support"), threading.Event())
    sso.approved.clear()  # from now on a refresh is refused until the user approves again


def test_reads_after_the_session_ends_offer_one_sign_in_then_work_again(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, sso: ShortRoleSso, moto_endpoint: str,
        seeded_table: str) -> None:
    sign_in_first(sso)
    win = connected(qtbot, moto_endpoint, seeded_table)
    conn = win.ctx.connection
    assert conn is not None
    assert conn.session.get_credentials().get_frozen_credentials().access_key == ROLE_KEY
    # Work that must survive: a query typed, not run, and a cell edit staged.
    win.items_panel.form.mode.setCurrentText("Query")
    win.items_panel.form.pk_value.setText("ACCT#a-0001")
    staging = win.items_panel.cell_edits.staging
    assert staging.stage_text(win.ctx.table, win.items_panel.model.item(0), "email", "S", "new@x.io") is None
    assert staging.edits.count == 1
    messages: list[str] = []
    win.ctx.status_message.connect(messages.append)

    end_the_session()
    # Three reads fail the same way: the user's refresh and two in the background.
    win.refresh_tables()
    win.connection.describe(conn, seeded_table, new_tab=True)
    win.ctx.report(TokenRetrievalError(provider="sso", error_msg="Token has expired and refresh failed"),
                   operation="GetItem")
    qtbot.waitUntil(lambda: bool(boxes()), timeout=15000)
    qtbot.waitUntil(lambda: not win.ctx.tasks.is_running("list-tables")
                    and not win.ctx.tasks.is_running(f"describe-tab-{seeded_table}"), timeout=15000)
    qtbot.wait(200)
    shown = boxes()
    assert len(shown) == 1, [(b.text(), [x.text() for x in b.buttons()]) for b in shown]
    box = shown[0]
    assert box.windowTitle() == "SSO login needed"
    sign_in = box.findChild(QPushButton, "sso-sign-in")
    assert sign_in is not None and sign_in.text() == "Sign in…"
    assert win.ctx.connection is conn and staging.edits.count == 1  # nothing closed or dropped

    sign_in.click()
    dialog = win.session_view.sso_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.code.text() == USER_CODE, timeout=10000)
    win.refresh_tables()  # fails again while the sign-in waits: no second box
    qtbot.waitUntil(lambda: not win.ctx.tasks.is_running("list-tables"), timeout=15000)
    assert boxes() == []
    sso.approved.set()  # the user approves in the browser
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=45000)
    assert any("Signed in with AWS SSO" in m for m in messages)

    # The user retries: the same connection reads again, nothing was reopened or lost.
    listed: list[list[str]] = []
    win.connection.tables_listed.connect(listed.append)
    win.refresh_tables()
    qtbot.waitUntil(lambda: bool(listed), timeout=15000)
    assert seeded_table in listed[0]
    assert boxes() == []
    assert win.ctx.connection is conn and win.ctx.table is not None
    assert win.items_panel.form.pk_value.text() == "ACCT#a-0001" and staging.edits.count == 1


def test_the_plain_box_stays_for_a_connection_without_a_profile(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, moto_endpoint: str) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    win.connect_to(ConnectionSpec(name="local", endpoint_url=moto_endpoint, region="us-east-1"))
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=15000)
    win.ctx.report(TokenRetrievalError(provider="sso", error_msg="Token has expired and refresh failed"))
    shown = boxes()
    assert len(shown) == 1 and shown[0].objectName() == "error-box"
    assert shown[0].findChild(QPushButton, "sso-sign-in") is None
    shown[0].close()
