"""`dynoview transact` against a real local endpoint over HTTP."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.reads.reader import Reader
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.values.dynamodb_json import to_dynamodb_json

pytestmark = pytest.mark.integration
S = article_schema()


def signup_file(tmp_path: Path, table: str, acct: str, email: str, username: str) -> tuple[Path, Any]:
    item = {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
            "username": {"S": username}}
    tx = sign_up(S, table, item)
    request = json.loads(preview_text(tx.to_request()))
    path = tmp_path / f"{acct}.json"
    path.write_text(json.dumps(request, indent=2))
    return path, tx


def test_signup_then_taken_email(tmp_path: Path, endpoint_url: str, accounts_table: str,
                                 reader: Reader, capsys: pytest.CaptureFixture[str]) -> None:
    first, _ = signup_file(tmp_path, accounts_table, "c1", "cli@x.io", "cli1")
    assert main(["transact", str(first), "--endpoint-url", endpoint_url, "--yes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("succeeded: The transaction was applied: 3 actions written.")
    assert f"action 2 written: Put {accounts_table} PK=UNIQ#EMAIL#cli@x.io, SK=LOCK" in out

    second, _ = signup_file(tmp_path, accounts_table, "c2", "cli@x.io", "cli2")
    # The preflight sees the taken email and refuses before sending...
    assert main(["transact", str(second), "--endpoint-url", endpoint_url, "--yes"]) == 2
    assert "cli@x.io is held by ACCT#c1: pick another email" in capsys.readouterr().err
    # ...and with the override, DynamoDB's own condition cancels it, explained per action.
    assert main(["transact", str(second), "--endpoint-url", endpoint_url, "--yes",
                 "--allow-broken-locks"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("cancelled: Nothing was written.")
    # An action that held says "passed", never DynamoDB's placeholder code "None".
    assert lines[2] == ("action 1 passed: This action passed its checks; it was not written because "
                        "another action was cancelled.")
    assert lines[3].startswith("action 2 ConditionalCheckFailed email: Email cli@x.io is already taken.")
    assert lines[4].startswith("action 3 passed:")
    assert not [line for line in lines if " None" in line]
    assert reader.get_item(accounts_table, {"PK": {"S": "ACCT#c2"}, "SK": {"S": "PROFILE"}}) is None


def test_invalid_file_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#EMAIL#a@b.c"}, "SK": {"S": "LOCK"}}}},
        {"Update": {"TableName": "accounts", "Key": {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}},
                    "UpdateExpression": "SET #n0 = :v0", "ExpressionAttributeNames": {"#n0": "email"}}},
        {"Delete": {"TableName": "accounts", "Key": {"PK": {"S": "UNIQ#EMAIL#a@b.c"}, "SK": {"S": "LOCK"}}}},
    ]))
    assert main(["transact", str(path), "--endpoint-url", "http://127.0.0.1:9", "--yes"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "The request is invalid; nothing was sent."
    assert err[1].startswith("warning: Action 1 › Condition: This Put writes the email lock")
    assert err[2].startswith("error: Action 2 › Update expression: :v0 is used in the expression")
    assert err[3].startswith("error: Action 3 › Key: Action 1 already acts on this item")


def test_import_errors_exit_2_with_locations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"TransactItems": [{"Put": {"TableName": "accounts", "Item": {"n": {"N": "abc"}}}}]}')
    assert main(["transact", str(path), "--demo", "--yes", "--format", "json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "invalid"
    assert payload["problems"][0]["action"] == 1 and payload["problems"][0]["field"] == "item.n"


def test_dry_run_prints_the_exact_body_and_sends_nothing(tmp_path: Path, endpoint_url: str,
                                                         accounts_table: str, reader: Reader,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path, tx = signup_file(tmp_path, accounts_table, "dry1", "dry@x.io", "dry")
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--dry-run", "--yes"]) == 0
    assert capsys.readouterr().out == preview_text(tx.to_request()) + "\n"
    assert reader.get_item(accounts_table, {"PK": {"S": "ACCT#dry1"}, "SK": {"S": "PROFILE"}}) is None


def test_without_yes_nothing_is_sent(tmp_path: Path, endpoint_url: str, accounts_table: str,
                                     reader: Reader, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = signup_file(tmp_path, accounts_table, "ny1", "ny@x.io", "ny")
    assert main(["transact", str(path), "--endpoint-url", endpoint_url]) == 2
    assert "Not executed: pass --yes" in capsys.readouterr().err
    assert reader.get_item(accounts_table, {"PK": {"S": "ACCT#ny1"}, "SK": {"S": "PROFILE"}}) is None


def test_read_only_refuses(tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
                           capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = signup_file(tmp_path, accounts_table, "ro1", "ro@x.io", "ro")
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--read-only", "--yes"]) == 2
    assert "read-only" in capsys.readouterr().err
    assert reader.get_item(accounts_table, {"PK": {"S": "ACCT#ro1"}, "SK": {"S": "PROFILE"}}) is None


def test_json_output_and_binary(tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
                                capsys: pytest.CaptureFixture[str]) -> None:
    item = {"PK": {"S": "ACCT#bin"}, "SK": {"S": "PROFILE"}, "blob": {"B": b"\x00\x01"}}
    path = tmp_path / "bin.json"
    path.write_text(json.dumps({"TransactItems": [{"Put": {
        "TableName": accounts_table, "Item": {k: to_dynamodb_json(v) for k, v in item.items()}}}]}))
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes", "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "succeeded"
    assert reader.get_item(accounts_table, {"PK": {"S": "ACCT#bin"}, "SK": {"S": "PROFILE"}}) == item


def test_module_entry_point_with_demo(tmp_path: Path) -> None:
    path = tmp_path / "stuck.json"
    path.write_text(json.dumps({"TransactItems": [{"Put": {
        "TableName": "accounts", "Item": {"PK": {"S": "ACCT#z9"}, "SK": {"S": "PROFILE"},
                                          "email": {"S": "ken@thompson.dev"}},
        "ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}},
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"},
                                                   "SK": {"S": "LOCK"}},
                 "ConditionExpression": "attribute_not_exists(#n0)",
                 "ExpressionAttributeNames": {"#n0": "PK"},
                 "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]}))
    # The preflight reads the demo's stuck-signup lock and refuses the guarded Put DynamoDB would
    # cancel; sent anyway (the override), DynamoDB's own cancellation is explained.
    done = subprocess.run([sys.executable, "-m", "dynoview", "transact", str(path), "--demo", "--yes",
                           "--allow-broken-locks"],
                          capture_output=True, text=True, timeout=120, check=False,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 1, done.stderr
    assert "DynamoDB would cancel this transaction" in done.stderr
    assert "action 2 ConditionalCheckFailed email: Email ken@thompson.dev is already taken." in done.stdout


def test_remote_endpoint_needs_the_table_name_too(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # .invalid never resolves: the refusal must come before any request is attempted.
    path, _ = signup_file(tmp_path, "accounts", "rm1", "remote@x.io", "remote")
    url = "https://dynamodb.example.invalid"
    assert main(["transact", str(path), "--endpoint-url", url, "--yes"]) == 2
    err = capsys.readouterr().err
    assert "is not on this machine" in err and "--confirm-table accounts" in err
    assert main(["transact", str(path), "--endpoint-url", url, "--yes",
                 "--confirm-table", "other"]) == 2
    assert "--confirm-table accounts" in capsys.readouterr().err


def test_a_condition_check_is_said_to_have_held_not_to_be_written(
        tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    first, _ = signup_file(tmp_path, accounts_table, "c7", "held@x.io", "held7")
    assert main(["transact", str(first), "--endpoint-url", endpoint_url, "--yes"]) == 0
    capsys.readouterr()
    key = {"PK": {"S": "ACCT#c7"}, "SK": {"S": "PROFILE"}}
    path = tmp_path / "check.json"
    path.write_text(json.dumps({"TransactItems": [
        {"ConditionCheck": {"TableName": accounts_table,
                            "Key": {"PK": {"S": "UNIQ#EMAIL#held@x.io"}, "SK": {"S": "LOCK"}},
                            "ConditionExpression": "attribute_exists(PK)"}},
        {"Update": {"TableName": accounts_table, "Key": key, "UpdateExpression": "SET displayName = :d",
                    "ExpressionAttributeValues": {":d": {"S": "Held"}}}}]}))
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("succeeded: The transaction was applied: 1 action written, 1 condition "
                          "check held."), out
    assert f"action 1 held: ConditionCheck {accounts_table}" in out and "action 2 written: Update" in out
