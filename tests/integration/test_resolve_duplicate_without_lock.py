"""Resolve duplicate where no lock holds the shared value, on both engines: the app's own
preflight accepts the transaction (it used to refuse it: "would hold email ... with no lock",
and DynamoDB cancelled it on a lock that never existed), it applies, and the audit after it
finds nothing about either account. The claim is guarded: a lock written meanwhile cancels it."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import outcomes
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.templates import resolve_duplicate
from dynoview.core.uniqueness.findings import CASE_CLASH, DUPLICATE_VALUE
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration


def _s(v: str) -> dict[str, str]:
    return {"S": v}


def _seed(conn: Connection, table: str, email: str, locked: tuple[str, ...] = ()) -> None:
    for acct in ("d1", "d2"):
        conn.client.put_item(TableName=table, Item={"PK": _s(f"ACCT#{acct}"), "SK": _s("PROFILE"),
                                                    "email": _s(email), "username": _s(acct)})
        conn.client.put_item(TableName=table, Item={"PK": _s(f"UNIQ#HANDLE#{acct}"), "SK": _s("LOCK")})
    for value in locked:
        conn.client.put_item(TableName=table, Item={"PK": _s(f"UNIQ#EMAIL#{value}"), "SK": _s("LOCK")})


def _resolve(conn: Connection, reader: Reader, table: str, new: str | None) -> tuple[Any, Any]:
    info = describe_table(conn, table)
    schema = default_schema(info)
    [dup] = [f for f in run_audit(reader, info, schema, consistent=True).findings
             if f.status == DUPLICATE_VALUE]
    assert dup.account_ids == ("ACCT#d1", "ACCT#d2") and dup.lock_keys == ()
    keep, other = (reader.get_item(table, {"PK": _s(a), "SK": _s("PROFILE")}, consistent=True)
                   for a in dup.account_ids)
    tx = resolve_duplicate(schema, table, keep, other, "email", new, kept_lock=bool(dup.lock_keys))
    preflight = run_preflight(reader, tx, schema, {table: info})
    assert not preflight.refused, [r.message for r in preflight.refusals]
    return tx, (info, schema)


@pytest.mark.parametrize("new", ["other@x.io", None])
def test_resolving_a_lockless_duplicate_claims_the_kept_lock_and_leaves_a_clean_audit(
        conn: Connection, reader: Reader, new: str | None) -> None:
    with empty_accounts_table(conn, "dup-nolock") as table:
        _seed(conn, table, "dup@x.io")
        tx, (info, schema) = _resolve(conn, reader, table, new)
        result = execute_transaction(conn, tx, confirmation=True, tables={table: info}, schema=schema,
                                     reader=reader, log=None)
        assert result.status in outcomes.WRITTEN, result.message
        after = run_audit(reader, info, schema, consistent=True)
        assert after.findings == [], [f.sentence for f in after.findings]
        lock = conn.client.get_item(TableName=table, Key={"PK": _s("UNIQ#EMAIL#dup@x.io"), "SK": _s("LOCK")},
                                    ConsistentRead=True).get("Item")
        assert lock == {"PK": _s("UNIQ#EMAIL#dup@x.io"), "SK": _s("LOCK")}


def test_a_lock_written_after_the_read_cancels_the_claim(conn: Connection, reader: Reader) -> None:
    """A sign-up that took the value meanwhile (its lock) is not overwritten: nothing is written."""
    with empty_accounts_table(conn, "dup-race") as table:
        _seed(conn, table, "dup@x.io")
        tx, (info, schema) = _resolve(conn, reader, table, None)
        conn.client.put_item(TableName=table, Item={"PK": _s("UNIQ#EMAIL#dup@x.io"), "SK": _s("LOCK"),
                                                    "by": _s("someone else")})
        result = execute_transaction(conn, tx, confirmation=True, tables={table: info}, schema=schema,
                                     reader=reader, log=None)
        assert result.status == outcomes.CANCELLED, result.message
        other = conn.client.get_item(TableName=table, Key={"PK": _s("ACCT#d2"), "SK": _s("PROFILE")},
                                     ConsistentRead=True)["Item"]
        assert other["email"] == _s("dup@x.io")  # unchanged: the whole transaction was cancelled


def test_another_spellings_lock_is_not_the_kept_accounts_lock(conn: Connection, reader: Reader) -> None:
    """"Dup3@x.io" locked, two accounts hold "dup3@x.io" (the article's rule does not normalise):
    the kept account's own lock is claimed and the duplicate is gone; the other spelling's lock
    stays, a case clash the audit still reports (which spelling to keep is a person's decision)."""
    with empty_accounts_table(conn, "dup-spelling") as table:
        _seed(conn, table, "dup3@x.io", locked=("Dup3@x.io",))
        tx, (info, schema) = _resolve(conn, reader, table, "d2@x.io")
        result = execute_transaction(conn, tx, confirmation=True, tables={table: info}, schema=schema,
                                     reader=reader, log=None)
        assert result.status in outcomes.WRITTEN, result.message
        after = run_audit(reader, info, schema, consistent=True)
        assert [(f.status, f.account_ids) for f in after.findings] == [(CASE_CLASH, ("ACCT#d1",))]
