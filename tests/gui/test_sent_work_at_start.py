"""A quit while a transaction's answer was pending leaves its draft in the builder's folder and
its intent in the action log with no outcome: the write may have happened. The next start's
strip and the builder's restore note said "unsent work" / "Restored 3 unsent actions" first,
and only later that it may have been applied (hostile window test, defect 1). They now say
first that it was sent and may have been written; plain unsent work keeps its text."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.session import profile
from dynoview.core.tx.action_log import ActionLog
from dynoview.ui.app import _mention_unsent_work
from dynoview.ui.main_window import MainWindow
from dynoview.ui.window.unsent_work import UnsentWorkBar

pytestmark = pytest.mark.gui
TOKEN = "sent-at-quit-0001"


@pytest.fixture
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """This test's drafts folder and action log (the builder opened later uses them too)."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


def left_work(table: str, name: str) -> dict[str, Any]:
    """A window that is gone left this request (a sign-up's lock Put) as its builder work."""
    request = {"TransactItems": [{"Put": {
        "TableName": table, "Item": {"PK": {"S": f"UNIQ#EMAIL#{name}@x.io"}, "SK": {"S": "LOCK"}},
        "ConditionExpression": "attribute_not_exists(PK)"}}], "ClientRequestToken": TOKEN}
    store = DraftStore()
    store.save_current(Draft(request=request, connection="demo", table=table))
    store.release()
    return request


def shown(window: MainWindow) -> list[UnsentWorkBar]:
    return [b for b in window.findChildren(UnsentWorkBar) if not b.isHidden()]


def test_a_transaction_sent_before_the_quit_is_said_to_maybe_be_written(
        connected_window: MainWindow, seeded_table: str, own_folders: None) -> None:
    request = left_work(seeded_table, "quit1")
    # The send's intent, synced before the request left; the process stopped before its answer.
    intent = ActionLog().intent(connection={"name": "demo"}, token=TOKEN, request=request)
    ActionLog._done(str(intent["send"]))  # that process is gone
    _mention_unsent_work(connected_window)
    (bar,) = shown(connected_window)
    head, more = bar.text(), bar.informativeText()
    assert head == ("Your last session sent a transaction and its outcome is not known: it may have "
                    "been written.")
    assert "unsent" not in head and "nothing is sent until you say so" not in more
    assert f"It was sent at {time.strftime('%Y-%m-%d')} " in more and f"(token {TOKEN})" in more
    assert "Open the builder (Ctrl+B) to see it" in more and "the Action log" in more
    assert "applies at most once within 10 minutes of its first send" in more
    # The builder's note says so first too, and the work comes back under its own token.
    connected_window.router.open_builder()
    builder = connected_window.feature("BuilderPanel")
    note = builder.drafts.note.text.text()
    assert note.startswith("Your last session sent this transaction and its outcome is not known: it "
                           "may have been written. It was sent at "), note
    assert "unsent" not in note and "Restored 1 action from your last session" in note
    assert builder.request_json()["ClientRequestToken"] == TOKEN
    assert shown(connected_window) == []


def test_work_the_log_records_as_applied_is_not_called_unsent(
        connected_window: MainWindow, seeded_table: str, own_folders: None) -> None:
    request = left_work(seeded_table, "quit2")
    ActionLog().append(connection={"name": "demo"}, token=TOKEN, request=request,
                       outcome={"status": "succeeded"}, time=datetime.now(UTC))
    _mention_unsent_work(connected_window)
    (bar,) = shown(connected_window)
    assert bar.text() == "Your last session's transaction was already applied: it is not unsent work."
    assert f"(token {TOKEN})" in bar.informativeText()
    assert "would write it a second time" in bar.informativeText()


def test_plain_unsent_work_keeps_its_text(connected_window: MainWindow, seeded_table: str,
                                          own_folders: None) -> None:
    left_work(seeded_table, "quit3")  # never sent: its token is not in the log
    _mention_unsent_work(connected_window)
    (bar,) = shown(connected_window)
    assert bar.text() == "Your last session left unsent work in the transaction builder."
    assert bar.informativeText() == ("Open the builder (Ctrl+B) to carry on with it or discard it; "
                                     "nothing is sent until you say so.")
    connected_window.router.open_builder()
    note = connected_window.feature("BuilderPanel").drafts.note.text.text()
    assert note.startswith("Restored 1 unsent action from your last session"), note
