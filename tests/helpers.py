"""Helpers every test folder shares: a connection with fake keys, a seeded table copy."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.uniqueness.schema import LockRule, LocksTable, UniquenessSchema
from dynoview.demo.backend import create_accounts_table, seed_accounts

# Letters and digits only in the key id: DynamoDB Local refuses any other.
FAKE_KEYS = {"aws_access_key_id": "testingfakekey",
             "aws_secret_access_key": "testing-fake-secret"}


def connect(url: str, *, read_only: bool = False, name: str = "test",
            config: Any = None) -> Connection:
    """A connection to a local endpoint with fake keys (never the machine's credentials)."""
    spec = ConnectionSpec(name=name, endpoint_url=url, region="us-east-1", read_only=read_only)
    return Connection(spec, credentials=FAKE_KEYS, config=config)


@contextmanager
def empty_accounts_table(conn: Connection, prefix: str = "accounts") -> Iterator[str]:
    """An empty table of the article's layout (keys, indexes, stream) under a unique name,
    dropped after. The endpoint's state is shared by the whole test process, hence the names."""
    name = f"{prefix}-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    try:
        yield name
    finally:
        conn.client.delete_table(TableName=name)


@contextmanager
def empty_keys_table(conn: Connection, prefix: str) -> Iterator[TableInfo]:
    """An empty table keyed PK and SK (strings) with no index, so an attribute of any type can
    be written (the article's table indexes email as a string), under a unique name, dropped
    after; described."""
    name = f"{prefix}-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    try:
        conn.client.get_waiter("table_exists").wait(TableName=name)
        yield describe_table(conn, name)
    finally:
        conn.client.delete_table(TableName=name)


@dataclass(frozen=True)
class OwnerTables:
    """Accounts in ``users`` and their email locks in ``uniques``, each naming its owner."""

    users: str
    uniques: str
    schema: UniquenessSchema


@contextmanager
def owner_tables(conn: Connection, prefix: str, sk_type: str = "S") -> Iterator[OwnerTables]:
    """Two empty tables under unique names, dropped after: ``users`` keyed ``id`` (S) + ``ver``
    (``sk_type``, its value per account: ``account_sk_value`` null), ``uniques`` keyed ``pk``
    alone, whose ``email#<mail>`` locks name their owner's id in ``owner`` (TypeDORM's layout)."""
    tag = uuid.uuid4().hex[:8]
    users, uniques = f"users-{prefix}-{tag}", f"uniques-{prefix}-{tag}"
    conn.client.create_table(
        TableName=users, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"},
                              {"AttributeName": "ver", "AttributeType": sk_type}],
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}, {"AttributeName": "ver", "KeyType": "RANGE"}])
    try:
        conn.client.create_table(
            TableName=uniques, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
        try:
            for name in (users, uniques):
                conn.client.get_waiter("table_exists").wait(TableName=name)
            yield OwnerTables(users, uniques, UniquenessSchema(
                pk_name="id", sk_name="ver", account_pk_prefix="U#", account_sk_value=None,
                rules=(LockRule("email", "mail", "email#{value}", None, owner_attribute="owner"),),
                locks=LocksTable(uniques, "pk", None, users)))
        finally:
            conn.client.delete_table(TableName=uniques)
    finally:
        conn.client.delete_table(TableName=users)


@contextmanager
def seeded_accounts_copy(conn: Connection, prefix: str = "accounts") -> Iterator[str]:
    """A freshly seeded copy of the demo's accounts table under a unique name, dropped after."""
    with empty_accounts_table(conn, prefix) as name:
        seed_accounts(conn, name)
        yield name


def s(value: str) -> dict[str, str]:
    """A DynamoDB string value."""
    return {"S": value}


def account_key(acct: str) -> dict[str, Any]:
    """The article layout's key of account ``acct`` (``ACCT#<acct>``, ``PROFILE``)."""
    return {"PK": s(f"ACCT#{acct}"), "SK": s("PROFILE")}


def lock_key(kind: str, value: str) -> dict[str, Any]:
    """The article layout's key of a lock (``UNIQ#<KIND>#<value>``, ``LOCK``)."""
    return {"PK": s(f"UNIQ#{kind}#{value}"), "SK": s("LOCK")}


@contextmanager
def numbered_table(endpoint_url: str, prefix: str, items: int) -> Iterator[str]:
    """A table keyed by a Number ``pk`` holding ``pk`` 0 .. ``items - 1`` (nothing else), under
    a unique name, dropped after: pages of it are told apart by their keys."""
    client = connect(endpoint_url, name="direct").client
    name = f"{prefix}-{uuid.uuid4().hex[:8]}"
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "N"}],
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
    client.get_waiter("table_exists").wait(TableName=name)
    for start in range(0, items, 25):  # BatchWriteItem takes 25 at most
        client.batch_write_item(RequestItems={name: [
            {"PutRequest": {"Item": {"pk": {"N": str(i)}}}} for i in range(start, min(start + 25, items))]})
    try:
        yield name
    finally:
        client.delete_table(TableName=name)


def logged_connection(owner: Any) -> dict[str, Any]:
    """What the action log records for the connection ``owner`` sends through (an AppContext,
    or a panel holding one): a token's earlier sends count only through the same connection."""
    from dynoview.core.tx.action_log import connection_record

    conn = getattr(owner, "ctx", owner).connection
    return connection_record(conn.spec, conn.region)
