"""botocore's tries of a write, as this thread's record notes them: how many, whether an answer
was lost, cut or damaged (the write may have been applied), and the tokens each sent.

The observers never decide a retry; they note what botocore did, so a transaction (and a
BatchWriteItem of an import) whose last try was refused after a lost answer is reported as maybe
applied, not as failed. A resend past the token's 10 minutes is stopped before it leaves.
"""

from __future__ import annotations

import threading
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import response_damage
from dynoview.core.tx.idempotency import TOKEN_RESEND_WARNING
from dynoview.core.tx.wire import body_json

#: This thread's record of the request being sent (None: no request watched).
local = threading.local()


def on_needs_retry(response: Any = None, caught_exception: BaseException | None = None,
                   attempts: int = 0, **_: Any) -> None:
    """Observe botocore's attempts on this thread (never decides on retries itself)."""
    record = getattr(local, "record", None)
    if record is None or isinstance(caught_exception, TokenWindowClosed):
        return  # (an attempt stopped before it left: neither an attempt nor a cause)
    record["count"] = max(record["count"], attempts)
    status = None
    if response is not None:
        try:
            status = response[0].status_code
        except (AttributeError, IndexError, TypeError):
            status = None
    # A 200 whose body fails its CRC32 is retried by botocore although the write was
    # applied: that answer was lost too, so a later cancellation must be settled by reads.
    damaged = status is not None and status < 300 and response_damage(response[0]) is not None
    # The last attempt's answer decides: a 2xx that is not DynamoDB's answer (an empty or plain
    # text body from something in between) says nothing of the write (execution resends, then reads).
    record["last_damaged"] = damaged
    if caught_exception is not None or (status is not None and status >= 500) or damaged:
        record["ambiguous"] = True
        record["cause"] = (type(caught_exception).__name__ if caught_exception is not None
                           else "a damaged answer" if damaged else f"HTTP {status}")


def on_before_send(request: Any = None, **_: Any) -> None:
    record = getattr(local, "record", None)
    if record is None or request is None:
        return
    window = record.get("window")
    if record["tokens"] and window is not None:  # a resend, botocore's own ones included
        clock, began = window
        if clock() - began > TOKEN_RESEND_WARNING:
            # DynamoDB honours a token 10 minutes from its first send: later, this resend would
            # be a new request (an unguarded write applied twice). Not sent; the reads decide.
            raise TokenWindowClosed(
                f"It was not resent again: {(clock() - began) / 60:.0f} minutes have passed since "
                "the token was first sent, and DynamoDB honours a token for 10 minutes, so a "
                "resend would be a new request.")
    try:
        record["tokens"].append(body_json(request.body).get("ClientRequestToken", ""))
    except (ValueError, TypeError):
        record["tokens"].append("")


class TokenWindowClosed(DynoViewError):
    """A resend stopped before it left: its token's 10 minutes (from the first send) are over."""


def install_observers(conn: Connection) -> None:
    client = conn.client
    if getattr(client, "_dynoview_attempt_observer", False):
        return
    client.meta.events.register_first("needs-retry.dynamodb.TransactWriteItems", on_needs_retry)
    client.meta.events.register("before-send.dynamodb.TransactWriteItems", on_before_send)
    client._dynoview_attempt_observer = True  # type: ignore[attr-defined]
