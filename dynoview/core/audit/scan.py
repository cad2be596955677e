"""How an audit reads a table: the fast-parse Scan client and each segment's page loop.

``fast_reader`` gives a Reader whose Scan answers carry their body as bytes (see the
``audit`` module's docstring); ``SegmentScanner`` reads one segment per thread and puts
its pages on a bounded queue for the consumer in ``audit.run._run``.
"""

from __future__ import annotations

import base64
import copy
import queue
import threading
from typing import Any

import msgspec

from dynoview.core.audit.pages import page_meta
from dynoview.core.audit.workers import ClassifierPool
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.reads.throttling import ThrottleWatch, bulk_config

_BODY = "_dynoview_scan_body"  # the page body, handed on as bytes (never shown or logged)


def _scan_meta_body(response_dict: dict[str, Any], customized_response_dict: dict[str, Any],
                    **_: Any) -> None:
    """before-parse handler: decode a successful Scan's paging fields, keep its body as bytes."""
    if response_dict.get("status_code") != 200:
        return  # errors keep botocore's parsing, so error codes and retries behave as usual
    body = response_dict.get("body")
    if not body:
        return
    try:
        meta = page_meta(body)
    except msgspec.DecodeError:
        return  # a damaged body: botocore's CRC32 check retries it, the integrity check refuses it
    customized_response_dict.update(meta)
    customized_response_dict[_BODY] = bytes(body)
    response_dict["body"] = b"{}"


def fast_reader(reader: Reader) -> Reader:
    """A Reader on a dedicated client whose Scan answers carry their body as bytes.

    The response holds the paging and receipt fields (``Count``, ``ScannedCount``,
    ``LastEvaluatedKey``, ``ConsumedCapacity``) and, under ``_BODY``, the body for
    ``audit.pages`` to classify; ``Items`` is not built.

    Same session (credentials), region, endpoint and config as the reader's
    connection, made by its client factory: the read-only refusal and the integrity
    check come with it; receipts go to the same log.
    """
    conn = reader.conn
    client = conn.new_client(config=bulk_config(conn.client.meta.config))  # adaptive retries
    ThrottleWatch().install(client)  # so the result can say it slowed down, and why
    client.meta.events.register("before-parse.dynamodb.Scan", _scan_meta_body)
    audit_conn = copy.copy(conn)
    audit_conn.client = client
    return Reader(audit_conn, reader.log, estimator=None)


def restore_binary(av: Any) -> Any:
    """Turn base64 text back into bytes in B/BS values (the fast decode leaves them as text)."""
    if isinstance(av, dict):
        if "B" in av and isinstance(av["B"], str):
            return {"B": base64.b64decode(av["B"])}
        if "BS" in av:
            return {"BS": [base64.b64decode(v) if isinstance(v, str) else v for v in av["BS"]]}
        return {k: restore_binary(v) for k, v in av.items()}
    return av


class SegmentDone:
    """The last entry a segment thread queues: how it ended."""

    def __init__(self, segment: int, error: BaseException | None = None, finished: bool = False) -> None:
        self.segment = segment
        self.error = error
        self.finished = finished  # the segment was read to its end


class AuditStop(threading.Event):
    """Set by a failing segment; also reads as set when the caller's cancel is set."""

    def __init__(self, user: threading.Event) -> None:
        super().__init__()
        self.user = user

    def is_set(self) -> bool:
        return self.user.is_set() or super().is_set()


Page = tuple[dict[str, Any], ReadReceipt, bytes | None]


class SegmentScanner:
    """Called once per segment thread: reads that segment page by page onto ``pages``.

    The queue holds two pages per segment, so memory stays bounded however large the table.
    """

    def __init__(self, reader: Reader, table: str, segments: int, *, consistent: bool,
                 page_limit: int | None, cancel: threading.Event, pool: ClassifierPool | None,
                 fast_parse: bool, extra: dict[str, Any]) -> None:
        self.reader, self.table, self.segments = reader, table, segments
        self.consistent, self.page_limit, self.cancel = consistent, page_limit, cancel
        self.pool, self.fast_parse, self.extra = pool, fast_parse, extra
        self.pages: queue.Queue[Page | SegmentDone] = queue.Queue(maxsize=segments * 2)

    def __call__(self, segment: int) -> None:
        try:
            finished = self._read_to_end(segment)
            self._put(SegmentDone(segment, finished=finished))
        except BaseException as exc:
            self._put(SegmentDone(segment, exc))

    def _put(self, entry: Page | SegmentDone) -> None:
        while True:
            try:
                self.pages.put(entry, timeout=0.1)
                return
            except queue.Full:
                if self.cancel.is_set() and not isinstance(entry, SegmentDone):
                    return  # the consumer is draining; this page is dropped

    def _request(self, segment: int) -> dict[str, Any]:
        request: dict[str, Any] = {"TableName": self.table, "ConsistentRead": self.consistent}
        if self.segments > 1:
            request.update(Segment=segment, TotalSegments=self.segments)
        if self.page_limit:
            request["Limit"] = self.page_limit
        return request

    def _read_to_end(self, segment: int) -> bool:
        """Read pages until the segment's last one (True) or a stop (False)."""
        request = self._request(segment)
        last_key: dict[str, Any] | None = None
        while not self.cancel.is_set():
            req = dict(request)
            if last_key is not None:
                req["ExclusiveStartKey"] = last_key
            last_key = self._read_page(segment, req).get("LastEvaluatedKey")
            if not last_key:
                return True
            if self.fast_parse:
                last_key = restore_binary(last_key)
        return False

    def _read_page(self, segment: int, request: dict[str, Any]) -> dict[str, Any]:
        """One Scan page: its body to a worker process when there are any, the page to the queue."""
        response, receipt = self.reader.read_with_receipt("Scan", request, extra=self.extra)
        body = response.pop(_BODY, None)
        if self.pool is not None and body is not None:
            self.pool.send(segment, body)  # blocks while that worker is behind: bounded memory
            body = None
        self._put((response, receipt, body))
        return response
