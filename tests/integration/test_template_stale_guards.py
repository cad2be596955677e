"""The row templates' writes are guarded on what was seen, over HTTP on moto and DynamoDB Local.

1. Release of an orphan lock read with no TTL, put again meanwhile with a TTL an hour ahead (a
   reservation: a sign-up completing). The Delete was guarded by ``attribute_exists`` only and
   deleted the reservation, and the preflight showed ``is free (no lock, no account) ✓``. Now the
   Delete is guarded on the lock as read (``LockRead``: its TTL and owner attribute), so DynamoDB
   cancels it; the preflight refuses releasing a lock it reads as a reservation, saying until
   when; and ``repair``'s send carries the same guard.
2. Del of an account read in the browser (``delete_account(..., as_read=True)``) deleted it though
   it had changed since (guarded on its rule attributes only); now it is guarded as ``delete_item``
   guards any other item: on every attribute seen, and none added since.
3. ``repair`` said "The former owner still holds…" of a lock a new account holds now; now it names
   that account and the lock.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.model import RESERVATION, UNSEEN_ATTRIBUTES
from dynoview.core.preflight.unseen import last_look, preflight_with_unseen
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import RepairPlan, plan_repairs
from dynoview.core.repair.run import MAX_RATE, RepairRun, run_repairs
from dynoview.core.repair.state import ALREADY_FIXED, APPLIED, CANCELLED
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx import outcomes
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.release_reads import LockRead
from dynoview.core.tx.templates import delete_account, release_orphan_lock
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, UniquenessSchema, article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo
from tests.helpers import account_key, connect, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration

S = article_schema()
TTL = "expiresAt"
LOCK = lock_key("EMAIL", "ttl@x.io")


@pytest.fixture
def table(conn: Connection) -> Iterator[TableInfo]:
    with empty_accounts_table(conn, "stale-guards") as name:
        info = describe_table(conn, name)
        assert info.expiry_attribute == TTL  # the article's layout: TTL on expiresAt
        yield info


def _get(conn: Connection, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
    return conn.client.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")


def _reserve(conn: Connection, table: str, item: dict[str, Any]) -> str:
    """Meanwhile the application puts the lock again with a TTL an hour ahead: a reservation."""
    until = str(int(time.time()) + 3600)
    conn.client.put_item(TableName=table, Item={**item, TTL: {"N": until}})
    return until


# ------------------------------------------------------------------ 1. release of a reservation


def test_a_release_of_a_lock_that_became_a_reservation_is_cancelled(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    conn.client.put_item(TableName=table.name, Item=LOCK)
    seen = _get(conn, table.name, LOCK)
    assert seen is not None
    tx = release_orphan_lock(S, table.name, LOCK, lock_read=LockRead(seen, table.expiry_attribute))
    assert (tx.actions[0].condition, tx.actions[0].names) == (
        "attribute_exists(#n0) AND attribute_not_exists(#n1)", {"#n0": "PK", "#n1": TTL})
    until = _reserve(conn, table.name, LOCK)
    result = execute_transaction(conn, tx, confirmation=True, tables={table.name: table}, schema=S,
                                 reader=reader)
    assert result.status == outcomes.CANCELLED, result.message
    assert "email lock for ttl@x.io" in result.message and until in result.message  # the lock now
    assert _get(conn, table.name, LOCK) == {**LOCK, TTL: {"N": until}}  # the reservation stays


def test_a_lock_read_unchanged_is_released(conn: Connection, reader: Reader, table: TableInfo) -> None:
    conn.client.put_item(TableName=table.name, Item=LOCK)
    seen = _get(conn, table.name, LOCK)
    assert seen is not None
    tx = release_orphan_lock(S, table.name, LOCK, lock_read=LockRead(seen, table.expiry_attribute))
    preflight = preflight_with_unseen(reader, tx, S, {table.name: table})
    assert not preflight.refused and [p.line() for p in preflight.pairs] == [
        "after: email ttl@x.io is free (no lock, no account) ✓"]
    result = execute_transaction(conn, tx, confirmation=True)
    assert result.status == outcomes.SUCCEEDED, result.message
    assert _get(conn, table.name, LOCK) is None


def test_a_lock_claimed_for_another_account_since_it_was_read_is_kept(
        conn: Connection, table: TableInfo) -> None:
    owned = dataclasses.replace(S, rules=(dataclasses.replace(S.rules[0], owner_attribute="owner"),
                                          S.rules[1]))
    conn.client.put_item(TableName=table.name, Item={**LOCK, "owner": s("ACCT#old")})
    seen = _get(conn, table.name, LOCK)
    assert seen is not None
    tx = release_orphan_lock(owned, table.name, LOCK, lock_read=LockRead(seen, table.expiry_attribute))
    conn.client.put_item(TableName=table.name, Item={**LOCK, "owner": s("ACCT#new")})  # released, claimed
    result = execute_transaction(conn, tx, confirmation=True)
    assert result.status == outcomes.CANCELLED, result.message
    assert _get(conn, table.name, LOCK) == {**LOCK, "owner": s("ACCT#new")}


def test_the_preflight_refuses_releasing_a_lock_it_reads_as_a_reservation(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    conn.client.put_item(TableName=table.name, Item=LOCK)
    # As the window's Release builds it (the lock's key only): the preflight is what stops it.
    tx = release_orphan_lock(S, table.name, LOCK)
    _reserve(conn, table.name, LOCK)
    preflight = preflight_with_unseen(reader, tx, S, {table.name: table})
    assert preflight.refused and [r.status for r in preflight.refusals] == [RESERVATION]
    (pair,) = preflight.pairs
    assert pair.reserved[0] and not pair.repaired and preflight.repairs == []
    assert "✓" not in pair.line() and f"reserved until {pair.reserved[0]}" in pair.line()
    (refusal,) = preflight.refusals
    assert refusal.action == 0 and refusal.message.startswith(
        "Action 1 releases the lock UNIQ#EMAIL#ttl@x.io, which the preflight read as a reservation.")
    assert f"TTL until {pair.reserved[0]}" in refusal.message and "audit again" in refusal.message
    assert preflight.summary().startswith("Refused by the preflight: this transaction releases a lock "
                                          "reserved by a sign-up")


# ------------------------------------------------------------------ repair's sends


@pytest.fixture
def action_log(tmp_path: Path) -> ActionLog:
    return ActionLog(tmp_path / "actions.jsonl")


def _repair(url: str, table: TableInfo, schema: UniquenessSchema,
            log: ActionLog) -> tuple[RepairPlan, Callable[[], RepairRun]]:
    """The plan from an audit made now through ``url``, and its run (started when called)."""
    conn = connect(url)
    reader = Reader(conn)
    report = run_audit(reader, table, schema, segments=1, consistent=True)
    plan = plan_repairs(report.findings, schema, table.name)
    return plan, lambda: run_repairs(conn, plan, schema, table, reader=reader, log=log, rate=MAX_RATE)


def test_repair_cancels_a_release_whose_lock_became_a_reservation_after_its_recheck(
        endpoint_url: str, conn: Connection, table: TableInfo, action_log: ActionLog) -> None:
    conn.client.put_item(TableName=table.name, Item=LOCK)
    reserved: list[str] = []

    def reserve_before_the_send(_: RequestInfo) -> bool:
        if not reserved:  # the re-check read the lock with no TTL; the sign-up puts it now
            reserved.append(_reserve(conn, table.name, LOCK))
        return False  # no fault: the release goes on to the engine

    with FaultProxy(endpoint_url) as proxy:
        plan, repair = _repair(proxy.url, table, S, action_log)
        assert [p.finding.value for p in plan.actionable] == ["ttl@x.io"]
        proxy.add(fp.DELAY, operation="TransactWriteItems", predicate=reserve_before_the_send, times=None)
        run = repair()
    (outcome,) = run.outcomes
    assert reserved and outcome.status == CANCELLED, outcome.message
    assert _get(conn, table.name, LOCK) == {**LOCK, TTL: {"N": reserved[0]}}  # the reservation stays


def test_repair_says_which_account_holds_a_lock_taken_since_the_report(
        endpoint_url: str, conn: Connection, table: TableInfo, action_log: ActionLog) -> None:
    email = dataclasses.replace(S.rules[0], owner_attribute="owner", normalisation=NORMALISE_LOWER)
    schema = dataclasses.replace(S, rules=(email, S.rules[1]))
    lock = lock_key("EMAIL", "ada@x.io")
    conn.client.put_item(TableName=table.name, Item={**lock, "owner": s("ACCT#old")})  # its owner gone
    plan, repair = _repair(endpoint_url, table, schema, action_log)
    assert [p.finding.value for p in plan.actionable] == ["ada@x.io"]
    # After the report: released, and claimed by a new sign-up (its lock names the new account).
    conn.client.delete_item(TableName=table.name, Key=lock)
    for item in ({**account_key("n1"), "email": s("Ada@x.io"), "username": s("newada")},
                 {**lock, "owner": s("ACCT#n1")}, lock_key("HANDLE", "newada")):
        conn.client.put_item(TableName=table.name, Item=item)
    (outcome,) = repair().outcomes
    assert outcome.status == ALREADY_FIXED
    assert outcome.message.startswith(
        "ACCT#n1, which the lock PK=UNIQ#EMAIL#ada@x.io, SK=LOCK names now, holds email 'ada@x.io' "
        "(as 'Ada@x.io'): a new account took the value, or ACCT#n1 took it back"), outcome.message
    assert "former owner" not in outcome.message
    assert _get(conn, table.name, lock) == {**lock, "owner": s("ACCT#n1")}


def test_repair_still_releases_an_unchanged_orphan(
        endpoint_url: str, conn: Connection, table: TableInfo, action_log: ActionLog) -> None:
    conn.client.put_item(TableName=table.name, Item=LOCK)
    _plan, repair = _repair(endpoint_url, table, S, action_log)
    (outcome,) = repair().outcomes
    assert outcome.status == APPLIED, outcome.message
    assert _get(conn, table.name, LOCK) is None


# ------------------------------------------------------------------ 2. Del of an account read


def _seed_account(conn: Connection, table: str) -> dict[str, Any]:
    account = {**account_key("a1"), "email": s("ada@x.io"), "username": s("ada"),
               "plan": s("free"), "notes": s("seen by support")}
    for item in (account, lock_key("EMAIL", "ada@x.io"), lock_key("HANDLE", "ada")):
        conn.client.put_item(TableName=table, Item=item)
    read = _get(conn, table, account_key("a1"))
    assert read is not None
    return read


def test_del_of_an_account_changed_since_it_was_read_is_refused_and_cancelled(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    read = _seed_account(conn, table.name)
    tx = delete_account(S, table.name, read, as_read=True)
    assert tx.actions[0].seen == tuple(read)
    # The locks' guards are as they were.
    assert [a.to_request() for a in tx.actions[1:]] == [
        a.to_request() for a in delete_account(S, table.name, read).actions[1:]]
    # Meanwhile the application changes an attribute and adds one.
    conn.client.update_item(TableName=table.name, Key=account_key("a1"),
                            UpdateExpression="SET #p = :p, paidUntil = :u",
                            ExpressionAttributeNames={"#p": "plan"},
                            ExpressionAttributeValues={":p": s("premium"), ":u": s("2027-12-31")})
    tables = {table.name: table}
    preflight = preflight_with_unseen(reader, tx, S, tables)
    assert preflight.refused and UNSEEN_ATTRIBUTES in {r.status for r in preflight.refusals}
    late = last_look(reader, tx, S, tables)
    assert late is not None and late.status == outcomes.NOT_SENT and "paidUntil" in late.message
    # Sent all the same (the override): DynamoDB cancels it on the changed plan.
    result = execute_transaction(conn, tx, confirmation=True)
    assert result.status == outcomes.CANCELLED, result.message
    assert _get(conn, table.name, account_key("a1")) is not None
    assert _get(conn, table.name, lock_key("EMAIL", "ada@x.io")) is not None


def test_del_of_an_account_unchanged_deletes_it_and_its_locks(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    read = _seed_account(conn, table.name)
    tx = delete_account(S, table.name, read, as_read=True)
    tables = {table.name: table}
    assert not preflight_with_unseen(reader, tx, S, tables).refused
    assert last_look(reader, tx, S, tables) is None
    result = execute_transaction(conn, tx, confirmation=True)
    assert result.status == outcomes.SUCCEEDED, result.message
    for key in (account_key("a1"), lock_key("EMAIL", "ada@x.io"), lock_key("HANDLE", "ada")):
        assert _get(conn, table.name, key) is None


def test_del_of_an_account_guards_a_value_it_lacked(conn: Connection, table: TableInfo) -> None:
    read = _seed_account(conn, table.name)
    read.pop("username")
    conn.client.put_item(TableName=table.name, Item=read)  # no username when read
    tx = delete_account(S, table.name, read, as_read=True)
    delete = tx.actions[0]
    username = next(k for k, v in delete.names.items() if v == "username")
    assert f"attribute_not_exists({username})" in delete.condition  # still none
    conn.client.update_item(TableName=table.name, Key=account_key("a1"),
                            UpdateExpression="SET username = :u", ExpressionAttributeValues={":u": s("ada")})
    result = execute_transaction(conn, tx, confirmation=True)
    assert result.status == outcomes.CANCELLED, result.message
