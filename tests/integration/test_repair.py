"""Bulk repair from an audit report, on a seeded copy of the demo table (moto and DynamoDB Local).

The seeded table has two orphan locks (ken@thompson.dev, barbara@mit.edu), one missing
lock (username linus of ACCT#1d2e3f), a duplicate, an expired lock and a case clash.
"""

from __future__ import annotations

import dataclasses
import json
import stat
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.run import AuditResult, run_audit
from dynoview.core.errors import ReadOnlyError
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.repair.plan import CLAIM, RELEASE, plan_repairs
from dynoview.core.repair.run import EXIT_ATTENTION, EXIT_OK, MAX_RATE, RepairProgress, RepairRun, run_repairs
from dynoview.core.repair.state import (
    ALREADY_FIXED,
    APPLIED,
    CANCELLED,
    CHANGED,
    NEEDS_DECISION,
    PENDING,
    PLANNED,
    RepairState,
)
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.release_reads import LockRead
from dynoview.core.tx.templates import claim_missing_lock, release_orphan_lock
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.schema import UniquenessSchema, default_schema
from tests.demo_expectations import DECISIONS, REPAIRS
from tests.helpers import connect

pytestmark = pytest.mark.integration



def _s(v: str) -> dict[str, str]:
    return {"S": v}


def _lock(kind: str, value: str) -> dict[str, Any]:
    return {"PK": _s(f"UNIQ#{kind}#{value}"), "SK": _s("LOCK")}


def _audit(reader: Reader, table: str) -> tuple[AuditResult, TableInfo, UniquenessSchema]:
    info = describe_table(reader.conn, table)
    schema = default_schema(info)
    return run_audit(reader, info, schema, segments=2, consistent=True), info, schema


def _triples(findings: Iterable[Finding]) -> set[tuple[str, str | None, str | None]]:
    return {(f.status, f.rule, f.value) for f in findings}


def _snapshot(conn: Connection, table: str) -> list[str]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(json.dumps(i, sort_keys=True, default=repr) for i in items)


def _sent(log: ActionLog) -> list[str]:
    """The lock key (PK) each logged transaction wrote first, in order."""
    out = []
    for entry in log.entries():
        first = entry["request"]["TransactItems"][0]
        body = first.get("Delete") or first.get("Put")
        out.append((body.get("Key") or body.get("Item"))["PK"]["S"])
    return out


def _repair(conn: Connection, reader: Reader, result: AuditResult, info: TableInfo,
            schema: UniquenessSchema, log: ActionLog, **kw: Any) -> RepairRun:
    plan = plan_repairs(result.findings, schema, info.name)
    kw.setdefault("rate", MAX_RATE)
    return run_repairs(conn, plan, schema, info, reader=reader, log=log, **kw)


def test_repair_leaves_only_the_findings_that_need_a_decision(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path) -> None:
    before, info, schema = _audit(reader, accounts_table)
    plan = plan_repairs(before.findings, schema, accounts_table)
    assert {(p.kind, p.finding.value) for p in plan.actionable} == REPAIRS
    assert _triples(p.finding for p in plan.decisions) == DECISIONS
    assert plan.summary() == ("Will release 2 orphan locks and claim 1 missing lock; 4 findings "
                              "need a decision.")

    log = ActionLog(tmp_path / "actions.jsonl")
    run = _repair(conn, reader, before, info, schema, log)
    assert [o.status for o in run.outcomes] == [APPLIED] * 3, [o.message for o in run.outcomes]
    assert run.exit_code == EXIT_ATTENTION  # the duplicate, the clash and the expired lock remain
    # Every transaction is in the action log, applied, with the guarded request that was sent.
    entries = log.entries()
    assert [e["outcome"]["status"] for e in entries] == ["succeeded"] * 3
    assert sorted(_sent(log)) == ["UNIQ#EMAIL#barbara@mit.edu", "UNIQ#EMAIL#ken@thompson.dev",
                                  "UNIQ#HANDLE#linus"]
    claim = next(e["request"] for e in entries if "Put" in e["request"]["TransactItems"][0])
    assert claim["TransactItems"][0]["Put"]["ConditionExpression"] == "attribute_not_exists(#n0)"
    assert claim["TransactItems"][1]["ConditionCheck"]["Key"]["PK"] == {"S": "ACCT#1d2e3f"}
    assert {json.loads(o.request or "{}")["ClientRequestToken"] for o in run.outcomes} == \
        {e["token"] for e in entries}

    after, _info, _schema = _audit(reader, accounts_table)
    assert _triples(after.findings) == DECISIONS
    assert after.counts["OK"] == before.counts["OK"] + 1  # linus now has its lock


