"""Tables for local development, on moto and DynamoDB Local: the article's layout and a copy
from a DescribeTable answer are created as planned (keys, indexes, TTL, stream), a table is
deleted only once its name is typed, and on a non-loopback endpoint both are refused before a
single request is sent (a botocore before-send hook counts them), in the core and headless."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.errors import InputError
from dynoview.core.session import local_tables
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.demo.backend import create_accounts_table
from tests.helpers import FAKE_KEYS, connect

pytestmark = pytest.mark.integration

AWS_ENDPOINT = "https://dynamodb.us-east-1.amazonaws.com"


def unique(prefix: str = "local") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def names(conn: Connection) -> Iterator[list[str]]:
    """Tables a test made; any still there afterwards are dropped."""
    made: list[str] = []
    yield made
    existing = set(conn.list_tables())
    for name in made:
        if name in existing:
            conn.client.delete_table(TableName=name)


def sent_requests(conn: Connection) -> list[str]:
    """Every request the connection's client puts on the wire, by operation (before-send)."""
    seen: list[str] = []
    conn.client.meta.events.register("before-send.dynamodb",
                                 lambda request, **_: seen.append(request.url))
    return seen


def shape(conn: Connection, name: str) -> dict[str, Any]:
    """What a layout decides, as DescribeTable and DescribeTimeToLive report it."""
    table = conn.client.describe_table(TableName=name)["Table"]
    ttl = conn.client.describe_time_to_live(TableName=name)["TimeToLiveDescription"]

    def indexes(kind: str) -> list[Any]:
        return sorted(((i["IndexName"], i["KeySchema"], i["Projection"]["ProjectionType"])
                       for i in table.get(kind, [])), key=str)

    return {"keys": table["KeySchema"],
            "attributes": sorted(table["AttributeDefinitions"], key=lambda a: a["AttributeName"]),
            "gsi": indexes("GlobalSecondaryIndexes"), "lsi": indexes("LocalSecondaryIndexes"),
            "stream": (table.get("StreamSpecification") or {}).get("StreamViewType"),
            "ttl": ttl.get("AttributeName") if ttl.get("TimeToLiveStatus") == "ENABLED" else None,
            "status": table["TableStatus"]}


def test_the_article_layout_is_created_and_deleted_once_its_name_is_typed(
        conn: Connection, names: list[str]) -> None:
    name = unique()
    names.append(name)
    plan = local_tables.article_plan(name)
    local_tables.create_table(conn, plan)
    got = shape(conn, name)
    assert got["keys"] == [{"AttributeName": "PK", "KeyType": "HASH"},
                           {"AttributeName": "SK", "KeyType": "RANGE"}]
    assert got["gsi"] == [("email-index", [{"AttributeName": "email", "KeyType": "HASH"}], "ALL")]
    assert (got["stream"], got["ttl"], got["status"]) == ("NEW_AND_OLD_IMAGES", "expiresAt", "ACTIVE")
    assert "email-index" in plan.summary() and "expiresAt" in plan.summary()
    with pytest.raises(local_tables.TableRequestError, match="exactly"):
        local_tables.delete_table(conn, name, name.upper())
    assert name in conn.list_tables()
    local_tables.delete_table(conn, name, name)
    assert name not in conn.list_tables()


def test_a_describe_table_answer_becomes_the_same_table(conn: Connection, names: list[str],
                                                        tmp_path: Path) -> None:
    source = unique("source")
    names.append(source)
    create_accounts_table(conn, source)  # the demo's table: GSI, LSI, TTL, stream
    answer = conn.client.describe_table(TableName=source)
    answer.pop("ResponseMetadata")
    answer["TimeToLiveDescription"] = conn.client.describe_time_to_live(
        TableName=source)["TimeToLiveDescription"]
    text = json.dumps(answer, default=str)  # as `aws dynamodb describe-table` prints it
    copy = unique("copy")
    names.append(copy)
    plan = local_tables.plan_from_description(text, copy)
    assert set(plan.request) <= {"TableName", "AttributeDefinitions", "KeySchema", "BillingMode",
                                 "ProvisionedThroughput", "GlobalSecondaryIndexes",
                                 "LocalSecondaryIndexes", "StreamSpecification", "TableClass"}
    local_tables.create_table(conn, plan)
    assert shape(conn, copy) == shape(conn, source)


def test_a_description_that_is_not_one_is_a_sentence() -> None:
    with pytest.raises(InputError, match="not JSON"):
        local_tables.plan_from_description("{not json", "x")
    with pytest.raises(InputError, match="KeySchema"):
        local_tables.plan_from_description({"Table": {"TableName": "x"}})
    bad = {"Table": {"TableName": "x", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                     "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": 5}]}}
    with pytest.raises(InputError, match="CreateTable request is not valid"):
        local_tables.plan_from_description(bad)


