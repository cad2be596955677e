"""A watch that ends while a stream's reads keep failing (s63, defect 1): a change that stream was
never read past (an account whose lock waits, unread, in the locks table's stream) is held as
unsettled, never shown nor counted; a change it was read past, or one of streams that read well,
is shown at the end as before. An orphan lock in a table whose TTL could not be read says that it
may be a reservation (s63, defect 2)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.watch.events import APPEARED, TTL_UNKNOWN_TEXT
from dynoview.core.watch.follow import FollowResult
from dynoview.core.watch.watcher import Watcher
from tests.unit.core.test_watch_locks_table import UNIQUES, marker, put, user, watcher
from tests.unit.core.test_watch_watcher import Clock

USERS = "users"
FAILED = FollowResult(failed=True, wait_s=0.5, notices=["Reading the stream failed (InternalServerError)"])


def steps(w: Watcher, clock: Clock, n: int) -> list[object]:
    events: list[object] = []
    for _ in range(n):
        clock.now += 0.31
        events += w.step().events
    return events


def test_a_change_the_failing_locks_stream_was_not_read_past_is_unsettled_at_the_end() -> None:
    w, clock = watcher(
        [FollowResult(updates=[put(USERS, user("ada", "ada@x.io"))], records=1),
         FollowResult(caught_up=True)],
        [FAILED, FAILED, FAILED])
    assert steps(w, clock, 3) == [] and w.pending == 1
    assert w.finish() == []  # no "missing lock": its lock may be in the stream not read
    [held] = w.unsettled
    assert (held.change.kind, held.change.finding.status, held.change.finding.value) == (
        APPEARED, MISSING_LOCK, "ada@x.io")
    assert held.unread == (UNIQUES,)
    assert w.current_findings == 0 and not w.counts(APPEARED)
    since = datetime(2026, 12, 1, 11, 59, tzinfo=UTC)
    text = held.text({UNIQUES: since})
    assert text.startswith("Unsettled, not shown: a missing lock email 'ada@x.io' (account ada) appeared")
    assert "the stream of uniques (its reads failing since 2026-12-01T11:59:00Z) was not read past" in text
    assert held.to_json({UNIQUES: since})["unread_since"] == {UNIQUES: "2026-12-01T11:59:00Z"}


def test_a_change_the_failing_stream_was_read_past_before_it_failed_is_shown() -> None:
    # Round 2: the accounts stream fails (so nothing is settled), the locks stream reads to its
    # tip (past the account); round 3 on, the locks stream fails. The change is known whole.
    w, clock = watcher(
        [FollowResult(updates=[put(USERS, user("ada", "ada@x.io"))], records=1), FAILED,
         FollowResult(caught_up=True), FollowResult(caught_up=True)],
        [FollowResult(caught_up=True), FollowResult(caught_up=True), FAILED, FAILED])
    w.settle_s = 60.0  # nothing settles while stepping: only ``finish`` shows it
    assert steps(w, clock, 4) == []
    [event] = w.finish()
    assert (event.finding.status, event.finding.value) == (MISSING_LOCK, "ada@x.io")
    assert w.unsettled == [] and w.current_findings == 1


def test_streams_that_read_well_show_what_is_still_settling_at_the_end() -> None:
    w, clock = watcher([FollowResult(updates=[put(USERS, user("ada", "ada@x.io"))], records=1)],
                       [FollowResult()])
    assert steps(w, clock, 1) == []
    assert [e.finding.value for e in w.finish()] == ["ada@x.io"]
    assert w.unsettled == []


def test_an_orphan_lock_where_the_ttl_could_not_be_read_may_be_a_reservation() -> None:
    ttl = int((datetime.now(UTC) + timedelta(hours=1)).timestamp())
    w, clock = watcher([FollowResult(caught_up=True)] * 3,
                       [FollowResult(updates=[put(UNIQUES, marker("email#res@x.io", ttl={"N": str(ttl)}))],
                                     records=1), FollowResult(caught_up=True), FollowResult(caught_up=True)])
    assert w.locks_table is not None
    w.locks_table = replace(w.locks_table, ttl_status="UNKNOWN", ttl_error="AccessDeniedException")
    [event] = steps(w, clock, 3)
    assert event.finding.status == ORPHAN_LOCK and event.ttl_unknown
    assert event.to_json()["ttl_unknown"] == TTL_UNKNOWN_TEXT
    assert f"    {TTL_UNKNOWN_TEXT}" in event.text_lines()
    note = w.locks_table.ttl_unknown_note
    assert note is not None and "(DescribeTimeToLive: AccessDeniedException)" in note
    assert "reservations cannot be told from stuck locks" in note
