"""A transaction that left the machine is not brought back as unsent work: a written Execute
clears the builder's draft file at once (not after the edit timers), and at the next start a
draft whose token the action log records as applied is not restored (the note says when it
was applied), while one that may have been applied comes back under its own token with a note."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.send_flow import SendStep, State
from dynoview.ui.context import AppContext
from tests.helpers import logged_connection

pytestmark = pytest.mark.gui
S = article_schema()


@pytest.fixture
def make_panel(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, tmp_path: Path,
               monkeypatch: pytest.MonkeyPatch) -> Callable[[], BuilderPanel]:
    """A new builder panel, as at a new start, with this test's own drafts folder and action
    log (the panel's own ``ActionLog()``, in the profile's data folder)."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")

    def make() -> BuilderPanel:
        ctx = AppContext()
        ctx.set_connection(demo_conn)
        ctx.set_table(describe_table(demo_conn, seeded_table))
        widget = BuilderPanel(ctx)
        qtbot.addWidget(widget)
        return widget
    return make


def signup(table: str, name: str) -> dict[str, Any]:
    account = {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{name}@x.io"},
               "username": {"S": name}}
    return sign_up(S, table, account).to_request()


def current(panel: BuilderPanel) -> Path:
    return Path(panel.drafts.store.current_path)


def autosaved(qtbot: Any, panel: BuilderPanel) -> str:
    """The draft file, once the autosave has written the builder's actions."""
    path = current(panel)
    qtbot.waitUntil(lambda: path.exists() and bool(json.loads(path.read_text())["request"]["TransactItems"]),
                    timeout=3000)
    return path.read_text()


def execute(qtbot: Any, panel: BuilderPanel, settled: Callable[[SendStep], None] | None = None) -> None:
    panel.ask_confirmation = lambda requirement, preview, answer: answer(True)
    panel.ask_override = lambda preflight, table, answer: answer(False)
    if settled is not None:
        panel.send_flow.changed.connect(settled)  # after the panel's own: the same emit, no timer between
    panel.execute()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=30000)
    assert panel.result is not None and panel.result.status == "succeeded", panel.result.message


def test_a_written_execute_clears_the_draft_file_at_once(qtbot: Any, make_panel: Any,
                                                         seeded_table: str) -> None:
    panel = make_panel()
    panel.load_request(signup(seeded_table, "sd1"))
    autosaved(qtbot, panel)
    on_disk: list[bool] = []

    def settled(step: SendStep) -> None:
        if step.state is State.SETTLED:
            on_disk.append(current(panel).exists())  # what a kill right after the answer leaves

    execute(qtbot, panel, settled)
    assert on_disk == [False]
    assert not panel.has_unsent_actions()


def test_a_draft_the_log_records_as_applied_is_not_restored_as_unsent(qtbot: Any, make_panel: Any,
                                                                       seeded_table: str) -> None:
    first = make_panel()
    first.load_request(signup(seeded_table, "sd2"))
    left = autosaved(qtbot, first)  # the draft as a kill between the send and its clearing leaves it
    token = json.loads(left)["request"]["ClientRequestToken"]
    execute(qtbot, first)
    first.drafts.end()  # the window is gone...
    current(first).write_text(left)  # ...leaving the draft of the transaction it just applied
    second = make_panel()
    assert second.request_json()["TransactItems"] == [] and not second.has_unsent_actions()
    note = second.drafts.note.text.text()
    assert note.startswith("Not restored: the transaction your last session left in the builder "
                           f"(3 actions) was already applied at {time.strftime('%Y-%m-%d')} ")
    assert f"(token {token}, in the action log)" in note and "would write it a second time" in note
    assert not second.drafts.note.isHidden() and not second.drafts.note.discard_button.isVisibleTo(second)
    assert not current(second).exists()  # cleared: it does not come back at the next start
    assert [e["outcome"]["status"] for e in second.action_log.entries_for_token(token)] == ["succeeded"]
    second.drafts.end()
    assert make_panel().drafts.note.isHidden()


