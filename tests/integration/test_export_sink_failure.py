"""A whole-table export whose writer fails (a full disk) stops and says so: before, a segment
thread whose end met the full page queue waited for ever to put it, and the export, joining it,
never returned (the window's Export stayed "running", the command hung with its partial file)."""

from __future__ import annotations

import errno
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.items.export import scan_table
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table

pytestmark = pytest.mark.integration


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"export-fail-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                             AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}])
    for n in range(60):
        conn.client.put_item(TableName=name, Item={"PK": {"S": f"ROW#{n:03d}"}})
    yield name
    conn.client.delete_table(TableName=name)


def test_a_failing_writer_stops_the_export(conn: Connection, table: str) -> None:
    pages = 0

    def full_disk(items: list[dict[str, Any]]) -> None:
        nonlocal pages
        pages += 1
        time.sleep(0.3)  # a slow disk: the segment fills the page queue meanwhile
        if pages == 2:
            raise OSError(errno.ENOSPC, "No space left on device")

    outcome: dict[str, BaseException] = {}

    def export() -> None:
        try:
            scan_table(Reader(conn), describe_table(conn, table), full_disk, segments=1, page_limit=5)
        except BaseException as exc:
            outcome["error"] = exc

    runner = threading.Thread(target=export, daemon=True)
    runner.start()
    runner.join(20)
    assert not runner.is_alive(), "the export never returned"
    assert isinstance(outcome.get("error"), OSError) and outcome["error"].errno == errno.ENOSPC
    assert not [t.name for t in threading.enumerate() if t.name.startswith("export-segment")]
