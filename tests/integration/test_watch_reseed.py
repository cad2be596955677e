"""A watch's findings after a re-seed are true, against a real endpoint (moto and DynamoDB
Local): records older than the re-seed's audit are not applied over it, and a write after it
is still shown.

The endpoints never trim a stream nor expire an iterator, so the re-seed point is set by hand:
the stream reader counts records lost, as it does on a trimmed shard (and it reads from the
trim horizon, where a trimmed shard sends it). The records, the audit and the read-backs are
the endpoint's own."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.events import APPEARED, WatchEvent
from dynoview.core.watch.fence import MARGIN
from dynoview.core.watch.watcher import Watcher
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration


def sign_up(conn: Connection, table: str, acct: str, email: str) -> None:
    conn.client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": {**account_key(acct), "email": s(email)},
                 "ConditionExpression": "attribute_not_exists(PK)"}},
        {"Put": {"TableName": table, "Item": lock_key("EMAIL", email),
                 "ConditionExpression": "attribute_not_exists(PK)"}},
    ])


def history(conn: Connection, table: str) -> None:
    """Five consistent transactions of two records each: ada@x.io signs up, is deleted and
    signed up again by another account, with other sign-ups in between. Replayed over the
    table as it ends, the first one makes ada@x.io a duplicate, the third takes its lock away,
    each until two transactions later."""
    sign_up(conn, table, "a1", "ada@x.io")
    sign_up(conn, table, "b", "bob@x.io")
    conn.client.transact_write_items(TransactItems=[
        {"Delete": {"TableName": table, "Key": account_key("a1")}},
        {"Delete": {"TableName": table, "Key": lock_key("EMAIL", "ada@x.io")}},
    ])
    sign_up(conn, table, "c", "cy@x.io")
    sign_up(conn, table, "a2", "ada@x.io")


def reseeding_watch(conn: Connection, table: str) -> Watcher:
    """A watch replaying the stream one transaction a step, whose first step finds records
    lost (its settle time 0: a change is shown when it held for one more step)."""
    watcher = Watcher(Reader(conn), describe_table(conn, table), article_schema(), seed="replay",
                      settle_s=0.0)
    watcher.start()
    assert watcher.follower is not None
    watcher.follower.stream.limit = 2  # one transaction a step: a rewind lasts several steps
    watcher.follower.stream.records_lost += 1  # what a trimmed shard does (see the module doc)
    return watcher


def watch_to_the_tip(watcher: Watcher, *, then: Callable[[], None] | None = None) -> list[WatchEvent]:
    """Step until read to the tip with nothing settling; ``then`` writes there once, and the
    watch goes on until its record was read and settled too."""
    events: list[WatchEvent] = []
    deadline = time.monotonic() + 60
    records_wanted = 0
    while True:
        assert time.monotonic() < deadline, "the watch never read to the stream's tip"
        step = watcher.step()
        events += step.events
        if step.up_to_date and watcher.pending == 0 and watcher.records >= records_wanted:
            if then is None:
                return events + watcher.finish()
            records_wanted = watcher.records + 1
            then()
            then = None
        time.sleep(step.wait_s)


def test_records_written_just_before_a_reseed_are_read_again_not_rewound(conn: Connection) -> None:
    """The table is consistent throughout. Replaying its records over the fresh audit showed
    ada@x.io held twice, then without its lock: findings the table never had, on which
    ``dynoview watch --fail-on`` exits non-zero."""
    with empty_accounts_table(conn) as table:
        history(conn, table)
        watcher = reseeding_watch(conn, table)
        events = watch_to_the_tip(watcher)
        assert watcher.audit is not None and watcher.audit.findings == 0
        assert [(e.kind, e.finding.status) for e in events] == []
        assert watcher.current_findings == 0
        # Written seconds before the audit: it may or may not hold them, so they were read again.
        assert watcher.follower is not None and watcher.follower.read_back_items > 0


@pytest.mark.only_on("moto", reason="DynamoDB Local rounds record times down to the minute: "
                     "its records are surely older than an audit only a minute later")
def test_records_older_than_a_reseed_are_skipped_without_reads(conn: Connection) -> None:
    with empty_accounts_table(conn) as table:
        history(conn, table)
        time.sleep(MARGIN.total_seconds() + 2)  # older than the audit by more than the margin
        watcher = reseeding_watch(conn, table)
        events = watch_to_the_tip(watcher)
        assert [(e.kind, e.finding.status) for e in events] == []
        assert watcher.current_findings == 0
        assert watcher.follower is not None and watcher.follower.read_back_items == 0
        assert watcher.records == 10  # read, counted, not applied


def test_a_write_after_the_reseed_is_still_shown(conn: Connection) -> None:
    """An account written without its lock after the re-seed: a real missing lock, shown."""
    with empty_accounts_table(conn) as table:
        history(conn, table)
        watcher = reseeding_watch(conn, table)

        def stuck() -> None:
            conn.client.put_item(TableName=table, Item={**account_key("dan"), "email": s("dan@x.io")})

        events = watch_to_the_tip(watcher, then=stuck)
        assert [(e.kind, e.finding.status, e.finding.account_ids) for e in events] == [
            (APPEARED, MISSING_LOCK, ("ACCT#dan",))]
        assert watcher.current_findings == 1
