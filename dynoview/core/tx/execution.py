"""Executing a transaction safely, and saying exactly what happened.

- Refuses before sending: invalid transactions, read-only connections, and
  executions the user has not confirmed (typing the table name on endpoints that
  are not on this machine).
- Sends the exact preview bytes (``tx_wire.send_exact``).
- Ambiguous failures (timeouts, dropped connections, 5xx) are retried with the
  same ClientRequestToken; then strongly consistent reads of every touched key
  settle whether the transaction was applied. Success or failure is never
  reported without knowing.
- DynamoDB keeps a token for 10 minutes after the request that used it. A resend
  later than about 9 minutes after the token was first sent (``TOKEN_RESEND_WARNING``)
  would be a new request: the execution's own resends stop there and the reads
  decide; an execution the user starts again that late is sent, with a warning.
- TransactionCanceledException's ``CancellationReasons`` (one per action, in
  order) become sentences tied to the action and field: "Email
  ada@lovelace.io is already taken".
- Every sent transaction is appended to the action log.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from botocore import exceptions as bce

from dynoview.core.errors import DynoViewError, ReadOnlyError
from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import Path, SetAction, Value
from dynoview.core.expressions.parser import parse_update
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import response_damage
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action, Problem, Transaction
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.tx.wire import body_json, request_body, send_exact
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema
from dynoview.core.values.display import display_text
from dynoview.core.values.equality import values_equal

# Outcome statuses.
SUCCEEDED = "succeeded"  # DynamoDB answered 200: every action was applied
CANCELLED = "cancelled"  # TransactionCanceledException: nothing was written
APPLIED = "applied"  # the answer was lost, reads confirm every change is in place
NOT_APPLIED = "not_applied"  # the answer was lost, reads show the changes are not there
UNKNOWN = "unknown"  # the answer was lost and reads could not settle it
FAILED = "failed"  # DynamoDB refused the request (validation, permissions...): nothing written

WRITTEN = frozenset({SUCCEEDED, APPLIED})

#: DynamoDB honours a ClientRequestToken for 10 minutes after the request that used it.
TOKEN_WINDOW = 600.0
#: Past this age (seconds since the token was first sent) a resend may land outside the
#: window: the margin covers the first request's own duration and clock differences.
TOKEN_RESEND_WARNING = 540.0

# Server answers that do not tell whether the transaction was applied.
_AMBIGUOUS_CODES = frozenset({
    "InternalServerError", "InternalFailure", "ServiceUnavailable", "ServiceUnavailableException",
    "TransactionInProgressException", "RequestTimeout", "RequestTimeoutException",
})
_AMBIGUOUS_EXCEPTIONS: tuple[type[BaseException], ...] = (
    bce.ConnectionError, bce.HTTPClientError, bce.ReadTimeoutError, bce.ConnectTimeoutError,
)


class TransactionInvalidError(DynoViewError):
    """Validation found errors; nothing was sent."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        errors = [p for p in self.problems if p.is_error]
        super().__init__(
            f"The transaction has {len(errors)} problem{'s' if len(errors) != 1 else ''} and was not "
            "sent: " + " ".join(f"({p.location()}) {p.message}" for p in errors), field="actions")


class ConfirmationError(DynoViewError):
    """The user has not confirmed the execution as this connection requires."""


# ------------------------------------------------------------------ confirmation


@dataclass(frozen=True)
class ConfirmationRequirement:
    """What the user must do before this transaction may be sent on this connection."""

    allowed: bool  # False on read-only connections
    connection: str  # the connection as one line, shown in the dialog
    local: bool  # endpoint on this machine: a click is enough
    type_to_confirm: str | None  # text to type (the table name) on other endpoints
    message: str  # the sentence the dialog shows

    def check(self, typed: str | bool | None) -> None:
        """Raise unless ``typed`` confirms: True for local endpoints, the table name otherwise."""
        if not self.allowed:
            raise ReadOnlyError(self.message)
        if self.type_to_confirm is None:
            if typed is True or (isinstance(typed, str) and typed):
                return
            raise ConfirmationError("Confirm the execution first: nothing was sent.")
        if isinstance(typed, str) and typed.strip() == self.type_to_confirm:
            return
        raise ConfirmationError(
            f"This endpoint is not on this machine: type {self.type_to_confirm} to confirm. "
            "Nothing was sent.")


