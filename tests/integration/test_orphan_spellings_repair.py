"""Stuck signups in two spellings (``Ada@x.io`` and ``ada@x.io``, or ``''`` and ``'   '`` under a
trimming rule) that no account holds: the audit (core and CLI), the export audit (DuckDB and
Athena's SQL), diagnose and repair all call each an orphan lock; repair releases both and the
audit is clean of them after. A spelling an account holds keeps its group a case clash, left to
a person. On moto and DynamoDB Local."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.run import run_audit
from dynoview.core.exports import duckdb_engine as export_duckdb
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports, finding_keys
from dynoview.core.exports.sql import ATHENA_TWIN
from dynoview.core.exports.writer import write_export
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    default_schema,
)
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration

CASES = [
    pytest.param(NORMALISE_NONE, ["Ada@x.io", "ada@x.io"], id="none"),
    pytest.param(NORMALISE_LOWER, ["Ada@x.io", "ada@x.io"], id="lowercase"),
    pytest.param(NORMALISE_TRIM_LOWER, ["", "   "], id="trim-lowercase"),
]
# An account holding one spelling of bob@x.io keeps that group a clash (a person's decision).
HELD_CLASH = ("Bob@x.io", "bob@x.io")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, json.loads(out.out) if out.out.strip().startswith(("{", "[")) else out.out + out.err


def scan_all(conn: Connection, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for page in conn.client.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(page["Items"])
    return items


def audited(findings: list[dict[str, Any]]) -> list[tuple[str, str, tuple[str, ...]]]:
    return sorted((f["status"], f["value"], tuple(f["accounts"])) for f in findings)


@pytest.mark.parametrize(("mode", "spellings"), CASES)
def test_orphan_spellings_are_orphans_everywhere_and_repair_releases_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        endpoint_url: str, conn: Connection, mode: str, spellings: list[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the repair's action log
    with empty_accounts_table(conn) as table:
        info = describe_table(conn, table)
        base = default_schema(info)
        schema = dataclasses.replace(base, rules=tuple(dataclasses.replace(r, normalisation=mode)
                                                       for r in base.rules))
        schema_file = tmp_path / "schema.json"
        schema_file.write_text(json.dumps(schema.to_json()))
        for value in spellings:
            conn.client.put_item(TableName=table, Item=lock_key("EMAIL", value))
        conn.client.put_item(TableName=table, Item={**account_key("bob"), "email": s(HELD_CLASH[0])})
        for value in HELD_CLASH:
            conn.client.put_item(TableName=table, Item=lock_key("EMAIL", value))
        orphans = sorted(("ORPHAN_LOCK", v, ()) for v in spellings)
        clash = ("CASE_CLASH", "bob@x.io", ("ACCT#bob",))
        common = ("--endpoint-url", endpoint_url, "--table", table)

        # The audit, core and command.
        now = datetime.now(UTC)
        live = run_audit(Reader(conn), info, schema, consistent=True, now=now)
        assert sorted((f.status, f.value, f.account_ids) for f in live.findings) == sorted([*orphans, clash])
        code, report = cli(capsys, "audit", *common, "--schema", str(schema_file), "--format", "json",
                           "--no-receipts", "--consistent")
        assert code == 1 and audited(report["findings"]) == sorted([*orphans, clash])
        for f in report["findings"]:
            if f["status"] == "ORPHAN_LOCK":
                assert "is locked, and no account uses it" in f["sentence"]

        # The export audit of the same items: DuckDB (checked against the rules in Python) ...
        folder = write_export(tmp_path / "export", table, scan_all(conn, table), files=2)
        exported = audit_exports([str(folder)], schema,
                                 options=ExportAuditOptions(ttl_attribute=info.ttl_attribute, now=now))
        assert finding_keys(exported.result.findings) == finding_keys(live.findings)
        # ... and Athena's SQL, run by its DuckDB twin.
        data_files = [str(p) for p in sorted((folder / "data").iterdir())]
        twin = export_duckdb.plan(schema, [(data_files, False)], ttl_attribute=info.ttl_attribute,
                                  now=now, dialect=ATHENA_TWIN)
        _counts, rows = export_duckdb.run(twin, export_duckdb.DuckDBSettings(tmp_path / "twin"))
        assert sorted((r[1], r[3]) for r in rows if r[0] == "finding") == sorted(
            [(st, v) for st, v, _ in orphans] + [clash[:2]])

        # Diagnose: each spelling a stuck signup of its own, not a clash.
        typed = [v for v in spellings if v]  # the empty value cannot be typed
        code, answers = cli(capsys, "diagnose", *common, "--schema", str(schema_file), "--rule", "email",
                            "--format", "json", "--no-stream", "--", *typed)
        assert [a["status"] for a in answers] == ["ORPHAN_LOCK"] * len(typed)
        assert not any("Keep one spelling" in a["sentence"] for a in answers)

        # Repair: both released (re-checked and guarded), the held clash left to a person.
        path = tmp_path / "audit.json"
        path.write_text(json.dumps(report))
        code, repaired = cli(capsys, "repair", str(path), *common, "--yes", "--format", "json",
                             "--rate", "50")
        assert code == 1, repaired  # the held clash needs a decision
        assert sorted((o["kind"], o["status"]) for o in repaired["outcomes"]) == [
            ("release", "applied")] * len(spellings)
        assert [d["status"] for d in repaired["decisions"]] == ["CASE_CLASH"]
        for value in spellings:
            assert "Item" not in conn.client.get_item(TableName=table, Key=lock_key("EMAIL", value),
                                                      ConsistentRead=True)

        code, after = cli(capsys, "audit", *common, "--schema", str(schema_file), "--format", "json",
                          "--no-receipts", "--consistent")
        assert code == 1 and audited(after["findings"]) == [clash]
