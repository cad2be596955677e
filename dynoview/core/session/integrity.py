"""Refuse read responses that arrived damaged, instead of showing what survived.

DynamoDB signs every response body with a CRC32 (``x-amz-crc32``). botocore retries
a read whose body does not match it, but when the last attempt is damaged too it
returns whatever it could parse, usually an empty dict and no error: a Scan page
without ``Items`` looks like the end of the table, a GetItem looks like "no such
item". For an app that answers "does an account hold this email?", that is a
wrong answer, so read responses are checked after botocore is done: a body
shorter than its Content-Length or failing its CRC32 raises
``DamagedResponseError``.

Writes are checked where the answer says what was written: BatchWriteItem's
``UnprocessedItems``. A damaged one parsed as ``{}`` read as "every item written"; it now
raises, so the batch is reported as perhaps written (its outcome unknown), as for a lost
answer. Other writes are not: their HTTP status already says whether DynamoDB applied them,
and the transaction path settles lost answers with reads of its own.
"""

from __future__ import annotations

from binascii import crc32
from typing import Any
from urllib.parse import urlsplit

import orjson

from dynoview.core.errors import DynoViewError
from dynoview.core.session.operations import is_read_operation

_HOOK_ATTR = "_dynoview_integrity_check"


class DamagedResponseError(DynoViewError):
    """A read's response body did not arrive whole; nothing from it was used. ``retried``: the
    client already asked again (a cut body); else the reader asks again before refusing."""

    def __init__(self, message: str, *, retried: bool = False) -> None:
        super().__init__(message)
        self.retried = retried


def response_damage(http_response: Any, operation: str = "") -> str | None:
    """Why this HTTP response body is damaged (short, failing its CRC32, without the CRC32 that
    DynamoDB itself always sends, or not a whole answer), or None."""
    headers = getattr(http_response, "headers", None) or {}
    body = getattr(http_response, "content", b"") or b""
    length = headers.get("content-length")
    if length is not None and str(length).isdigit() and int(length) != len(body):
        return f"{len(body)} of {int(length)} bytes arrived"
    checksum = headers.get("x-amz-crc32")
    if checksum is not None and str(checksum).isdigit() and crc32(body) & 0xFFFFFFFF != int(checksum):
        return "its CRC32 checksum does not match"
    if checksum is None and _from_aws(http_response):
        return "it carries no CRC32 checksum, which DynamoDB always sends"
    if checksum is not None:
        return None
    # Without a checksum, a cut or replaced body must at least be one whole JSON object (parsed
    # here: milliseconds a page, and only where no checksum vouches for it), and a page must
    # hold its Items: a page without them would read as "no more items".
    try:
        answer = orjson.loads(body)
    except orjson.JSONDecodeError:
        return "it is not a whole JSON answer"
    if not isinstance(answer, dict):
        return "it is not a whole JSON answer"
    if operation in _PAGED and "Items" not in answer:
        return "the page has no Items"
    return None


_PAGED = frozenset({"Query", "Scan"})
#: Writes whose answer says which items were written (those it leaves unprocessed were not).
_TELLING_WRITES = frozenset({"BatchWriteItem"})


def _from_aws(http_response: Any) -> bool:
    """Whether the answer came from AWS itself (which always signs its bodies), not a local or
    compatible endpoint that may not."""
    host = urlsplit(str(getattr(http_response, "url", "") or "")).hostname or ""
    return host.endswith((".amazonaws.com", ".amazonaws.com.cn"))


def check_read_response(http_response: Any = None, model: Any = None,
                        context: Any = None, **_: Any) -> None:
    """botocore ``after-call`` hook: raise if a successful read's body, or a batch write's,
    arrived damaged."""
    name = getattr(model, "name", "")
    if http_response is None or not (is_read_operation(name) or name in _TELLING_WRITES):
        return
    if getattr(http_response, "status_code", 500) >= 300:
        return  # an error answer; botocore reports it as one
    damage = response_damage(http_response, name)
    if damage is not None:
        attempts = ((context or {}).get("retries") or {}).get("attempt", 1)
        if name in _TELLING_WRITES:
            raise DamagedResponseError(
                f"The answer to {name} arrived damaged ({damage}), so which of its items DynamoDB "
                "wrote is unknown: it may have written some or all of them. Something between you "
                "and DynamoDB (a proxy, VPN or flaky network) is cutting responses.",
                retried=int(attempts or 1) > 1)
        raise DamagedResponseError(
            f"The answer to {name} arrived damaged ({damage}) on every attempt, so it was "
            "discarded: nothing from it is shown. Something between you and DynamoDB (a "
            "proxy, VPN or flaky network) is cutting responses; retry, and check the "
            "network if it keeps happening.", retried=int(attempts or 1) > 1)


def install_integrity_check(client: Any) -> None:
    """Register ``check_read_response`` on a DynamoDB client (once)."""
    if getattr(client, _HOOK_ATTR, False):
        return
    client.meta.events.register("after-call.dynamodb", check_read_response)
    setattr(client, _HOOK_ATTR, True)
