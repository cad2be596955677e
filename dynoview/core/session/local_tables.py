"""Tables for local development: create one from the article's layout or from a DescribeTable
JSON, delete one after its name is typed; on a loopback endpoint only.

Creating and deleting tables is a local developer's chore (DynamoDB Local, LocalStack, moto):
on any other endpoint it is refused with a sentence before a client is even made, so nothing
is sent (``check_local``). A read-only connection is refused the same way. The article's
layout is the demo's accounts table without its sample index: PK/SK, the ``email-index``
GSI, TTL on ``expiresAt`` and a NEW_AND_OLD_IMAGES stream. A DescribeTable answer becomes a
CreateTable request by keeping what CreateTable takes and dropping the rest (status, sizes,
ARNs, dates, counts; encryption, replicas and deletion protection, which concern the table's
home account, are dropped with a note). When a try's answer is lost and botocore's resend is
refused ("already exists", "not found"), the table is described: that refusal may be the lost
try's own doing, never reported as "Nothing was changed". When no try got an answer (reset after
it was sent, timed out) it may have been applied all the same: DescribeTable decides, and when it
cannot, the message says the table may have been created (deleted) and how to check.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import botocore.session
from botocore.exceptions import (
    BotoCoreError,
    ClientError,
    ConnectTimeoutError,
    EndpointConnectionError,
    ParamValidationError,
)
from botocore.serialize import create_serializer

from dynoview.core.errors import DynoViewError, InputError, aws_error_code
from dynoview.core.redaction import redact_url
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.integrity import response_damage
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
_WAIT = {"Delay": 1, "MaxAttempts": 120}  # local endpoints answer in a second or two

_lock = threading.Lock()
_state: dict[str, Any] = {}


class LocalTablesRefused(DynoViewError):
    """Not a loopback endpoint, or a read-only connection: nothing was sent."""


class TableRequestError(InputError):
    """A DescribeTable JSON that cannot become a CreateTable request, or a name mistyped."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


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


def check_local(spec: ConnectionSpec, action: str) -> None:
    """Refuse ``action`` ("create a table", "delete a table") unless the connection is a
    writable loopback endpoint (127.0.0.0/8, ::1, localhost) or the demo."""
    if not spec.is_local:
        where = (redact_url(spec.endpoint_url) if spec.endpoint_url
                 else f"AWS ({spec.region or 'default region'})")
        raise LocalTablesRefused(
            f"DynoView can only {action} on a local endpoint (localhost, 127.0.0.0/8 or ::1, such as "
            f"DynamoDB Local); {where} is not one, so nothing was sent. Use the AWS console, "
            "CloudFormation or the AWS CLI for tables in AWS.")
    if spec.read_only:
        raise LocalTablesRefused(f"This connection is read-only, so DynoView will not {action} on it; "
                                 "nothing was sent. Reconnect without read-only to do it.")


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


def _name(name: str) -> str:
    name = name.strip()
    if not name:
        raise TableRequestError("Type a name for the table.", field="name")
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
    table_name = _name(name if name is not None else str(table.get("TableName") or ""))
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
    ttl_attribute = (ttl.get("AttributeName") if isinstance(ttl, Mapping)
                     and ttl.get("TimeToLiveStatus") in ("ENABLED", "ENABLING") else None)
    dropped = [what for key, what in _DROPPED_NOTES.items() if table.get(key)]
    notes = ((f"Left out of the local table: {', '.join(dropped)} (they concern the table's "
              "AWS account)."),) if dropped else ()
    check_request(request)
    _check_name(table_name)
    return TablePlan(request, ttl_attribute, notes)


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


