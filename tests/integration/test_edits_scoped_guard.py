"""A staged cell edit of a scoped protected value (OneTable's ``unique: true, scope:
'${tenantId}'``) is guarded on the attribute the scope reads, as Edit as JSON… is: another
writer moving the user to another tenant between staging and sending cancels the transaction,
instead of the email's lock landing in the old tenant (an orphan lock there, a missing one in
the new), on moto and on DynamoDB Local."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.edits.staging import StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
from dynoview.core.uniqueness.presets import PRESET_ONETABLE_SCOPED, get_preset

pytestmark = pytest.mark.integration
SCHEMA = get_preset(PRESET_ONETABLE_SCOPED).build(
    "pk", "sk", entity="User", attributes=("email",), account_pk_prefix="user#",
    account_sk_value="user#", context=("email=${tenantId}",))
USER = {"pk": {"S": "user#9"}, "sk": {"S": "user#"}}


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def tenants(conn: Connection) -> Iterator[TableInfo]:
    name = f"ots-{uuid.uuid4().hex[:8]}"
    client = conn.client
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                              {"AttributeName": "sk", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                                   {"AttributeName": "sk", "KeyType": "RANGE"}])
    client.put_item(TableName=name, Item={**USER, "id": s("9"), "tenantId": s("acme"), "_type": s("User")})
    yield describe_table(conn, name)
    client.delete_table(TableName=name)


def markers(conn: Connection, table: str) -> list[str]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(i["pk"]["S"] for i in items if i["pk"]["S"].startswith("_unique#"))


def staged_email(conn: Connection, info: TableInfo) -> Any:
    shown = conn.client.get_item(TableName=info.name, Key=USER, ConsistentRead=True)["Item"]
    staged = StagedEdits()
    staged.stage(info, shown, "email", s("bob@x.io"), schema=SCHEMA)
    return build_transaction(staged, {info.name: info}, SCHEMA)


def test_a_tenant_changed_meanwhile_cancels_the_staged_email(conn: Connection, tenants: TableInfo) -> None:
    tx = staged_email(conn, tenants)
    conn.client.update_item(TableName=tenants.name, Key=USER, UpdateExpression="SET tenantId = :t",
                            ExpressionAttributeValues={":t": s("globex")})
    result = execute_transaction(conn, tx, confirmation=True, tables={tenants.name: tenants}, schema=SCHEMA)
    assert result.status == CANCELLED, result.message
    assert markers(conn, tenants.name) == []
    assert "email" not in conn.client.get_item(TableName=tenants.name, Key=USER, ConsistentRead=True)["Item"]


def test_with_the_tenant_unchanged_the_email_and_its_lock_are_written(conn: Connection,
                                                                      tenants: TableInfo) -> None:
    result = execute_transaction(conn, staged_email(conn, tenants), confirmation=True,
                                 tables={tenants.name: tenants}, schema=SCHEMA)
    assert result.status == SUCCEEDED, result.message
    assert markers(conn, tenants.name) == ["_unique#acme#User#email#bob@x.io"]
