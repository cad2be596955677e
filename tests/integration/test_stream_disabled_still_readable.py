"""A table whose stream was disabled: DynamoDB drops its StreamSpecification but keeps
LatestStreamArn, and that stream's records stay readable for 24 hours. Before, `dynoview
stream` said the table had no stream and suggested enabling one (a new, empty stream), exit 2;
now it reads the disabled stream's records, says it is disabled, and exits 0 (also with
--follow: nothing new will arrive). A table that never had a stream keeps the old sentence."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.streams.description import (
    describe_stream,
    disabled_stream_message,
    latest_stream,
)

pytestmark = [pytest.mark.integration,
              pytest.mark.only_on("dynamodb-local", reason="moto breaks when a stream is disabled "
                                  "(see tests/integration/test_streams.py); DynamoDB Local keeps it "
                                  "readable, as AWS does")]

SIGNUPS = ("SIGNUP#ada", "SIGNUP#bob", "SIGNUP#cy")


@pytest.fixture
def disabled_table(conn: Connection) -> Iterator[str]:
    """A table that streamed three puts, then had its stream disabled."""
    name = f"stream-disabled-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    try:
        for pk in SIGNUPS:
            conn.client.put_item(TableName=name, Item={"PK": {"S": pk}})
        conn.client.update_table(TableName=name, StreamSpecification={"StreamEnabled": False})
        yield name
    finally:
        conn.client.delete_table(TableName=name)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(["stream", *argv])
    out, err = capsys.readouterr()
    return code, [line for line in out.splitlines() if line], err


def test_the_last_stream_is_found_and_described_as_disabled(conn: Connection, disabled_table: str) -> None:
    stream = latest_stream(conn, disabled_table)
    assert not stream.enabled
    info = describe_stream(conn, stream.arn)
    assert info.disabled and info.status == "DISABLED"


def test_cli_reads_a_disabled_stream_and_says_it_is_disabled(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, disabled_table: str) -> None:
    code, lines, err = run_cli(capsys, "--table", disabled_table, "--endpoint-url", endpoint_url)
    print("exit", code, "stderr:", err)
    assert code == 0, err
    assert [json.loads(line)["keys"]["PK"]["S"] for line in lines] == list(SIGNUPS)
    assert disabled_stream_message(disabled_table) in err
    assert "24 hours after the last one was written" in err
    assert "has no stream" not in err and "StreamEnabled=true" not in err


def test_cli_follow_of_a_disabled_stream_reads_it_and_ends(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, disabled_table: str) -> None:
    started = time.monotonic()
    code, lines, err = run_cli(capsys, "--table", disabled_table, "--endpoint-url", endpoint_url,
                               "--follow", "--max-seconds", "60", "--poll-interval", "0.2")
    assert code == 0, err
    assert len(lines) == len(SIGNUPS)
    assert disabled_stream_message(disabled_table) in err
    assert time.monotonic() - started < 30  # ended with the stream, not at --max-seconds


def test_describe_of_a_disabled_stream(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                       disabled_table: str) -> None:
    code, lines, err = run_cli(capsys, "--table", disabled_table, "--endpoint-url", endpoint_url,
                               "--describe")
    assert code == 0, err
    assert json.loads(lines[0])["status"] == "DISABLED"
    assert disabled_stream_message(disabled_table) in err


def test_a_table_that_never_had_a_stream_still_says_how_to_enable_one(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str) -> None:
    name = f"never-streamed-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
    try:
        code, lines, err = run_cli(capsys, "--table", name, "--endpoint-url", endpoint_url)
    finally:
        conn.client.delete_table(TableName=name)
    assert code == 2 and lines == []
    assert "has no stream" in err and "StreamEnabled=true" in err


def test_a_watch_of_a_table_whose_stream_is_disabled_says_so(capsys: pytest.CaptureFixture[str],
                                                              conn: Connection, disabled_table: str) -> None:
    """A watch needs new records: refused (exit 2), but said as disabled, not as no stream."""
    assert conn.spec.endpoint_url is not None
    code = main(["watch", "--endpoint-url", conn.spec.endpoint_url, "--table", disabled_table,
                 "--duration", "1"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"The stream of table {disabled_table} is disabled" in err and "has no stream" not in err
    assert f"dynoview stream --table {disabled_table}" in err


def test_diagnose_reads_a_disabled_stream_for_a_lock_s_origin(conn: Connection) -> None:
    """A stuck signup's lock, then the stream disabled: its records still tell where it came from."""
    from dynoview.core.reads.reader import Reader
    from dynoview.core.session.tables import describe_table
    from dynoview.core.uniqueness.diagnose import diagnose
    from dynoview.core.uniqueness.origin import SOURCE_STREAM, STUCK_SIGNUP
    from dynoview.core.uniqueness.schema import article_schema

    name = f"diag-disabled-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("PK", "SK")],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    try:
        conn.client.put_item(TableName=name, Item={"PK": {"S": "UNIQ#EMAIL#stuck@x.io"}, "SK": {"S": "LOCK"}})
        conn.client.update_table(TableName=name, StreamSpecification={"StreamEnabled": False})
        info = describe_table(conn, name)
        assert not info.stream_enabled and info.stream_arn
        d = diagnose(Reader(conn), info, article_schema(), "email", "stuck@x.io")
        assert d.origin is not None and (d.origin.kind, d.origin.source) == (STUCK_SIGNUP, SOURCE_STREAM)
        assert not any("has no stream" in n for n in d.notes)
    finally:
        conn.client.delete_table(TableName=name)