def create_table(conn: Connection, plan: TablePlan) -> str | None:
    """Create the planned table on a local endpoint and wait until it is ACTIVE, then turn TTL
    on. Refused before anything is sent elsewhere (``check_local``). Returns a note to show
    beside "created" when a try's answer was lost and the table was found made by it."""
    check_local(conn.spec, "create a table")
    check_request(plan.request)
    client = conn.client
    note = None
    with _tries(client, "CreateTable") as tries:
        try:
            client.create_table(**plan.request)
        except (BotoCoreError, ClientError) as exc:
            if _unanswered(exc, tries):  # no try answered: DescribeTable says what was done
                note = _created_unanswered(client, plan, tries)
            elif aws_error_code(exc) != "ResourceInUseException":
                raise
            elif not tries["ambiguous"]:
                raise TableRequestError(f"A table named {plan.name} already exists on this endpoint: "
                                        "choose another name, or delete that table first. Nothing "
                                        "was changed.", field="name") from None
            else:  # a lost try may have created it: the resend's "in use" is then this
                # command's own doing, and the steps after it (TTL) are still to do.
                note = _made_by_lost_try(client, plan, tries["cause"])
    client.get_waiter("table_exists").wait(TableName=plan.name, WaiterConfig=_WAIT)
    if plan.ttl_attribute:
        _turn_ttl_on(client, plan.name, plan.ttl_attribute)
    return note


def delete_table(conn: Connection, name: str, typed: str) -> str | None:
    """Delete ``name`` on a local endpoint once its name was typed exactly (``typed``), and wait
    until it is gone. Refused before anything is sent otherwise. Returns a note to show beside
    "deleted" when a try's answer was lost and the resend found the table gone or going."""
    check_local(conn.spec, "delete a table")
    if typed != name:
        raise TableRequestError(f"Type the table's name exactly ({name}) to delete it; nothing was "
                                "sent.", field="confirm")
    client = conn.client
    note = None
    with _tries(client, "DeleteTable") as tries:
        try:
            client.delete_table(TableName=name)
        except (BotoCoreError, ClientError) as exc:
            code = aws_error_code(exc)
            if _unanswered(exc, tries):  # no try answered: DescribeTable says what was done
                note = _deleted_unanswered(client, name, tries)
            elif not tries["ambiguous"] or code not in _GONE_OR_GOING:
                raise
            # The lost try may have deleted it: "not found" (or, on AWS, "in use" while it is
            # DELETING) then answers for this command's own delete. The table's status decides.
            elif (status := _status(client, name)) not in (None, "DELETING"):
                if code != "ResourceNotFoundException":
                    raise  # being created or updated: no try of this command deleted it
                raise TableRequestError(
                    f"DeleteTable got no answer to a try ({tries['cause']}) and DynamoDB then said "
                    f"there is no table {name}, yet one exists again ({status}): another client "
                    "created it after that try deleted the first. Delete it again if that is "
                    "meant.", field="confirm") from None
            else:
                note = (f"DeleteTable got no answer to a try ({tries['cause']}); the SDK sent it "
                        f"again and DynamoDB answered {_GONE_OR_GOING[str(code)]}: that first try "
                        f"deleted {name}.")
    client.get_waiter("table_not_exists").wait(TableName=name, WaiterConfig=_WAIT)
    return note


#: A resend of DeleteTable after a lost answer: DynamoDB's refusals that the lost try explains.
_GONE_OR_GOING = {"ResourceNotFoundException": "that there is no such table",
                  "ResourceInUseException": "that it is being deleted"}


#: This thread's record of the tries of the request being sent (None: none watched).
_watched = threading.local()
#: A try that failed with these made no connection: it was never sent, so never applied.
_NOT_SENT = (EndpointConnectionError, ConnectTimeoutError)