def tables_of(tx: Transaction) -> list[str]:
    """The distinct tables a transaction writes, in first-use order."""
    seen: list[str] = []
    for action in tx.actions:
        if action.table and action.table not in seen:
            seen.append(action.table)
    return seen


def confirmation_for(conn: Connection, tx: Transaction) -> ConfirmationRequirement:
    """Local endpoints need a click; remote ones need the table name typed; read-only refuses."""
    spec = conn.spec
    where = spec.describe()
    if spec.read_only:
        return ConfirmationRequirement(False, where, spec.is_local, None,
                                       "This connection is read-only: the transaction cannot be sent. "
                                       "Reconnect without read-only to execute it.")
    if spec.is_local:
        return ConfirmationRequirement(True, where, True, None,
                                       f"Send this transaction to {where}?")
    names = ", ".join(tables_of(tx))
    return ConfirmationRequirement(
        True, where, False, names,
        f"{where} is not on this machine. Type {names} to send this transaction.")


# ------------------------------------------------------------------ outcomes


@dataclass
class ActionOutcome:
    """What happened to one action, for its row in the builder and one CLI line."""

    index: int
    code: str | None  # CancellationReasons code, None when the action passed
    message: str
    field: str = ""  # the model field to highlight: "condition", "item.PK", ...
    attribute: str | None = None  # the form field the user knows: "email"
    item: dict[str, Any] | None = None  # the existing item, when ALL_OLD was asked
    state: str | None = None  # after reads: "applied", "not_applied", "unverifiable"


@dataclass
class ExecutionResult:
    status: str
    message: str
    token: str
    actions: list[ActionOutcome] = field(default_factory=list)
    attempts: int = 1  # HTTP attempts (botocore's and ours), all with the same token
    tokens_sent: list[str] = field(default_factory=list)
    error_code: str | None = None
    verified_by_reads: bool = False
    current_items: list[dict[str, Any] | None] = field(default_factory=list)
    response: dict[str, Any] | None = None
    sent_at: float | None = None  # epoch seconds of this execution's first attempt
    warnings: list[str] = field(default_factory=list)  # also in ``message``

    @property
    def written(self) -> bool:
        return self.status in WRITTEN

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (items as DynamoDB JSON text) for logs and ``--format json``."""
        return {
            "status": self.status,
            "message": self.message,
            "token": self.token,
            "attempts": self.attempts,
            "error_code": self.error_code,
            "verified_by_reads": self.verified_by_reads,
            "sent_at": (None if self.sent_at is None
                        else datetime.fromtimestamp(self.sent_at, UTC).isoformat()),
            "warnings": list(self.warnings),
            "actions": [
                {**{k: v for k, v in asdict(a).items() if k != "item"},
                 "action": a.index + 1,
                 "item": None if a.item is None else _jsonable(a.item)}
                for a in self.actions
            ],
        }


def _jsonable(item: Mapping[str, Any]) -> Any:
    from dynoview.core.values.dynamodb_json import to_dynamodb_json

    return {k: to_dynamodb_json(v) for k, v in item.items()}


# ------------------------------------------------------------------ describing actions


def key_text(key: Mapping[str, Any]) -> str:
    """``PK=UNIQ#EMAIL#ada@lovelace.io, SK=LOCK`` for messages."""
    parts = []
    for name, av in key.items():
        try:
            parts.append(f"{name}={display_text(av, 120)}")
        except ValueError:
            parts.append(f"{name}=?")
    return ", ".join(parts)


_PLACEHOLDER = re.compile(r"[#:][A-Za-z0-9_]+")


def render_expression(text: str, names: Mapping[str, str], values: Mapping[str, Any]) -> str:
    """An expression with its placeholders replaced, for people: ``email = "a@b"``."""
    def sub(match: re.Match[str]) -> str:
        token = match.group()
        if token.startswith("#"):
            return names.get(token, token)
        av = values.get(token)
        if av is None:
            return token
        try:
            code, member = next(iter(av.items()))
            return f'"{member}"' if code == "S" else display_text(av, 80)
        except (ValueError, StopIteration, AttributeError):
            return token
    return _PLACEHOLDER.sub(sub, text)


def _action_key(action: Action, key_names: Sequence[str]) -> dict[str, Any]:
    return action.target_key(key_names) if action.kind == PUT else dict(action.key)


def _rule_title(name: str) -> str:
    return name[:1].upper() + name[1:]


