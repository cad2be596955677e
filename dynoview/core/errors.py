"""Turn failures into sentences a user can act on.

The UI never shows a traceback: it shows ``UserFacingError.message``, which says what happened
and what to do about it. This is a base module of the core: it imports no domain package, so
every package can raise its errors. Domain errors join in through the two base classes here:
``DynoViewError`` (a refusal whose message is already written for the user) and ``InputError``
(text the user typed or loaded that cannot be used). AWS answers are looked up in two tables,
botocore's exception classes and DynamoDB's error codes, in ``error_messages``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from dynoview.core.error_messages import Facts


class DynoViewError(Exception):
    """Base class for errors whose message is already fit for a user."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class InputError(ValueError):
    """Base class for errors about text the user typed or loaded (a value, an expression, a
    schema, an imported request): the UI explains them as sentences, never as crashes.

    Subclasses set ``message`` (what is wrong and how to fix it) and, where they can, ``field``
    (where in the input: a path, a location).
    """

    message: str
    field: str | None = None

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        if not hasattr(self, "message"):  # a subclass may set it before or after this call
            self.message = str(args[0]) if args else ""


class ReadOnlyError(DynoViewError):
    """A write was refused by a read-only connection before it left the machine."""


class ConsistentReadOnGsiError(DynoViewError):
    """A strongly consistent read was asked of a global secondary index."""


class CancelledError(DynoViewError):
    """The user cancelled a long read."""


# NamedTuples, not frozen dataclasses: this module loads before the window's first paint, and
# a NamedTuple class is made in a fifth of the time (issue 19).
class UserFacingError(NamedTuple):
    title: str
    message: str
    code: str | None = None


THROTTLING_CODES = frozenset({
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "Throttling",
})
#: The PartiQL operations: a server error to one of them is the statement's refusal.
PARTIQL_OPERATIONS = frozenset({"ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction"})
_SERVER_CODES = frozenset({"InternalServerError", "InternalFailure", "ServiceUnavailable",
                           "ServiceUnavailableException"})


# -- throttling reasons (ThrottlingReasons in botocore's model, on every throttling answer)

# The LimitType part of a reason, in words.
_LIMITS = (
    ("KeyRangeThroughputExceeded", "one key range (partition) is over its throughput, so spread the "
                                   "requests over more partition keys"),
    ("ProvisionedThroughputExceeded", "the provisioned capacity is used up"),
    ("AccountLimitExceeded", "the account's throughput quota for a table is used up"),
    ("MaxOnDemandThroughputExceeded", "the table's on-demand maximum throughput is reached"),
)


class ThrottleReason(NamedTuple):
    """One of DynamoDB's ``ThrottlingReason`` entries."""

    reason: str
    resource: str = ""

    def text(self) -> str:
        where = f" on {self.resource}" if self.resource else ""
        words = next((w for suffix, w in _LIMITS if self.reason.endswith(suffix)), "")
        return f"{self.reason}{where}" + (f", meaning {words}" if words else "")


def throttling_reasons(source: Any) -> list[ThrottleReason]:
    """The reasons in a throttling answer: a ClientError, or its parsed response dict."""
    answer = source if isinstance(source, Mapping) else getattr(source, "response", None)
    if not isinstance(answer, Mapping):
        return []
    listed = answer.get("ThrottlingReasons") or answer.get("throttlingReasons") or []
    out = []
    for entry in listed if isinstance(listed, list) else []:
        if isinstance(entry, Mapping) and entry.get("reason"):
            out.append(ThrottleReason(str(entry["reason"]), str(entry.get("resource") or "")))
    return out


def reasons_text(reasons: Iterable[ThrottleReason]) -> str:
    """``DynamoDB's reason: …`` for a message, or "" when the answer gave none."""
    texts = list(dict.fromkeys(r.text() for r in reasons))
    if not texts:
        return ""
    return f"DynamoDB's reason{'s' if len(texts) > 1 else ''}: {'; '.join(texts)}."


