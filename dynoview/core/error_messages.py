"""What to say about a failure: botocore's exception classes and DynamoDB's error codes, each
mapped to a title and a sentence that says what happened and what to do.

``dynoview.core.errors.describe_error`` gathers the facts of a failure and looks them up here:
this module loads with the first error described, not with every module that can raise one
(the window's, before its first paint). It imports nothing of DynoView's.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Facts:
    """What a message may name; each optional part comes with its own leading space."""

    op: str = "the operation"
    code: str = ""
    raw: str = ""  # the service's own message, redacted (it may echo the signed request)
    status: int = 0  # the HTTP status of the answer
    where: str = ""  # " at http://localhost:8000" or " in eu-west-1"
    profile: str | None = None
    profile_flag: str = ""  # " --profile NAME"
    for_profile: str = ""  # " for profile NAME"
    on_table: str = ""  # " on table NAME"
    on: str = ""  # " on NAME"
    the_table: str = "The table"  # "Table NAME"
    did_you_mean: str = ""  # " Did you mean NAME?" for a missing table named almost like another
    exc_text: str = ""  # the exception's own text, redacted
    reasons: str = ""  # " DynamoDB's reason: ..." from a throttling answer's ThrottlingReasons
    throttled: bool = False  # a throttling code (errors.THROTTLING_CODES)
    partiql: bool = False  # a PartiQL operation (errors.PARTIQL_OPERATIONS)
    server_error: bool = False  # an internal error code of the service, or an HTTP 5xx
    # From ``error_context.context_for``: what the exception's text does not give.
    proxy_url: str = ""  # the proxy a request went through, its user info redacted
    proxy_set_by: str = ""  # " (set by HTTPS_PROXY)"
    proxy_var: str = ""  # the variable to correct
    error_kind: str = ""  # the class of an HTTP client's own error (never its text)
    file_kind: str = "config"  # which AWS file did not parse: "config" or "credentials"
    file_path: str = ""
    file_var: str = "AWS_CONFIG_FILE"  # the variable that chooses that file
    parse_detail: str = ""  # where and why it did not parse


@dataclass(frozen=True)
class Entry:
    title: str
    message: str  # a str.format template over the fields of Facts
    code: str | None = None  # the code to report; None: the DynamoDB code itself


_SSO = Entry(
    "SSO login needed",
    "The AWS SSO session for profile {profile_name} has expired or was never started. Run "
    "`aws sso login{profile_flag}` in a terminal, then retry.", "SSOTokenExpired")
_UNREACHABLE = Entry(
    "Endpoint unreachable",
    "Could not reach the DynamoDB endpoint{where}. Check that it is running and that the URL is "
    "right (for DynamoDB Local usually http://localhost:8000), then retry.", "EndpointUnreachable")
_NETWORK = ("Check your network connection, VPN and proxy settings (HTTPS_PROXY, HTTP_PROXY, "
            "NO_PROXY)")
#: The services a sign-in reaches before any request goes to DynamoDB: when one of them cannot
#: be reached, DynamoDB is not what failed (``unreachable_service`` tells them apart).
UNREACHABLE_SERVICES: dict[str, Entry] = {
    "dynamodb": _UNREACHABLE,
    "sts": Entry(
        "AWS STS unreachable",
        "Could not reach AWS STS{service_at}, where the role{for_profile} is assumed, so nothing "
        f"was sent to DynamoDB. {_NETWORK}, and the STS endpoint if AWS_ENDPOINT_URL_STS or the "
        "profile sets one, then retry.", "STSUnreachable"),
    "sso": Entry(
        "AWS SSO unreachable",
        "Could not reach the IAM Identity Center (SSO) portal{service_at}, which hands out the "
        f"role credentials{{for_profile}}, so nothing was sent to DynamoDB. {_NETWORK}, then "
        "retry; if it still fails, sign in again with `aws sso login{profile_flag}`.",
        "SSOUnreachable"),
    "oidc": Entry(
        "AWS SSO unreachable",
        "Could not reach IAM Identity Center's sign-in service (SSO OIDC){service_at}, which "
        "starts and renews the SSO session{for_profile}, so nothing was sent to DynamoDB. "
        f"{_NETWORK}, then retry, or sign in with `aws sso login{{profile_flag}}` once it can "
        "be reached.", "SSOUnreachable"),
}
_READ_TIMEOUT = Entry(
    "Timed out",
    "The DynamoDB endpoint{where} accepted the connection but did not answer in time. Retry; "
    "if it keeps happening, the endpoint is overloaded or a proxy is in the way.",
    "ReadTimeout")
#: A sign-in service that accepted the connection and never answered (``render``), by the name
#: its unreachable sentence gives it.
_SERVICE_NAMES = {"sts": "AWS STS", "sso": "The IAM Identity Center (SSO) portal",
                  "oidc": "IAM Identity Center's sign-in service (SSO OIDC)"}
#: Paths only the SSO portal's and SSO OIDC's calls use: an endpoint set by
#: AWS_ENDPOINT_URL_SSO or AWS_ENDPOINT_URL_SSO_OIDC names a host that does not say whose it is.
_SSO_PATHS = ("/federation/", "/assignment/", "/logout")
_OIDC_PATHS = ("/token", "/client/register", "/device_authorization")
_AWS_DOMAINS = (".amazonaws.com", ".amazonaws.com.cn", ".api.aws")

#: botocore's exception classes (by name, through the class hierarchy) -> what to say.
BOTOCORE_ERRORS: dict[str, Entry] = {
    "SSOTokenLoadError": _SSO,
    "UnauthorizedSSOTokenError": _SSO,
    "TokenRetrievalError": _SSO,
    "SSOError": _SSO,
    "PendingAuthorizationExpiredError": _SSO,
    "ProfileNotFound": Entry(
        "Unknown profile",
        "The AWS profile {profile!r} is not in your AWS config or credentials files. Pick another "
        "profile or add it with `aws configure --profile NAME`.", "ProfileNotFound"),
    "NoCredentialsError": Entry(
        "No credentials",
        "No AWS credentials were found{for_profile}. Run `aws configure{profile_flag}` (or "
        "`aws sso login{profile_flag}` for SSO), or connect to a local endpoint, then retry.",
        "NoCredentials"),
    # Titles are templates too: the credentials file is not the config file.
    "ConfigParseError": Entry(
        "AWS {file_kind} unreadable",
        "The AWS {file_kind} file {file_path} is not valid INI: {parse_detail} Fix that file, or "
        "point {file_var} at another one, then retry.", "ConfigParse"),
    "NoRegionError": Entry(
        "No region",
        "No AWS region is set. Choose a region in the connection dialog, pass --region, or set "
        "AWS_REGION.", "NoRegion"),
    "EndpointConnectionError": _UNREACHABLE,
    "ConnectTimeoutError": _UNREACHABLE,
    "ConnectionClosedError": _UNREACHABLE,
    "ReadTimeoutError": _READ_TIMEOUT,
    "ParamValidationError": Entry("Invalid request", "{exc_text}", "ParamValidation"),
    # botocore names the proxy with its user info masked, never the variable that set it.
    "ProxyConnectionError": Entry(
        "Proxy unreachable",
        "Could not connect to the proxy {proxy_url}{proxy_set_by} on the way to DynamoDB{where}. "
        "Start the proxy, correct {proxy_var}, or add the endpoint's host to NO_PROXY to connect "
        "without it, then retry.", "ProxyUnreachable"),
    # Its text quotes whatever the client raised: bytes of the URL's user info among them.
    "HTTPClientError": Entry(
        "Request failed",
        "The request to DynamoDB{where} failed in the HTTP client ({error_kind}) with no usable "
        "answer. If the endpoint URL holds a user name or password, percent-encode them (a "
        "quote, space or @ in them breaks the URL); check the proxy settings too (HTTPS_PROXY, "
        "HTTP_PROXY, NO_PROXY), then retry.", "HTTPClientError"),
}


def _code_in(*codes: str) -> Callable[[Facts], bool]:
    wanted = frozenset(codes)
    return lambda facts: facts.code in wanted


#: DynamoDB's answers (ClientError), first match wins -> what to say.
CLIENT_ERRORS: tuple[tuple[Callable[[Facts], bool], Entry], ...] = (
    (_code_in("AccessDeniedException", "AccessDenied", "UnauthorizedOperation"), Entry(
        "Access denied",
        "Your identity is not allowed to call dynamodb:{op}{on_table}. Ask for that permission "
        "in your IAM policy, or use another profile. ({raw})")),
    (_code_in("ResourceNotFoundException"), Entry(
        "Table not found",
        "{the_table} does not exist{where}.{did_you_mean} Check the table name, the region and the "
        "endpoint of this connection.")),
    (lambda facts: facts.throttled, Entry(
        "Throttled",
        "DynamoDB throttled {op}{on} even after retries: the table or a hot partition key is over "
        "its capacity.{reasons} Wait a moment and retry, use a smaller page size, or raise the "
        "capacity.")),
    # An endpoint's PartiQL engine that fails on a statement (moto's fails on begins_with in a
    # WHERE) answers 500 on every attempt: a refusal of this statement, which no retry changes.
    (lambda facts: facts.partiql and facts.server_error,
     Entry(
        "Statement refused",
        "This endpoint's PartiQL engine cannot run this statement: {raw_sentence} Sending it again "
        "will not help: rewrite it (for example with a key condition, or filter the items in the "
        "Items tab), or run it on DynamoDB itself.",
        "PartiQLStatementRefused")),
    (lambda facts: facts.server_error, Entry(
        "DynamoDB unavailable",
        "DynamoDB{where} answered {op} with an internal error ({code_or_status}) on every "
        "attempt. This is on the service side, not in your request: wait a moment and retry.",
        "{code_or_status}")),
    (_code_in("ExpiredTokenException", "ExpiredToken"), Entry(
        "Credentials expired",
        "Your temporary AWS credentials have expired. Refresh them (for SSO: "
        "`aws sso login{profile_flag}`) and retry.")),
    (_code_in("UnrecognizedClientException", "InvalidSignatureException"), Entry(
        "Credentials rejected",
        "DynamoDB did not accept these credentials (unknown access key or wrong secret"
        "{for_profile}). Check the profile's keys and retry.")),
    # DynamoDB keeps a ClientRequestToken for 10 minutes with the request it came with.
    (_code_in("IdempotentParameterMismatchException"), Entry(
        "Token already used",
        "DynamoDB refused {op} and wrote nothing: its ClientRequestToken was used in the last 10 "
        "minutes for a request with different content. Check whether that earlier request did "
        "what you wanted; to send this one, give it a new token (Regenerate in the builder).")),
    # GSIs only serve eventually consistent reads.
    (lambda facts: facts.code == "ValidationException" and "consistent read" in facts.raw.lower(),
     Entry(
        "Strong read not allowed",
        "Global secondary indexes only serve eventually consistent reads. Switch the read to "
        "eventual, or query the table or a local secondary index.")),
)


#: How alike a name must be (difflib's ratio) to be offered for a missing table: a typo or two.
SIMILAR_TABLE_CUTOFF = 0.85


def similar_table(wanted: str, names: Iterable[str]) -> str | None:
    """The one table of ``names`` that ``wanted`` most likely meant, or None.

    Table names are case-sensitive, so ``Accounts`` for ``accounts`` is a missing table: the
    only name equal but for case wins; else the one close match above ``SIMILAR_TABLE_CUTOFF``.
    Two candidates alike (``Accounts`` and ``ACCOUNTS``, for ``aCCOUNTS``) are no answer.
    """
    listed = list(dict.fromkeys(names))
    if wanted in listed:
        return None  # it exists: another table is the one missing
    same_but_case = [name for name in listed if name.casefold() == wanted.casefold()]
    if same_but_case:
        return same_but_case[0] if len(same_but_case) == 1 else None
    close = difflib.get_close_matches(wanted, listed, n=2, cutoff=SIMILAR_TABLE_CUTOFF)
    if len(close) == 2 and (difflib.SequenceMatcher(None, wanted, close[0]).ratio()
                            == difflib.SequenceMatcher(None, wanted, close[1]).ratio()):
        return None  # a tie: offering either would be a guess
    return close[0] if close else None


def failed_url(exc_text: str) -> str:
    """The URL botocore's connection errors name (``... endpoint URL: "URL"``), "" if none."""
    match = re.search(r'endpoint URL: "([^"]*)"', exc_text)
    return match.group(1) if match else ""


