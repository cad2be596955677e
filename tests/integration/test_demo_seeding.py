"""The demo seeds over DynamoDB's JSON protocol without a botocore client
(dynoview/demo/json_protocol.py): the tables, items and stream records it makes are the ones
the app's own client and ``execute`` make, in the same order, on both engines."""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.demo.backend import (
    ACCOUNTS_TABLE,
    METRICS_TABLE,
    create_accounts_table,
    create_metrics_table,
    seed_accounts,
    seed_demo,
    start_demo,
)
from dynoview.demo.json_protocol import HttpSender, SeedRequestError
from tests.demo_expectations import DEMO_ITEMS
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.integration

NOW = 1_790_000_000.0  # one instant for both seeds: TTLs are relative to it


def _sender(endpoint_url: str) -> HttpSender:
    return HttpSender(endpoint_url, access_key=FAKE_KEYS["aws_access_key_id"],
                      secret_key=FAKE_KEYS["aws_secret_access_key"])


def _items(conn: Connection, table: str) -> list[str]:
    items: list[dict[str, Any]] = []
    params: dict[str, Any] = {"TableName": table, "ConsistentRead": True}
    while True:
        page = conn.client.scan(**params)
        items.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            return sorted(json.dumps(item, sort_keys=True, default=repr) for item in items)
        params["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def _shape(conn: Connection, table: str) -> dict[str, Any]:
    """What DescribeTable and DescribeTimeToLive say, without what names or dates the table."""
    info = conn.client.describe_table(TableName=table)["Table"]
    ttl = conn.client.describe_time_to_live(TableName=table)["TimeToLiveDescription"]
    indexes = {ix["IndexName"]: (ix["KeySchema"], ix["Projection"])
               for ix in info.get("GlobalSecondaryIndexes", []) + info.get("LocalSecondaryIndexes", [])}
    return {"keys": info["KeySchema"], "attributes": sorted(info["AttributeDefinitions"], key=str),
            "indexes": indexes, "stream": info.get("StreamSpecification"),
            "ttl": (ttl.get("TimeToLiveStatus"), ttl.get("AttributeName"))}


def _stream(conn: Connection, table: str) -> list[tuple[str, str, str, str]]:
    """Every stream record of ``table``, in order: event, keys, new and old images."""
    streams = conn.streams_client()
    arn = conn.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
    records = []
    for shard in streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]:
        iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                              ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        while iterator:
            page = streams.get_records(ShardIterator=iterator, Limit=1000)
            for record in page["Records"]:
                change = record["dynamodb"]
                images = (json.dumps(change.get(part), sort_keys=True, default=repr)
                          for part in ("Keys", "NewImage", "OldImage"))
                records.append((record["eventName"], *images))
            iterator = page.get("NextShardIterator") if page["Records"] else None
    return records


@pytest.fixture
def two_names(conn: Connection) -> Iterator[tuple[str, str, str, str]]:
    tag = uuid.uuid4().hex[:8]
    names = (f"accounts-wire-{tag}", f"accounts-client-{tag}", f"metrics-wire-{tag}", f"metrics-client-{tag}")
    yield names
    for name in names:
        with contextlib.suppress(conn.client.exceptions.ResourceNotFoundException):
            conn.client.delete_table(TableName=name)


def test_seeding_without_a_client_writes_what_the_apps_client_writes(
        conn: Connection, endpoint_url: str, two_names: tuple[str, str, str, str]) -> None:
    wire, client, metrics_wire, metrics_client = two_names
    sender = _sender(endpoint_url)
    create_accounts_table(sender, wire)
    seed_accounts(sender, wire, now=NOW)
    create_metrics_table(sender, metrics_wire)
    create_accounts_table(conn, client)
    seed_accounts(conn, client, now=NOW)  # the healthy signups through the app's execute()
    create_metrics_table(conn, metrics_client)
    sender.close()

    assert len(_items(conn, wire)) == DEMO_ITEMS
    assert _items(conn, wire) == _items(conn, client)
    assert _items(conn, metrics_wire) == _items(conn, metrics_client)  # binary, sets, 38 digits
    assert _shape(conn, wire) == _shape(conn, client)
    # The stale-lock case needs both of its transactions on the stream, in order.
    records = _stream(conn, wire)
    assert records == _stream(conn, client)
    barbara = [r[0] for r in records if '"ACCT#4c5d6e"' in r[1]]
    assert barbara == ["INSERT", "MODIFY"]


def test_seeding_a_table_that_exists_says_what_the_endpoint_refused(
        conn: Connection, endpoint_url: str, two_names: tuple[str, str, str, str]) -> None:
    name = two_names[0]
    sender = _sender(endpoint_url)
    create_accounts_table(sender, name)
    refused = r"^the endpoint refused CreateTable: ResourceInUseException: "
    with pytest.raises(SeedRequestError, match=refused):
        create_accounts_table(sender, name)
    sender.close()


@pytest.mark.only_on("moto", reason="a demo endpoint of its own; the engines are compared above")
def test_seeding_the_demo_again_changes_nothing(engine: str) -> None:
    backend = start_demo()
    try:
        seeded = backend.connect(read_only=True)
        before = {table: _items(seeded, table) for table in (ACCOUNTS_TABLE, METRICS_TABLE)}
        sender = backend.seed_sender()
        seed_demo(sender)
        sender.close()
        assert {table: _items(seeded, table) for table in before} == before
        assert len(before[ACCOUNTS_TABLE]) == DEMO_ITEMS
    finally:
        backend.stop()
