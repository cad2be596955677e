"""The templates read a protected value as the uniqueness engine does (``scope.protected_text``),
on both engines: a Number username signs up with its lock, is claimed and released with it; an
empty username is no value (no ``UNIQ#HANDLE#`` lock to write or to release), so such an account
can be deleted; a new spelling the lock cannot see only updates the account. After each, the
preflight passed before sending and the audit finds nothing."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import change_value, claim_missing_lock, delete_account, sign_up
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    LockRule,
    UniquenessSchema,
    article_schema,
)
from dynoview.core.values.numbers import stored_number

pytestmark = pytest.mark.integration

SCHEMA = article_schema()
LOWER = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER),
                                LockRule("username", "username", "UNIQ#HANDLE#{value}", "LOCK")))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def account(account_id: str, email: str, username: dict[str, str]) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{account_id}"), "SK": s("PROFILE"), "email": s(email), "username": username}


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """A table keyed PK/SK with no index on username (an index would refuse an N or "" there)."""
    name = f"tpl-pv-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    yield name
    conn.client.delete_table(TableName=name)


def keys(reader: Reader, table: str) -> list[str]:
    items = reader.read("Scan", {"TableName": table, "ConsistentRead": True}).get("Items", [])
    return sorted(i["PK"]["S"] for i in items)


def findings(reader: Reader, info: TableInfo, schema: UniquenessSchema) -> list[tuple[str, str | None]]:
    return [(f.status, f.value) for f in run_audit(reader, info, schema, consistent=True).findings]


def preflight_and_send(conn: Connection, reader: Reader, info: TableInfo, tx: Transaction,
                       schema: UniquenessSchema = SCHEMA) -> None:
    check = run_preflight(reader, tx, schema, {info.name: info})
    assert not check.refused, check.refusals
    assert execute_transaction(conn, tx, confirmation=True, schema=schema).status == SUCCEEDED


def test_a_number_username_signs_up_with_its_lock_and_delete_releases_it(
        conn: Connection, reader: Reader, table: str) -> None:
    info = describe_table(conn, table)
    num = account("n00001", "num@x.io", {"N": "42"})
    tx = sign_up(SCHEMA, table, num)
    assert [a.label for a in tx.actions] == ["account", "email lock num@x.io", "username lock 42"]
    preflight_and_send(conn, reader, info, tx)
    assert keys(reader, table) == ["ACCT#n00001", "UNIQ#EMAIL#num@x.io", "UNIQ#HANDLE#42"]
    assert findings(reader, info, SCHEMA) == []
    # Its lock lost (as another writer's bug would lose it): the audit's missing lock is claimed.
    conn.client.delete_item(TableName=table, Key={"PK": s("UNIQ#HANDLE#42"), "SK": s("LOCK")})
    assert findings(reader, info, SCHEMA) == [(MISSING_LOCK, "42")]
    preflight_and_send(conn, reader, info, claim_missing_lock(SCHEMA, table, num, "username"))
    assert findings(reader, info, SCHEMA) == []
    # Deleting the account releases the number's lock with it: nothing is left behind.
    preflight_and_send(conn, reader, info, delete_account(SCHEMA, table, num))
    assert keys(reader, table) == []
    assert findings(reader, info, SCHEMA) == []


def test_an_empty_username_is_no_value_and_the_account_can_be_deleted(
        conn: Connection, reader: Reader, table: str) -> None:
    info = describe_table(conn, table)
    ada = account("aaa111", "ada@x.io", s(""))
    tx = sign_up(SCHEMA, table, ada)
    assert [a.label for a in tx.actions] == ["account", "email lock ada@x.io"]  # no UNIQ#HANDLE#
    preflight_and_send(conn, reader, info, tx)
    assert keys(reader, table) == ["ACCT#aaa111", "UNIQ#EMAIL#ada@x.io"]
    assert findings(reader, info, SCHEMA) == []
    delete = delete_account(SCHEMA, table, ada)
    assert [a.label for a in delete.actions] == ["account", "release email lock ada@x.io"]
    preflight_and_send(conn, reader, info, delete)
    assert keys(reader, table) == []


def test_a_new_spelling_the_lock_cannot_see_only_updates_the_account(
        conn: Connection, reader: Reader, table: str) -> None:
    info = describe_table(conn, table)
    bob = account("bbb222", "Bob@x.io", s("bob"))
    preflight_and_send(conn, reader, info, sign_up(LOWER, table, bob), LOWER)
    tx = change_value(LOWER, table, bob, "email", "BOB@x.io")
    assert [a.kind for a in tx.actions] == ["Update"]
    preflight_and_send(conn, reader, info, tx, LOWER)
    stored = reader.get_item(table, {"PK": s("ACCT#bbb222"), "SK": s("PROFILE")}, consistent=True)
    assert stored is not None and stored["email"] == s("BOB@x.io")
    assert keys(reader, table) == ["ACCT#bbb222", "UNIQ#EMAIL#bob@x.io", "UNIQ#HANDLE#bob"]
    assert findings(reader, info, LOWER) == []


def test_a_number_changed_stays_a_number_keyed_as_dynamodb_stores_it(
        conn: Connection, reader: Reader, table: str) -> None:
    """DynamoDB stores ``0043`` as ``43``: a change of a Number username writes N (not S) in that
    spelling, and keys the new lock on it, so the account and its lock agree once stored."""
    info = describe_table(conn, table)
    num = account("n00002", "n2@x.io", {"N": "42"})
    preflight_and_send(conn, reader, info, sign_up(SCHEMA, table, num))
    tx = change_value(SCHEMA, table, num, "username", "0043.0")
    assert [a.label for a in tx.actions] == ["username lock 43", "release username lock 42",
                                             "account username 42 -> 43"]
    preflight_and_send(conn, reader, info, tx)
    stored = reader.get_item(table, {"PK": s("ACCT#n00002"), "SK": s("PROFILE")}, consistent=True)
    assert stored is not None and stored["username"] == {"N": "43"}
    assert keys(reader, table) == ["ACCT#n00002", "UNIQ#EMAIL#n2@x.io", "UNIQ#HANDLE#43"]
    assert findings(reader, info, SCHEMA) == []
    with pytest.raises(ValueError, match="username"):
        change_value(SCHEMA, table, stored, "username", "forty-four")


NUMBERS = ["1.0", "1e2", "0.10", "-0", "007", "1.50E+1", "1e30", "1.5e-5", "1E-130", "9.9E+125",
           "12345678901234567890123456789012345678e10", "-1.5e-3", "+5", ".5", "5.", "123.4500"]


@pytest.mark.only_on("dynamodb-local", reason="DynamoDB stores numbers in its own spelling; moto "
                                              "keeps the text it was sent")
def test_stored_number_is_what_dynamodb_reads_back(conn: Connection, table: str) -> None:
    for k, typed in enumerate(NUMBERS):
        key = {"PK": s(f"N#{k}"), "SK": s("X")}
        conn.client.put_item(TableName=table, Item={**key, "n": {"N": typed}})
        got = conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]["n"]["N"]
        assert stored_number(typed) == got, typed


def test_the_preflight_sees_a_number_as_dynamodb_will_store_it(
        conn: Connection, reader: Reader, table: str) -> None:
    """A hand-built sign-up whose Number username is typed ``007`` with a lock keyed ``007``:
    DynamoDB stores the account's ``7``, so that lock would belong to nobody and the account
    would have none. The preflight says so before sending (refused), and nothing is written."""
    info = describe_table(conn, table)
    padded = account("n00003", "n3@x.io", {"N": "007"})
    tx = sign_up(SCHEMA, table, {**padded, "username": {"N": "7"}})
    # The lock keyed as typed, not as stored: what an app building its own request might send.
    lock = next(a for a in tx.actions if a.label == "username lock 7")
    lock.item["PK"] = s("UNIQ#HANDLE#007")
    tx.actions[0].item["username"] = {"N": "007"}
    check = run_preflight(reader, tx, SCHEMA, {info.name: info})
    assert check.refused, check.lines()
    assert keys(reader, table) == []