def unreachable_service(url: str, *, signing_in: bool = False) -> str:
    """Whose endpoint ``url`` is, a key of ``UNREACHABLE_SERVICES``: by AWS's host names
    (``sts.…``, ``portal.sso.…``, ``oidc.…``), else by the paths only SSO's calls use. STS and
    DynamoDB both post to "/": another host there is DynamoDB's, but while ``signing_in`` (no
    DynamoDB request is made then) it is STS's, the one other service a sign-in calls."""
    try:
        parts = urlsplit(url)
        host, path = (parts.hostname or "").lower(), parts.path or "/"
    except ValueError:
        host, path = "", "/"
    for prefix, service in (("sts.", "sts"), ("portal.sso.", "sso"), ("oidc.", "oidc"),
                            ("dynamodb.", "dynamodb"), ("streams.dynamodb.", "dynamodb")):
        if host.startswith(prefix) and host.endswith(_AWS_DOMAINS):
            return service
    if path.startswith(_SSO_PATHS):
        return "sso"
    if path.startswith(_OIDC_PATHS):
        return "oidc"
    return "sts" if signing_in else "dynamodb"


def _service_at(url: str) -> str:
    """" at scheme://host[:port]": the place, without user info, path or query."""
    try:
        parts = urlsplit(url)
        host, port = parts.hostname or "", parts.port
    except ValueError:
        return ""
    if not host:
        return ""
    host = f"[{host}]" if ":" in host else host
    return f" at {parts.scheme}://{host}{f':{port}' if port else ''}"


