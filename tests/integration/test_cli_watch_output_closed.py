"""`dynoview watch` whose standard output's reader goes away (``| head -1``): a --fail-on finding
that appeared still exits 1, a watch cut short exits 141 (never 0, "no finding appeared"), and
the summary still reaches standard error, which stays open."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from tests.integration.test_cli_watch import ROOT, START_S, WATCH_MAIN, signup

pytestmark = pytest.mark.integration


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """A fresh table with a NEW_AND_OLD_IMAGES stream (dropped after the test)."""
    name = f"watch-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    yield name
    conn.client.delete_table(TableName=name)


class HeadOne:
    """``dynoview watch … | head -1``: its first line read, then its standard output closed."""

    def __init__(self, endpoint: str, table: str, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WATCH_MAIN, "watch", "--table", table, "--endpoint-url", endpoint,
             "--format", "json", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.err: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        assert self.proc.stdout is not None
        self.first = self.proc.stdout.readline()
        self.proc.stdout.close()  # the reader went away

    def _read(self, *_: Any) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.err.append(line.rstrip("\n"))

    def ready(self) -> HeadOne:
        deadline = time.monotonic() + START_S
        while not any("dynoview: watching " in line for line in self.err):
            assert self.proc.poll() is None and time.monotonic() < deadline, self.err
            time.sleep(0.1)
        return self

    def finish(self) -> int:
        try:
            code = self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError(f"the watch did not end; stderr {self.err}") from None
        self._reader.join(timeout=5)
        return code


def test_a_fail_on_finding_exits_1_after_the_reader_left(conn: Connection, endpoint_url: str,
                                                         table: str) -> None:
    watch = HeadOne(endpoint_url, table, "--fail-on", "missing", "--duration", "60").ready()
    assert '"type": "watching"' in watch.first
    signup(conn, table, 1, email_lock=False)  # its finding's line finds no reader
    assert watch.finish() == 1, watch.err
    summary = watch.err[-1]
    assert "(standard output was closed)" in summary, watch.err
    assert "Exit 1: a missing lock appeared (--fail-on)" in summary and "PK=ACCT#1, SK=PROFILE" in summary
    assert not any("Traceback" in line or "Exception ignored" in line for line in watch.err)


def test_a_watch_cut_short_by_the_reader_is_never_exit_0(endpoint_url: str, table: str) -> None:
    watch = HeadOne(endpoint_url, table, "--fail-on", "missing", "--duration", "2").ready()
    # Nothing appeared, but its summary line found no reader: the watch did not end as asked.
    assert watch.finish() == 141, watch.err
    summary = watch.err[-1]
    assert "No finding of the --fail-on kinds appeared" in summary, watch.err
    assert "Exit 141: standard output was closed before the watch ended" in summary
    assert not any("Traceback" in line or "Exception ignored" in line for line in watch.err)