def explain_reason(index: int, action: Action, reason: Mapping[str, Any], schema: UniquenessSchema,
                   key_names: Sequence[str]) -> ActionOutcome:
    """One CancellationReasons entry as a sentence tied to its action and field."""
    code = reason.get("Code")
    code = None if code in (None, "None") else str(code)
    item = reason.get("Item")
    key = _action_key(action, key_names)
    where = f"{key_text(key)} in {action.table}"
    raw = str(reason.get("Message") or "").strip()
    if code is None:
        return ActionOutcome(index, None, "This action passed its checks; it was not written because "
                             "another action was cancelled.")
    if code == "ConditionalCheckFailed":
        shown = f" The item in the table: {_compact(item)}." if item else ""
        lock = schema.match_lock(action.item) if action.kind == PUT else None
        if lock is not None:
            rule, value = lock
            return ActionOutcome(index, code, f"{_rule_title(rule.name)} {value} is already taken.{shown} "
                                 f"Choose another {rule.name}, or, if no account holds it, release the "
                                 "lock with the Release orphan lock template.",
                                 "item." + schema.pk_name, rule.attribute, item)
        lock = schema.match_lock(action.key) if action.kind != PUT else None
        if lock is not None and "attribute_exists" in action.condition.replace("not_exists", ""):
            rule, value = lock
            return ActionOutcome(index, code, f"The {rule.name} lock for {value} no longer exists, so "
                                 "there was nothing to release or check; refresh and rebuild the "
                                 f"transaction.{shown}", "condition", rule.attribute, item)
        if action.kind == PUT and schema.is_account(action.item) \
                and "attribute_not_exists" in action.condition:
            return ActionOutcome(index, code, f"An account with {key_text(key)} already exists in "
                                 f"{action.table}; use another account id.{shown}",
                                 "item." + schema.pk_name, None, item)
        human = render_expression(action.condition, action.names, action.values)
        what = f" ({action.label})" if action.label else ""
        return ActionOutcome(index, code, f"The condition on {where}{what} was not met: {human}. The item "
                             f"changed since this transaction was built; reload it and rebuild.{shown}",
                             "condition", None, item)
    if code == "TransactionConflict":
        # A conflict says nothing about the value: the other writer may fail or release it. So a
        # lock's conflict is "try again" at the field, never "taken" (that is ConditionalCheckFailed).
        lock = schema.match_lock(action.item if action.kind == PUT else action.key)
        if lock is not None:
            rule, value = lock
            return ActionOutcome(index, code, f"Another transaction was writing the {rule.name} lock for "
                                 f"{value} at the same moment, so DynamoDB cancelled this one "
                                 f"(TransactionConflict). This does not mean {value} is taken. Nothing was "
                                 "written; try again.", "key", rule.attribute)
        return ActionOutcome(index, code, f"Another transaction or write was changing {where} at the "
                             "same moment, so DynamoDB cancelled this one. Nothing was written; execute "
                             "it again.", "key")
    if code in ("ThrottlingError", "ProvisionedThroughputExceeded"):
        return ActionOutcome(index, code, f"{action.table} was over its capacity for {where} (a hot "
                             "partition or too little provisioned capacity). Nothing was written; wait a "
                             "few seconds and execute again, or raise the table's capacity.", "table")
    if code == "ItemCollectionSizeLimitExceeded":
        return ActionOutcome(index, code, f"The item collection of {where} has reached 10 GB, the limit "
                             "for tables with a local secondary index. Delete items with this partition "
                             "key or move them to another key.", "key")
    if code == "ValidationError":
        return ActionOutcome(index, code, f"DynamoDB rejected this action as invalid: {raw or 'no detail'}. "
                             "Fix the action and execute again.", "key")
    return ActionOutcome(index, code, f"DynamoDB cancelled this action with {code}: {raw or 'no detail'}.",
                         "key", None, item)


def _compact(item: Mapping[str, Any] | None) -> str:
    if not item:
        return "(none)"
    return "{" + key_text(item) + "}"


def explain_cancellation(tx: Transaction, reasons: Sequence[Mapping[str, Any]],
                         schema: UniquenessSchema | None = None,
                         tables: Mapping[str, TableInfo] | None = None) -> list[ActionOutcome]:
    """Map CancellationReasons, positionally, to one outcome per action."""
    schema = schema or article_schema()
    tables = tables or {}
    out = []
    for index, action in enumerate(tx.actions):
        reason = reasons[index] if index < len(reasons) else {"Code": "None"}
        names = _key_names(action.table, tables, schema)
        out.append(explain_reason(index, action, reason, schema, names))
    return out


