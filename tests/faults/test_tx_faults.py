"""Executing transactions through a proxy that injects faults.

Whatever happens on the wire, the outcome is known and true: every resend carries
the same ClientRequestToken and the same bytes, a lost answer is settled by
strongly consistent reads, nothing is written twice, and the action log says what
happened. Each test runs on moto (the demo's, which keeps tokens: dynoview/demo/moto_tokens.py)
and on DynamoDB Local. Both answer the resend of an applied transaction 200 without writing
again, so the execution succeeds. Where the engine keeps no token (``forgotten``: the proxy
sends each attempt under a fresh one, as after DynamoDB's 10 minutes), the resend is cancelled
by the signup's own attribute_not_exists guards, and the reads settle it as applied.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botocore.config import Config

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection, ConnectionSpec, client_config
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.confirmation import ConfirmationError
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction, new_token
from dynoview.core.tx.outcomes import (
    APPLIED,
    CANCELLED,
    FAILED,
    NOT_APPLIED,
    SUCCEEDED,
    UNKNOWN,
    ExecutionResult,
)
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import proxied
from tests.helpers import FAKE_KEYS

pytestmark = [pytest.mark.integration, pytest.mark.faults]
S = article_schema()
TX = "TransactWriteItems"
KEPT, FORGOTTEN = "kept", "forgotten"  # whether the engine keeps the token (see the docstring)


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def signup(table: str, name: str) -> Transaction:
    item = {**key(f"ACCT#{name}", "PROFILE"), "email": {"S": f"{name}@x.io"}, "username": {"S": name}}
    return sign_up(S, table, item)


def keys_of(name: str) -> list[dict[str, Any]]:
    return [key(f"ACCT#{name}", "PROFILE"), key(f"UNIQ#EMAIL#{name}@x.io", "LOCK"),
            key(f"UNIQ#HANDLE#{name}", "LOCK")]


def present(direct: Connection, table: str, name: str) -> list[bool]:
    return [direct.client.get_item(TableName=table, Key=k, ConsistentRead=True).get("Item") is not None
            for k in keys_of(name)]


def run(conn: Connection, tx: Transaction, log: ActionLog, **kwargs: Any) -> ExecutionResult:
    return execute_transaction(conn, tx, confirmation=True, schema=S, reader=Reader(conn), log=log,
                               **kwargs)


@pytest.fixture
def log(tmp_path: Path) -> ActionLog:
    return ActionLog(tmp_path / "actions.jsonl")


def same_token_everywhere(proxy: FaultProxy, tx: Transaction, result: ExecutionResult) -> None:
    sent = proxy.requests(TX)
    assert sent, "no TransactWriteItems reached the proxy"
    assert {r.json()["ClientRequestToken"] for r in sent} == {tx.token}
    assert len({r.body for r in sent}) == 1  # the exact preview bytes, every time
    assert result.tokens_sent == [tx.token] * len(sent)
    assert result.attempts == len(sent)


@pytest.mark.parametrize("kind", [fp.DROP_BEFORE, fp.HTTP_500])
def test_fault_before_the_write_is_retried_and_succeeds(proxy: FaultProxy, pconn: Connection,
                                                        direct: Connection, table: str, log: ActionLog,
                                                        kind: str) -> None:
    tx = signup(table, "before")
    proxy.add(kind, operation=TX)
    result = run(pconn, tx, log)
    assert result.status == SUCCEEDED
    assert f"resent with the same token {tx.token}" in result.message
    same_token_everywhere(proxy, tx, result)
    assert result.attempts == 2 and len(proxy.forwarded(TX)) == 1
    assert present(direct, table, "before") == [True, True, True]
    assert [e["outcome"]["status"] for e in log.entries()] == [SUCCEEDED]


@pytest.mark.parametrize("token", [KEPT, FORGOTTEN])
@pytest.mark.parametrize("kind", [fp.DROP_AFTER, fp.CUT])
def test_lost_answer_is_settled_by_same_token_retry_and_reads(proxy: FaultProxy, pconn: Connection,
                                                              direct: Connection, table: str,
                                                              log: ActionLog, kind: str,
                                                              token: str) -> None:
    """The write happened, its answer did not arrive (dropped, or cut and failing its CRC32).

    An engine that keeps the token recognises the resend and answers 200 without a second
    write: "succeeded", and the message says an answer was lost. One that does not cancels
    the resend (its guards see the first write): the reads settle it, "applied"."""
    proxy.forget_tokens = token == FORGOTTEN
    tx = signup(table, f"lost{kind[:3]}{token[0]}")
    proxy.add(kind, operation=TX)
    result = run(pconn, tx, log)
    same_token_everywhere(proxy, tx, result)
    assert len(proxy.forwarded(TX)) == 2
    assert present(direct, table, f"lost{kind[:3]}{token[0]}") == [True, True, True]
    entry = log.entries()[-1]
    assert entry["outcome"]["status"] == result.status and entry["token"] == tx.token
    if token == KEPT:
        assert result.status == SUCCEEDED, result.message
        assert not result.verified_by_reads
        assert "no usable answer" in result.message and "only once" in result.message
        return
    assert result.status == APPLIED, result.message
    assert result.verified_by_reads
    assert "answer from DynamoDB was lost" in result.message and "applied once" in result.message
    assert [s.state for s in result.actions] == ["applied"] * 3
    # The settling read is a receipt like any other read.
    assert any(e.request.operation == "TransactGetItems" for e in proxy.events)


def test_lost_answer_of_an_unguarded_update_is_applied_once(proxy: FaultProxy, pconn: Connection,
                                                            direct: Connection, table: str,
                                                            log: ActionLog) -> None:
    """No condition can cancel a resent ``ADD``: only the token keeps the counter at 1."""
    counter = key("COUNTER#lost", "COUNTER")
    tx = Transaction.from_request({"TransactItems": [{"Update": {
        "TableName": table, "Key": counter, "UpdateExpression": "ADD hits :one",
        "ExpressionAttributeValues": {":one": {"N": "1"}}}}], "ClientRequestToken": new_token()})
    proxy.add(fp.DROP_AFTER, operation=TX)
    result = run(pconn, tx, log)
    assert result.status == SUCCEEDED and "only once" in result.message
    same_token_everywhere(proxy, tx, result)
    assert len(proxy.forwarded(TX)) == 2  # both reached the engine; one was applied
    item = direct.client.get_item(TableName=table, Key=counter, ConsistentRead=True)["Item"]
    assert item["hits"] == {"N": "1"}


def test_token_reused_for_another_transaction_is_refused_and_explained(
        pconn: Connection, direct: Connection, table: str, log: ActionLog) -> None:
    """Another transaction under an applied one's token: DynamoDB refuses it and writes
    nothing; the app says so in a sentence, never with the raw exception."""
    first = signup(table, "owner")
    assert run(pconn, first, log).status == SUCCEEDED
    other = signup(table, "intruder")
    other.token = first.token
    result = run(pconn, other, log)
    assert result.status == FAILED and result.error_code == "IdempotentParameterMismatchException"
    assert result.message.startswith(f"The token {first.token} was already used in the last 10 minutes")
    assert "wrote nothing" in result.message and "Regenerate the token" in result.message
    assert present(direct, table, "intruder") == [False, False, False]
    again = run(pconn, first, log)  # the first one again: 200, nothing written twice
    assert again.status == SUCCEEDED and present(direct, table, "owner") == [True, True, True]


def test_answer_lost_on_every_attempt_is_still_settled(proxy: FaultProxy, pconn: Connection,
                                                       direct: Connection, table: str,
                                                       log: ActionLog) -> None:
    tx = signup(table, "alwayslost")
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    result = run(pconn, tx, log, retry_delay=0.05)
    assert result.status == APPLIED and result.verified_by_reads
    same_token_everywhere(proxy, tx, result)
    assert result.attempts == 3 * 4  # three rounds of botocore's four attempts
    assert present(direct, table, "alwayslost") == [True, True, True]


def test_refusal_cut_on_every_attempt_is_resent_until_its_reasons_arrive(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, log: ActionLog,
        engine: str) -> None:
    """A cancellation whose body is cut on every attempt of a round says nothing about why:
    the app resends the same token, and the next round's clean answer names the taken email.

    moto signs error answers with x-amz-crc32, so botocore sees the cut and retries it itself
    (four attempts, one round); DynamoDB Local sends no CRC32 on error answers, so each cut
    answer ends a round of one attempt: two cut rounds, then the clean third."""
    assert run(pconn, signup(table, "first"), log).status == SUCCEEDED
    loser = sign_up(S, table, {**key("ACCT#second", "PROFILE"), "email": {"S": "first@x.io"},
                               "username": {"S": "second"}})
    cuts = 2 if engine == "dynamodb-local" else 4
    proxy.reset()
    proxy.add(fp.CUT, operation=TX, times=cuts)
    result = run(pconn, loser, log, retry_delay=0.05)
    assert result.status == CANCELLED and result.verified_by_reads
    assert "Email first@x.io is already taken." in result.message
    same_token_everywhere(proxy, loser, result)
    assert result.attempts == cuts + 1
    assert present(direct, table, "second") == [False, False, False]


def test_internal_errors_on_every_attempt_end_not_applied(proxy: FaultProxy, pconn: Connection,
                                                         direct: Connection, table: str,
                                                         log: ActionLog) -> None:
    tx = signup(table, "never")
    proxy.add(fp.HTTP_500, operation=TX, times=None)
    result = run(pconn, tx, log, retry_delay=0.05)
    assert result.status == NOT_APPLIED and result.verified_by_reads
    assert "not applied. Execute it again." in result.message
    same_token_everywhere(proxy, tx, result)
    assert proxy.forwarded(TX) == []
    assert present(direct, table, "never") == [False, False, False]
    proxy.clear()
    again = run(pconn, tx, log)  # the same transaction, the same token
    assert again.status == SUCCEEDED and again.token == tx.token
    assert present(direct, table, "never") == [True, True, True]
    assert [e["outcome"]["status"] for e in log.entries()] == [NOT_APPLIED, SUCCEEDED]


def test_persistent_throttling_fails_cleanly(proxy: FaultProxy, pconn: Connection, direct: Connection,
                                            table: str, log: ActionLog) -> None:
    tx = signup(table, "throttled")
    proxy.add(fp.THROTTLE, operation=TX, times=None)
    result = run(pconn, tx, log)
    assert result.status == FAILED
    assert result.error_code == "ProvisionedThroughputExceededException"
    assert "throttled the transaction even after retries and wrote nothing" in result.message
    assert result.attempts == 4  # a throttled request was refused, not lost: no extra rounds
    assert present(direct, table, "throttled") == [False, False, False]


@pytest.mark.parametrize("token", [KEPT, FORGOTTEN])
def test_read_timeout_after_the_write_is_settled(proxy: FaultProxy, direct: Connection, table: str,
                                                 log: ActionLog, token: str) -> None:
    """A slow answer (past the read timeout; 30 s in the app, 1 s here) is a lost answer:
    answered 200 for the same token where the engine keeps it, else settled by reads."""
    proxy.forget_tokens = token == FORGOTTEN
    conn = proxied(proxy, config=client_config().merge(Config(read_timeout=1)))
    tx = signup(table, f"slow{token[0]}")
    proxy.add(fp.DELAY_RESPONSE, operation=TX, seconds=1.5)
    result = run(conn, tx, log)
    assert result.status == (SUCCEEDED if token == KEPT else APPLIED)
    assert "ReadTimeoutError" in result.message
    same_token_everywhere(proxy, tx, result)
    assert present(direct, table, f"slow{token[0]}") == [True, True, True]


def test_endpoint_gone_then_back_same_connection_same_token(proxy: FaultProxy, pconn: Connection,
                                                            direct: Connection, table: str,
                                                            log: ActionLog) -> None:
    assert pconn.list_tables()  # the connection has been used: its pool holds a live socket
    tx = signup(table, "gone")
    proxy.go_down()
    result = run(pconn, tx, log, retry_delay=0.05)
    assert result.status == UNKNOWN
    assert "The reads failed too" in result.message and "same token" in result.message
    assert present(direct, table, "gone") == [False, False, False]
    proxy.come_back()
    again = run(pconn, tx, log)
    assert again.status == SUCCEEDED and again.token == tx.token
    assert present(direct, table, "gone") == [True, True, True]
    assert [e["outcome"]["status"] for e in log.entries()] == [UNKNOWN, SUCCEEDED]


def test_remote_endpoint_needs_the_table_name_typed(proxy: FaultProxy, loopback_only: dict[str, str],
                                                    direct: Connection, table: str,
                                                    log: ActionLog) -> None:
    """An endpoint that is not on this machine (a name, here resolved to the proxy) needs
    the table name typed; a click is not enough, and nothing is sent until then."""
    loopback_only["dynamodb.staging.example"] = "127.0.0.1"
    port = proxy.url.rsplit(":", 1)[1]
    spec = ConnectionSpec(name="staging", endpoint_url=f"http://dynamodb.staging.example:{port}",
                          region="us-east-1")
    conn = Connection(spec, credentials=FAKE_KEYS)
    assert not spec.is_local
    tx = signup(table, "remote")
    for confirmation in (True, "", "yes", table.upper()):
        with pytest.raises(ConfirmationError, match=f"type {table} to confirm"):
            execute_transaction(conn, tx, confirmation=confirmation, schema=S, log=log)
    assert proxy.requests() == [] and log.entries() == []
    result = execute_transaction(conn, tx, confirmation=f" {table} ", schema=S, log=log)
    assert result.status == SUCCEEDED
    # Once typed, one transaction is sent once. Before it (never before the typing) goes one
    # strongly consistent GetItem of one touched item: what held before the send, without which
    # a lost answer could not be settled truthfully (settle.held_before). "Exactly one request"
    # is obsolete since then; no table is described for it (the key comes from the schema).
    requests = proxy.requests()
    assert [r.operation for r in requests] == ["GetItem", TX]
    assert requests[0].json() == {"TableName": table, "Key": key("ACCT#remote", "PROFILE"),
                                  "ConsistentRead": True, "ReturnConsumedCapacity": "TOTAL"}
    entry = log.entries()[-1]
    assert entry["connection"]["local"] is False and entry["outcome"]["status"] == SUCCEEDED
    assert present(direct, table, "remote") == [True, True, True]
    second = execute_transaction(conn, signup(table, "remote"), confirmation=table, schema=S, log=log)
    assert second.status == CANCELLED  # the signup's guards still hold on a remote endpoint


class Clock:
    """Epoch seconds that the test moves forward (the token's 10 minutes without waiting)."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def test_sending_a_token_again_after_nine_minutes_warns_that_it_is_a_new_request(
        pconn: Connection, direct: Connection, table: str, log: ActionLog) -> None:
    """DynamoDB honours a token for 10 minutes: the app warns from about 9 on, from the time
    the action log says the token was first sent; a send in the window starts no warning."""
    tx = signup(table, "latecomer")
    clock = Clock(1_000_000.0)
    assert run(pconn, tx, log, clock=clock).status == SUCCEEDED
    clock.now += 200  # a resend within the window: no warning
    again = run(pconn, tx, log, clock=clock)
    assert again.warnings == [] and "minutes ago" not in again.message
    clock.now += 400  # 10 minutes after the first send
    late = run(pconn, tx, log, clock=clock)
    assert len(late.warnings) == 1 and late.warnings[0] in late.message
    assert f"The token {tx.token} was first sent 10 minutes ago" in late.message
    assert "treats this as a new request" in late.message
    # The engine here still honours the token (its clock did not move): 200.
    assert late.status == SUCCEEDED
    assert log.entries()[-1]["outcome"]["warnings"] == late.warnings
    clock.now += 60  # the late send began a new run of resends: one minute old
    assert run(pconn, tx, log, clock=clock).warnings == []
    assert present(direct, table, "latecomer") == [True, True, True]


