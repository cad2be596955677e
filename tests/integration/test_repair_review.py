"""A support engineer's review of the bulk repair: races between the re-check and the send,
dry runs against resumed runs, and clashes that appear after the report (moto and DynamoDB Local).

Each race is made deterministic by changing the table right before the repair's transaction
leaves (``execute_transaction`` wrapped), i.e. after the re-check and the preflight read it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import dynoview.core.repair.run as repair_run
from dynoview.core.audit.run import AuditResult, run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import plan_repairs
from dynoview.core.repair.run import MAX_RATE, RepairRun, run_repairs
from dynoview.core.repair.state import APPLIED, CANCELLED, CHANGED, RepairState
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import UniquenessSchema, default_schema
from tests.helpers import account_key, lock_key, s

pytestmark = pytest.mark.integration


def _owned_schema(info: TableInfo) -> UniquenessSchema:
    """The article's layout, with locks naming their account in ``owner``."""
    schema = default_schema(info)
    rules = tuple(dataclasses.replace(r, owner_attribute="owner") for r in schema.rules)
    return dataclasses.replace(schema, rules=rules)


def _audit(reader: Reader, info: TableInfo, schema: UniquenessSchema) -> AuditResult:
    return run_audit(reader, info, schema, segments=2, consistent=True)


def _before_send(monkeypatch: pytest.MonkeyPatch, change: Callable[[], None]) -> list[int]:
    """Run ``change`` once, right before the repair's first transaction is sent."""
    calls: list[int] = []
    real = repair_run.execute_transaction

    def racing(*args: Any, **kwargs: Any) -> Any:
        if not calls:
            change()
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(repair_run, "execute_transaction", racing)
    return calls


def _get(conn: Connection, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
    answer = conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)
    item: dict[str, Any] | None = answer.get("Item")
    return item


def _run(conn: Connection, reader: Reader, findings: Any, schema: UniquenessSchema, info: TableInfo,
         tmp_path: Path, **kw: Any) -> RepairRun:
    plan = plan_repairs(findings, schema, info.name)
    kw.setdefault("log", ActionLog(tmp_path / "actions.jsonl"))
    return run_repairs(conn, plan, schema, info, reader=reader, rate=MAX_RATE, **kw)


# --------------------------------------------------------------------------- release race


