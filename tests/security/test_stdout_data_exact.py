"""What a command prints as data (standard output: ``export``, ``audit --format json``) is the
table's data: only the AWS credentials in use are removed from it. Before, the value of every
environment variable whose name says "token" or "secret" was replaced inside the data too: with
CI_JOB_TOKEN=12345678 set, a phone number 4412345678901 came out as 44<redacted>901 (invalid
JSON), and a re-import of that export changed the table."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.redaction import REDACTED
from dynoview.core.session.connection import Connection
from tests.helpers import connect

pytestmark = pytest.mark.integration

ITEM = {"PK": {"S": "ROW#1"}, "phone": {"N": "4412345678901"}, "note": {"S": "order 12345678 shipped"},
        "api_token": {"S": "tok_live_4f9a2b7c"}}


@pytest.fixture
def conn(endpoint_url: str) -> Connection:
    return connect(endpoint_url)


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"stdout-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                             AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}])
    conn.client.put_item(TableName=name, Item=ITEM)
    yield name
    conn.client.delete_table(TableName=name)


def test_an_export_to_stdout_is_the_tables_data(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, endpoint_url: str,
        table: str) -> None:
    monkeypatch.setenv("CI_JOB_TOKEN", "12345678")
    monkeypatch.setenv("MY_SERVICE_TOKEN", "tok_live_4f9a2b7c")
    assert main(["export", "--table", table, "--endpoint-url", endpoint_url, "--format", "ddb-json"]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert json.loads(line) == {"Item": ITEM}


def test_the_aws_credentials_in_use_never_reach_stdout(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, conn: Connection, table: str) -> None:
    import os

    secret = os.environ["AWS_SECRET_ACCESS_KEY"]  # the test's fake key, signing every request
    conn.client.put_item(TableName=table, Item={"PK": {"S": "ROW#2"}, "note": {"S": f"key {secret}"}})
    assert main(["export", "--table", table, "--endpoint-url", endpoint_url, "--format", "ddb-json"]) == 0
    out = capsys.readouterr().out
    assert secret not in out and f"key {REDACTED}" in out