def _key_names(table: str, tables: Mapping[str, TableInfo], schema: UniquenessSchema) -> tuple[str, ...]:
    info = tables.get(table)
    if info is not None:
        return info.key_names
    return (schema.pk_name,) + ((schema.sk_name,) if schema.sk_name else ())


def cancellation_summary(outcomes: Sequence[ActionOutcome]) -> str:
    failed = [o for o in outcomes if o.code]
    if not failed:
        return "DynamoDB cancelled the transaction without saying why; nothing was written."
    return "Nothing was written. " + " ".join(f"Action {o.index + 1}: {o.message}" for o in failed)


# ------------------------------------------------------------------ settling by reads


def _expected_effect(action: Action, current: Mapping[str, Any] | None) -> str:
    """'applied', 'not_applied' or 'unverifiable' for one action given the item read now."""
    if action.kind == PUT:
        if current is None or set(current) != set(action.item):
            return "not_applied"
        return "applied" if all(values_equal(current[k], v) for k, v in action.item.items()) \
            else "not_applied"
    if action.kind == DELETE:
        return "applied" if current is None else "not_applied"
    if action.kind == UPDATE:
        if current is None:
            return "not_applied"  # an applied Update always leaves an item behind
        try:
            tree = parse_update(action.update)
        except ExpressionSyntaxError:
            return "unverifiable"
        checks: list[bool] = []
        for step in tree.set:
            name = _top_level_name(step, action.names)
            if name is not None and isinstance(step.value, Value) and step.value.name in action.values:
                got = current.get(name)
                checks.append(got is not None and values_equal(got, action.values[step.value.name]))
        for path in tree.remove:
            name = _path_name(path, action.names)
            if name is not None:
                checks.append(name not in current)
        if not checks:
            return "unverifiable"
        return "applied" if all(checks) else "not_applied"
    return "unverifiable"  # ConditionCheck writes nothing


def _path_name(path: Path, names: Mapping[str, str]) -> str | None:
    if len(path.elements) != 1 or not isinstance(path.elements[0], str):
        return None
    element = path.elements[0]
    return names.get(element) if element.startswith("#") else element


def _top_level_name(step: SetAction, names: Mapping[str, str]) -> str | None:
    return _path_name(step.path, names)


def settle_by_reads(conn: Connection, tx: Transaction, reader: Reader,
                    tables: Mapping[str, TableInfo], schema: UniquenessSchema
                    ) -> tuple[str, list[str], list[dict[str, Any] | None]]:
    """Read every touched key strongly consistently (one TransactGetItems) and decide.

    Transactions are atomic, so if any change is missing the transaction was not
    applied (or was undone since); if every checkable change is there, it was.
    """
    infos = dict(tables)
    gets = []
    for action in tx.actions:
        if action.kind == PUT and action.table not in infos:
            infos[action.table] = describe_table(conn, action.table)
        names = _key_names(action.table, infos, schema)
        gets.append({"Get": {"TableName": action.table, "Key": _action_key(action, names)}})
    response = reader.read("TransactGetItems", {"TransactItems": gets})
    current = [r.get("Item") for r in response.get("Responses", [])]
    states = [_expected_effect(a, c) for a, c in zip(tx.actions, current, strict=False)]
    if "not_applied" in states:
        verdict = NOT_APPLIED
    elif "applied" in states:
        verdict = APPLIED
    else:
        verdict = UNKNOWN
    return verdict, states, current


# ------------------------------------------------------------------ attempts bookkeeping


_attempts = threading.local()


def _on_needs_retry(response: Any = None, caught_exception: BaseException | None = None,
                    attempts: int = 0, **_: Any) -> None:
    """Observe botocore's attempts on this thread (never decides on retries itself)."""
    record = getattr(_attempts, "record", None)
    if record is None:
        return
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
    if caught_exception is not None or (status is not None and status >= 500) or damaged:
        record["ambiguous"] = True
        record["cause"] = (type(caught_exception).__name__ if caught_exception is not None
                           else "a damaged answer" if damaged else f"HTTP {status}")


