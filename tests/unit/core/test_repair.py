"""Bulk repair without an endpoint: reading reports, the plan, the state file, exit status,
and the refusals that happen before any request."""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.report import VERSION, finding_json
from dynoview.core.errors import DynoViewError, ReadOnlyError
from dynoview.core.repair.plan import (
    CLAIM,
    DECIDE,
    RELEASE,
    finding_id,
    held_where_ttl_unknown,
    hold_claims,
    plan_repairs,
)
from dynoview.core.repair.report import RepairError, load_report, parse_report
from dynoview.core.repair.run import EXIT_ATTENTION, EXIT_ERROR, EXIT_OK, RepairRun, run_repairs
from dynoview.core.repair.state import (
    ALREADY_FIXED,
    APPLIED,
    CANCELLED,
    CHANGED,
    ERROR,
    NEEDS_DECISION,
    PENDING,
    PLANNED,
    RepairOutcome,
    RepairState,
    default_state_path,
)
from dynoview.core.repair.ttl_guard import (
    claim_ttl_unknown_reason,
    expired_now,
    held_claim,
    ttl_unknown_reason,
)
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.confirmation import ConfirmationError
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    EXPLANATIONS,
    MISSING_LOCK,
    ORPHAN_LOCK,
    Finding,
)
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema, article_schema
from tests.helpers import connect

S = article_schema()
TABLE = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def _lock(kind: str, value: str) -> dict[str, Any]:
    return {"PK": {"S": f"UNIQ#{kind}#{value}"}, "SK": {"S": "LOCK"}}


def _acct(acct: str) -> dict[str, Any]:
    return {"PK": {"S": acct}, "SK": {"S": "PROFILE"}}


def _finding(status: str, rule: str | None, value: str | None, accounts: tuple[str, ...] = (),
             locks: tuple[dict[str, Any], ...] = ()) -> Finding:
    return Finding(status, rule, value, accounts, locks, f"{status} {value}", EXPLANATIONS[status],
                   tuple(_acct(a) for a in accounts))


FINDINGS = [
    _finding(ORPHAN_LOCK, "email", "ken@thompson.dev", locks=(_lock("EMAIL", "ken@thompson.dev"),)),
    _finding(MISSING_LOCK, "username", "linus", ("ACCT#1d2e3f",)),
    _finding(DUPLICATE_VALUE, "email", "shared@example.com", ("ACCT#2a", "ACCT#3b"),
             (_lock("EMAIL", "shared@example.com"),)),
    _finding(EXPIRED, "email", "pending@signup.test", locks=(_lock("EMAIL", "pending@signup.test"),)),
    _finding(EXPIRED, None, None, ("ACCT#9z",)),
    _finding(CASE_CLASH, "email", "a@b.c", ("ACCT#1",), (_lock("EMAIL", "A@b.c"), _lock("EMAIL", "a@b.c"))),
]


def _report(findings: list[Finding] = FINDINGS, **extra: Any) -> dict[str, Any]:
    return {"format": "dynoview-audit", "version": VERSION, "table": "accounts", "complete": True,
            "schema": S.to_json(), "generated_at": "2026-11-30T08:00:00+00:00",
            "findings": [finding_json(f) for f in findings], **extra}


def test_report_round_trip_keeps_findings_and_schema(tmp_path: Path) -> None:
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(_report()))
    report = load_report(path)
    assert report.table == "accounts" and report.schema == S
    assert list(report.findings) == FINDINGS
    assert len(report.digest) == 64 and report.source == str(path)