def _on_try(response: Any = None, caught_exception: BaseException | None = None, **_: Any) -> None:
    """Count the tries, and note one that got no usable answer: no answer at all, a 5xx, or a
    200 whose body fails its check (it may have been applied, unless no connection was made).
    The judgement of ``core.tx.attempts.on_needs_retry``, which cannot be imported here: core.tx
    imports core.session, and the layers allow no cycle. Only observes; botocore decides."""
    record = getattr(_watched, "record", None)
    if record is None:
        return
    record["tries"] += 1
    answer = response[0] if isinstance(response, tuple) and response else None
    status = getattr(answer, "status_code", None)
    damaged = isinstance(status, int) and status < 300 and response_damage(answer) is not None
    if caught_exception is not None or (isinstance(status, int) and status >= 500) or damaged:
        record["unanswered"] += 1
        if isinstance(caught_exception, _NOT_SENT):
            return
        record["ambiguous"] = True
        record["cause"] = (type(caught_exception).__name__ if caught_exception is not None
                           else "a damaged answer" if damaged else f"HTTP {status}")


@contextmanager
def _tries(client: Any, operation: str) -> Iterator[dict[str, Any]]:
    """botocore's tries of the ``operation`` sent inside: ``ambiguous`` (with its ``cause``)
    once a try got no usable answer, so it may have been applied and a resend's refusal may be
    that try's own doing; how many ``tries`` there were and how many were ``unanswered``."""
    client.meta.events.register_first(f"needs-retry.dynamodb.{operation}", _on_try,
                                      unique_id=f"dynoview-local-tables-{operation}")
    record: dict[str, Any] = {"ambiguous": False, "cause": None, "tries": 0, "unanswered": 0}
    outer, _watched.record = getattr(_watched, "record", None), record
    try:
        yield record
    finally:
        _watched.record = outer


def _made_by_lost_try(client: Any, plan: TablePlan, cause: str) -> str:
    """After a lost answer the resend was told the name is taken: the table there is the lost
    try's if it has the keys and indexes asked for (``_check_layout``)."""
    said = (f"CreateTable got no answer to a try ({cause}); the SDK sent it again and DynamoDB "
            f"answered that {plan.name} already exists")
    table = _describe(client, plan.name)
    if table is None:
        raise TableRequestError(f"{said}, but there is no such table now (deleted meanwhile). Run "
                                "the command again.", field="name")
    _check_layout(plan, table, said)
    return f"{said}, with the keys and indexes asked for: that first try created it."


def _unanswered(exc: BaseException, tries: Mapping[str, Any]) -> bool:
    """The last try got no usable answer (``exc``: none at all, or a 5xx) and a try may have
    reached DynamoDB: the request may have been applied, whatever ``exc`` says."""
    status = (getattr(exc, "response", None) or {}).get("ResponseMetadata", {}).get("HTTPStatusCode")
    return bool(tries["ambiguous"]) and (isinstance(exc, BotoCoreError)
                                         or (isinstance(status, int) and status >= 500))


def _no_answer(operation: str, tries: Mapping[str, Any]) -> str:
    """"CreateTable got no answer to any of its 4 tries (ReadTimeoutError)", as it was."""
    count, unanswered = tries["tries"], tries["unanswered"]
    which = (f"{unanswered} of its {count} tries" if unanswered < count
             else f"any of its {count} tries" if count > 1 else "its try")
    return f"{operation} got no answer to {which} ({tries['cause']})"


def _look(client: Any, name: str, said: str, what: str, check: str,
          field_name: str) -> Mapping[str, Any] | None:
    """DescribeTable ``name``; if it cannot, say that ``what`` may have happened, and ``check``."""
    try:
        return _describe(client, name)
    except (BotoCoreError, ClientError) as exc:
        why = aws_error_code(exc) or type(exc).__name__
        raise TableRequestError(
            f"{said}, and DescribeTable could not check afterwards ({why}): a try may have "
            f"reached DynamoDB before its answer was lost, so {name} may have been {what}. List "
            "the tables once the endpoint answers (dynoview tables list, or Refresh tables in "
            f"the window): {check}", field=field_name) from None


