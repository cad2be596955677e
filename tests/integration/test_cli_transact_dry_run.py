"""`dynoview transact --dry-run` with an endpoint reads the tables' key schemas first, so it
refuses what DynamoDB would (key types, index keys, missing tables) without sending anything."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.tx.model import import_text
from dynoview.core.tx.validation import validate_against
from tests.helpers import connect

pytestmark = pytest.mark.integration


def request_file(tmp_path: Path, *actions: dict[str, Any]) -> Path:
    path = tmp_path / "request.json"
    path.write_text(json.dumps({"TransactItems": list(actions)}))
    return path


def put(table: str, item: dict[str, Any]) -> dict[str, Any]:
    return {"Put": {"TableName": table, "Item": item}}


def test_dry_run_reads_the_key_types(tmp_path: Path, endpoint_url: str, accounts_table: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = request_file(tmp_path, put(accounts_table, {"PK": {"N": "1"}, "SK": {"S": "PROFILE"}}))
    # Offline the key's type is unknown: the body is printed.
    assert main(["transact", str(path), "--dry-run"]) == 0
    capsys.readouterr()
    # With the endpoint, DescribeTable says PK is a string: refused, nothing sent.
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url]) == 2
    err = capsys.readouterr().err
    assert "Action 1 › Item › PK: PK is the partition key of" in err
    assert "must be of type S, not N" in err


def test_dry_run_names_a_missing_table(tmp_path: Path, endpoint_url: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = request_file(tmp_path, put("no-such-table-dryrun", {"PK": {"S": "a"}, "SK": {"S": "b"}}))
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url, "--format", "json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "invalid"
    assert payload["problems"][0]["field"] == "table"
    assert "does not exist on this connection" in payload["problems"][0]["message"]


def test_dry_run_says_in_one_line_when_it_cannot_describe(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = request_file(tmp_path, put("accounts", {"PK": {"S": "a"}, "SK": {"S": "b"}}))
    # Nothing listens on port 9 (discard): the check runs without the schemas and says so. --yes
    # would send nothing there (exit 2), so the dry run exits 2 too (docs/cli-transact.md).
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", "http://127.0.0.1:9"]) == 2
    captured = capsys.readouterr()
    notes = [line for line in captured.err.splitlines() if line.startswith("note:")]
    # The endpoint probe names the cause (nothing listening) before DescribeTable is tried.
    assert len(notes) == 1 and notes[0].startswith("note: Could not connect")
    assert notes[0].endswith("checked without the tables, and the preflight did not run.")
    assert "with --yes this transaction would not be sent: the preflight could not run" in captured.err
    assert captured.out.startswith('{"TransactItems"')


def test_validate_against_reads_index_keys(endpoint_url: str, accounts_table: str) -> None:
    conn = connect(endpoint_url)
    info = conn.client.describe_table(TableName=accounts_table)["Table"]
    gsis = info.get("GlobalSecondaryIndexes") or []
    if not gsis:
        pytest.skip("the demo's accounts table has no GSI here")
    attr = gsis[0]["KeySchema"][0]["AttributeName"]
    kind = {a["AttributeName"]: a["AttributeType"] for a in info["AttributeDefinitions"]}[attr]
    wrong = {"S": {"N": "1"}, "N": {"S": "x"}, "B": {"S": "x"}}[kind]
    tx = import_text(json.dumps({"TransactItems": [
        put(accounts_table, {"PK": {"S": "ACCT#dry"}, "SK": {"S": "PROFILE"}, attr: wrong})]}))
    problems, note = validate_against(conn, tx)
    assert note == ""
    assert [(p.index, p.field) for p in problems if p.is_error] == [(0, f"item.{attr}")]


def test_dry_run_runs_the_preflight_and_exits_as_yes_would(tmp_path: Path, endpoint_url: str,
                                                          accounts_table: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # The account's email is not the value its lock holds: a missing lock and an orphan lock.
    path = request_file(
        tmp_path,
        put(accounts_table, {"PK": {"S": "ACCT#dr1"}, "SK": {"S": "PROFILE"}, "email": {"S": "dr@x.io"}}),
        put(accounts_table, {"PK": {"S": "UNIQ#EMAIL#other@x.io"}, "SK": {"S": "LOCK"}}))
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url]) == 2
    captured = capsys.readouterr()
    assert captured.out.startswith('{"TransactItems"')  # the body, printed anyway
    assert "Refused by the preflight: 2 uniqueness problem(s)" in captured.err
    assert "after: ACCT#dr1 holds email dr@x.io with no lock ✗ missing lock" in captured.err
    assert "dry run: with --yes this transaction would not be sent: the preflight refused it" in captured.err
    # --allow-broken-locks would send it: so the dry run exits 0.
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url,
                 "--allow-broken-locks"]) == 0
    capsys.readouterr()
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url, "--format", "json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "dry-run" and payload["body"].startswith('{"TransactItems"')
    assert payload["would_send"] is False and payload["preflight"]["refused"] is True
    assert payload["preflight_note"] is None
    assert {r["status"] for r in payload["preflight"]["refusals"]} == {"MISSING_LOCK", "ORPHAN_LOCK"}


def test_dry_run_of_a_case_clash_needs_accept_warnings(tmp_path: Path, endpoint_url: str,
                                                       accounts_table: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = request_file(
        tmp_path,
        put(accounts_table, {"PK": {"S": "ACCT#dr2"}, "SK": {"S": "PROFILE"},
                             "email": {"S": "ADA@Lovelace.io"}}),
        put(accounts_table, {"PK": {"S": "UNIQ#EMAIL#ADA@Lovelace.io"}, "SK": {"S": "LOCK"}}))
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url]) == 2
    err = capsys.readouterr().err
    assert "warning: Action 1: email ADA@Lovelace.io" in err and "pass --accept-warnings" in err
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url,
                 "--accept-warnings"]) == 0


def test_dry_run_without_a_connection_says_the_preflight_did_not_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = request_file(tmp_path, put("accounts", {"PK": {"S": "UNIQ#EMAIL#a@b.c"}, "SK": {"S": "LOCK"}}))
    assert main(["transact", str(path), "--dry-run"]) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if line.startswith("note:")]
    assert notes == ["note: The preflight did not run: no connection was given (--endpoint-url, --demo, "
                     "--profile or --region reads the table first)."]


def test_dry_run_with_add_guards_prints_the_body_yes_sends(
        tmp_path: Path, endpoint_url: str, accounts_table: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """--add-guards changes the request: the dry run prints that guarded body (text and JSON),
    byte for byte the one --yes then sends (before, it printed the file's body unguarded)."""
    from dynoview.core.tx.action_log import ActionLog

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = tmp_path / "request.json"
    path.write_text(json.dumps({"ClientRequestToken": "dry-run-guards-0001", "TransactItems": [
        put(accounts_table, {"PK": {"S": "ACCT#drg"}, "SK": {"S": "PROFILE"},
                             "email": {"S": "drg@x.io"}, "username": {"S": "drg"}}),
        put(accounts_table, {"PK": {"S": "UNIQ#EMAIL#drg@x.io"}, "SK": {"S": "LOCK"}}),
        put(accounts_table, {"PK": {"S": "UNIQ#HANDLE#drg"}, "SK": {"S": "LOCK"}})]}))
    flags = ["transact", str(path), "--endpoint-url", endpoint_url, "--add-guards"]
    assert main([*flags, "--dry-run"]) == 0
    captured = capsys.readouterr()
    previewed = captured.out.strip()
    assert "attribute_not_exists" in previewed, previewed  # the guards are in the preview
    assert "guard added: action 2: attribute_not_exists(PK) on the new email lock" in captured.err
    assert main([*flags, "--dry-run", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["body"] == previewed
    assert main([*flags, "--yes"]) == 0
    capsys.readouterr()
    sent = [e["request"] for e in ActionLog().entries() if e.get("token") == "dry-run-guards-0001"]
    assert sent == [json.loads(previewed)]


def test_add_guards_never_adds_a_guard_sure_to_fail_on_a_lock_that_is_there(
        tmp_path: Path, endpoint_url: str, accounts_table: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A re-put of an account and its two locks, all present: the preflight passes, and
    --add-guards put attribute_not_exists on both locks it had read as there, so the send was
    cancelled ("Email ... is already taken"). Locks read as present get no such guard."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    conn = connect(endpoint_url)
    items = [{"PK": {"S": "ACCT#rep"}, "SK": {"S": "PROFILE"}, "email": {"S": "rep@x.io"},
              "username": {"S": "rep"}},
             {"PK": {"S": "UNIQ#EMAIL#rep@x.io"}, "SK": {"S": "LOCK"}},
             {"PK": {"S": "UNIQ#HANDLE#rep"}, "SK": {"S": "LOCK"}}]
    for item in items:
        conn.client.put_item(TableName=accounts_table, Item=item)
    path = request_file(tmp_path, *(put(accounts_table, item) for item in items))
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--add-guards", "--yes"]) == 0
    captured = capsys.readouterr()
    assert "on the new email lock" not in captured.err and "on the new username lock" not in captured.err
    assert captured.out.startswith("succeeded"), captured.out + captured.err
