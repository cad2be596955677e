"""What held before a send: read once, reused by the token's next execution, or not read.

``settle.held_before`` reads one touched item (a consistent GetItem) before the first attempt,
so a change found in place after a lost answer counts only if it was not there before. Here:
that read failing (throttled, dropped) never stops the send and never lets the reads claim
applied; an execution of a token sent before reuses what its first send saw (a read now would
find that send's own changes) and settles applied; an import's batch (``assume_new``) costs no
read. Both engines, through the fault proxy.
"""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import APPLIED, NOT_APPLIED, SUCCEEDED, UNKNOWN, ExecutionResult
from dynoview.core.tx.settle import HELD_KEY
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]
S = article_schema()
TX = "TransactWriteItems"
GET = "GetItem"
UNREAD = "what the items held before it was sent is not known"


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def signup(table: str, name: str, email: str | None = None) -> Transaction:
    item = {**key(f"ACCT#{name}", "PROFILE"), "email": {"S": email or f"{name}@x.io"},
            "username": {"S": name}}
    return sign_up(S, table, item)


def items_of(direct: Connection, table: str, tx: Transaction) -> list[dict[str, Any] | None]:
    """What each action's item is now, read straight from the engine."""
    keys = [a.target_key(("PK", "SK")) for a in tx.actions]
    return [direct.client.get_item(TableName=table, Key=k, ConsistentRead=True).get("Item")
            for k in keys]


def execute(conn: Connection, tx: Transaction, log: ActionLog, **kwargs: Any) -> ExecutionResult:
    return execute_transaction(conn, tx, confirmation=True, schema=S, reader=Reader(conn), log=log,
                               retry_delay=0.01, **kwargs)


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


# ------------------------------------------------------------------ the pre-read fails


@pytest.mark.parametrize("fault", [fp.THROTTLE, fp.DROP_BEFORE])
def test_a_failed_pre_read_still_sends(proxy: FaultProxy, pconn: Connection, direct: Connection,
                                       table: str, tmp_path: Any, fault: str) -> None:
    proxy.add(fault, operation=GET, times=None)
    tx = signup(table, "unread")
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, tx, log)
    assert proxy.requests(GET) and not proxy.forwarded(GET)  # tried, never answered
    assert result.status == SUCCEEDED, result.message
    assert all(i is not None for i in items_of(direct, table, tx))
    (entry,) = log.entries()
    assert entry["context"][HELD_KEY] == [None] * len(tx.actions)  # known to be unknown


@pytest.mark.parametrize("fault", [fp.THROTTLE, fp.DROP_BEFORE])
def test_a_failed_pre_read_never_lets_the_reads_claim_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any,
        fault: str) -> None:
    """Every answer lost after a pre-read that failed: the transaction did apply, but nothing
    says its changes were not there before, so the outcome is unknown (said why), not applied."""
    proxy.add(fault, operation=GET, times=None)
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    tx = signup(table, "blind")
    result = execute(pconn, tx, ActionLog(tmp_path / "a.jsonl"))
    assert proxy.forwarded(TX) and all(i is not None for i in items_of(direct, table, tx))
    assert result.status == UNKNOWN and not result.written, result.message
    assert UNREAD in result.message and "applied once" not in result.message
    assert {a.state for a in result.actions} == {"unverifiable"}


def test_a_failed_pre_read_still_settles_a_transaction_that_never_arrived(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    """Missing changes need no pre-read: every attempt dropped before the engine is not applied."""
    proxy.add(fp.THROTTLE, operation=GET, times=None)
    proxy.add(fp.DROP_BEFORE, operation=TX, times=None)
    tx = signup(table, "never")
    result = execute(pconn, tx, ActionLog(tmp_path / "a.jsonl"))
    assert not proxy.forwarded(TX) and items_of(direct, table, tx) == [None] * len(tx.actions)
    assert result.status == NOT_APPLIED and result.verified_by_reads, result.message


# ------------------------------------------------------------------ the same token again


def test_the_same_token_executed_again_reuses_what_held_before_its_first_send(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    """Every answer lost, twice: the second execution's changes were made by the first send, so
    a read now would find them in place; the first send's record decides, and nothing is read."""
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    tx = signup(table, "twice")
    log = ActionLog(tmp_path / "a.jsonl")
    clock = Clock(5_000_000.0)
    first = execute(pconn, tx, log, clock=clock)
    assert first.status == APPLIED, first.message
    assert len(proxy.requests(GET)) == 1
    clock.now += 120
    again = execute(pconn, tx, log, clock=clock)
    assert again.status == APPLIED and again.verified_by_reads, again.message
    assert len(proxy.requests(GET)) == 1  # no second pre-read
    assert [e["context"][HELD_KEY] for e in log.entries()] == [[False, None, None]] * 2


def test_the_same_token_again_after_an_unread_first_send_stays_unknown(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    """The first send's pre-read failed: the second reads now, finds the first send's changes,
    and cannot count them (unknown, never applied)."""
    throttle = proxy.add(fp.THROTTLE, operation=GET, times=None)
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    tx = signup(table, "twiceblind")
    log = ActionLog(tmp_path / "a.jsonl")
    assert execute(pconn, tx, log).status == UNKNOWN
    proxy.remove(throttle)
    again = execute(pconn, tx, log)
    assert proxy.forwarded(GET)  # read afresh: nothing earlier knew
    assert again.status == UNKNOWN and not again.written, again.message
    assert "already in place before it was sent" in again.message
    assert log.entries()[-1]["context"][HELD_KEY] == [True, True, True]  # all read: no witness


def test_the_same_token_past_its_ten_minutes_reads_again(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    """Past the token's window DynamoDB takes the send as a new request: what held before the
    first one is not this one's baseline, so it is read again (and finds the first's changes)."""
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    tx = signup(table, "late")
    log = ActionLog(tmp_path / "a.jsonl")
    clock = Clock(6_000_000.0)
    assert execute(pconn, tx, log, clock=clock).status == APPLIED
    clock.now += 660
    late = execute(pconn, tx, log, clock=clock)
    assert len(proxy.requests(GET)) == 2
    assert late.status == UNKNOWN and not late.written, late.message


# ------------------------------------------------------------------ an import's batches


def test_assume_new_reads_nothing_before_and_counts_a_change_in_place_as_this_sends(
        proxy: FaultProxy, pconn: Connection, table: str, tmp_path: Any) -> None:
    """An import's batches (imports/run.py): no GetItem before each send; after a lost answer
    the changes found in place settle it as applied."""
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    tx = signup(table, "imported")
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, tx, log, assume_new=True)
    assert proxy.requests(GET) == [] and proxy.forwarded(TX)
    assert result.status == APPLIED, result.message
    assert log.entries()[-1]["context"][HELD_KEY] == [False, False, False]