#: The title of a sign-in that failed after the connection opened (a refresh of its credentials).
SIGN_IN_FAILED = "Sign-in failed"


def retrieval_sentence(provider: str, name: str, profile: str | None, detail: str,
                       phrased: bool) -> str:
    """What to say when a credential source failed (botocore's ``CredentialRetrievalError``),
    when connecting or when the credentials are refreshed later: the same sentence both times.

    ``name``: the profile whose source failed (a role chain's source profile, say), ``profile``
    the connection's; ``detail``: the failure in words, redacted; ``phrased``: ``detail`` is a
    sentence of ``credential_process.py`` (else botocore's own, never quoted for a process).
    """
    chain = f" Profile {profile} signs in through profile {name}." if profile and name != profile else ""
    if provider == "custom-process" and not phrased:
        # botocore's message quotes the process's standard error whole: a helper's own secrets
        # (a password, a Vault token) that no redaction pattern knows, and megabytes of it.
        return (f"The credential_process of profile {name} failed, so there are no credentials to "
                f"connect with. What it printed is not shown here, as it may hold secrets.{chain} Run "
                "that command in a terminal to see why, then retry.")
    if provider == "custom-process":  # a sentence of credential_process.py, quoting no output
        return (f"The credential_process of profile {name} {detail}{chain} Run that command in a "
                "terminal to see why, then retry.")
    return (f"No credentials for profile {name} from {provider or 'its credential source'}: "
            f"{detail} Check the profile's credential_source or source_profile, then retry.")


