"""The audit's worker-process path over HTTP: the same findings, receipts, progress and
cancel as in-process, every read still made (and refused) by the caller's connection."""

from __future__ import annotations

import dataclasses
import os
import threading
from typing import Any

import pytest

from dynoview.core.audit.report import audit_json
from dynoview.core.audit.run import (
    IN_PROCESS,
    PROCESS_MIN_ITEMS,
    AuditProgress,
    choose_workers,
    run_audit,
)
from dynoview.core.audit.workers import (
    LOW_WORKER_NICENESS,
    WORKER_NICENESS,
    AuditWorkerError,
    ClassifierPool,
)
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import article_schema, default_schema
from tests.demo_expectations import DEMO_FINDINGS
from tests.helpers import connect

pytestmark = pytest.mark.integration


def shown(result: Any) -> tuple[Any, ...]:
    """What a user sees of an audit: findings (sentences, keys), counts, rows, items."""
    findings = [(f.status, f.rule, f.value, f.account_ids, f.lock_keys, f.sentence) for f in result.findings]
    rows = [(r.kind, r.account_id, r.key, r.status,
             sorted((k, c.value, c.status) for k, c in r.cells.items())) for r in result.pairing.rows()]
    return findings, result.counts, rows, result.items_read, result.scanned


@pytest.mark.parametrize("segments", [1, 4])
def test_workers_find_exactly_what_in_process_finds(conn: Connection, accounts_table: str,
                                                    segments: int) -> None:
    info = describe_table(conn, accounts_table)
    schema = default_schema(info)
    botocore_dicts = run_audit(Reader(conn), info, schema, segments=segments, fast_parse=False)
    in_process = run_audit(Reader(conn), info, schema, segments=segments, workers=0)
    seen: list[AuditProgress] = []
    reader = Reader(conn)
    workers = run_audit(reader, info, schema, segments=segments, workers=2, progress=seen.append)
    assert shown(workers) == shown(in_process) == shown(botocore_dicts)
    assert len(workers.findings) == len(DEMO_FINDINGS) and not workers.cancelled
    assert in_process.path == IN_PROCESS and in_process.workers == 0
    expected = min(2, segments)
    assert workers.workers == expected
    assert workers.path == f"{expected} worker process{'es' if expected > 1 else ''}"
    # One receipt per page, made by the caller's reader, each saying where it was classified.
    assert len(workers.receipts) == workers.pages == len(reader.log.receipts())
    assert {r.extra["audit_path"] for r in workers.receipts} == {workers.path}
    assert {r.operation for r in workers.receipts} == {"Scan"}
    assert workers.receipts[0].to_json()["extra"] == {"audit_path": workers.path}
    assert audit_json(workers)["receipts"][0]["extra"] == {"audit_path": workers.path}
    # Progress: findings are counted once the workers are done, then given in a last report.
    assert all(p.findings is None for p in seen[:-1]) and seen[-1].findings == len(DEMO_FINDINGS)
    assert seen[-1].segments_done == segments and seen[-1].items_read == info.item_count
    assert "findings counted at the end" in seen[0].text()


def test_low_priority_workers_find_what_in_process_finds(conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    schema = default_schema(info)
    in_process = run_audit(Reader(conn), info, schema, workers=0)
    low = run_audit(Reader(conn), info, schema, workers=2, low_priority_workers=True)
    assert shown(low) == shown(in_process) and low.workers == 2


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="nice values are POSIX")
@pytest.mark.parametrize("niceness", [WORKER_NICENESS, LOW_WORKER_NICENESS])
def test_workers_start_below_the_caller(niceness: int) -> None:
    """From their interpreter's start (its imports too), not once they serve; the calling
    thread keeps its own priority."""
    own = os.getpriority(os.PRIO_PROCESS, 0)
    pool = ClassifierPool(2, Pairing(article_schema()), threading.Lock(), niceness)
    try:
        assert [os.getpriority(os.PRIO_PROCESS, p.pid) for p in pool._procs] == [min(19, own + niceness)] * 2
        assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == own
        pool.finish()
    finally:
        pool.close()


def test_read_only_connection_audits_with_workers(endpoint_url: str, accounts_table: str) -> None:
    ro = connect(endpoint_url, read_only=True)
    info = describe_table(ro, accounts_table)
    reader = Reader(ro)
    result = run_audit(reader, info, default_schema(info), segments=4, workers=2)
    assert len(result.findings) == len(DEMO_FINDINGS) and result.workers == 2
    assert {r.operation for r in reader.log.receipts()} == {"Scan"}


def test_cancel_with_workers_stops_within_one_page_per_segment(reader: Reader, conn: Connection,
                                                               accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    cancel = threading.Event()
    reads_at_cancel: list[int] = []

    def progress(p: AuditProgress) -> None:
        if p.pages >= 1 and not cancel.is_set():
            reads_at_cancel.append(len(reader.log.receipts()))
            cancel.set()

    result = run_audit(reader, info, default_schema(info), segments=2, page_limit=1, workers=2,
                       progress=progress, cancel=cancel)
    assert result.cancelled and not result.complete
    assert len(reader.log.receipts()) - reads_at_cancel[0] <= 2
    assert 0 < result.items_read < info.item_count  # what was read is classified and kept
    assert result.incomplete_segments == (0, 1)


def test_path_is_chosen_by_the_table_size(conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    assert choose_workers(info, 4) == 0  # the demo table: no process start-up
    big = dataclasses.replace(info, item_count=PROCESS_MIN_ITEMS)
    assert choose_workers(big, 4, fast_parse=False) == 0
    assert choose_workers(big, 4, workers=8) == 4  # never more workers than segments
    assert choose_workers(big, 1, workers=0) == 0


def test_a_worker_that_cannot_classify_stops_the_audit_with_a_sentence() -> None:
    pairing = Pairing(article_schema())
    pool = ClassifierPool(1, pairing, threading.Lock())
    try:
        pool.send(0, b'{"Items": [')  # not JSON: the worker reports, the caller raises
        with pytest.raises(AuditWorkerError, match="could not classify a page"):
            pool.finish()
    finally:
        pool.close()
    assert pairing.items_seen == 0
