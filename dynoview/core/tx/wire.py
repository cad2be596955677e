"""The exact bytes of a TransactWriteItems request, and sending exactly those bytes.

The preview users see is made by botocore's own JSON serializer for DynamoDB
(``json.dumps`` with default separators, ASCII-escaped, binary as base64), so it
is the body the client would build. ``send_exact`` then refuses to send unless
the body botocore built for the call is byte-for-byte that preview: a
``before-call`` hook compares them after the request is serialized and before
it is signed and sent.

Serialising a request of 100 items (botocore validates every value in pure Python) costs more
than most of the send, and validation, the preview and the send ask for the same request in a
row, on one thread or two (the import judges a batch on one and sends it on another): the last
few serialisations are kept (``_serialized``, matched by the request's pickle, which tells types
and key order apart), and the client's serializer answers ``send_exact`` with its own
(``_ReuseSerializer``), so a transaction is serialised once.
"""

from __future__ import annotations

import copy
import json
import pickle
import threading
from collections.abc import Mapping
from typing import Any

import botocore.session
from botocore.exceptions import ParamValidationError
from botocore.serialize import create_serializer

from dynoview.core.errors import DynoViewError
from dynoview.core.session.connection import Connection

OPERATION = "TransactWriteItems"

_lock = threading.Lock()
_state: dict[str, Any] = {}
_expected = threading.local()
_recent: dict[bytes, dict[str, Any]] = {}  # fingerprint -> serialisation, the last few
_RECENT_MAX = 4
_GUARD_ATTR = "_dynoview_body_guard"


class WireMismatchError(DynoViewError):
    """The body botocore built differs from the preview; nothing was sent."""


class RequestShapeError(DynoViewError):
    """botocore's own parameter validation refused the request (nothing was sent)."""


def _operation_and_serializer() -> tuple[Any, Any]:
    with _lock:
        if "op" not in _state:
            model = botocore.session.get_session().get_service_model("dynamodb")
            _state["op"] = model.operation_model(OPERATION)
            _state["serializer"] = create_serializer(model.metadata["protocol"], include_validation=True)
        return _state["op"], _state["serializer"]


def request_body(request: Mapping[str, Any]) -> bytes:
    """The HTTP body the DynamoDB client sends for this TransactWriteItems request.

    Raises ``RequestShapeError`` with botocore's explanation when the request does
    not match the API's shapes (unknown field, wrong type).
    """
    body = _serialized(request)[1]["body"]
    return body if isinstance(body, bytes) else str(body).encode("utf-8")


def _fingerprint(request: Mapping[str, Any]) -> bytes | None:
    """Equal only for requests botocore serialises alike (same values, types and order)."""
    try:
        return pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None


def _serialized(request: Mapping[str, Any]) -> tuple[bytes | None, dict[str, Any]]:
    """botocore's serialisation of ``request`` and its fingerprint (see the module doc)."""
    key = _fingerprint(request)
    with _lock:
        known = _recent.get(key) if key is not None else None
    if known is not None:
        return key, known
    op, serializer = _operation_and_serializer()
    try:
        serialized = serializer.serialize_to_request(dict(request), op)
    except ParamValidationError as exc:
        raise RequestShapeError(
            "The request does not match the TransactWriteItems API: "
            + " ".join(str(exc).split()) + " Fix the field and try again.") from None
    if key is not None:
        with _lock:
            _recent[key] = serialized
            while len(_recent) > _RECENT_MAX:
                del _recent[next(iter(_recent))]  # the oldest
    return key, serialized


def preview_text(request: Mapping[str, Any]) -> str:
    """The exact request body as text (ASCII, one line): what the preview pane shows."""
    return request_body(request).decode("utf-8")


def formatted(body: bytes | str) -> str:
    """The same JSON indented for reading. Not the wire bytes: label it as such."""
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    return json.dumps(json.loads(text), indent=2, ensure_ascii=False)


def body_json(body: bytes | str) -> dict[str, Any]:
    """The wire body parsed back: DynamoDB JSON with binary as base64 strings."""
    parsed = json.loads(body)
    return parsed if isinstance(parsed, dict) else {}


def _check_body(model: Any, params: Mapping[str, Any], **_: Any) -> None:
    """before-call hook: the serialized body must equal the preview this thread promised."""
    expected = getattr(_expected, "body", None)
    if expected is None or getattr(model, "name", None) != OPERATION:
        return
    body = params.get("body")
    if isinstance(body, str):
        body = body.encode("utf-8")
    if body != expected:
        raise WireMismatchError(
            "The request botocore built differs from the preview, so it was not sent. "
            "Report this as a bug in DynoView, with the preview attached.")


class _ReuseSerializer:
    """The client's serializer, answering the TransactWriteItems ``send_exact`` serialised on
    this thread with that serialisation (a copy: botocore adds the URL and headers to it)."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def serialize_to_request(self, parameters: Any, operation_model: Any) -> Any:
        sent = getattr(_expected, "serialized", None)
        if (sent is not None and sent[0] is not None and getattr(operation_model, "name", None) == OPERATION
                and _fingerprint(parameters) == sent[0]):
            return copy.deepcopy(sent[1])
        return self._inner.serialize_to_request(parameters, operation_model)


def install_guard(conn: Connection) -> None:
    """Register the body check on this connection's client (once), and the serializer that
    reuses this thread's serialisation."""
    client = conn.client
    if getattr(client, _GUARD_ATTR, False):
        return
    client.meta.events.register("before-call.dynamodb.TransactWriteItems", _check_body)
    inner = getattr(client, "_serializer", None)
    if inner is not None and hasattr(inner, "serialize_to_request"):
        client._serializer = _ReuseSerializer(inner)  # botocore's one serialisation hook
    setattr(client, _GUARD_ATTR, True)


def send_exact(conn: Connection, request: Mapping[str, Any],
               body: bytes | None = None) -> dict[str, Any]:
    """Send TransactWriteItems whose body must be exactly ``body`` (the preview).

    Botocore's own retries resend the same body, hence the same token. Errors
    (ClientError, connection errors, ReadOnlyError) propagate unchanged.
    """
    install_guard(conn)
    key, serialized = _serialized(request)
    built = serialized["body"] if isinstance(serialized["body"], bytes) else str(serialized["body"]).encode()
    _expected.body = body if body is not None else built
    _expected.serialized = (key, serialized) if built == _expected.body else None
    try:
        return conn.client.transact_write_items(**request)
    finally:
        _expected.body = None
        _expected.serialized = None
