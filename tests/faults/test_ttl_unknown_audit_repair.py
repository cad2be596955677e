"""An audit or a repair on a table whose TTL could not be read (DescribeTimeToLive refused with
AccessDeniedException through tests/fault_proxy.py: a least-privilege role) never calls a
reservation stuck, and never releases it:

1. ``dynoview audit`` (text and JSON) says the note once (the table, allow
   dynamodb:DescribeTimeToLive or pass ``--ttl-attribute NAME``) and marks each orphan lock as
   maybe a reservation (``ttl_unknown``); ``--ttl-attribute`` judges them by it, a TTL that was
   read decides alone; the two-table audit marks the locks table's orphans;
2. ``dynoview repair --yes`` releases no orphan lock there (a decision, with the sentence),
   and claims no missing lock for an account of such a table (it may have expired: DynamoDB
   would delete it and leave the lock without an owner); with ``--ttl-attribute`` it releases
   the stuck lock and keeps the reservation, claims the live account's lock and skips the
   expired one's; the core run (the window's Repair all) holds releases and claims too;
3. the preflight of a release there warns (needs confirmation), never refuses;
4. the window's texts say the note and the sentence.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.report import audit_text, findings_csv
from dynoview.core.audit.rows import build_rows
from dynoview.core.audit.run import run_audit
from dynoview.core.audit.two_tables import run_two_table_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import CLAIM, DECIDE, RELEASE, plan_repairs
from dynoview.core.repair.run import run_repairs
from dynoview.core.repair.state import APPLIED, CHANGED, NEEDS_DECISION
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.model import DELETE, Action, Transaction
from dynoview.core.tx.templates import release_orphan_lock
from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK, TTL_UNKNOWN_TEXT
from dynoview.core.uniqueness.schema import LocksTable, article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]
ARTICLE = article_schema()
DENIED = "AccessDeniedException"
RESERVED = "UNIQ#EMAIL#res@x.io"  # a sign-up completing: its TTL an hour ahead
STUCK = "UNIQ#EMAIL#stuck@x.io"  # a stuck signup: no TTL


def s(text: str) -> dict[str, str]:
    return {"S": text}


def deny_ttl(proxy: FaultProxy, table: str | None = None) -> fp.Rule:
    """DescribeTimeToLive answered AccessDeniedException (of ``table`` only, when named)."""
    body = json.dumps({"__type": f"com.amazon.coral.service#{DENIED}",
                       "message": "not authorized to perform: dynamodb:DescribeTimeToLive"}).encode()
    return proxy.add(fp.RESPOND, operation="DescribeTimeToLive", times=None, status=400, body=body,
                     predicate=None if table is None else lambda r: r.json().get("TableName") == table)


def create(conn: Connection, prefix: str, *, ttl: bool = True) -> str:
    name = f"{prefix}-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    if ttl:
        conn.client.update_time_to_live(TableName=name, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expiresAt"})
    return name


def put_locks(conn: Connection, table: str) -> None:
    """The reservation, the stuck lock, and an account whose lock is missing (a claim)."""
    conn.client.put_item(TableName=table, Item={"PK": s(RESERVED), "SK": s("LOCK"),
                                                "expiresAt": {"N": str(int(time.time()) + 3600)}})
    conn.client.put_item(TableName=table, Item={"PK": s(STUCK), "SK": s("LOCK")})


@pytest.fixture
def table(direct: Connection) -> Iterator[str]:
    """TTL on ``expiresAt``; the reservation, the stuck lock, an account missing its lock."""
    name = create(direct, "ttlu")
    put_locks(direct, name)
    direct.client.put_item(TableName=name, Item={"PK": s("ACCT#1"), "SK": s("PROFILE"),
                                                 "email": s("ann@x.io")})
    yield name
    direct.client.delete_table(TableName=name)


@pytest.fixture
def accounts(direct: Connection) -> Iterator[str]:
    """TTL on ``expiresAt``; no lock: a live account, and one whose TTL passed an hour ago
    (DynamoDB deletes it within days), each missing its lock."""
    name = create(direct, "ttlu-acct")
    direct.client.put_item(TableName=name, Item={"PK": s("ACCT#1"), "SK": s("PROFILE"),
                                                 "email": s("ann@x.io")})
    direct.client.put_item(TableName=name, Item={"PK": s("ACCT#old"), "SK": s("PROFILE"),
                                                 "email": s("old@x.io"),
                                                 "expiresAt": {"N": str(int(time.time()) - 3600)}})
    yield name
    direct.client.delete_table(TableName=name)


def not_claimed(table: str) -> str:
    """The start of a claim's decision where the accounts' TTL could not be read (``ttl_guard``)."""
    return (f"Not claimed: the TTL of {table} could not be read, so it cannot be told whether the "
            "account has expired")


@pytest.fixture
def action_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def audit_json(capsys: pytest.CaptureFixture[str], url: str, table: str, *more: str) -> dict[str, Any]:
    code, out, err = cli(capsys, "audit", "--endpoint-url", url, "--table", table, "--format", "json",
                         "--no-receipts", *more)
    assert code == 1, err
    return dict(json.loads(out))


def by_value(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f["value"]: f for f in data["findings"]}


def locks_left(conn: Connection, table: str) -> list[str]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(i["PK"]["S"] for i in items if i["PK"]["S"].startswith("UNIQ#"))


# --------------------------------------------------------------------------- 1. the audit


def test_the_audit_says_the_ttl_is_unknown_and_each_orphan_may_be_a_reservation(
        proxy: FaultProxy, capsys: pytest.CaptureFixture[str], table: str) -> None:
    rule = deny_ttl(proxy)
    data = audit_json(capsys, proxy.url, table)
    assert rule.applied >= 1
    note = data["ttl_unknown"]
    assert f"TTL could not be read for table {table} (DescribeTimeToLive: {DENIED})" in note
    assert "dynamodb:DescribeTimeToLive" in note and "--ttl-attribute NAME" in note
    found = by_value(data)
    for value in ("res@x.io", "stuck@x.io"):  # neither can be told: both may be reservations
        assert found[value]["status"] == ORPHAN_LOCK and found[value]["ttl_unknown"] == TTL_UNKNOWN_TEXT
        assert "reserved_until" not in found[value]
    assert "ttl_unknown" not in found["ann@x.io"]  # the missing lock: no TTL question

    code, out, err = cli(capsys, "audit", "--endpoint-url", proxy.url, "--table", table)
    assert code == 1, err
    lines = out.splitlines()
    assert sum(f"TTL could not be read for table {table}" in line for line in lines) == 1, out
    for value in ("res@x.io", "stuck@x.io"):  # the sentence right under each orphan lock
        at = next(i for i, line in enumerate(lines) if line.startswith("[ORPHAN_LOCK]") and value in line)
        assert lines[at + 1] == f"    {TTL_UNKNOWN_TEXT}.", out


def test_ttl_attribute_judges_the_locks_of_a_table_whose_ttl_is_unknown(
        proxy: FaultProxy, capsys: pytest.CaptureFixture[str], table: str) -> None:
    deny_ttl(proxy)
    data = audit_json(capsys, proxy.url, table, "--ttl-attribute", "expiresAt")
    assert "ttl_unknown" not in data
    assert data["ttl_notes"] == [f"The TTL of {table} could not be read (DescribeTimeToLive: {DENIED}): "
                                 "it was judged by --ttl-attribute expiresAt, as given."]
    found = by_value(data)
    assert found["res@x.io"]["reserved_until"] and "ttl_unknown" not in found["res@x.io"]
    assert "reserved_until" not in found["stuck@x.io"] and "ttl_unknown" not in found["stuck@x.io"]


def test_a_ttl_that_was_read_decides_alone(proxy: FaultProxy, capsys: pytest.CaptureFixture[str],
                                           table: str) -> None:
    data = audit_json(capsys, proxy.url, table, "--ttl-attribute", "other")  # no fault: TTL read
    assert data["ttl_notes"] == [f"--ttl-attribute other was not used for {table}: its TTL was read "
                                 "(it is on expiresAt), and the table's own TTL decides."]
    assert by_value(data)["res@x.io"]["reserved_until"]
    code, _, err = cli(capsys, "audit", "--endpoint-url", proxy.url, "--table", table,
                       "--ttl-attribute", " ")
    assert code == 2 and "--ttl-attribute needs the name" in err


def test_the_two_table_audit_marks_the_orphans_of_a_locks_table_whose_ttl_is_unknown(
        proxy: FaultProxy, pconn: Connection, direct: Connection) -> None:
    users, uniques = create(direct, "ttlu-users"), create(direct, "ttlu-uniques")
    try:
        put_locks(direct, uniques)
        deny_ttl(proxy, uniques)
        accounts, locks = describe_table(pconn, users), describe_table(pconn, uniques)
        assert accounts.ttl_error is None and locks.ttl_error == DENIED
        schema = replace(ARTICLE, locks=LocksTable(uniques, "PK", "SK", users))
        result = run_two_table_audit(Reader(pconn), accounts, locks, schema, segments=1)
        assert sorted((f.value, f.ttl_unknown) for f in result.findings) == [
            ("res@x.io", True), ("stuck@x.io", True)]
        assert result.ttl_unknown_note == locks.ttl_unknown_note
        assert audit_text(result).count(f"TTL could not be read for table {uniques}") == 1
        assert f"stuck signup or a value left behind by a change; diagnose it to see which. " \
               f"{TTL_UNKNOWN_TEXT}." in findings_csv(result.findings)
        # The same locks where the TTL was read: the reservation is one, the stuck lock is not.
        known = run_two_table_audit(Reader(direct), accounts, describe_table(direct, uniques), schema,
                                    segments=1)
        assert sorted((f.value, f.ttl_unknown, bool(f.reserved_until)) for f in known.findings) == [
            ("res@x.io", False, True), ("stuck@x.io", False, False)]
        assert known.ttl_unknown_note is None
    finally:
        for name in (users, uniques):
            direct.client.delete_table(TableName=name)


# --------------------------------------------------------------------------- 2. the repair


def test_repair_releases_and_claims_no_lock_of_a_table_whose_ttl_is_unknown(
        proxy: FaultProxy, capsys: pytest.CaptureFixture[str], direct: Connection, table: str,
        tmp_path: Path, action_log: ActionLog) -> None:
    deny_ttl(proxy)
    report = tmp_path / "audit.json"
    report.write_text(json.dumps(audit_json(capsys, proxy.url, table)))
    code, out, err = cli(capsys, "repair", str(report), "--endpoint-url", proxy.url, "--table", table,
                         "--yes")
    assert code == 1, err  # three decisions
    assert "Will release 0 orphan locks and claim 0 missing locks; 3 findings need a decision." in out
    assert "] applied: " not in out, out
    decisions = [line for line in out.splitlines() if line.startswith("  [ORPHAN_LOCK]")]
    assert len(decisions) == 2 and all(TTL_UNKNOWN_TEXT in d and "--ttl-attribute NAME" in d
                                       and "dynamodb:DescribeTimeToLive" in d for d in decisions), out
    [claim] = [line for line in out.splitlines() if line.startswith("  [MISSING_LOCK]")]
    assert not_claimed(table) in claim and "without an owner" in claim, out
    assert "dynamodb:DescribeTimeToLive" in claim and "--ttl-attribute NAME" in claim, out
    assert sum(f"note: TTL could not be read for table {table}" in line for line in out.splitlines()) == 1
    assert locks_left(direct, table) == [RESERVED, STUCK]  # nothing released, nothing claimed

    code, out, err = cli(capsys, "repair", str(report), "--endpoint-url", proxy.url, "--table", table,
                         "--dry-run", "--format", "json")
    data = json.loads(out)
    decided = {d["value"]: d["reason"] for d in data["decisions"]}
    assert code == 1 and sorted(decided) == ["ann@x.io", "res@x.io", "stuck@x.io"], err
    assert TTL_UNKNOWN_TEXT in decided["res@x.io"] and TTL_UNKNOWN_TEXT in decided["stuck@x.io"]
    assert not_claimed(table) in decided["ann@x.io"] and data["outcomes"] == []
    assert any(f"TTL could not be read for table {table}" in n for n in data["notes"])


def test_repair_with_ttl_attribute_releases_the_stuck_lock_and_keeps_the_reservation(
        proxy: FaultProxy, capsys: pytest.CaptureFixture[str], direct: Connection, table: str,
        tmp_path: Path, action_log: ActionLog) -> None:
    deny_ttl(proxy)
    report = tmp_path / "audit.json"
    report.write_text(json.dumps(audit_json(capsys, proxy.url, table)))  # made blind: no reservation
    code, out, err = cli(capsys, "repair", str(report), "--endpoint-url", proxy.url, "--table", table,
                         "--yes", "--ttl-attribute", "expiresAt")
    assert code == 1, err  # the reservation needs a decision
    assert "applied: Released PK=UNIQ#EMAIL#stuck@x.io, SK=LOCK." in out, out
    assert "needs a decision: The lock PK=UNIQ#EMAIL#res@x.io, SK=LOCK expires in " in out, out
    assert "A reservation until " in out and TTL_UNKNOWN_TEXT not in out, out
    assert (f"note: The TTL of {table} could not be read (DescribeTimeToLive: {DENIED}): it was judged "
            "by --ttl-attribute expiresAt, as given.") in out
    assert locks_left(direct, table) == ["UNIQ#EMAIL#ann@x.io", RESERVED]


@pytest.mark.only_on("moto", reason="DynamoDB Local deletes an expired account within seconds")
def test_repair_claims_no_lock_for_an_account_that_may_have_expired(
        proxy: FaultProxy, capsys: pytest.CaptureFixture[str], direct: Connection, accounts: str,
        tmp_path: Path, action_log: ActionLog) -> None:
    """A blind audit reports the expired account's missing lock as any other (its TTL unknown,
    it is not known expired): ``repair --yes`` claimed it, a lock DynamoDB's deletion of the
    account then left without an owner."""
    deny_ttl(proxy)
    report = tmp_path / "audit.json"
    data = audit_json(capsys, proxy.url, accounts)
    assert sorted((f["status"], f["value"]) for f in data["findings"]) == [
        (MISSING_LOCK, "ann@x.io"), (MISSING_LOCK, "old@x.io")]  # not known expired
    report.write_text(json.dumps(data))
    repair = ("repair", str(report), "--endpoint-url", proxy.url, "--table", accounts)

    # The plan of a dry run: both claims are decisions, with the sentence; none is planned.
    code, out, err = cli(capsys, *repair, "--dry-run")
    assert code == 1, err
    assert "Will release 0 orphan locks and claim 0 missing locks; 2 findings need a decision." in out
    assert "Would claim" not in out and "planned" not in out.split("Needs a decision")[0], out
    held = [line for line in out.splitlines() if line.startswith("  [MISSING_LOCK]")]
    assert len(held) == 2 and all(not_claimed(accounts) in h and "--ttl-attribute NAME (the table's TTL "
                                  "attribute) to tell expired accounts by it" in h for h in held), out

    code, out, err = cli(capsys, *repair, "--yes")
    assert code == 1 and "] applied: " not in out, (out, err)
    assert locks_left(direct, accounts) == []

    # Told the attribute, the accounts are judged by it: the live one's lock is claimed, the
    # expired one's is not (the re-check's rule).
    code, out, err = cli(capsys, *repair, "--yes", "--ttl-attribute", "expiresAt")
    assert code == 1, err  # the expired account is skipped
    assert "applied: Claimed PK=UNIQ#EMAIL#ann@x.io, SK=LOCK." in out, out
    assert "changed since the report: Account ACCT#old has expired since the report: skipped" in out, out
    assert not_claimed(accounts) not in out, out
    assert locks_left(direct, accounts) == ["UNIQ#EMAIL#ann@x.io"]


@pytest.mark.only_on("moto", reason="DynamoDB Local deletes an expired account within seconds")
def test_the_core_run_holds_claims_where_the_accounts_ttl_is_unknown(
        proxy: FaultProxy, pconn: Connection, direct: Connection, accounts: str) -> None:
    # The window's Repair all: the plan claims (the window's plan knows no TTL), and the run's
    # re-check, on the table as described now, its TTL unknown, leaves each claim to a person.
    deny_ttl(proxy)
    info = describe_table(pconn, accounts)
    assert info.ttl_error == DENIED
    findings = run_audit(Reader(pconn), info, ARTICLE, segments=1).findings
    plan = plan_repairs(findings, ARTICLE, accounts)
    assert [p.kind for p in plan.items] == [CLAIM, CLAIM]
    run = run_repairs(pconn, plan, ARTICLE, info, confirmation=True)
    assert [o.status for o in run.outcomes] == [NEEDS_DECISION, NEEDS_DECISION], run.outcomes
    for outcome in run.outcomes:
        assert outcome.message.startswith("Account ACCT#")
        assert not_claimed(accounts) in outcome.message and "--ttl-attribute" not in outcome.message
    assert locks_left(direct, accounts) == []
    # The same run where the TTL is known: the live account's lock claimed, the expired one's not.
    known = run_repairs(pconn, plan, ARTICLE, replace(info, ttl_attribute="expiresAt",
                                                      ttl_status="ENABLED", ttl_error=None),
                        confirmation=True)
    assert sorted((o.title, o.status) for o in known.outcomes) == [
        ("claim missing email lock ann@x.io for ACCT#1", APPLIED),
        ("claim missing email lock old@x.io for ACCT#old", CHANGED)]
    assert locks_left(direct, accounts) == ["UNIQ#EMAIL#ann@x.io"]


def test_the_core_run_judges_claims_by_the_accounts_table_ttl_and_releases_by_the_locks(
        proxy: FaultProxy, pconn: Connection, direct: Connection) -> None:
    """Two tables: the accounts' TTL unknown holds the claims; the locks' TTL, read, lets the
    stuck lock go. And the other way round."""
    users, uniques = create(direct, "ttlu-users"), create(direct, "ttlu-uniques")
    try:
        direct.client.put_item(TableName=users, Item={"PK": s("ACCT#1"), "SK": s("PROFILE"),
                                                      "email": s("ann@x.io")})
        direct.client.put_item(TableName=uniques, Item={"PK": s(STUCK), "SK": s("LOCK")})
        schema = replace(ARTICLE, locks=LocksTable(uniques, "PK", "SK", users))
        findings = run_two_table_audit(Reader(direct), describe_table(direct, users),
                                       describe_table(direct, uniques), schema, segments=1).findings
        plan = plan_repairs(findings, schema, users)
        assert sorted(p.kind for p in plan.items) == [CLAIM, RELEASE]
        rule = deny_ttl(proxy, users)
        run = run_repairs(pconn, plan, schema, describe_table(pconn, users), confirmation=True,
                          locks_table=describe_table(pconn, uniques))
        by_kind = {o.kind: o for o in run.outcomes}
        assert by_kind[CLAIM].status == NEEDS_DECISION and not_claimed(users) in by_kind[CLAIM].message
        assert by_kind[RELEASE].status == APPLIED, by_kind[RELEASE]
        assert locks_left(direct, uniques) == []
        # The locks' TTL unknown instead: the claim goes, and (nothing left to release) no release.
        proxy.remove(rule)
        deny_ttl(proxy, uniques)
        again = run_repairs(pconn, plan_repairs([f for f in findings if f.status == MISSING_LOCK],
                                                schema, users),
                            schema, describe_table(pconn, users), confirmation=True,
                            locks_table=describe_table(pconn, uniques))
        assert [o.status for o in again.outcomes] == [APPLIED], again.outcomes
        assert locks_left(direct, uniques) == ["UNIQ#EMAIL#ann@x.io"]
    finally:
        for name in (users, uniques):
            direct.client.delete_table(TableName=name)


def test_the_core_run_holds_releases_where_the_ttl_is_unknown(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str) -> None:
    # The window's Repair all: a plan that releases (findings of a report that did not know),
    # run on the table as described now, its TTL unknown.
    deny_ttl(proxy)
    info = describe_table(pconn, table)
    findings = run_audit(Reader(direct), describe_table(direct, table), ARTICLE, segments=1).findings
    orphans = [f for f in findings if f.status == ORPHAN_LOCK and not f.reserved_until]
    plan = plan_repairs(orphans, ARTICLE, table)
    assert [p.kind for p in plan.items] == [RELEASE]  # the stuck lock, as a TTL read says
    run = run_repairs(pconn, plan, ARTICLE, info, confirmation=True)
    [outcome] = run.outcomes
    assert outcome.status == NEEDS_DECISION and TTL_UNKNOWN_TEXT in outcome.message, outcome
    assert table in outcome.message and STUCK in locks_left(direct, table)
    # Findings of an audit that could not read the TTL are decisions in the plan already.
    marked = plan_repairs([replace(f, ttl_unknown=True) for f in orphans], ARTICLE, table)
    assert [p.kind for p in marked.items] == [DECIDE] and TTL_UNKNOWN_TEXT in marked.items[0].reason


# --------------------------------------------------------------------------- 3. the preflight


def test_the_preflight_warns_before_releasing_a_lock_whose_ttl_is_unknown(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str) -> None:
    deny_ttl(proxy)
    info = describe_table(pconn, table)
    for key in (RESERVED, STUCK):
        tx = release_orphan_lock(ARTICLE, table, {"PK": s(key), "SK": s("LOCK")})
        preflight = run_preflight(Reader(pconn), tx, ARTICLE, {table: info})
        assert not preflight.refused and preflight.needs_confirmation, preflight.to_json()
        [warning] = preflight.warnings
        assert warning.status == ORPHAN_LOCK and TTL_UNKNOWN_TEXT in warning.message
        assert f"the TTL of {table} could not be read (DescribeTimeToLive: {DENIED})" in warning.message
    # Where the TTL is read the reservation's release is refused, the stuck lock's is free to go.
    known = describe_table(direct, table)
    reserved = run_preflight(Reader(direct), release_orphan_lock(
        ARTICLE, table, {"PK": s(RESERVED), "SK": s("LOCK")}), ARTICLE, {table: known})
    stuck = run_preflight(Reader(direct), release_orphan_lock(
        ARTICLE, table, {"PK": s(STUCK), "SK": s("LOCK")}), ARTICLE, {table: known})
    assert reserved.refused and not stuck.refused and not stuck.warnings


def test_the_preflight_does_not_warn_for_a_lock_an_account_holds(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str) -> None:
    direct.client.put_item(TableName=table, Item={"PK": s("UNIQ#EMAIL#ann@x.io"), "SK": s("LOCK")})
    deny_ttl(proxy)
    info = describe_table(pconn, table)
    tx = Transaction(actions=[Action(DELETE, table, key={"PK": s("ACCT#1"), "SK": s("PROFILE")}),
                              Action(DELETE, table, key={"PK": s("UNIQ#EMAIL#ann@x.io"), "SK": s("LOCK")})])
    preflight = run_preflight(Reader(pconn), tx, ARTICLE, {table: info})
    assert not preflight.warnings, preflight.to_json()


# --------------------------------------------------------------------------- 4. the window's texts


@pytest.mark.only_on("moto", reason="texts of a result: one engine is enough")
def test_the_window_says_the_note_and_the_sentence(
        qapp: Any, proxy: FaultProxy, pconn: Connection, table: str) -> None:
    from dynoview.ui.locks.text import counts_text, details_html

    deny_ttl(proxy)
    info = describe_table(pconn, table)
    result = run_audit(Reader(pconn), info, ARTICLE, segments=1)
    assert result.ttl_unknown_note == info.ttl_unknown_note
    assert counts_text(result).count(f"TTL could not be read for table {table}") == 1
    rows = build_rows(result.pairing, result.findings)
    shown = [details_html(ARTICLE, rows.pair_row(i), stale=False) for i in range(len(rows))]
    orphans = [h for h in shown if "A lock with no account" in h]
    assert len(orphans) == 2 and all(f"<b>{TTL_UNKNOWN_TEXT}.</b>" in h for h in orphans)
    assert not any("TTL could not be read" in h for h in shown if h not in orphans)

