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

from dynoview.core.errors import (
    THROTTLING_CODES,
    CancelledError,
    DynoViewError,
    aws_error_code,
    describe_error,
)
from dynoview.core.imports.model import Item
from dynoview.core.session.connection import Connection, client_config

# The transaction's own observer of botocore's tries: it notes a try whose answer was lost, cut or
# damaged (the write may have been applied) in this thread's record, and never decides a retry.
from dynoview.core.tx import attempts
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


class LeftUnprocessed(DynoViewError):
    """DynamoDB kept items of a request unprocessed for ``tries`` tries: the items it processed
    are written, the ``unprocessed`` ones are not (``run`` says it as a stop at its batch)."""

    def __init__(self, sent: int, unprocessed: int, tries: int) -> None:
        super().__init__(f"DynamoDB left {unprocessed} item(s) of a batch unprocessed after {tries} tries "
                         "(the table's write capacity is exhausted): lower --rate and resume.",
                         field="import")
        self.sent, self.unprocessed, self.tries = sent, unprocessed, tries


class AnswerLost(DynoViewError):
    """A try of the request got no usable answer (it may have been applied), and botocore's
    retry of it was refused: that refusal cannot tell whether the lost try wrote the batch."""

    def __init__(self, cause: str, exc: BaseException, table: str) -> None:
        said = describe_error(exc, operation="BatchWriteItem", table=table).message
        super().__init__(f"A try of this BatchWriteItem got no usable answer ({cause}), so it may "
                         f"have been applied; the SDK sent it again, and DynamoDB answered "
                         f"{aws_error_code(exc)}, which cannot tell whether that try wrote it. {said}",
                         field="import")


def writer_client(conn: Connection) -> Any:
    """A client of ``conn`` for the import's BatchWriteItem requests, without botocore's own
    check of every value against the API's shapes: half the client's time for a request of 25
    items, and redundant here: each item was checked (``checks``: types, keys, names, size) as it
    was read, and DynamoDB refuses a malformed request whole (nothing of it written). The session's
    read-only guard and the answers' integrity check apply as on every client; botocore's tries
    are observed as a transaction's are (a try whose answer was lost)."""
    from botocore.config import Config

    return _observed(conn.new_client(config=client_config().merge(Config(parameter_validation=False))))


def _observed(client: Any) -> Any:
    """``client`` with the attempt observer on its BatchWriteItem requests (once)."""
    client.meta.events.register_first("needs-retry.dynamodb.BatchWriteItem", attempts.on_needs_retry,
                                      unique_id="dynoview-batch-write-attempts")
    return client


def refused_whole(exc: BaseException) -> bool:
    """DynamoDB answered the try with a refusal (validation, access, expired credentials, no such
    table): nothing of that try was written. Not a throttle, a server error or a lost answer: the
    SDK retries those, and a try whose answer was lost may have written the batch, which is why
    ``write_items`` judges a request by all its tries (``AnswerLost``), not by this alone."""
    code = aws_error_code(exc)
    meta = (getattr(exc, "response", None) or {}).get("ResponseMetadata") or {}
    status = meta.get("HTTPStatusCode")
    return (code is not None and code not in THROTTLING_CODES and isinstance(status, int)
            and 400 <= status < 500)


def write_items(conn: Connection, table: str, items: Sequence[Item], *, log: ActionLog | None,
                context: Mapping[str, Any], cancel: threading.Event | None = None,
                sleep: Callable[[float], None] = time.sleep, client: Any = None) -> int:
    """Write ``items`` (at most 25) and return the requests it took; raises ``LeftUnprocessed``
    when DynamoDB keeps items unprocessed for ``MAX_ROUNDS`` rounds. ``client``: the
    connection's by default (``writer_client`` for an import)."""
    if len(items) > MAX_REQUEST_ITEMS:
        raise ValueError("at most 25 items a BatchWriteItem")
    pending: dict[str, Any] = {table: [{"PutRequest": {"Item": dict(i)}} for i in items]}
    record = connection_record(conn.spec, conn.region)
    client = _observed(client or conn.client)
    for round_ in range(MAX_ROUNDS):
        if round_:
            if cancel is not None and cancel.is_set():
                raise CancelledUnprocessed(len(items), sum(len(v) for v in pending.values()))
            sleep(min(0.05 * 2 ** round_, 5.0))
        request = {"RequestItems": pending}
        # botocore's tries of this request, as the transaction's observer notes them.
        tries: dict[str, Any] = {"count": 0, "ambiguous": False}
        outer, attempts.local.record = getattr(attempts.local, "record", None), tries
        try:
            response = client.batch_write_item(**request)
        except Exception as exc:
            # A refusal is the last try's answer only: after a try whose answer was lost (it may
            # have written the batch) the request's outcome is unknown, never "failed".
            lost = tries["ambiguous"]
            if log is not None:  # a lost answer is logged too: the request may have been applied
                log.append(connection=record, token=f"batch-{uuid.uuid4().hex[:20]}",
                           request={"operation": "BatchWriteItem", **_logged(request)},
                           outcome={"status": "failed" if refused_whole(exc) and not lost else "unknown",
                                    "error": type(exc).__name__, "context": dict(context),
                                    **({"lost": tries["cause"]} if lost else {})})
            if lost and refused_whole(exc):
                raise AnswerLost(tries["cause"], exc, table) from exc
            raise
        finally:
            attempts.local.record = outer
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
    raise LeftUnprocessed(len(items), sum(len(v) for v in pending.values()), MAX_ROUNDS)
