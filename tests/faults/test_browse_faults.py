"""Browsing (build_request, Reader, PageCursor) through a proxy that injects faults.

One fault is absorbed by botocore's retries (standard mode, 4 attempts) and the
pages come out whole; a fault on every attempt fails the page with a sentence
that says what to do; after the fault clears, the same cursor continues with no
row lost or repeated.
"""

from __future__ import annotations

from typing import Any

import pytest
from botocore.config import Config

from dynoview.core.errors import describe_error
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request
from dynoview.core.reads.reader import PageCursor, Reader
from dynoview.core.session.connection import Connection, client_config
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.session.tables import describe_table
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import proxied

pytestmark = [pytest.mark.integration, pytest.mark.faults]

PAGE = 5


@pytest.fixture
def table(shared_table: str) -> str:
    """These tests only read: one seeded table serves the whole module."""
    return shared_table


def keys(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(i["PK"]["S"], i["SK"]["S"]) for i in items]


def everything(direct: Connection, table: str) -> list[tuple[str, str]]:
    items: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"TableName": table}
    while True:
        page = direct.client.scan(**kwargs)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return keys(items)
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def cursor_for(conn: Connection, table: str, spec: BrowseSpec | None = None) -> PageCursor:
    info = describe_table(conn, table)
    operation, request = build_request(info, spec or BrowseSpec(table=table, page_size=PAGE))
    return Reader(conn).cursor(operation, request, info)


def drain(cursor: PageCursor, want: int | None = None) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    while not cursor.exhausted:
        out += keys(cursor.next_page(want).items)
    return out


def test_retry_policy_is_deliberate() -> None:
    """The policy the rest of this file relies on: bounded, standard back-off, desktop timeouts."""
    config = client_config()
    assert config.retries == {"mode": "standard", "total_max_attempts": 4}
    assert config.connect_timeout == 5
    assert config.read_timeout == 30


@pytest.mark.parametrize("kind", [fp.DROP_BEFORE, fp.DROP_AFTER, fp.CUT, fp.HTTP_500, fp.THROTTLE,
                                  fp.DELAY])
def test_one_fault_is_retried_and_every_row_arrives_once(proxy: FaultProxy, pconn: Connection,
                                                        direct: Connection, table: str,
                                                        kind: str) -> None:
    expected = everything(direct, table)
    cursor = cursor_for(pconn, table)
    rule = proxy.add(kind, operation="Scan", after=2, seconds=0.3)
    got = drain(cursor)
    assert rule.applied == 1
    assert got == expected  # same rows, same order, none twice
    # The read log holds one receipt per page read, each a success; the endpoint saw one
    # more request for the attempt that botocore retried.
    receipts = [r for r in cursor.reader.log.receipts() if r.operation == "Scan"]
    assert all(r.error is None for r in receipts)
    assert len(proxy.requests("Scan")) == len(receipts) + (0 if kind == fp.DELAY else 1)


EXPECTED_TITLE = {
    fp.DROP_BEFORE: "Endpoint unreachable",
    fp.DROP_AFTER: "Endpoint unreachable",
    fp.HTTP_500: "DynamoDB unavailable",
    fp.THROTTLE: "Throttled",
}


@pytest.mark.parametrize("kind", [fp.DROP_BEFORE, fp.DROP_AFTER, fp.CUT, fp.HTTP_500])
def test_persistent_fault_fails_the_page_then_the_cursor_resumes(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, kind: str) -> None:
    expected = everything(direct, table)
    cursor = cursor_for(pconn, table)
    first = keys(cursor.next_page().items)
    proxy.reset()
    proxy.add(kind, operation="Scan", times=None)
    with pytest.raises(Exception) as info:
        cursor.next_page()
    assert len(proxy.requests("Scan")) == 4  # the first try and three retries, no more
    err = describe_error(info.value, operation="Scan", endpoint=pconn.spec.endpoint_url)
    if kind == fp.CUT:
        assert isinstance(info.value, DamagedResponseError)
        assert "arrived damaged" in err.message and "nothing from it is shown" in err.message
    else:
        assert err.title == EXPECTED_TITLE[kind], (type(info.value), err)
        assert "retry" in err.message.lower()
    receipt = cursor.reader.log.last()
    assert receipt is not None and receipt.error is not None
    proxy.clear()
    assert first + drain(cursor) == expected


def test_persistent_throttling_is_explained(proxy: FaultProxy, pconn: Connection, table: str) -> None:
    cursor = cursor_for(pconn, table)
    proxy.add(fp.THROTTLE, operation="Scan", times=None)
    with pytest.raises(Exception) as info:
        cursor.next_page()
    assert len(proxy.requests("Scan")) == 4
    err = describe_error(info.value, operation="Scan", table=table)
    assert err.title == "Throttled"
    assert f"Scan on {table}" in err.message and "smaller page size" in err.message


def test_filtered_page_interrupted_mid_way_loses_and_repeats_nothing(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str) -> None:
    """A filtered Scan needs several requests per page; a failure after some of them must
    not lose the rows those requests found (nor show them twice on resume)."""
    spec = BrowseSpec(table=table, page_size=3,
                      filter=FilterSpec("PK", "begins_with", "UNIQ#"))
    expected = [k for k in everything(direct, table) if k[0].startswith("UNIQ#")]
    cursor = cursor_for(pconn, table, spec)
    want = 6  # more than one request's worth: the cursor keeps reading to fill the page
    pages: list[list[tuple[str, str]]] = [keys(cursor.next_page(want).items)]
    proxy.add(fp.DROP_BEFORE, operation="Scan", after=1, times=None)  # the page's 2nd request fails
    with pytest.raises(Exception):  # noqa: B017 - the kind is checked in other tests
        cursor.next_page(want)
    proxy.clear()
    while not cursor.exhausted:
        page = keys(cursor.next_page(want).items)
        pages.append(page)
    got = [k for page in pages for k in page]
    assert got == expected


def test_read_timeout_is_retried_then_explained(proxy: FaultProxy, table: str) -> None:
    """A slow endpoint: each attempt waits read_timeout, then botocore retries; the
    production timeout is 30 s, shortened here to keep the test quick."""
    config = client_config().merge(Config(read_timeout=0.5))
    conn = proxied(proxy, config=config)
    cursor = cursor_for(conn, table)
    proxy.add(fp.DELAY, operation="Scan", seconds=1.0, times=None)
    with pytest.raises(Exception) as info:
        cursor.next_page()
    assert len(proxy.requests("Scan")) == 4
    err = describe_error(info.value, endpoint=conn.spec.endpoint_url)
    assert err.title == "Timed out" and conn.spec.endpoint_url in err.message
    proxy.clear()
    assert cursor.next_page().items  # the same connection and cursor work once it answers


def test_get_item_cut_on_every_attempt_is_not_an_absent_item(proxy: FaultProxy, pconn: Connection,
                                                              table: str) -> None:
    """A damaged GetItem answer must never read as "no such item" (that is how a live
    lock would look orphaned)."""
    reader = Reader(pconn)
    key = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}
    proxy.add(fp.CUT, operation="GetItem", times=None)
    with pytest.raises(DamagedResponseError):
        reader.get_item(table, key)
    proxy.clear()
    assert reader.get_item(table, key) == key
