"""`dynoview repair REPORT`: exit status, dry run, read-only, resume, and Ctrl+C in a real process."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from tests.helpers import connect

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _report(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str, path: Path,
            keep: set[str] | None = None) -> Path:
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", table,
                         "--format", "json", "--no-receipts", "--consistent")
    assert code == 1, err
    data = json.loads(out)
    if keep is not None:
        data["findings"] = [f for f in data["findings"] if f["status"] in keep]
    path.write_text(json.dumps(data))
    return path


def _snapshot(conn: Connection, table: str) -> list[str]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(json.dumps(i, sort_keys=True, default=repr) for i in items)


@pytest.fixture
def action_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    """The command's own action log (the profile's), in a folder of this test only."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


def test_repair_exit_status_state_file_and_resume(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    code, out, err = run(capsys, "repair", str(report), "--endpoint-url", endpoint_url,
                         "--table", accounts_table, "--yes", "--rate", "50")
    assert code == 1, err  # the duplicate, the clashes and the expired lock need a person
    assert "Will release 2 orphan locks and claim 1 missing lock; 4 findings need a decision." in out
    assert out.count("] applied: ") == 3
    assert "[DUPLICATE_VALUE]" in out and "[CASE_CLASH]" in out and "[EXPIRED]" in out
    assert "[LOOKALIKE_CLASH]" in out
    assert "3 applied; 4 need a decision." in out
    assert len(action_log.entries()) == 3
    state = tmp_path / "audit.repair-state.json"
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    assert len(json.loads(state.read_text())["done"]) == 3

    # Run again: everything was done; nothing is read for those findings, nothing sent.
    code, out, _ = run(capsys, "repair", str(report), "--endpoint-url", endpoint_url,
                       "--table", accounts_table, "--yes")
    assert code == 1 and "Resuming: 3 findings were done" in out and "(3 by an earlier run)" in out
    assert len(action_log.entries()) == 3

    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--format", "json", "--no-receipts")
    counts = json.loads(out)["counts"]
    assert (counts["ORPHAN_LOCK"], counts["MISSING_LOCK"]) == (0, 0)
    assert (counts["DUPLICATE_VALUE"], counts["CASE_CLASH"], counts["EXPIRED"]) == (1, 1, 1)


def test_exit_0_when_every_automatic_repair_applied_or_was_fixed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "r.json",
                     keep={"ORPHAN_LOCK", "MISSING_LOCK"})
    # One of them gets fixed by hand in between: skipped, still a clean run.
    conn.client.delete_item(TableName=accounts_table,
                            Key={"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}})
    code, out, err = run(capsys, "repair", str(report), "--endpoint-url", endpoint_url,
                         "--table", accounts_table, "--yes", "--rate", "50", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["exit"] == 0 and data["decisions"] == []
    assert sorted(o["status"] for o in data["outcomes"]) == ["already-fixed", "applied", "applied"]
    assert len(action_log.entries()) == 2


def test_dry_run_prints_each_exact_request_and_sends_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    before = _snapshot(conn, accounts_table)
    code, out, err = run(capsys, "repair", str(report), "--endpoint-url", endpoint_url,
                         "--table", accounts_table, "--dry-run", "--rate", "50")
    assert code == 1, err
    bodies = [json.loads(line) for line in out.splitlines() if line.startswith("  {\"TransactItems\"")]
    assert len(bodies) == 3
    assert {b["TransactItems"][0].get("Delete", b["TransactItems"][0].get("Put", {})).get("Key", {})
            .get("PK", {}).get("S") for b in bodies} >= {"UNIQ#EMAIL#ken@thompson.dev",
                                                         "UNIQ#EMAIL#barbara@mit.edu"}
    assert "Dry run, nothing sent: 3 planned" in out
    assert _snapshot(conn, accounts_table) == before
    assert action_log.entries() == [] and not (tmp_path / "audit.repair-state.json").exists()


def test_refusals_exit_2_with_a_sentence(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    before = _snapshot(conn, accounts_table)
    base = ["repair", str(report), "--endpoint-url", endpoint_url]
    # Read-only: the session refuses writes; the command says so before reading anything.
    code, _, err = run(capsys, *base, "--table", accounts_table, "--yes", "--read-only")
    assert code == 2 and "This connection is read-only: nothing was repaired" in err
    # Neither --yes nor --dry-run: the plan, and nothing sent.
    code, out, err = run(capsys, *base, "--table", accounts_table)
    assert code == 2 and "Will release 2 orphan locks" in out and "pass --yes to repair" in err
    # An endpoint that is not on this machine: --yes needs the table name typed, checked before
    # anything (even DescribeTable) goes there.
    code, _, err = run(capsys, "repair", str(report), "--endpoint-url",
                       "https://dynamodb.eu-west-1.amazonaws.com", "--table", accounts_table, "--yes")
    assert code == 2 and f"Pass --confirm-table {accounts_table} with --yes" in err
    # Another table than the report's.
    code, _, err = run(capsys, *base, "--table", "other-table", "--yes")
    assert code == 2 and f"the report is an audit of {accounts_table}, not other-table" in err
    # Not a report.
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"TransactItems": []}))
    code, _, err = run(capsys, "repair", str(bad), "--endpoint-url", endpoint_url, "--table",
                       accounts_table, "--yes")
    assert code == 2 and "not a DynoView audit report" in err
    code, _, err = run(capsys, "repair", str(tmp_path / "missing.json"), "--endpoint-url",
                       endpoint_url, "--table", accounts_table, "--yes")
    assert code == 2 and "Cannot read the report" in err
    # A --resume file made for another report.
    other = tmp_path / "other-state.json"
    other.write_text(json.dumps({"format": "dynoview-repair-state", "table": accounts_table,
                                 "report_sha256": "0" * 64, "done": []}))
    code, _, err = run(capsys, *base, "--table", accounts_table, "--yes", "--resume", str(other))
    assert code == 2 and "belongs to another report" in err
    # A state file that cannot be written: refused before anything is sent.
    code, _, err = run(capsys, *base, "--table", accounts_table, "--yes", "--resume",
                       str(report / "state.json"))  # under a file, not a folder
    assert code == 2 and "cannot write the state file" in err and "Nothing was sent" in err
    assert _snapshot(conn, accounts_table) == before and action_log.entries() == []


def _spawn(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    code = "import sys; from dynoview.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def test_ctrl_c_stops_where_it_is_and_the_next_run_continues(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog) -> None:
    """A real process and a real SIGINT: the finding in flight finishes, the rest wait."""
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # XDG_DATA_HOME: this test's, from the fixture
    args = ["repair", str(report), "--endpoint-url", endpoint_url, "--table", accounts_table,
            "--yes", "--rate", "0.5"]  # two seconds between findings: time to press Ctrl+C
    proc = _spawn(args, env)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        lines: list[str] = []
        while not any(line.startswith("[1/3]") for line in lines):
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            lines.append(line)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 1, err
    assert ("\ndynoview: Ctrl+C: stopping after the finding in progress: its transaction, if sent, is "
            "settled first") in err
    assert "The run was cancelled at finding 2 of 3" in err and "Run the same command again" in err
    assert "1 applied, 2 not done yet" in out
    assert len(action_log.entries()) == 1

    code, out, err = run(capsys, *args[:-1], "50")
    assert code == 1, err
    assert "Resuming: 1 finding was done" in out and "3 applied (1 by an earlier run)" in out
    sent: list[Any] = [e["request"]["TransactItems"][0] for e in action_log.entries()]
    keys = [json.dumps(next(iter(a.values())).get("Key") or next(iter(a.values()))["Item"],
                       sort_keys=True) for a in sent]
    assert len(keys) == 3 and len(set(keys)) == 3  # no finding acted on twice


def test_a_state_file_of_another_endpoint_is_never_resumed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, moto_endpoint: str,
        dynamodb_local_endpoint: str, action_log: ActionLog) -> None:
    """The same report repaired first on a copy (another endpoint, a table of the same name):
    before, the run on the real table read the copy's state file, said "3 applied (3 by an
    earlier run)", exit 0, and sent nothing; its orphan locks and missing lock stayed."""
    from dynoview.demo.backend import create_accounts_table, seed_accounts

    real, copy = connect(moto_endpoint), connect(dynamodb_local_endpoint)
    name = f"accounts-{uuid.uuid4().hex[:8]}"
    for conn in (real, copy):
        create_accounts_table(conn, name)
        seed_accounts(conn, name)
    try:
        report = _report(capsys, moto_endpoint, name, tmp_path / "audit.json",
                         keep={"ORPHAN_LOCK", "MISSING_LOCK"})
        code, out, err = run(capsys, "repair", str(report), "--endpoint-url", dynamodb_local_endpoint,
                             "--table", name, "--yes", "--rate", "50")
        assert code == 0 and "3 applied" in out, err
        code, out, err = run(capsys, "repair", str(report), "--endpoint-url", moto_endpoint,
                             "--table", name, "--yes", "--rate", "50")
        assert code == 0, err
        assert "by an earlier run" not in out and "Resuming" not in out
        assert "was for another report or connection; this run replaces it" in out
        assert out.count("] applied: ") == 3
        code, out, _ = run(capsys, "audit", "--endpoint-url", moto_endpoint, "--table", name,
                           "--format", "json", "--no-receipts")
        counts = json.loads(out)["counts"]
        assert (counts["ORPHAN_LOCK"], counts["MISSING_LOCK"]) == (0, 0)
        # Named with --resume, the other endpoint's file is refused, not trusted.
        state = tmp_path / "audit.repair-state.json"
        code, out, err = run(capsys, "repair", str(report), "--endpoint-url", dynamodb_local_endpoint,
                             "--table", name, "--yes", "--resume", str(state))
        assert code == 2 and "belongs to another report, table or connection" in err, err
        assert moto_endpoint in err
    finally:
        for conn in (real, copy):
            conn.client.delete_table(TableName=name)