def test_findings_that_changed_since_the_report_are_skipped(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path) -> None:
    report, info, schema = _audit(reader, accounts_table)
    put = conn.client.put_item
    # In between: ken finishes the stuck signup (the account now holds the locked email), the
    # missing linus lock is claimed by hand, and barbara's stale lock is released by hand.
    put(TableName=accounts_table, Item={"PK": _s("ACCT#0ken000"), "SK": _s("PROFILE"),
                                        "email": _s("ken@thompson.dev"), "username": _s("ken")})
    put(TableName=accounts_table, Item=_lock("HANDLE", "ken"))
    put(TableName=accounts_table, Item=_lock("HANDLE", "linus"))
    conn.client.delete_item(TableName=accounts_table, Key=_lock("EMAIL", "barbara@mit.edu"))
    snapshot = _snapshot(conn, accounts_table)

    log = ActionLog(tmp_path / "actions.jsonl")
    run = _repair(conn, reader, report, info, schema, log)
    by_value = {json.loads(o.id)[2]: o for o in run.outcomes}  # id: [status, rule, value, accounts]
    assert {v: o.status for v, o in by_value.items()} == {
        "barbara@mit.edu": ALREADY_FIXED, "ken@thompson.dev": ALREADY_FIXED, "linus": ALREADY_FIXED}
    assert "ACCT#0ken000 holds email ken@thompson.dev" in by_value["ken@thompson.dev"].message
    assert "no longer exists" in by_value["barbara@mit.edu"].message
    assert log.entries() == [] and _snapshot(conn, accounts_table) == snapshot  # nothing sent

    # Only the automatic repairs in the report: every one already fixed is a clean exit.
    only = [f for f in report.findings if f.status not in {s for s, _r, _v in DECISIONS}]
    plan = plan_repairs(only, schema, accounts_table)
    assert run_repairs(conn, plan, schema, info, reader=reader, log=log, rate=MAX_RATE).exit_code == EXIT_OK


def test_findings_that_became_something_else_are_skipped_and_need_attention(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path) -> None:
    report, info, schema = _audit(reader, accounts_table)
    put = conn.client.put_item
    # linus changed handle (without its lock: the report's finding is no longer true), and two
    # accounts now hold ken's email: a duplicate, which is a person's decision.
    conn.client.update_item(TableName=accounts_table, Key={"PK": _s("ACCT#1d2e3f"), "SK": _s("PROFILE")},
                            UpdateExpression="SET username = :u",
                            ExpressionAttributeValues={":u": _s("linus2")})
    for acct in ("ACCT#0ken001", "ACCT#0ken002"):
        put(TableName=accounts_table, Item={"PK": _s(acct), "SK": _s("PROFILE"),
                                            "email": _s("ken@thompson.dev")})
    snapshot = _snapshot(conn, accounts_table)
    log = ActionLog(tmp_path / "actions.jsonl")
    run = _repair(conn, reader, report, info, schema, log)
    status = {o.title: o for o in run.outcomes}
    ken = status["release orphan email lock ken@thompson.dev"]
    linus = status["claim missing username lock linus for ACCT#1d2e3f"]
    assert (ken.status, linus.status) == (CHANGED, CHANGED)
    assert "DUPLICATE_VALUE now" in ken.message and "ACCT#0ken001, ACCT#0ken002" in ken.message
    assert "'linus2'" in linus.message and "not 'linus'" in linus.message
    assert status["release orphan email lock barbara@mit.edu"].status == APPLIED
    assert run.exit_code == EXIT_ATTENTION
    assert _sent(log) == ["UNIQ#EMAIL#barbara@mit.edu"]
    after = _snapshot(conn, accounts_table)
    assert set(snapshot) - set(after) == {json.dumps(_lock("EMAIL", "barbara@mit.edu"), sort_keys=True)} and \
        set(after) <= set(snapshot)


class _RacingReader(Reader):
    """A real reader that, once the preflight's Scan is done (of the small table, read whole),
    lets "someone else" claim the linus lock: the race between the re-check and the write that
    the guards exist for."""

    def __init__(self, conn: Connection, table: str) -> None:
        super().__init__(conn)
        self.table = table
        self.raced = False

    def read_with_receipt(self, operation: str, request: Any,
                          **options: Any) -> tuple[dict[str, Any], ReadReceipt]:
        answer = super().read_with_receipt(operation, request, **options)
        if operation == "Scan" and not self.raced:
            self.raced = True
            self.conn.client.put_item(TableName=self.table, Item=_lock("HANDLE", "linus"))
        return answer


