"""A lock that is really missing (an account holds its value with no lock) no longer traps the
transactions that release or check it, on moto and on DynamoDB Local (the judge).

The demo's Linus Torvalds (``ACCT#1d2e3f``) holds username ``linus`` with no lock. Deleting
the account, or renaming it through a staged cell edit, Deletes that lock guarded by
``attribute_exists``, which DynamoDB cancels every time, and a rebuild gave the same
transaction. The preflight now names the missing lock and offers the same transaction with a
check that the lock is still missing in the Delete's place; sent, it is applied and the audit is
clean. The guard keeps its purpose: a lock claimed since cancels the offer, and a Delete of a
lock no account holds is still reported as gone."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.edits.staging import StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.model import CANCELLED
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, Transaction
from dynoview.core.tx.outcomes import CANCELLED as SENT_CANCELLED
from dynoview.core.tx.outcomes import WRITTEN
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key, lock_key, s

pytestmark = pytest.mark.integration

SCHEMA = article_schema(email_index="email-index")
LINUS = account_key("1d2e3f")


def _get(conn: Connection, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
    item = conn.client.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")
    return dict(item) if item is not None else None


def _findings(conn: Connection, table: str, *words: str) -> list[str]:
    """The audit's findings (a whole consistent Scan) that name one of ``words``."""
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return [f"{f.status} {f.value} {f.account_ids}" for f in classify(items, SCHEMA).findings()
            if any(w in f"{f.value} {f.account_ids}" for w in words)]


def _send(conn: Connection, reader: Reader, table: str, tx: Transaction) -> str:
    info = describe_table(conn, table)
    result = execute_transaction(conn, tx, confirmation=True, tables={table: info}, schema=SCHEMA,
                                 reader=reader, log=None)
    return result.status


def _offer(conn: Connection, reader: Reader, table: str, tx: Transaction, index: int) -> Transaction:
    """The preflight's refusal of ``tx`` at action ``index`` (0-based), and its offer."""
    pf = run_preflight(reader, tx, SCHEMA, {table: describe_table(conn, table)})
    assert pf.refused and [r.status for r in pf.refusals] == [CANCELLED]
    refusal = pf.refusals[0]
    assert refusal.action == index
    assert "ACCT#1d2e3f holds username linus with no lock (a missing lock)" in refusal.message
    assert "refresh and rebuild" not in refusal.message
    assert f"Use this transaction with action {index + 1} checking" in refusal.message
    assert refusal.suggestion is not None
    offered = refusal.suggestion
    assert offered.token != tx.token
    check = offered.actions[index]
    assert (check.kind, check.key, check.condition) == (
        CONDITION_CHECK, lock_key("HANDLE", "linus"), "attribute_not_exists(#n0)")
    # Every other action is the user's own, unchanged.
    assert [a.to_request() for i, a in enumerate(offered.actions) if i != index] == \
        [a.to_request() for i, a in enumerate(tx.actions) if i != index]
    again = run_preflight(reader, offered, SCHEMA, {table: describe_table(conn, table)})
    assert not again.refused, [r.message for r in again.refusals]
    return offered


