"""Tables for local development: create one from the article's layout or from a DescribeTable
JSON, delete one after its name is typed; on a loopback endpoint only.

Creating and deleting tables is a local developer's chore (DynamoDB Local, LocalStack, moto):
on any other endpoint it is refused with a sentence before a client is even made, so nothing
is sent (``check_local``). A read-only connection is refused the same way. The article's
layout is the demo's accounts table without its sample index: PK/SK, the ``email-index``
GSI, TTL on ``expiresAt`` and a NEW_AND_OLD_IMAGES stream. A DescribeTable answer becomes a
CreateTable request (``table_plans``). When a try's answer is lost and botocore's resend is
refused ("already exists", "not found"), the table is described: that refusal may be the lost
try's own doing, never reported as "Nothing was changed". When no try got an answer (reset after
it was sent, timed out) it may have been applied all the same: DescribeTable decides, and when it
cannot, the message says the table may have been created (deleted) and how to check. When
only the TTL step fails, the table is there without TTL: ``TtlNotEnabledError`` says so and how
to turn TTL on (``enable_ttl``, which first checks whether TTL is on already); a TTL attribute
name UpdateTimeToLive would refuse is refused before anything is sent. When a try of the TTL step
lost its answer, DescribeTimeToLive decides whether it turned TTL on, whatever the last error.
"""

from __future__ import annotations

import json
import shlex
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from botocore.exceptions import (
    BotoCoreError,
    ClientError,
    ConnectTimeoutError,
    EndpointConnectionError,
)

from dynoview.core.errors import DynoViewError, aws_error_code, describe_error
from dynoview.core.redaction import redact_url
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.integrity import response_damage
from dynoview.core.session.table_plans import (
    ARTICLE,
    EMAIL_INDEX,
    LAYOUTS,
    TTL_ATTRIBUTE,
    NameMissing,
    TablePlan,
    TableRequestError,
    article_plan,
    check_request,
    check_ttl,
    plan_from_description,
)

# The plans are ``table_plans``'; callers find them here too, beside the steps that send them.
__all__ = ["ARTICLE", "EMAIL_INDEX", "LAYOUTS", "TTL_ATTRIBUTE", "LocalTablesRefused", "NameMissing",
           "TablePlan", "TableRequestError", "TtlNotEnabledError", "article_plan", "check_local",
           "check_request", "create_table", "delete_table", "enable_ttl", "plan_from_description",
           "ttl_command"]
_WAIT = {"Delay": 1, "MaxAttempts": 120}  # local endpoints answer in a second or two


class LocalTablesRefused(DynoViewError):
    """Not a loopback endpoint, or a read-only connection: nothing was sent."""


class TtlNotEnabledError(DynoViewError):
    """CreateTable made the table (ACTIVE: keys, indexes, stream), then UpdateTimeToLive failed:
    a partial result, never "CreateTable failed". ``reason`` says why, ``command`` is the AWS
    CLI command that turns TTL on, ``note`` how a lost CreateTable answer was settled, if one was.
    ``unsure``: a try may have turned TTL on, and DescribeTimeToLive could not tell afterwards."""

    def __init__(self, plan: TablePlan, reason: str, command: str, note: str | None, *,
                 unsure: bool = False, check: str = "") -> None:
        self.table, self.attribute = plan.name, str(plan.ttl_attribute)
        self.reason, self.command, self.note, self.unsure = reason, command, note, unsure
        if unsure:
            super().__init__(f"Created {plan.name}, but whether TTL on {self.attribute} was turned "
                             f"on is not known: {reason} Check with: {check}; if TTL is off, turn "
                             f"it on with: {command}")
            return
        super().__init__(f"Created {plan.name}, but TTL on {self.attribute} was not turned on: "
                         f"{reason} The table is there, ACTIVE, without TTL on {self.attribute}. "
                         f"Turn TTL on with: {command} (or delete the table and create it again).")


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


def create_table(conn: Connection, plan: TablePlan) -> str | None:
    """Create the planned table on a local endpoint and wait until it is ACTIVE, then turn TTL
    on. Refused before anything is sent elsewhere (``check_local``). Returns a note to show
    beside "created" when a try's answer was lost and the table was found made by it."""
    check_local(conn.spec, "create a table")
    check_request(plan.request)
    if plan.ttl_attribute is not None:
        check_ttl(plan.ttl_attribute)
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
        ttl_note = _ttl_step(conn, plan, note)
        note = " ".join(n for n in (note, ttl_note) if n) or None
    return note


