"""The full-table audit (parallel Scan) through a proxy that injects faults.

A fault on one page is absorbed by botocore's retries and the audit's findings are
exactly those of a fault-free run; a segment that keeps failing stops the audit
with an error that names every segment not read to its end, and no findings.
"""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.audit.run import AuditIncompleteError, AuditResult, run_audit
from dynoview.core.errors import describe_error
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import default_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo

pytestmark = [pytest.mark.integration, pytest.mark.faults]

SEGMENTS = 4
PAGE_LIMIT = 4


@pytest.fixture
def table(shared_table: str) -> str:
    return shared_table


def audit(conn: Connection, table: str, **kwargs: Any) -> AuditResult:
    info = describe_table(conn, table)
    return run_audit(Reader(conn), info, default_schema(info), segments=SEGMENTS,
                     page_limit=PAGE_LIMIT, **kwargs)


def summary(result: AuditResult) -> tuple[Any, ...]:
    findings = sorted((f.status, f.rule or "", f.value or "", f.account_ids) for f in result.findings)
    return result.items_read, result.counts, findings


def segment(number: int) -> Any:
    def match(info: RequestInfo) -> bool:
        return info.json().get("Segment") == number
    return match


@pytest.fixture
def baseline(direct: Connection, table: str) -> tuple[Any, ...]:
    result = audit(direct, table)
    assert result.complete and result.findings  # the demo table has findings to lose
    return summary(result)


# Both parsers (orjson fast path and botocore's) for the faults that damage or lose a
# body; throttling back-off does not depend on the parser, so it runs once.
@pytest.mark.parametrize("kind, fast_parse", [
    *[(kind, fast) for kind in (fp.DROP_BEFORE, fp.DROP_AFTER, fp.CUT, fp.HTTP_500)
      for fast in (True, False)],
    (fp.THROTTLE, True),
])
def test_one_fault_per_segment_changes_nothing(proxy: FaultProxy, pconn: Connection, table: str,
                                               baseline: tuple[Any, ...], kind: str,
                                               fast_parse: bool) -> None:
    rules = [proxy.add(kind, operation="Scan", predicate=segment(s), after=1) for s in range(SEGMENTS)]
    result = audit(pconn, table, fast_parse=fast_parse)
    assert [r.applied for r in rules] == [1] * SEGMENTS
    assert result.complete and result.incomplete_segments == ()
    assert summary(result) == baseline  # nothing lost, nothing counted twice


def test_a_failing_segment_is_named_and_no_findings_are_shown(proxy: FaultProxy, pconn: Connection,
                                                             table: str) -> None:
    # Segment 2 answers its first page slowly, then fails every attempt: by then the
    # other segments have finished, so exactly segment 2 is incomplete.
    proxy.add(fp.DELAY, operation="Scan", predicate=segment(2), seconds=1.5)
    proxy.add(fp.HTTP_500, operation="Scan", predicate=segment(2), times=None)
    with pytest.raises(AuditIncompleteError) as info:
        audit(pconn, table)
    err = info.value
    assert err.failed_segment == 2 and err.incomplete == (2,) and err.segments == SEGMENTS
    assert "segment 2 failed" in err.message
    assert "Segment 2 (of 0 to 3) was not read to the end" in err.message
    assert "DynamoDB unavailable" not in err.message  # the sentence, not the title, is quoted
    assert "internal error" in err.message and "Run the audit again" in err.message
    failed = [r for r in proxy.requests("Scan") if segment(2)(r)]
    assert len(failed) == 1 + 4  # the slow first page, then four attempts of the second
    assert describe_error(err).message == err.message


def test_cut_answers_on_every_attempt_stop_the_audit(proxy: FaultProxy, pconn: Connection,
                                                     table: str) -> None:
    proxy.add(fp.CUT, operation="Scan", predicate=segment(1), times=None)
    with pytest.raises(AuditIncompleteError) as info:
        audit(pconn, table)
    assert isinstance(info.value.cause, DamagedResponseError)
    assert 1 in info.value.incomplete and "arrived damaged" in info.value.message


def test_endpoint_gone_then_back_the_same_connection_audits(proxy: FaultProxy, pconn: Connection,
                                                           table: str,
                                                           baseline: tuple[Any, ...]) -> None:
    info = describe_table(pconn, table)
    proxy.go_down()
    with pytest.raises(AuditIncompleteError) as failure:
        run_audit(Reader(pconn), info, default_schema(info), segments=SEGMENTS, page_limit=PAGE_LIMIT)
    assert failure.value.incomplete == tuple(range(SEGMENTS))
    assert "Could not reach the DynamoDB endpoint" in failure.value.message
    proxy.come_back()
    assert summary(audit(pconn, table)) == baseline


@pytest.mark.parametrize("kind", [fp.DROP_AFTER, fp.CUT, fp.HTTP_500])
def test_worker_processes_absorb_one_fault_per_segment(proxy: FaultProxy, pconn: Connection, table: str,
                                                      baseline: tuple[Any, ...], kind: str) -> None:
    """Reads stay in the caller (retries, CRC32 check); workers only see whole pages."""
    rules = [proxy.add(kind, operation="Scan", predicate=segment(s), after=1) for s in range(SEGMENTS)]
    result = audit(pconn, table, workers=2)
    assert [r.applied for r in rules] == [1] * SEGMENTS
    assert result.complete and result.workers == 2
    assert summary(result) == baseline
    # Every request the endpoint saw was sent by the caller's reader: one receipt per page
    # answered, and the faulted attempts retried by botocore inside those reads.
    assert len(result.receipts) == result.pages


def test_a_failing_segment_stops_worker_processes_without_findings(proxy: FaultProxy, pconn: Connection,
                                                                  table: str) -> None:
    proxy.add(fp.CUT, operation="Scan", predicate=segment(3), times=None)
    with pytest.raises(AuditIncompleteError) as info:
        audit(pconn, table, workers=2)
    assert isinstance(info.value.cause, DamagedResponseError)
    assert 3 in info.value.incomplete and "arrived damaged" in info.value.message
