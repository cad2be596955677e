"""`dynoview diagnose` over HTTP: typed capitals, the orphan lock's origin, schema and key errors."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.demo_expectations import LOOKALIKE_EMAIL

pytestmark = pytest.mark.integration


def url(conn: Connection) -> str:
    """The endpoint behind the ``conn`` fixture (whichever local engine it runs on)."""
    assert conn.spec.endpoint_url
    return conn.spec.endpoint_url


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["diagnose", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_typed_capitals_print_the_stored_spelling_and_the_origin(
        capsys: pytest.CaptureFixture[str], conn: Connection, accounts_table: str,
        tmp_path: Path) -> None:
    code, out, err = run(capsys, "--endpoint-url", url(conn), "--table", accounts_table,
                         "--rule", "email", "--action-log", str(tmp_path / "a.jsonl"),
                         "Ken@Thompson.dev")
    assert code == 1, err
    first = out.splitlines()[0]
    assert first.startswith("You typed Ken@Thompson.dev; the lock stores ken@thompson.dev. "
                            "ken@thompson.dev is locked, and no account uses it: a stuck signup.")
    assert "Keep one spelling" not in out
    assert "  origin: stuck signup (evidence: the table's stream)" in out.splitlines()
    assert "  read: GetRecords" in out


def test_a_lookalike_email_is_reported_as_one(capsys: pytest.CaptureFixture[str], conn: Connection,
                                               accounts_table: str) -> None:
    """The demo's Cyrillic katherine: a lookalike clash in text and JSON, exit status 1."""
    code, out, err = run(capsys, "--endpoint-url", url(conn), "--table", accounts_table,
                         "--rule", "email", "--no-stream", LOOKALIKE_EMAIL)
    assert code == 1, err
    first = out.splitlines()[0]
    assert first.startswith(f"'{LOOKALIKE_EMAIL}' (with U+0430 CYRILLIC SMALL LETTER A) looks the same "
                            "as katherine@johnson.nasa but is a different value (ACCT#b8d966 uses "
                            "katherine@johnson.nasa; ACCT#0e1f2a uses ")
    assert "working as intended" not in out
    code, out, err = run(capsys, "--endpoint-url", url(conn), "--table", accounts_table,
                         "--rule", "email", "--no-stream", "--format", "json", LOOKALIKE_EMAIL)
    [d] = json.loads(out)
    assert (d["status"], d["typed"], d["stored"]) == ("LOOKALIKE_CLASH", LOOKALIKE_EMAIL, LOOKALIKE_EMAIL)
    assert sorted(d["accounts"]) == ["ACCT#0e1f2a", "ACCT#b8d966"]
    assert d["variant_lock_key"] == {"PK": {"S": "UNIQ#EMAIL#katherine@johnson.nasa"}, "SK": {"S": "LOCK"}}


def test_json_has_typed_stored_and_origin(capsys: pytest.CaptureFixture[str], conn: Connection,
                                          accounts_table: str, tmp_path: Path) -> None:
    code, out, err = run(capsys, "--endpoint-url", url(conn), "--table", accounts_table,
                         "--rule", "email", "--format", "json", "--action-log",
                         str(tmp_path / "a.jsonl"), "barbara@MIT.edu", "Margaret@Hamilton.space")
    assert code == 1, err
    barbara, margaret = json.loads(out)
    assert (barbara["typed"], barbara["stored"], barbara["status"]) == (
        "barbara@MIT.edu", "barbara@mit.edu", "ORPHAN_LOCK")
    assert barbara["lock_key"] == {"PK": {"S": "UNIQ#EMAIL#barbara@mit.edu"}, "SK": {"S": "LOCK"}}
    origin = barbara["origin"]
    assert (origin["kind"], origin["source"], origin["account"], origin["current_value"]) == (
        "left-by-change", "stream", "ACCT#4c5d6e", "barbara@liskov.io")
    assert origin["evidence"].startswith("The stream shows ACCT#4c5d6e's email changed from "
                                         "barbara@mit.edu to barbara@liskov.io")
    assert (margaret["status"], margaret["origin"]) == ("CASE_CLASH", None)
    assert margaret["typed"] == margaret["stored"] == "Margaret@Hamilton.space"


def test_without_stream_or_log_the_answer_says_either_or(
        capsys: pytest.CaptureFixture[str], conn: Connection, accounts_table: str,
        tmp_path: Path) -> None:
    code, out, _ = run(capsys, "--endpoint-url", url(conn), "--table", accounts_table,
                       "--rule", "email", "--no-stream", "--action-log", str(tmp_path / "a.jsonl"),
                       "barbara@mit.edu")
    assert code == 1
    assert "Nothing on record says how the lock got there: either it is a stuck signup" in out
    assert "  origin: origin unknown (evidence: no record found)" in out
    assert "GetRecords" not in out


def test_missing_schema_file_is_a_sentence_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                      conn: Connection, accounts_table: str,
                                                      tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    code, out, err = run(capsys, "--endpoint-url", url(conn), "--table", accounts_table,
                         "--rule", "email", "--schema", str(missing), "ada@lovelace.io")
    assert (code, out) == (2, "")
    assert err == (f"dynoview: The schema file cannot be used: {missing}: cannot read the schema "
                   "file (No such file or directory); check the path.\n")
    assert "a bug in DynoView" not in err


def test_a_table_with_number_keys_is_refused_before_sending(
        capsys: pytest.CaptureFixture[str], conn: Connection) -> None:
    name = f"numbers-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "deviceId", "AttributeType": "N"}],
        KeySchema=[{"AttributeName": "deviceId", "KeyType": "HASH"}])
    try:
        code, out, err = run(capsys, "--endpoint-url", url(conn), "--table", name,
                             "--rule", "email", "ada@lovelace.io")
    finally:
        conn.client.delete_table(TableName=name)
    assert (code, out) == (2, "")
    assert f"Table {name} cannot hold lock keys: its partition key deviceId holds numbers" in err
    assert "ValidationException" not in err


def test_unknown_rule_is_one_sentence_without_the_name_twice(
        capsys: pytest.CaptureFixture[str], conn: Connection, accounts_table: str,
        tmp_path: Path) -> None:
    code, out, err = run(capsys, "--endpoint-url", url(conn), "--table", accounts_table,
                         "--rule", "phone", "--action-log", str(tmp_path / "a.jsonl"), "x")
    assert code == 2 and out == ""
    assert err.strip() == ("dynoview: No uniqueness rule named 'phone'; the schema has: email, "
                           "username. Pick one of those rules.")
