"""``PageCursor.item_pages``: a whole Query or Scan read page by page, on a real endpoint (the
reader diagnose and the holders' lookup share): every item once, each page's receipts kept,
a cancel between pages said in the caller's sentence."""

from __future__ import annotations

import threading

import pytest

from dynoview.core.errors import CancelledError
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table

pytestmark = pytest.mark.integration


def test_every_page_once_with_its_receipts(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    cursor = reader.cursor("Scan", {"TableName": accounts_table, "ConsistentRead": True, "Limit": 4}, info)
    receipts: list[ReadReceipt] = []
    pages = list(cursor.item_pages(receipts, want=4))
    keys = [(i["PK"]["S"], i["SK"]["S"]) for page in pages for i in page]
    assert len(keys) == len(set(keys)) == info.item_count
    assert len(pages) >= 2 and all(len(page) <= 4 for page in pages)
    assert receipts == reader.log.receipts()  # every request's receipt, in order
    assert all(r.operation == "Scan" and r.consistency == "strong" for r in receipts)
    assert all(r.consumed_capacity is not None for r in receipts)
    assert cursor.exhausted and cursor.total_scanned == info.item_count


def test_a_cancel_between_pages_says_the_callers_sentence(reader: Reader, conn: Connection,
                                                         accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    cursor = reader.cursor("Scan", {"TableName": accounts_table, "Limit": 3}, info)
    receipts: list[ReadReceipt] = []
    cancel = threading.Event()
    pages = cursor.item_pages(receipts, cancel=cancel, cancelled="The test stopped its Scan.", want=3)
    first = next(pages)
    assert len(first) == 3 and len(receipts) == 1
    cancel.set()
    with pytest.raises(CancelledError, match=r"^The test stopped its Scan\.$"):
        next(pages)
    assert len(receipts) == len(reader.log) == 1  # nothing was sent after the cancel
    assert not cursor.exhausted and cursor.last_key is not None  # where it stopped


def test_query_pages_keep_only_what_the_caller_keeps(reader: Reader, conn: Connection,
                                                    accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    request = {"TableName": accounts_table, "KeyConditionExpression": "PK = :pk",
               "ExpressionAttributeValues": {":pk": {"S": "ACCT#a1f9c3"}}}
    receipts: list[ReadReceipt] = []
    items = [i for page in reader.cursor("Query", request, info).item_pages(receipts) for i in page]
    assert {i["PK"]["S"] for i in items} == {"ACCT#a1f9c3"}
    assert [r.operation for r in receipts] == ["Query"]