def _on_before_send(request: Any = None, **_: Any) -> None:
    record = getattr(_attempts, "record", None)
    if record is None or request is None:
        return
    try:
        record["tokens"].append(body_json(request.body).get("ClientRequestToken", ""))
    except (ValueError, TypeError):
        record["tokens"].append("")


def _install_observers(conn: Connection) -> None:
    client = conn.client
    if getattr(client, "_dynoview_attempt_observer", False):
        return
    client.meta.events.register_first("needs-retry.dynamodb.TransactWriteItems", _on_needs_retry)
    client.meta.events.register("before-send.dynamodb.TransactWriteItems", _on_before_send)
    client._dynoview_attempt_observer = True  # type: ignore[attr-defined]


def _is_ambiguous(exc: BaseException) -> bool:
    if isinstance(exc, _AMBIGUOUS_EXCEPTIONS):
        return True
    if isinstance(exc, bce.ClientError):
        code = exc.response.get("Error", {}).get("Code", "")
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0) or 0
        # An error answer whose body could not be parsed (cut short on the way) has only its
        # HTTP status for a code: why it failed was lost, so resend it like a lost answer.
        return code in _AMBIGUOUS_CODES or int(status) >= 500 or str(code).isdigit()
    return False


def _failure_message(exc: BaseException, tx: Transaction,
                     profile: str | None = None) -> tuple[str, str | None]:
    """Sentence for a definite refusal (nothing was written)."""
    if isinstance(exc, bce.ClientError):
        err = exc.response.get("Error", {})
        code = err.get("Code")
        raw = err.get("Message", "")
        if code in ("ExpiredTokenException", "ExpiredToken"):
            login = f"aws sso login --profile {profile}" if profile else "aws sso login"
            return ("Your temporary AWS credentials have expired, so DynamoDB refused the transaction "
                    f"and wrote nothing. Refresh them (for SSO: `{login}`), then execute it again: "
                    f"it keeps its token {tx.token}."), code
        if code == "IdempotentParameterMismatchException":
            return (f"The token {tx.token} was already used in the last 10 minutes for a transaction with "
                    "different content, so DynamoDB refused this one and wrote nothing. Regenerate the "
                    "token and execute again (first check whether the earlier transaction did what you "
                    "wanted)."), code
        if code == "ValidationException":
            return (f"DynamoDB rejected the request as invalid and wrote nothing: {raw} Fix the "
                    "transaction and execute again."), code
        if code in ("ProvisionedThroughputExceededException", "ThrottlingException",
                    "RequestLimitExceeded"):
            return ("DynamoDB throttled the transaction even after retries and wrote nothing. Wait a "
                    "moment and execute again, or raise the table's capacity."), code
        if code == "ResourceNotFoundException":
            return (f"A table in this transaction does not exist on this connection ({raw}); nothing "
                    "was written. Check the table names."), code
        if code in ("AccessDeniedException", "UnrecognizedClientException"):
            return (f"DynamoDB refused these credentials for TransactWriteItems ({raw}); nothing was "
                    "written. Use an identity allowed to write these tables."), code
        return f"TransactWriteItems failed with {code}: {raw} Nothing was written.", code
    return f"TransactWriteItems failed: {exc}. Nothing was written.", type(exc).__name__


# ------------------------------------------------------------------ the token's 10 minutes


def _entry_sent_at(entry: Mapping[str, Any]) -> float | None:
    outcome = entry.get("outcome")
    stamp = (outcome.get("sent_at") if isinstance(outcome, Mapping) else None) or entry.get("time")
    try:
        return datetime.fromisoformat(str(stamp)).timestamp()
    except (TypeError, ValueError):
        return None


def token_first_sent(log: ActionLog | None, token: str) -> float | None:
    """When the token's current run of sends began (epoch seconds), from the action log.

    Sends within ``TOKEN_RESEND_WARNING`` of a run's first send are resends of one request
    as DynamoDB sees them; a send later than that was a new request to DynamoDB, and starts
    a new run. None when the log has no send of this token.
    """
    if log is None or not token:
        return None
    times = sorted(t for e in log.entries_for_token(token) for t in [_entry_sent_at(e)] if t is not None)
    start: float | None = None
    for sent in times:
        if start is None or sent - start > TOKEN_RESEND_WARNING:
            start = sent
    return start


