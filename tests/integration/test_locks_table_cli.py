"""`dynoview audit`, `diagnose` and `repair` on locks kept in a table of their own, on moto
and DynamoDB Local: the schema file's locks_table and the --locks-table flag."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.exports.writer import write_export
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema_file import schema_to_text
from tests.integration.locks_table_seed import FINDINGS, LOCKS, TwoTables, seeded_two_tables

pytestmark = pytest.mark.integration


@pytest.fixture
def two(conn: Connection) -> Iterator[TwoTables]:
    with seeded_two_tables(conn) as tables:
        yield tables


@pytest.fixture
def action_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    """The command's own action log (the profile's), in a folder of this test only."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _schema_file(two: TwoTables, tmp_path: Path, *, with_locks: bool = True) -> Path:
    path = tmp_path / "schema.json"
    data = json.loads(schema_to_text(two.schema))
    if not with_locks:
        del data["locks_table"]
    path.write_text(json.dumps(data))
    return path


def _findings(data: dict) -> set[tuple[str, str, str, tuple[str, ...]]]:
    return {(f["status"], f["rule"], f["value"], tuple(f["accounts"])) for f in data["findings"]}


def _locks(conn: Connection, two: TwoTables) -> set[str]:
    items = conn.client.scan(TableName=two.uniques, ConsistentRead=True)["Items"]
    return {i["pk"]["S"] for i in items}


def test_audit_json_from_the_schema_file_and_from_the_flag(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, two: TwoTables) -> None:
    base = ("audit", "--endpoint-url", endpoint_url, "--table", two.users, "--format", "json",
            "--consistent")
    code, out, err = run(capsys, *base, "--schema", str(_schema_file(two, tmp_path)))
    assert code == 1, err
    data = json.loads(out)
    assert _findings(data) == FINDINGS
    assert data["schema"]["locks_table"] == {"name": two.uniques, "pk_name": "pk", "sk_name": None,
                                             "accounts_table": two.users}
    # Without the locks table, every value looks unlocked: the accounts table holds no lock.
    data["schema"].pop("locks_table")
    data["schema"]["account_pk_prefix"] = "a"  # a valid single-table schema (accounts ada, ...)
    (tmp_path / "one.json").write_text(json.dumps(data["schema"]))
    code, out, _ = run(capsys, *base, "--schema", str(tmp_path / "one.json"))
    assert {f["status"] for f in json.loads(out)["findings"]} == {"MISSING_LOCK"}


def test_locks_table_flag_on_the_article_layout(capsys: pytest.CaptureFixture[str], conn: Connection,
                                                endpoint_url: str) -> None:
    # The article's default schema, its locks in a table keyed on pk alone: the flag takes the
    # key names from DescribeTable and drops the LOCK sort key.
    with seeded_two_tables(conn, article=True) as two:
        code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", two.users,
                             "--locks-table", two.uniques, "--format", "json", "--consistent")
        assert code == 1, err
        data = json.loads(out)
        expected = {(s, "username" if r == "username" else r, v, tuple(f"ACCT#{a}" for a in accts))
                    for s, r, v, accts in FINDINGS}
        assert _findings(data) == expected
        assert data["schema"]["locks_table"]["pk_name"] == "pk"
        assert {r["sk_value"] for r in data["schema"]["rules"]} == {None}
        orphan = next(f for f in data["findings"] if f["status"] == "ORPHAN_LOCK")
        assert orphan["lock_keys"] == [{"pk": {"S": "UNIQ#EMAIL#ghost@x.io"}}]
        code, out, err = run(capsys, "diagnose", "--endpoint-url", endpoint_url, "--table", two.users,
                             "--locks-table", two.uniques, "--rule", "username", "--format", "json",
                             "ada", "nobody")
        assert code == 0, err
        assert [(d["status"], d["lock_key"]) for d in json.loads(out)] == [
            ("OK", {"pk": {"S": "UNIQ#HANDLE#ada"}}), ("FREE", {"pk": {"S": "UNIQ#HANDLE#nobody"}})]


def test_audit_text_names_the_locks_table(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          endpoint_url: str, two: TwoTables) -> None:
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", two.users,
                         "--schema", str(_schema_file(two, tmp_path)))
    assert code == 1, err
    assert f"Locks read from table {two.uniques}." in out
    assert "ghost@x.io" in out and "bob@x.io" in out


def test_diagnose_reads_the_locks_table(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                        endpoint_url: str, two: TwoTables) -> None:
    code, out, err = run(capsys, "diagnose", "--endpoint-url", endpoint_url, "--table", two.users,
                         "--schema", str(_schema_file(two, tmp_path)), "--rule", "email", "--format", "json",
                         "ghost@x.io", "ada@x.io")
    assert code == 1, err  # the orphan
    data = json.loads(out)
    assert [(d["status"], d["lock_key"]) for d in data] == [
        ("ORPHAN_LOCK", {"pk": {"S": "email#ghost@x.io"}}), ("OK", {"pk": {"S": "email#ada@x.io"}})]


def test_repair_releases_and_claims_in_the_locks_table(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        two: TwoTables, action_log: ActionLog) -> None:
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", two.users,
                         "--schema", str(_schema_file(two, tmp_path)), "--format", "json",
                         "--no-receipts", "--consistent")
    assert code == 1, err
    report = tmp_path / "audit.json"
    report.write_text(out)
    code, out, err = run(capsys, "repair", str(report), "--endpoint-url", endpoint_url,
                         "--table", two.users, "--yes", "--rate", "50")
    assert code == 1, err  # the duplicate and the case clash need a person
    assert "email#ghost@x.io" in out and "email#bob@x.io" in out  # each repair's line
    assert _locks(conn, two) == (set(LOCKS) - {"email#ghost@x.io"}) | {"email#bob@x.io"}
    users = conn.client.scan(TableName=two.users, ConsistentRead=True)["Items"]
    assert len(users) == 5  # the accounts table is untouched
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", two.users,
                         "--schema", str(_schema_file(two, tmp_path)), "--format", "json", "--consistent")
    assert {f["status"] for f in json.loads(out)["findings"]} == {"DUPLICATE_VALUE", "CASE_CLASH"}


def test_watch_of_a_locks_table_schema_needs_both_streams(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         endpoint_url: str, two: TwoTables) -> None:
    # The watch follows both tables' streams (tests/integration/test_watch_locks_table.py); these
    # tables have none: the setting to turn one on, before any stream is read.
    code, out, err = run(capsys, "watch", "--endpoint-url", endpoint_url, "--table", two.users,
                         "--schema", str(_schema_file(two, tmp_path)))
    assert (code, out) == (2, "")
    assert f"Table {two.users} has no stream" in err and "--stream-specification" in err


def test_export_audit_refuses_a_schema_with_a_locks_table(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, conn: Connection, two: TwoTables) -> None:
    # An export is one table's: its accounts would all look unlocked.
    items = conn.client.scan(TableName=two.users, ConsistentRead=True)["Items"]
    folder = write_export(tmp_path / "export", two.users, items, files=1)
    code, out, err = run(capsys, "audit", "--export", str(folder),
                         "--schema", str(_schema_file(two, tmp_path)))
    assert (code, out) == (2, "")
    assert "keeps its locks in a table of their own" in err
