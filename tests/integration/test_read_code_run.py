"""Code for reads, run for real on DynamoDB Local: the boto3 script, the AWS CLI command (``aws``
on PATH, fake keys and empty config files from tests/conftest.py) and the JavaScript module with
the real ``@aws-sdk/client-dynamodb`` (tests/node_sdk.py) each print the same items as
DynoView's own read of the same request, every page of it (a Limit small enough that the read
takes several requests): binary, sets, 38-digit numbers and quotes included.

``dynoview read-code`` prints the same code from the request's JSON and from a read log entry.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.codegen.read_request import ReadRequest, read_request, request_from_receipt
from dynoview.core.codegen.reads import AWS_CLI, JAVASCRIPT, PYTHON, READ_LANGUAGES, read_code
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import _json_safe
from dynoview.core.session.connection import Connection
from dynoview.demo.backend import create_accounts_table
from tests import node_sdk
from tests.helpers import connect
from tests.hostile_values import HOSTILE as HOSTILE_VALUES

pytestmark = [pytest.mark.integration,
              pytest.mark.only_on("dynamodb-local", reason="the issue's measure: AWS's own engine")]

AWS = shutil.which("aws")
PARTITION = "ACCT#many"
HOSTILE = "it's \"quoted\" $(touch pwned) `x` \u202e\u00e9"


def s(value: str) -> dict[str, str]:
    return {"S": value}


def _items() -> list[dict[str, Any]]:
    items = []
    for i in range(11):  # one partition, read in pages of 3
        items.append({"PK": s(PARTITION), "SK": s(f"ITEM#{i:02d}"),
                      "n": {"N": f"1234567890123456789012345678901234567{i}"},
                      "tags": {"SS": [f"t{i}", "shared", HOSTILE]}, "blob": {"B": bytes([0, i, 255])},
                      "bins": {"BS": [b"\x00", bytes([i + 1])]}, "email": s(f"user{i % 3}@example.com"),
                      "nested": {"M": {"list": {"L": [{"N": "1.5"}, {"NULL": True}, {"BOOL": False}]}}}})
    for i in range(9):
        items.append({"PK": s(f"ACCT#{i}"), "SK": s("PROFILE"), "email": s(f"user{i % 3}@example.com"),
                      "note": s(HOSTILE)})
    for i, text in enumerate(HOSTILE_VALUES):  # values that try to become code in each export
        items.append({"PK": s(f"HOSTILE#{i}"), "SK": s("X"), "note": s(text)})
    return items


@pytest.fixture(scope="module")
def table(conn: Connection) -> Iterator[tuple[Connection, str]]:
    name = f"reads-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    for item in _items():
        conn.client.put_item(TableName=name, Item=item)
    yield conn, name
    conn.client.delete_table(TableName=name)


@pytest.fixture(scope="module")
def conn(endpoint_url: str) -> Connection:
    return connect(endpoint_url)


@pytest.fixture(scope="module")
def sdk() -> Path:
    try:
        return node_sdk.install()
    except node_sdk.NodeSdkUnavailable as exc:
        if os.environ.get("DYNOVIEW_REQUIRE_DYNAMODB_LOCAL") == "1":
            pytest.fail(f"{exc} (DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1 makes this a failure.)", pytrace=False)
        pytest.skip(str(exc))


def requests(name: str) -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        "query": ("Query", {
            "TableName": name, "KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)",
            "FilterExpression": "contains(#tags, :tag) AND #b <> :nob",
            "ExpressionAttributeNames": {"#pk": "PK", "#sk": "SK", "#tags": "tags", "#b": "blob"},
            "ExpressionAttributeValues": {":pk": s(PARTITION), ":sk": s("ITEM#"), ":tag": s(HOSTILE),
                                          ":nob": {"B": b"\xff\xfe"}},
            "Limit": 3, "ScanIndexForward": False, "ConsistentRead": True}),
        "index": ("Query", {
            "TableName": name, "IndexName": "email-index", "KeyConditionExpression": "email = :e",
            "ExpressionAttributeValues": {":e": s("user1@example.com")}, "Limit": 2}),
        "scan": ("Scan", {
            "TableName": name, "FilterExpression": "attribute_exists(note) OR #n > :n",
            "ProjectionExpression": "PK, SK, note, #n, bins",
            "ExpressionAttributeNames": {"#n": "n"},
            "ExpressionAttributeValues": {":n": {"N": "1234567890123456789012345678901234565"}},
            "Limit": 4}),
        "hostile": ("Scan", {
            "TableName": name, "Limit": 5, "ExpressionAttributeNames": {"#note": "note"},
            "FilterExpression": f"#note IN ({', '.join(f':h{i}' for i in range(len(HOSTILE_VALUES)))})",
            "ExpressionAttributeValues": {f":h{i}": s(t) for i, t in enumerate(HOSTILE_VALUES)}}),
        "count": ("Scan", {"TableName": name, "Select": "COUNT", "Limit": 6}),
        "get": ("GetItem", {"TableName": name, "Key": {"PK": s(PARTITION), "SK": s("ITEM#07")},
                            "ConsistentRead": True}),
    }


def _as_json(value: Any) -> Any:
    """An item as the exports print it (binary as base64), sets sorted for comparison."""
    data = _json_safe(value)
    return _sets_sorted(data)


def _sets_sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: sorted(v) if k in ("SS", "NS", "BS") else _sets_sorted(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_sets_sorted(v) for v in value]
    return value


def dynoview_read(conn: Connection, operation: str, request: dict[str, Any]) -> tuple[Any, int]:
    """What DynoView's own reader gives for the request: items (or count) and requests sent."""
    reader = Reader(conn)
    if operation == "GetItem":
        item = reader.read("GetItem", request).get("Item")
        return ([_as_json(item)] if item else []), 1
    items: list[Any] = []
    count = sent = 0
    for page in reader.cursor(operation, request):
        items += [_as_json(i) for i in page.items]
        sent += page.requests
        count += page.count
    if request.get("Select") == "COUNT":
        receipts = reader.log.receipts()
        return sum(r.count or 0 for r in receipts), sent
    return items, sent


