"""The watch over a stream of several shards (real ``StreamReader`` and ``StreamFollower``, a
scripted streams client): a sign-up whose account and lock land in different shards is never
shown as a finding, however far one shard reads behind the other, and a real finding is still
shown once every shard has been read past it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from dynoview.core.streams.reader import MAX_RECORDS_PER_CALL
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.watch.events import APPEARED
from dynoview.core.watch.state import WatchState
from dynoview.core.watch.watcher import Watcher
from tests.unit.core.test_watch_follow import FakeStreams, client_error, follower
from tests.unit.core.test_watch_watcher import SCHEMA, Clock, table_info

SIGNUP = datetime(2026, 12, 1, 12, 0, tzinfo=UTC).timestamp()


def record(seq: int, pk: str, sk: str, when: float, **attrs: str) -> dict[str, Any]:
    keys = {"PK": {"S": pk}, "SK": {"S": sk}}
    return {"eventID": f"e{seq}", "eventName": "INSERT",
            "dynamodb": {"Keys": keys, "SequenceNumber": str(seq), "ApproximateCreationDateTime": when,
                         "NewImage": {**keys, **{k: {"S": v} for k, v in attrs.items()}}}}


def account(seq: int, n: int, email: str, when: float = SIGNUP) -> dict[str, Any]:
    return record(seq, f"ACCT#{n}", "PROFILE", when, email=email)


def lock(seq: int, email: str, n: int, when: float = SIGNUP) -> dict[str, Any]:
    return record(seq, f"UNIQ#EMAIL#{email}", "LOCK", when, owner=f"ACCT#{n}")


def older_writes(count: int, start: int) -> list[dict[str, Any]]:
    """Writes a minute before the sign-up, of items that are neither accounts nor locks."""
    return [record(start + i, f"ORDER#{i}", "ORDER", SIGNUP - 60) for i in range(count)]


def watch(fake: FakeStreams) -> tuple[Watcher, Clock]:
    clock = Clock()
    w = Watcher(None, table_info(), SCHEMA, settle_s=0.3, clock=clock)  # type: ignore[arg-type]
    w.state = WatchState(SCHEMA, "expiresAt")
    w.follower, _ = follower(fake)
    return w, clock


def run(w: Watcher, clock: Clock, rounds: int) -> list[tuple[str, str]]:
    shown = []
    for _ in range(rounds):
        clock.now += 1
        shown += [(e.kind, e.finding.status) for e in w.step().events]
    return shown


def test_a_lock_behind_thousands_of_older_records_in_another_shard_is_never_a_missing_lock() -> None:
    """A replay: the account's shard is read to its tip in two rounds while the lock's shard
    holds 3,500 older records first (four GetRecords pages). Before, the account showed as a
    missing lock for three rounds and then resolved."""
    backlog = older_writes(3_500, start=100)
    fake = FakeStreams({"shard-1": [account(1, 1, "ada@x.io")],
                        "shard-2": [*backlog, lock(5_000, "ada@x.io", 1)]})
    w, clock = watch(fake)
    assert run(w, clock, 8) == []
    assert w.pending == 0 and w.state is not None and w.state.all_findings() == []
    assert len(backlog) > 3 * MAX_RECORDS_PER_CALL  # the lock came four rounds after its account


def test_a_lock_in_a_shard_throttled_for_two_rounds_is_never_a_missing_lock() -> None:
    fake = FakeStreams({"shard-1": [account(1, 1, "ada@x.io")], "shard-2": [lock(2, "ada@x.io", 1)]})
    w, clock = watch(fake)
    # shard-1 is read first each round: its page passes, shard-2's is throttled, twice.
    fake.fail["GetRecords"] = [None, client_error("LimitExceededException"),
                               None, client_error("LimitExceededException")]
    assert run(w, clock, 6) == []
    assert w.pending == 0


def test_a_real_missing_lock_is_shown_once_every_shard_is_read_past_it() -> None:
    fake = FakeStreams({"shard-1": [account(1, 1, "ada@x.io")],
                        "shard-2": [*older_writes(2_500, start=100), lock(5_000, "bob@x.io", 2)]})
    w, clock = watch(fake)
    shown = run(w, clock, 3)
    assert shown == []  # shard-2 not read past the sign-up yet: it may hold ada's lock
    shown = run(w, clock, 4)
    assert (APPEARED, MISSING_LOCK) in shown
