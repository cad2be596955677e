"""Exports that send exactly what the preview shows, run for real against moto and DynamoDB
Local (``endpoint_url``):

- the AWS CLI transaction script (``dynoview transact FILE --export cli``, real ``aws``) sends a
  ClientRequestToken starting with file://, fileb://, http:// or https:// as that text, never
  a local file or a web page it names (the CLI loads such a command-line value; values inside
  the --cli-input-json file it leaves alone);
- the AWS CLI read script runs a read whose request is larger than one argument can hold;
- the JavaScript read module (real ``@aws-sdk/client-dynamodb``, tests/node_sdk.py) prints an
  attribute named ``__proto__``, and reads every page of a table keyed by one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.codegen.read_request import read_request
from dynoview.core.codegen.reads import AWS_CLI, JAVASCRIPT, read_code
from dynoview.core.reads.receipts import _json_safe
from dynoview.core.session.connection import Connection
from dynoview.demo.backend import create_accounts_table
from tests import node_sdk
from tests.fault_proxy import FaultProxy

pytestmark = pytest.mark.integration

AWS = shutil.which("aws")
needs_aws = pytest.mark.skipif(AWS is None, reason="the AWS CLI (aws) is not on PATH")
SECRET = "SECRET-CANARY-7f3a"
PAGE = "PAGE-CANARY-91c2"


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"literal-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    yield name
    conn.client.delete_table(TableName=name)


@pytest.fixture
def web_page() -> Iterator[tuple[str, list[str]]]:
    """A loopback web page (its URL, and the paths fetched from it)."""
    fetched: list[str] = []

    class Page(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            fetched.append(self.path)
            body = PAGE.encode()
            self.send_response(200)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_address[1]}", fetched
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def _sh(script: str, folder: Path) -> subprocess.CompletedProcess[str]:
    (folder / "export.sh").write_text(script, encoding="utf-8")
    return subprocess.run(["sh", "export.sh"], cwd=folder, capture_output=True, text=True,
                          timeout=120, check=False, stdin=subprocess.DEVNULL)


@needs_aws
@pytest.mark.parametrize("scheme", ["file://", "fileb://", "http://", "https://"])
def test_cli_transaction_script_sends_a_url_like_token_as_text(
        conn: Connection, table: str, endpoint_url: str, web_page: tuple[str, list[str]],
        tmp_path: Path, capsys: pytest.CaptureFixture[str], scheme: str) -> None:
    host, fetched = web_page
    # Relative to the folder the script runs in: a token holds at most 36 characters.
    token = scheme + ("secret.txt" if scheme.startswith("file") else f"{host}/t")
    run = tmp_path / "run"
    run.mkdir()
    (run / "secret.txt").write_text(SECRET, encoding="utf-8")
    request_file = tmp_path / "tx.json"
    request_file.write_text(json.dumps({"TransactItems": [{"Put": {"TableName": table, "Item": {
        "PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}}}], "ClientRequestToken": token}),
        encoding="utf-8")
    with FaultProxy(endpoint_url) as proxy:
        assert cli_main(["transact", str(request_file), "--export", "cli", "--endpoint-url",
                         proxy.url]) == 0
        done = _sh(capsys.readouterr().out, run)
        sent = [r.json() for r in proxy.requests("TransactWriteItems")]
    assert done.returncode == 0, done.stderr
    assert [body.get("ClientRequestToken") for body in sent] == [token]
    assert SECRET not in json.dumps(sent) and PAGE not in json.dumps(sent)
    assert fetched == []
    item = conn.client.get_item(TableName=table, Key={"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}},
                                ConsistentRead=True).get("Item")
    assert item == {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}


@needs_aws
def test_cli_read_script_runs_a_request_longer_than_one_argument(
        conn: Connection, table: str, endpoint_url: str, tmp_path: Path) -> None:
    long_value = "\u6f22" * 30_000  # 90 KB of UTF-8; as \u escapes, 180 KB of JSON
    item = {"PK": {"S": "ACCT#long"}, "SK": {"S": "PROFILE"}, "note": {"S": long_value}}
    conn.client.put_item(TableName=table, Item=item)
    conn.client.put_item(TableName=table, Item={"PK": {"S": "ACCT#short"}, "SK": {"S": "PROFILE"},
                                                "note": {"S": "short"}})
    read = read_request("Scan", {"TableName": table, "FilterExpression": "#n = :v",
                                 "ExpressionAttributeNames": {"#n": "note"},
                                 "ExpressionAttributeValues": {":v": {"S": long_value}},
                                 "ConsistentRead": True})
    code = read_code(read, AWS_CLI, region="us-east-1", endpoint_url=endpoint_url)
    done = _sh(code, tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["Items"] == [item]


@pytest.fixture(scope="module")
def sdk() -> Path:
    """The JavaScript SDK from npm, as tests/integration/test_read_code_run.py installs it."""
    try:
        return node_sdk.install()
    except node_sdk.NodeSdkUnavailable as exc:
        if os.environ.get("DYNOVIEW_REQUIRE_DYNAMODB_LOCAL") == "1":
            pytest.fail(f"{exc} (DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1 makes this a failure.)", pytrace=False)
        pytest.skip(str(exc))


@pytest.fixture
def proto_table(conn: Connection) -> Iterator[str]:
    """A table whose partition key is a binary attribute named __proto__."""
    name = f"proto-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             KeySchema=[{"AttributeName": "__proto__", "KeyType": "HASH"}],
                             AttributeDefinitions=[{"AttributeName": "__proto__", "AttributeType": "B"}])
    conn.client.get_waiter("table_exists").wait(TableName=name)
    yield name
    conn.client.delete_table(TableName=name)


def _printed(stdout: str) -> list[Any]:
    return sorted((json.loads(line) for line in stdout.split("\n") if line.strip()),
                  key=lambda item: json.dumps(item, sort_keys=True))


def _run_read(operation: str, request: dict[str, Any], endpoint_url: str, sdk: Path,
              folder: Path) -> list[Any]:
    code = read_code(read_request(operation, request), JAVASCRIPT, region="us-east-1",
                     endpoint_url=endpoint_url)
    done = node_sdk.run_module(code, folder, sdk)
    assert done.returncode == 0, done.stderr
    return _printed(done.stdout)


def test_javascript_read_prints_an_attribute_named_proto(conn: Connection, table: str,
                                                         endpoint_url: str, sdk: Path,
                                                         tmp_path: Path) -> None:
    key = {"PK": {"S": "ACCT#proto"}, "SK": {"S": "PROFILE"}}
    conn.client.put_item(TableName=table, Item={**key, "__proto__": {"S": "top"},
                                                "m": {"M": {"__proto__": {"S": "nested"}}}})
    wanted = [_json_safe(conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"])]
    assert "__proto__" in wanted[0]
    assert _run_read("GetItem", {"TableName": table, "Key": key, "ConsistentRead": True},
                     endpoint_url, sdk, tmp_path / "get") == wanted
    assert _run_read("Scan", {"TableName": table, "ConsistentRead": True},
                     endpoint_url, sdk, tmp_path / "scan") == wanted


def test_javascript_read_pages_through_a_table_keyed_by_proto(conn: Connection, proto_table: str,
                                                              endpoint_url: str, sdk: Path,
                                                              tmp_path: Path) -> None:
    """Each page's LastEvaluatedKey holds __proto__ (binary): the next request must send it."""
    for i in range(3):
        conn.client.put_item(TableName=proto_table, Item={
            "__proto__": {"B": bytes([i, 255])}, "n": {"N": f"1234567890123456789012345678901234567{i}"},
            "m": {"M": {"__proto__": {"S": "nested"}, "x": {"SS": ["a"]}}}})
    ours = _json_safe(conn.client.scan(TableName=proto_table, ConsistentRead=True)["Items"])
    assert len(ours) == 3
    printed = _run_read("Scan", {"TableName": proto_table, "Limit": 1, "ConsistentRead": True},
                        endpoint_url, sdk, tmp_path / "scan")
    assert printed == _printed("\n".join(json.dumps(item) for item in ours))
