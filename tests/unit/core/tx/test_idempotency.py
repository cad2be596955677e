"""A token's earlier send counts only when it went through the same connection: DynamoDB keeps a
token per endpoint (and account), so another endpoint's send of it is no replay, no evidence of
what held before and no start of the token's 10 minutes here (``tx.idempotency``)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.idempotency import (
    earlier_send,
    sent_through,
    stale_token_warning,
    token_first_sent,
)

A = connection_record(ConnectionSpec(name="a", endpoint_url="http://127.0.0.1:8001", region="us-east-1"))
B = connection_record(ConnectionSpec(name="b", endpoint_url="http://127.0.0.1:8002", region="us-east-1"))
REQUEST = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "A"}}}}],
           "ClientRequestToken": "tok-1"}


def sent(log: ActionLog, connection: dict[str, Any], minutes_ago: float, status: str = "succeeded",
         request: dict[str, Any] = REQUEST) -> None:
    log.append(connection=connection, token="tok-1", request=request, outcome={"status": status},
               time=datetime.now(UTC) - timedelta(minutes=minutes_ago))


@pytest.fixture
def log(tmp_path: Path) -> ActionLog:
    return ActionLog(tmp_path / "actions.jsonl")


def test_a_send_through_another_endpoint_is_not_this_ones(log: ActionLog) -> None:
    sent(log, A, 2)
    now = time.time()
    assert token_first_sent(log, "tok-1", B) is None
    assert earlier_send(log, "tok-1", REQUEST, now - 600, connection=B) is None
    first = token_first_sent(log, "tok-1", A)
    assert first is not None and abs(now - 120 - first) < 5
    assert earlier_send(log, "tok-1", REQUEST, now - 600, connection=A) == (first, True)


@pytest.mark.parametrize("other", [{"region": "eu-west-1"}, {"profile": "prod"}])
def test_another_region_or_profile_is_another_connection(log: ActionLog, other: dict[str, Any]) -> None:
    sent(log, {**A, **other}, 2)
    assert token_first_sent(log, "tok-1", A) is None
    assert earlier_send(log, "tok-1", REQUEST, time.time() - 600, connection=A) is None


def test_the_stale_token_warning_counts_this_connections_sends_only(log: ActionLog) -> None:
    sent(log, A, 12)  # long ago, elsewhere
    sent(log, B, 1)
    now = time.time()
    assert stale_token_warning("tok-1", token_first_sent(log, "tok-1", B), now) is None
    assert "first sent 12 minutes ago" in (stale_token_warning("tok-1", token_first_sent(log, "tok-1", A),
                                                               now) or "")


def test_the_newest_send_through_this_connection_is_the_one_replayed(log: ActionLog) -> None:
    sent(log, B, 3)
    sent(log, A, 1)  # a later send elsewhere is not what a 200 from B replays
    now = time.time()
    found = earlier_send(log, "tok-1", REQUEST, now - 600, connection=B)
    assert found is not None and abs(now - 180 - found[0]) < 5


@pytest.mark.parametrize("logged", [
    None,  # no connection at all
    {"name": "a"},  # a name only
    {"name": "a", "endpoint": "http://127.0.0.1:8001", "region": "us-east-1"},  # no profile
])
def test_an_entry_that_does_not_name_its_connection_is_not_this_ones(logged: dict[str, Any] | None) -> None:
    assert not sent_through({"connection": logged} if logged is not None else {}, A)


def test_without_a_connection_any_send_counts_as_before(log: ActionLog) -> None:
    """A caller with no connection to give (the window's confirmation) keeps the old rule."""
    sent(log, A, 2)
    assert token_first_sent(log, "tok-1") is not None


def test_a_connection_the_log_keeps_scrubbed_is_still_this_one(log: ActionLog) -> None:
    """The log scrubs what looks like a secret (here a profile named like an access key)."""
    spec = ConnectionSpec(name="k", endpoint_url="http://127.0.0.1:8001", region="us-east-1",
                          profile="AKIAIOSFODNN7EXAMPLE")
    here = connection_record(spec)
    sent(log, here, 2)
    assert log.entries_for_token("tok-1")[0]["connection"]["profile"] != spec.profile
    assert token_first_sent(log, "tok-1", here) is not None
    assert token_first_sent(log, "tok-1", A) is None
