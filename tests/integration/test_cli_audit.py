"""The headless `audit` and `diagnose` commands: output, exit status, errors on stderr."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.schema_file import schema_to_text
from tests.demo_expectations import DEMO_FINDINGS

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_audit_json_and_exit_status(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                    accounts_table: str) -> None:
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--format", "json", "--segments", "2", "--consistent", "--read-only")
    assert code == 1, err
    data = json.loads(out)
    assert data["format"] == "dynoview-audit" and data["table"] == accounts_table
    assert data["counts"] == {"OK": 30, "MISSING_LOCK": 1, "ORPHAN_LOCK": 2, "DUPLICATE_VALUE": 1,
                              "EXPIRED": 1, "CASE_CLASH": 1, "LOOKALIKE_CLASH": 1}
    assert data["scan"]["segments"] == 2 and data["scan"]["consistency"] == "strong"
    assert {r["consistency"] for r in data["receipts"]} == {"strong"}
    assert {f["status"] for f in data["findings"]} == {
        "ORPHAN_LOCK", "MISSING_LOCK", "DUPLICATE_VALUE", "EXPIRED", "CASE_CLASH", "LOOKALIKE_CLASH"}


def test_audit_clean_with_custom_schema_exits_0(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                endpoint_url: str, accounts_table: str) -> None:
    # A rule nobody uses: no locks, no values, so nothing to report.
    schema = UniquenessSchema(rules=(LockRule("phone", "phone", "UNIQ#PHONE#{value}"),))
    path = tmp_path / "schema.json"
    path.write_text(schema_to_text(schema))
    code, out, _ = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--schema", str(path))
    assert code == 0
    assert "No problems found." in out and f"schema file {path}" in out


def test_audit_errors_exit_2_with_sentence(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           endpoint_url: str, accounts_table: str) -> None:
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", "no-such-table")
    assert (code, out) == (2, "")
    assert "Table no-such-table does not exist" in err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rules": [{"attribute": "email", "pk_template": "UNIQ#E#",}]}))
    code, _, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--schema", str(bad))
    assert code == 2
    assert f"{bad}: rules[0].pk_template: pk_template must contain {{value}}" in err
    with pytest.raises(SystemExit) as caught:  # refused as the flags are read, naming the flag
        run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
            "--segments", "0")
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "argument --segments: give a whole number from 1 to 64" in err


def test_diagnose_text_json_and_exit_status(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                            accounts_table: str) -> None:
    code, out, _ = run(capsys, "diagnose", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--rule", "email", "ada@lovelace.io", "nobody@example.com")
    assert code == 0
    assert "ada@lovelace.io is locked and belongs to account ACCT#a1f9c3" in out
    assert "nobody@example.com is free" in out
    code, out, _ = run(capsys, "diagnose", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--rule", "username", "--format", "json", "linus")
    assert code == 1
    [d] = json.loads(out)
    assert d["status"] == "MISSING_LOCK" and d["method"] == "scan" and d["accounts"] == ["ACCT#1d2e3f"]
    code, _, err = run(capsys, "diagnose", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--rule", "phone", "x")
    assert code == 2 and "No uniqueness rule named 'phone'" in err


def test_detect_flag(capsys: pytest.CaptureFixture[str], endpoint_url: str, accounts_table: str) -> None:
    code, out, _ = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--detect")
    assert code == 1
    assert "detected: Accounts: PK begins with ACCT#" in out


def test_module_entry_point_with_demo() -> None:
    proc = subprocess.run([sys.executable, "-m", "dynoview", "audit", "--demo", "--table", "accounts",
                           "--format", "json", "--no-receipts"],
                          capture_output=True, text=True, timeout=90, check=False)
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)
    assert sum(data["counts"].values()) - data["counts"]["OK"] == len(DEMO_FINDINGS)
    assert "receipts" not in data


def test_audit_of_a_table_the_schema_does_not_describe_exits_2(capsys: pytest.CaptureFixture[str],
                                                                endpoint_url: str, conn) -> None:
    from dynoview.demo.backend import create_metrics_table

    name = "metrics-audit-nomatch"
    create_metrics_table(conn, name)
    try:
        code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", name)
    finally:
        conn.client.delete_table(TableName=name)
    assert code == 2 and out == ""
    assert f"no account or lock in {name} matched the uniqueness schema" in err
    assert "No problems found" not in err


def test_audit_with_a_missing_schema_file_is_a_sentence(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path, endpoint_url: str,
                                                       accounts_table: str) -> None:
    code, _out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                          "--schema", str(tmp_path / "missing.json"))
    assert code == 2
    assert "cannot read the schema file" in err and "Unexpected" not in err
