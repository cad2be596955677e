"""The write commands' own output escapes table data too: ``transact`` (its result lines quote
the keys written, a cancellation the values taken), ``repair`` (its plan and progress quote the
audit report's values, read from the table), ``tables`` (key and TTL attribute names, any UTF-8
in DynamoDB) and ``import``'s preview (the file's values). Text output holds no control, bidi or
invisible character raw; JSON output holds none raw either and decodes to exactly the data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.values.visible_text import visible, visible_value
from tests.security.test_terminal_escapes import (  # noqa: F401 - fixtures
    PAYLOADS,
    _s,
    assert_safe,
    conn,
    dangerous,
    hostile_table,
    run,
)

pytestmark = pytest.mark.security


@pytest.fixture
def action_log_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def _request(path: Path, table: str, n: int, text: str) -> Path:
    path.write_text(json.dumps({"TransactItems": [{"Put": {"TableName": table, "Item": {
        "PK": _s(f"DOC#{n}{text}"), "SK": _s(text), "body": _s(text)}}}]}))
    return path


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_transact_output_escapes_the_keys_it_wrote(
        fmt: str, capsys: pytest.CaptureFixture[str], conn: Connection, moto_endpoint: str,  # noqa: F811
        hostile_table: str, action_log_home: Path) -> None:  # noqa: F811
    for n, text in enumerate(PAYLOADS):
        request = _request(action_log_home / f"r{n}.json", hostile_table, n, text)
        code, out, err = run(capsys, "transact", str(request), "--endpoint-url", moto_endpoint,
                             "--yes", "--format", fmt)
        assert code == 0, err
        assert_safe(out, err)
        if fmt == "json":
            assert json.loads(out)["status"] == "succeeded"
        else:
            assert "action 1 written: Put" in out
            # shown as escapes, backslashes doubled: the key reads back one way
            assert visible_value(text) in out


def test_transact_cancellation_escapes_the_values_taken(
        capsys: pytest.CaptureFixture[str], conn: Connection, moto_endpoint: str,  # noqa: F811
        hostile_table: str, action_log_home: Path) -> None:  # noqa: F811
    """A signup taking an email held by a hostile orphan lock: the sentence quotes the value."""
    text = PAYLOADS[1]
    path = action_log_home / "signup.json"
    path.write_text(json.dumps({"TransactItems": [
        {"Put": {"TableName": hostile_table, "Item": {"PK": _s("ACCT#taker"), "SK": _s("PROFILE"),
                                                      "email": _s(text)}}},
        {"Put": {"TableName": hostile_table, "Item": {"PK": _s(f"UNIQ#EMAIL#{text}"), "SK": _s("LOCK")},
                 "ConditionExpression": "attribute_not_exists(PK)"}}]}))
    for fmt in ("text", "json"):
        code, out, err = run(capsys, "transact", str(path), "--endpoint-url", moto_endpoint, "--yes",
                             "--allow-broken-locks", "--format", fmt)
        assert code == 1, err
        assert_safe(out, err)
        if fmt == "json":
            payload = json.loads(out)
            # The sentence quotes the value as text output does (``visible_value``): prose, whose
            # value cannot end the line or read like another.
            assert payload["status"] == "cancelled" and visible_value(text) in payload["message"]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_repair_output_escapes_the_report_values(
        fmt: str, capsys: pytest.CaptureFixture[str], moto_endpoint: str,
        hostile_table: str, action_log_home: Path) -> None:  # noqa: F811
    code, out, err = run(capsys, "audit", "--endpoint-url", moto_endpoint, "--table", hostile_table,
                         "--format", "json", "--no-receipts", "--consistent")
    assert code == 1, err
    report = action_log_home / "audit.json"
    report.write_text(out)
    assert PAYLOADS[1] in {f.get("value") for f in json.loads(out)["findings"]}  # exact values
    code, out, err = run(capsys, "repair", str(report), "--endpoint-url", moto_endpoint,
                         "--table", hostile_table, "--dry-run", "--format", fmt)
    assert code in (0, 1), err
    assert_safe(out, err)
    if fmt == "json":  # the same data
        assert any(PAYLOADS[1] in o["title"] for o in json.loads(out)["outcomes"])
    else:
        assert visible(PAYLOADS[1]) in out


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_tables_escapes_attribute_names(fmt: str, capsys: pytest.CaptureFixture[str],
                                        conn: Connection, moto_endpoint: str) -> None:  # noqa: F811
    name, key = "escapes-attribute-names", f"{PAYLOADS[1]}PK"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": key, "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": key, "KeyType": "HASH"}])
    try:
        code, out, err = run(capsys, "tables", "--endpoint-url", moto_endpoint, "--format", fmt)
        assert code == 0, err
        assert_safe(out, err)
        if fmt == "json":
            assert [key] in [t["keys"] for t in json.loads(out)]
        else:
            assert f"Keys: {visible(key)} (S)" in out
    finally:
        conn.client.delete_table(TableName=name)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_import_preview_escapes_the_file_values(
        fmt: str, capsys: pytest.CaptureFixture[str], conn: Connection, moto_endpoint: str,  # noqa: F811
        hostile_table: str, action_log_home: Path) -> None:  # noqa: F811
    path = action_log_home / "items.jsonl"
    path.write_text("".join(json.dumps({"PK": f"DOC#{n}", "SK": text, "note": text}) + "\n"
                            for n, text in enumerate(PAYLOADS)))
    more = ["--json"] if fmt == "json" else []
    code, out, err = run(capsys, "import", str(path), "--table", hostile_table, "--endpoint-url",
                         moto_endpoint, "--dry-run", "--preview", str(len(PAYLOADS)), *more)
    assert code == 0, err
    assert_safe(out, err)
    if fmt == "json":
        preview = json.loads(out)["preview"]["preview"]  # the same data
        assert [p["values"]["note"] for p in preview] == [{"S": text} for text in PAYLOADS]
