"""An execution interrupted by Ctrl+C says, from the action log, whether its transaction may have
been written: an intent of this run without an outcome is never "nothing was written"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.interrupted import interrupted_send

CONN = {"name": "local", "endpoint_url": "http://127.0.0.1:8000"}
REQUEST = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "A"}}}}]}


def test_no_intent_recorded_is_nothing_written(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "log.jsonl")
    said = interrupted_send(log, "tok-1", datetime.now(UTC))
    assert not said.may_be_written and "nothing was written" in said.message


def test_an_intent_without_its_answer_may_be_written(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "log.jsonl")
    started = datetime.now(UTC)
    log.intent(connection=CONN, token="tok-1", request=REQUEST)
    said = interrupted_send(log, "tok-1", started)
    assert said.may_be_written
    assert "tok-1" in said.message and "may have been written" in said.message
    assert "nothing was written" not in said.message


def test_a_withdrawn_intent_never_left(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "log.jsonl")
    started = datetime.now(UTC)
    log.void(log.intent(connection=CONN, token="tok-1", request=REQUEST))
    assert not interrupted_send(log, "tok-1", started).may_be_written


def test_an_answered_send_says_its_outcome(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "log.jsonl")
    started = datetime.now(UTC)
    intent = log.intent(connection=CONN, token="tok-1", request=REQUEST)
    log.outcome(intent, {"status": "succeeded", "message": "Every action was applied."})
    said = interrupted_send(log, "tok-1", started)
    assert said.may_be_written and "succeeded: Every action was applied." in said.message
    log2 = ActionLog(tmp_path / "log2.jsonl")
    intent = log2.intent(connection=CONN, token="tok-2", request=REQUEST)
    log2.outcome(intent, {"status": "cancelled", "message": "Nothing was written."})
    assert not interrupted_send(log2, "tok-2", started).may_be_written


def test_an_earlier_run_under_the_same_token_is_not_this_one(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "log.jsonl")
    earlier = datetime.now(UTC) - timedelta(minutes=3)
    log.intent(connection=CONN, token="tok-1", request=REQUEST, time=earlier)  # a killed run's
    said = interrupted_send(log, "tok-1", earlier + timedelta(minutes=1))
    assert not said.may_be_written and "nothing was written" in said.message
