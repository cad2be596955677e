"""An item written by another write between a lost answer and the settling reads.

The answer to a TransactWriteItems is lost (the fault proxy forwards it and the engine applies
it, or drops it before the engine) and, before DynoView's strongly consistent reads settle it,
another client writes an item the transaction touches, straight to the engine (a proxy hook on
the first settling read). A Delete's lock claimed again by a new signup reads "present", as if
the Delete never applied; a Put or an Update changed again after ours reads "missing". The
reads compare each item with what it held before the send (``settle.item_digest``): an item
that is not what the send met is no evidence either way, so the outcome is unknown, says the
item there now is another write's, and never "not applied, execute it again" (which would
delete the new signup's lock). An item unchanged since is still "not applied". Both engines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.tx.outcomes import NOT_APPLIED, UNKNOWN, ExecutionResult
from dynoview.core.tx.recovery import settle_intent
from dynoview.core.tx.settle import HELD_KEY, SEEN_KEY, item_digest
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo

pytestmark = [pytest.mark.integration, pytest.mark.faults]
S = article_schema()
TX = "TransactWriteItems"
SETTLE = "TransactGetItems"  # the settling reads (the pre-send read is a GetItem)
LOCK = {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}}
ORPHAN = {**LOCK, "createdAt": {"S": "2026-10-02T11:00:00Z"}}
NEWKEN = {**LOCK, "by": {"S": "newken"}}  # the new signup's lock: another write's
WRITTEN_SINCE = "written by another write after the send"


def read(direct: Connection, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
    item: dict[str, Any] | None = direct.client.get_item(TableName=table, Key=key,
                                                         ConsistentRead=True).get("Item")
    return item


def before_settling(proxy: FaultProxy, write: Callable[[], None]) -> None:
    """Run ``write`` (straight to the engine) once, when the first settling read arrives: after
    every attempt of the transaction, before DynoView reads what became of it."""
    done: list[bool] = []

    def hook(_: RequestInfo) -> bool:
        if not done:
            done.append(True)
            write()
        return False  # no fault: the read goes through

    proxy.add(fp.DELAY, operation=SETTLE, predicate=hook, times=None)


def execute(conn: Connection, tx: Transaction, log: ActionLog) -> ExecutionResult:
    return execute_transaction(conn, tx, confirmation=True, schema=S, reader=Reader(conn), log=log,
                               retry_delay=0.01)


def release(table: str) -> Transaction:
    return Transaction(actions=[Action(DELETE, table, key=dict(LOCK), condition="attribute_exists(PK)",
                                       label="orphan email lock")])


def said_unknown_written_since(result: ExecutionResult, log: ActionLog) -> None:
    assert result.status == UNKNOWN and not result.written, result.message
    assert result.verified_by_reads and result.rewritten == [1]
    assert WRITTEN_SINCE in result.message and "what is there now is that write's" in result.message
    assert "do not execute it again" in result.message
    assert "Execute it again" not in result.message and "not applied" not in result.message
    assert [a.state for a in result.actions] == ["unverifiable"]
    assert "written by another write since" in result.actions[0].message
    (entry,) = log.entries()
    assert entry["outcome"]["status"] == UNKNOWN and entry["outcome"]["rewritten"] == [1]


# ------------------------------------------------------------------ Delete


def test_a_lock_released_then_claimed_again_is_never_reported_not_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    """The release applied, every answer lost; a new signup claims the freed email before the
    reads. The lock there is the new account's: unknown, never "execute it again"."""
    direct.client.put_item(TableName=table, Item=ORPHAN)
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    before_settling(proxy, lambda: direct.client.put_item(
        TableName=table, Item=NEWKEN, ConditionExpression="attribute_not_exists(PK)"))
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, release(table), log)
    assert proxy.forwarded(TX) and read(direct, table, LOCK) == NEWKEN
    said_unknown_written_since(result, log)
    (entry,) = log.entries()
    assert entry["context"][SEEN_KEY] == [item_digest(ORPHAN)]  # a digest, not the item


