"""Executing a transaction safely, and saying exactly what happened.

- Refuses before sending: invalid transactions, read-only connections, and
  executions the user has not confirmed (typing the table name on endpoints that
  are not on this machine).
- Sends the exact preview bytes (``tx_wire.send_exact``).
- Ambiguous failures (timeouts, dropped connections, 5xx) are retried with the
  same ClientRequestToken; then strongly consistent reads of every touched key
  settle whether the transaction was applied. Once an answer is lost, no later
  answer decides (a throttle, expired credentials, a conflict): only the reads
  (``_outcome``, the one place). Success or failure is never reported without knowing.
  Before the first attempt, one consistent read of a touched item says whether its change
  already held (``settle.held_before``): a change found in place after a lost answer is
  evidence only if it was not in place before (a lock that already existed is not). An
  execution of a token sent before (in its 10 minutes) reuses what its first send saw (a read
  now would find that send's own changes); a caller that has just read the items passes them
  (``before``) and nothing more is read. That read never stops a send: failing, it knows nothing.
- DynamoDB keeps a token for 10 minutes after the request that used it, on that endpoint
  (and account): only sends through the same connection (``action_log.same_connection``) are
  earlier sends of a token, for its replay, its first send's reads and its age. A resend
  later than about 9 minutes after the token was first sent (``TOKEN_RESEND_WARNING``)
  would be a new request: the execution's own resends stop there and the reads
  decide; an execution the user starts again that late is sent, with a warning.
- TransactionCanceledException's ``CancellationReasons`` (one per action, in
  order) become sentences tied to the action and field: "Email
  ada@lovelace.io is already taken".
- Every send is in the action log: its intent (with the token) before the request leaves
  the machine, its outcome after. An intent without an outcome (the app was killed in
  between) is settled by reads before the next execution on that connection
  (``tx.recovery``). A log that cannot take the intent stops the send; one that cannot
  take the outcome is said in the result, with what the transaction did.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from botocore import exceptions as bce

from dynoview.core.errors import (
    DynoViewError,
    ReadOnlyError,
    aws_error_code,
    login_profile_flag,
    reasons_text,
    throttling_reasons,
)
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import attempts
from dynoview.core.tx.action_log import ActionLog, ActionLogError, connection_record
from dynoview.core.tx.cancellation import cancellation_summary, explain_cancellation
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.idempotency import (
    TOKEN_RESEND_WARNING,
    earlier_send,
    sends_of,
    stale_token_warning,
    token_first_sent,
)
from dynoview.core.tx.model import CONDITION_CHECK, Problem, Transaction
from dynoview.core.tx.outcomes import (
    APPLIED,
    CANCELLED,
    FAILED,
    NOT_APPLIED,
    SUCCEEDED,
    UNKNOWN,
    ActionOutcome,
    ExecutionResult,
)
from dynoview.core.tx.recovery import recover_interrupted
from dynoview.core.tx.settle import (
    Before,
    before_from_context,
    held_before,
    merged_before,
    settled_result,
)
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.tx.wire import body_json, request_body, send_exact
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema

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


def _is_ambiguous(exc: BaseException) -> bool:
    if isinstance(exc, _AMBIGUOUS_EXCEPTIONS):
        return True
    if isinstance(exc, bce.ClientError):
        code = aws_error_code(exc) or ""
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
        code = aws_error_code(exc)
        raw = err.get("Message", "")
        if code in ("ExpiredTokenException", "ExpiredToken"):
            login = "aws sso login" + login_profile_flag(profile)  # shell-quoted: run as shown
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
            why = reasons_text(throttling_reasons(exc))  # ThrottlingReasons: what and where
            return ("DynamoDB throttled the transaction even after retries and wrote nothing. "
                    + (f"{why} " if why else "")
                    + "Wait a moment and execute again, or raise the table's capacity."), code
        if code == "ResourceNotFoundException":
            return (f"A table in this transaction does not exist on this connection ({raw}); nothing "
                    "was written. Check the table names."), code
        if code in ("AccessDeniedException", "UnrecognizedClientException"):
            return (f"DynamoDB refused these credentials for TransactWriteItems ({raw}); nothing was "
                    "written. Use an identity allowed to write these tables."), code
        return f"TransactWriteItems failed with {code}: {raw} Nothing was written.", code
    return f"TransactWriteItems failed: {exc}. Nothing was written.", type(exc).__name__


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
    context: Mapping[str, Any] | None = None,
    validated: bool = False,
    fresh_token: bool = False,
    assume_new: bool = False,
) -> ExecutionResult:
    """Validate, confirm, send the exact preview bytes, and report a known outcome.

    Raises before sending: ``ReadOnlyError``, ``TransactionInvalidError`` (with the
    located problems), ``ConfirmationError``, ``ActionLogError`` (the log cannot take the
    intent: nothing is sent). Everything after sending ends in an ``ExecutionResult`` and
    the send's outcome in the action log (an outcome the log cannot take is said in the
    result, ``log_error``). ``clock`` (epoch seconds) times the token's 10 minutes: the log
    says when the token was first sent. ``context`` is kept with the send in the log (a
    repair names its finding there, so a resumed run knows its own earlier writes).
    ``validated``: the caller ran ``validate`` on this very transaction and found no error
    (the import does, while the batch before it is written), so it is not run again.
    ``fresh_token``: the caller knows the token was never sent before (an import's batch after
    its first), so the log is not searched for its first send.
    ``assume_new``: a change found in place after a lost answer counts as this send's, unread
    (an import's batch: one whose changes all held already leaves the table as its file says).
    """
    schema = schema or article_schema()
    tables = dict(tables or {})
    requirement = confirmation_for(conn, tx)
    if not requirement.allowed:
        raise ReadOnlyError(requirement.message)
    problems = [] if validated else validate(tx, tables, schema)
    if has_errors(problems):
        raise TransactionInvalidError(problems)
    requirement.check(confirmation)
    given: list[bool | None] | None = [False] * len(tx.actions) if assume_new else None
    return _send_and_settle(conn, tx, tables=tables, schema=schema, reader=reader or Reader(conn),
                            log=log, retries=retries, retry_delay=retry_delay, sleep=sleep, clock=clock,
                            context=context, fresh_token=fresh_token, given=given)


def _send_and_settle(conn: Connection, tx: Transaction, *, tables: dict[str, TableInfo],
                     schema: UniquenessSchema, reader: Reader, log: ActionLog | None, retries: int,
                     retry_delay: float, sleep: Callable[[float], None],
                     clock: Callable[[], float], context: Mapping[str, Any] | None,
                     fresh_token: bool = False, given: list[bool | None] | None = None
                     ) -> ExecutionResult:
    request = tx.to_request()
    body = request_body(request)
    attempts.install_observers(conn)
    # The user sends this token again (a resend after a lost answer, or the same request
    # later): past about 9 minutes DynamoDB takes it as a new request. Sent, with a warning.
    started = clock()
    # Only this connection's sends count: DynamoDB keeps a token per endpoint (and account), so
    # another endpoint's send of this token is no earlier send here.
    here = connection_record(conn.spec, conn.region)
    first_sent = None if fresh_token else token_first_sent(log, tx.token, here)
    warnings = [w for w in [stale_token_warning(tx.token, first_sent, started)] if w]
    # Sends an earlier process was killed in the middle of are settled first (once per run).
    recovered = recover_interrupted(conn, log, schema=schema, tables=tables, reader=reader)
    # What the changes looked like before the token's first send (in its window): kept with the
    # intent, for a recovery and for the next execution of this token (always, so the newest
    # send that has it is of the current run of sends).
    window = first_sent is not None and started - first_sent <= TOKEN_RESEND_WARNING
    earlier = _earlier_held(log, tx, body, here) if window else None
    # A send of this request the token's window already holds as (maybe) applied: a 200 now is
    # DynamoDB's replay of it, which writes nothing again (read after the recovery settled it).
    replay_of = earlier_send(log, tx.token, body_json(body), first_sent, connection=here) \
        if window and first_sent is not None else None
    before = _held(conn, tx, reader, tables, schema, earlier, given)
    context = {**(context or {}), **before.context()}
    # The intent is on disk before the request leaves: a kill during the send is recovered.
    # ActionLogError here means nothing was sent.
    intent = None if log is None else log.intent(
        connection=here, token=tx.token, request=body_json(body),
        context=context)
    # Resends are bounded by the token's age, from its first send in this run of sends (the
    # action log's), not from this execution's start: a resend of it later is a new request.
    began = first_sent if first_sent is not None and window else started
    record: dict[str, Any] = {"count": 0, "ambiguous": False, "tokens": [], "window": (clock, began)}
    attempts.local.record = record
    try:
        result, stale_resend = _outcome(conn, tx, request, body, tables=tables, schema=schema,
                                        reader=reader, record=record, before=before, retries=retries,
                                        retry_delay=retry_delay, sleep=sleep, clock=clock, started=began)
    except BaseException:
        if log is not None and intent is not None and not record["tokens"]:
            log.void(intent)  # refused before the first attempt left the machine
        raise  # else (an abort) the intent stays: settled by reads at the next start
    finally:
        attempts.local.record = None
    if replay_of is not None and result.status == SUCCEEDED:
        _as_replay(result, tx, *replay_of)
    result.attempts = max(record["count"], len(record["tokens"]), 1)
    result.tokens_sent = list(record["tokens"])
    result.sent_at = started
    result.recovered = [r.sentence for r in recovered]
    if stale_resend:
        warnings.append(stale_resend)
    if warnings:
        result.warnings = warnings
        result.message = " ".join([result.message, *(w for w in warnings if w not in result.message)])
    if log is not None and intent is not None:
        try:
            log.outcome(intent, result.to_json())
        except ActionLogError as exc:
            result.log_error = _unlogged(result, exc)
            result.message = f"{result.message} {result.log_error}"
    return result


def _outcome(conn: Connection, tx: Transaction, request: dict[str, Any], body: bytes, *,
             tables: dict[str, TableInfo], schema: UniquenessSchema, reader: Reader,
             record: dict[str, Any], before: Before, retries: int, retry_delay: float,
             sleep: Callable[[float], None], clock: Callable[[], float], started: float
             ) -> tuple[ExecutionResult, str | None]:
    """What became of the send: DynamoDB's answer while there is no doubt; after any doubt
    (an answer lost on the way), the strongly consistent reads alone decide.

    The one place that rule is kept: whatever DynamoDB answers after a lost answer (a throttle,
    expired credentials, a conflict, the resend's own cancellation) cannot tell whether the lost
    attempt was applied, so it never reports "nothing was written" by itself."""
    try:
        answer, last_exc, stale_resend = _send_with_retries(
            conn, tx, request, body, tables=tables, schema=schema, record=record, retries=retries,
            retry_delay=retry_delay, sleep=sleep, clock=clock, started=started)
    except Exception as exc:
        if not record["tokens"]:
            raise  # refused before sending (read-only, wire mismatch, credentials): nothing sent
        # Sent, then an error nothing above expected: as much a doubt as a lost answer.
        record["ambiguous"] = True
        answer, last_exc, stale_resend = None, exc, None
        if isinstance(exc, attempts.TokenWindowClosed):  # what botocore saw took the last answer away
            last_exc, stale_resend = None, exc.message
    if answer is not None and (answer.status == SUCCEEDED or not record["ambiguous"]):
        return answer, stale_resend
    lost = _lost_sentence(tx, last_exc, record.get("cause"), stale_resend, answer,
                          resent=max(record["count"], len(record["tokens"])) > 1)
    return settled_result(conn, tx, reader, tables, schema, lost, answer, before), stale_resend


def _held(conn: Connection, tx: Transaction, reader: Reader, tables: dict[str, TableInfo],
          schema: UniquenessSchema, earlier: Before | None,
          given: list[bool | None] | None) -> Before:
    """What held before the send: an earlier send's of this token, completed (when it has no
    witness) by the caller's items or ``held_before``. A read that fails knows nothing: it never
    stops a send (the preflight already read what decides whether to send); the reads after a
    lost answer then cannot claim applied, nor tell an item written again since."""
    if earlier is not None and False in earlier.held:
        return earlier  # a witness already: no read
    if given is not None:
        return merged_before(earlier, Before(list(given), [None] * len(given)))
    try:
        fresh = held_before(conn, tx, reader, tables, schema)
    except Exception:  # a throttle, an endpoint down: the send says what matters
        fresh = Before.unknown(len(tx.actions))
    return merged_before(earlier, fresh)


def _earlier_held(log: ActionLog | None, tx: Transaction, body: bytes,
                  connection: Mapping[str, Any]) -> Before | None:
    """What the newest logged send of this very request (token and bytes) through ``connection``
    kept of what held before it; None when no send kept it (an older log, or none). Another
    endpoint's items are not these: what held there is no evidence here."""
    if log is None:
        return None
    request = body_json(body)
    for entry in reversed(sends_of(log, tx.token, connection)):
        held = before_from_context(entry.get("context"), tx) if entry.get("request") == request else None
        if held is not None:
            return held
    return None


def _lost_sentence(tx: Transaction, last_exc: BaseException | None, observed: str | None,
                   stale_resend: str | None, answer: ExecutionResult | None, *, resent: bool = True) -> str:
    """What the doubt was, and what DynamoDB answered after it (if anything); ``resent``: more
    than one attempt left (an answer nothing expected is settled without a resend)."""
    cause = _lost_cause(last_exc, observed)
    if stale_resend:
        return (f"An answer from DynamoDB was lost ({cause}) under the token {tx.token}. {stale_resend} "
                "Strongly consistent reads decide instead.")
    checked = "It was then checked with strongly consistent reads."
    if answer is not None and answer.error_code:
        reasons = sorted({o.code for o in answer.actions if o.code})
        said = answer.error_code + (f" ({', '.join(reasons)})" if reasons else "")
        checked = (f"A later attempt was answered {said}, which cannot tell whether the lost one was "
                   "applied, so it was checked with strongly consistent reads.")
    if not resent:
        return (f"The answer from DynamoDB was lost ({cause}) under the token {tx.token}, so the "
                "transaction was checked with strongly consistent reads.")
    return (f"An answer from DynamoDB was lost ({cause}), so the transaction was resent with the same "
            f"token {tx.token}. {checked}")


_DID = {SUCCEEDED: "applied", APPLIED: "applied", CANCELLED: "cancelled by DynamoDB (nothing written)",
        NOT_APPLIED: "not applied", FAILED: "refused by DynamoDB (nothing written)",
        UNKNOWN: "whether it was applied is not known"}


def _unlogged(result: ExecutionResult, exc: ActionLogError) -> str:
    """The sentence for an outcome the action log could not take (the send itself happened)."""
    return (f"The transaction was sent and {_DID.get(result.status, result.status)}, but the action log "
            f"{exc.path} could not record that ({exc.reason}). {exc.fix} Its intent is in the log "
            f"under the token {result.token}: DynoView completes the entry with strongly consistent "
            "reads the next time it executes a transaction on this connection.")


def _send_with_retries(conn: Connection, tx: Transaction, request: dict[str, Any], body: bytes, *,
                       tables: dict[str, TableInfo], schema: UniquenessSchema, record: dict[str, Any],
                       retries: int, retry_delay: float, sleep: Callable[[float], None],
                       clock: Callable[[], float], started: float
                       ) -> tuple[ExecutionResult | None, BaseException | None, str | None]:
    """Send until DynamoDB answers, resending with the same token after a lost answer.

    Returns the answer (None when every attempt was lost), the last lost attempt's
    exception, and why resending stopped early when it did."""
    last_exc: BaseException | None = None
    for round_ in range(retries + 1):
        if round_:
            sleep(retry_delay * round_)
            if clock() - started > TOKEN_RESEND_WARNING:
                # Our own resend would no longer be idempotent: an unguarded write could be
                # applied twice. Stop resending; the reads below decide what happened.
                return None, last_exc, (
                    f"It was not resent again: {(clock() - started) / 60:.0f} minutes have "
                    "passed since the token was first sent, and DynamoDB honours a token for 10 "
                    "minutes, so a resend would be a new request.")
        try:
            response = send_exact(conn, request, body)
        except bce.ClientError as exc:
            answer = _error_answer(exc, tx, schema, tables, conn)
            if answer is not None:
                return answer, last_exc, None
            record["ambiguous"] = True
            last_exc = exc
            continue
        except _AMBIGUOUS_EXCEPTIONS as exc:
            record["ambiguous"] = True
            last_exc = exc
            continue
        if record.pop("last_damaged", False):
            # A 2xx whose body is not DynamoDB's answer (checked in ``attempts``): it may come
            # from anything between here and DynamoDB, so it is no proof of a write. Resent
            # with the same token; after the last round the reads decide.
            record["ambiguous"] = True
            continue
        return _applied(tx, response, record, last_exc), last_exc, None
    return None, last_exc, None


def _error_answer(exc: bce.ClientError, tx: Transaction, schema: UniquenessSchema,
                  tables: dict[str, TableInfo], conn: Connection) -> ExecutionResult | None:
    """A cancellation or a refusal; None when the error leaves it unknown whether it was written."""
    code = aws_error_code(exc)
    if code == "TransactionCanceledException":
        outcomes = explain_cancellation(tx, exc.response.get("CancellationReasons") or [],
                                        schema, tables)
        return ExecutionResult(CANCELLED, cancellation_summary(outcomes), tx.token,
                               outcomes, error_code=code)
    if _is_ambiguous(exc):
        return None
    message, code = _failure_message(exc, tx, conn.spec.profile)
    return ExecutionResult(FAILED, message, tx.token, error_code=code)


def _applied(tx: Transaction, response: dict[str, Any], record: dict[str, Any],
             last_exc: BaseException | None) -> ExecutionResult:
    # A ConditionCheck writes nothing: it held, and is said so (not counted as written).
    written = [ActionOutcome(i, None, f"{'Held' if a.kind == CONDITION_CHECK else 'Written'}: "
                                      f"{a.summary()}.") for i, a in enumerate(tx.actions)]
    writes = sum(1 for a in tx.actions if a.kind != CONDITION_CHECK)
    checks = len(tx.actions) - writes
    held = f", {checks} condition check{'s' if checks != 1 else ''} held" if checks else ""
    # DynamoDB answers a resend of an applied transaction 200 without writing again (same
    # token, within 10 minutes): say that the 200 came after a lost answer, and why that is safe.
    resent = ""
    if record["ambiguous"]:
        cause = _lost_cause(last_exc, record.get("cause"))
        resent = (f" An earlier attempt got no usable answer ({cause}), so it was resent with "
                  f"the same token {tx.token}; DynamoDB applies the transaction of one token "
                  "only once.")
    return ExecutionResult(SUCCEEDED, f"The transaction was applied: {writes} action"
                           f"{'s' if writes != 1 else ''} written{held}.{resent}", tx.token,
                           written, response=response)


def _as_replay(result: ExecutionResult, tx: Transaction, sent: float, applied: bool) -> None:
    """Say that DynamoDB's 200 answers an earlier send of the same request under this token
    (``sent``; ``applied``: its outcome was applied for sure), not a second write."""
    at = datetime.fromtimestamp(sent).strftime("%H:%M:%S")
    result.replay_of = datetime.fromtimestamp(sent, UTC).isoformat()
    writes = sum(1 for a in tx.actions if a.kind != CONDITION_CHECK)
    if applied:
        result.message = (f"Already applied by the send of {at} under the token {tx.token}: DynamoDB "
                          "answered this one as its replay and wrote nothing again (it applies one "
                          "token's transaction once within 10 minutes).")
        by = f"written by the send of {at}"
    else:
        result.message = (f"The transaction is applied, once: by the send of {at} under the token "
                          f"{tx.token}, whose answer was lost, or by a resend of it (DynamoDB applies one "
                          f"token's transaction once within 10 minutes): {writes} action"
                          f"{'s' if writes != 1 else ''} written in all.")
        by = "written once"
    result.actions = [ActionOutcome(i, None, f"{'Held' if a.kind == CONDITION_CHECK else by.capitalize()}: "
                                             f"{a.summary()}.") for i, a in enumerate(tx.actions)]


def _lost_cause(last_exc: BaseException | None, observed: str | None) -> str:
    """What took the answer away, in a few words: the exception, or what botocore saw."""
    cause = type(last_exc).__name__ if last_exc else (observed or "a dropped connection")
    if isinstance(last_exc, bce.ClientError):
        code = aws_error_code(last_exc) or ""
        cause = "an answer cut short" if code.isdigit() else code or cause
    return cause
