"""Exports of hostile values run for real against moto and DynamoDB Local (``endpoint_url``): the
boto3 script, the AWS CLI command when ``aws`` is installed, and the JavaScript module with the
real ``@aws-sdk/client-dynamodb`` from npm (tests/node_sdk.py). What GetItem reads back must be
what the request wrote, and what the builder's own execution writes: binary, sets, 38-digit
numbers, empty strings and values that try to become code.

``dynoview transact FILE --export boto3|cli|js`` is run the same way: it prints the code, sends
nothing, and the code it printed writes what the builder writes.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import Connection
from dynoview.core.tx.code_export import to_aws_cli, to_boto3, to_javascript
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction, new_token
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.wire import body_json, request_body
from dynoview.demo.backend import create_accounts_table
from tests import node_sdk
from tests.hostile_values import SHELL_CANARY, TOKEN, written_items
from tests.hostile_values import hostile_request as shared_hostile_request

pytestmark = pytest.mark.integration

AWS = shutil.which("aws")


@pytest.fixture
def tables(conn: Connection) -> Iterator[Callable[[], str]]:
    """Makes empty accounts tables (unique names), dropped after the test."""
    made: list[str] = []

    def make() -> str:
        name = f"export-{uuid.uuid4().hex[:8]}"
        create_accounts_table(conn, name)
        made.append(name)
        return name

    yield make
    for name in made:
        conn.client.delete_table(TableName=name)


@pytest.fixture
def empty_table(tables: Callable[[], str]) -> str:
    return tables()


@pytest.fixture(scope="session")
def sdk() -> Path:
    """The JavaScript SDK from npm, cached outside the checkout; a one-line skip without node and
    npm, a failure under DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1 (CI, where they must be there)."""
    try:
        return node_sdk.install()
    except node_sdk.NodeSdkUnavailable as exc:
        if os.environ.get("DYNOVIEW_REQUIRE_DYNAMODB_LOCAL") == "1":
            pytest.fail(f"{exc} (DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1 makes this a failure.)", pytrace=False)
        pytest.skip(str(exc))


def hostile_request(table: str, canary: str, *, binary: bool = True) -> dict[str, Any]:
    """The shared hostile request under a token of its own: DynamoDB keeps a token for 10
    minutes, so one token for two different requests is IdempotentParameterMismatch on
    DynamoDB Local (moto ignores tokens). The suffix keeps the token's hostile start."""
    request = shared_hostile_request(table, canary, binary=binary)
    request["ClientRequestToken"] = TOKEN + uuid.uuid4().hex[:36 - len(TOKEN)]
    return request


def _read(conn: Connection, table: str, key: tuple[str, str]) -> dict[str, Any] | None:
    answer = conn.client.get_item(TableName=table, Key={"PK": {"S": key[0]}, "SK": {"S": key[1]}},
                                  ConsistentRead=True)
    item: dict[str, Any] | None = answer.get("Item")
    return item


