"""Review of the stream reader and the watch, without a network: what is said when records may
have been missed, and when a watch step is not up to date."""

from __future__ import annotations

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.streams.reader import LATEST
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.follow import FollowResult
from dynoview.core.watch.state import WatchState
from dynoview.core.watch.watcher import Watcher, WatchStep
from tests.unit.core.test_streams import api_record, make_reader, seqs, three_shards
from tests.unit.core.test_watch_follow import FakeStreams, follower, rec
from tests.unit.core.test_watch_follow import client_error as follow_error
from tests.unit.core.test_watch_watcher import ScriptedFollower


def test_an_expired_latest_iterator_before_any_record_says_records_may_be_missed() -> None:
    fake = three_shards()
    reader, _ = make_reader(fake, position=LATEST)
    assert reader.poll().events == []
    fake.shards["shardId-child-a"].append(api_record("INSERT", 202, "A2"))  # written while paused
    fake.fail["GetRecords"] = ["ExpiredIteratorException"]
    result = reader.poll()
    assert seqs(result.events) == []  # behind the new LATEST iterator
    assert not any("no record was skipped" in n for n in result.notices), result.notices
    assert any("may have been missed" in n and "shardId-child-a" in n for n in result.notices)
    assert reader.records_lost == 1


def test_an_expired_iterator_after_a_record_still_skips_nothing() -> None:
    fake = three_shards()
    reader, _ = make_reader(fake, position=LATEST)
    reader.poll()
    fake.shards["shardId-child-a"].append(api_record("INSERT", 202, "A2"))
    assert seqs(reader.poll().events) == ["202"]
    fake.shards["shardId-child-a"].append(api_record("INSERT", 203, "A3"))
    fake.fail["GetRecords"] = ["ExpiredIteratorException"]
    result = reader.poll()
    assert seqs(result.events) == ["203"] and reader.records_lost == 0
    assert any("no record was skipped" in n for n in result.notices)


def test_the_watch_reseeds_after_an_expired_latest_iterator() -> None:
    fake = FakeStreams({"shard-1": []})
    watch, _ = follower(fake, position=LATEST)
    watch.open()
    assert not watch.poll().lost
    fake.shards["shard-1"].append(rec("INSERT", 1, "ACCT#1"))
    fake.fail["GetRecords"] = [follow_error("ExpiredIteratorException")]
    assert watch.poll().lost


def test_a_throttled_follow_round_says_so() -> None:
    fake = FakeStreams({"shard-1": [rec("INSERT", 1, "ACCT#1")]})
    watch, _ = follower(fake)
    fake.fail["GetRecords"] = [follow_error("LimitExceededException")]
    result = watch.poll()
    assert result.throttled and not result.failed
    assert not watch.poll().throttled


def _watcher(*rounds: FollowResult) -> Watcher:
    schema = article_schema()
    table = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    w = Watcher(None, table, schema)  # type: ignore[arg-type]
    w.state = WatchState(schema, None)
    w.follower = ScriptedFollower(*rounds)  # type: ignore[assignment]
    return w


def test_a_failed_or_throttled_step_is_not_up_to_date() -> None:
    w = _watcher(FollowResult(failed=True, wait_s=0.5, notices=["Reading the stream failed"]),
                 FollowResult(throttled=True, wait_s=1.0),
                 FollowResult())
    failed, throttled, quiet = w.step(), w.step(), w.step()
    assert failed.failed and not failed.up_to_date
    assert throttled.failed and not throttled.up_to_date
    assert not quiet.failed and quiet.up_to_date  # a page short of full: at the tip
    assert w.step().up_to_date


def test_up_to_date_keeps_its_meaning_for_a_plain_step() -> None:
    assert WatchStep(caught_up=True).up_to_date
    assert WatchStep(more=False).up_to_date
    assert not WatchStep(more=True).up_to_date
    assert not WatchStep(caught_up=True, failed=True).up_to_date

