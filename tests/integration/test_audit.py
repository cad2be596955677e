"""Full-table audit over HTTP against moto: findings, receipts, segments, cancel, read-only."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.audit.run import AuditProgress, fast_reader, run_audit
from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import (
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, default_schema
from tests.demo_expectations import DEMO_FINDINGS
from tests.helpers import connect

pytestmark = pytest.mark.integration



def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def plain_table(conn: Connection) -> Iterator[str]:
    """An empty PK/SK table under a unique name."""
    name = f"plain-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    yield name
    conn.client.delete_table(TableName=name)


def _put(conn: Connection, table: str, items: list[dict[str, Any]]) -> None:
    for item in items:
        conn.client.put_item(TableName=table, Item=item)


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("segments", [1, 4])
def test_demo_table_findings(reader: Reader, conn: Connection, accounts_table: str,
                             fast: bool, segments: int) -> None:
    info = describe_table(conn, accounts_table)
    seen: list[AuditProgress] = []
    result = run_audit(reader, info, default_schema(info), segments=segments, fast_parse=fast,
                       progress=seen.append)
    assert [(f.status, f.rule, f.value) for f in result.findings] == DEMO_FINDINGS
    assert result.counts[OK] == 30
    assert result.items_read == info.item_count == result.scanned
    assert len(result.receipts) == result.pages >= segments
    assert {r.operation for r in result.receipts} == {"Scan"}
    assert all(r.consistency == "eventual" for r in result.receipts)
    assert {r.request.get("TotalSegments") for r in result.receipts} == (
        {None} if segments == 1 else {segments})
    assert seen and seen[-1].segments_done == segments and seen[-1].findings == len(DEMO_FINDINGS)
    assert not result.cancelled
    # Receipts land in the caller's log too.
    assert len(reader.log.receipts()) >= result.pages


def test_strong_reads_are_recorded(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    result = run_audit(reader, info, default_schema(info), segments=2, consistent=True, page_limit=7)
    assert result.pages > 2
    assert all(r.consistency == "strong" and r.request["ConsistentRead"] for r in result.receipts)
    assert len(result.findings) == len(DEMO_FINDINGS)


def test_binary_and_number_items_and_binary_page_boundaries(conn: Connection) -> None:
    name = f"bin-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "B"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    try:
        _put(conn, name, [{"PK": s(f"BLOB#{i}"), "SK": {"B": bytes([i, 0, 255])},
                           "n": {"N": str(i)}, "raw": {"BS": [b"\x01", b"\x02"]}} for i in range(9)])
        schema = UniquenessSchema("PK", "SK", "ACCT#", None,
                                  (LockRule("email", "email", "UNIQ#EMAIL#{value}", None),))
        _put(conn, name, [{"PK": s("UNIQ#EMAIL#x@y"), "SK": {"B": b"\x00"}}])
        info = describe_table(conn, name)
        # Limit 2 makes LastEvaluatedKey carry binary keys across pages in the fast path.
        result = run_audit(Reader(conn), info, schema, segments=1, page_limit=2)
        assert result.items_read == 10
        assert [(f.status, f.value) for f in result.findings] == [(ORPHAN_LOCK, "x@y")]
    finally:
        conn.client.delete_table(TableName=name)


def test_empty_table_and_table_without_locks(reader: Reader, conn: Connection, plain_table: str) -> None:
    info = describe_table(conn, plain_table)
    result = run_audit(reader, info, default_schema(info))
    assert result.items_read == 0 and result.findings == [] and result.clean
    _put(conn, plain_table, [{"PK": s(f"ACCT#{i}"), "SK": s("PROFILE"), "email": s(f"{i}@x")}
                             for i in range(3)] + [{"PK": s("ORDER#1"), "SK": s("LINE#1")}])
    result = run_audit(reader, describe_table(conn, plain_table), default_schema(info))
    assert [f.status for f in result.findings] == [MISSING_LOCK] * 3


def test_custom_schema_three_rules_reserved_words(reader: Reader, conn: Connection,
                                                  plain_table: str) -> None:
    schema = UniquenessSchema("PK", "SK", "USER#", "USER", (
        LockRule("email", "email", "U#E#{value}", "UNIQUE", "trim+lowercase"),
        LockRule("name", "name", "U#N#{value}", "UNIQUE"),
        LockRule("status", "status", "U#S#{value}", "UNIQUE"),
    ))
    _put(conn, plain_table, [
        {"PK": s("USER#1"), "SK": s("USER"), "email": s(" Zoë@Ex.io"), "name": s("zoë #1"),
         "status": s("gold")},
        {"PK": s("U#E#zoë@ex.io"), "SK": s("UNIQUE"), "owner": s("USER#1")},
        {"PK": s("U#N#zoë #1"), "SK": s("UNIQUE")},
        {"PK": s("U#S#gold"), "SK": s("UNIQUE")},
        {"PK": s("U#S#silver"), "SK": s("UNIQUE")},
    ])
    result = run_audit(reader, describe_table(conn, plain_table), schema, segments=3)
    assert [(f.status, f.rule, f.value) for f in result.findings] == [(ORPHAN_LOCK, "status", "silver")]
    assert result.counts[OK] == 3


def test_cancel_stops_within_one_page_per_segment(reader: Reader, conn: Connection,
                                                   accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    cancel = threading.Event()
    reads_at_cancel: list[int] = []

    def progress(p: AuditProgress) -> None:
        if p.pages >= 1 and not cancel.is_set():
            reads_at_cancel.append(len(reader.log.receipts()))
            cancel.set()

    result = run_audit(reader, info, default_schema(info), segments=2, page_limit=1,
                       progress=progress, cancel=cancel)
    assert result.cancelled and not result.complete
    # After the cancel, each segment finishes at most the one request it had in flight.
    assert len(reader.log.receipts()) - reads_at_cancel[0] <= 2
    assert result.items_read < info.item_count
    assert result.incomplete_segments == (0, 1)


def test_read_only_connection_audits_without_writing(endpoint_url: str, accounts_table: str) -> None:
    ro = connect(endpoint_url, read_only=True)
    info = describe_table(ro, accounts_table)
    sent: list[str] = []
    reader = Reader(ro)
    result = run_audit(reader, info, default_schema(info), segments=2)
    assert len(result.findings) == len(DEMO_FINDINGS)
    assert {r.operation for r in reader.log.receipts()} == {"Scan"}
    # The audit's own client refuses writes like the connection does.
    audit_client = fast_reader(reader).conn.client
    audit_client.meta.events.register("before-send.dynamodb", lambda **kw: sent.append("sent"))
    with pytest.raises(DynoViewError, match="read-only"):
        audit_client.delete_item(TableName=accounts_table, Key={"PK": s("x"), "SK": s("y")})
    assert sent == []


def test_bad_segment_count_is_a_sentence(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    with pytest.raises(DynoViewError, match="Segments must be between 1 and 64"):
        run_audit(reader, info, default_schema(info), segments=0)


def test_gc_thresholds_are_restored(reader: Reader, conn: Connection, accounts_table: str) -> None:
    import gc

    before = gc.get_threshold()
    info = describe_table(conn, accounts_table)
    run_audit(reader, info, default_schema(info), segments=2)
    assert gc.get_threshold() == before
