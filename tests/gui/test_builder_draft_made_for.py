"""A restored draft made for another connection and table says so at every start until the work
changes. Before, the first restore rewrote its file as this connection's, so the next start
restored the same actions with no warning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.context import AppContext

pytestmark = pytest.mark.gui
WARNING = "They were made for"


def _window(qtbot: Any, conn: Connection, table: str, tmp_path: Path) -> BuilderPanel:
    ctx = AppContext()
    ctx.set_connection(conn)
    ctx.set_table(describe_table(conn, table))
    panel = BuilderPanel(ctx)
    panel.action_log = ActionLog(tmp_path / "actions.jsonl")
    qtbot.addWidget(panel)
    return panel


def test_the_warning_comes_back_until_the_work_changes(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
                                                       seeded_table: str, tmp_path: Path) -> None:
    account = {"PK": {"S": "ACCT#p1"}, "SK": {"S": "PROFILE"}, "email": {"S": "p1@x.io"},
               "username": {"S": "p1"}}
    gone = DraftStore()
    gone.save_current(Draft(request=sign_up(article_schema(), "accounts-prod", account).to_request(),
                            connection="prod", table="accounts-prod"))
    gone.release()
    for _start in range(2):
        panel = _window(qtbot, demo_conn, seeded_table, tmp_path)
        assert WARNING in panel.drafts.note.text.text()
        saved = json.loads(panel.drafts.store.current_path.read_text())
        assert (saved["connection"], saved["table"]) == ("prod", "accounts-prod")
        panel.drafts.end()
        panel.drafts.store.release()
    panel = _window(qtbot, demo_conn, seeded_table, tmp_path)
    panel.add_action("Put")  # the work changes here
    panel.drafts.save_now()
    saved = json.loads(panel.drafts.store.current_path.read_text())
    assert saved["connection"] != "prod"  # edited here: this window's work now
    panel.drafts.end()
