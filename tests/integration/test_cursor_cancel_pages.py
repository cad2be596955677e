"""A page whose read is cancelled while its request is on the wire is read again, from the same
position, by the next read: the Scan (as items and as the Items view's compact rows) and the
PartiQL SELECT, over HTTP through a delaying proxy (tests/fault_proxy.py).

The cancel comes from another thread (the UI's Esc) while the request is held by the proxy:
the request still answers, the page comes back, and its caller drops it. The cursor must not
have moved past it (it did: the next read started after the dropped page, and its rows were
never shown)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from dynoview.core.reads.partiql import StatementCursor
from dynoview.core.reads.reader import Page, PageCursor, Reader
from dynoview.core.reads.rows import RowShape
from tests.fault_proxy import DELAY, FaultProxy
from tests.helpers import connect, numbered_table

pytestmark = pytest.mark.integration

PAGE = 5
ITEMS = 4 * PAGE
SLOW_S = 1.0  # how long the proxy holds the request: the cancel comes well within it


@pytest.fixture
def table(endpoint_url: str) -> Iterator[str]:
    with numbered_table(endpoint_url, "cursor-cancel", ITEMS) as name:
        yield name


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as fp:
        yield fp


@pytest.fixture
def reader(proxy: FaultProxy) -> Reader:
    return Reader(connect(proxy.url, name="proxied"))


def keys(page: Page) -> list[int]:
    items = page.block.items() if page.block is not None else page.items
    return [int(i["pk"]["N"]) for i in items]


def read_cancelled_on_the_wire(read: Callable[[threading.Event], Page], proxy: FaultProxy,
                               operation: str) -> Page:
    """``read(cancel)`` in a thread, cancelled once its request reached the (delaying) proxy;
    the page it still returns (its request answered)."""
    before = len(proxy.requests(operation))
    rule = proxy.add(DELAY, operation=operation, seconds=SLOW_S)
    cancel = threading.Event()
    out: list[Page] = []
    worker = threading.Thread(target=lambda: out.append(read(cancel)))
    worker.start()
    try:
        while len(proxy.requests(operation)) == before and worker.is_alive():
            cancel.wait(0.005)
        assert len(proxy.forwarded(operation)) == before, "the request answered before the cancel"
        cancel.set()  # Esc, while the request is on the wire
    finally:
        worker.join(10 + SLOW_S)
        proxy.remove(rule)
    [page] = out
    return page


def start_of(proxy: FaultProxy, operation: str, n: int, field: str) -> Any:
    """Where request ``n`` (0-based) of ``operation`` started: its ExclusiveStartKey or NextToken."""
    return json.loads(proxy.requests(operation)[n].body).get(field)


def take_to_the_end(cursor: PageCursor | StatementCursor) -> list[int]:
    shown: list[int] = []
    while not cursor.exhausted:
        page = cursor.read_page(PAGE)
        assert cursor.advance(page)
        shown += keys(page)
    return shown


@pytest.mark.parametrize("rows", [None, RowShape()], ids=["items", "compact-rows"])
def test_a_scan_page_cancelled_on_the_wire_is_read_again(
        reader: Reader, proxy: FaultProxy, table: str, rows: RowShape | None) -> None:
    cursor = reader.cursor("Scan", {"TableName": table, "Limit": PAGE}, rows=rows)
    first = cursor.read_page(PAGE)
    assert cursor.advance(first)
    dropped = read_cancelled_on_the_wire(lambda cancel: cursor.read_page(PAGE, cancel), proxy, "Scan")
    assert len(keys(dropped)) == PAGE  # it answered; the view never took it
    again = cursor.read_page(PAGE)
    assert keys(again) == keys(dropped)
    assert start_of(proxy, "Scan", 2, "ExclusiveStartKey") == start_of(proxy, "Scan", 1, "ExclusiveStartKey")
    assert cursor.advance(again)
    shown = keys(first) + keys(again) + take_to_the_end(cursor)
    assert sorted(shown) == list(range(ITEMS)) and len(shown) == ITEMS


@pytest.mark.only_on("dynamodb-local", reason="moto answers a SELECT in one page, whatever its Limit")
def test_a_partiql_page_cancelled_on_the_wire_is_read_again(
        reader: Reader, proxy: FaultProxy, table: str) -> None:
    cursor = StatementCursor(reader, {"Statement": f'SELECT * FROM "{table}"', "Limit": PAGE})
    first = cursor.read_page(PAGE)
    assert cursor.advance(first) and not cursor.exhausted
    dropped = read_cancelled_on_the_wire(lambda cancel: cursor.read_page(PAGE, cancel), proxy,
                                         "ExecuteStatement")
    assert len(keys(dropped)) == PAGE
    again = cursor.read_page(PAGE)
    assert keys(again) == keys(dropped)
    assert start_of(proxy, "ExecuteStatement", 2, "NextToken") == \
        start_of(proxy, "ExecuteStatement", 1, "NextToken") is not None
    assert cursor.advance(again)
    shown = keys(first) + keys(again) + take_to_the_end(cursor)
    assert sorted(shown) == list(range(ITEMS)) and len(shown) == ITEMS
