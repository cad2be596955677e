"""Generated code on a table whose index sorts on the protected attribute: the account's email
is then an index *sort* key, which DynamoDB holds to 1,024 bytes, not a partition key's 2,048.

The generated module used to know only the GSI the schema names, and only as a partition key,
so a 1,500-byte email passed its check and DynamoDB refused the transaction. Given the table's
description (``dynoview codegen`` and the builder's "Export as code" have it), it holds the
value to the tightest key of any index keyed on the attribute, and says which.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from botocore.exceptions import ClientError

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import article_schema
from tests.integration.test_codegen_run import ON_LOCAL, load
from tests.integration.test_codegen_tokens_limits_python import Recording, account

pytestmark = pytest.mark.integration

BY_EMAIL = "by-email"  # an LSI: every account is in it, sorted on its email


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"codegen-lsi-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"} for a in ("PK", "SK", "email")],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        LocalSecondaryIndexes=[{
            "IndexName": BY_EMAIL,
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "email", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}])
    try:
        yield name
    finally:
        conn.client.delete_table(TableName=name)


def generated(conn: Connection, table: str, folder: Path, *, described: bool) -> ModuleType:
    info = describe_table(conn, table) if described else None
    return load(module_code(article_schema(), table, lang="python", info=info), folder)


def test_an_email_over_an_index_sort_keys_limit_is_refused_before_anything_is_sent(
        conn: Connection, table: str, tmp_path: Path) -> None:
    module = generated(conn, table, tmp_path / "gen", described=True)
    client = Recording(conn.client)
    long = "a" * 1_016 + "@x.io.xx"  # 1,024 bytes, then one more
    with pytest.raises(module.KeyTooLongError) as caught:
        module.sign_up(client, account_id="a1", email=long + "x", username="ada", table_name=table)
    assert caught.value.field == "email"
    said = str(caught.value)
    assert f"index {BY_EMAIL}'s key email would be 1,025 bytes" in said and "allows 1,024" in said
    assert client.calls == []  # refused before anything was sent
    module.sign_up(client, account_id="a1", email=long, username="ada", table_name=table)
    assert account(conn, table, "a1")["email"] == {"S": long}  # type: ignore[index]


@ON_LOCAL
def test_dynamodb_refuses_what_the_old_check_let_through(conn: Connection, table: str,
                                                          tmp_path: Path) -> None:
    """The judge: without the table's indexes the module checks nothing on the email, sends it,
    and DynamoDB refuses the whole transaction for the index key's size (nothing written)."""
    module = generated(conn, table, tmp_path / "blind", described=False)
    with pytest.raises(ClientError, match="Size limit exceeded"):
        module.sign_up(conn.client, account_id="a1", email="a" * 1_017 + "@x.io.xx",
                       username="ada", table_name=table)
    assert account(conn, table, "a1") is None
