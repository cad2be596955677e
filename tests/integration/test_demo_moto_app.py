"""The demo's moto server (dynoview/demo/moto_app.py) answers DynamoDB and DynamoDB Streams with
moto's handlers but without moto's all-services Flask dispatcher: the demo it seeds holds what
moto's own server holds, and every other service still answers, through that dispatcher."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dynoview.core.session.connection import Connection

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]

# Seeds the demo's tables at one instant on a fresh server ("demo": start_server, "moto": moto's
# own ThreadedMotoServer) in a fresh interpreter, and prints every table's items, shape and
# stream records (what dates them or names the server left out; SizeBytes varies between runs
# of the same server).
DUMP = """
import json, sys
from dynoview.demo import backend as demo
from tests.helpers import FAKE_KEYS, connect

if sys.argv[1] == "demo":  # seeded as the demo's child seeds: its transactions take no copy
    server, url = demo.start_server()
    from dynoview.demo import moto_speedups
    moto_speedups.trust_seeder("seed-token")
    marked = {moto_speedups.SEED_HEADER: "seed-token"}
else:
    from moto.server import ThreadedMotoServer
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    url = "http://%s:%d" % server.get_host_and_port()
    marked = {}
sender = demo.HttpSender(url, access_key=FAKE_KEYS["aws_access_key_id"],
                         secret_key=FAKE_KEYS["aws_secret_access_key"], extra_headers=marked)
demo.create_accounts_table(sender)
demo.seed_accounts(sender, now=1_790_000_000.0)
demo.create_metrics_table(sender)
client = connect(url).client
dump = {"flask": "flask" in sys.modules}
for table in (demo.ACCOUNTS_TABLE, demo.METRICS_TABLE):
    described = client.describe_table(TableName=table)["Table"]
    items = client.scan(TableName=table)["Items"]
    dump[table] = {
        "items": sorted(json.dumps(item, sort_keys=True, default=repr) for item in items),
        "keys": described["KeySchema"], "attributes": described["AttributeDefinitions"],
        "indexes": [(ix["IndexName"], ix["KeySchema"], ix["Projection"]) for ix in
                    described.get("GlobalSecondaryIndexes", []) + described.get("LocalSecondaryIndexes", [])],
        "stream": described.get("StreamSpecification"),
        "ttl": client.describe_time_to_live(TableName=table)["TimeToLiveDescription"],
    }
    if described.get("LatestStreamArn"):
        streams = connect(url).streams_client()
        arn = described["LatestStreamArn"]
        shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
        iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard,
                                              ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        records = streams.get_records(ShardIterator=iterator, Limit=1000)["Records"]
        for record in records:
            record.pop("eventID")
            record["dynamodb"].pop("ApproximateCreationDateTime")
            record["dynamodb"].pop("SizeBytes")
        dump[table]["records"] = json.dumps(records, sort_keys=True, default=repr)
server.stop()
print(json.dumps(dump))
"""


def _seeded_dump(server: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", DUMP, server], cwd=ROOT, capture_output=True,
                         text=True, timeout=180, check=True).stdout
    dump: dict[str, object] = json.loads(out.splitlines()[-1])
    return dump


def test_the_demo_server_holds_what_motos_own_server_holds() -> None:
    demo, moto = _seeded_dump("demo"), _seeded_dump("moto")
    assert demo.pop("flask") is False  # the point: no Flask on the demo's start-up path
    assert moto.pop("flask") is True
    assert demo == moto
    accounts = demo["accounts"]
    assert isinstance(accounts, dict) and len(json.loads(accounts["records"])) == 64


def test_a_refusal_is_dynamodbs_error(conn_on_moto: Connection) -> None:
    client = conn_on_moto.client
    with pytest.raises(client.exceptions.ResourceNotFoundException):
        client.describe_table(TableName="no-such-table-anywhere")


def test_other_services_answer_through_motos_dispatcher(conn_on_moto: Connection) -> None:
    """S3 (the export audit reads exports from the demo's endpoint): a bucket, an object, and
    its metadata, whose key keeps its underscore (as moto's own request handler keeps it)."""
    s3 = conn_on_moto.new_client("s3")
    s3.create_bucket(Bucket="demo-moto-app-bucket")
    s3.put_object(Bucket="demo-moto-app-bucket", Key="a/b.json", Body=b"{}",
                  Metadata={"export_id": "01"})
    got = s3.get_object(Bucket="demo-moto-app-bucket", Key="a/b.json")
    assert got["Body"].read() == b"{}"
    assert got["Metadata"] == {"export_id": "01"}


@pytest.fixture
def conn_on_moto(moto_endpoint: str) -> Connection:
    from tests.helpers import connect

    return connect(moto_endpoint)
