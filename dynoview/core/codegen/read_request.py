"""The read a "Copy as code" export is made from: a GetItem, Query or Scan request as plain
data, checked against botocore's own API shapes.

It comes from a read log receipt (``ReadReceipt.request``, the request as it was sent), from
the Items view's query (``browse.build_request``) or, on the command line, from the request's
JSON as the API and the AWS CLI spell it (binary as base64, decoded by the API's shapes here).
What only concerned the logged call is left out: ``ReturnConsumedCapacity`` (the reader adds
it to every read) and ``ExclusiveStartKey`` (the code reads every page from the first; the
export says when the logged read had started later).
"""

from __future__ import annotations

import base64
import binascii
import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import botocore.session
from botocore.exceptions import ParamValidationError
from botocore.serialize import create_serializer

from dynoview.core.codegen.model import CodegenError

GET_ITEM = "GetItem"
QUERY = "Query"
SCAN = "Scan"
READ_OPERATIONS = (GET_ITEM, QUERY, SCAN)
#: Left out of the export: the reader's own addition, and where the logged page started.
CALL_ONLY = ("ReturnConsumedCapacity", "ExclusiveStartKey")

_lock = threading.Lock()
_state: dict[str, Any] = {}


@dataclass(frozen=True)
class ReadRequest:
    """One read to export: its operation and its parameters as plain data (binary as bytes)."""

    operation: str
    params: Mapping[str, Any]
    #: The logged read began after the first page (it had an ExclusiveStartKey).
    started_later: bool = False

    @property
    def pages(self) -> bool:
        """Query and Scan answer in pages; GetItem in one."""
        return self.operation != GET_ITEM

    @property
    def counts(self) -> bool:
        """Select COUNT: the answers hold counts, no items."""
        return self.params.get("Select") == "COUNT"

    def wire_json(self) -> dict[str, Any]:
        """The request as the API's JSON (binary as base64): what the AWS CLI reads."""
        body = _serialize(self.operation, self.params)
        parsed = json.loads(body)
        return parsed if isinstance(parsed, dict) else {}


def _model() -> tuple[Any, Any]:
    with _lock:
        if "model" not in _state:
            model = botocore.session.get_session().get_service_model("dynamodb")
            _state["model"] = model
            _state["serializer"] = create_serializer(model.metadata["protocol"], include_validation=True)
        return _state["model"], _state["serializer"]


def _serialize(operation: str, params: Mapping[str, Any]) -> bytes:
    model, serializer = _model()
    try:
        serialized = serializer.serialize_to_request(dict(params), model.operation_model(operation))
    except ParamValidationError as exc:
        why = " ".join(str(exc).split()).rstrip(".")
        raise CodegenError(f"The request does not match the {operation} API: {why}. Fix the field "
                           "and try again.") from None
    body = serialized["body"]
    return body if isinstance(body, bytes) else str(body).encode("utf-8")


def plain(value: Any, path: str = "request") -> Any:
    """The request as plain data: dict (str keys), list, str, bytes, bool, int, None. Subclasses
    become their base type, so no custom ``__repr__`` reaches generated code; sets (as a read
    log's JSON keeps them) become lists; anything else is refused with a sentence."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise CodegenError(f"The read cannot be exported: {path} has a key of type "
                                   f"{type(key).__name__}; keys must be text.")
            out[str.__str__(key)] = plain(item, f"{path}.{key}")
        return out
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(item, f"{path}[{i}]") for i, item in enumerate(value)]
    raise CodegenError(f"The read cannot be exported: {path} is a {type(value).__name__}; a "
                       "request holds only text, numbers as text, binary, booleans, lists and "
                       "maps.")


def read_request(operation: str, request: Mapping[str, Any]) -> ReadRequest:
    """The read to export from a request as the client takes it (binary as bytes). Raises
    ``CodegenError`` with a sentence for another operation or a request the API refuses."""
    if operation not in READ_OPERATIONS:
        raise CodegenError(f"Code is exported for GetItem, Query and Scan reads; this read is "
                           f"{operation}.")
    params = plain(request)
    started_later = params.get("ExclusiveStartKey") is not None
    for name in CALL_ONLY:
        params.pop(name, None)
    _serialize(operation, params)  # refused here, with botocore's words, before any code
    return ReadRequest(operation, params, started_later)


def request_from_receipt(receipt: Any) -> ReadRequest:
    """The read of a read log entry (a ``ReadReceipt``): its operation and logged request."""
    return read_request(receipt.operation, receipt.request)


def request_from_json(operation: str, text: str) -> ReadRequest:
    """The read from its request JSON as the API spells it (``{"TableName": ..., "Key":
    {"PK": {"S": ...}}}``, binary as base64, as a read log's JSON and the AWS CLI write it)."""
    if operation not in READ_OPERATIONS:
        raise CodegenError(f"Code is exported for GetItem, Query and Scan reads, not {operation}.")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CodegenError(f"The request is not JSON: {exc}. Write it as the API's JSON, e.g. "
                           '{"TableName": "accounts", "Key": {"PK": {"S": "ACCT#1"}, '
                           '"SK": {"S": "PROFILE"}}}.') from None
    if not isinstance(data, dict):
        raise CodegenError("The request must be a JSON object (the API's request, with "
                           "TableName).")
    model, _ = _model()
    return read_request(operation, _decode_blobs(data, model.operation_model(operation).input_shape))


def _decode_blobs(value: Any, shape: Any, path: str = "request") -> Any:
    """``value`` with every blob the API's shapes place in it decoded from base64."""
    if shape is None:
        return value
    kind = shape.type_name
    if kind == "blob" and isinstance(value, str):
        try:
            return base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise CodegenError(f"{path} is binary and must be base64 text; it is not.") from None
    if kind == "structure" and isinstance(value, dict):
        return {k: _decode_blobs(v, shape.members.get(k), f"{path}.{k}") for k, v in value.items()}
    if kind == "list" and isinstance(value, list):
        return [_decode_blobs(v, shape.member, f"{path}[{i}]") for i, v in enumerate(value)]
    if kind == "map" and isinstance(value, dict):
        return {k: _decode_blobs(v, shape.value, f"{path}.{k}") for k, v in value.items()}
    return value
