"""An endpoint's PartiQL engine that fails on a statement (moto's, on ``begins_with`` in a
WHERE) is told as that endpoint refusing the statement, with its message, in one paragraph:
never "retry", never a server traceback on the user's terminal (it goes to the demo log)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.ui.context import AppContext
from dynoview.ui.partiql.panel import PartiqlPanel
from tests.helpers import connect, seeded_accounts_copy

STATEMENT = """SELECT * FROM "accounts" WHERE begins_with(PK, 'UNIQ#EMAIL#')"""
REFUSAL = "This endpoint's PartiQL engine cannot run this statement: the demo's engine (moto) failed"
ROOT = Path(__file__).resolve().parents[2]


def _said_once_without_retry(text: str) -> None:
    assert REFUSAL in text
    assert "process_value" in text  # the engine's own message
    assert "retry" not in text.lower() and "internal error" not in text
    assert "Traceback" not in text


@pytest.mark.integration
def test_cli_on_the_demo_gives_one_paragraph_and_keeps_the_traceback_in_the_log(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "dynoview", "partiql", "--demo", STATEMENT],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    [line] = done.stderr.splitlines()  # one paragraph: before, 281 lines of tracebacks came first
    assert line.startswith("dynoview: Statement refused: ")
    _said_once_without_retry(line)
    [log] = list((tmp_path / "state").rglob("demo-server.log"))
    kept = log.read_text(encoding="utf-8")
    assert "Traceback" in kept and "process_value" in kept and "ExecuteStatement failed" in kept


@pytest.fixture
def moto_conn(moto_endpoint: str) -> Connection:
    return connect(moto_endpoint, name="partiql-refusal")


@pytest.fixture
def moto_table(moto_conn: Connection) -> Iterator[str]:
    with seeded_accounts_copy(moto_conn) as name:
        yield name


@pytest.mark.gui
def test_the_window_panel_says_the_same_in_its_error_line(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, moto_conn: Connection, moto_table: str,
        capfd: pytest.CaptureFixture[str]) -> None:
    ctx = AppContext()
    ctx.set_connection(moto_conn)
    try:
        panel = PartiqlPanel(ctx)
        qtbot.addWidget(panel)
        panel.show()
        qtbot.waitUntil(lambda: bool(panel.controller.tables), timeout=10000)
        panel.editor.setPlainText(STATEMENT.replace('"accounts"', f'"{moto_table}"'))
        assert panel.run()
        qtbot.waitUntil(panel.error_label.isVisible, timeout=30000)
        _said_once_without_retry(panel.error_label.text())
        assert "Traceback" not in capfd.readouterr().err  # the server's, in this same process
    finally:
        ctx.tasks.shutdown()


@pytest.mark.integration
def test_an_html_error_page_to_a_statement_is_a_refusal_not_a_captive_portal(proxy: Any) -> None:
    from dynoview.core.errors import describe_error
    from dynoview.core.reads.partiql import StatementCursor, StatementSpec, prepare
    from dynoview.core.reads.reader import Reader
    from tests import fault_proxy as fp
    from tests.faults.support import proxied

    page = b"<!doctype html><title>500 Internal Server Error</title><h1>Internal Server Error</h1>"
    proxy.add(fp.RESPOND, operation="ExecuteStatement", times=None, status=500, body=page,
              headers={"Content-Type": "text/html; charset=utf-8"})
    conn = proxied(proxy)
    with pytest.raises(Exception) as info:
        StatementCursor(Reader(conn), prepare(StatementSpec(STATEMENT, ()), read_only=False)).next_page()
    message = describe_error(info.value, operation="ExecuteStatement").message
    assert "This endpoint's PartiQL engine cannot run this statement: it answered HTTP 500" in message
    assert "captive portal" not in message and "retry" not in message.lower()