def render_unreachable_sign_in(facts: Facts) -> tuple[str, str, str | None]:
    """``render`` for a connection failure while the credentials were being resolved, when
    only the sign-in's services (STS, SSO) can have been called (``signin.sign_in``)."""
    return render(_UNREACHABLE, facts, signing_in=True)


def render(entry: Entry, facts: Facts, *, signing_in: bool = False) -> tuple[str, str, str | None]:
    """The title, sentence and code ``entry`` gives for ``facts``. A connection failure names
    the service whose endpoint could not be reached (``unreachable_service``), not always
    DynamoDB's."""
    url = ""
    if entry is _UNREACHABLE:
        url = failed_url(facts.exc_text)
        entry = UNREACHABLE_SERVICES[unreachable_service(url, signing_in=signing_in)]
    elif entry is _READ_TIMEOUT:
        url = failed_url(facts.exc_text)
        service = unreachable_service(url, signing_in=signing_in)
        if service != "dynamodb":
            entry = Entry(
                f"{_SERVICE_NAMES[service].replace('The ', '', 1)} timed out",
                f"{_SERVICE_NAMES[service]}{{service_at}} accepted the connection but did not answer "
                f"in time, so nothing was sent to DynamoDB. {_NETWORK}, then retry.",
                f"{service.upper()}Timeout")
    raw = facts.raw.strip() or f"HTTP {facts.status} with no message"
    fields = {**vars(facts), "profile_name": facts.profile or "(default)", "service_at": _service_at(url),
              "raw_sentence": raw if raw.endswith((".", "!", "?")) else raw + ".",
              "code_or_status": facts.code or str(facts.status)}
    code = facts.code if entry.code is None else entry.code.format(**fields)
    return entry.title.format(**fields), entry.message.format(**fields), code
