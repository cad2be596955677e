"""What ``local_tables`` creates: a ``TablePlan`` (the CreateTable request, the TTL attribute to
turn on after it, and what of the source was left out), from the article's layout or from a
DescribeTable JSON; the name and TTL attribute checked, and the request checked with
botocore's own validation, before anything is sent.

A DescribeTable answer becomes a CreateTable request by keeping what CreateTable takes and
dropping the rest (status, sizes, ARNs, dates, counts; encryption, replicas and deletion
protection, which concern the table's home account, are dropped with a note).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import botocore.session
from botocore.exceptions import ParamValidationError
from botocore.serialize import create_serializer

from dynoview.core.errors import InputError
from dynoview.core.session.user_files import UserFileError, loads_user_json

ARTICLE = "article"
LAYOUTS = (ARTICLE,)
EMAIL_INDEX = "email-index"
TTL_ATTRIBUTE = "expiresAt"
#: DescribeTable fields that concern the table's home account, not a local copy.
_DROPPED_NOTES = {
    "SSEDescription": "encryption settings",
    "Replicas": "replicas",
    "DeletionProtectionEnabled": "deletion protection",
    "OnDemandThroughput": "on-demand throughput limits",
    "WarmThroughput": "warm throughput",
}

_lock = threading.Lock()
_state: dict[str, Any] = {}


class TableRequestError(InputError):
    """A DescribeTable JSON that cannot become a CreateTable request, or a name mistyped."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class NameMissing(TableRequestError):
    """No name for the table: none given and, when ``described``, none in the description."""

    def __init__(self, described: bool) -> None:
        super().__init__("The description has no TableName: type a name for the table." if described
                         else "Type a name for the table.", field="name")
        self.described = described


@dataclass(frozen=True)
class TablePlan:
    """What will be created: the CreateTable request, the TTL attribute to turn on after it,
    and what of the source was left out (sentences)."""

    request: Mapping[str, Any]
    ttl_attribute: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def name(self) -> str:
        return str(self.request["TableName"])

    def summary(self) -> str:
        """One line: keys, indexes, TTL and stream."""
        keys = ", ".join(k["AttributeName"] for k in self.request["KeySchema"])
        indexes = [i["IndexName"] for kind in ("GlobalSecondaryIndexes", "LocalSecondaryIndexes")
                   for i in self.request.get(kind, [])]
        stream = self.request.get("StreamSpecification") or {}
        parts = [f"keys {keys}",
                 f"indexes {', '.join(indexes)}" if indexes else "no index",
                 f"TTL on {self.ttl_attribute}" if self.ttl_attribute else "no TTL",
                 f"stream {stream['StreamViewType']}" if stream.get("StreamEnabled") else "no stream"]
        return f"{self.name}: " + "; ".join(parts)


def article_plan(name: str) -> TablePlan:
    """The article's layout under ``name``: PK/SK, the email GSI, TTL and a stream."""
    return TablePlan({
        "TableName": _check_name(_name(name)),
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"},
                                 {"AttributeName": "email", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": EMAIL_INDEX,
                                    "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
                                    "Projection": {"ProjectionType": "ALL"}}],
        "BillingMode": "PAY_PER_REQUEST",
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    }, TTL_ATTRIBUTE)


#: DynamoDB's table names: 3 to 255 of these characters (CreateTable refuses any other).
_TABLE_NAME = re.compile(r"[A-Za-z0-9_.-]{3,255}")


def _name(name: str, described: bool = False) -> str:
    name = name.strip()
    if not name:
        raise NameMissing(described)
    return name


def _check_name(name: str) -> str:
    """``name`` if CreateTable takes it (checked after the request's shape, which says more)."""
    if not _TABLE_NAME.fullmatch(name):
        shown = json.dumps(name if len(name) <= 60 else name[:60] + "…", ensure_ascii=True)
        raise TableRequestError(
            f"{shown} cannot be a table name: DynamoDB takes 3 to 255 letters, digits, '_', '-' or "
            f"'.' (this one has {len(name)} characters). Change the name.", field="name")
    return name


def _throughput(value: Any) -> dict[str, int] | None:
    """ProvisionedThroughput without its read-only counters; None when the table is on-demand
    (its description reports 0 units)."""
    if not isinstance(value, Mapping):
        return None
    try:
        units = {k: int(value.get(k) or 0) for k in ("ReadCapacityUnits", "WriteCapacityUnits")}
    except (TypeError, ValueError):  # a hand-edited answer: "ten", 1e400, a list
        raise TableRequestError("ProvisionedThroughput must give ReadCapacityUnits and "
                                "WriteCapacityUnits as whole numbers.", field="describe") from None
    return units if all(units.values()) else None


def _index(index: Mapping[str, Any], provisioned: bool, local: bool) -> dict[str, Any]:
    """An index as CreateTable takes it (an LSI shares the table's throughput)."""
    out: dict[str, Any] = {k: index[k] for k in ("IndexName", "KeySchema", "Projection") if k in index}
    if provisioned and not local:
        out["ProvisionedThroughput"] = (_throughput(index.get("ProvisionedThroughput"))
                                        or {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})
    return out


