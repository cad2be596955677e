"""`dynoview stream … | head -1` (review s56, defect 5): standard output's reader goes away
while records are still printed. The command exits 141, as its --help (``EXIT_EPILOG``) and
every other command say, never 0 (a pipeline could not tell it was cut short), and says
nothing more: no traceback, no "Exception ignored" at exit."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli.common import EXIT_READER_GONE
from dynoview.core.session.connection import Connection
from tests.integration.test_cli_watch import ROOT, WATCH_MAIN

pytestmark = pytest.mark.integration

#: Records of about 600 bytes of JSON each: far more than a pipe holds (64 KiB), so the command
#: is still printing when the reader leaves.
RECORDS = 400


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"stream-gone-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    for start in range(0, RECORDS, 25):
        conn.client.batch_write_item(RequestItems={name: [
            {"PutRequest": {"Item": {"PK": {"S": f"UNIQ#EMAIL#u{i}@x.io"}, "pad": {"S": "x" * 200}}}}
            for i in range(start, start + 25)]})
    yield name
    conn.client.delete_table(TableName=name)


def test_stream_into_head_exits_141(endpoint_url: str, table: str) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", WATCH_MAIN, "stream", "--table", table, "--endpoint-url", endpoint_url,
         "--from", "trim-horizon", "--format", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # ``head -1`` has its line and leaves
    try:
        code = proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("dynoview stream did not end after its reader left") from None
    err = proc.stderr.read()
    assert '"UNIQ#EMAIL#u' in first, (first, err)
    assert code == EXIT_READER_GONE, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
