"""The DynamoDB Streams client as the reader uses it: GetRecords parsed fast, damaged answers
refused, and every call logged as a read receipt (eventual, not billed in read capacity units)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import orjson
from botocore.exceptions import ClientError, HTTPClientError, ReadTimeoutError
from botocore.exceptions import ConnectionError as BotoConnectionError

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.receipts import EVENTUAL, ReadLog, ReadReceipt, now_utc, snapshot_request
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import check_read_response

#: GetShardIterator and GetRecords answer at once by design (GetRecords does not wait for
#: records to arrive): a call without an answer for this long is a stalled endpoint, said within
#: seconds, and time limits (``watch --duration``, ``stream --max-seconds``) hold. The app's
#: 30 s x 4 attempts kept a stalled poll silent for two minutes.
READ_TIMEOUT_S = 4.0
#: Sends per call: a dropped connection or a 5xx is sent once more by botocore, and the call
#: once more by ``resent`` (four sends in all, as the app's other calls get; a stall two).
READ_ATTEMPTS = 2


class NoAnswerError(DynoViewError):
    """A stream call the endpoint took and never answered (``READ_TIMEOUT_S`` per send)."""

    def __init__(self, operation: str, seconds: float) -> None:
        super().__init__(
            f"No answer from {operation} for {seconds:.0f} s: the endpoint took the call and did "
            f"not answer ({READ_ATTEMPTS} tries of {READ_TIMEOUT_S:g} s each; {operation} answers "
            "at once when the endpoint works). Check that the endpoint is up and reachable, then "
            "read again.")
        self.operation = operation
        self.seconds = seconds


def reading_client(conn: Any) -> Any:
    """The Streams client for GetShardIterator and GetRecords, with the short timeouts above;
    DescribeStream keeps the connection's client and its timeouts."""
    if isinstance(conn, Connection):
        return conn.streams_client_with(read_timeout=READ_TIMEOUT_S, attempts=READ_ATTEMPTS)
    return conn.streams_client()  # a stand-in connection (unit tests)


def resent(call: Callable[..., Any], request: Mapping[str, Any]) -> Any:
    """``call(**request)``, sent again once after a quick failure that may pass (a dropped
    connection, a 5xx): the short ``READ_ATTEMPTS`` are for stalls, which are not sent again."""
    started = time.monotonic()
    try:
        return call(**request)
    except (BotoConnectionError, HTTPClientError, ClientError) as exc:
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") \
            if isinstance(exc, ClientError) else 500
        if isinstance(exc, ReadTimeoutError) or not (isinstance(status, int) and status >= 500) \
                or time.monotonic() - started > READ_TIMEOUT_S:
            raise
    return call(**request)


@contextmanager
def answered(operation: str) -> Iterator[None]:
    """A read timeout on ``operation`` raised as a NoAnswerError that says how long it waited."""
    started = time.monotonic()
    try:
        yield
    except ReadTimeoutError as exc:
        raise NoAnswerError(operation, time.monotonic() - started) from exc


def record_stream_receipt(
    log: ReadLog | None,
    *,
    table: str | None,
    request: Mapping[str, Any],
    count: int | None,
    duration_ms: float,
    error: str | None = None,
    shard_id: str | None = None,
    stream_arn: str | None = None,
) -> ReadReceipt:
    """Log a GetRecords call as a read receipt: eventual, no read capacity reported."""
    receipt = ReadReceipt(
        time=now_utc(),
        operation="GetRecords",
        table=table,
        index=None,
        consistency=EVENTUAL,  # stream reads have no strongly consistent option
        consumed_capacity=None,  # billed as stream read requests, not read capacity units
        count=count,
        scanned_count=None,
        duration_ms=duration_ms,
        request=snapshot_request(request),
        error=error,
        extra={"stream_arn": stream_arn, "shard_id": shard_id},
    )
    if log is not None:
        log.record(receipt)
    return receipt


# --------------------------------------------------------------------------- reading

_FAST_PARSE_ATTR = "_dynoview_fast_get_records"
#: Set in a parsed GetRecords answer that is no answer (``page.page_events`` refuses it).
DAMAGE_KEY = "DynoViewDamage"


def _orjson_get_records(response_dict: dict[str, Any], customized_response_dict: dict[str, Any],
                        **_: Any) -> None:
    """before-parse hook: parse a successful GetRecords body with orjson.

    botocore's parser walks every attribute of every record in Python, which at hundreds
    of records a second holds the GIL long enough to stall the UI thread. ``parse_record``
    already reads the wire form (epoch-second timestamps, base64 binary).
    """
    if response_dict.get("status_code") != 200 or not response_dict.get("body"):
        _keep_throttling_reasons(response_dict, customized_response_dict)
        return  # errors keep botocore's parsing, so error codes and retries behave as usual
    try:
        parsed = orjson.loads(response_dict["body"])
    except orjson.JSONDecodeError:
        return  # damaged: botocore's own handling and the integrity check deal with it
    if isinstance(parsed, dict):
        customized_response_dict.update(parsed)
    else:
        # JSON, but not an object (``[1]``, ``null``): botocore's parser would fail on it with
        # a TypeError; the reader refuses the answer as damaged instead.
        customized_response_dict[DAMAGE_KEY] = "it is not a JSON object"
    response_dict["body"] = b"{}"


def _keep_throttling_reasons(response_dict: dict[str, Any], customized: dict[str, Any]) -> None:
    """A throttling answer's ThrottlingReasons (reason, resource) kept in the parsed error: the
    Streams model does not declare them, so botocore's parser would drop them."""
    body = response_dict.get("body")
    if not body or b"hrottlingReasons" not in body:
        return
    try:
        parsed = orjson.loads(body)
    except orjson.JSONDecodeError:
        return
    reasons = parsed.get("ThrottlingReasons") or parsed.get("throttlingReasons") \
        if isinstance(parsed, dict) else None
    if isinstance(reasons, list):
        customized["ThrottlingReasons"] = reasons


def prepare_streams_client(client: Any) -> Any:
    """Once per client: the orjson GetRecords parser, and the check that refuses damaged
    responses (a cut GetRecords body without NextShardIterator would read as a closed shard)."""
    meta = getattr(client, "meta", None)
    if meta is not None and not getattr(client, _FAST_PARSE_ATTR, False):  # not a test double
        service = meta.service_model.service_id.hyphenize()
        meta.events.register(f"before-parse.{service}.GetRecords", _orjson_get_records)
        meta.events.register(f"after-call.{service}", check_read_response)
        setattr(client, _FAST_PARSE_ATTR, True)
    return client