def aws_error_code(exc: BaseException | None) -> str | None:
    """The error code of an AWS answer (``ClientError.response["Error"]["Code"]``), else None.

    Duck-typed on ``response`` so callers need not import botocore; its connection errors carry
    no answer (``response`` is absent or None) and give None, as does an empty code.
    """
    return answer_error_code(getattr(exc, "response", None))


def answer_error_code(answer: object) -> str | None:
    """The error code in a parsed AWS answer (``{"Error": {"Code": ...}}``, as botocore's event
    hooks see it before any exception exists), else None."""
    error = answer.get("Error") if isinstance(answer, Mapping) else None
    code = error.get("Code") if isinstance(error, Mapping) else None
    return str(code) if code else None


def describe_error(
    exc: BaseException,
    *,
    operation: str | None = None,
    table: str | None = None,
    profile: str | None = None,
    endpoint: str | None = None,
    region: str | None = None,
    table_names: Iterable[str] | None = None,
) -> UserFacingError:
    """Map any exception raised by a DynamoDB call to a title and an actionable sentence.

    ``table_names``: the tables the connection lists, if known. A missing ``table`` named like
    one of them but for case or a typo is then offered ("Did you mean accounts?").

    The sentence never holds a password from an endpoint URL (``http://user:pass@host``):
    neither the endpoint it names nor an exception text that quotes the URL. Every text the
    server or the exception gives (a message, a code, a refusal's words) is redacted as logs and
    crash reports are (``redaction.redact_text``): an endpoint may echo the signed request, its
    session token and access key id. A command it tells the user to run is quoted for POSIX
    shells (``login_profile_flag``).
    """
    # Imported when an error is described, not with every module that can raise one (the
    # window's among them, before its first paint): the patterns compile as redaction loads,
    # the two tables of sentences are dataclasses.
    from dynoview.core.error_context import context_for, shown_url
    from dynoview.core.error_messages import Facts
    from dynoview.core.redaction import redact_url_credentials

    context = context_for(exc, endpoint)
    # Up to the URL's last "@": a password holding a quote or a "/" is not a URL to a pattern.
    endpoint = shown_url(endpoint) if endpoint else endpoint
    facts = Facts(
        where=f" at {endpoint}" if endpoint else (f" in {region}" if region else ""),
        profile=profile,
        profile_flag=login_profile_flag(profile),
        for_profile=f" for profile {profile}" if profile else "",
        on_table=f" on table {table}" if table else "",
        on=f" on {table}" if table else "",
        the_table=f"Table {table}" if table else "The table",
        **context,
    )
    err = _describe(exc, facts, operation, table, table_names)
    return UserFacingError(redact_url_credentials(err.title), redact_url_credentials(err.message),
                           err.code)


def login_profile_flag(profile: str | None) -> str:
    """`` --profile NAME`` for a command the user is told to run (``aws sso login``), quoted for
    POSIX shells: a name with a space stays one word, and one starting with "-" is given as
    ``--profile=NAME``, never read as another option. "" for no profile."""
    if not profile:
        return ""
    import shlex  # only when an error is described

    quoted = shlex.quote(profile)
    return f" --profile={quoted}" if profile.startswith("-") else f" --profile {quoted}"