def test_a_cancelled_condition_is_reported_and_never_retried(
        conn: Connection, accounts_table: str, tmp_path: Path) -> None:
    reader = _RacingReader(conn, accounts_table)
    report, info, schema = _audit(Reader(conn), accounts_table)
    only_linus = [f for f in report.findings if f.value == "linus"]
    log = ActionLog(tmp_path / "actions.jsonl")
    state = RepairState.open(tmp_path / "state.json", "digest", accounts_table)
    plan = plan_repairs(only_linus, schema, accounts_table)
    run = run_repairs(conn, plan, schema, info, reader=reader, log=log, state=state, rate=MAX_RATE)
    assert reader.raced
    (outcome,) = run.outcomes
    assert outcome.status == CANCELLED
    assert "Username linus is already taken" in outcome.message and "not retried" in outcome.message
    assert run.exit_code == EXIT_ATTENTION
    assert [e["outcome"]["status"] for e in log.entries()] == ["cancelled"]
    # A second run with the same state does not send it again.
    again = run_repairs(conn, plan, schema, info, reader=Reader(conn), log=log,
                        state=RepairState.open(tmp_path / "state.json", "digest", accounts_table),
                        rate=MAX_RATE)
    assert [(o.status, o.earlier) for o in again.outcomes] == [(CANCELLED, True)]
    assert len(log.entries()) == 1


def test_resume_after_cancel_continues_where_it_stopped(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path) -> None:
    report, info, schema = _audit(reader, accounts_table)
    log = ActionLog(tmp_path / "actions.jsonl")
    path = tmp_path / "state" / "report.repair-state.json"
    cancel = threading.Event()
    seen: list[RepairProgress] = []

    def stop_after_first(p: RepairProgress) -> None:
        seen.append(p)
        if p.outcome is not None and p.outcome.status == APPLIED:
            cancel.set()  # as Ctrl+C or the dialog's Cancel would

    first = _repair(conn, reader, report, info, schema, log, cancel=cancel, progress=stop_after_first,
                    state=RepairState.open(path, "digest", accounts_table))
    assert first.cancelled and [o.status for o in first.outcomes] == [APPLIED, PENDING, PENDING]
    assert first.stopped_at == 1 and first.exit_code == EXIT_ATTENTION
    assert seen[-1].finished and seen[-1].run is first and seen[-1].done == 1
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    saved = json.loads(path.read_text())
    assert [d["status"] for d in saved["done"]] == [APPLIED]

    second = _repair(conn, reader, report, info, schema, log,
                     state=RepairState.open(path, "digest", accounts_table))
    assert [(o.status, o.earlier) for o in second.outcomes] == [(APPLIED, True), (APPLIED, False),
                                                                 (APPLIED, False)]
    sent = _sent(log)
    assert sorted(sent) == sorted(set(sent)) and len(sent) == 3  # no finding acted on twice

    # Even without its state file (lost, or a crash before it was saved), a third run sends
    # nothing: the action log names each finding's earlier send (same report), so each is known
    # as applied by an earlier run, never as "someone released it since the report".
    path.unlink()
    third = _repair(conn, reader, report, info, schema, log,
                    state=RepairState.open(path, "digest", accounts_table))
    assert [o.status for o in third.outcomes] == [APPLIED] * 3
    assert all("An earlier run sent this repair" in o.message for o in third.outcomes)
    assert not any("since the report" in o.message for o in third.outcomes)
    assert len(log.entries()) == 3
    # Another report (its digest differs): no earlier send is its own; re-checked, already fixed.
    fourth = _repair(conn, reader, report, info, schema, log,
                     state=RepairState.open(tmp_path / "other.json", "other", accounts_table))
    assert [o.status for o in fourth.outcomes] == [ALREADY_FIXED] * 3
    assert len(log.entries()) == 3


