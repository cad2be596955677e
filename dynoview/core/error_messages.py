"""What to say about a failure: botocore's exception classes and DynamoDB's error codes, each
mapped to a title and a sentence that says what happened and what to do.

``dynoview.core.errors.describe_error`` is the way in: this module loads when an error is first
described, not with every module that can raise one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from dynoview.core.errors import (
    PARTIQL_OPERATIONS,
    THROTTLING_CODES,
    DynoViewError,
    ReadOnlyError,
    UserFacingError,
    aws_error_code,
    reasons_text,
    throttling_reasons,
)

_SERVER_CODES = frozenset({"InternalServerError", "InternalFailure", "ServiceUnavailable",
                           "ServiceUnavailableException"})


@dataclass(frozen=True)
class _Facts:
    """What a message may name; each optional part comes with its own leading space."""

    op: str = "the operation"
    code: str = ""
    raw: str = ""  # the service's own message
    status: int = 0  # the HTTP status of the answer
    where: str = ""  # " at http://localhost:8000" or " in eu-west-1"
    profile: str | None = None
    profile_flag: str = ""  # " --profile NAME"
    for_profile: str = ""  # " for profile NAME"
    on_table: str = ""  # " on table NAME"
    on: str = ""  # " on NAME"
    the_table: str = "The table"  # "Table NAME"
    exc_text: str = ""
    reasons: str = ""  # " DynamoDB's reason: ..." from a throttling answer's ThrottlingReasons


@dataclass(frozen=True)
class _Entry:
    title: str
    message: str  # a str.format template over the fields of _Facts
    code: str | None = None  # the code to report; None: the DynamoDB code itself


_SSO = _Entry(
    "SSO login needed",
    "The AWS SSO session for profile {profile_name} has expired or was never started. Run "
    "`aws sso login{profile_flag}` in a terminal, then retry.", "SSOTokenExpired")
_UNREACHABLE = _Entry(
    "Endpoint unreachable",
    "Could not reach the DynamoDB endpoint{where}. Check that it is running and that the URL is "
    "right (for DynamoDB Local usually http://localhost:8000), then retry.", "EndpointUnreachable")

#: botocore's exception classes (by name, through the class hierarchy) -> what to say.
BOTOCORE_ERRORS: dict[str, _Entry] = {
    "SSOTokenLoadError": _SSO,
    "UnauthorizedSSOTokenError": _SSO,
    "TokenRetrievalError": _SSO,
    "SSOError": _SSO,
    "PendingAuthorizationExpiredError": _SSO,
    "ProfileNotFound": _Entry(
        "Unknown profile",
        "The AWS profile {profile!r} is not in your AWS config or credentials files. Pick another "
        "profile or add it with `aws configure --profile NAME`.", "ProfileNotFound"),
    "NoCredentialsError": _Entry(
        "No credentials",
        "No AWS credentials were found{for_profile}. Run `aws configure{profile_flag}` (or "
        "`aws sso login{profile_flag}` for SSO), or connect to a local endpoint, then retry.",
        "NoCredentials"),
    "NoRegionError": _Entry(
        "No region",
        "No AWS region is set. Choose a region in the connection dialog, pass --region, or set "
        "AWS_REGION.", "NoRegion"),
    "EndpointConnectionError": _UNREACHABLE,
    "ConnectTimeoutError": _UNREACHABLE,
    "ConnectionClosedError": _UNREACHABLE,
    "ReadTimeoutError": _Entry(
        "Timed out",
        "The DynamoDB endpoint{where} accepted the connection but did not answer in time. Retry; "
        "if it keeps happening, the endpoint is overloaded or a proxy is in the way.",
        "ReadTimeout"),
    "ParamValidationError": _Entry("Invalid request", "{exc_text}", "ParamValidation"),
}


def _code_in(*codes: str) -> Callable[[_Facts], bool]:
    wanted = frozenset(codes)
    return lambda facts: facts.code in wanted


#: DynamoDB's answers (ClientError), first match wins -> what to say.
CLIENT_ERRORS: tuple[tuple[Callable[[_Facts], bool], _Entry], ...] = (
    (_code_in("AccessDeniedException", "AccessDenied", "UnauthorizedOperation"), _Entry(
        "Access denied",
        "Your identity is not allowed to call dynamodb:{op}{on_table}. Ask for that permission "
        "in your IAM policy, or use another profile. ({raw})")),
    (_code_in("ResourceNotFoundException"), _Entry(
        "Table not found",
        "{the_table} does not exist{where}. Check the table name, the region and the endpoint of "
        "this connection.")),
    (_code_in(*THROTTLING_CODES), _Entry(
        "Throttled",
        "DynamoDB throttled {op}{on} even after retries: the table or a hot partition key is over "
        "its capacity.{reasons} Wait a moment and retry, use a smaller page size, or raise the "
        "capacity.")),
    # An endpoint's PartiQL engine that fails on a statement (moto's fails on begins_with in a
    # WHERE) answers 500 on every attempt: a refusal of this statement, which no retry changes.
    (lambda facts: facts.op in PARTIQL_OPERATIONS and (facts.code in _SERVER_CODES or facts.status >= 500),
     _Entry(
        "Statement refused",
        "This endpoint's PartiQL engine cannot run this statement: {raw_sentence} Sending it again "
        "will not help: rewrite it (for example with a key condition, or filter the items in the "
        "Items tab), or run it on DynamoDB itself.",
        "PartiQLStatementRefused")),
    (lambda facts: facts.code in _SERVER_CODES or facts.status >= 500, _Entry(
        "DynamoDB unavailable",
        "DynamoDB{where} answered {op} with an internal error ({code_or_status}) on every "
        "attempt. This is on the service side, not in your request: wait a moment and retry.",
        "{code_or_status}")),
    (_code_in("ExpiredTokenException", "ExpiredToken"), _Entry(
        "Credentials expired",
        "Your temporary AWS credentials have expired. Refresh them (for SSO: "
        "`aws sso login{profile_flag}`) and retry.")),
    (_code_in("UnrecognizedClientException", "InvalidSignatureException"), _Entry(
        "Credentials rejected",
        "DynamoDB did not accept these credentials (unknown access key or wrong secret"
        "{for_profile}). Check the profile's keys and retry.")),
    # DynamoDB keeps a ClientRequestToken for 10 minutes with the request it came with.
    (_code_in("IdempotentParameterMismatchException"), _Entry(
        "Token already used",
        "DynamoDB refused {op} and wrote nothing: its ClientRequestToken was used in the last 10 "
        "minutes for a request with different content. Check whether that earlier request did "
        "what you wanted; to send this one, give it a new token (Regenerate in the builder).")),
    # GSIs only serve eventually consistent reads.
    (lambda facts: facts.code == "ValidationException" and "consistent read" in facts.raw.lower(),
     _Entry(
        "Strong read not allowed",
        "Global secondary indexes only serve eventually consistent reads. Switch the read to "
        "eventual, or query the table or a local secondary index.")),
)


def describe(
    exc: BaseException,
    *,
    operation: str | None = None,
    table: str | None = None,
    profile: str | None = None,
    endpoint: str | None = None,
    region: str | None = None,
) -> UserFacingError:
    """Map any exception raised by a DynamoDB call to a title and an actionable sentence.

    The sentence never holds a password from an endpoint URL (``http://user:pass@host``):
    neither the endpoint it names nor an exception text that quotes the URL.
    """
    # Imported when an error is described: its patterns are compiled as it loads.
    from dynoview.core.redaction import redact_url, redact_url_credentials

    endpoint = redact_url(endpoint)
    facts = _Facts(
        where=f" at {endpoint}" if endpoint else (f" in {region}" if region else ""),
        profile=profile,
        profile_flag=f" --profile {profile}" if profile else "",
        for_profile=f" for profile {profile}" if profile else "",
        on_table=f" on table {table}" if table else "",
        on=f" on {table}" if table else "",
        the_table=f"Table {table}" if table else "The table",
    )
    err = _describe(exc, facts, operation)
    return UserFacingError(redact_url_credentials(err.title), redact_url_credentials(err.message),
                           err.code)


def _describe(exc: BaseException, facts: _Facts, operation: str | None) -> UserFacingError:
    if isinstance(exc, DynoViewError):
        return UserFacingError("Not sent" if isinstance(exc, ReadOnlyError) else "DynoView",
                               exc.message, type(exc).__name__)
    names = [cls.__name__ for cls in type(exc).__mro__]
    response = getattr(exc, "response", None)
    if "ClientError" in names and isinstance(response, dict):
        error = response.get("Error", {})
        code = aws_error_code(exc) or ""
        facts = replace(facts, code=code, raw=error.get("Message", "") or str(exc),
                         status=int(response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0),
                         op=operation or getattr(exc, "operation_name", None) or "the operation")
        if code in THROTTLING_CODES:
            why = reasons_text(throttling_reasons(exc))
            facts = replace(facts, reasons=f" {why}" if why else "")
        entry = next((e for matches, e in CLIENT_ERRORS if matches(facts)), None)
        if entry is None:
            return UserFacingError(code or "DynamoDB error", f"{facts.op} failed: {facts.raw}", code)
        return _render(entry, facts)
    entry = next((BOTOCORE_ERRORS[n] for n in names if n in BOTOCORE_ERRORS), None)
    if entry is not None:
        return _render(entry, replace(facts, exc_text=str(exc).strip()))
    return UserFacingError("Unexpected error", f"{type(exc).__name__}: {exc}", type(exc).__name__)


def _render(entry: _Entry, facts: _Facts) -> UserFacingError:
    raw = facts.raw.strip() or f"HTTP {facts.status} with no message"
    fields = {**vars(facts), "profile_name": facts.profile or "(default)",
              "raw_sentence": raw if raw.endswith((".", "!", "?")) else raw + ".",
              "code_or_status": facts.code or str(facts.status)}
    code = facts.code if entry.code is None else entry.code.format(**fields)
    return UserFacingError(entry.title, entry.message.format(**fields), code)
