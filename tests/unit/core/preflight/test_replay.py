"""The preflight's replay rule (``preflight.replay``): predicted cancellations of a resend are
dropped only for this very request, sent under its token through this connection in the last
10 minutes. Another endpoint never saw the token: its conditions are judged there as usual."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.preflight.model import CANCELLED, Preflight, Refusal
from dynoview.core.preflight.replay import replayed
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.tx.action_log import ActionLog, connection_record

A = connection_record(ConnectionSpec(name="a", endpoint_url="http://127.0.0.1:8001", region="us-east-1"))
B = connection_record(ConnectionSpec(name="b", endpoint_url="http://127.0.0.1:8002", region="us-east-1"))
REQUEST = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "A"}}}}],
           "ClientRequestToken": "tok-1"}
OTHER = {**REQUEST, "TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "B"}}}}]}


def refused() -> Preflight:
    return Preflight(refusals=[Refusal(0, "email", "a@x.io", "Email a@x.io is already taken.", None,
                                       status=CANCELLED)])


@pytest.fixture
def log(tmp_path: Path) -> ActionLog:
    log = ActionLog(tmp_path / "actions.jsonl")
    log.append(connection=A, token="tok-1", request=REQUEST, outcome={"status": "succeeded"},
               time=datetime.now(UTC) - timedelta(minutes=2))
    return log


def test_a_resend_through_the_same_connection_is_a_replay(log: ActionLog) -> None:
    after = replayed(refused(), log, "tok-1", time.time(), connection=A, request=REQUEST)
    assert not after.refused and "was sent 2 minute(s) ago" in after.notes[0]


@pytest.mark.parametrize(("connection", "request_"), [(B, REQUEST), (A, OTHER)],
                         ids=["another endpoint", "another request"])
def test_another_endpoint_or_request_is_judged_as_it_is(log: ActionLog, connection: dict[str, Any],
                                                        request_: dict[str, Any]) -> None:
    before = refused()
    after = replayed(before, log, "tok-1", time.time(), connection=connection, request=request_)
    assert after is before and after.refused and not after.notes


def test_an_older_entry_without_its_endpoint_is_not_this_connections(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    log.append(connection={"name": "a"}, token="tok-1", request=REQUEST, outcome={"status": "succeeded"},
               time=datetime.now(UTC) - timedelta(minutes=2))
    assert replayed(refused(), log, "tok-1", time.time(), connection=A, request=REQUEST).refused
