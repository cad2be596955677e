"""`tables create --from-describe`: what is checked before anything is sent, on both engines.

A TTL attribute name UpdateTimeToLive refuses (over 255 bytes of UTF-8, or empty) was sent all the
same: CreateTable made the table and only then was TTL refused, leaving a half-made table (on moto,
which takes any name, a table with TTL on a name AWS refuses; an empty name was dropped silently:
"no TTL"). Now it is refused at the description, naming TimeToLiveDescription.AttributeName, and
nothing is created; 255 bytes (DynamoDB's limit, in bytes: 127 "é" and one "e") still go.

A description without TableName was answered with the window's words, "Type a name for the
table.": now the command names the JSON's field and its own flag.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import Connection

pytestmark = pytest.mark.integration

TOO_LONG = {"256 ASCII characters": "t" * 256, "128 two-byte characters (256 bytes)": "é" * 128,
            "empty": "", "not a string": 7}


@pytest.fixture
def name(conn: Connection) -> Iterator[str]:
    table = f"ttlname-{uuid.uuid4().hex[:8]}"
    yield table
    if table in conn.list_tables():
        conn.client.delete_table(TableName=table)


def describe(path: Path, name: str | None, ttl_attribute: Any) -> Path:
    table: dict[str, Any] = {"AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
                             "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                             "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"}}
    if name is not None:
        table["TableName"] = name
    path.write_text(json.dumps({"Table": table, "TimeToLiveDescription": {
        "TimeToLiveStatus": "ENABLED", "AttributeName": ttl_attribute}}), "utf-8")
    return path


def create(endpoint_url: str, *args: str) -> int:
    return cli_main(["tables", "create", *args, "--endpoint-url", endpoint_url, "--region", "us-east-1"])


@pytest.mark.parametrize("attribute", list(TOO_LONG.values()), ids=list(TOO_LONG))
def test_a_ttl_attribute_name_dynamodb_refuses_is_refused_before_the_table_is_made(
        conn: Connection, endpoint_url: str, name: str, tmp_path: Path, attribute: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    code = create(endpoint_url, "--from-describe", str(describe(tmp_path / "d.json", name, attribute)))
    out, err = capsys.readouterr()
    assert code == 2 and out == "", err
    assert "TimeToLiveDescription.AttributeName must name the TTL attribute in 1 to 255 bytes" in err, err
    assert "CreateTable failed" not in err
    assert name not in conn.list_tables()  # nothing was created


def test_a_ttl_attribute_name_of_255_bytes_is_created_with_ttl_on(
        conn: Connection, endpoint_url: str, name: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    attribute = "é" * 127 + "e"  # 128 characters, 255 bytes
    code = create(endpoint_url, "--from-describe", str(describe(tmp_path / "d.json", name, attribute)))
    assert code == 0, capsys.readouterr().err
    ttl = conn.client.describe_time_to_live(TableName=name)["TimeToLiveDescription"]
    assert (ttl["TimeToLiveStatus"], ttl["AttributeName"]) == ("ENABLED", attribute)


def test_a_description_without_table_name_names_the_flag_and_the_field(
        conn: Connection, endpoint_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = describe(tmp_path / "d.json", None, "expiresAt")
    before = set(conn.list_tables())
    assert create(endpoint_url, "--from-describe", str(path)) == 2
    err = capsys.readouterr().err
    assert err == ("dynoview: The description has no TableName: pass --name NAME or add TableName "
                   "to the JSON.\n")
    for blank in ("", "   "):
        assert create(endpoint_url, "--from-describe", str(path), "--name", blank) == 2
        assert capsys.readouterr().err == "dynoview: --name is blank: name the new table with --name NAME.\n"
    assert create(endpoint_url, "--layout", "article", "--name", "   ") == 2
    assert "Type a name" not in capsys.readouterr().err
    assert set(conn.list_tables()) == before
