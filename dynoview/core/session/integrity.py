"""Refuse read responses that arrived damaged, instead of showing what survived.

DynamoDB signs every response body with a CRC32 (``x-amz-crc32``). botocore retries
a read whose body does not match it, but when the last attempt is damaged too it
returns whatever it could parse, usually an empty dict and no error: a Scan page
without ``Items`` looks like the end of the table, a GetItem looks like "no such
item". For an app that answers "does an account hold this email?", that is a
wrong answer, so read responses are checked after botocore is done: a body
shorter than its Content-Length or failing its CRC32 raises
``DamagedResponseError``.

Writes are not checked: their HTTP status already says whether DynamoDB applied
them, and the transaction path settles lost answers with reads of its own.
"""

from __future__ import annotations

from binascii import crc32
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.session.operations import is_read_operation

_HOOK_ATTR = "_dynoview_integrity_check"


class DamagedResponseError(DynoViewError):
    """A read's response body did not arrive whole; nothing from it was used."""


def response_damage(http_response: Any) -> str | None:
    """Why this HTTP response body is damaged (short or failing its CRC32), or None."""
    headers = getattr(http_response, "headers", None) or {}
    body = getattr(http_response, "content", b"") or b""
    length = headers.get("content-length")
    if length is not None and str(length).isdigit() and int(length) != len(body):
        return f"{len(body)} of {int(length)} bytes arrived"
    checksum = headers.get("x-amz-crc32")
    if checksum is not None and str(checksum).isdigit() and crc32(body) & 0xFFFFFFFF != int(checksum):
        return "its CRC32 checksum does not match"
    return None


def check_read_response(http_response: Any = None, model: Any = None, **_: Any) -> None:
    """botocore ``after-call`` hook: raise if a successful read's body arrived damaged."""
    name = getattr(model, "name", "")
    if http_response is None or not is_read_operation(name):
        return
    if getattr(http_response, "status_code", 500) >= 300:
        return  # an error answer; botocore reports it as one
    damage = response_damage(http_response)
    if damage is not None:
        raise DamagedResponseError(
            f"The answer to {name} arrived damaged ({damage}) on every attempt, so it was "
            "discarded: nothing from it is shown. Something between you and DynamoDB (a "
            "proxy, VPN or flaky network) is cutting responses; retry, and check the "
            "network if it keeps happening.")


def install_integrity_check(client: Any) -> None:
    """Register ``check_read_response`` on a DynamoDB client (once)."""
    if getattr(client, _HOOK_ATTR, False):
        return
    client.meta.events.register("after-call.dynamodb", check_read_response)
    setattr(client, _HOOK_ATTR, True)
