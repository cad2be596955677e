"""A restored draft made for another connection and table says so at every start until the work
changes (an edit undone is no change). Before, the first restore rewrote its file as this
connection's, so the next start restored the same actions with no warning; later, the first save
after any edit did, even one undone at once."""

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


def test_an_edit_undone_keeps_the_warning(qtbot: Any, qasync_loop: Any, demo_conn: Connection,
                                          seeded_table: str, tmp_path: Path) -> None:
    """The work as restored again after an edit and its undo is still the other connection's: the
    first save after the edit had labelled it this window's for good."""
    request = {"TransactItems": [{"Put": {"TableName": seeded_table, "Item": {
        "PK": {"S": "ACCT#u1"}, "SK": {"S": "PROFILE"}, "n": {"N": "5"}}}}]}
    gone = DraftStore()
    gone.save_current(Draft(request=request, connection="prod", table=seeded_table))
    gone.release()
    panel = _window(qtbot, demo_conn, seeded_table, tmp_path)
    restored = panel.request_json()["TransactItems"]
    panel.add_action("Put")  # an accidental edit, saved...
    panel.drafts.save_now()
    assert json.loads(panel.drafts.store.current_path.read_text())["connection"] == "gui-test"
    panel.drafts.undo.undo_action.trigger()  # ...and undone: the work is as restored
    panel.drafts.save_now()
    assert panel.request_json()["TransactItems"] == restored
    saved = json.loads(panel.drafts.store.current_path.read_text())
    assert (saved["connection"], saved["table"]) == ("prod", seeded_table)
    panel.drafts.end()
    again = _window(qtbot, demo_conn, seeded_table, tmp_path)
    assert f"{WARNING} table {seeded_table} on connection prod" in again.drafts.note.text.text()
