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


def test_worker_processes_keep_the_same_ttls_ahead(conn: Connection) -> None:
    """A big table's audit classifies in worker processes: their batches carry the TTLs ahead."""
    with empty_accounts_table(conn) as table:
        due = str(int(time.time()) + 3600)
        put = conn.client.put_item
        for n in range(20):
            put(TableName=table, Item={**account_key(f"a{n}"), "email": s(f"a{n}@x.io"),
                                       "expiresAt": {"N": due}})
            put(TableName=table, Item={**lock_key("EMAIL", f"a{n}@x.io"), "expiresAt": {"N": due}})
        info = describe_table(conn, table)
        kept = {}
        for workers in (0, 2):
            audit = run_audit(Reader(conn), info, article_schema(), workers=workers, segments=2,
                              keep_ttls_ahead=True)
            assert audit.workers == workers
            kept[workers] = sorted(audit.pairing.ttls_ahead or [])
        assert len(kept[0]) == 40 and kept[2] == kept[0]
        assert ("ACCT#a7", "PROFILE", due) in kept[0] and ("UNIQ#EMAIL#a7@x.io", "LOCK", due) in kept[0]


def test_a_lock_in_a_locks_table_of_its_own_is_expired_when_its_ttl_passes(conn: Connection) -> None:
    """The two-table audit's locks table keeps its own TTLs ahead (``locks_ttls_ahead``)."""
    from tests.integration.locks_table_seed import seeded_two_tables

    with seeded_two_tables(conn, streams=("NEW_AND_OLD_IMAGES", "NEW_AND_OLD_IMAGES")) as two:
        conn.client.update_time_to_live(TableName=two.uniques, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expiresAt"})
        due = {"N": str(int(time.time()) + AHEAD_S)}
        conn.client.put_item(TableName=two.users, Item={"ID": s("eve"), "email": s("eve@x.io")})
        conn.client.put_item(TableName=two.uniques, Item={"pk": s("email#eve@x.io"), "expiresAt": due})
        watcher = Watcher(Reader(conn), describe_table(conn, two.users), two.schema, seed="audit",
                          settle_s=0.0)
        watcher.start()
        expired: set[str | None] = set()
        deadline = time.monotonic() + AHEAD_S + 20
        while not expired and time.monotonic() < deadline:
            step = watcher.step()
            expired |= {e.finding.value for e in step.events
                        if (e.kind, e.finding.status) == (APPEARED, EXPIRED)}
            time.sleep(min(max(step.wait_s, 0.05), 0.5))
        assert expired == {"eve@x.io"}