def test_deleting_an_account_whose_lock_is_missing_is_offered_and_applied(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    acct = _get(conn, accounts_table, LINUS)
    assert acct is not None and _get(conn, accounts_table, lock_key("HANDLE", "linus")) is None
    tx = templates.delete_account(SCHEMA, accounts_table, acct)
    assert tx.actions[2].kind == DELETE  # the template keeps its guarded release
    assert _send(conn, reader, accounts_table, tx.copy()) == SENT_CANCELLED  # the trap: every time
    offered = _offer(conn, reader, accounts_table, tx, 2)
    assert _send(conn, reader, accounts_table, offered) in WRITTEN
    assert _get(conn, accounts_table, LINUS) is None
    assert _get(conn, accounts_table, lock_key("EMAIL", "linus@torvalds.fi")) is None
    assert _findings(conn, accounts_table, "linus", "1d2e3f") == []


def test_a_staged_rename_of_a_value_whose_lock_is_missing_is_offered_and_applied(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    acct = _get(conn, accounts_table, LINUS)
    assert acct is not None
    staged = StagedEdits()
    staged.stage(info, acct, "username", s("linus2"), schema=SCHEMA)
    tx = build_transaction(staged, {accounts_table: info}, SCHEMA)
    assert [a.kind for a in tx.actions] == [PUT, DELETE, "Update"]
    assert _send(conn, reader, accounts_table, tx.copy()) == SENT_CANCELLED
    offered = _offer(conn, reader, accounts_table, tx, 1)
    assert _send(conn, reader, accounts_table, offered) in WRITTEN
    after = _get(conn, accounts_table, LINUS)
    assert after is not None and after["username"] == s("linus2")
    assert _get(conn, accounts_table, lock_key("HANDLE", "linus2")) is not None
    assert _get(conn, accounts_table, lock_key("HANDLE", "linus")) is None
    assert _findings(conn, accounts_table, "linus", "1d2e3f") == []


def test_a_lock_claimed_after_the_offer_cancels_it_instead_of_being_left_behind(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    acct = _get(conn, accounts_table, LINUS)
    assert acct is not None
    offered = _offer(conn, reader, accounts_table, templates.delete_account(SCHEMA, accounts_table, acct), 2)
    conn.client.put_item(TableName=accounts_table, Item=lock_key("HANDLE", "linus"))  # claimed meanwhile
    assert _send(conn, reader, accounts_table, offered) == SENT_CANCELLED
    assert _get(conn, accounts_table, LINUS) is not None  # nothing written, no orphan left


def test_a_release_of_a_lock_no_account_holds_is_still_reported_gone(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    """The guard's purpose: a Delete of a lock that is not there, with no account holding its
    value, is no missing lock: no offer, and the advice to refresh stands."""
    tx = templates.release_orphan_lock(SCHEMA, accounts_table, lock_key("HANDLE", "nobody-here"))
    pf = run_preflight(reader, tx, SCHEMA, {accounts_table: describe_table(conn, accounts_table)})
    assert [r.status for r in pf.refusals] == [CANCELLED]
    assert pf.refusals[0].suggestion is None
    assert "no longer exists" in pf.refusals[0].message


def test_a_resolve_checking_a_lock_that_never_existed_is_offered_the_claim(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    """A Resolve duplicate built without the no-lock flag (a restored draft, an imported
    request): the check that the kept account's lock exists becomes its guarded Put."""
    for acct in ("d1", "d2"):
        conn.client.put_item(TableName=accounts_table, Item={
            **account_key(acct), "email": s("dup@x.io"), "username": s(f"{acct}-dup")})
        conn.client.put_item(TableName=accounts_table, Item=lock_key("HANDLE", f"{acct}-dup"))
    keep, other = _get(conn, accounts_table, account_key("d1")), _get(conn, accounts_table, account_key("d2"))
    assert keep is not None and other is not None
    tx = templates.resolve_duplicate(SCHEMA, accounts_table, keep, other, "email", None)
    pf = run_preflight(reader, tx, SCHEMA, {accounts_table: describe_table(conn, accounts_table)})
    assert [r.status for r in pf.refusals] == [CANCELLED]
    refusal = pf.refusals[0]
    assert "refresh and rebuild" not in refusal.message and refusal.suggestion is not None
    claim = refusal.suggestion.actions[1]
    assert (claim.kind, claim.condition) == (PUT, "attribute_not_exists(#n0)")
    assert claim.item == lock_key("EMAIL", "dup@x.io")
    assert _send(conn, reader, accounts_table, refusal.suggestion) in WRITTEN
    assert _get(conn, accounts_table, lock_key("EMAIL", "dup@x.io")) is not None
    assert "email" not in (_get(conn, accounts_table, account_key("d2")) or {})
    assert _findings(conn, accounts_table, "dup@x.io", "ACCT#d1", "ACCT#d2") == []
