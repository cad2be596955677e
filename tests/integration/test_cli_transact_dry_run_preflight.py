"""`dynoview transact --dry-run` exits as `--yes` would when the preflight could not run: with the
preflight's reads throttled, or the endpoint down, `--yes` sends nothing and exits 2, so the dry
run answers "would_send": false with the reason, and exits 2 too (on moto and DynamoDB Local)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.fault_proxy import FaultProxy

pytestmark = pytest.mark.integration

#: The preflight's reads (DescribeTable still answers).
READS = ("TransactGetItems", "Scan", "GetItem", "Query")
DOWN = "http://127.0.0.1:9"  # nothing listens on the discard port


def signup_file(tmp_path: Path, table: str) -> Path:
    """A correct signup: with the reads working, the preflight passes and --yes would send it."""
    def put(item: dict[str, Any]) -> dict[str, Any]:
        return {"Put": {"TableName": table, "Item": item, "ConditionExpression": "attribute_not_exists(PK)"}}

    path = tmp_path / "signup.json"
    path.write_text(json.dumps({"TransactItems": [
        put({"PK": {"S": "ACCT#dp1"}, "SK": {"S": "PROFILE"}, "email": {"S": "dp1@x.io"},
             "username": {"S": "dp1"}}),
        put({"PK": {"S": "UNIQ#EMAIL#dp1@x.io"}, "SK": {"S": "LOCK"}}),
        put({"PK": {"S": "UNIQ#HANDLE#dp1"}, "SK": {"S": "LOCK"}})]}))
    return path


def run(capsys: pytest.CaptureFixture[str], path: Path, url: str, *more: str) -> tuple[int, Any, str]:
    code = main(["transact", str(path), "--endpoint-url", url, "--format", "json", *more])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def test_the_dry_run_of_a_preflight_whose_reads_fail_would_not_send(
        tmp_path: Path, endpoint_url: str, accounts_table: str, conn: Connection,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = signup_file(tmp_path, accounts_table)
    code, payload, _ = run(capsys, path, endpoint_url, "--dry-run")
    assert (code, payload["would_send"], payload.get("would_send_note")) == (0, True, None)
    with FaultProxy(endpoint_url) as proxy:
        for operation in READS:
            proxy.add("throttle", operation=operation, times=None)
        code, payload, _ = run(capsys, path, proxy.url, "--yes")
        assert (code, payload["status"]) == (2, "preflight-failed")
        assert proxy.requests("TransactWriteItems") == []
        code, payload, _ = run(capsys, path, proxy.url, "--dry-run")
        assert (code, payload["status"], payload["would_send"]) == (2, "dry-run", False)
        assert payload["preflight"] is None and "preflight could not read" in payload["preflight_note"]
        assert payload["would_send_note"].startswith("the preflight could not run")
        assert payload["body"].startswith('{"TransactItems"')  # the body, printed anyway
        # In words too: the note says why, the last line what --yes would do.
        assert main(["transact", str(path), "--endpoint-url", proxy.url, "--dry-run"]) == 2
        err = capsys.readouterr().err
        assert "note: The preflight could not read the items" in err
        assert "dry run: with --yes this transaction would not be sent: the preflight could not run" in err
    assert "Item" not in conn.client.get_item(TableName=accounts_table, Key={
        "PK": {"S": "ACCT#dp1"}, "SK": {"S": "PROFILE"}})


def test_the_dry_run_on_an_endpoint_that_is_down_would_not_send(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = signup_file(tmp_path, "accounts")
    code, payload, err = run(capsys, path, DOWN, "--yes")
    assert (code, payload) == (2, None) and "Endpoint unreachable" in err
    code, payload, _ = run(capsys, path, DOWN, "--dry-run")
    assert (code, payload["would_send"]) == (2, False)
    assert payload["preflight_note"].startswith("Could not connect")
    assert payload["would_send_note"].startswith("the preflight could not run")


def test_the_dry_run_on_a_read_only_connection_would_not_send(
        tmp_path: Path, endpoint_url: str, accounts_table: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--yes refuses a read-only connection before sending: the dry run says so, preflight or not."""
    path = signup_file(tmp_path, accounts_table)
    code, payload, _ = run(capsys, path, endpoint_url, "--dry-run", "--read-only")
    assert payload["preflight"] is not None and not payload["preflight"]["refusals"]  # it passed
    assert (code, payload["would_send"]) == (2, False)
    assert payload["would_send_note"].startswith("this connection is read-only")
    assert main(["transact", str(path), "--read-only", "--dry-run"]) == 2  # no connection given
    assert "would not be sent: this connection is read-only" in capsys.readouterr().err


def test_the_dry_run_on_a_remote_endpoint_names_the_confirm_table_yes_needs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = signup_file(tmp_path, "accounts")
    url = "https://dynamodb.example.invalid"  # never resolves: nothing can be read there either
    code, payload, _ = run(capsys, path, url, "--dry-run")
    assert (code, payload["would_send"]) == (2, False)
    assert payload["would_send_note"].endswith("is not on this machine: --yes also needs --confirm-table "
                                               "accounts.")
    code, payload, _ = run(capsys, path, url, "--dry-run", "--confirm-table", "accounts")
    assert (code, payload["would_send"]) == (2, False)
    assert payload["would_send_note"].startswith("the preflight could not run")