class LateClock(Clock):
    """The first reading is the first attempt; every later one is ten minutes on."""

    def __call__(self) -> float:
        now = self.now
        self.now = self.start + 600
        return now

    def __init__(self, start: float) -> None:
        super().__init__(start)
        self.start = start


class TickingClock(Clock):
    """Thirty seconds pass at each reading (a slow network's lost answers)."""

    def __call__(self) -> float:
        self.now += 30
        return self.now


def test_an_execution_started_again_stops_resending_ten_minutes_after_the_first_send(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, log: ActionLog) -> None:
    """The token was first sent at t0 (its answer lost); the user executes again at t0 + 8 min,
    every answer lost again: resends stop nine minutes after t0, the token's first send, not
    nine minutes after this execution began, and the reads decide."""
    tx = signup(table, "twicelost")
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    first = run(pconn, tx, log, retry_delay=0.01, retries=0, clock=Clock(3_000_000.0))
    assert first.status == APPLIED and first.verified_by_reads
    sent_first = len(proxy.requests(TX))
    clock = TickingClock(3_000_000.0 + 480)
    again = run(pconn, tx, log, retry_delay=0.01, clock=clock)
    assert again.status == APPLIED and "It was not resent again" in again.message
    # At 30 s a reading, at most two more sends fit before t0 + 540 s.
    assert 1 <= len(proxy.requests(TX)) - sent_first <= 2
    assert {r.json()["ClientRequestToken"] for r in proxy.requests(TX)} == {tx.token}
    assert present(direct, table, "twicelost") == [True, True, True]


