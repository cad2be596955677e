"""What the action log says of a draft's token: applied, maybe applied, or not sent as it stands."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.drafts.sent import sent_before
from dynoview.core.tx.action_log import ActionLog

ITEMS = [{"Put": {"TableName": "t", "Item": {"PK": {"S": "C#1"}}}}]
SENT = datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC)


def request(token: str = "tok-1", items: list[Any] | None = None) -> dict[str, Any]:
    return {"TransactItems": ITEMS if items is None else items, "ClientRequestToken": token}


@pytest.fixture
def log(tmp_path: Path) -> ActionLog:
    return ActionLog(tmp_path / "actions.jsonl")


def sent(log: ActionLog, status: str, req: dict[str, Any] | None = None) -> None:
    req = req or request()
    log.append(connection={"name": "c"}, token=req["ClientRequestToken"], request=req,
               outcome={"status": status}, time=SENT)


@pytest.mark.parametrize("status", ["succeeded", "applied"])
def test_an_applied_token_is_said_with_its_time(log: ActionLog, status: str) -> None:
    sent(log, "cancelled")
    sent(log, status)
    found = sent_before(log, request())
    assert found is not None and found.applied and found.token == "tok-1"
    assert found.at == SENT.timestamp()


@pytest.mark.parametrize("status", ["unknown"])
def test_an_unsettled_send_may_have_been_applied(log: ActionLog, status: str) -> None:
    sent(log, status)
    found = sent_before(log, request())
    assert found is not None and not found.applied


def test_an_intent_without_outcome_may_have_been_applied(log: ActionLog) -> None:
    log.intent(connection={"name": "c"}, token="tok-1", request=request(), time=SENT)
    found = sent_before(log, request())
    assert found is not None and not found.applied and found.at == SENT.timestamp()


@pytest.mark.parametrize("status", ["cancelled", "failed", "not_applied"])
def test_a_send_that_wrote_nothing_leaves_the_work_unsent(log: ActionLog, status: str) -> None:
    sent(log, status)
    assert sent_before(log, request()) is None


def test_the_token_sent_with_other_actions_is_another_transaction(log: ActionLog) -> None:
    sent(log, "succeeded", request(items=[{"Delete": {"TableName": "t", "Key": {"PK": {"S": "C#1"}}}}]))
    assert sent_before(log, request()) is None


def test_no_token_no_actions_or_no_log_say_nothing(log: ActionLog) -> None:
    sent(log, "succeeded")
    assert sent_before(log, {"TransactItems": ITEMS}) is None
    assert sent_before(log, request(items=[])) is None
    assert sent_before(log, request("tok-2")) is None
