"""Turn botocore failures into sentences a user can act on.

The UI never shows a traceback: it shows ``UserFacingError.message``, which
says what happened and what to do about it.
"""

from __future__ import annotations

from dataclasses import dataclass


class DynoViewError(Exception):
    """Base class for errors whose message is already fit for a user."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class ReadOnlyError(DynoViewError):
    """A write was refused by a read-only connection before it left the machine."""


class ConsistentReadOnGsiError(DynoViewError):
    """A strongly consistent read was asked of a global secondary index."""


class CancelledError(DynoViewError):
    """The user cancelled a long read."""


@dataclass(frozen=True)
class UserFacingError:
    title: str
    message: str
    code: str | None = None


THROTTLING_CODES = {
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "Throttling",
}


def describe_error(
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
    from dynoview.core.session.log_redaction import redact_url, redact_url_credentials

    err = _describe_error(exc, operation=operation, table=table, profile=profile,
                          endpoint=redact_url(endpoint), region=region)
    return UserFacingError(redact_url_credentials(err.title), redact_url_credentials(err.message),
                           err.code)


def _describe_error(
    exc: BaseException,
    *,
    operation: str | None,
    table: str | None,
    profile: str | None,
    endpoint: str | None,
    region: str | None,
) -> UserFacingError:
    from botocore import exceptions as bce  # lazily: the window starts before boto3 loads

    where = f" at {endpoint}" if endpoint else (f" in {region}" if region else "")
    profile_flag = f" --profile {profile}" if profile else ""
    if isinstance(exc, DynoViewError):
        return UserFacingError("Not sent" if isinstance(exc, ReadOnlyError) else "DynoView",
                               exc.message, type(exc).__name__)
    if isinstance(exc, (bce.SSOTokenLoadError, bce.UnauthorizedSSOTokenError)) or (
        type(exc).__name__ in {"TokenRetrievalError", "SSOError", "PendingAuthorizationExpiredError"}
    ):
        return UserFacingError(
            "SSO login needed",
            f"The AWS SSO session for profile {profile or '(default)'} has expired or was never "
            f"started. Run `aws sso login{profile_flag}` in a terminal, then retry.",
            "SSOTokenExpired",
        )
    if isinstance(exc, bce.ProfileNotFound):
        return UserFacingError(
            "Unknown profile",
            f"The AWS profile {profile!r} is not in your AWS config or credentials files. "
            "Pick another profile or add it with `aws configure --profile NAME`.",
            "ProfileNotFound",
        )
    if isinstance(exc, bce.NoCredentialsError):
        return UserFacingError(
            "No credentials",
            "No AWS credentials were found"
            + (f" for profile {profile}" if profile else "")
            + ". Run `aws configure" + profile_flag + "` (or `aws sso login" + profile_flag
            + "` for SSO), or connect to a local endpoint, then retry.",
            "NoCredentials",
        )
    if isinstance(exc, bce.NoRegionError):
        return UserFacingError(
            "No region",
            "No AWS region is set. Choose a region in the connection dialog, pass --region, "
            "or set AWS_REGION.",
            "NoRegion",
        )
    if isinstance(exc, (bce.EndpointConnectionError, bce.ConnectTimeoutError,
                        bce.ConnectionClosedError)):
        return UserFacingError(
            "Endpoint unreachable",
            f"Could not reach the DynamoDB endpoint{where}. Check that it is running and that "
            "the URL is right (for DynamoDB Local usually http://localhost:8000), then retry.",
            "EndpointUnreachable",
        )
    if isinstance(exc, bce.ReadTimeoutError):
        return UserFacingError(
            "Timed out",
            f"The DynamoDB endpoint{where} accepted the connection but did not answer in time. "
            "Retry; if it keeps happening, the endpoint is overloaded or a proxy is in the way.",
            "ReadTimeout",
        )
    if isinstance(exc, bce.ParamValidationError):
        return UserFacingError("Invalid request", str(exc).strip(), "ParamValidation")
    if isinstance(exc, bce.ClientError):
        err = exc.response.get("Error", {})
        code = err.get("Code", "")
        raw = err.get("Message", "") or str(exc)
        op = operation or getattr(exc, "operation_name", None) or "the operation"
        if code in {"AccessDeniedException", "AccessDenied", "UnauthorizedOperation"}:
            target = f" on table {table}" if table else ""
            return UserFacingError(
                "Access denied",
                f"Your identity is not allowed to call dynamodb:{op}{target}. Ask for that "
                f"permission in your IAM policy, or use another profile. ({raw})",
                code,
            )
        if code == "ResourceNotFoundException":
            what = f"Table {table}" if table else "The table"
            return UserFacingError(
                "Table not found",
                f"{what} does not exist{where}. Check the table name, the region and the "
                "endpoint of this connection.",
                code,
            )
        if code in THROTTLING_CODES:
            return UserFacingError(
                "Throttled",
                f"DynamoDB throttled {op}"
                + (f" on {table}" if table else "")
                + " even after retries: the table or a hot partition key is over its capacity. "
                "Wait a moment and retry, use a smaller page size, or raise the capacity.",
                code,
            )
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0
        if code in {"InternalServerError", "InternalFailure", "ServiceUnavailable",
                    "ServiceUnavailableException"} or int(status) >= 500:
            return UserFacingError(
                "DynamoDB unavailable",
                f"DynamoDB{where} answered {op} with an internal error ({code or status}) on every "
                "attempt. This is on the service side, not in your request: wait a moment and "
                "retry.",
                code or str(status),
            )
        if code in {"ExpiredTokenException", "ExpiredToken"}:
            return UserFacingError(
                "Credentials expired",
                "Your temporary AWS credentials have expired. Refresh them (for SSO: "
                f"`aws sso login{profile_flag}`) and retry.",
                code,
            )
        if code in {"UnrecognizedClientException", "InvalidSignatureException"}:
            return UserFacingError(
                "Credentials rejected",
                "DynamoDB did not accept these credentials (unknown access key or wrong secret"
                + (f" for profile {profile}" if profile else "")
                + "). Check the profile's keys and retry.",
                code,
            )
        if code == "IdempotentParameterMismatchException":
            # DynamoDB keeps a ClientRequestToken for 10 minutes with the request it came with.
            return UserFacingError(
                "Token already used",
                f"DynamoDB refused {op} and wrote nothing: its ClientRequestToken was used in the "
                "last 10 minutes for a request with different content. Check whether that earlier "
                "request did what you wanted; to send this one, give it a new token (Regenerate "
                "in the builder).",
                code,
            )
        if code == "ValidationException" and "consistent read" in raw.lower():
            return UserFacingError(
                "Strong read not allowed",
                "Global secondary indexes only serve eventually consistent reads. Switch the "
                "read to eventual, or query the table or a local secondary index.",
                code,
            )
        return UserFacingError(code or "DynamoDB error", f"{op} failed: {raw}", code)
    return UserFacingError(
        "Unexpected error", f"{type(exc).__name__}: {exc}", type(exc).__name__
    )


def is_user_facing(exc: BaseException) -> bool:
    """True for errors the UI explains as a sentence; False for bugs (the crash reporter's).

    User-facing: the core's ``DynoViewError`` (its message is written for the user), botocore's
    errors (AWS answers, credentials, connection failures: ``describe_error`` maps them) and the
    core's errors about text the user typed (values, expressions, schemas, imported requests).
    """
    from botocore.exceptions import BotoCoreError, ClientError  # lazily: only when a task failed

    from dynoview.core.expressions.parser import ExpressionSyntaxError
    from dynoview.core.tx.model import TransactionImportError
    from dynoview.core.uniqueness.schema import SchemaError
    from dynoview.core.values.attributes import ValueParseError

    return isinstance(exc, DynoViewError | BotoCoreError | ClientError | ExpressionSyntaxError
                      | SchemaError | TransactionImportError | ValueParseError)
