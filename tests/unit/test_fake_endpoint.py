"""benchmarks/fake_scan_endpoint.py answers what the window and ``dynoview audit`` call, as
DynamoDB would, on a small table (1,000 accounts hold every planted case): the benchmarks that
use it must measure the app, never an answer the fake got wrong."""

from __future__ import annotations

import importlib.util
import json
import threading
from binascii import crc32
from collections.abc import Iterator
from http.client import HTTPConnection
from pathlib import Path
from types import ModuleType
from typing import Any

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

ITEMS = 3000
PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "fake_scan_endpoint.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fake_scan_endpoint", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fake = _load()


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    server, _table = fake.serve(ITEMS)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def client(url: str) -> Any:
    # Legacy retries check x-amz-crc32; one attempt, so an error is not retried away.
    return boto3.session.Session(aws_access_key_id="fake", aws_secret_access_key="fake").client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        config=Config(retries={"mode": "legacy", "total_max_attempts": 1}))


def _key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def test_metadata(client: Any) -> None:
    assert client.list_tables()["TableNames"] == [fake.TABLE]
    table = client.describe_table(TableName=fake.TABLE)["Table"]
    assert table["ItemCount"] == ITEMS and table["TableStatus"] == "ACTIVE"
    assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    assert table["KeySchema"] == [{"AttributeName": "PK", "KeyType": "HASH"},
                                  {"AttributeName": "SK", "KeyType": "RANGE"}]
    assert "GlobalSecondaryIndexes" not in table and table["TableSizeBytes"] > 0
    ttl = client.describe_time_to_live(TableName=fake.TABLE)["TimeToLiveDescription"]
    assert ttl == {"TimeToLiveStatus": "ENABLED", "AttributeName": "expiresAt"}
    backups = client.describe_continuous_backups(TableName=fake.TABLE)
    assert backups["ContinuousBackupsDescription"]["ContinuousBackupsStatus"] == "ENABLED"
    with pytest.raises(ClientError) as missing:
        client.describe_table(TableName="nope")
    assert missing.value.response["Error"]["Code"] == "ResourceNotFoundException"


def test_unknown_operation_is_refused_as_dynamodb_does(client: Any,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ClientError) as refused:
        client.put_item(TableName=fake.TABLE, Item=_key("x", "y"))
    assert refused.value.response["Error"]["Code"] == "UnknownOperationException"
    assert refused.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
    assert "PutItem" in capsys.readouterr().err


