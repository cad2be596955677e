"""The watcher's step without a network: a scripted follower feeds rounds of records; changes
are shown once they held for the settle time and another round, a change undone meanwhile
(the lock of a sign-up one poll behind its account) is never shown; lost records re-seed the
state with an audit; and where the state starts (replay or audit) is chosen from
DescribeTable."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.streams.records import parse_record
from dynoview.core.streams.shards import TIP
from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch import watcher as watcher_module
from dynoview.core.watch.events import APPEARED, RESOLVED
from dynoview.core.watch.follow import FollowResult
from dynoview.core.watch.seed import AUDIT, AUTO, REPLAY, AuditSeed, choose_seed
from dynoview.core.watch.state import Update, WatchState
from dynoview.core.watch.watcher import Watcher

SCHEMA = article_schema()
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def s(text: str) -> dict[str, str]:
    return {"S": text}


def put(item: dict[str, Any], seq: int) -> Update:
    keys = {"PK": item["PK"], "SK": item["SK"]}
    event = parse_record({"eventName": "INSERT", "dynamodb": {
        "Keys": keys, "NewImage": item, "SequenceNumber": str(seq),
        "ApproximateCreationDateTime": NOW.timestamp()}}, "shard-1", key_names=("PK", "SK"))
    return Update(event, item)


ADA = {"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("ada@x.io")}
ADA_LOCK = {"PK": s("UNIQ#EMAIL#ada@x.io"), "SK": s("LOCK")}


class ScriptedFollower:
    """Rounds of records, one per poll (then empty rounds), of a stream of one shard: a round
    that does not say how far it was read says it as ``StreamReader.frontier`` would."""

    def __init__(self, *rounds: FollowResult) -> None:
        self.rounds = list(rounds)
        self._read_to: datetime | None = None
        self._proven = False

    def poll(self, cancel: Any = None) -> FollowResult:
        result = self.rounds.pop(0) if self.rounds else FollowResult(caught_up=True)
        if result.failed or result.frontier is not None:
            return result
        times = [u.event.time for u in result.updates if u.event.time is not None]
        if times:
            self._read_to = max([*times, *([self._read_to] if self._read_to else [])])
        self._proven = self._proven or result.caught_up
        at_tip = result.caught_up or (self._proven and not result.more and not result.throttled)
        if result.new_shards:  # a child shard, nothing read from it yet
            return replace(result, frontier=None)
        return replace(result, frontier=TIP if at_tip else self._read_to)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def table_info() -> TableInfo:
    return TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), ttl_attribute="expiresAt")


def watcher(*rounds: FollowResult, state: WatchState | None = None) -> tuple[Watcher, Clock]:
    clock = Clock()
    w = Watcher(None, table_info(), SCHEMA, settle_s=0.3, clock=clock)  # type: ignore[arg-type]
    w.state = state or WatchState(SCHEMA, "expiresAt")
    w.follower = ScriptedFollower(*rounds)  # type: ignore[assignment]
    return w, clock


def test_a_missing_lock_is_shown_once_it_has_settled() -> None:
    w, clock = watcher(FollowResult(updates=[put(ADA, 1)], records=1))
    first = w.step()
    assert first.events == [] and w.pending == 1
    assert 0 < first.wait_s <= 0.3  # wakes when the change has settled
    clock.now += 0.31
    [event] = w.step().events
    assert (event.kind, event.finding.status) == (APPEARED, MISSING_LOCK)
    assert event.causes[0].event is not None and event.causes[0].event.key_text() == "PK=ACCT#1, SK=PROFILE"
    assert w.pending == 0 and w.counts(APPEARED) == {MISSING_LOCK: 1}


def test_a_lock_one_poll_behind_its_account_is_never_a_finding() -> None:
    w, clock = watcher(FollowResult(updates=[put(ADA, 1)], records=1),
                       FollowResult(updates=[put(ADA_LOCK, 2)], records=1))
    assert w.step().events == []
    clock.now += 0.31
    assert w.step().events == [] and w.pending == 0
    clock.now += 1
    assert w.step().events == [] and w.finish() == []


def test_another_read_of_every_shard_must_follow_even_without_a_settle_time() -> None:
    w, _ = watcher(FollowResult(updates=[put(ADA, 1)], records=1))
    w.settle_s = 0.0  # the records of the same write in another shard come a poll later
    assert w.step().events == []
    assert len(w.step().events) == 1


def test_finish_shows_what_is_still_settling() -> None:
    w, _ = watcher(FollowResult(updates=[put(ADA, 1)], records=1))
    w.step()
    [event] = w.finish()
    assert event.finding.status == MISSING_LOCK


def test_the_same_moment_lists_the_rest_of_the_write() -> None:
    handle_lock = {"PK": s("UNIQ#HANDLE#ada"), "SK": s("LOCK")}
    ada = {**ADA, "username": s("ada")}
    w, clock = watcher(FollowResult(updates=[put(ada, 1), put(handle_lock, 2)], records=2))
    w.step()
    clock.now += 0.31
    [event] = w.step().events
    assert [c.event.key_text() for c in event.same_moment if c.event] == ["PK=UNIQ#HANDLE#ada, SK=LOCK"]
    assert any("same moment: INSERT" in line for line in event.text_lines())


def test_lost_records_reseed_with_an_audit_and_report_the_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    orphan = {"PK": s("UNIQ#EMAIL#stuck@x.io"), "SK": s("LOCK")}
    before = Pairing(SCHEMA, "expiresAt", NOW)
    before.feed([orphan])
    after = Pairing(SCHEMA, "expiresAt", NOW)
    after.feed([ADA])  # what the table holds now: the records in between were trimmed

    def audit(*args: Any, **kw: Any) -> tuple[WatchState, AuditSeed]:
        return WatchState.from_pairing(after, after.findings()), AuditSeed(1, 0, 1, 0.1)

    monkeypatch.setattr(watcher_module, "seed_with_audit", audit)
    w, clock = watcher(FollowResult(lost=True, notices=["Records in shard-1 were trimmed"]),
                       state=WatchState.from_pairing(before, before.findings()))
    step = w.step()
    assert any("seeded again with an audit" in n for n in step.notices)
    clock.now += 0.31
    events = {(e.kind, e.finding.status, e.reseeded) for e in w.step().events}
    assert events == {(APPEARED, MISSING_LOCK, True), (RESOLVED, ORPHAN_LOCK, True)}


def test_a_throttled_or_failed_round_keeps_its_back_off_while_a_change_settles() -> None:
    # The settle time (0.3 s) and a TTL due in a moment must not wake the watch before the
    # back-off DynamoDB Streams asked for: the throttled shard would be hit again at once.
    w, clock = watcher(FollowResult(updates=[put(ADA, 1)], records=1, wait_s=1.0, throttled=True),
                       FollowResult(wait_s=2.0, failed=True))
    soon = {**ADA_LOCK, "PK": s("UNIQ#EMAIL#soon@x.io"), "expiresAt": {"N": str(int(time.time()) + 1)}}
    assert w.state is not None
    w.state.apply([put(soon, 0)])
    throttled = w.step()
    assert throttled.failed and w.pending == 1 and throttled.wait_s == 1.0
    clock.now += 0.1
    failed = w.step()
    assert failed.failed and failed.wait_s == 2.0
    clock.now += 0.1
    assert 0 < w.step().wait_s <= 0.3  # read again: the settle time decides once more


# --------------------------------------------------------------------------- the seed


def described(created: datetime, label: str | None, items: int = 0) -> dict[str, Any]:
    return {"CreationDateTime": created, "LatestStreamLabel": label, "ItemCount": items}


def test_a_table_created_with_its_stream_today_is_replayed() -> None:
    created = NOW - timedelta(hours=2)
    desc = described(created, created.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3])  # DynamoDB's label
    choice = choose_seed(desc, AUTO, NOW)
    assert choice.mode == REPLAY and "nothing written before the watch started is missed" in choice.reason


@pytest.mark.parametrize(("desc", "why"), [
    (described(NOW - timedelta(hours=2), (NOW - timedelta(hours=1)).isoformat()), "enabled after"),
    (described(NOW - timedelta(days=3), (NOW - timedelta(days=3)).isoformat()), "older than"),
    (described(NOW - timedelta(hours=1), (NOW - timedelta(hours=1)).isoformat(), 5_000_000),
     "5,000,000 items"),
    (described(NOW, None), "did not say"),
])
def test_other_tables_are_seeded_with_an_audit(desc: dict[str, Any], why: str) -> None:
    choice = choose_seed(desc, AUTO, NOW)
    assert choice.mode == AUDIT and why in choice.reason


def test_a_forced_replay_that_would_miss_writes_is_refused() -> None:
    desc = described(NOW - timedelta(days=3), (NOW - timedelta(days=3)).isoformat())
    with pytest.raises(DynoViewError, match=r"cannot replay.*--seed audit"):
        choose_seed(desc, REPLAY, NOW)
    assert choose_seed(desc, AUDIT, NOW).mode == AUDIT
