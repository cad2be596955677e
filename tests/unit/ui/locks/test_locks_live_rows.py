"""Live mode's row bookkeeping (``LiveRows``) over real audit rows and real findings: events
change the rows they name and no other, new rows are appended, marks and counts follow, and a
finding the grid already shows (a replay of the past) is not new."""

from __future__ import annotations

from array import array
from datetime import UTC, datetime
from typing import Any

from dynoview.core.audit.rows import build_rows
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.events import APPEARED, RESOLVED, FindingChange, WatchEvent
from dynoview.ui.locks.live_rows import LiveRows, empty_rows, insert_at, position

SCHEMA = article_schema()


def s(text: str) -> dict[str, str]:
    return {"S": text}


def signup(n: int, *, email_lock: bool = True) -> list[dict[str, Any]]:
    items = [{"PK": s(f"ACCT#{n}"), "SK": s("PROFILE"), "email": s(f"u{n}@x.io"), "username": s(f"u{n}")},
             {"PK": s(f"UNIQ#HANDLE#u{n}"), "SK": s("LOCK")}]
    if email_lock:
        items.append({"PK": s(f"UNIQ#EMAIL#u{n}@x.io"), "SK": s("LOCK")})
    return items


def findings(items: list[dict[str, Any]]) -> list[Finding]:
    return classify(items, SCHEMA).findings()


def event(kind: str, f: Finding) -> WatchEvent:
    return WatchEvent(FindingChange(kind, f), datetime.now(UTC))


def live_over(items: list[dict[str, Any]]) -> LiveRows:
    pairing = classify(items, SCHEMA)
    return LiveRows(build_rows(pairing, pairing.findings())).build_index()


def test_a_new_account_with_a_missing_lock_is_added_marked_and_resolved() -> None:
    base = signup(1) + signup(2)
    live = live_over(base)
    rows = live.rows
    before = len(rows)
    [missing] = findings(base + signup(3, email_lock=False))
    assert missing.status == MISSING_LOCK
    applied = live.apply([event(APPEARED, missing)])
    assert applied.added == [before] and applied.touched == {before}  # one row, nothing else
    assert applied.counts == {APPEARED: 1} and applied.problems == {before}
    row = rows.pair_row(before)
    assert row.account_id == "ACCT#3" and row.cells["email"].status == MISSING_LOCK
    assert row.key == {"PK": s("ACCT#3"), "SK": s("PROFILE")}
    assert rows.status(before) == MISSING_LOCK and live.new == {before}
    assert live.events_of(before)[0].finding is missing

    applied = live.apply([event(RESOLVED, missing)])
    assert applied.touched == {before} and applied.counts == {RESOLVED: 1}
    assert rows.pair_row(before).cells["email"].status == OK and rows.status(before) == OK
    assert live.new == set() and live.resolved == {before} and before not in rows.row_findings
    assert len(live.events_of(before)) == 2


def test_what_the_grid_shows_already_is_not_new() -> None:
    items = signup(1) + signup(2, email_lock=False)
    live = live_over(items)
    [missing] = findings(items)
    applied = live.apply([event(APPEARED, missing)])  # the replay of the past
    assert applied.touched == set() and applied.counts == {} and live.new == set()
    assert live.apply([event(RESOLVED, findings(signup(9, email_lock=False))[0])]).counts == {}


def test_an_orphan_lock_gets_a_lock_row_and_quiet_mode_marks_nothing() -> None:
    live = live_over(signup(1))
    [orphan] = findings([*signup(1), {"PK": s("UNIQ#EMAIL#gone@x.io"), "SK": s("LOCK")}])
    assert orphan.status == ORPHAN_LOCK
    applied = live.apply([event(APPEARED, orphan)], mark=False)
    [row] = applied.added
    assert live.rows.pair_row(row).kind == "lock" and live.rows.status(row) == ORPHAN_LOCK
    assert live.rows.key(row) == {"PK": s("UNIQ#EMAIL#gone@x.io"), "SK": s("LOCK")}
    assert live.new == set() and applied.counts == {}


def test_live_starts_from_empty_rows() -> None:
    live = LiveRows(empty_rows(SCHEMA)).build_index()
    [missing] = findings(signup(5, email_lock=False))
    applied = live.apply([event(APPEARED, missing)])
    assert applied.added == [0] and live.rows.pair_row(0).account_id == "ACCT#5"


def test_order_helpers() -> None:
    live = live_over(signup(1) + signup(2) + signup(3, email_lock=False))
    rows = live.rows
    order = array("i", rows.default_order)
    assert position(order, order[-1]) == len(order) - 1 and position(order, 10_000) is None
    assert position(array("i", [256, 1]), 1) == 1  # a byte match inside another entry is skipped
    problem = order[0]
    assert rows.status(problem) == MISSING_LOCK
    assert insert_at(rows, order, problem) == 0  # first among its severity