def _describe(exc: BaseException, facts: Facts, operation: str | None, table: str | None,
              table_names: Iterable[str] | None) -> UserFacingError:
    # ``said`` cleans every text a server or an exception gives before it joins a sentence (a
    # server may echo the signed request); the sentences' own words, the endpoint, profile and
    # table names are DynoView's or the user's.
    from dataclasses import replace  # not before the window's first paint (issue 19)

    from dynoview.core.error_messages import (
        BOTOCORE_ERRORS,
        CLIENT_ERRORS,
        SIGN_IN_FAILED,
        render,
        retrieval_sentence,
        similar_table,
    )
    from dynoview.core.redaction import redact_text as said

    if isinstance(exc, DynoViewError):
        # Its message may quote another exception's text (DuckDB's, a URL parser's).
        return UserFacingError("Not sent" if isinstance(exc, ReadOnlyError) else "DynoView",
                               said(exc.message), type(exc).__name__)
    names = [cls.__name__ for cls in type(exc).__mro__]
    response = getattr(exc, "response", None)
    if "ClientError" in names and isinstance(response, dict):
        error = response.get("Error", {})
        code = said(aws_error_code(exc) or "")  # a server names it: it may quote anything
        status = int(response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0)
        # The call the answer came from, when it says: a caller names the one it expected.
        op = getattr(exc, "operation_name", None) or operation or "the operation"
        raw = said(str(error.get("Message") or "") or str(exc))  # it may echo the signed request
        facts = replace(facts, code=code, raw=raw, status=status,
                        op=op, throttled=code in THROTTLING_CODES, partiql=op in PARTIQL_OPERATIONS,
                        server_error=code in _SERVER_CODES or status >= 500)
        if facts.throttled:
            why = said(reasons_text(throttling_reasons(exc)))
            facts = replace(facts, reasons=f" {why}" if why else "")
        meant = (similar_table(table, table_names)
                 if table and table_names is not None and code == "ResourceNotFoundException"
                 else None)
        if meant is not None:
            facts = replace(facts, did_you_mean=f" Did you mean {meant}?")
        entry = next((e for matches, e in CLIENT_ERRORS if matches(facts)), None)
        if entry is None:
            return UserFacingError(code or "DynamoDB error", f"{facts.op} failed: {facts.raw}", code)
        return UserFacingError(*render(entry, facts))
    if "CredentialRetrievalError" in names:
        # Raised at a refresh, once connected (a helper whose own sign-in ended): the sentence
        # connecting gives (``signin.sign_in``), naming the profile and what to run.
        kwargs = getattr(exc, "kwargs", None) or {}
        detail = said(str(kwargs.get("error_msg", exc)).strip())
        return UserFacingError(SIGN_IN_FAILED, retrieval_sentence(
            str(kwargs.get("provider") or ""), str(kwargs.get("profile") or facts.profile or "default"),
            facts.profile, detail, bool(kwargs.get("sentence"))), "CredentialRetrieval")
    entry = next((BOTOCORE_ERRORS[n] for n in names if n in BOTOCORE_ERRORS), None)
    if entry is not None:
        return UserFacingError(*render(entry, replace(facts, exc_text=said(str(exc).strip()))))
    return UserFacingError("Unexpected error", f"{type(exc).__name__}: {said(str(exc))}",
                           type(exc).__name__)


def is_user_facing(exc: BaseException) -> bool:
    """True for errors the UI explains as a sentence; False for bugs (the crash reporter's).

    User-facing: the core's ``DynoViewError`` (its message is written for the user), botocore's
    errors (AWS answers, credentials, connection failures: ``describe_error`` maps them) and the
    core's ``InputError`` (values, expressions, schemas, imported requests the user gave).
    """
    from botocore.exceptions import BotoCoreError, ClientError  # lazily: only when a task failed

    return isinstance(exc, DynoViewError | InputError | BotoCoreError | ClientError)


#: botocore's errors for credentials that could not be had: raised while a request is signed,
#: so before it leaves the machine (by class name, through the class hierarchy).
_CREDENTIAL_ERRORS = frozenset({
    "CredentialRetrievalError", "NoCredentialsError", "PartialCredentialsError",
    "TokenRetrievalError", "SSOTokenLoadError", "UnauthorizedSSOTokenError", "SSOError",
    "PendingAuthorizationExpiredError",
})


def credentials_failed(exc: BaseException) -> bool:
    """True when ``exc`` says the credentials could not be had (a credential_process that
    failed at a refresh, an SSO session that ended): the request it was for was never sent."""
    return any(cls.__name__ in _CREDENTIAL_ERRORS for cls in type(exc).__mro__)