def _created_unanswered(client: Any, plan: TablePlan, tries: Mapping[str, Any]) -> str:
    """No try of CreateTable got an answer: the table there now, if any, decides. Ours if it
    has the keys and indexes asked for; another client's if not; not created if none."""
    said, name = _no_answer("CreateTable", tries), plan.name
    ttl = f" (TTL on {plan.ttl_attribute} was not turned on)" if plan.ttl_attribute else ""
    table = _look(client, name, said, "created", f"if {name} is there, it was created{ttl}; if "
                  "not, run the command again.", "name")
    if table is None:
        raise TableRequestError(f"{said}, and DescribeTable then found no table {name}: it was "
                                "not created. Run the command again.", field="name")
    _check_layout(plan, table, f"{said}; DescribeTable then found {name}")
    return (f"{said}, and DescribeTable then found {name} with the keys and indexes asked for: "
            "it was created.")


def _deleted_unanswered(client: Any, name: str, tries: Mapping[str, Any]) -> str:
    """No try of DeleteTable got an answer: gone or DELETING, it was deleted; else it is not."""
    said = _no_answer("DeleteTable", tries)
    table = _look(client, name, said, "deleted", f"if {name} is gone, it was deleted; if it is "
                  "still there, run the command again.", "confirm")
    if table is None:
        return f"{said}, and DescribeTable then found no table {name}: it was deleted."
    if (status := str(table.get("TableStatus"))) != "DELETING":
        raise TableRequestError(f"{said}, and DescribeTable then found {name} still there "
                                f"({status}). Run the command again to delete it.", field="confirm")
    return f"{said}, and DescribeTable then found {name} DELETING: it is being deleted."


def _check_layout(plan: TablePlan, table: Mapping[str, Any], said: str) -> None:
    """Refuse the described table when its keys or indexes are not the plan's: another
    client made it, and that is said rather than claimed as created."""
    differences = "; ".join(f"its {what} are {_listed(got)}, not {_listed(asked)}"
                            for what, asked, got in zip(("keys", "indexes"), _layout(plan.request),
                                                        _layout(table), strict=True) if asked != got)
    if differences:
        raise TableRequestError(f"{said}, and the table of that name is not the one asked for "
                                f"({differences}): another client made it, not this command. "
                                "Choose another name, or delete that table first.", field="name")


def _layout(source: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The key schema (name, type, attribute type) and the index names of a CreateTable
    request or a DescribeTable answer, comparable with each other."""
    types = {a.get("AttributeName"): a.get("AttributeType")
             for a in source.get("AttributeDefinitions") or []}
    keys = [f"{k.get('AttributeName')} ({k.get('KeyType')}, {types.get(k.get('AttributeName'))})"
            for k in source.get("KeySchema") or []]
    indexes = sorted(str(i.get("IndexName")) for kind in ("GlobalSecondaryIndexes",
                                                          "LocalSecondaryIndexes")
                     for i in source.get(kind) or [])
    return keys, indexes


def _listed(values: list[str]) -> str:
    return ", ".join(values) or "none"


def _describe(client: Any, name: str) -> Mapping[str, Any] | None:
    """The table's description, or None when there is no such table."""
    try:
        return dict(client.describe_table(TableName=name)["Table"])
    except ClientError as exc:
        if aws_error_code(exc) != "ResourceNotFoundException":
            raise
        return None


def _status(client: Any, name: str) -> str | None:
    table = _describe(client, name)
    return None if table is None else str(table.get("TableStatus"))


def _turn_ttl_on(client: Any, name: str, attribute: str) -> None:
    """Turn TTL on. After a lost answer the resend is refused ("TimeToLive is already enabled",
    on DynamoDB Local and AWS): that is the lost try's doing when TTL is now on as asked."""
    with _tries(client, "UpdateTimeToLive") as tries:
        try:
            client.update_time_to_live(TableName=name, TimeToLiveSpecification={
                "Enabled": True, "AttributeName": attribute})
        except ClientError:
            if not tries["ambiguous"]:
                raise
            ttl = client.describe_time_to_live(TableName=name).get("TimeToLiveDescription") or {}
            if (ttl.get("TimeToLiveStatus") not in ("ENABLED", "ENABLING")
                    or ttl.get("AttributeName") != attribute):
                raise
