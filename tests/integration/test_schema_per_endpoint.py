"""`dynoview audit` uses the schema saved for its connection and where it points: a schema saved
for ``users`` on one endpoint is not used for ``users`` on another (both connections are named
"local"), and a file saved by an older version under the name alone is still read."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.uniqueness.schema_file import schema_from_json
from dynoview.core.uniqueness.schema_store import SchemaStore, connection_key
from tests.helpers import connect

pytestmark = pytest.mark.integration
# Endpoint A's app locks usernames under UNIQ#USER#; B's under the article's UNIQ#HANDLE#.
SCHEMA_A = schema_from_json({
    "pk_name": "PK", "sk_name": "SK", "account_pk_prefix": "ACCT#", "account_sk_value": "PROFILE",
    "rules": [{"name": "email", "attribute": "email", "pk_template": "UNIQ#EMAIL#{value}",
               "sk_value": "LOCK"},
              {"name": "username", "attribute": "username", "pk_template": "UNIQ#USER#{value}",
               "sk_value": "LOCK"}]})


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _users(conn: Connection, name: str, handle_prefix: str) -> None:
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": k, "AttributeType": "S"} for k in ("PK", "SK")],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    for pk, sk, extra in (("ACCT#1", "PROFILE", {"email": "ada@x.io", "username": "ada"}),
                          ("UNIQ#EMAIL#ada@x.io", "LOCK", {}), (f"{handle_prefix}ada", "LOCK", {})):
        conn.client.put_item(TableName=name, Item={"PK": {"S": pk}, "SK": {"S": sk},
                                                   **{k: {"S": v} for k, v in extra.items()}})


@pytest.fixture
def two_endpoints(endpoint_url: str, monkeypatch: pytest.MonkeyPatch,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """Endpoint A (this engine's), endpoint B (a moto in a process of its own: one in this
    process would share the tables of the moto engine), each with a healthy ``users`` table of
    its own layout."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from moto.server import ThreadedMotoServer; "
         "ThreadedMotoServer(ip_address='127.0.0.1', port=int(sys.argv[1])).start(); time.sleep(600)",
         str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url_b = f"http://127.0.0.1:{port}"
    name = f"users-{uuid.uuid4().hex[:8]}"
    a, b = connect(endpoint_url), connect(url_b)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        _users(a, name, "UNIQ#USER#")
        _users(b, name, "UNIQ#HANDLE#")
        yield endpoint_url, url_b, name
    finally:
        a.client.delete_table(TableName=name)
        server.kill()
        server.wait()


def _key(url: str) -> str:
    """The key `dynoview audit --endpoint-url URL` files its schemas under (us-east-1: the
    tests' AWS_DEFAULT_REGION)."""
    return connection_key(ConnectionSpec(name="local", endpoint_url=url), "us-east-1")


def test_a_schema_saved_on_one_endpoint_is_not_used_on_another(
        capsys: pytest.CaptureFixture[str], two_endpoints: tuple[str, str, str]) -> None:
    url_a, url_b, table = two_endpoints
    SchemaStore().save(_key(url_a), table, SCHEMA_A, legacy="local")  # as the window saves it
    code, out, err = run(capsys, "audit", "--endpoint-url", url_a, "--table", table)
    assert code == 0, out + err
    assert "Schema: the schema saved for this connection and table." in out
    code, out, err = run(capsys, "audit", "--endpoint-url", url_b, "--table", table,
                         "--format", "json")
    assert code == 0, out + err  # B's healthy table by B's layout, not A's schema
    assert json.loads(out)["schema_origin"] == "the article's default layout"


def test_a_schema_saved_under_the_name_alone_is_still_read(
        capsys: pytest.CaptureFixture[str], two_endpoints: tuple[str, str, str]) -> None:
    url_a, _url_b, table = two_endpoints
    SchemaStore().save("local", table, SCHEMA_A)  # where versions before saved it
    code, out, err = run(capsys, "audit", "--endpoint-url", url_a, "--table", table)
    assert code == 0, out + err
    assert "the schema an older version saved for connections named local" in out
