"""The DynamoDB Streams client as the reader uses it: GetRecords parsed fast, damaged answers
refused, and every call logged as a read receipt (eventual, not billed in read capacity units)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from dynoview.core.reads.receipts import EVENTUAL, ReadLog, ReadReceipt, now_utc, snapshot_request
from dynoview.core.session.integrity import check_read_response


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
    customized_response_dict.update(parsed)
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
