"""The one place data reads happen: every GetItem, Query, Scan, BatchGetItem,
TransactGetItems and PartiQL ExecuteStatement (a SELECT) goes through ``Reader.read``
and leaves a receipt."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.errors import CancelledError, ConsistentReadOnGsiError
from dynoview.core.reads.estimates import ReadEstimate, explain_for_response
from dynoview.core.reads.partiql_statements import statement_target
from dynoview.core.reads.receipts import (
    EVENTUAL,
    STRONG,
    ReadLog,
    ReadReceipt,
    consumed_read_units,
    now_utc,
    snapshot_request,
)
from dynoview.core.session.connection import Connection
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


def _consistency(operation: str, request: Mapping[str, Any]) -> str:
    if operation == "TransactGetItems":
        return STRONG  # transactional reads are serializable, hence strongly consistent
    if operation == "BatchGetItem":
        tables = request.get("RequestItems", {}).values()
        return STRONG if tables and all(t.get("ConsistentRead") for t in tables) else EVENTUAL
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
        extra: Mapping[str, Any] | None = None,
    ) -> tuple[dict[str, Any], ReadReceipt]:
        """Like ``read``, also returning the receipt it logged (with ``extra`` notes on it)."""
        method = getattr(self.conn.client, _METHODS[operation])
        req = dict(request)
        req.setdefault("ReturnConsumedCapacity", "TOTAL")
        started = time.perf_counter()
        error: str | None = None
        response: dict[str, Any] = {}
        receipt: ReadReceipt | None = None
        try:
            response = method(**req)
        except Exception as exc:
            error = type(exc).__name__
            # botocore's connection errors carry ``response = None``, ClientError a dict.
            answer = getattr(exc, "response", None)
            code = answer.get("Error", {}).get("Code") if isinstance(answer, dict) else None
            if code:
                error = code
            raise
        finally:
            duration = (time.perf_counter() - started) * 1000
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
               table: TableInfo | None = None) -> PageCursor:
        check_consistency(table, request.get("IndexName"), bool(request.get("ConsistentRead")))
        return PageCursor(self, operation, request)


@dataclass
class Page:
    items: list[dict[str, Any]]
    scanned: int
    requests: int
    exhausted: bool
    receipts: list[ReadReceipt] = field(default_factory=list)


class PageCursor:
    """Pages through a Query or Scan with LastEvaluatedKey.

    A Scan page stops after reading 1 MB or ``Limit`` items *before* the filter,
    so a filtered page can be empty while more data follows: ``next_page``
    keeps reading until it has ``want`` items or the table ends.
    """

    def __init__(self, reader: Reader, operation: str, request: Mapping[str, Any]) -> None:
        if operation not in {"Query", "Scan"}:
            raise ValueError(f"Only Query and Scan page; got {operation}.")
        self.reader = reader
        self.operation = operation
        self.request = dict(request)
        self.last_key: dict[str, Any] | None = None
        self.exhausted = False
        self.total_scanned = 0
        self.total_items = 0

    def next_page(self, want: int | None = None,
                  cancel: threading.Event | None = None) -> Page:
        want = want if want is not None else int(self.request.get("Limit") or 1)
        items: list[dict[str, Any]] = []
        scanned = requests = 0
        receipts: list[ReadReceipt] = []
        # The position only moves when the whole page is read: if a request fails or the
        # read is cancelled part-way, the page is dropped and the next call reads it again
        # from the same key, so no row is lost or shown twice.
        last_key, exhausted = self.last_key, self.exhausted
        while not exhausted and len(items) < want:
            if cancel is not None and cancel.is_set():
                raise CancelledError("The read was cancelled.")
            req = dict(self.request)
            if last_key is not None:
                req["ExclusiveStartKey"] = last_key
            response, receipt = self.reader.read_with_receipt(self.operation, req)
            receipts.append(receipt)
            requests += 1
            items.extend(response.get("Items", []))
            scanned += int(response.get("ScannedCount", len(response.get("Items", []))))
            last_key = response.get("LastEvaluatedKey")
            if not last_key:
                exhausted = True
        self.last_key, self.exhausted = last_key, exhausted
        self.total_scanned += scanned
        self.total_items += len(items)
        return Page(items, scanned, requests, self.exhausted, receipts)

    def __iter__(self) -> Iterator[Page]:
        while not self.exhausted:
            yield self.next_page()