def test_the_executions_own_resend_stops_after_nine_minutes_and_reads_decide(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, log: ActionLog) -> None:
    """Every answer lost, and by the next attempt the first is 10 minutes old: a resend would
    be a new request (an unguarded write applied twice), so it is not sent, botocore's own
    resends included."""
    tx = signup(table, "slowlost")
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    result = run(pconn, tx, log, retry_delay=0.01, clock=LateClock(2_000_000.0))
    assert result.status == APPLIED and result.verified_by_reads
    assert "It was not resent again: 10 minutes have passed" in result.message
    assert "Strongly consistent reads decide instead." in result.message
    assert result.attempts == 1 and len(proxy.requests(TX)) == 1  # botocore's resends stopped too
    assert "(ConnectionClosedError)" in result.message or "(a dropped connection)" in result.message
    same_token_everywhere(proxy, tx, result)
    assert present(direct, table, "slowlost") == [True, True, True]


@pytest.mark.parametrize("body", [b"", b"OK"], ids=["empty", "plain-text"])
def test_a_200_that_is_not_dynamodbs_answer_is_no_proof_of_a_write(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, log: ActionLog,
        body: bytes) -> None:
    """Something between the app and DynamoDB answers 200 itself, with an empty or plain text
    body, and forwards nothing: the window said "applied: 1 action written … resent with the
    same token", and the action log kept "succeeded", for a table left unchanged."""
    tx = signup(table, "middlebox")
    proxy.add(fp.RESPOND, operation=TX, times=None, status=200, body=body)
    result = run(pconn, tx, log, retry_delay=0.05)
    assert proxy.forwarded(TX) == []
    assert present(direct, table, "middlebox") == [False, False, False]
    assert result.status == NOT_APPLIED and result.verified_by_reads, result.message
    assert log.entries()[-1]["outcome"]["status"] == NOT_APPLIED


def test_a_write_answered_with_a_damaged_200_is_settled_by_reads(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, log: ActionLog) -> None:
    """The write reached DynamoDB, then the answer was replaced on the way: applied, as the
    strongly consistent reads show, never "not applied"."""
    tx = signup(table, "replaced")
    proxy.add(fp.REPLACE, operation=TX, times=None, status=200, body=b"OK")
    result = run(pconn, tx, log, retry_delay=0.05)
    assert present(direct, table, "replaced") == [True, True, True]
    assert result.status == APPLIED and result.verified_by_reads, result.message
