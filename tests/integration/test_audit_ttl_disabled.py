"""TTL turned off on a table: DescribeTimeToLive still names the attribute (moto's DISABLED, AWS's
DISABLING), but nothing it holds will expire. A lock past that attribute with no holder is an
orphan lock to release, as the audit, the diagnosis and the repair plan say; never an expired
lock "DynamoDB will delete", which it never will (on moto and on DynamoDB Local). The same holds
when the locks have a table of their own (``run_two_table_audit``, ``audit --locks-table``)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from dataclasses import replace

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.audit.two_tables import run_schema_audit, run_two_table_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo, describe_table
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import EXPIRED, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LocksTable, UniquenessSchema, article_schema

pytestmark = pytest.mark.integration
ARTICLE = article_schema()


def _create(conn: Connection, name: str) -> None:
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                                   {"AttributeName": "SK", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                                        {"AttributeName": "SK", "KeyType": "RANGE"}])


def _past() -> str:
    return str(int(time.time()) - 7200)


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"ttl-off-{uuid.uuid4().hex[:8]}"
    _create(conn, name)
    conn.client.put_item(TableName=name, Item={"PK": {"S": "UNIQ#EMAIL#bob@x.io"},
                                               "SK": {"S": "LOCK"}, "expiresAt": {"N": _past()}})
    yield name
    conn.client.delete_table(TableName=name)


@pytest.fixture
def two_tables(conn: Connection) -> Iterator[tuple[str, str]]:
    """Accounts and their locks in two tables of the article's keys: bob's lock is past its
    ``expiresAt`` and held by no account; ann's account is past its own and holds her lock."""
    tag = uuid.uuid4().hex[:8]
    users, uniques = f"ttl-off-users-{tag}", f"ttl-off-uniques-{tag}"
    for name in (users, uniques):
        _create(conn, name)
    put = conn.client.put_item
    put(TableName=uniques, Item={"PK": {"S": "UNIQ#EMAIL#bob@x.io"}, "SK": {"S": "LOCK"},
                                 "expiresAt": {"N": _past()}})
    put(TableName=uniques, Item={"PK": {"S": "UNIQ#EMAIL#ann@x.io"}, "SK": {"S": "LOCK"}})
    put(TableName=users, Item={"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"},
                               "email": {"S": "ann@x.io"}, "expiresAt": {"N": _past()}})
    yield users, uniques
    for name in (users, uniques):
        conn.client.delete_table(TableName=name)


def _two_table_schema(uniques: str, users: str) -> UniquenessSchema:
    return replace(ARTICLE, locks=LocksTable(uniques, "PK", "SK", users))


def kinds(findings: list) -> list[str]:
    return sorted(f.status for f in findings)


def test_a_lock_past_its_ttl_on_a_table_whose_ttl_is_off_is_an_orphan(reader: Reader, conn: Connection,
                                                                      table: str) -> None:
    described = describe_table(conn, table)
    for status in ("DISABLED", "DISABLING"):
        info = replace(described, ttl_attribute="expiresAt", ttl_status=status)
        assert info.expiry_attribute is None
        assert kinds(run_audit(reader, info, ARTICLE).findings) == [ORPHAN_LOCK]
        assert diagnose(reader, info, ARTICLE, "email", "bob@x.io", use_index=False).status == ORPHAN_LOCK
    on = replace(described, ttl_attribute="expiresAt", ttl_status="ENABLED")
    assert kinds(run_audit(reader, on, ARTICLE).findings) == [EXPIRED]


def test_ttl_as_described_by_the_engine_after_it_was_turned_off(reader: Reader, conn: Connection,
                                                                 table: str) -> None:
    conn.client.update_time_to_live(TableName=table, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expiresAt"})
    conn.client.update_time_to_live(TableName=table, TimeToLiveSpecification={
        "Enabled": False, "AttributeName": "expiresAt"})
    info = describe_table(conn, table)
    assert not info.ttl_enabled and info.expiry_attribute is None
    assert kinds(run_audit(reader, info, ARTICLE).findings) == [ORPHAN_LOCK]


def test_a_table_described_in_code_with_an_attribute_has_ttl_on() -> None:
    info = TableInfo("t", KeyAttribute("PK", "S"), None, ttl_attribute="expiresAt")
    assert info.ttl_enabled and info.expiry_attribute == "expiresAt"
    assert TableInfo("t", KeyAttribute("PK", "S"), None).expiry_attribute is None


def test_two_tables_a_lock_past_its_ttl_on_a_locks_table_whose_ttl_is_off_is_an_orphan(
        reader: Reader, conn: Connection, two_tables: tuple[str, str]) -> None:
    users, uniques = two_tables
    schema = _two_table_schema(uniques, users)
    accounts, locks = describe_table(conn, users), describe_table(conn, uniques)
    for status in ("DISABLED", "DISABLING"):
        result = run_two_table_audit(reader, replace(accounts, ttl_attribute="expiresAt", ttl_status=status),
                                     replace(locks, ttl_attribute="expiresAt", ttl_status=status), schema)
        assert [(f.status, f.value) for f in result.findings] == [(ORPHAN_LOCK, "bob@x.io")]
    on = run_two_table_audit(reader, replace(accounts, ttl_attribute="expiresAt", ttl_status="ENABLED"),
                             replace(locks, ttl_attribute="expiresAt", ttl_status="ENABLED"), schema)
    assert EXPIRED in kinds(on.findings)


def test_two_tables_as_described_by_the_engine_after_ttl_was_turned_off(
        reader: Reader, conn: Connection, two_tables: tuple[str, str]) -> None:
    users, uniques = two_tables
    for name in two_tables:
        for enabled in (True, False):
            conn.client.update_time_to_live(TableName=name, TimeToLiveSpecification={
                "Enabled": enabled, "AttributeName": "expiresAt"})
    accounts = describe_table(conn, users)
    assert not accounts.ttl_enabled
    # The path of `audit --locks-table` and of the window: the locks table described inside.
    result = run_schema_audit(reader, accounts, _two_table_schema(uniques, users))
    assert [(f.status, f.value) for f in result.findings] == [(ORPHAN_LOCK, "bob@x.io")]
