"""DynamoDB's ThrottlingReasons in the stream panel's and the watch's notices (issue 24, item 3),
as the reads already say them: GetRecords throttled on every attempt (the stream panel's reader,
and the watch's) and the watch's read-back BatchGetItem throttled on every attempt each name the
reason and the resource; once the throttling stops, the next poll reads on and no record is lost."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from botocore.config import Config

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.streams.description import describe_stream, table_stream_arn
from dynoview.core.streams.reader import TRIM_HORIZON, StreamReader
from dynoview.core.watch.follow import StreamFollower, watch_record
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import proxied

pytestmark = [pytest.mark.integration, pytest.mark.faults]

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/watched"
READ_REASON = "TableReadKeyRangeThroughputExceeded"


def throttled(error: str, reason: str) -> dict[str, object]:
    return {"__type": f"com.amazonaws.dynamodb.v20120810#{error}",
            "message": "Throughput exceeds the current capacity for one or more partitions.",
            "ThrottlingReasons": [{"reason": reason, "resource": ARN}]}


@pytest.fixture
def keys_only_table(direct: Connection) -> Iterator[str]:
    """A table whose stream carries keys only (the watch reads each item back), two items."""
    name = f"watched-{uuid.uuid4().hex[:8]}"
    direct.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
    for pk in ("UNIQ#EMAIL#a@x.io", "UNIQ#EMAIL#b@x.io"):
        direct.client.put_item(TableName=name, Item={"PK": {"S": pk}, "SK": {"S": "LOCK"}})
    yield name
    direct.client.delete_table(TableName=name)


def test_the_stream_panels_reader_names_the_reason_and_reads_on(
        proxy: FaultProxy, pconn: Connection, keys_only_table: str) -> None:
    info = describe_stream(pconn, table_stream_arn(pconn, keys_only_table))
    reader = StreamReader(pconn, info, position=TRIM_HORIZON, table=keys_only_table)
    rule = proxy.add(fp.RESPOND, operation="GetRecords", times=None, status=400,
                     body=throttled("ThrottlingException", "StreamReadThroughputExceeded"))
    result = reader.poll()
    assert rule.applied >= 1 and result.throttled and not result.events
    [notice] = [n for n in result.notices if "slow down" in n]
    assert "at most 5 GetRecords calls per second per shard" in notice
    assert f"DynamoDB's reason: StreamReadThroughputExceeded on {ARN}" in notice
    proxy.remove(rule)
    events = [e for _ in range(5) for e in reader.poll().events]
    assert sorted(e.keys["PK"]["S"] for e in events) == ["UNIQ#EMAIL#a@x.io", "UNIQ#EMAIL#b@x.io"]


def test_the_watch_names_the_read_backs_reason_and_loses_nothing(
        proxy: FaultProxy, keys_only_table: str) -> None:
    # Two attempts, not the app's ten: the throttling must outlast botocore's retries to be said.
    pconn = proxied(proxy, config=Config(retries={"mode": "standard", "total_max_attempts": 2}))
    reader = Reader(pconn)
    info = describe_stream(pconn, table_stream_arn(pconn, keys_only_table))
    follower = StreamFollower(reader, info, keys_only_table, TRIM_HORIZON,
                              StreamReader(pconn, info, position=TRIM_HORIZON, log=reader.log,
                                           table=keys_only_table, parse=watch_record))
    assert follower.reads_back
    rule = proxy.add(fp.RESPOND, operation="BatchGetItem", times=None, status=400,
                     body=throttled("ProvisionedThroughputExceededException", READ_REASON))
    updates = []
    result = follower.poll()
    for _ in range(5):
        if result.records:
            break
        result = follower.poll()
    assert rule.applied >= 1 and not result.updates and result.wait_s > 0
    [notice] = result.notices
    assert notice.startswith("DynamoDB throttled the watch (ProvisionedThroughputExceededException); "
                             "trying again in ")
    assert "No record is skipped" in notice
    assert f"DynamoDB's reason: {READ_REASON} on {ARN}, meaning" in notice
    proxy.remove(rule)
    for _ in range(5):
        updates += follower.poll().updates
    assert sorted(u.event.keys["PK"]["S"] for u in updates) == ["UNIQ#EMAIL#a@x.io", "UNIQ#EMAIL#b@x.io"]
    assert all(u.item is not None for u in updates)  # each item read back once allowed
