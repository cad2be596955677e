"""The watch of accounts whose locks live in a table of their own, on moto and on DynamoDB Local:
both tables' streams are followed into one state, so a sign-up written across the two tables
in one transaction is no finding, while a marker written alone is an orphan, an account without
its marker a missing lock, and an account deleted without its markers leaves orphans. Seeded by
replaying both streams (young tables) or by the two-table audit; either table without a stream
is refused with the UpdateTable setting; ``dynoview watch --locks-table`` reports the same."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.core.watch.events import APPEARED, RESOLVED, WatchEvent
from dynoview.core.watch.seed import AUDIT, REPLAY
from dynoview.core.watch.watcher import Watcher
from tests.integration.locks_table_seed import FINDINGS, TwoTables, seeded_two_tables
from tests.integration.test_cli_watch import Watch

pytestmark = pytest.mark.integration
BOTH = ("NEW_AND_OLD_IMAGES", "NEW_AND_OLD_IMAGES")
DEADLINE_S = 60.0

Seen = set[tuple[str, str, str | None, str | None, tuple[str, ...]]]


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def two(conn: Connection) -> Iterator[TwoTables]:
    with seeded_two_tables(conn, streams=BOTH) as tables:
        yield tables


def started(conn: Connection, two: TwoTables, seed: str = "auto") -> tuple[Watcher, list[str]]:
    watcher = Watcher(Reader(conn), describe_table(conn, two.users), two.schema, seed=seed)
    return watcher, watcher.start()


def drain(watcher: Watcher, records: int) -> list[WatchEvent]:
    """Step until ``records`` more records were read, both streams are at their tip and no
    change is still settling; the events shown meanwhile."""
    target = watcher.records + records
    events: list[WatchEvent] = []
    deadline = time.monotonic() + DEADLINE_S
    while True:
        step = watcher.step()
        events += step.events
        if watcher.records >= target and step.caught_up and not watcher.pending:
            return events
        assert time.monotonic() < deadline, (watcher.records, target, watcher.pending, step.notices)
        time.sleep(min(step.wait_s, 0.2))


def seen(events: list[WatchEvent]) -> Seen:
    return {(e.kind, e.finding.status, e.finding.rule, e.finding.value, e.finding.account_ids)
            for e in events}


def signup(conn: Connection, two: TwoTables, ident: str, *, email_lock: bool = True) -> int:
    """A sign-up across both tables in one transaction; the records it writes."""
    email = f"{ident}@x.io"
    puts = [(two.users, {"ID": s(ident), "email": s(email), "username": s(ident)}, "ID"),
            (two.uniques, {"pk": s(f"username#{ident}")}, "pk")]
    if email_lock:
        puts.append((two.uniques, {"pk": s(f"email#{email}")}, "pk"))
    conn.client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": item, "ConditionExpression": f"attribute_not_exists({key})"}}
        for table, item, key in puts])
    return len(puts)


def test_both_streams_replayed_then_each_write_judged_across_the_tables(conn: Connection,
                                                                        two: TwoTables) -> None:
    watcher, notices = started(conn, two)
    assert watcher.choice is not None and watcher.choice.mode == REPLAY
    assert two.uniques in notices[0]
    # The seeded tables' history, replayed from both streams: exactly what the audit finds.
    events = drain(watcher, 5 + 10)
    assert {(status, rule, value, accounts) for _, status, rule, value, accounts in seen(events)} == FINDINGS
    assert {e.kind for e in events} == {APPEARED}

    # A sign-up across the two tables: the account and its markers, no finding between them.
    assert drain(watcher, signup(conn, two, "eve")) == []

    # A marker written alone in the locks table: an orphan, caused by the locks table's record.
    conn.client.put_item(TableName=two.uniques, Item={"pk": s("email#lonely@x.io")})
    [event] = drain(watcher, 1)
    assert (event.kind, event.finding.status, event.finding.value) == (APPEARED, "ORPHAN_LOCK", "lonely@x.io")
    assert event.finding.lock_keys == ({"pk": s("email#lonely@x.io")},)
    assert [c.table for c in event.causes] == [two.uniques]
    assert f"pk=email#lonely@x.io in {two.uniques} at " in "\n".join(event.text_lines())

    # An account whose transaction forgot its email marker: missing, from the accounts table.
    events = drain(watcher, signup(conn, two, "fay", email_lock=False))
    assert seen(events) == {(APPEARED, "MISSING_LOCK", "email", "fay@x.io", ("fay",))}
    assert [c.table for c in events[0].causes] == [two.users]

    # The account deleted, its markers left behind: both are orphans.
    conn.client.delete_item(TableName=two.users, Key={"ID": s("eve")})
    events = drain(watcher, 1)
    assert seen(events) == {(APPEARED, "ORPHAN_LOCK", "email", "eve@x.io", ()),
                            (APPEARED, "ORPHAN_LOCK", "username", "eve", ())}

    # Deleting the account and its markers together resolves nothing and breaks nothing.
    conn.client.transact_write_items(TransactItems=[
        {"Delete": {"TableName": two.users, "Key": {"ID": s("fay")}}},
        {"Delete": {"TableName": two.uniques, "Key": {"pk": s("username#fay")}}}])
    assert seen(drain(watcher, 2)) == {(RESOLVED, "MISSING_LOCK", "email", "fay@x.io", ("fay",))}


def test_an_audit_seed_reads_both_tables_then_both_streams(conn: Connection, two: TwoTables) -> None:
    watcher, notices = started(conn, two, seed=AUDIT)
    assert watcher.seeded_by_audit and watcher.audit is not None
    assert watcher.audit.items_read == 5 + 10  # both tables
    assert sum(watcher.findings_at_start.values()) == len(FINDINGS)
    assert "Seeded with an audit of" in notices[0] and two.uniques in notices[0]
    assert drain(watcher, signup(conn, two, "gil")) == []
    # Bob's missing email marker, claimed in the locks table alone, resolves his finding.
    conn.client.put_item(TableName=two.uniques, Item={"pk": s("email#bob@x.io")})
    assert seen(drain(watcher, 1)) == {(RESOLVED, "MISSING_LOCK", "email", "bob@x.io", ("bob",))}


@pytest.mark.parametrize(("streams", "named"), [
    ((None, "NEW_AND_OLD_IMAGES"), "users"), (("NEW_AND_OLD_IMAGES", None), "uniques")])
def test_either_table_without_a_stream_is_named_with_the_setting(
        conn: Connection, streams: tuple[str | None, str | None], named: str) -> None:
    with seeded_two_tables(conn, streams=streams) as two:
        table = two.users if named == "users" else two.uniques
        with pytest.raises(DynoViewError) as raised:
            started(conn, two)
        message = raised.value.message
        assert f"Table {table} has no stream" in message
        assert f"update-table --table-name {table} --stream-specification" in message
        if named == "uniques":
            assert f"keeps the locks of {two.users} in table {two.uniques}" in message


def test_the_command_follows_both_tables(conn: Connection, endpoint_url: str, two: TwoTables,
                                        tmp_path: Path) -> None:
    schema = tmp_path / "schema.json"
    schema.write_text(schema_to_text(two.schema))
    # Seeded by the audit: the seeded tables' findings are present at start, not new.
    watch = Watch(endpoint_url, two.users, "--schema", str(schema), "--locks-table", two.uniques,
                  "--seed", "audit", "--fail-on", "missing,orphan", "--format", "json").ready()
    watching = watch.objects()[0]
    assert (watching["table"], watching["locks_table"]) == (two.users, two.uniques)
    assert watching["locks_view_type"] == "NEW_AND_OLD_IMAGES" and watching["items_audited"] == 15
    assert any(f"watching {two.users} and its locks table {two.uniques}" in line for line in watch.err)
    signup(conn, two, "hal")  # whole: nothing
    signup(conn, two, "ida", email_lock=False)  # broken: the watch ends with status 1
    assert watch.finish() == 1, watch.err
    objects: list[dict[str, Any]] = watch.objects()
    [finding] = [o for o in objects if o["type"] == "finding"]  # hal's whole sign-up: nothing
    assert (finding["status"], finding["value"]) == ("MISSING_LOCK", "ida@x.io")
    assert finding["caused_by"][0]["table"] == two.users
    assert {c.get("table") for c in finding["same_moment"]} == {two.uniques}  # ida's username marker
    summary = objects[-1]
    assert summary["type"] == "summary" and summary["locks_table"] == two.uniques
    assert f"watched {two.users} and {two.uniques}" in watch.err[-1]
