"""A watch whose reads of the stream keep failing up to its end (review s56, defect 2): every
round said and retried, but what was written meanwhile was never read, so the watch exits 2
naming since when (``unread_since``, ``failed_rounds``), with or without --fail-on, never 0 "No
finding of the --fail-on kinds appeared". Failures that pass leave no gap, and a first round that
failed does not leave the watch reading nothing ever after (it restored a reader started inside
the failed round to no shard at all, and every round after looked caught up)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.streams.description import describe_stream, table_stream_arn
from dynoview.core.streams.page import DAMAGED_ATTEMPTS
from dynoview.core.streams.reader import TRIM_HORIZON
from dynoview.core.watch.follow import StreamFollower
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.integration.test_cli_watch import Watch, signup

pytestmark = [pytest.mark.integration, pytest.mark.faults]

#: Damaged (a JSON answer GetRecords never gives) or refused (5xx): both said and retried.
FAULTS: dict[str, dict[str, Any]] = {
    "damaged": {"kind": fp.RESPOND, "status": 200, "body": b"{}"},
    "http500": {"kind": fp.HTTP_500},
}
#: Long enough for a few failed rounds (waits of 0.5, 1, 2 s...), short for the suite.
DURATION_S = 6


@pytest.fixture
def table(direct: Connection) -> Iterator[str]:
    """A fresh table with a NEW_AND_OLD_IMAGES stream (a watch replays it: no audit)."""
    name = f"unread-{uuid.uuid4().hex[:8]}"
    direct.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    yield name
    direct.client.delete_table(TableName=name)


def summary_of(watch: Watch) -> dict[str, Any]:
    objects = watch.objects()
    assert objects and objects[-1]["type"] == "summary", (watch.out, watch.err)
    return objects[-1]


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@pytest.mark.parametrize(("fault", "verdict"), [("damaged", ("--fail-on", "missing")), ("http500", ())],
                         ids=["damaged-fail-on", "http500-no-fail-on"])
def test_a_watch_that_could_not_read_its_stream_is_exit_2_not_an_all_clear(
        proxy: FaultProxy, direct: Connection, table: str, fault: str, verdict: tuple[str, ...]) -> None:
    watch = Watch(proxy.url, table, *verdict, "--seed", "replay", "--duration", str(DURATION_S),
                  "--format", "json").ready()
    failing_from = datetime.now(UTC).replace(microsecond=0)
    rule = proxy.add(operation="GetRecords", times=None, **FAULTS[fault])
    signup(direct, table, 1, email_lock=False)  # a missing lock the watch never reads
    code = watch.finish(timeout=DURATION_S + 60)
    ended = datetime.now(UTC)
    assert rule.applied >= 1, watch.err
    assert code == 2, watch.err
    summary = summary_of(watch)
    assert summary["failed"] is False and summary["appeared"] == {}, summary
    assert list(summary["unread_since"]) == [table] and summary["failed_rounds"][table] >= 1, summary
    # Since the first failed round: at most a round (0.2 s) before the fault, never after the end.
    since = utc(summary["unread_since"][table])
    assert failing_from - timedelta(seconds=2) <= since <= ended, (since, failing_from)
    last = watch.err[-1]
    assert f"Exit 2: reading the stream of {table} failed in every round since " in last, last
    assert "was not watched" in last and "Check the endpoint" in last, last
    assert "No finding of the --fail-on kinds appeared" not in last


def test_reads_that_fail_and_then_pass_leave_no_gap(proxy: FaultProxy, direct: Connection,
                                                    table: str) -> None:
    watch = Watch(proxy.url, table, "--seed", "replay", "--duration", str(DURATION_S),
                  "--format", "json").ready()
    rule = proxy.add(fp.HTTP_500, operation="GetRecords", times=4)  # two rounds (2 sends each)
    signup(direct, table, 2, email_lock=False)
    assert watch.finish(timeout=DURATION_S + 60) == 0, watch.err
    assert rule.applied == 4
    assert any("Reading the stream failed (InternalServerError)" in line for line in watch.err)
    summary = summary_of(watch)
    assert summary["appeared"] == {"MISSING_LOCK": 1}, summary  # read once the failures passed
    assert summary["unread_since"] == {} and summary["failed_rounds"] == {}, summary
    assert "Exit 2" not in watch.err[-1]


def test_a_first_round_that_failed_does_not_blind_the_watch(proxy: FaultProxy, direct: Connection,
                                                            table: str) -> None:
    # Before the watch starts: its first round (replay reads nothing while starting) is damaged,
    # every answer the reader asks for in it.
    rule = proxy.add(fp.RESPOND, operation="GetRecords", times=DAMAGED_ATTEMPTS, status=200, body=b"{}")
    watch = Watch(proxy.url, table, "--seed", "replay", "--fail-on", "missing", "--duration", "30",
                  "--format", "json").ready()
    signup(direct, table, 3, email_lock=False)
    assert watch.finish(timeout=90) == 1, watch.err
    assert rule.applied == DAMAGED_ATTEMPTS
    assert any("arrived damaged" in line and "trying again in" in line for line in watch.err), watch.err
    summary = summary_of(watch)
    assert summary["appeared"] == {"MISSING_LOCK": 1} and summary["records"] >= 2, summary


def test_the_follower_keeps_the_run_of_failed_rounds(proxy: FaultProxy, pconn: Connection,
                                                     direct: Connection, table: str) -> None:
    follower = StreamFollower(Reader(pconn), describe_stream(pconn, table_stream_arn(pconn, table)),
                              table, TRIM_HORIZON)
    signup(direct, table, 4)
    rule = proxy.add(fp.RESPOND, operation="GetRecords", times=None, status=200, body=b"{}")
    before = datetime.now(UTC)
    assert follower.poll().failed and follower.poll().failed
    assert (follower.failed_rounds, follower.failing_since is not None) == (2, True)
    assert follower.failing_since is not None and before <= follower.failing_since <= datetime.now(UTC)
    first = follower.failing_since
    assert follower.poll().failed and follower.failing_since == first  # since the first of the run
    proxy.remove(rule)
    deadline = time.monotonic() + 30
    keys: list[str] = []
    while len(keys) < 3 and time.monotonic() < deadline:  # the sign-up: account and two locks
        result = follower.poll()
        assert not result.failed, result.notices
        keys += [u.event.keys["PK"]["S"] for u in result.updates]
        time.sleep(0.2)
    assert sorted(keys) == ["ACCT#4", "UNIQ#EMAIL#user4@x.io", "UNIQ#HANDLE#user4"]
    assert (follower.failing_since, follower.failed_rounds) == (None, 0)