@pytest.mark.parametrize("endpoint", [AWS_ENDPOINT, "http://10.0.0.5:8000", None])
def test_a_non_loopback_endpoint_is_refused_before_anything_is_sent(endpoint: str | None) -> None:
    spec = ConnectionSpec(name="remote", endpoint_url=endpoint, region="us-east-1")
    conn = Connection(spec, credentials=FAKE_KEYS)
    seen = sent_requests(conn)
    with pytest.raises(local_tables.LocalTablesRefused, match=r"local endpoint.*nothing was sent"):
        local_tables.create_table(conn, local_tables.article_plan("accounts"))
    with pytest.raises(local_tables.LocalTablesRefused, match="nothing was sent"):
        local_tables.delete_table(conn, "accounts", "accounts")
    assert seen == []


def test_a_read_only_local_connection_is_refused_before_anything_is_sent(endpoint_url: str) -> None:
    conn = connect(endpoint_url, read_only=True)
    seen = sent_requests(conn)
    with pytest.raises(local_tables.LocalTablesRefused, match="read-only"):
        local_tables.create_table(conn, local_tables.article_plan(unique()))
    assert seen == []
    conn.list_tables()  # the hook does see what is sent: the empty list above means something
    assert seen


def test_headless_create_list_and_delete(conn: Connection, endpoint_url: str, names: list[str],
                                         tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = unique()
    names.append(name)
    where = ["--endpoint-url", endpoint_url, "--region", "us-east-1"]
    assert cli_main(["tables", "create", "--layout", "article", "--name", name, *where]) == 0
    assert capsys.readouterr().out.startswith(f"created {name}: keys PK, SK")
    assert cli_main(["tables", "--format", "json", *where]) == 0
    assert name in [t["name"] for t in json.loads(capsys.readouterr().out)]
    describe = tmp_path / "describe.json"
    describe.write_text(json.dumps(conn.client.describe_table(TableName=name), default=str), "utf-8")
    copy = unique("copy")
    names.append(copy)
    assert cli_main(["tables", "create", "--from-describe", str(describe), "--name", copy, *where]) == 0
    assert shape(conn, copy)["gsi"] == shape(conn, name)["gsi"]
    capsys.readouterr()
    assert cli_main(["tables", "delete", name, "--confirm", "nope", *where]) == 2
    assert "--confirm" in capsys.readouterr().err and name in conn.list_tables()
    assert cli_main(["tables", "delete", name, "--confirm", name, *where]) == 0
    assert name not in conn.list_tables()


def test_headless_create_on_aws_is_refused_before_a_connection(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    def no_connection(*_: Any, **__: Any) -> Any:
        raise AssertionError("a connection was opened")

    monkeypatch.setattr("dynoview.cli.tables.open_connection", no_connection)
    where = ["--endpoint-url", AWS_ENDPOINT, "--region", "us-east-1"]
    assert cli_main(["tables", "create", "--layout", "article", "--name", "accounts", *where]) == 2
    assert "only create a table on a local endpoint" in capsys.readouterr().err
    assert cli_main(["tables", "delete", "accounts", "--confirm", "accounts", *where]) == 2
    assert "nothing was sent" in capsys.readouterr().err


def test_a_name_already_taken_is_said_at_the_name_and_changes_nothing(conn: Connection,
                                                                      names: list[str]) -> None:
    name = unique()
    names.append(name)
    local_tables.create_table(conn, local_tables.article_plan(name))
    before = conn.client.describe_table(TableName=name)["Table"]["KeySchema"]
    with pytest.raises(local_tables.TableRequestError) as err:
        local_tables.create_table(conn, local_tables.article_plan(name))
    assert err.value.field == "name" and f"A table named {name} already exists" in err.value.message
    assert conn.client.describe_table(TableName=name)["Table"]["KeySchema"] == before


@pytest.mark.parametrize("inside", [True, False])
def test_a_described_ttl_is_kept_beside_or_inside_the_table(inside: bool) -> None:
    """TimeToLiveDescription merged inside "Table" was dropped ("no TTL", no note)."""
    from dynoview.core.session.local_tables import plan_from_description

    table = {"TableName": "src", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
             "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}]}
    ttl = {"TimeToLiveStatus": "ENABLED", "AttributeName": "expiresAt"}
    data = {"Table": {**table, "TimeToLiveDescription": ttl}} if inside else \
        {"Table": table, "TimeToLiveDescription": ttl}
    assert plan_from_description(data, "copy").ttl_attribute == "expiresAt"
