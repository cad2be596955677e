"""The fast path: BatchWriteItem, 25 items a request, UnprocessedItems sent again with a
growing pause until none is left. Not atomic (each item is written on its own), so it is
offered only on tables without lock rules. Each request is one whole entry in the action log
after its answer (the Puts are idempotent: a resume writes a batch again rather than settle it)."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dynoview.core.errors import THROTTLING_CODES, CancelledError, DynoViewError, aws_error_code
from dynoview.core.imports.model import Item
from dynoview.core.session.connection import Connection, client_config
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.values.dynamodb_json import to_dynamodb_json

MAX_REQUEST_ITEMS = 25
MAX_ROUNDS = 12


_JSON_READY = frozenset({"S", "N", "BOOL", "NULL"})  # their DynamoDB JSON is the value itself


def _json_value(av: Mapping[str, Any]) -> Any:
    return av if len(av) == 1 and next(iter(av)) in _JSON_READY else to_dynamodb_json(av)


def _logged(request: Mapping[str, Any]) -> dict[str, Any]:
    """The request as JSON (binary as base64), as the action log keeps requests."""
    return {"RequestItems": {table: [{"PutRequest": {"Item": {k: _json_value(v) for k, v in
                                                              w["PutRequest"]["Item"].items()}}}
                                     for w in writes]
                             for table, writes in request["RequestItems"].items()}}


class CancelledUnprocessed(CancelledError):
    """Cancelled between the tries of a request DynamoDB answered with items unprocessed: the
    items it processed are written, the ``unprocessed`` ones are not (``run`` says which batch)."""

    def __init__(self, sent: int, unprocessed: int) -> None:
        super().__init__(f"The import was cancelled while DynamoDB had {unprocessed:,} of {sent:,} "
                         "item(s) of a batch unprocessed (not written); the others were written.")
        self.sent, self.unprocessed = sent, unprocessed


def writer_client(conn: Connection) -> Any:
    """A client of ``conn`` for the import's BatchWriteItem requests, without botocore's own
    check of every value against the API's shapes: half the client's time for a request of 25
    items, and redundant here: each item was checked (``checks``: types, keys, size) as it was
    read, and DynamoDB refuses a malformed request whole (nothing of it written). The session's
    read-only guard and the answers' integrity check apply as on every client."""
    from botocore.config import Config

    return conn.new_client(config=client_config().merge(Config(parameter_validation=False)))


def refused_whole(exc: BaseException) -> bool:
    """DynamoDB answered the request with a refusal that every try of it got alike (validation,
    access, no such table): nothing of it was written. Not a throttle, a server error or a lost
    answer: the SDK retries those, and a try whose answer was lost may have written the batch."""
    code = aws_error_code(exc)
    meta = (getattr(exc, "response", None) or {}).get("ResponseMetadata") or {}
    status = meta.get("HTTPStatusCode")
    return (code is not None and code not in THROTTLING_CODES and isinstance(status, int)
            and 400 <= status < 500)


def write_items(conn: Connection, table: str, items: Sequence[Item], *, log: ActionLog | None,
                context: Mapping[str, Any], cancel: threading.Event | None = None,
                sleep: Callable[[float], None] = time.sleep, client: Any = None) -> int:
    """Write ``items`` (at most 25) and return the requests it took; raises when DynamoDB keeps
    items unprocessed for ``MAX_ROUNDS`` rounds. ``client``: the connection's by default
    (``writer_client`` for an import)."""
    if len(items) > MAX_REQUEST_ITEMS:
        raise ValueError("at most 25 items a BatchWriteItem")
    pending: dict[str, Any] = {table: [{"PutRequest": {"Item": dict(i)}} for i in items]}
    record = connection_record(conn.spec, conn.region)
    for round_ in range(MAX_ROUNDS):
        if round_:
            if cancel is not None and cancel.is_set():
                raise CancelledUnprocessed(len(items), sum(len(v) for v in pending.values()))
            sleep(min(0.05 * 2 ** round_, 5.0))
        request = {"RequestItems": pending}
        try:
            response = (client or conn.client).batch_write_item(**request)
        except Exception as exc:
            if log is not None:  # a lost answer is logged too: the request may have been applied
                log.append(connection=record, token=f"batch-{uuid.uuid4().hex[:20]}",
                           request={"operation": "BatchWriteItem", **_logged(request)},
                           outcome={"status": "failed" if refused_whole(exc) else "unknown",
                                    "error": type(exc).__name__, "context": dict(context)})
            raise
        unprocessed = response.get("UnprocessedItems") or {}
        if log is not None:
            log.append(connection=record, token=f"batch-{uuid.uuid4().hex[:20]}",
                       request={"operation": "BatchWriteItem", **_logged(request)},
                       outcome={"status": "succeeded" if not unprocessed else "partial",
                                "unprocessed": sum(len(v) for v in unprocessed.values()),
                                "context": dict(context)})
        if not unprocessed:
            return round_ + 1
        pending = unprocessed
    left = sum(len(v) for v in pending.values())
    raise DynoViewError(f"DynamoDB left {left} item(s) of a batch unprocessed after {MAX_ROUNDS} tries "
                        f"(the table's write capacity is exhausted): lower --rate and resume.",
                        field="import")
