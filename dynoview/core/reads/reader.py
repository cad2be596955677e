"""The one place data reads happen: every GetItem, Query, Scan, BatchGetItem,
TransactGetItems and PartiQL ExecuteStatement (a SELECT) goes through ``Reader.read``
and leaves a receipt.

A cursor asked for compact rows (``Reader.cursor(..., rows=RowShape(...))``, the Items view)
reads Query and Scan pages without botocore's parser: a ``before-parse`` hook hands the body
over as bytes on the thread that asked for it, and ``rows.block_from_body`` decodes it into
a ``RowBlock``. botocore's parser builds every attribute value in pure Python, about 9 µs
per item of the article (82 ms for a 1 MB page of 8,800 items), four times the whole compact
decode. The client, request, retries, CRC32 check, integrity check and receipt are the same
as for any other read.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.errors import CancelledError, ConsistentReadOnGsiError, aws_error_code
from dynoview.core.reads.estimates import ITEMS_SIZE, ReadEstimate, explain_for_response
from dynoview.core.reads.partiql_statements import statement_target
from dynoview.core.reads.receipts import (
    EVENTUAL,
    STRONG,
    ReadLog,
    ReadReceipt,
    batch_tables,
    consumed_read_units,
    now_utc,
    overall_consistency,
    snapshot_request,
)
from dynoview.core.reads.rows import RowBlock, RowShape, block_from_body, block_from_items
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.session.tables import TableInfo

_METHODS = {
    "GetItem": "get_item",
    "Query": "query",
    "Scan": "scan",
    "BatchGetItem": "batch_get_item",
    "TransactGetItems": "transact_get_items",
    "ExecuteStatement": "execute_statement",  # PartiQL SELECT; the session guard refuses writes
}

#: Sizes a read from its (operation, request, response); None when it cannot, never raises.
Estimator = Callable[[str, Mapping[str, Any], Mapping[str, Any]], ReadEstimate | None]
#: Turns a response into the one the caller gets, before its receipt is made.
Prepare = Callable[[dict[str, Any]], dict[str, Any]]

_BODY = "_dynoview_page_body"  # a page's body as bytes, for the thread that asked for it
_HOOK_ATTR = "_dynoview_body_hook"
_raw = threading.local()  # .on: this thread's current Query or Scan wants its body as bytes


def _keep_body(response_dict: dict[str, Any], customized_response_dict: dict[str, Any],
               **_: Any) -> None:
    """before-parse handler: a successful page asked for as bytes skips botocore's parser."""
    if not getattr(_raw, "on", False) or response_dict.get("status_code") != 200:
        return  # errors keep botocore's parsing, so error codes and retries behave as usual
    body = response_dict.get("body")
    if body and _BODY not in customized_response_dict:
        customized_response_dict[_BODY] = bytes(body)
        response_dict["body"] = b"{}"


def _install_body_hook(client: Any) -> bool:
    """Register ``_keep_body`` on a DynamoDB client once; False for a client without events."""
    if getattr(client, _HOOK_ATTR, False):
        return True
    events = getattr(getattr(client, "meta", None), "events", None)
    if events is None:
        return False
    for operation in ("Query", "Scan"):  # the unique id: registered once, even from two threads
        events.register(f"before-parse.dynamodb.{operation}", _keep_body,
                        unique_id=f"dynoview-keep-body-{operation}")
    setattr(client, _HOOK_ATTR, True)
    return True


#: A damaged answer (cut, failing or lacking its checksum, not a whole page) is asked again this
#: many times in all before it is refused: it is never read as data.
DAMAGED_ATTEMPTS = 3


def _call_until_whole(method: Callable[..., dict[str, Any]], request: dict[str, Any]) -> dict[str, Any]:
    for attempt in range(DAMAGED_ATTEMPTS):
        try:
            return method(**request)
        except DamagedResponseError as exc:
            if exc.retried or attempt == DAMAGED_ATTEMPTS - 1:
                raise  # botocore's own retries already asked again
    raise AssertionError("unreachable")


