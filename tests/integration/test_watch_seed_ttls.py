"""A watch seeded by an audit expires what the audit read with a TTL still ahead, against a
real endpoint (moto and DynamoDB Local): a lock and an account whose TTLs pass while watching
are shown EXPIRED, as the audit run after finds them. Neither endpoint deletes expired items,
so they stay readable, as on DynamoDB until its sweep."""

from __future__ import annotations

import time

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import EXPIRED
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.events import APPEARED
from dynoview.core.watch.watcher import Watcher
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration

AHEAD_S = 3


def test_ttls_ahead_at_an_audit_seed_are_expired_when_they_pass(conn: Connection) -> None:
    with empty_accounts_table(conn) as table:
        due = {"N": str(int(time.time()) + AHEAD_S)}
        put = conn.client.put_item
        put(TableName=table, Item={**account_key("ttl"), "email": s("ttl@x.io")})
        put(TableName=table, Item={**lock_key("EMAIL", "ttl@x.io"), "expiresAt": due})
        put(TableName=table, Item={**account_key("acc"), "email": s("acc@x.io"), "expiresAt": due})
        put(TableName=table, Item=lock_key("EMAIL", "acc@x.io"))
        watcher = Watcher(Reader(conn), describe_table(conn, table), article_schema(), seed="audit",
                          settle_s=0.0)
        watcher.start()
        assert watcher.current_findings == 0  # both TTLs still ahead
        expired: set[str] = set()
        deadline = time.monotonic() + AHEAD_S + 20
        while len(expired) < 2 and time.monotonic() < deadline:
            step = watcher.step()
            expired |= {e.finding.lock_keys[0]["PK"]["S"] if e.finding.lock_keys else e.finding.account_ids[0]
                        for e in step.events if (e.kind, e.finding.status) == (APPEARED, EXPIRED)}
            time.sleep(min(max(step.wait_s, 0.05), 0.5))
        assert expired == {"UNIQ#EMAIL#ttl@x.io", "ACCT#acc"}
        audit = run_audit(Reader(conn), describe_table(conn, table), article_schema())
        assert audit.counts.get(EXPIRED) == 2