def run_export(lang: str, code: str, folder: Path, sdk: Path | None) -> str:
    folder.mkdir()
    if lang == JAVASCRIPT:
        assert sdk is not None
        done = node_sdk.run_module(code, folder, sdk)
    else:
        script = folder / ("read.py" if lang == PYTHON else "read.sh")
        script.write_text(code, encoding="utf-8")
        command = [sys.executable, str(script)] if lang == PYTHON else ["sh", str(script)]
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=120,
                              check=False)
    assert done.returncode == 0, done.stderr
    assert not (folder / "pwned").exists()
    return done.stdout


def printed(lang: str, operation: str, counts: bool, stdout: str) -> Any:
    """The export's output as DynoView's read is compared: items (or the count)."""
    if lang == AWS_CLI:
        answer = json.loads(stdout)
        if counts:
            return answer["Count"]
        if operation == "GetItem":
            return [_sets_sorted(answer["Item"])] if "Item" in answer else []
        return [_sets_sorted(i) for i in answer["Items"]]
    if counts:
        return int(stdout.strip())
    # JSON lines end at "\n" only: a value's U+2028 (JSON.stringify leaves it raw) is not an end.
    return [_sets_sorted(json.loads(line)) for line in stdout.split("\n") if line.strip()]


@pytest.mark.parametrize("lang", READ_LANGUAGES)
@pytest.mark.parametrize("kind", ["query", "index", "scan", "hostile", "count", "get"])
def test_exported_read_prints_what_dynoview_reads(table: tuple[Connection, str], endpoint_url: str,
                                                  tmp_path: Path, request: pytest.FixtureRequest,
                                                  lang: str, kind: str) -> None:
    conn, name = table
    if lang == AWS_CLI and AWS is None:
        pytest.skip("the AWS CLI (aws) is not on PATH")
    operation, wanted = requests(name)[kind]
    if lang == AWS_CLI and kind == "query":
        # AWS CLI v1 would read base64 text as the bytes themselves: the export asks for v2
        # (--cli-binary-format base64), which v1 refuses; the binary-free filter goes instead.
        wanted = {**wanted, "FilterExpression": "contains(#tags, :tag)",
                  "ExpressionAttributeNames": {k: v for k, v in wanted["ExpressionAttributeNames"].items()
                                               if k != "#b"},
                  "ExpressionAttributeValues": {k: v for k, v in wanted["ExpressionAttributeValues"].items()
                                                if k != ":nob"}}
    ours, sent = dynoview_read(conn, operation, wanted)
    if operation != "GetItem":
        assert sent > 2, "the read must take several pages"
    assert ours, "an empty read proves nothing"
    sdk = request.getfixturevalue("sdk") if lang == JAVASCRIPT else None
    read = read_request(operation, wanted)
    code = read_code(read, lang, region="us-east-1", endpoint_url=endpoint_url)
    stdout = run_export(lang, code, tmp_path / "run", sdk)
    assert printed(lang, operation, read.counts, stdout) == ours
    if kind == "hostile":
        assert sorted(i["note"]["S"] for i in ours) == sorted(HOSTILE_VALUES)


def test_a_logged_page_exports_the_whole_read_from_the_first_page(table: tuple[Connection, str],
                                                                  endpoint_url: str, tmp_path: Path) -> None:
    conn, name = table
    operation, wanted = requests(name)["scan"]
    reader = Reader(conn)
    cursor = reader.cursor(operation, wanted)
    cursor.next_page(want=1)
    cursor.next_page(want=1)
    later = reader.log.receipts()[-1]
    assert later.request.get("ExclusiveStartKey") and later.request.get("ReturnConsumedCapacity")
    read = request_from_receipt(later)
    assert read.started_later and "ExclusiveStartKey" not in read.params
    assert "ReturnConsumedCapacity" not in read.params
    code = read_code(read, PYTHON, region="us-east-1", endpoint_url=endpoint_url)
    assert "started at a later page" in code
    ours, _ = dynoview_read(conn, operation, wanted)
    assert printed(PYTHON, operation, False, run_export(PYTHON, code, tmp_path / "run", None)) == ours


def test_cli_read_code_prints_the_code_for_a_request_and_a_read_log_entry(
        table: tuple[Connection, str], endpoint_url: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    conn, name = table
    operation, wanted = requests(name)["index"]
    reader = Reader(conn)
    reader.read(operation, wanted)
    entry = json.dumps(reader.log.receipts()[-1].to_json())
    (tmp_path / "entry.json").write_text(entry, encoding="utf-8")
    common = ["--lang", PYTHON, "--region", "us-east-1", "--endpoint-url", endpoint_url]
    assert cli_main(["read-code", "--request", f"@{tmp_path / 'entry.json'}", *common]) == 0
    from_entry = capsys.readouterr().out
    request_json = json.dumps(_json_safe(wanted))
    assert cli_main(["read-code", "--operation", operation, "--request", request_json, *common]) == 0
    from_request = capsys.readouterr().out
    assert from_entry == from_request == read_code(ReadRequest(operation, wanted), PYTHON,
                                                   region="us-east-1", endpoint_url=endpoint_url)
    ours, _ = dynoview_read(conn, operation, wanted)
    assert printed(PYTHON, operation, False, run_export(PYTHON, from_entry, tmp_path / "run", None)) == ours
