"""A reconnect to the same place keeps what was on screen (issue 25, item 3): after an SSO sign-in
(the token expired, the connect failed, "Sign in…" against the local SSO endpoint: the real service
cannot be reached here) and after Ctrl+O on the same connection, the selected table, the Items
tab's query and filter, the extra Items tabs, the tab on screen and the builder's draft are all
still there. A connection elsewhere closes the table-specific tabs and says so."""

from __future__ import annotations

import asyncio
import hashlib
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QPushButton

from dynoview.core.session import profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.sso_login import profile_session, start_sign_in, token_cache_dir, wait_for_token
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.sso_dialog import SsoSignInDialog
from tests.gui.test_signin_sso import sso  # noqa: F401  (the local SSO endpoint fixture)
from tests.integration.sso_endpoint import USER_CODE, SsoEndpoint

pytestmark = [pytest.mark.gui]


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own configuration folder (drafts, read history)."""
    root = tmp_path / "dynoview-config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


def open_on(qtbot: Any, win: MainWindow, spec: ConnectionSpec, table: str) -> None:
    win.connect_to(spec, table=table)
    qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == table, timeout=15000)
    qtbot.waitUntil(lambda: win.items_panel.model.rowCount() > 0, timeout=15000)


def fill_the_screen(qtbot: Any, win: MainWindow, table: str) -> dict[str, Any]:
    """A query typed (not run), a filtered extra Items tab, a builder draft, the builder in front."""
    form = win.items_panel.form
    form.mode.setCurrentText("Query")
    form.pk_value.setText("ACCT#a-0001")
    form.filter_attr.setEditText("email")
    form.filter_value.setText("@example")
    win.open_items_tab(table)
    qtbot.waitUntil(lambda: len(win.extra_items) == 1, timeout=15000)
    win.extra_items[0].form.filter_attr.setEditText("username")
    win.extra_items[0].form.filter_value.setText("kim")
    builder = win.feature("BuilderPanel")
    account = {"PK": {"S": "ACCT#r1"}, "SK": {"S": "PROFILE"}, "email": {"S": "r1@x.io"},
               "username": {"S": "r1"}}
    builder.load_request(sign_up(article_schema(), table, account).to_request())
    win.tabs.setCurrentWidget(builder)
    return {"read": win.items_panel.spec(), "tab": win.extra_items[0].spec(),
            "request": builder.request_json(), "current": win.tabs.currentIndex()}


def assert_kept(qtbot: Any, win: MainWindow, table: str, before: dict[str, Any]) -> None:
    qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == table, timeout=15000)
    qtbot.waitUntil(lambda: win.items_panel.controller.spec == before["read"], timeout=15000)
    assert win.items_panel.spec() == before["read"]
    assert before["read"].mode == "Query" and before["read"].filter.attribute == "email"
    assert [p.spec() for p in win.extra_items] == [before["tab"]]
    assert win.extra_items[0].controller.spec == before["tab"]  # read again, with its filter
    assert win.feature("BuilderPanel").request_json() == before["request"]
    assert len(before["request"]["TransactItems"]) == 3
    assert win.tabs.currentIndex() == before["current"]
    assert win.tables_panel.current_name() == table


def test_sso_sign_in_again_keeps_tabs_query_and_draft(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, sso: SsoEndpoint,  # noqa: F811
        moto_endpoint: str, seeded_table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SsoSignInDialog, "open_url", staticmethod(lambda url: None))
    session = profile_session("sso-support")  # signed in once already, as in the morning
    sso.approved.set()
    wait_for_token(session, start_sign_in(session, "sso-support"), threading.Event())
    spec = ConnectionSpec(name="sso", profile="sso-support", endpoint_url=moto_endpoint,
                          region="us-east-1")
    win = MainWindow()
    qtbot.addWidget(win)
    messages: list[str] = []
    win.ctx.status_message.connect(messages.append)
    open_on(qtbot, win, spec, seeded_table)
    before = fill_the_screen(qtbot, win, seeded_table)

    # The token expires; Ctrl+O on the same profile fails and offers "Sign in…".
    (Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")).unlink()
    win.connect_to(spec)
    qtbot.waitUntil(lambda: win.connect_failed_box is not None, timeout=15000)
    assert win.ctx.connection is None and win.extra_items == []  # nothing shown under a failure
    sign_in = win.connect_failed_box.findChild(QPushButton, "sso-sign-in")
    sign_in.click()
    dialog = win.session_view.sso_dialog
    qtbot.waitUntil(lambda: dialog.code.text() == USER_CODE, timeout=10000)
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=45000)
    assert_kept(qtbot, win, seeded_table, before)
    qtbot.waitUntil(lambda: any("were kept" in m for m in messages), timeout=5000)


def test_ctrl_o_on_the_same_connection_keeps_everything(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, moto_endpoint: str,
        seeded_table: str) -> None:
    spec = ConnectionSpec(name="local", endpoint_url=moto_endpoint, region="us-east-1")
    win = MainWindow()
    qtbot.addWidget(win)
    open_on(qtbot, win, spec, seeded_table)
    before = fill_the_screen(qtbot, win, seeded_table)
    first = win.ctx.connection
    win.connect_to(ConnectionSpec(name="local", endpoint_url=moto_endpoint, region="us-east-1"))
    qtbot.waitUntil(lambda: win.ctx.connection is not first and win.ctx.connection is not None,
                    timeout=15000)
    assert_kept(qtbot, win, seeded_table, before)


def test_another_region_closes_the_tabs_and_says_so(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, moto_endpoint: str,
        seeded_table: str) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    messages: list[str] = []
    win.ctx.status_message.connect(messages.append)
    open_on(qtbot, win, ConnectionSpec(name="local", endpoint_url=moto_endpoint, region="us-east-1"),
            seeded_table)
    before = fill_the_screen(qtbot, win, seeded_table)
    win.connect_to(ConnectionSpec(name="west", endpoint_url=moto_endpoint, region="us-west-2"))
    qtbot.waitUntil(lambda: any("was closed" in m for m in messages), timeout=15000)
    closed = next(m for m in messages if "was closed" in m)
    assert "us-west-2" in closed and f"table {seeded_table}" in closed and "1 more Items tab" in closed
    assert win.extra_items == [] and win.ctx.table is None
    # The builder's draft is never table-specific state: it stays.
    assert win.feature("BuilderPanel").request_json() == before["request"]