def enable_ttl(conn: Connection, plan: TablePlan) -> str | None:
    """Only turn the plan's TTL on: for the table ``create_table`` made when its TTL step failed
    (``TtlNotEnabledError``). Refused, with nothing changed, when that table is no longer there
    or TTL is on for another attribute. Returns a note when nothing needed sending (TTL already
    on as planned) or a lost answer was settled."""
    check_local(conn.spec, "create a table")
    if not plan.ttl_attribute:
        return None
    said = f"TTL was not turned on: nothing was sent to {plan.name}"
    if (table := _describe(conn.client, plan.name)) is None:
        raise TableRequestError(f"{said}, as there is no such table now (deleted meanwhile). Create "
                                "it again.", field="name")
    _check_layout(plan, table, said)
    # A lost try may have turned it on: sent again, DynamoDB Local and AWS refuse it as
    # "already enabled", so this asks first.
    status, on = _ttl_now(conn.client, plan.name)
    if status in _TTL_ON and on == plan.ttl_attribute:
        return f"TTL on {on} is already {status.lower()} for {plan.name}: nothing needed sending."
    if status in _TTL_ON:
        raise TableRequestError(f"{said}, as TTL is already {status.lower()} there on another "
                                f"attribute, {on}. DynamoDB allows one TTL attribute per table: keep "
                                f"{on}, or turn TTL off for it first and then turn it on for "
                                f"{plan.ttl_attribute}.", field="name")
    return _ttl_step(conn, plan, None)


#: DescribeTimeToLive's statuses of a TTL that is on, or being turned on.
_TTL_ON = ("ENABLED", "ENABLING")


def _ttl_now(client: Any, name: str) -> tuple[str, str | None]:
    """DescribeTimeToLive's status ("DISABLED" when it names none) and attribute."""
    ttl = client.describe_time_to_live(TableName=name).get("TimeToLiveDescription") or {}
    return str(ttl.get("TimeToLiveStatus") or "DISABLED"), ttl.get("AttributeName")


def _ttl_step(conn: Connection, plan: TablePlan, note: str | None) -> str | None:
    """UpdateTimeToLive after CreateTable: a failure is reported as the partial result it is.
    After a try that may have reached DynamoDB lost its answer, whatever the last error (none
    at all, a 5xx, or the resend refused "TimeToLive is already enabled" on DynamoDB Local and
    AWS), DescribeTimeToLive decides: TTL on as planned is that try's doing, said in the note
    returned (None when the first answer said it)."""
    spec, client, attribute = conn.spec, conn.client, str(plan.ttl_attribute)
    with _tries(client, "UpdateTimeToLive") as tries:
        try:
            client.update_time_to_live(TableName=plan.name, TimeToLiveSpecification={
                "Enabled": True, "AttributeName": attribute})
            return None
        except (BotoCoreError, ClientError) as exc:
            failed = exc
    reason = describe_error(failed, operation="UpdateTimeToLive", table=plan.name, region=spec.region,
                            profile=spec.profile, endpoint=spec.endpoint_url).message.rstrip(".") + "."
    if not tries["ambiguous"]:
        raise TtlNotEnabledError(plan, reason, ttl_command(spec, plan), note) from failed
    lost = (_no_answer("UpdateTimeToLive", tries) if _unanswered(failed, tries)
            else f"UpdateTimeToLive got no answer to a try ({tries['cause']}); the SDK sent it "
                 f"again and DynamoDB refused it ({aws_error_code(failed) or type(failed).__name__})")
    try:
        status, on = _ttl_now(client, plan.name)
    except (BotoCoreError, ClientError) as exc:
        why = aws_error_code(exc) or type(exc).__name__
        raise TtlNotEnabledError(
            plan, f"{lost}, and DescribeTimeToLive could not check afterwards ({why}); a try may "
            "have reached DynamoDB and turned TTL on before its answer was lost.",
            ttl_command(spec, plan), note, unsure=True,
            check=_aws_command(spec, "describe-time-to-live", f"--table-name={plan.name}")) from failed
    if status in _TTL_ON and on == attribute:
        return (f"{lost}; DescribeTimeToLive then found TTL {status.lower()} on {attribute}: a try "
                "turned it on.")
    if status in _TTL_ON:  # another client's: DynamoDB allows one TTL attribute per table
        reason = (f"{lost}, and DescribeTimeToLive then found TTL {status.lower()} on another "
                  f"attribute, {on}: DynamoDB allows one TTL attribute per table, so turn TTL off "
                  f"for {on} first if {attribute} is meant.")
    elif isinstance(failed, BotoCoreError):  # the endpoint was reached: not "could not reach"
        reason = f"{lost}, and DescribeTimeToLive then found TTL {status.lower()}: no try turned it on."
    raise TtlNotEnabledError(plan, reason, ttl_command(spec, plan), note) from failed


def ttl_command(spec: ConnectionSpec, plan: TablePlan) -> str:
    """The AWS CLI command that turns the plan's TTL on, each word quoted for POSIX shells."""
    ttl = json.dumps({"Enabled": True, "AttributeName": plan.ttl_attribute})
    return _aws_command(spec, "update-time-to-live", f"--table-name={plan.name}",
                        f"--time-to-live-specification={ttl}")


def _aws_command(spec: ConnectionSpec, command: str, *options: str) -> str:
    """``aws dynamodb <command> <options>`` on the connection's endpoint, region and profile."""
    words = ["aws", "dynamodb", command, *options]
    words += [f"--{flag}={value}" for flag, value in (("endpoint-url", redact_url(spec.endpoint_url)),
                                                      ("region", spec.region), ("profile", spec.profile))
              if value]
    return " ".join(shlex.quote(word) for word in words)


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

