"""DynamoDB's ThrottlingReasons reach the user: an audit and an export throttled on every
other page finish with exactly the clean run's result and say they slowed down, naming the
reason and the resource; a read or a transaction throttled on every attempt names them in
its error."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.report import audit_text
from dynoview.core.audit.run import AuditResult, run_audit
from dynoview.core.errors import describe_error
from dynoview.core.items.export import PLAIN_JSON, export_table
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import FAILED
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema, default_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo

pytestmark = [pytest.mark.integration, pytest.mark.faults]

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/accounts"
REASON = "TableReadKeyRangeThroughputExceeded"
THROTTLED = {
    "__type": "com.amazonaws.dynamodb.v20120810#ThrottlingException",
    "message": "Throughput exceeds the current capacity for one or more partitions.",
    "throttlingReasons": [{"reason": REASON, "resource": ARN}],
}


def every_other() -> Any:
    """A predicate true for the 1st, 3rd, 5th... request it sees: each page is throttled once,
    and its retry goes through."""
    lock = threading.Lock()
    seen = [0]

    def match(_info: RequestInfo) -> bool:
        with lock:
            seen[0] += 1
            return seen[0] % 2 == 1
    return match


def throttle_every_other_scan(proxy: FaultProxy) -> fp.Rule:
    return proxy.add(fp.RESPOND, operation="Scan", predicate=every_other(), times=None,
                     status=400, body=THROTTLED)


def audit(conn: Connection, table: str) -> AuditResult:
    info = describe_table(conn, table)
    return run_audit(Reader(conn), info, default_schema(info), segments=2, page_limit=25)


def summary(result: AuditResult) -> tuple[Any, ...]:
    findings = sorted((f.status, f.rule or "", f.value or "", f.account_ids) for f in result.findings)
    return result.items_read, result.counts, findings


def test_audit_throttled_every_other_page_finishes_exactly_and_says_why(
        proxy: FaultProxy, pconn: Connection, direct: Connection, shared_table: str) -> None:
    clean = audit(direct, shared_table)
    assert clean.findings and clean.throttle_note is None
    rule = throttle_every_other_scan(proxy)
    result = audit(pconn, shared_table)
    assert rule.applied >= result.pages // 2 > 0
    assert result.complete and summary(result) == summary(clean)  # exact findings, nothing twice
    note = result.throttle_note or ""
    assert f"DynamoDB throttled {rule.applied} requests; DynoView slowed down (adaptive retry)" in note
    assert f"{REASON} on {ARN}" in note and "key range (partition)" in note
    assert note in audit_text(result)  # what `dynoview audit` prints


def test_export_throttled_every_other_page_writes_everything_and_says_why(
        proxy: FaultProxy, pconn: Connection, direct: Connection, shared_table: str) -> None:
    clean = io.StringIO()
    export_table(Reader(direct), describe_table(direct, shared_table), clean, PLAIN_JSON, segments=2,
                 page_limit=25)
    rule = throttle_every_other_scan(proxy)
    out = io.StringIO()
    result = export_table(Reader(pconn), describe_table(direct, shared_table), out, PLAIN_JSON, segments=2,
                          page_limit=25)
    assert rule.applied > 0
    assert sorted(out.getvalue().splitlines()) == sorted(clean.getvalue().splitlines())
    assert f"{REASON} on {ARN}" in result.summary()


def test_a_read_throttled_on_every_attempt_names_the_reason_and_the_resource(
        proxy: FaultProxy, pconn: Connection, shared_table: str) -> None:
    proxy.add(fp.RESPOND, operation="GetItem", times=None, status=400, body=THROTTLED)
    with pytest.raises(Exception) as info:
        Reader(pconn).get_item(shared_table, {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}})
    err = describe_error(info.value, operation="GetItem", table=shared_table)
    assert err.title == "Throttled"
    assert f"DynamoDB's reason: {REASON} on {ARN}, meaning one key range (partition)" in err.message


def test_a_throttled_transaction_names_the_reason_and_the_resource(
        proxy: FaultProxy, pconn: Connection, table: str, tmp_path: Path) -> None:
    schema = article_schema()
    item = {"PK": {"S": "ACCT#slow"}, "SK": {"S": "PROFILE"}, "email": {"S": "slow@x.io"},
            "username": {"S": "slow"}}
    body = {**THROTTLED, "throttlingReasons": [{"reason": "TableWriteKeyRangeThroughputExceeded",
                                                 "resource": ARN}]}
    proxy.add(fp.RESPOND, operation="TransactWriteItems", times=None, status=400, body=body)
    result = execute_transaction(pconn, sign_up(schema, table, item), confirmation=True, schema=schema,
                                 reader=Reader(pconn), log=ActionLog(tmp_path / "actions.jsonl"))
    assert result.status == FAILED and result.error_code == "ThrottlingException"
    assert "throttled the transaction even after retries and wrote nothing" in result.message
    assert f"DynamoDB's reason: TableWriteKeyRangeThroughputExceeded on {ARN}" in result.message