def plan_from_description(data: Any, name: str | None = None) -> TablePlan:
    """A CreateTable request from a DescribeTable answer (``{"Table": {...}}``, as ``aws
    dynamodb describe-table`` prints it, or the table description itself), under ``name`` if
    given. TTL is on when the JSON carries a ``TimeToLiveDescription`` that has it on."""
    if isinstance(data, str):
        # Strict: a repeated key (JSON keeps the last without a word), NaN and deep nesting
        # (a RecursionError in json) are each refused with a sentence.
        try:
            data = loads_user_json(data, "The table description")
        except UserFileError as exc:
            syntax = exc.__context__  # the JSONDecodeError behind a syntax error, if it is one
            message = (f"The table description is not JSON: {syntax}."
                       if isinstance(syntax, json.JSONDecodeError) else exc.message)
            raise TableRequestError(message, field="describe") from None
    table = data.get("Table", data) if isinstance(data, Mapping) else None
    if not isinstance(table, Mapping) or "KeySchema" not in table or "AttributeDefinitions" not in table:
        raise TableRequestError("This is not a DescribeTable answer: it needs a Table with "
                                "KeySchema and AttributeDefinitions (run aws dynamodb describe-table "
                                "--table-name NAME and use its output).", field="describe")
    table_name = _name(name if name is not None else str(table.get("TableName") or ""),
                       described=name is None)
    billing = _object(table.get("BillingModeSummary")).get("BillingMode")
    throughput = _throughput(table.get("ProvisionedThroughput"))
    provisioned = billing == "PROVISIONED" or (billing is None and throughput is not None)
    request: dict[str, Any] = {
        "TableName": table_name,
        "AttributeDefinitions": _list(table, "AttributeDefinitions"),
        "KeySchema": _list(table, "KeySchema"),
        "BillingMode": "PROVISIONED" if provisioned else "PAY_PER_REQUEST",
    }
    if provisioned:
        request["ProvisionedThroughput"] = throughput or {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}
    for kind, local in (("GlobalSecondaryIndexes", False), ("LocalSecondaryIndexes", True)):
        if table.get(kind):
            request[kind] = [_index(_object(i), provisioned, local) for i in _list(table, kind)]
    stream = _object(table.get("StreamSpecification"))
    if stream.get("StreamEnabled"):
        request["StreamSpecification"] = {
            "StreamEnabled": True, "StreamViewType": stream.get("StreamViewType", "NEW_AND_OLD_IMAGES")}
    table_class = _object(table.get("TableClassSummary")).get("TableClass")
    if table_class:
        request["TableClass"] = table_class
    # Merged beside "Table" (as the docs say), or inside it: both are read.
    ttl = (data.get("TimeToLiveDescription") if isinstance(data, Mapping) else None) \
        or table.get("TimeToLiveDescription")
    ttl = ttl if isinstance(ttl, Mapping) else {}
    on = ttl.get("TimeToLiveStatus") in ("ENABLED", "ENABLING")
    dropped = [what for key, what in _DROPPED_NOTES.items() if table.get(key)]
    notes = ((f"Left out of the local table: {', '.join(dropped)} (they concern the table's "
              "AWS account)."),) if dropped else ()
    check_request(request)
    _check_name(table_name)
    return TablePlan(request, check_ttl(ttl.get("AttributeName")) if on else None, notes)


def check_ttl(attribute: Any) -> str:
    """``attribute`` if UpdateTimeToLive takes it: 1 to 255 bytes of UTF-8. Checked before
    anything is sent, since DynamoDB refuses it only after CreateTable made the table."""
    size = len(attribute.encode("utf-8", "surrogatepass")) if isinstance(attribute, str) else 0
    if not 1 <= size <= 255:
        got = (f"this one is {size} bytes" if size else "it is empty" if isinstance(attribute, str)
               else "it is missing" if attribute is None else "it is not a string")
        raise TableRequestError(
            "TimeToLiveDescription.AttributeName must name the TTL attribute in 1 to 255 bytes of "
            f"UTF-8 ({got}): DynamoDB would refuse to turn TTL on once the table is made. Fix it, "
            "or remove TimeToLiveDescription to create the table without TTL.", field="describe")
    return attribute


def _object(value: Any) -> Mapping[str, Any]:
    """A part of a pasted answer that should be an object, or an empty one (botocore's
    validation then names what is missing) rather than an AttributeError on a string."""
    return value if isinstance(value, Mapping) else {}


def _list(table: Mapping[str, Any], key: str) -> list[Any]:
    value = table[key]
    if not isinstance(value, list):
        raise TableRequestError(f"{key} must be a JSON list, as describe-table prints it.",
                                field="describe")
    return list(value)


def check_request(request: Mapping[str, Any]) -> None:
    """Refuse, with botocore's words, a CreateTable request the API would refuse."""
    with _lock:
        if "op" not in _state:
            model = botocore.session.get_session().get_service_model("dynamodb")
            _state["op"] = model.operation_model("CreateTable")
            _state["serializer"] = create_serializer(model.metadata["protocol"], include_validation=True)
    try:
        _state["serializer"].serialize_to_request(dict(request), _state["op"])
    except ParamValidationError as exc:
        raise TableRequestError("The CreateTable request is not valid: "
                                + " ".join(str(exc).split()).rstrip(".") + ".", field="describe") from None
