"""The watch of a schema whose locks have a table of their own: records of both tables feed one
state (each table's items read as the audit reads them there), and the watcher waits for both
streams to be read past a change's records before it shows it (two streams share no order)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.streams.records import parse_record
from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.locks_table import pair_tables
from dynoview.core.uniqueness.schema import LockRule, LocksTable, UniquenessSchema
from dynoview.core.watch.events import APPEARED, RESOLVED
from dynoview.core.watch.follow import FollowResult
from dynoview.core.watch.seed import AUDIT, AUTO, REPLAY, choose_two_table_seed
from dynoview.core.watch.state import Update, WatchState
from dynoview.core.watch.watcher import Watcher
from tests.unit.core.test_watch_watcher import Clock, ScriptedFollower

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
USERS, UNIQUES = "users", "uniques"
SCHEMA = UniquenessSchema(
    pk_name="ID", sk_name=None, account_pk_prefix="", account_sk_value=None,
    rules=(LockRule("email", "email", "email#{value}", None),
           LockRule("username", "username", "username#{value}", None)),
    locks=LocksTable(UNIQUES, "pk", None, USERS))
_seq = iter(range(1, 10**9))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def user(ident: str, email: str, username: str | None = None) -> dict[str, Any]:
    item = {"ID": s(ident), "email": s(email)}
    if username is not None:
        item["username"] = s(username)
    return item


def marker(pk: str, **extra: Any) -> dict[str, Any]:
    return {"pk": s(pk), **extra}


def put(table: str, item: dict[str, Any], when: datetime = NOW) -> Update:
    key_name = "ID" if table == USERS else "pk"
    event = parse_record({"eventName": "INSERT", "dynamodb": {
        "Keys": {key_name: item[key_name]}, "NewImage": item, "SequenceNumber": str(next(_seq)),
        "ApproximateCreationDateTime": when.timestamp()}}, "shard-1", key_names=(key_name,), table=table)
    return Update(event, item)


def delete(table: str, item: dict[str, Any], when: datetime = NOW) -> Update:
    key_name = "ID" if table == USERS else "pk"
    event = parse_record({"eventName": "REMOVE", "dynamodb": {
        "Keys": {key_name: item[key_name]}, "OldImage": item, "SequenceNumber": str(next(_seq)),
        "ApproximateCreationDateTime": when.timestamp()}}, "shard-1", key_names=(key_name,), table=table)
    return Update(event, None)


def found(state: WatchState) -> set[tuple[str, str | None, str | None, tuple[str, ...]]]:
    return {(f.status, f.rule, f.value, f.account_ids) for f in state.all_findings()}


# --------------------------------------------------------------------------- the state


def test_an_account_and_its_locks_from_two_tables_are_one_healthy_signup() -> None:
    state = WatchState(SCHEMA, None)
    changes, causes = state.apply([put(USERS, user("ada", "ada@x.io", "ada")),
                                   put(UNIQUES, marker("email#ada@x.io")),
                                   put(UNIQUES, marker("username#ada"))], NOW)
    assert changes == [] and found(state) == set()
    assert [c.kind for c in causes] == ["account", "lock", "lock"]
    assert [c.table for c in causes] == [USERS, UNIQUES, UNIQUES]
    assert " in uniques at " in causes[1].text() and causes[1].to_json()["table"] == UNIQUES


def test_the_account_first_is_missing_until_its_lock_arrives_from_the_other_table() -> None:
    state = WatchState(SCHEMA, None)
    [change] = state.apply([put(USERS, user("ada", "ada@x.io"))], NOW)[0]
    assert (change.kind, change.finding.status, change.finding.account_ids) == (
        APPEARED, MISSING_LOCK, ("ada",))
    [change] = state.apply([put(UNIQUES, marker("email#ada@x.io"))], NOW)[0]
    assert (change.kind, change.finding.status) == (RESOLVED, MISSING_LOCK)
    assert found(state) == set()


def test_a_marker_alone_is_an_orphan_named_by_the_locks_tables_key() -> None:
    state = WatchState(SCHEMA, None)
    [change] = state.apply([put(UNIQUES, marker("email#ghost@x.io"))], NOW)[0]
    assert (change.kind, change.finding.status, change.finding.value) == (APPEARED, ORPHAN_LOCK, "ghost@x.io")
    assert change.finding.lock_keys == ({"pk": s("email#ghost@x.io")},)


def test_items_of_each_table_are_read_only_as_that_tables_kind() -> None:
    # An account whose id looks like a marker is an account; a marker is never an account.
    state = WatchState(SCHEMA, None)
    state.apply([put(USERS, user("email#bob@x.io", "bob@x.io")), put(UNIQUES, marker("email#bob@x.io"))], NOW)
    assert found(state) == set()
    assert state.accounts is not None and set(state.accounts) == {"email#bob@x.io"}


def test_deleting_the_account_but_not_its_lock_leaves_an_orphan() -> None:
    ada = user("ada", "ada@x.io")
    state = WatchState(SCHEMA, None)
    state.apply([put(USERS, ada), put(UNIQUES, marker("email#ada@x.io"))], NOW)
    [change] = state.apply([delete(USERS, ada)], NOW)[0]
    assert (change.kind, change.finding.status, change.finding.value) == (APPEARED, ORPHAN_LOCK, "ada@x.io")


def test_each_table_expires_by_its_own_ttl_attribute() -> None:
    passed = {"N": str(int((NOW - timedelta(hours=1)).timestamp()))}
    state = WatchState(SCHEMA, "expiresAt", locks_ttl="ttl")
    # The lock's "expiresAt" is not the locks table's TTL: a live lock. Its "ttl" is.
    state.apply([put(USERS, user("ada", "ada@x.io")),
                 put(UNIQUES, marker("email#ada@x.io", expiresAt=passed))], NOW)
    assert found(state) == set()
    [change] = state.apply([put(UNIQUES, marker("email#ada@x.io", ttl=passed))], NOW)[0]
    assert change.finding.status == "EXPIRED" and change.finding.rule == "email"


def test_a_state_seeded_from_the_two_table_pairing_matches_it() -> None:
    accounts = [user("ada", "ada@x.io"), user("bob", "bob@x.io")]
    locks = [marker("email#ada@x.io"), marker("email#ghost@x.io")]
    pairing = pair_tables(SCHEMA, accounts, locks, now=NOW)
    state = WatchState.from_pairing(pairing, pairing.findings())
    assert found(state) == {("MISSING_LOCK", "email", "bob@x.io", ("bob",)),
                            ("ORPHAN_LOCK", "email", "ghost@x.io", ())}
    changes, _ = state.apply([put(UNIQUES, marker("email#bob@x.io")), delete(UNIQUES, locks[1])], NOW)
    assert {(c.kind, c.finding.status) for c in changes} == {(RESOLVED, MISSING_LOCK),
                                                             (RESOLVED, ORPHAN_LOCK)}
    assert found(state) == set()


# --------------------------------------------------------------------------- the watcher




def watcher(accounts: list[FollowResult], locks: list[FollowResult]) -> tuple[Watcher, Clock]:
    clock = Clock()
    info = TableInfo(USERS, KeyAttribute("ID", "S"), None)
    w = Watcher(None, info, SCHEMA, settle_s=0.3, clock=clock)  # type: ignore[arg-type]
    w.state = WatchState(SCHEMA, None)
    w.locks_table = TableInfo(UNIQUES, KeyAttribute("pk", "S"), None)
    w.follower = ScriptedFollower(*accounts)  # type: ignore[assignment]
    w.locks_follower = ScriptedFollower(*locks)  # type: ignore[assignment]
    return w, clock


def steps(w: Watcher, clock: Clock, n: int) -> list[Any]:
    events = []
    for _ in range(n):
        clock.now += 0.31
        events += w.step().events
    return events


def test_a_lock_read_many_pages_after_its_account_is_never_a_finding() -> None:
    # Replaying: the locks stream is behind (full pages of older records) while the account is read.
    w, clock = watcher(
        [FollowResult(updates=[put(USERS, user("ada", "ada@x.io"))], records=1)],
        [FollowResult(updates=[put(UNIQUES, marker("email#old@x.io"), NOW - timedelta(minutes=5))],
                      records=1, more=True),
         FollowResult(updates=[put(UNIQUES, marker("email#old2@x.io"), NOW - timedelta(minutes=4))],
                      records=1, more=True),
         FollowResult(updates=[put(UNIQUES, marker("email#ada@x.io"))], records=1, more=True)])
    events = steps(w, clock, 2)  # the first orphan is read past (a later record), not the rest
    assert [(e.finding.status, e.finding.value) for e in events] == [(ORPHAN_LOCK, "old@x.io")]
    assert w.pending == 2  # ada's missing lock, and the second orphan
    events = steps(w, clock, 3)
    assert [(e.kind, e.finding.status, e.finding.value) for e in events] == [
        (APPEARED, ORPHAN_LOCK, "old2@x.io")]
    assert w.pending == 0 and w.finish() == []


def test_a_missing_lock_waits_for_the_locks_stream_then_shows() -> None:
    w, clock = watcher(
        [FollowResult(updates=[put(USERS, user("ada", "ada@x.io"))], records=1)],
        [FollowResult(updates=[put(UNIQUES, marker("email#x@x.io"), NOW - timedelta(seconds=9))], records=1,
                      more=True),
         FollowResult(failed=True, wait_s=1.0, notices=["Reading the stream failed"]),
         FollowResult(caught_up=True)])
    first = w.step()
    assert first.events == [] and w.pending == 2
    clock.now += 0.31
    second = w.step()  # the locks stream failed: nothing is known to be past the account
    assert second.events == [] and second.notices == ["uniques: Reading the stream failed"]
    assert second.wait_s >= 1.0  # the failing stream's back-off is kept
    clock.now += 0.31
    third = w.step()  # the locks stream at its tip: the account's lock is not coming
    assert {(e.finding.status, e.finding.value) for e in third.events} == {
        (MISSING_LOCK, "ada@x.io"), (ORPHAN_LOCK, "x@x.io")}
    assert third.caught_up


def test_a_record_of_the_same_time_is_not_past_the_change() -> None:
    # Record times are coarse (DynamoDB Local: the minute): a lock of the same time may follow.
    w, clock = watcher(
        [FollowResult(updates=[put(USERS, user("ada", "ada@x.io"))], records=1)],
        [FollowResult(updates=[put(UNIQUES, marker("username#zed"))], records=1, more=True),
         FollowResult(updates=[put(UNIQUES, marker("username#zed2"))], records=1, more=True),
         FollowResult(updates=[put(UNIQUES, marker("email#ada@x.io"))], records=1, more=True)])
    events = steps(w, clock, 3)
    assert all(e.finding.value != "ada@x.io" for e in events)
    events = steps(w, clock, 2)
    assert {e.finding.value for e in events} <= {"zed", "zed2"}


def test_an_empty_page_is_the_tip_only_once_the_stream_was_read_to_it() -> None:
    # "It might take multiple calls to get to a portion of the shard that contains stream
    # records" (GetRecords): until a stream was caught up once, an empty page proves nothing.
    ada, bob = put(USERS, user("ada", "ada@x.io")), put(USERS, user("bob", "bob@x.io"))
    w, clock = watcher(
        [FollowResult(updates=[ada], records=1), FollowResult(caught_up=True), FollowResult(caught_up=True),
         FollowResult(updates=[bob], records=1), FollowResult(caught_up=True), FollowResult(caught_up=True)],
        [FollowResult(), FollowResult(), FollowResult(caught_up=True),
         FollowResult(), FollowResult(new_shards=True), FollowResult()])
    assert steps(w, clock, 2) == []  # empty, but not known to be the tip
    assert [e.finding.value for e in steps(w, clock, 1)] == ["ada@x.io"]  # read to its tip
    # Read to its tip before: a round without a full page is the tip, unless child shards came.
    assert steps(w, clock, 2) == []
    assert [e.finding.value for e in steps(w, clock, 1)] == ["bob@x.io"]


def test_both_streams_end_for_the_watch_to_end() -> None:
    w, _ = watcher([FollowResult(finished=True, caught_up=True)], [FollowResult(caught_up=True)])
    step = w.step()
    assert step.caught_up and not step.finished


# --------------------------------------------------------------------------- the seed


def described(created: datetime, items: int = 0, enabled: datetime | None = None) -> dict[str, Any]:
    label = (enabled or created).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
    return {"CreationDateTime": created, "LatestStreamLabel": label, "ItemCount": items}


def test_two_young_tables_are_replayed_together() -> None:
    young = described(NOW - timedelta(hours=1))
    choice = choose_two_table_seed((USERS, young), (UNIQUES, young), AUTO, NOW)
    assert choice.mode == REPLAY and "users and its locks table uniques" in choice.reason


def test_either_table_that_cannot_be_replayed_seeds_both_with_an_audit() -> None:
    young, old = described(NOW - timedelta(hours=1)), described(NOW - timedelta(days=3))
    choice = choose_two_table_seed((USERS, young), (UNIQUES, old), AUTO, NOW)
    assert choice.mode == AUDIT and "uniques: the table is older than" in choice.reason
    big = described(NOW - timedelta(hours=1), items=60_000)
    choice = choose_two_table_seed((USERS, big), (UNIQUES, big), AUTO, NOW)
    assert choice.mode == AUDIT and "120,000 items" in choice.reason
    with pytest.raises(DynoViewError, match=r"cannot replay the streams of users .*uniques: the table is "):
        choose_two_table_seed((USERS, young), (UNIQUES, old), REPLAY, NOW)
    assert choose_two_table_seed((USERS, old), (UNIQUES, old), AUDIT, NOW).mode == AUDIT
