"""A change already in place before the send is no evidence that a lost transaction applied.

The answer to a TransactWriteItems is lost (the fault proxy forwards it, the engine decides, the
answer never comes back) and strongly consistent reads settle it. A lock Put whose lock already
existed is cancelled by its ``attribute_not_exists`` guard, yet the lock reads exactly as the Put
would leave it; so does an Update that SETs the value the item already has. Neither may be
reported applied (a false "written"): the outcome is unknown, and says why. A transaction that
really applied is still reported applied, and so is a send recovered after a kill when its
intent says what held before; without that, a recovery never claims applied. Both engines.
"""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import PUT, UPDATE, Action, Transaction
from dynoview.core.tx.outcomes import APPLIED, UNKNOWN, ExecutionResult
from dynoview.core.tx.recovery import settle_intent
from dynoview.core.tx.settle import HELD_KEY
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]
S = article_schema()
TX = "TransactWriteItems"
GUARD = "attribute_not_exists(PK)"
ALREADY = "already in place before it was sent"


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def read(direct: Connection, table: str, k: dict[str, Any]) -> dict[str, Any] | None:
    item: dict[str, Any] | None = direct.client.get_item(TableName=table, Key=k,
                                                         ConsistentRead=True).get("Item")
    return item


def lock_put(table: str, item: dict[str, Any]) -> Action:
    return Action(PUT, table, item=item, condition=GUARD, label="email lock")


def noop_set(table: str, account: dict[str, Any], *, condition: str = "",
             values: dict[str, Any] | None = None) -> Action:
    """SET username to the value the account already has."""
    return Action(UPDATE, table, key=key(account["PK"]["S"], "PROFILE"), update="SET #u = :u",
                  condition=condition, names={"#u": "username"},
                  values={":u": account["username"], **(values or {})})


def lose(proxy: FaultProxy, every: bool) -> None:
    """The first answer lost (the resend then answered by the engine), or every answer lost."""
    proxy.add(fp.DROP_AFTER, operation=TX, times=None if every else 1)


def execute(conn: Connection, tx: Transaction, log: ActionLog) -> ExecutionResult:
    return execute_transaction(conn, tx, confirmation=True, schema=S, reader=Reader(conn), log=log,
                               retry_delay=0.01)


@pytest.mark.parametrize("every", [False, True], ids=["resend-cancelled", "every-answer-lost"])
def test_a_cancelled_put_of_an_existing_lock_is_never_reported_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any,
        every: bool) -> None:
    lock = read(direct, table, key("UNIQ#EMAIL#ada@lovelace.io", "LOCK"))
    assert lock is not None
    tx = Transaction(actions=[lock_put(table, dict(lock))])
    lose(proxy, every)
    result = execute(pconn, tx, ActionLog(tmp_path / "a.jsonl"))
    assert proxy.forwarded(TX)  # it reached the engine, which cancelled it (the lock existed)
    assert read(direct, table, key("UNIQ#EMAIL#ada@lovelace.io", "LOCK")) == lock
    assert result.status == UNKNOWN and not result.written, result.message
    assert result.verified_by_reads and [a.state for a in result.actions] == ["unverifiable"]
    assert "already in place before it was sent, so the reads cannot tell" in result.message
    assert ALREADY in result.actions[0].message and "applied once" not in result.message


def test_a_cancelled_noop_set_is_never_reported_applied(proxy: FaultProxy, pconn: Connection,
                                                       direct: Connection, table: str,
                                                       tmp_path: Any) -> None:
    account = read(direct, table, key("ACCT#a1f9c3", "PROFILE"))
    assert account is not None
    # Its condition fails on the engine: cancelled, while the SET would change nothing anyway.
    tx = Transaction(actions=[noop_set(table, account, condition="#u = :other",
                                       values={":other": {"S": "somebody-else"}})])
    lose(proxy, every=True)
    result = execute(pconn, tx, ActionLog(tmp_path / "a.jsonl"))
    assert proxy.forwarded(TX)
    assert read(direct, table, key("ACCT#a1f9c3", "PROFILE")) == account
    assert result.status == UNKNOWN and not result.written, result.message
    assert [a.state for a in result.actions] == ["unverifiable"]
    assert "already in place before it was sent" in result.message


@pytest.mark.parametrize("with_noop", [False, True], ids=["lock-only", "noop-set-first"])
def test_a_transaction_that_applied_is_still_reported_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any,
        with_noop: bool) -> None:
    """Every answer lost, so even an engine that honours the token never answers the resend: the
    reads decide. One change that was not there before is enough (a no-op SET beside it is not
    evidence, and does not hide it)."""
    account = read(direct, table, key("ACCT#a1f9c3", "PROFILE"))
    assert account is not None
    new_lock = key("UNIQ#EMAIL#fresh@x.io", "LOCK")
    actions = [noop_set(table, account)] if with_noop else []
    tx = Transaction(actions=[*actions, lock_put(table, new_lock)])
    lose(proxy, every=True)
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, tx, log)
    assert read(direct, table, new_lock) is not None
    assert result.status == APPLIED, result.message
    assert "applied once" in result.message
    # Atomic: once one change proves it, every action applied (the no-op SET too).
    assert [a.state for a in result.actions] == ["applied"] * len(tx.actions)
    # What held before is kept with the send's intent, for a recovery after a kill.
    (entry,) = log.entries()
    assert entry["context"][HELD_KEY] == ([True, False] if with_noop else [False])


@pytest.mark.parametrize("held", [None, [True], [False]], ids=["not-logged", "held", "not-held"])
def test_a_recovered_send_claims_applied_only_with_evidence(
        direct: Connection, table: str, tmp_path: Any, held: list[bool] | None) -> None:
    """A send a killed process left (its intent, no outcome) whose lock is in place now: applied
    only if its intent says the lock was not there before the send; else unknown."""
    lock = key("UNIQ#EMAIL#recovered@x.io", "LOCK")
    tx = Transaction(actions=[lock_put(table, lock)])
    direct.client.put_item(TableName=table, Item=lock)  # in place now (by the send, or before it)
    log = ActionLog(tmp_path / "a.jsonl")
    intent = log.intent(connection=connection_record(direct.spec, direct.region), token=tx.token,
                        request=tx.to_request(), context=None if held is None else {HELD_KEY: held})
    recovery = settle_intent(direct, log, intent, schema=S, reader=Reader(direct))
    assert recovery.result is not None and recovery.logged
    if held == [False]:
        assert recovery.result.status == APPLIED, recovery.sentence
        return
    assert recovery.result.status == UNKNOWN and not recovery.result.written, recovery.sentence
    why = ALREADY if held else "what the items held before it was sent is not known"
    assert why in recovery.sentence
