"""An endpoint that takes GetRecords and does not answer (hostile watch test, defect 6): the
stream reader says "No answer from GetRecords for N s" within seconds (it waited 30 s x 4
attempts, silently, before), the watch retries the round saying so and keeps ``--duration``
(then exits 2: it read nothing since the stall), ``stream --follow --max-seconds`` keeps its
bound; other calls keep the app's timeouts."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection, client_config
from dynoview.core.streams.description import describe_stream, table_stream_arn
from dynoview.core.streams.reader import LATEST, TRIM_HORIZON, StreamReader
from dynoview.core.watch.follow import StreamFollower
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.integration.test_cli_watch import Watch

pytestmark = [pytest.mark.integration, pytest.mark.faults,
              pytest.mark.only_on("moto", reason="the stall is the fault proxy's, whatever engine is "
                                                 "behind it: one engine is enough")]

#: How long the proxy holds each GetRecords: past the reader's 4 s timeout, short of the app's
#: 30 s (before the fix each call was answered, late, and nothing was said); short, because
#: closing the proxy waits for the calls it holds.
STALL_S = 9.0
#: What a stalled call may take before it is said (2 x 4 s, and a loaded machine's slack).
SAID_WITHIN_S = 13.0


@pytest.fixture
def streamed(direct: Connection) -> Iterator[str]:
    name = f"stalled-{uuid.uuid4().hex[:8]}"
    direct.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    put(direct, name, "A")
    yield name
    direct.client.delete_table(TableName=name)


def put(conn: Connection, table: str, name: str) -> None:
    conn.client.put_item(TableName=table, Item={"PK": {"S": f"UNIQ#EMAIL#{name}@x.io"}, "SK": {"S": "LOCK"}})


def stall(proxy: FaultProxy) -> fp.Rule:
    return proxy.add(fp.DELAY, operation="GetRecords", times=None, seconds=STALL_S)


def test_the_reader_says_a_stalled_getrecords_within_seconds(
        proxy: FaultProxy, pconn: Connection, streamed: str) -> None:
    reader = StreamReader(pconn, describe_stream(pconn, table_stream_arn(pconn, streamed)),
                          position=TRIM_HORIZON, table=streamed)
    reader.open_iterators()
    rule = stall(proxy)
    started = time.monotonic()
    with pytest.raises(DynoViewError) as caught:
        reader.poll()
    took = time.monotonic() - started
    assert took < SAID_WITHIN_S, took
    assert caught.value.message.startswith("No answer from GetRecords for "), caught.value.message
    assert "Check that the endpoint is up and reachable" in caught.value.message
    proxy.remove(rule)
    events = [e for _ in range(3) for e in reader.poll().events]
    assert [e.keys["PK"]["S"] for e in events] == ["UNIQ#EMAIL#A@x.io"]  # nothing skipped


def test_the_watch_retries_a_stalled_round_saying_so(
        proxy: FaultProxy, pconn: Connection, direct: Connection, streamed: str) -> None:
    follower = StreamFollower(Reader(pconn), describe_stream(pconn, table_stream_arn(pconn, streamed)),
                              streamed, TRIM_HORIZON)
    follower.open()
    rule = stall(proxy)
    started = time.monotonic()
    failed = follower.poll()
    assert time.monotonic() - started < SAID_WITHIN_S
    assert failed.failed and failed.wait_s > 0
    [notice] = failed.notices
    assert notice.startswith("No answer from GetRecords for ") and "trying again in" in notice, notice
    proxy.remove(rule)
    put(direct, streamed, "B")
    updates = [u for _ in range(4) for u in follower.poll().updates]
    assert [u.event.keys["PK"]["S"] for u in updates] == ["UNIQ#EMAIL#A@x.io", "UNIQ#EMAIL#B@x.io"]


@pytest.mark.parametrize("kind", [fp.DROP_BEFORE, fp.HTTP_500])
def test_the_reader_still_rides_out_quick_failures(
        proxy: FaultProxy, pconn: Connection, streamed: str, kind: str) -> None:
    """Fewer sends for a stall, as many as before for a dropped connection or a 5xx (4): the
    stream panel and ``dynoview stream`` end on a failure the reader does not ride out."""
    reader = StreamReader(pconn, describe_stream(pconn, table_stream_arn(pconn, streamed)),
                          position=TRIM_HORIZON, table=streamed)
    reader.open_iterators()
    rule = proxy.add(kind, operation="GetRecords", times=3)
    events = [e for _ in range(3) for e in reader.poll().events]
    assert rule.applied == 3 and [e.keys["PK"]["S"] for e in events] == ["UNIQ#EMAIL#A@x.io"]


def test_only_the_readers_client_has_the_short_timeouts(pconn: Connection, streamed: str) -> None:
    reader = StreamReader(pconn, table_stream_arn(pconn, streamed), position=LATEST, table=streamed)
    short = reader.client.meta.config
    assert (short.read_timeout, short.retries["total_max_attempts"]) == (4.0, 2)
    for client in (pconn.client, pconn.streams_client()):
        assert client.meta.config.read_timeout == client_config().read_timeout == 30
        assert client.meta.config.retries["total_max_attempts"] == 4
    assert reader.client is not pconn.streams_client()


def test_stream_follow_keeps_max_seconds_when_getrecords_stalls(
        capsys: pytest.CaptureFixture[str], proxy: FaultProxy, streamed: str) -> None:
    stall(proxy)
    started = time.monotonic()
    code = main(["stream", "--table", streamed, "--endpoint-url", proxy.url, "--follow",
                 "--max-seconds", "2", "--from", "latest"])
    took = time.monotonic() - started
    err = capsys.readouterr().err
    assert took < 2 + SAID_WITHIN_S, (took, err)
    assert code == 2 and "No answer from GetRecords for " in err, (code, err)


def test_watch_keeps_its_duration_when_getrecords_stalls(proxy: FaultProxy, streamed: str) -> None:
    watch = Watch(proxy.url, streamed, "--duration", "3", "--format", "json").ready()
    stall(proxy)
    started = time.monotonic()
    code = watch.finish(timeout=3 + 2 * SAID_WITHIN_S)
    assert time.monotonic() - started < 3 + SAID_WITHIN_S + 3, watch.err
    # Exit 2, even without --fail-on: it read nothing since the stall, so "0 findings" would be a
    # false all-clear (as a time-bound watch whose stream ended: docs/cli-watch.md, "Failed reads").
    assert code == 2, watch.err
    assert any("No answer from GetRecords for " in line for line in watch.err), watch.err
    summary = watch.objects()[-1]
    assert summary["ended"] == "--duration 3" and list(summary["unread_since"]) == [streamed], summary
