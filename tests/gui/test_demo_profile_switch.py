"""A connection's records follow that connection's profile, not the process's (task H1).

In a normal start, File → Connect… → Demo opens the embedded demo while the process stays in the
default profile: the demo's writes go to the demo's action log, its recent tables, reads and
schemas to the demo's folder, never to the user's. In a ``--demo`` session, a real endpoint's
writes are logged in the user's action log (the audit trail is complete there) and its recent
tables go to the user's settings.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui import settings as saved
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
S = article_schema()


@pytest.fixture
def roots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """This test's own app folders: (data root, config root); each profile's files below them."""
    data, config = tmp_path / "data", tmp_path / "config"
    monkeypatch.setattr(profile, "data_root", lambda: data)
    monkeypatch.setattr(profile, "config_root", lambda: config)
    yield data, config


def lines(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def ini(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def sign_up_through_the_builder(qtbot: Any, win: MainWindow, table: str, name: str) -> str:
    """Execute a sign-up in the window's builder (confirmed); its token."""
    builder = win.feature("BuilderPanel")
    builder.ask_confirmation = lambda _requirement, _preview, answer: answer(True)
    builder.ask_override = lambda _preflight, _table, answer: answer(False)
    account = {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{name}@h1.io"},
               "username": {"S": name}}
    builder.load_request(sign_up(S, table, account).to_request())
    token = builder.transaction.token
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None, timeout=30000)
    assert builder.result.status == "succeeded", builder.result.message
    return str(token)


def test_the_demo_opened_in_a_normal_start_keeps_to_the_demo_profile(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, roots: tuple[Path, Path]) -> None:
    data, config = roots
    assert profile.active() == profile.DEFAULT
    win = MainWindow()
    qtbot.addWidget(win)
    try:
        # What the connection dialog's Demo choice does (MainWindow.show_connection_dialog).
        win.connect_to(demo=True, table="accounts")
        qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == "accounts",
                        timeout=60000)
        qtbot.waitUntil(lambda: win.items_panel.model.rowCount() > 0, timeout=30000)
        conn = win.ctx.connection
        assert conn is not None and conn.spec.demo
        demo = conn.spec.name
        token = sign_up_through_the_builder(qtbot, win, "accounts", "h1demo")
        win.ctx.set_schema(S)  # saved for the demo's table
    finally:
        if win.ctx.demo is not None:
            win.ctx.demo.stop()
            win.ctx.demo = None

    # The action log: the demo's write in the demo's log only.
    assert token in lines(data / "demo" / "actions.jsonl")
    assert token not in lines(data / "actions.jsonl")
    # Recent tables and the read history (the table's first page): the demo's settings only.
    user, demo_file = config / "settings.ini", config / "demo" / "settings.ini"
    assert saved.recent_tables(demo, ini(demo_file)) == ["accounts"]
    assert saved.read_history(demo, "accounts", ini(demo_file))
    assert saved.recent_tables(demo, ini(user)) == []
    assert saved.read_history(demo, "accounts", ini(user)) == []
    assert demo not in lines(user)
    # The schema saved for the demo's table: in the demo's schemas.
    assert win.ctx.schema_store.root == config / "demo" / "schemas"
    assert win.ctx.schema_store.path(demo, "accounts").is_file()
    assert not (config / "schemas").exists()


def test_a_real_connection_in_a_demo_session_keeps_to_the_user_profile(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, roots: tuple[Path, Path],
        demo_conn: Connection, seeded_table: str) -> None:
    data, config = roots
    real = demo_conn.spec.name
    assert not demo_conn.spec.demo
    with profile.use(profile.DEMO):  # as `dynoview --demo` runs (ui/app.py run_app)
        win = open_window(qtbot, demo_conn, seeded_table)
        token = sign_up_through_the_builder(qtbot, win, seeded_table, "h1real")
        schemas = win.ctx.schema_store.root
        win.close()

    # The real write is in the user's action log, where the audit trail is, not the demo's.
    assert token in lines(data / "actions.jsonl")
    assert token not in lines(data / "demo" / "actions.jsonl")
    user, demo_file = config / "settings.ini", config / "demo" / "settings.ini"
    assert saved.recent_tables(real, ini(user)) == [seeded_table]
    assert saved.read_history(real, seeded_table, ini(user))
    assert saved.recent_tables(real, ini(demo_file)) == []
    assert saved.read_history(real, seeded_table, ini(demo_file)) == []
    assert schemas == config / "schemas"  # its saved schemas are the user's too


def test_work_left_in_the_builder_and_sent_through_the_demo_is_found_in_the_demo_log(
        roots: tuple[Path, Path]) -> None:
    """The strip at start (``unsent_work.leftover_sent``) knows no connection yet: the work may
    have been sent through either kind, so both profiles' logs answer."""
    from datetime import UTC, datetime

    from dynoview.core.drafts.model import Draft
    from dynoview.core.drafts.store import DraftStore
    from dynoview.core.tx.action_log import ActionLog
    from dynoview.ui.window.unsent_work import leftover_sent

    request = {"TransactItems": [{"Put": {"TableName": "accounts", "Item": {
        "PK": {"S": "UNIQ#EMAIL#left@h1.io"}, "SK": {"S": "LOCK"}}}}], "ClientRequestToken": "h1-left-0001"}
    store = DraftStore()
    store.save_current(Draft(request=request, connection="Demo (embedded)", table="accounts"))
    store.release()  # the window that left it is gone
    ActionLog(profile_name=profile.DEMO).append(connection={"name": "Demo (embedded)"}, token="h1-left-0001",
                                                request=request, outcome={"status": "succeeded"},
                                                time=datetime.now(UTC))
    sent = leftover_sent(DraftStore())
    assert sent is not None and sent.applied and sent.token == "h1-left-0001"
