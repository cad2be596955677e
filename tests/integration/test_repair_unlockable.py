"""A missing lock that can never exist (its key is longer than DynamoDB allows) beside an orphan
lock and an ordinary missing lock (moto and DynamoDB Local).

Reported: the audit advised "Claim the lock" for it, `repair --yes` planned the claim, and the
claim's validation error ("A partition key holds at most 2048 bytes; this one has 3016") stopped
the whole run at it, every time: the orphan and the other missing lock were never repaired.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import CLAIM, PlannedRepair, RepairPlan, plan_repairs
from dynoview.core.repair.report import load_report
from dynoview.core.repair.run import EXIT_ATTENTION, MAX_RATE, run_repairs
from dynoview.core.repair.state import APPLIED, NEEDS_DECISION, PLANNED
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration

#: 2,005 bytes as stored; lower-cased 3,005, so its lock key UNIQ#EMAIL#<value> is 3,016 bytes.
LONG = "İ" * 1000 + "@x.io"
SCHEMA = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER),))


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """The long account, an ordinary account without its lock, and an orphan lock."""
    with empty_accounts_table(conn, "unlockable") as name:
        for item in ({**account_key("long"), "email": s(LONG)},
                     {**account_key("m"), "email": s("miss@x.io")},
                     lock_key("EMAIL", "zzz@x.io")):
            conn.client.put_item(TableName=name, Item=item)
        yield name


@pytest.fixture
def action_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    """The command's own action log (the profile's), in a folder of this test only."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _get(conn: Connection, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
    item: dict[str, Any] | None = conn.client.get_item(TableName=table, Key=key,
                                                       ConsistentRead=True).get("Item")
    return item


def _report(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str, tmp_path: Path) -> Path:
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps(SCHEMA.to_json()))
    code, out, err = _run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", table,
                          "--schema", str(schema), "--format", "json", "--no-receipts", "--consistent")
    assert code == 1, err
    path = tmp_path / "audit.json"
    path.write_text(out)
    return path


def test_the_audit_says_the_value_must_change_and_repair_does_the_rest(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        table: str, action_log: ActionLog) -> None:
    report = _report(capsys, endpoint_url, table, tmp_path)
    findings = {f["accounts"][0] if f["accounts"] else f["value"]: f
                for f in json.loads(report.read_text())["findings"]}
    assert {k: f["status"] for k, f in findings.items()} == {
        "ACCT#long": MISSING_LOCK, "ACCT#m": MISSING_LOCK, "zzz@x.io": "ORPHAN_LOCK"}
    long = findings["ACCT#long"]
    assert "can never be locked" in long["sentence"] and "3,016 bytes" in long["sentence"]
    assert "Change the account's email to a shorter value" in long["sentence"]
    assert "Claim the lock" not in long["sentence"] + long["explanation"]
    assert findings["ACCT#m"]["sentence"].endswith("Claim the lock for this account.")

    code, out, err = _run(capsys, "repair", str(report), "--endpoint-url", endpoint_url,
                          "--table", table, "--yes", "--rate", "50")
    assert code == EXIT_ATTENTION, err  # docs/cli-repair.md: 1, something needs a decision
    assert "Will release 1 orphan lock and claim 1 missing lock; 1 finding needs a decision." in out
    assert out.count("] applied: ") == 2 and "error" not in out
    assert "[MISSING_LOCK] Account ACCT#long" in out and "Not claimed: this value can never be locked" in out
    assert "2 applied; 1 need a decision." in out
    assert "stopped" not in err and "dynoview:" not in err
    assert _get(conn, table, lock_key("EMAIL", "zzz@x.io")) is None  # the orphan released
    assert _get(conn, table, lock_key("EMAIL", "miss@x.io")) is not None  # the ordinary lock claimed
    assert len(action_log.entries()) == 2  # nothing was sent for the long one


def test_a_claim_refused_by_validation_is_its_finding_outcome_and_the_run_goes_on(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        table: str) -> None:
    """Whatever plans the claim anyway (a plan made before the key check), the refused
    transaction ends that finding as a decision; the findings after it are repaired."""
    report = load_report(_report(capsys, endpoint_url, table, tmp_path))
    long = next(f for f in report.findings if f.account_ids == ("ACCT#long",))
    others = plan_repairs([f for f in report.findings if f is not long], SCHEMA, table)
    plan = RepairPlan(table, (PlannedRepair(long, CLAIM), *others.actionable))
    info = describe_table(conn, table)

    def repair(**kw: Any) -> Any:
        return run_repairs(conn, plan, SCHEMA, info, reader=Reader(conn), rate=MAX_RATE,
                           log=ActionLog(tmp_path / "actions.jsonl"), **kw)

    dry = repair(dry_run=True)
    assert [o.status for o in dry.outcomes] == [NEEDS_DECISION, PLANNED, PLANNED]

    run = repair()
    assert [o.status for o in run.outcomes] == [NEEDS_DECISION, APPLIED, APPLIED]
    refused = run.outcomes[0]
    assert "A partition key holds at most 2048 bytes; this one has 3016" in refused.message
    assert "A person decides" in refused.message and refused.request is None
    assert run.error is None and run.stopped_at is None and run.exit_code == EXIT_ATTENTION
    assert run.summary() == "2 applied; 1 need a decision."
    assert _get(conn, table, lock_key("EMAIL", "miss@x.io")) is not None
    assert _get(conn, table, lock_key("EMAIL", "zzz@x.io")) is None