@pytest.mark.parametrize(("change", "message"), [
    ({"format": "dynoview-diagnosis"}, "not a DynoView audit report"),
    ({"version": 2}, "reads version 1"),
    ({"table": ""}, "names no table"),
    ({"findings": None}, "no findings list"),
    ({"schema": {"rules": []}}, "rules must be a non-empty list"),
    ({"findings": [{"status": "OK"}]}, "findings[0].status"),
    ({"findings": [{"status": "ORPHAN_LOCK", "rule": "email", "value": "x",
                    "lock_keys": [{"PK": {"S": "a", "N": "1"}}]}]}, "findings[0].lock_keys[0].PK"),
])
def test_bad_reports_are_refused_with_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RepairError) as info:
        parse_report({**_report(), **change})
    assert message in info.value.message


def test_unreadable_report_is_a_sentence(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text("{not json")
    with pytest.raises(RepairError, match="not valid JSON"):
        load_report(tmp_path / "r.json")
    with pytest.raises(RepairError, match="Cannot read the report"):
        load_report(tmp_path / "missing.json")


def test_plan_repairs_only_what_has_one_right_answer() -> None:
    plan = plan_repairs(FINDINGS, S, "accounts")
    assert [(p.kind, p.finding.value) for p in plan.items] == [
        (RELEASE, "ken@thompson.dev"), (CLAIM, "linus"), (DECIDE, "shared@example.com"),
        (DECIDE, "pending@signup.test"), (DECIDE, None), (DECIDE, "a@b.c")]
    assert plan.summary() == ("Will release 1 orphan lock and claim 1 missing lock; 4 findings "
                              "need a decision.")
    assert "Resolve duplicate" in plan.items[2].reason
    assert plan.items[0].title() == "release orphan email lock ken@thompson.dev"
    assert plan.items[1].title() == "claim missing username lock linus for ACCT#1d2e3f"


def test_plan_leaves_ambiguous_orphans_and_missing_locks_to_a_person() -> None:
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER),))
    odd = [
        _finding(ORPHAN_LOCK, "email", "a@x.io", locks=()),
        _finding(ORPHAN_LOCK, "phone", "123", locks=(_lock("PHONE", "123"),)),
        _finding(MISSING_LOCK, "email", "b@x.io", ("ACCT#1", "ACCT#2")),
    ]
    plan = plan_repairs(odd, lower, "accounts")
    assert [p.kind for p in plan.items] == [DECIDE] * 3
    assert "exactly one lock" in plan.items[0].reason
    assert "no rule 'phone'" in plan.items[1].reason
    assert "exactly one account" in plan.items[2].reason


def test_plan_leaves_a_missing_lock_whose_key_is_too_long_to_a_person() -> None:
    """Lower-cased, "İ" takes 3 bytes: the lock key of this 2,005-byte email would be 3,016
    bytes, over DynamoDB's 2,048, so a claim is refused every time (it was planned, and its
    validation error stopped the whole run)."""
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER),))
    long = ("İ" * 1000 + "@x.io").lower()
    plan = plan_repairs([_finding(MISSING_LOCK, "email", long, ("ACCT#long",)),
                         _finding(MISSING_LOCK, "email", "miss@x.io", ("ACCT#m",))], lower, "accounts")
    assert [p.kind for p in plan.items] == [DECIDE, CLAIM]
    reason = plan.items[0].reason
    assert reason.startswith("Not claimed: this value can never be locked (its lock's partition key PK "
                             "would be 3,016 bytes, and DynamoDB allows at most 2,048)")
    assert "shorter email" in reason
    assert plan.summary() == ("Will release 0 orphan locks and claim 1 missing lock; 1 finding "
                              "needs a decision.")


def test_plan_leaves_the_missing_lock_of_an_expired_account_to_a_person() -> None:
    """The report lists the account as expired: a claim was planned, then skipped at every run's
    re-check ("has expired since the report", though it had expired before), so the finding
    came back after every repair."""
    plan = plan_repairs([_finding(MISSING_LOCK, "username", "bob", ("ACCT#0",)),
                         _finding(EXPIRED, None, None, ("ACCT#0",)),
                         _finding(MISSING_LOCK, "username", "ann", ("ACCT#1",))], S, "accounts")
    assert [p.kind for p in plan.items] == [DECIDE, DECIDE, CLAIM]
    assert plan.items[0].reason.startswith("Not claimed: account ACCT#0 has expired (its TTL passed")