def test_dry_run_sends_nothing_and_shows_each_exact_request(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path) -> None:
    report, info, schema = _audit(reader, accounts_table)
    snapshot = _snapshot(conn, accounts_table)
    log = ActionLog(tmp_path / "actions.jsonl")
    state = RepairState.open(tmp_path / "state.json", "digest", accounts_table)
    run = _repair(conn, reader, report, info, schema, log, dry_run=True, state=state)
    assert [o.status for o in run.outcomes] == [PLANNED] * 3
    assert run.exit_code == EXIT_ATTENTION  # decisions remain
    assert _snapshot(conn, accounts_table) == snapshot and log.entries() == []
    assert not (tmp_path / "state.json").exists() and state.done == {}
    bodies = {o.kind: json.loads(o.request or "") for o in run.outcomes}
    ken = _lock("EMAIL", "ken@thompson.dev")  # released only while as read: no TTL (LockRead)
    lock = conn.client.get_item(TableName=accounts_table, Key=ken)["Item"]
    release = release_orphan_lock(schema, accounts_table, ken,
                                  lock_read=LockRead(lock, info.expiry_attribute))
    assert bodies[RELEASE]["TransactItems"] == release.to_request()["TransactItems"]  # ken: the last
    account = conn.client.get_item(TableName=accounts_table,
                                   Key={"PK": _s("ACCT#1d2e3f"), "SK": _s("PROFILE")})["Item"]
    claim = claim_missing_lock(schema, accounts_table, account, "username").to_request()
    assert bodies[CLAIM]["TransactItems"] == claim["TransactItems"]


def test_read_only_connection_refuses_before_any_request(endpoint_url: str, reader: Reader,
                                                          accounts_table: str) -> None:
    report, info, schema = _audit(reader, accounts_table)
    ro = connect(endpoint_url, read_only=True)
    ro_reader = Reader(ro)
    plan = plan_repairs(report.findings, schema, accounts_table)
    with pytest.raises(ReadOnlyError, match="read-only: nothing was repaired"):
        run_repairs(ro, plan, schema, info, reader=ro_reader, rate=MAX_RATE)
    assert ro_reader.log.receipts() == []
    # A dry run only reads, so it works on a read-only connection.
    dry = run_repairs(ro, plan, schema, info, reader=ro_reader, rate=MAX_RATE, dry_run=True)
    assert [o.status for o in dry.outcomes] == [PLANNED] * 3


def test_rate_paces_the_findings(conn: Connection, reader: Reader, accounts_table: str,
                                 tmp_path: Path) -> None:
    report, info, schema = _audit(reader, accounts_table)
    started = time.monotonic()
    run = _repair(conn, reader, report, info, schema, ActionLog(tmp_path / "a.jsonl"), rate=4.0,
                  dry_run=True)
    # Three findings at 4 per second: the second starts 0.25 s after the first, the third 0.5 s.
    assert time.monotonic() - started >= 0.5
    assert len(run.outcomes) == 3


def test_a_lock_whose_ttl_is_ahead_is_a_reservation_never_released(
        conn: Connection, reader: Reader, tmp_path: Path) -> None:
    """An orphan lock that expires in 15 minutes is a sign-up's reservation, still under way:
    the repair released it (another sign-up could then take the value mid-sign-up), while an
    expired one was left to a person. Now both are left; a lock without a TTL is released."""
    from tests.helpers import empty_accounts_table

    now = int(time.time())
    with empty_accounts_table(conn, "reservations") as table:
        reserved = {**_lock("EMAIL", "resv@x.io"), "expiresAt": {"N": str(now + 900)}}
        stuck = _lock("EMAIL", "stuck@x.io")
        for item in (reserved, stuck):
            conn.client.put_item(TableName=table, Item=item)
        before, info, schema = _audit(reader, table)
        assert info.ttl_attribute == "expiresAt"
        assert {(f.status, f.value) for f in before.findings} == {("ORPHAN_LOCK", "resv@x.io"),
                                                                   ("ORPHAN_LOCK", "stuck@x.io")}
        # The audit says reservation, so the plan leaves it to a person (never planned as a
        # release); a report without that (an older one) meets the same rule in the re-check.
        [resv] = [f for f in before.findings if f.value == "resv@x.io"]
        assert resv.reserved_until
        plan = plan_repairs(before.findings, schema, table)
        assert [p.finding.value for p in plan.releases] == ["stuck@x.io"]
        assert [p.finding.value for p in plan.decisions] == ["resv@x.io"]
        assert plan.decisions[0].reason.startswith(f"A reservation until {resv.reserved_until}")
        older = [dataclasses.replace(f, reserved_until=None) for f in before.findings]
        run = run_repairs(conn, plan_repairs(older, schema, table), schema, info, reader=reader,
                          log=ActionLog(tmp_path / "actions.jsonl"), rate=MAX_RATE)
        [held] = [o for o in run.outcomes if "resv@x.io" in o.title]
        [released] = [o for o in run.outcomes if "stuck@x.io" in o.title]
        assert released.status == APPLIED
        assert held.status == NEEDS_DECISION and "expires in 15 min" in held.message
        assert "reservation" in held.message and run.exit_code == EXIT_ATTENTION
        assert conn.client.get_item(TableName=table, Key=_lock("EMAIL", "resv@x.io"),
                                    ConsistentRead=True).get("Item") == reserved
