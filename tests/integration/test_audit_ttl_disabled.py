"""TTL turned off on a table: DescribeTimeToLive still names the attribute (moto's DISABLED, AWS's
DISABLING), but nothing it holds will expire. A lock past that attribute with no holder is an
orphan lock to release, as the audit, the diagnosis and the repair plan say; never an expired
lock "DynamoDB will delete", which it never will (on moto and on DynamoDB Local)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from dataclasses import replace

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo, describe_table
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import EXPIRED, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import article_schema

pytestmark = pytest.mark.integration
ARTICLE = article_schema()


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"ttl-off-{uuid.uuid4().hex[:8]}"
    client = conn.client
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                              {"AttributeName": "SK", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    past = str(int(time.time()) - 7200)
    client.put_item(TableName=name, Item={"PK": {"S": "UNIQ#EMAIL#bob@x.io"}, "SK": {"S": "LOCK"},
                                          "expiresAt": {"N": past}})
    yield name
    client.delete_table(TableName=name)


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