def test_a_table_whose_ttl_is_unknown_claims_no_lock() -> None:
    """An account of a table whose TTL could not be read may have expired unseen: DynamoDB
    deletes it and a lock claimed for it is left without an owner. The command holds its claims
    in the plan; the run's re-check (the window's path) holds them too."""
    plan = hold_claims(plan_repairs(FINDINGS, S, "accounts"), claim_ttl_unknown_reason("accounts", "--x"))
    assert [p.kind for p in plan.items] == [RELEASE, DECIDE, DECIDE, DECIDE, DECIDE, DECIDE]
    assert plan.items[1].reason == (
        "Not claimed: the TTL of accounts could not be read, so it cannot be told whether the account "
        "has expired; DynamoDB deletes an expired account and would leave a lock claimed for it "
        "without an owner. Allow dynamodb:DescribeTimeToLive and run the repair again, or pass --x; "
        "or check the account's TTL and decide.")
    assert plan.summary() == ("Will release 1 orphan lock and claim 0 missing locks; 5 findings "
                              "need a decision.")
    unknown = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                        ttl_status="UNKNOWN", ttl_error="AccessDeniedException")
    assert held_claim("ACCT#1", TABLE) is None
    assert held_claim("ACCT#1", unknown) == f"Account ACCT#1: {claim_ttl_unknown_reason('accounts')}"
    past = {"expiresAt": {"N": str(int(time.time()) - 3600)}}
    assert not expired_now(past, unknown)  # not known expired: ``held_claim`` decides
    assert expired_now(past, TableInfo("accounts", KeyAttribute("PK", "S"), None, ttl_attribute="expiresAt"))


def test_the_window_plan_holds_releases_and_claims_of_a_table_whose_ttl_is_unknown() -> None:
    """The window's Repair all shows up front what its run would refuse: on a table whose TTL
    could not be read, no release and no claim is planned (each is a decision, saying why)."""
    unknown = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                        ttl_status="UNKNOWN", ttl_error="AccessDeniedException")
    plan = plan_repairs(FINDINGS, S, "accounts")
    assert held_where_ttl_unknown(plan, TABLE) is plan
    held = held_where_ttl_unknown(plan, unknown)
    assert [p.kind for p in held.items] == [DECIDE] * 6
    assert held.items[0].reason == ttl_unknown_reason("accounts")
    assert held.items[1].reason == claim_ttl_unknown_reason("accounts")
    assert held.summary().startswith("Will release 0 orphan locks and claim 0 missing locks")


def _outcome(item_id: str, status: str) -> RepairOutcome:
    return RepairOutcome(item_id, RELEASE, status, f"{status}.", "release x", "tok", "{}",
                         [_lock("EMAIL", "x")])


def test_state_file_is_private_atomic_and_reloads_as_earlier(tmp_path: Path) -> None:
    path = default_state_path(tmp_path / "reports" / "audit.json")
    assert path == tmp_path / "reports" / "audit.repair-state.json"
    state = RepairState.open(path, "d1", "accounts")
    state.record(_outcome("a", APPLIED))
    state.record(_outcome("b", ERROR))  # not done: re-checked next time
    state.record(_outcome("c", PENDING))
    state.record(_outcome("d", CANCELLED))  # reported once, never retried
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700  # created by us
    assert not path.with_name(path.name + ".tmp").exists()
    again = RepairState.open(path, "d1", "accounts")
    assert sorted(again.done) == ["a", "d"]
    assert again.done["a"].earlier and again.done["a"].written == [_lock("EMAIL", "x")]
    with pytest.raises(RepairError, match="belongs to another report"):
        RepairState.open(path, "d2", "accounts")
    fresh = RepairState.open(path, "d2", "accounts", replace_other=True)
    assert fresh.replaced and fresh.done == {}
    path.write_text("[1, 2")
    with pytest.raises(RepairError, match="cannot be read"):
        RepairState.open(path, "d1", "accounts")


