"""A transaction judged with another table's schema never passes a lock it cannot see. The
builder judged with the open table's schema: with ``metrics`` (keyed deviceId) open, a Delete of
a live account's lock in ``accounts`` was "touches no account or lock of the uniqueness schema"
and was sent (the audit after: a missing lock); the CLI did the same for a transaction writing
``metrics`` twice and ``accounts`` once. Now it is refused, saying to send it on its own."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.model import DELETE, PUT, Action, Transaction
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration


@pytest.fixture
def tables(conn: Connection) -> Iterator[tuple[str, str]]:
    metrics = f"metrics-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=metrics, BillingMode="PAY_PER_REQUEST",
                             KeySchema=[{"AttributeName": "deviceId", "KeyType": "HASH"}],
                             AttributeDefinitions=[{"AttributeName": "deviceId", "AttributeType": "S"}])
    try:
        with empty_accounts_table(conn, "accounts") as accounts:
            conn.client.put_item(TableName=accounts, Item={**account_key("alan"), "email": s("alan@x.io")})
            conn.client.put_item(TableName=accounts, Item=lock_key("EMAIL", "alan@x.io"))
            yield accounts, metrics
    finally:
        conn.client.delete_table(TableName=metrics)


def _release(accounts: str) -> Action:
    return Action(DELETE, accounts, key=lock_key("EMAIL", "alan@x.io"), condition="attribute_exists(PK)")


def _reading(metrics: str, n: int) -> Action:
    return Action(PUT, metrics, item={"deviceId": s(f"sensor-{n}"), "value": {"N": str(n)}})


@pytest.mark.parametrize("with_metrics", [0, 2])
def test_a_lock_of_another_table_is_refused_not_passed(
        reader: Reader, conn: Connection, tables: tuple[str, str], with_metrics: int) -> None:
    accounts, metrics = tables
    infos = {name: describe_table(conn, name) for name in tables}
    judged_with = default_schema(infos[metrics])  # the open table's schema (the builder's choice)
    tx = Transaction([*(_reading(metrics, n) for n in range(with_metrics)), _release(accounts)])
    result = run_preflight(reader, tx, judged_with, infos)
    assert result.refused, result.summary()
    [refusal] = result.refusals
    assert refusal.action == with_metrics and "cannot judge it" in refusal.message
    assert f"Send the writes of {accounts} in a transaction of their own" in refusal.message


def test_writes_that_read_as_no_account_or_lock_still_pass(
        reader: Reader, conn: Connection, tables: tuple[str, str]) -> None:
    accounts, metrics = tables
    infos = {name: describe_table(conn, name) for name in tables}
    tx = Transaction([_reading(metrics, 1), Action(PUT, accounts, item={"PK": s("NOTE#1"), "SK": s("N")})])
    result = run_preflight(reader, tx, default_schema(infos[metrics]), infos)
    assert not result.refused, result.summary()
