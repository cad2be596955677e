"""Exports of hostile values run for real against moto and DynamoDB Local: the boto3 script, and
the AWS CLI command when ``aws`` is installed. What GetItem reads back must be what the request
wrote."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.code_export import to_aws_cli, to_boto3
from dynoview.core.connection import Connection
from dynoview.core.demo import create_accounts_table
from tests.hostile_values import SHELL_CANARY, TOKEN, written_items
from tests.hostile_values import hostile_request as shared_hostile_request

pytestmark = pytest.mark.integration

AWS = shutil.which("aws")


@pytest.fixture
def empty_table(conn: Connection) -> Iterator[str]:
    name = f"export-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    try:
        yield name
    finally:
        conn.client.delete_table(TableName=name)


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