def test_release_never_deletes_a_lock_claimed_again_after_the_recheck(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ken's stuck lock names its departed account. After the re-check, someone releases it by
    hand and Ken signs up again at once (a new account, a new lock naming it): the repair's
    delete must not remove Ken's live lock."""
    info = describe_table(conn, accounts_table)
    schema = _owned_schema(info)
    ken = lock_key("EMAIL", "ken@thompson.dev")
    conn.client.put_item(TableName=accounts_table, Item={**ken, "owner": s("ACCT#0gone00")})
    report = _audit(reader, info, schema)
    only_ken = [f for f in report.findings if f.value == "ken@thompson.dev"]
    assert [f.status for f in only_ken] == ["ORPHAN_LOCK"]

    def signup_again() -> None:
        conn.client.delete_item(TableName=accounts_table, Key=ken)
        conn.client.transact_write_items(TransactItems=[
            {"Put": {"TableName": accounts_table, "ConditionExpression": "attribute_not_exists(PK)",
                     "Item": {**account_key("0ken0new"), "email": s("ken@thompson.dev"),
                              "username": s("ken-again")}}},
            {"Put": {"TableName": accounts_table, "ConditionExpression": "attribute_not_exists(PK)",
                     "Item": {**ken, "owner": s("ACCT#0ken0new")}}},
        ])

    raced = _before_send(monkeypatch, signup_again)
    run = _run(conn, reader, only_ken, schema, info, tmp_path)
    assert raced
    (outcome,) = run.outcomes
    assert _get(conn, accounts_table, ken) is not None, "the repair deleted a live lock"
    assert outcome.status == CANCELLED, outcome.message
    assert "not retried" in outcome.message
    assert "names ACCT#0ken0new now" in outcome.message and "no longer exists" not in outcome.message


def test_release_of_a_lock_naming_no_owner_still_guards_that_it_names_none(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stuck lock that names no account (written before the owner attribute existed), then
    replaced after the re-check by a signup's lock that names its account: kept."""
    info = describe_table(conn, accounts_table)
    schema = _owned_schema(info)
    ken = lock_key("EMAIL", "ken@thompson.dev")
    report = _audit(reader, info, schema)
    only_ken = [f for f in report.findings if f.value == "ken@thompson.dev"]

    def signup_again() -> None:
        conn.client.delete_item(TableName=accounts_table, Key=ken)
        conn.client.put_item(TableName=accounts_table, Item={**account_key("0ken0new"),
                                                             "email": s("ken@thompson.dev")})
        conn.client.put_item(TableName=accounts_table, Item={**ken, "owner": s("ACCT#0ken0new")})

    _before_send(monkeypatch, signup_again)
    run = _run(conn, reader, only_ken, schema, info, tmp_path)
    (outcome,) = run.outcomes
    assert _get(conn, accounts_table, ken) is not None, "the repair deleted a live lock"
    assert outcome.status == CANCELLED, outcome.message


def test_release_without_a_race_still_applies_with_the_owner_guard(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path) -> None:
    info = describe_table(conn, accounts_table)
    schema = _owned_schema(info)
    ken = lock_key("EMAIL", "ken@thompson.dev")
    conn.client.put_item(TableName=accounts_table, Item={**ken, "owner": s("ACCT#0gone00")})
    report = _audit(reader, info, schema)
    orphans = [f for f in report.findings if f.status == "ORPHAN_LOCK"]
    run = _run(conn, reader, orphans, schema, info, tmp_path)
    assert [o.status for o in run.outcomes] == [APPLIED, APPLIED], [o.message for o in run.outcomes]
    assert _get(conn, accounts_table, ken) is None


# --------------------------------------------------------------------------- dry run vs resume


def test_dry_run_after_a_cancelled_repair_shows_what_a_resumed_run_sends(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, conn: Connection, reader: Reader,
        accounts_table: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The state file says the linus claim was cancelled by DynamoDB (never retried): a dry run
    with that state file must not print a claim the real run will not send."""
    from dynoview.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the command's own action log
    report_path = tmp_path / "audit.json"
    assert main(["audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                 "--format", "json", "--no-receipts", "--consistent"]) == 1
    report_path.write_text(capsys.readouterr().out)

    def claim_by_hand() -> None:
        conn.client.put_item(TableName=accounts_table, Item=lock_key("HANDLE", "linus"))
        conn.client.delete_item(TableName=accounts_table, Key=lock_key("HANDLE", "linus"))
        conn.client.put_item(TableName=accounts_table, Item=lock_key("HANDLE", "linus"))

    # A real run whose linus claim DynamoDB cancels (claimed by hand after the re-check).
    raced: list[int] = []
    real = repair_run.execute_transaction

    def racing(conn_: Any, tx: Any, **kw: Any) -> Any:
        if "Put" in tx.to_request()["TransactItems"][0] and not raced:
            raced.append(1)
            claim_by_hand()
        return real(conn_, tx, **kw)

    monkeypatch.setattr(repair_run, "execute_transaction", racing)
    base = ["repair", str(report_path), "--endpoint-url", endpoint_url, "--table", accounts_table,
            "--rate", "100", "--format", "json"]
    main([*base, "--yes"])
    first = json.loads(capsys.readouterr().out)
    assert raced and sorted(o["status"] for o in first["outcomes"]) == [APPLIED, APPLIED, CANCELLED]
    monkeypatch.setattr(repair_run, "execute_transaction", real)

    # Linus's lock goes away again: the cancelled finding is a missing lock once more.
    conn.client.delete_item(TableName=accounts_table, Key=lock_key("HANDLE", "linus"))
    main([*base, "--dry-run"])
    dry = json.loads(capsys.readouterr().out)
    main([*base, "--yes"])
    real_run = json.loads(capsys.readouterr().out)
    dry_status = {o["id"]: o["status"] for o in dry["outcomes"]}
    real_status = {o["id"]: o["status"] for o in real_run["outcomes"]}
    assert "planned" not in real_status.values()
    # What the dry run says would be sent is what the real run then sends: nothing here.
    assert [i for i, st in dry_status.items() if st == "planned"] == \
        [i for i, st in real_status.items() if st == APPLIED and not _earlier(real_run, i)]


def _earlier(run_json: dict[str, Any], finding: str) -> bool:
    return bool(next(o for o in run_json["outcomes"] if o["id"] == finding)["earlier"])


# --------------------------------------------------------------------------- a clash after the report


def test_claim_never_settles_a_case_clash_that_appeared_after_the_report(
        conn: Connection, reader: Reader, accounts_table: str, tmp_path: Path) -> None:
    """Linus's lock was missing; since the report another account took "Linus" with its own
    lock. Claiming "linus" now would keep both spellings: which one stays is a person's
    decision, so nothing is sent."""
    info = describe_table(conn, accounts_table)
    schema = default_schema(info)
    report = _audit(reader, info, schema)
    only_linus = [f for f in report.findings if f.value == "linus"]
    conn.client.put_item(TableName=accounts_table, Item={**account_key("0linus2"), "email": s("l2@x.io"),
                                                         "username": s("Linus")})
    conn.client.put_item(TableName=accounts_table, Item=lock_key("HANDLE", "Linus"))
    conn.client.put_item(TableName=accounts_table, Item=lock_key("EMAIL", "l2@x.io"))
    run = _run(conn, reader, only_linus, schema, info, tmp_path,
               state=RepairState(None, "", accounts_table))
    (outcome,) = run.outcomes
    assert outcome.status != APPLIED, outcome.message
    assert outcome.status == CHANGED
    assert _get(conn, accounts_table, lock_key("HANDLE", "linus")) is None
