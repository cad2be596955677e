"""The watch's fence around a seeding audit (``watch.fence``), against a real endpoint behind
the fault proxy (moto and DynamoDB Local):

- a re-read that fails (throttled, a dropped connection) is held and retried like a failed
  poll: the step says it and waits, the next step reads again before applying anything, and
  every record is applied once;
- the first seed is fenced too: writes made while its audit ran, read from the stream after
  it, are read again instead of rewinding the audit's items (a brief false finding).

The history and the re-seed point are set as in ``tests/integration/test_watch_reseed.py``."""

from __future__ import annotations

import pytest
from botocore.config import Config

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.watcher import Watcher
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo
from tests.faults.support import proxied
from tests.integration.test_watch_reseed import history, reseeding_watch, watch_to_the_tip

pytestmark = [pytest.mark.integration, pytest.mark.faults]

#: One attempt per call: a fault must reach the watch, not be retried away by botocore.
ONE_ATTEMPT = Config(retries={"mode": "standard", "total_max_attempts": 1})


@pytest.mark.parametrize("fault", [fp.THROTTLE, fp.DROP_BEFORE])
def test_a_failed_re_read_is_held_and_retried_like_a_failed_poll(
        proxy: FaultProxy, direct: Connection, empty_table: str, fault: str) -> None:
    history(direct, empty_table)
    watcher = reseeding_watch(proxied(proxy, config=ONE_ATTEMPT), empty_table)
    rule = proxy.add(fault, operation="BatchGetItem", times=2)

    waits = []
    for _ in range(2):  # the re-seeding step, then its retry: both re-reads fail
        step = watcher.step()
        assert step.failed and not step.up_to_date and step.events == []
        [notice] = [n for n in step.notices if "trying again" in n]
        assert ("throttled" in notice) == (fault == fp.THROTTLE)
        waits.append(step.wait_s)
        assert watcher.records == 0  # held, not applied
    assert waits == [0.5, 1.0]  # a failed poll's growing waits
    assert rule.applied == 2 and watcher.audit is not None

    events = watch_to_the_tip(watcher)
    assert [(e.kind, e.finding.status) for e in events] == []
    assert watcher.current_findings == 0
    assert watcher.records == 10
    assert watcher.state is not None and watcher.state.records_applied == 10  # each once


def test_writes_made_while_the_first_seeding_audit_runs_are_read_again(
        proxy: FaultProxy, direct: Connection, empty_table: str) -> None:
    """The history is written as the audit's Scan starts, so the audit reads the table as it
    ends; the stream is read after the audit (every GetRecords throttled until then), one
    transaction a step. Applied as they are, its first records showed ada@x.io held twice,
    then without its lock: findings the table never had."""
    pconn = proxied(proxy, config=ONE_ATTEMPT)
    watcher = Watcher(Reader(pconn), describe_table(pconn, empty_table), article_schema(),
                      seed="audit", settle_s=0.0, segments=1)
    written: list[bool] = []

    def write_as_the_scan_starts(info: RequestInfo) -> bool:
        if not written:  # before the Scan is forwarded: the audit reads every write
            written.append(True)
            history(direct, empty_table)
        return False

    proxy.add(fp.DELAY, operation="Scan", predicate=write_as_the_scan_starts, times=None)
    unread = proxy.add(fp.THROTTLE, operation="GetRecords", times=None)
    watcher.start()
    proxy.remove(unread)
    assert written and watcher.audit is not None and watcher.audit.findings == 0
    assert watcher.follower is not None
    watcher.follower.stream.limit = 2  # one transaction a step: a rewind lasts several steps

    events = watch_to_the_tip(watcher)
    assert [(e.kind, e.finding.status) for e in events] == []
    assert watcher.current_findings == 0
    assert watcher.records == 10
    assert watcher.follower.read_back_items > 0  # written during the audit: read again