def test_a_draft_that_may_have_been_applied_keeps_its_token_with_a_note(qtbot: Any, make_panel: Any,
                                                                         seeded_table: str) -> None:
    first = make_panel()
    first.load_request(signup(seeded_table, "sd3"))
    left = json.loads(autosaved(qtbot, first))
    request = left["request"]
    token = request["ClientRequestToken"]
    # Sent 10 minutes ago, the answer lost and not settled: it may be in the table.
    first.action_log.append(connection=logged_connection(first), token=token, request=request,
                            outcome={"status": "unknown"}, time=datetime.now(UTC) - timedelta(minutes=10))
    first.drafts.end()
    second = make_panel()
    assert second.request_json() == request  # the same actions, under the same token
    note = second.drafts.note.text.text()
    # Said first that it was sent and may be written: not "unsent actions" (hostile window test).
    assert note.startswith("Your last session sent this transaction and its outcome is not known: it "
                           f"may have been written. It was sent at {time.strftime('%Y-%m-%d')} ")
    assert f"(token {token}). Execute sends it again under the same token" in note
    assert "Restored 3 actions from your last session" in note and "unsent" not in note
    # Execute says, before the click, that the token's 10 minutes are over.
    asked: list[str] = []
    second.ask_confirmation = lambda requirement, preview, answer: (asked.append(requirement.message),
                                                                     answer(None))
    second.ask_override = lambda preflight, table, answer: answer(False)
    second.execute()
    qtbot.waitUntil(lambda: bool(asked) and not second.send_flow.running(), timeout=30000)
    assert f"The token {token} was first sent 10 minutes ago" in asked[0]
    assert len(second.action_log.entries_for_token(token)) == 1  # nothing sent


def test_a_named_draft_whose_transaction_was_sent_says_so_when_opened(qtbot: Any, make_panel: Any,
                                                                    seeded_table: str) -> None:
    """A draft another window left (kept by name at the next start) or one saved before Execute:
    opening it says first that its transaction was applied, or may have been, and Execute warns
    that its token is past DynamoDB's 10 minutes."""
    from dynoview.core.drafts.model import Draft

    panel = make_panel()
    applied, maybe = signup(seeded_table, "sd4"), signup(seeded_table, "sd5")
    past = datetime.now(UTC) - timedelta(minutes=20)
    panel.action_log.append(connection=logged_connection(panel), token=applied["ClientRequestToken"],
                            request=applied, outcome={"status": "succeeded"}, time=past)
    panel.action_log.append(connection=logged_connection(panel), token=maybe["ClientRequestToken"],
                            request=maybe, outcome={"status": "unknown"}, time=past)
    panel.drafts.open_draft(Draft(request=applied, name="sent one"))
    said = panel.status.text()
    assert said.startswith("This draft's transaction was already applied at ")
    assert f"(token {applied['ClientRequestToken']}, in the action log)" in said
    assert "Opened the draft “sent one”: 3 actions." in said
    panel.drafts.open_draft(Draft(request=maybe, name="maybe"))
    assert panel.status.text().startswith(
        f"This draft's transaction was sent at {past.astimezone().strftime('%Y-%m-%d')} ")
    asked: list[str] = []
    panel.ask_confirmation = lambda requirement, preview, answer: (asked.append(requirement.message),
                                                                    answer(None))
    panel.ask_override = lambda preflight, table, answer: answer(False)
    panel.execute()
    qtbot.waitUntil(lambda: bool(asked) and not panel.send_flow.running(), timeout=30000)
    assert f"The token {maybe['ClientRequestToken']} was first sent 20 minutes ago" in asked[0]
    panel.drafts.open_draft(Draft(request=signup(seeded_table, "sd6"), name="fresh"))
    assert panel.status.text().startswith("Opened the draft “fresh”")