def stale_token_warning(token: str, first_sent: float | None, now: float) -> str | None:
    """A sentence when sending under this token again is likely past DynamoDB's 10 minutes."""
    if first_sent is None or now - first_sent <= TOKEN_RESEND_WARNING:
        return None
    minutes = (now - first_sent) / 60
    return (f"The token {token} was first sent {minutes:.0f} minutes ago, and DynamoDB honours a token "
            "for 10 minutes: it treats this as a new request, so if the earlier one was applied, this "
            "one can be applied again (or be cancelled by its own conditions). Check the items first, "
            "and regenerate the token for a transaction you mean as new.")


# ------------------------------------------------------------------ execution


def execute_transaction(
    conn: Connection,
    tx: Transaction,
    *,
    confirmation: str | bool | None,
    tables: Mapping[str, TableInfo] | None = None,
    schema: UniquenessSchema | None = None,
    reader: Reader | None = None,
    log: ActionLog | None = None,
    retries: int = 2,
    retry_delay: float = 0.5,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.time,
) -> ExecutionResult:
    """Validate, confirm, send the exact preview bytes, and report a known outcome.

    Raises before sending: ``ReadOnlyError``, ``TransactionInvalidError`` (with the
    located problems), ``ConfirmationError``. Everything after sending ends in an
    ``ExecutionResult`` and one action-log line. ``clock`` (epoch seconds) times the
    token's 10 minutes: the log says when the token was first sent.
    """
    schema = schema or article_schema()
    tables = dict(tables or {})
    requirement = confirmation_for(conn, tx)
    if not requirement.allowed:
        raise ReadOnlyError(requirement.message)
    problems = validate(tx, tables, schema)
    if has_errors(problems):
        raise TransactionInvalidError(problems)
    requirement.check(confirmation)
    return _send_and_settle(conn, tx, tables=tables, schema=schema, reader=reader or Reader(conn),
                            log=log, retries=retries, retry_delay=retry_delay, sleep=sleep, clock=clock)


def _send_and_settle(conn: Connection, tx: Transaction, *, tables: dict[str, TableInfo],
                     schema: UniquenessSchema, reader: Reader, log: ActionLog | None, retries: int,
                     retry_delay: float, sleep: Callable[[float], None],
                     clock: Callable[[], float]) -> ExecutionResult:
    request = tx.to_request()
    body = request_body(request)
    _install_observers(conn)
    record: dict[str, Any] = {"count": 0, "ambiguous": False, "tokens": []}
    # The user sends this token again (a resend after a lost answer, or the same request
    # later): past about 9 minutes DynamoDB takes it as a new request. Sent, with a warning.
    started = clock()
    warnings = [w for w in [stale_token_warning(tx.token, token_first_sent(log, tx.token), started)] if w]
    _attempts.record = record
    result: ExecutionResult | None = None
    last_exc: BaseException | None = None
    stale_resend: str | None = None
    try:
        for round_ in range(retries + 1):
            if round_:
                sleep(retry_delay * round_)
                if clock() - started > TOKEN_RESEND_WARNING:
                    # Our own resend would no longer be idempotent: an unguarded write could be
                    # applied twice. Stop resending; the reads below decide what happened.
                    stale_resend = (f"It was not resent again: {(clock() - started) / 60:.0f} minutes have "
                                    "passed since the first attempt, and DynamoDB honours a token for 10 "
                                    "minutes, so a resend would be a new request.")
                    break
            try:
                response = send_exact(conn, request, body)
            except bce.ClientError as exc:
                code = exc.response.get("Error", {}).get("Code")
                if code == "TransactionCanceledException":
                    outcomes = explain_cancellation(tx, exc.response.get("CancellationReasons") or [],
                                                    schema, tables)
                    result = ExecutionResult(CANCELLED, cancellation_summary(outcomes), tx.token,
                                             outcomes, error_code=code)
                    break
                if _is_ambiguous(exc):
                    record["ambiguous"] = True
                    last_exc = exc
                    continue
                message, code = _failure_message(exc, tx, conn.spec.profile)
                result = ExecutionResult(FAILED, message, tx.token, error_code=code)
                break
            except _AMBIGUOUS_EXCEPTIONS as exc:
                record["ambiguous"] = True
                last_exc = exc
                continue
            written = [ActionOutcome(i, None, f"Written: {a.summary()}.") for i, a in enumerate(tx.actions)]
            # DynamoDB answers a resend of an applied transaction 200 without writing again (same
            # token, within 10 minutes): say that the 200 came after a lost answer, and why that is safe.
            resent = ""
            if record["ambiguous"]:
                cause = _lost_cause(last_exc, record.get("cause"))
                resent = (f" An earlier attempt got no usable answer ({cause}), so it was resent with "
                          f"the same token {tx.token}; DynamoDB applies the transaction of one token "
                          "only once.")
            result = ExecutionResult(SUCCEEDED, f"The transaction was applied: {len(tx.actions)} action"
                                     f"{'s' if len(tx.actions) != 1 else ''} written.{resent}", tx.token,
                                     written, response=response)
            break
        if record["ambiguous"] and (result is None or result.status == CANCELLED):
            result = _settle(conn, tx, reader, tables, schema, result, last_exc, record.get("cause"),
                             stale_resend)
        assert result is not None
    finally:
        _attempts.record = None
    result.attempts = max(record["count"], len(record["tokens"]), 1)
    result.tokens_sent = list(record["tokens"])
    result.sent_at = started
    if stale_resend:
        warnings.append(stale_resend)
    if warnings:
        result.warnings = warnings
        result.message = " ".join([result.message, *(w for w in warnings if w not in result.message)])
    if log is not None:
        log.append(connection=connection_record(conn.spec, conn.region), token=tx.token,
                   request=body_json(body), outcome=result.to_json())
    return result