def _consistency(operation: str, request: Mapping[str, Any]) -> str:
    if operation == "TransactGetItems":
        return STRONG  # transactional reads are serializable, hence strongly consistent
    if operation == "BatchGetItem":
        return overall_consistency(batch_tables(request))  # ConsistentRead is per table
    return STRONG if request.get("ConsistentRead") else EVENTUAL


def _tables(operation: str, request: Mapping[str, Any]) -> str | None:
    if operation == "BatchGetItem":
        return ", ".join(request.get("RequestItems", {}))
    if operation == "TransactGetItems":
        names = {i.get("Get", {}).get("TableName") for i in request.get("TransactItems", [])}
        return ", ".join(sorted(n for n in names if n))
    if operation == "ExecuteStatement":
        return _statement_target(request)[0]
    return request.get("TableName")


def _index(operation: str, request: Mapping[str, Any]) -> str | None:
    if operation == "ExecuteStatement":
        return _statement_target(request)[1]  # FROM "table"."index"
    return request.get("IndexName")


def _statement_target(request: Mapping[str, Any]) -> tuple[str | None, str | None]:
    return statement_target(str(request.get("Statement", ""))) or (None, None)


def check_consistency(table: TableInfo | None, index: str | None, consistent: bool) -> None:
    """Refuse a strong read on a GSI before sending: DynamoDB would reject it anyway."""
    if not consistent or not index or table is None:
        return
    idx = table.index(index)
    if idx is not None and not idx.strong_reads_allowed:
        raise ConsistentReadOnGsiError(
            f"{index} is a global secondary index, and GSIs only serve eventually consistent "
            "reads. Switch to eventual, or read the table or a local secondary index.",
            field="consistency",
        )


class Reader:
    """Runs data reads on a connection and records a receipt for each one."""

    def __init__(self, conn: Connection, log: ReadLog | None = None, *,
                 estimator: Estimator | None = explain_for_response) -> None:
        self.conn = conn
        self.log = log if log is not None else ReadLog()
        # The app's own capacity estimate from item sizes, next to what the service reports.
        # The audit passes None: sizing a million items would cost more than the audit.
        self.estimator = estimator

    def read(self, operation: str, request: Mapping[str, Any]) -> dict[str, Any]:
        """Send one read, asking DynamoDB to report consumed capacity, and log a receipt."""
        return self.read_with_receipt(operation, request)[0]

    def read_with_receipt(
        self, operation: str, request: Mapping[str, Any], *,
        extra: Mapping[str, Any] | None = None, body: bool = False,
        prepare: Prepare | None = None,
    ) -> tuple[dict[str, Any], ReadReceipt]:
        """Like ``read``, also returning the receipt it logged (with ``extra`` notes on it).

        ``body``: a successful Query or Scan answer carries its body as bytes instead of
        parsed fields (``prepare`` decodes it). ``prepare`` turns the response into the one
        returned, before the receipt is made and outside its duration.
        """
        client = self.conn.client
        method = getattr(client, _METHODS[operation])
        req = dict(request)
        req.setdefault("ReturnConsumedCapacity", "TOTAL")
        raw = body and operation in {"Query", "Scan"} and _install_body_hook(client)
        started = time.perf_counter()
        answered: float | None = None
        error: str | None = None
        response: dict[str, Any] = {}
        receipt: ReadReceipt | None = None
        try:
            _raw.on = raw
            try:
                response = _call_until_whole(method, req)
            finally:
                _raw.on = False
            answered = time.perf_counter()
            if prepare is not None:
                response = prepare(response)
        except Exception as exc:
            error = aws_error_code(exc) or type(exc).__name__
            raise
        finally:
            duration = ((answered or time.perf_counter()) - started) * 1000
            count = response.get("Count")
            if operation == "GetItem" and not error:
                count = 1 if "Item" in response else 0
            elif operation == "ExecuteStatement" and not error:
                count = len(response.get("Items", []))  # PartiQL answers carry no Count
            elif operation in {"BatchGetItem", "TransactGetItems"} and not error:
                responses = response.get("Responses", {})
                count = (sum(len(v) for v in responses.values()) if isinstance(responses, dict)
                         else sum(1 for r in responses if r.get("Item")))
            estimate = (self.estimator(operation, req, response)
                        if self.estimator is not None and not error else None)
            receipt = ReadReceipt(
                time=now_utc(),
                operation=operation,
                table=_tables(operation, req),
                index=_index(operation, req),
                consistency=_consistency(operation, req),
                consumed_capacity=consumed_read_units(response.get("ConsumedCapacity")),
                capacity_detail=response.get("ConsumedCapacity"),
                count=count,
                scanned_count=response.get("ScannedCount"),
                duration_ms=duration,
                request=snapshot_request(req),
                error=error,
                estimated_capacity=estimate.units if estimate is not None else None,
                estimate_basis=estimate.basis if estimate is not None else None,
                extra=dict(extra or {}),
                tables=(batch_tables(req, response.get("ConsumedCapacity"))
                        if operation == "BatchGetItem" else ()),
            )
            self.log.record(receipt)
        return response, receipt

    def get_item(
        self, table: str, key: Mapping[str, Any], *, consistent: bool = True
    ) -> dict[str, Any] | None:
        """GetItem by exact key; strongly consistent unless asked otherwise."""
        response = self.read("GetItem", {"TableName": table, "Key": dict(key),
                                          "ConsistentRead": consistent})
        return response.get("Item")

    def cursor(self, operation: str, request: Mapping[str, Any],
               table: TableInfo | None = None, *, rows: RowShape | None = None) -> PageCursor:
        """Pages of a Query or Scan; with ``rows``, as compact rows (``Page.block``)."""
        check_consistency(table, request.get("IndexName"), bool(request.get("ConsistentRead")))
        return PageCursor(self, operation, request, rows=rows)


