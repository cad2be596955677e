"""A reservation (a lock with a TTL ahead and no account: a sign-up in progress) written while
the watch runs, against a real endpoint with streams (moto and DynamoDB Local): the watch
reports it as the audit run after it does, a reservation with the same ``reserved_until`` and
sentence (not a stuck signup), in its JSON too; once its TTL passes it is the audit's expired
lock. Neither endpoint deletes expired items, so the lock stays readable, as on DynamoDB."""

from __future__ import annotations

import time
from typing import Any

import pytest

from dynoview.core.audit.report import finding_json
from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import EXPIRED, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.reservation import is_reservation
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.events import APPEARED, RESOLVED, WatchEvent
from dynoview.core.watch.watcher import Watcher
from tests.helpers import empty_accounts_table, lock_key

pytestmark = pytest.mark.integration

VALUE = "reserved@x.io"


def _watch_until(watcher: Watcher, done: Any, seconds: float) -> list[WatchEvent]:
    """Step the watch until ``done(events so far)`` or ``seconds`` have passed."""
    events: list[WatchEvent] = []
    deadline = time.monotonic() + seconds
    while not done(events) and time.monotonic() < deadline:
        step = watcher.step()
        events.extend(step.events)
        time.sleep(min(max(step.wait_s, 0.05), 0.5))
    return events


def _audit(conn: Connection, table: str) -> list[Finding]:
    return run_audit(Reader(conn), describe_table(conn, table), article_schema()).findings


def _said(f: Finding) -> tuple[Any, ...]:
    return (f.status, f.value, f.reserved_until, f.sentence, f.explanation)


def _started(conn: Connection, table: str) -> Watcher:
    watcher = Watcher(Reader(conn), describe_table(conn, table), article_schema(), seed="audit",
                      settle_s=0.0)
    watcher.start()
    assert watcher.current_findings == 0
    return watcher


def test_a_reservation_written_while_watching_is_the_audits_reservation(conn: Connection) -> None:
    with empty_accounts_table(conn) as table:
        watcher = _started(conn, table)
        ttl = {"N": str(int(time.time()) + 3600)}
        conn.client.put_item(TableName=table, Item={**lock_key("EMAIL", VALUE), "expiresAt": ttl})
        events = _watch_until(watcher, lambda e: any(x.kind == APPEARED for x in e), 30)
        [event] = events
        [audited] = _audit(conn, table)
        assert is_reservation(audited)
        assert event.kind == APPEARED and event.finding.status == ORPHAN_LOCK
        # Was: no reserved_until, and "a stuck signup" in the sentence.
        assert _said(event.finding) == _said(audited)
        assert "stuck signup" not in event.finding.sentence
        out = event.to_json()
        assert out["reserved_until"] == finding_json(audited)["reserved_until"] == audited.reserved_until
        assert out["sentence"] == audited.sentence


def test_a_reservation_whose_ttl_passes_is_the_audits_expired_lock(conn: Connection) -> None:
    with empty_accounts_table(conn) as table:
        watcher = _started(conn, table)
        ttl = {"N": str(int(time.time()) + 4)}
        conn.client.put_item(TableName=table, Item={**lock_key("EMAIL", VALUE), "expiresAt": ttl})
        first = _watch_until(watcher, lambda e: any(x.kind == APPEARED for x in e), 30)
        assert [(e.kind, e.finding.status, bool(e.finding.reserved_until)) for e in first] == [
            (APPEARED, ORPHAN_LOCK, True)]
        later = _watch_until(watcher, lambda e: any(x.finding.status == EXPIRED for x in e), 30)
        assert sorted((e.kind, e.finding.status) for e in later) == [(APPEARED, EXPIRED),
                                                                     (RESOLVED, ORPHAN_LOCK)]
        expired = next(e for e in later if e.kind == APPEARED)
        [audited] = _audit(conn, table)
        assert audited.status == EXPIRED
        assert _said(expired.finding) == _said(audited)
        assert "reserved_until" not in expired.to_json()
        assert watcher.state is not None
        assert [_said(f) for f in watcher.state.all_findings()] == [_said(audited)]