def _lost_cause(last_exc: BaseException | None, observed: str | None) -> str:
    """What took the answer away, in a few words: the exception, or what botocore saw."""
    cause = type(last_exc).__name__ if last_exc else (observed or "a dropped connection")
    if isinstance(last_exc, bce.ClientError):
        code = str(last_exc.response.get("Error", {}).get("Code", ""))
        cause = "an answer cut short" if code.isdigit() else code or cause
    return cause


def _settle(conn: Connection, tx: Transaction, reader: Reader, tables: dict[str, TableInfo],
            schema: UniquenessSchema, cancelled: ExecutionResult | None,
            last_exc: BaseException | None, observed: str | None = None,
            stale_resend: str | None = None) -> ExecutionResult:
    """After an answer was lost: decide from strongly consistent reads."""
    cause = _lost_cause(last_exc, observed)
    lost = (f"An answer from DynamoDB was lost ({cause}), so the transaction was resent with the same "
            f"token {tx.token} and then checked with strongly consistent reads.")
    if stale_resend:
        lost = (f"An answer from DynamoDB was lost ({cause}) under the token {tx.token}. {stale_resend} "
                "Strongly consistent reads decide instead.")
    try:
        verdict, states, current = settle_by_reads(conn, tx, reader, tables, schema)
    except Exception as exc:  # the endpoint may still be unreachable: say so, do not guess
        return ExecutionResult(UNKNOWN, f"{lost} The reads failed too ({exc}), so whether it was applied "
                               "is not known. Check the items before executing again with the same "
                               "token.", tx.token, error_code=type(exc).__name__)
    outcomes = []
    for index, (action, state, item) in enumerate(zip(tx.actions, states, current, strict=False)):
        now = "absent" if item is None else f"present: {_compact(item)}"
        outcomes.append(ActionOutcome(index, None, f"{action.summary()}: {state.replace('_', ' ')} "
                                      f"(item now {now}).", state=state, item=item))
    if verdict == APPLIED:
        result = ExecutionResult(APPLIED, f"{lost} Every change is in place: the transaction was "
                                 "applied once.", tx.token, outcomes, verified_by_reads=True,
                                 current_items=current)
    elif verdict == NOT_APPLIED and cancelled is not None:
        cancelled.message = f"{lost} The reads confirm nothing was written. " + cancelled.message
        cancelled.verified_by_reads = True
        cancelled.current_items = current
        return cancelled
    elif verdict == NOT_APPLIED:
        result = ExecutionResult(NOT_APPLIED, f"{lost} The changes are not there: the transaction was "
                                 "not applied. Execute it again.", tx.token, outcomes,
                                 verified_by_reads=True, current_items=current)
    else:
        result = ExecutionResult(UNKNOWN, f"{lost} The reads cannot tell (this transaction has no "
                                 "change a read can check); the items are shown as they are now.",
                                 tx.token, outcomes, verified_by_reads=True, current_items=current)
    return result