@dataclass
class Page:
    """One page as the view asked for it. A cursor asked for compact rows fills ``block``
    and leaves ``items`` empty (``block.items()`` decodes them)."""

    items: list[dict[str, Any]]
    scanned: int
    requests: int
    exhausted: bool
    receipts: list[ReadReceipt] = field(default_factory=list)
    block: RowBlock | None = None
    #: Where the cursor goes once the page is taken (``advance``): LastEvaluatedKey or NextToken.
    after: Any = None
    #: The cursor and position the page was read from: only that cursor, still there, takes it.
    origin: object = None

    @property
    def count(self) -> int:
        return len(self.block) if self.block is not None else len(self.items)


def _decoder(shape: RowShape) -> Prepare:
    """``prepare`` for a compact page: its body (or, without the hook, its parsed items) to a
    ``RowBlock`` under ``_BLOCK``, its size for the receipt's estimate."""
    def decode(response: dict[str, Any]) -> dict[str, Any]:
        body = response.pop(_BODY, None)
        if body is not None:
            fields, block = block_from_body(body, shape)
            response.update(fields)
        else:
            block = block_from_items(response.pop("Items", []), shape)
        response[_BLOCK] = block
        if block.size is not None:
            response[ITEMS_SIZE] = block.size
        return response
    return decode


_BLOCK = "_dynoview_rows"