def test_a_release_that_never_arrived_and_a_lock_written_over_is_not_claimed_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    """Why a changed item is no proof of the Delete: here it never reached the engine and the
    orphan was written over in place. The reads look exactly as above: unknown, not applied."""
    direct.client.put_item(TableName=table, Item=ORPHAN)
    proxy.add(fp.DROP_BEFORE, operation=TX, times=None)
    before_settling(proxy, lambda: direct.client.put_item(TableName=table, Item=NEWKEN))
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, release(table), log)
    assert not proxy.forwarded(TX) and read(direct, table, LOCK) == NEWKEN
    said_unknown_written_since(result, log)


def test_a_lock_unchanged_since_the_send_is_still_not_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    direct.client.put_item(TableName=table, Item=ORPHAN)
    proxy.add(fp.DROP_BEFORE, operation=TX, times=None)
    result = execute(pconn, release(table), ActionLog(tmp_path / "a.jsonl"))
    assert read(direct, table, LOCK) == ORPHAN
    assert result.status == NOT_APPLIED and result.rewritten == [], result.message


# ------------------------------------------------------------------ Put, Update


def test_a_put_changed_again_after_ours_is_never_reported_not_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    tx = Transaction(actions=[Action(PUT, table, item=dict(NEWKEN), condition="attribute_not_exists(PK)",
                                     label="email lock")])
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    changed = {**NEWKEN, "by": {"S": "someone-else"}}
    before_settling(proxy, lambda: direct.client.put_item(TableName=table, Item=changed))
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, tx, log)
    assert read(direct, table, LOCK) == changed
    said_unknown_written_since(result, log)


def test_an_update_changed_again_after_ours_is_never_reported_not_applied(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    key = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}
    tx = Transaction(actions=[Action(UPDATE, table, key=key, update="SET #n = :n",
                                     names={"#n": "nickname"}, values={":n": {"S": "ours"}})])
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    before_settling(proxy, lambda: direct.client.update_item(
        TableName=table, Key=key, UpdateExpression="SET nickname = :t",
        ExpressionAttributeValues={":t": {"S": "theirs"}}))
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, tx, log)
    item = read(direct, table, key)
    assert item is not None and item["nickname"] == {"S": "theirs"}
    said_unknown_written_since(result, log)


def test_a_witness_and_an_unread_item_written_since_is_unknown(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Any) -> None:
    """The first action's change proves the send (its lock was absent before); the second's item
    was not read before the send (one witness is enough) and was written again since: the two
    disagree, so unknown, where "not applied" was said before."""
    direct.client.put_item(TableName=table, Item=ORPHAN)
    other = {"PK": {"S": "UNIQ#EMAIL#new@x.io"}, "SK": {"S": "LOCK"}}
    tx = Transaction(actions=[Action(PUT, table, item=other, condition="attribute_not_exists(PK)"),
                              *release(table).actions])
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    before_settling(proxy, lambda: direct.client.put_item(TableName=table, Item=NEWKEN))
    log = ActionLog(tmp_path / "a.jsonl")
    result = execute(pconn, tx, log)
    assert read(direct, table, other) == other and read(direct, table, LOCK) == NEWKEN
    assert result.status == UNKNOWN and not result.written, result.message
    assert "either the transaction was applied and another write changed that item since" in result.message
    assert "Execute it again" not in result.message
    assert [a.state for a in result.actions] == ["applied", "unverifiable"]


# ------------------------------------------------------------------ recovery after a kill


def test_a_recovered_release_whose_lock_was_claimed_again_is_unknown(
        direct: Connection, table: str, tmp_path: Any) -> None:
    """A send a killed process left (intent, no outcome), settled at the next start: its intent
    kept the orphan's digest, and the lock there now is another's."""
    tx = release(table)
    direct.client.put_item(TableName=table, Item=NEWKEN)
    log = ActionLog(tmp_path / "a.jsonl")
    intent = log.intent(connection=connection_record(direct.spec, direct.region), token=tx.token,
                        request=tx.to_request(),
                        context={HELD_KEY: [False], SEEN_KEY: [item_digest(ORPHAN)]})
    recovery = settle_intent(direct, log, intent, schema=S, reader=Reader(direct))
    assert recovery.result is not None and recovery.logged
    assert recovery.result.status == UNKNOWN and recovery.result.rewritten == [1], recovery.sentence
    assert WRITTEN_SINCE in recovery.sentence and "Execute it again" not in recovery.sentence