def _sets_sorted(value: Any) -> Any:
    """Sets are unordered in DynamoDB: compare their members, not the order they come back in."""
    if isinstance(value, dict):
        return {k: sorted(v) if k in ("SS", "NS", "BS") else _sets_sorted(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_sets_sorted(v) for v in value]
    return value


def _assert_written(conn: Connection, table: str, request: dict[str, Any]) -> None:
    for key, item in written_items(request).items():
        assert _sets_sorted(_read(conn, table, key)) == _sets_sorted(item), key


def test_boto3_export_writes_hostile_values_exactly(conn: Connection, empty_table: str,
                                                    endpoint_url: str, tmp_path: Path) -> None:
    request = hostile_request(empty_table, str(tmp_path / "canary"))
    script = tmp_path / "export.py"
    script.write_text(to_boto3(request, region="us-east-1", endpoint_url=endpoint_url), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "200"
    _assert_written(conn, empty_table, request)
    assert not (tmp_path / "canary").exists() and not (tmp_path / SHELL_CANARY).exists()


def _aws_major_version() -> int:
    assert AWS is not None
    done = subprocess.run([AWS, "--version"], capture_output=True, text=True, timeout=60, check=False)
    found = re.search(r"aws-cli/(\d+)\.", done.stdout + done.stderr)
    assert found, done.stdout + done.stderr
    return int(found.group(1))


def _run_cli(request: dict[str, Any], endpoint: str, folder: Path) -> subprocess.CompletedProcess[str]:
    export = to_aws_cli(request, region="us-east-1", endpoint_url=endpoint)
    folder.mkdir()
    (folder / export.file_name).write_text(export.file_content, encoding="utf-8")
    # The shell parses the command as a user's would: quoting is what is under test.
    return subprocess.run(["sh", "-c", export.command], cwd=folder, capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.skipif(AWS is None, reason="the AWS CLI (aws) is not on PATH")
def test_cli_export_writes_hostile_values_exactly(conn: Connection, empty_table: str,
                                                  endpoint_url: str, tmp_path: Path) -> None:
    request = hostile_request(empty_table, str(tmp_path / "canary"), binary=False)
    done = _run_cli(request, endpoint_url, tmp_path / "run")
    assert done.returncode == 0, done.stderr
    _assert_written(conn, empty_table, request)
    assert not (tmp_path / "canary").exists() and not (tmp_path / "run" / SHELL_CANARY).exists()


@pytest.mark.skipif(AWS is None, reason="the AWS CLI (aws) is not on PATH")
def test_cli_export_with_binary_is_exact_on_v2_and_refused_by_v1(conn: Connection, empty_table: str,
                                                                 endpoint_url: str, tmp_path: Path) -> None:
    request = hostile_request(empty_table, str(tmp_path / "canary"))
    done = _run_cli(request, endpoint_url, tmp_path / "run")
    if _aws_major_version() >= 2:
        assert done.returncode == 0, done.stderr
        _assert_written(conn, empty_table, request)
    else:
        # Version 1 would store the base64 text itself as the bytes: a loud refusal is the fix.
        assert done.returncode != 0 and "--cli-binary-format" in done.stderr
        assert all(_read(conn, empty_table, key) is None for key in written_items(request))


def test_javascript_export_writes_hostile_values_exactly(conn: Connection, empty_table: str,
                                                        endpoint_url: str, sdk: Path,
                                                        tmp_path: Path) -> None:
    """The real SDK: binary as Buffer, sets, 38-digit numbers as strings, __proto__ keys."""
    request = hostile_request(empty_table, str(tmp_path / "canary"))
    code = to_javascript(request, region="us-east-1", endpoint_url=endpoint_url)
    done = node_sdk.run_module(code, tmp_path / "js", sdk)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "200"
    _assert_written(conn, empty_table, request)
    assert not (tmp_path / "canary").exists() and not (tmp_path / "js" / SHELL_CANARY).exists()


def _builder_items(conn: Connection, table: str, request: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """What the app's own execution (the builder's path) leaves in ``table`` for ``request``."""
    ours = copy.deepcopy(request)
    for action in ours["TransactItems"]:
        next(iter(action.values()))["TableName"] = table
    ours["ClientRequestToken"] = new_token()  # another request: never another's token
    result = execute_transaction(conn, Transaction.from_request(ours), confirmation=True)
    assert result.status == SUCCEEDED, result.message
    return {key: _read(conn, table, key) for key in written_items(request)}


def _run_export(kind: str, code: str, folder: Path, sdk: Path | None) -> subprocess.CompletedProcess[str]:
    folder.mkdir()
    if kind == "js":
        assert sdk is not None
        return node_sdk.run_module(code, folder, sdk)
    script = folder / ("export.py" if kind == "boto3" else "export.sh")
    script.write_text(code, encoding="utf-8")
    command = [sys.executable, str(script)] if kind == "boto3" else ["sh", str(script)]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("kind", ["boto3", "cli", "js"])
def test_transact_export_prints_code_that_writes_what_the_builder_writes(
        conn: Connection, tables: Callable[[], str], endpoint_url: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest, kind: str) -> None:
    if kind == "cli" and AWS is None:
        pytest.skip("the AWS CLI (aws) is not on PATH")
    sdk = request.getfixturevalue("sdk") if kind == "js" else None
    exported, built = tables(), tables()
    # AWS CLI v1 refuses binary on purpose (test above): the rest of the hostile values still go.
    binary = kind != "cli" or _aws_major_version() >= 2
    wanted = hostile_request(exported, str(tmp_path / "canary"), binary=binary)
    request_file = tmp_path / "request.json"
    request_file.write_text(json.dumps(body_json(request_body(wanted))), encoding="utf-8")

    assert cli_main(["transact", str(request_file), "--export", kind, "--endpoint-url", endpoint_url]) == 0
    printed = capsys.readouterr()
    assert printed.err == ""  # the file names its token: no note
    assert conn.client.scan(TableName=exported, ConsistentRead=True)["Count"] == 0  # nothing sent

    done = _run_export(kind, printed.out, tmp_path / "run", sdk)
    assert done.returncode == 0, done.stderr
    from_export = {key: _read(conn, exported, key) for key in written_items(wanted)}
    assert _sets_sorted(from_export) == _sets_sorted(_builder_items(conn, built, wanted))
    _assert_written(conn, exported, wanted)
    assert not (tmp_path / "canary").exists() and not (tmp_path / "run" / SHELL_CANARY).exists()


def test_transact_export_says_when_the_token_is_chosen_at_send_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    request_file = tmp_path / "request.json"
    request_file.write_text(json.dumps([{"Put": {"TableName": "accounts", "Item": {
        "PK": {"S": "a"}, "SK": {"S": "b"}}}}]), encoding="utf-8")
    assert cli_main(["transact", str(request_file), "--export", "boto3"]) == 0
    printed = capsys.readouterr()
    assert printed.err.startswith("token: none in the file: a new ClientRequestToken is chosen when it "
                                  "is sent")
    assert "client.transact_write_items(**request)" in printed.out
