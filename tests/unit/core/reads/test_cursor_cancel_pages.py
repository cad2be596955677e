"""A page the view drops (its read cancelled before, during or after its request, or read ahead
and then cleared) must not move the cursor: the next read starts at that page again, so no
row is skipped. ``read_page`` reads without moving, ``advance`` moves past a page taken;
``next_page`` is both, for callers that use every page they read.

A stub reader with canned pages (no boto3): the position each request starts from is what is
checked."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from dynoview.core.errors import CancelledError
from dynoview.core.reads.partiql import StatementCursor
from dynoview.core.reads.reader import PageCursor
from dynoview.core.reads.rows import RowShape

ITEMS = [{"pk": {"N": str(i)}} for i in range(9)]
PAGE = 3  # items per request


class CannedReader:
    """Answers Scan (ExclusiveStartKey) and ExecuteStatement (NextToken) from ``ITEMS``,
    ``PAGE`` a request; ``during`` runs while a request is "in flight"."""

    def __init__(self) -> None:
        self.starts: list[int] = []  # where each request started
        self.during: Callable[[], None] = lambda: None

    def read_with_receipt(self, operation: str, request: Mapping[str, Any], *,
                          extra: Any = None, body: bool = False, prepare: Any = None,
                          ) -> tuple[dict[str, Any], object]:
        if operation == "ExecuteStatement":
            start = int(request.get("NextToken", "0"))
        else:
            start = int(request["ExclusiveStartKey"]["pk"]["N"]) + 1 if "ExclusiveStartKey" in request else 0
        self.starts.append(start)
        self.during()
        items = ITEMS[start:start + PAGE]
        end = start + len(items)
        response: dict[str, Any] = {"Items": items, "Count": len(items), "ScannedCount": len(items)}
        if end < len(ITEMS):
            if operation == "ExecuteStatement":
                response["NextToken"] = str(end)
            else:
                response["LastEvaluatedKey"] = {"pk": {"N": str(end - 1)}}
        if prepare is not None:
            response = prepare(response)
        return response, object()


def scan_cursor(reader: CannedReader, *, rows: bool = False) -> PageCursor:
    return PageCursor(reader, "Scan", {"TableName": "t"},  # type: ignore[arg-type]
                      rows=RowShape() if rows else None)


def statement_cursor(reader: CannedReader) -> StatementCursor:
    return StatementCursor(reader, {"Statement": 'SELECT * FROM "t"'})  # type: ignore[arg-type]


def keys(page: Any) -> list[int]:
    items = page.block.items() if page.block is not None else page.items
    return [int(i["pk"]["N"]) for i in items]


CURSORS = [pytest.param(scan_cursor, id="scan"),
           pytest.param(lambda r: scan_cursor(r, rows=True), id="scan-rows"),
           pytest.param(statement_cursor, id="partiql")]


@pytest.mark.parametrize("make", CURSORS)
def test_a_page_cancelled_while_its_request_was_in_flight_is_read_again(make: Any) -> None:
    reader = CannedReader()
    cursor = make(reader)
    assert keys(cursor.next_page(PAGE)) == [0, 1, 2]
    cancel = threading.Event()
    reader.during = cancel.set  # Esc while the page's (last) request is on the wire
    dropped = cursor.read_page(PAGE, cancel)  # the request answers; the view drops the page
    assert keys(dropped) == [3, 4, 5]
    reader.during = lambda: None
    page = cursor.read_page(PAGE)  # Ctrl+L: on from the last page shown
    assert keys(page) == [3, 4, 5]
    assert cursor.advance(page)
    assert keys(cursor.next_page(PAGE)) == [6, 7, 8]
    assert cursor.exhausted
    assert reader.starts == [0, 3, 3, 6]


@pytest.mark.parametrize("make", CURSORS)
def test_a_cancel_before_the_request_sends_nothing_and_moves_nothing(make: Any) -> None:
    reader = CannedReader()
    cursor = make(reader)
    cursor.next_page(PAGE)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(CancelledError):
        cursor.read_page(PAGE, cancel)
    assert keys(cursor.next_page(PAGE)) == [3, 4, 5]
    assert reader.starts == [0, 3]


@pytest.mark.parametrize("make", CURSORS)
def test_a_cancel_between_the_requests_of_one_page_drops_the_whole_page(make: Any) -> None:
    reader = CannedReader()
    cursor = make(reader)
    cancel = threading.Event()
    reader.during = cancel.set  # Esc while the first of the page's two requests is on the wire
    with pytest.raises(CancelledError):
        cursor.read_page(2 * PAGE, cancel)
    reader.during = lambda: None
    assert keys(cursor.next_page(PAGE)) == [0, 1, 2]


@pytest.mark.parametrize("make", CURSORS)
def test_a_page_read_ahead_and_dropped_is_read_again(make: Any) -> None:
    """The view's prefetch: the page read ahead is taken only when the view shows it."""
    reader = CannedReader()
    cursor = make(reader)
    shown = cursor.read_page(PAGE)
    assert cursor.advance(shown)
    ahead = cursor.read_page(PAGE)  # read ahead, not taken: Cancel clears it
    assert keys(ahead) == [3, 4, 5]
    assert not cursor.exhausted
    again = cursor.read_page(PAGE)
    assert keys(again) == [3, 4, 5]
    assert cursor.advance(again)
    assert not cursor.advance(ahead)  # read from a position the cursor has left: never taken
    assert keys(cursor.next_page(PAGE)) == [6, 7, 8]


@pytest.mark.parametrize("make", CURSORS)
def test_a_page_is_taken_once_and_only_by_its_cursor(make: Any) -> None:
    reader = CannedReader()
    cursor, other = make(reader), make(reader)
    page = cursor.read_page(PAGE)
    assert not other.advance(page)  # read by another cursor (a new read of the same table)
    assert other.advance(other.read_page(PAGE))
    assert cursor.advance(page)
    assert not cursor.advance(page)  # a second time: no double move past rows not shown
    assert keys(cursor.read_page(PAGE)) == [3, 4, 5]


def test_totals_count_the_pages_taken_only() -> None:
    reader = CannedReader()
    cursor = scan_cursor(reader)
    cursor.read_page(PAGE)  # dropped
    cursor.next_page(PAGE)
    assert (cursor.total_items, cursor.total_scanned) == (3, 3)
    statements = statement_cursor(reader)
    statements.read_page(PAGE)  # dropped
    statements.next_page(PAGE)
    assert (statements.total_items, statements.requests) == (3, 1)


def test_whole_reads_still_page_to_the_end() -> None:
    """``item_pages`` and iteration use every page they read (``next_page``)."""
    reader = CannedReader()
    receipts: list[Any] = []
    pages = list(scan_cursor(reader).item_pages(receipts, want=PAGE))
    assert [int(i["pk"]["N"]) for items in pages for i in items] == list(range(9))
    assert len(receipts) == 3
    assert [keys(p) for p in statement_cursor(CannedReader()).pages(PAGE)] == [
        [0, 1, 2], [3, 4, 5], [6, 7, 8]]