class PageCursor:
    """Pages through a Query or Scan with LastEvaluatedKey.

    A Scan page stops after reading 1 MB or ``Limit`` items *before* the filter,
    so a filtered page can be empty while more data follows: ``next_page``
    keeps reading until it has ``want`` items or the table ends.

    ``read_page`` reads a page without moving; ``advance`` moves past it once the caller has
    taken it. A view that may drop a page (cancelled while it was read, or after it answered
    and before the view took it) takes it only when it shows it, so the next read starts at
    that page again and no row is skipped.
    """

    def __init__(self, reader: Reader, operation: str, request: Mapping[str, Any], *,
                 rows: RowShape | None = None) -> None:
        if operation not in {"Query", "Scan"}:
            raise ValueError(f"Only Query and Scan page; got {operation}.")
        self.reader = reader
        self.operation = operation
        self.request = dict(request)
        self.rows = rows
        self._decode = _decoder(rows) if rows is not None else None
        self.last_key: dict[str, Any] | None = None
        self.exhausted = False
        self.total_scanned = 0
        self.total_items = 0
        self._step = 0  # pages taken: a page read from an older position is not taken
        self._token = object()  # this cursor's, in its pages: another cursor's page is not taken
        self._lock = threading.Lock()  # the position is read in a worker, moved on the UI thread

    def next_page(self, want: int | None = None, cancel: threading.Event | None = None,
                  within: float | None = None) -> Page:
        """``read_page``, taken at once (for a caller that uses every page it reads)."""
        page = self.read_page(want, cancel, within)
        self.advance(page)
        return page

    def advance(self, page: Page) -> bool:
        """Move past ``page``, read by ``read_page`` from the current position; False (and
        no move) for a page read from another position or by another cursor."""
        with self._lock:
            if page.origin != (self._token, self._step):
                return False
            self.last_key, self.exhausted = page.after, page.exhausted
            self._step += 1
            self.total_scanned += page.scanned
            self.total_items += page.count
            return True

    def read_page(self, want: int | None = None, cancel: threading.Event | None = None,
                  within: float | None = None) -> Page:
        """Read until the page holds ``want`` items or the table ends, or (``within``) once
        that many seconds have passed since the call, whichever comes first (at least one
        request is made). The cursor does not move: ``advance(page)`` moves it."""
        want = want if want is not None else int(self.request.get("Limit") or 1)
        until = time.monotonic() + within if within is not None else None
        items: list[dict[str, Any]] = []
        blocks: list[RowBlock] = []
        got = scanned = requests = 0
        receipts: list[ReadReceipt] = []
        # Only ``advance`` moves the position: a failed, cancelled or dropped page is read
        # again from the same key, so no row is lost or shown twice.
        with self._lock:
            origin, last_key, exhausted = (self._token, self._step), self.last_key, self.exhausted
        while not exhausted and got < want:
            if cancel is not None and cancel.is_set():
                raise CancelledError("The read was cancelled.")
            if self.rows is not None and self.rows.pause is not None:
                self.rows.pause()  # building and sending a request is Python work too
            req = dict(self.request)
            if last_key is not None:
                req["ExclusiveStartKey"] = last_key
            response, receipt = self.reader.read_with_receipt(
                self.operation, req, body=self._decode is not None, prepare=self._decode)
            receipts.append(receipt)
            requests += 1
            block = response.pop(_BLOCK, None)
            if block is not None:
                blocks.append(block)
                n = len(block)
            else:
                items.extend(response.get("Items", []))
                n = len(response.get("Items", []))
            got += n
            scanned += int(response.get("ScannedCount", n))
            last_key = response.get("LastEvaluatedKey")
            if not last_key:
                exhausted = True
            elif until is not None and time.monotonic() >= until:
                break
        merged = RowBlock.concat(blocks) if self.rows is not None else None
        return Page(items, scanned, requests, exhausted, receipts, merged,
                    after=last_key, origin=origin)

    def __iter__(self) -> Iterator[Page]:
        while not self.exhausted:
            yield self.next_page()

    def item_pages(self, receipts: list[ReadReceipt], *, cancel: threading.Event | None = None,
                   cancelled: str = "The read was cancelled.",
                   want: int = 1000) -> Iterator[list[dict[str, Any]]]:
        """The items of every page to the end (``want`` a page), for a caller that reads a
        whole Query or Scan: each page's receipts (capacity included) are appended to
        ``receipts`` before its items are given. ``cancel`` is looked at before each page
        (``CancelledError(cancelled)``) and between its requests. A caller that stops early
        leaves the cursor after the last page given."""
        while not self.exhausted:
            if cancel is not None and cancel.is_set():
                raise CancelledError(cancelled)
            page = self.next_page(want=want, cancel=cancel)
            receipts.extend(page.receipts)
            yield page.items