@pytest.mark.parametrize("segments", [1, 4])
def test_scan_pages_cover_the_table_once(client: Any, segments: int) -> None:
    keys: list[tuple[str, str]] = []
    for segment in range(segments):
        request: dict[str, Any] = {"TableName": fake.TABLE, "Limit": 100}
        if segments > 1:
            request.update(Segment=segment, TotalSegments=segments)
        pages = 0
        while True:
            page = client.scan(**request)
            pages += 1
            assert page["Count"] == len(page["Items"]) <= 100
            keys += [(i["PK"]["S"], i["SK"]["S"]) for i in page["Items"]]
            if "LastEvaluatedKey" not in page:
                break
            request["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        assert pages >= ITEMS // segments // 100
    assert len(keys) == len(set(keys)) == ITEMS


def test_scan_filter_and_count(client: Any) -> None:
    page = client.scan(TableName=fake.TABLE, FilterExpression="(#v = :v) AND begins_with(#pk, :acct)",
                       ExpressionAttributeNames={"#v": "email", "#pk": "PK"},
                       ExpressionAttributeValues={":v": {"S": fake.email(7)}, ":acct": {"S": "ACCT#"}})
    assert [i["PK"]["S"] for i in page["Items"]] == ["ACCT#0000007"] and page["ScannedCount"] == ITEMS
    assert client.scan(TableName=fake.TABLE, Select="COUNT")["Count"] == ITEMS


def test_get_item_and_batch_get(client: Any) -> None:
    account = client.get_item(TableName=fake.TABLE, Key=_key("ACCT#0000007", "PROFILE"))["Item"]
    assert account["email"] == {"S": fake.email(7)}
    # The case-clash lock is stored upper-cased: only that spelling is there.
    clash = fake.email(fake.CASE_CLASH)
    assert "Item" not in client.get_item(TableName=fake.TABLE, Key=_key(f"UNIQ#EMAIL#{clash}", "LOCK"))
    assert "Item" in client.get_item(TableName=fake.TABLE, Key=_key(f"UNIQ#EMAIL#{clash.upper()}", "LOCK"))
    assert "Item" not in client.get_item(TableName=fake.TABLE, Key=_key("ACCT#0000007", "LOCK"))
    expired = client.get_item(TableName=fake.TABLE,
                              Key=_key(f"UNIQ#EMAIL#{fake.email(fake.EXPIRED_LOCK)}", "LOCK"))["Item"]
    assert "expiresAt" in expired
    wanted = [_key("ACCT#0000001", "PROFILE"), _key(f"UNIQ#HANDLE#{fake.handle(1)}", "LOCK"),
              _key("ACCT#9999999", "PROFILE")]
    answer = client.batch_get_item(RequestItems={fake.TABLE: {"Keys": wanted}})
    got = sorted(i["PK"]["S"] for i in answer["Responses"][fake.TABLE])
    assert got == ["ACCT#0000001", f"UNIQ#HANDLE#{fake.handle(1)}"] and not answer["UnprocessedKeys"]


def test_query_by_key(client: Any) -> None:
    def query(condition: str, **values: str) -> list[str]:
        names = {"#pk": "PK"} | ({"#sk": "SK"} if "#sk" in condition else {})
        answer = client.query(TableName=fake.TABLE, KeyConditionExpression=condition,
                              ExpressionAttributeNames=names,
                              ExpressionAttributeValues={f":{k}": {"S": v} for k, v in values.items()})
        return [i["SK"]["S"] for i in answer["Items"]]

    lock = f"UNIQ#HANDLE#{fake.handle(3)}"
    assert query("#pk = :pk", pk=lock) == ["LOCK"]
    assert query("#pk = :pk AND #sk = :sk", pk=lock, sk="LOCK") == ["LOCK"]
    assert query("#pk = :pk AND begins_with(#sk, :p)", pk="ACCT#0000003", p="PRO") == ["PROFILE"]
    assert query("#pk = :pk AND #sk = :sk", pk=lock, sk="PROFILE") == []
    assert query("#pk = :pk", pk=f"UNIQ#HANDLE#{fake.handle(fake.MISSING_HANDLE)}") == []
    with pytest.raises(ClientError) as no_index:
        client.query(TableName=fake.TABLE, IndexName="email-index", KeyConditionExpression="#e = :e",
                     ExpressionAttributeNames={"#e": "email"}, ExpressionAttributeValues={":e": {"S": "x"}})
    assert no_index.value.response["Error"]["Code"] == "ValidationException"


def test_every_answer_carries_its_crc32(url: str) -> None:
    conn = HTTPConnection(url.removeprefix("http://"))
    for target, body in (("Scan", {"TableName": fake.TABLE, "Limit": 5}), ("ListTables", {}),
                         ("GetItem", {"TableName": fake.TABLE, "Key": _key("ACCT#0000001", "PROFILE")}),
                         ("NoSuchThing", {})):
        conn.request("POST", "/", body=json.dumps(body), headers={
            "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": f"DynamoDB_20120810.{target}"})
        answer = conn.getresponse()
        data = answer.read()
        assert int(answer.getheader("x-amz-crc32", "-1")) == crc32(data) & 0xFFFFFFFF
    conn.close()


def test_the_audit_finds_exactly_the_planted_cases(url: str) -> None:
    from dynoview.core.audit.run import run_audit
    from dynoview.core.reads.reader import Reader
    from dynoview.core.session.connection import Connection, ConnectionSpec
    from dynoview.core.session.tables import describe_table
    from dynoview.core.uniqueness.schema import default_schema

    conn = Connection(ConnectionSpec(name="fake", endpoint_url=url, region="us-east-1", read_only=True),
                      credentials={"aws_access_key_id": "fake", "aws_secret_access_key": "fake"})
    info = describe_table(conn, fake.TABLE)
    assert info.ttl_attribute == "expiresAt" and info.item_count == ITEMS
    result = run_audit(Reader(conn), info, default_schema(info), segments=4)
    assert result.items_read == ITEMS
    assert {(f.status, f.rule, f.value) for f in result.findings} == fake.expected_findings(ITEMS // 3)