def test_state_file_in_a_shared_folder_leaves_the_folder_alone(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    state = RepairState.open(tmp_path / "s.json", "d", "accounts")
    state.record(_outcome("a", APPLIED))
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o755
    assert stat.S_IMODE((tmp_path / "s.json").stat().st_mode) == 0o600


@pytest.mark.parametrize(("statuses", "decisions", "cancelled", "code"), [
    ([APPLIED, ALREADY_FIXED], False, False, EXIT_OK),
    ([PLANNED, PLANNED], False, False, EXIT_OK),
    ([APPLIED, APPLIED], True, False, EXIT_ATTENTION),
    ([APPLIED, CHANGED], False, False, EXIT_ATTENTION),
    ([APPLIED, CANCELLED], False, False, EXIT_ATTENTION),
    ([APPLIED, NEEDS_DECISION], False, False, EXIT_ATTENTION),
    ([APPLIED, PENDING], False, True, EXIT_ATTENTION),
    ([APPLIED, ERROR, PENDING], True, False, EXIT_ERROR),
])
def test_exit_status(statuses: list[str], decisions: bool, cancelled: bool, code: int) -> None:
    findings = FINDINGS[:2] + (FINDINGS[2:3] if decisions else [])
    plan = plan_repairs(findings, S, "accounts")
    run = RepairRun(plan, [_outcome(str(i), s) for i, s in enumerate(statuses)], cancelled=cancelled)
    assert run.exit_code == code


def test_the_summary_counts_the_repairs_the_run_left_to_a_person() -> None:
    """A repair the re-check hands to a person ("[1/1] needs a decision") is in the summary's
    count, not only the plan's decisions (it said "0 applied; 0 need a decision")."""
    plan = plan_repairs(FINDINGS[:2], S, "accounts")
    run = RepairRun(plan, [_outcome("0", APPLIED), _outcome("1", NEEDS_DECISION)])
    assert run.summary() == "1 applied; 1 need a decision."


def test_finding_ids_are_stable_and_distinct() -> None:
    ids = [finding_id(f) for f in FINDINGS]
    assert len(set(ids)) == len(ids)
    assert finding_id(FINDINGS[1]) == '["MISSING_LOCK", "username", "linus", ["ACCT#1d2e3f"]]'


def test_refusals_happen_before_any_request() -> None:
    plan = plan_repairs(FINDINGS, S, "accounts")
    dead = "http://127.0.0.1:9"  # nothing listens: any request would fail loudly
    with pytest.raises(ReadOnlyError, match="read-only: nothing was repaired"):
        run_repairs(connect(dead, read_only=True), plan, S, TABLE)
    with pytest.raises(DynoViewError, match=r"rate must be at least 0\.5"):
        run_repairs(connect(dead), plan, S, TABLE, rate=0)
    remote = connect("https://dynamodb.eu-west-1.amazonaws.com")
    with pytest.raises(ConfirmationError, match="type accounts to confirm"):
        run_repairs(remote, plan, S, TABLE, confirmation=True)


def test_an_unreachable_endpoint_still_stops_the_run() -> None:
    """What fails every finding alike (here the connection) stops the run at the first one;
    only a finding's own refused transaction lets the run go on."""
    plan = plan_repairs(FINDINGS, S, "accounts")
    run = run_repairs(connect("http://127.0.0.1:9"), plan, S, TABLE, dry_run=True, rate=100)
    assert [o.status for o in run.outcomes] == [ERROR, PENDING]
    assert run.error is not None and "Could not reach the DynamoDB endpoint" in run.error
    assert run.stopped_at == 0 and run.exit_code == EXIT_ERROR
