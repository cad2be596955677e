"""Keep credentials out of everything the app writes or shows: logs, crash reports, errors.

One set of rules for every place text leaves the process (Python logging, the crash
dialog and its saved report, user-facing error sentences, the action log's connection
record): AWS access key ids, Authorization values, security tokens, ``secret=...``
style fields, long high-entropy runs (secret keys, session tokens), the user and
password in an endpoint URL (``http://user:pass@host:8000``), and the exact credential
values DynoView was given or finds in the environment become ``<redacted>``.

botocore logs every request at DEBUG: the ``Authorization`` header (which names the
access key id), ``X-Amz-Security-Token`` (the whole session token) and the canonical
request. DynoView never turns those logs on, but a user, a test or an embedding app
may. ``install_log_redaction`` wraps the LogRecord factory once, so every record, from
any logger and for any handler, has its message (and formatted traceback) cleaned
before anything can write it.

``redact_text`` (a message) and ``redact_obj`` (a JSON-like record: strings redacted, and the
whole value of a field named like a secret) are the calls for every other exit: the CLI's
error boundary and standard error, crash reports, the action log's outcome. DynamoDB's
``ClientRequestToken`` and ``NextToken`` are not secrets and stay. Exported code drops a URL's
user and password instead (``drop_url_credentials``), so the code still runs.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
import threading
import traceback
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import quote

REDACTED = "<redacted>"
#: Shorter values are never replaced wherever they appear: real keys are 20+ characters, and
#: replacing a word like "demo" (the demo endpoint's fake key) would garble the text.
MIN_SECRET_LENGTH = 8
#: A piece of a known value (a key wrapped over two lines, a token cut short) is removed where it
#: stands as a whole run of key characters (base64's alphabet) this long: when it holds a digit
#: and a letter, or whatever it holds from ``PLAIN_FRAGMENT`` characters on.
MIN_FRAGMENT = 8
PLAIN_FRAGMENT = 16
# Why a digit below 16: a secret key is 40 random base64 characters, so the piece a wrap leaves
# can be any length, and one of 8 (12, 15) characters holds a digit 74% (87%, 92%) of the time.
# Ordinary words ("DynamoDB", "Password") and numbers ("20120810") never hold both, so a password
# made of words ("DynamoDBAdmin1") does not turn every "DynamoDB" of a message into <redacted>
# (nor show, by doing so, what the password holds). Under 8 characters a piece is as likely a
# word of the message as a part of a key: it stays.
# Scanned from the left, each match is a whole run (a shorter one never matches, nor then its tail).
_KEY_RUN = re.compile(rf"[A-Za-z0-9+/]{{{MIN_FRAGMENT},}}")
_DIGIT = re.compile(r"[0-9]")
_LETTER = re.compile(r"[A-Za-z]")
_AWS_ENV_SECRETS = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
                    "AWS_SECURITY_TOKEN")
_ENV_SECRET_NAME = re.compile(r"(?i)secret|token|password|passwd|access_key|credential|api_key")

# The user-info part of a URL: everything between "scheme://" and the last "@" before the host.
# A typed password may hold what a URL does not allow there ("/", "?", "#", a raw "@", quotes,
# "<", ">"); each used to end the match, and the password was shown whole. So:
# - "user:password" runs over any of them, to the last "@" followed by a host (a letter, digit,
#   "_" or "[") in the same run of non-spaces: "http://admin:Sup3r/Secr3t@127.0.0.1:5055". At
#   most 128 characters: the bound keeps a long value linear to scan.
# - a user alone (no ":") stops at "/", "?" and "#", so "https://host/path@v2" stays.
# - a quote or "<" right before the scheme opens the URL, and its closing quote (or ">") ends
#   it, unless escaped (\" in JSON, '"'"' and '\'' in a shell's quoting), so that
#   '{"a":"http://h:1","b":"ada@x.io"}' keeps its mail address; any other quote is part of the
#   password. A password holding the closing quote itself is taken whole when the quote is
#   there once before the "@" (botocore's 'URL: "%s"' of "http://u:Sup3r"Secr3t@h").
# - a password may hold raw spaces ("http://u:my secret@proxy:3128", as a user types
#   HTTPS_PROXY): then the user is one word followed by ":", and the password runs over words
#   up to the first word holding an "@" (to that word's last "@", followed by a host). So a URL's
#   own "host:8000" followed by words is not taken for a user and password (a port is digits),
#   and "http://u:p@host as ada@lovelace.io" keeps the host and the mail address; a password
#   holding both a raw space and a raw "@" before it loses only its words after that "@".
# The scheme starts where a run of scheme characters does (not at every word boundary inside
# one, which made a long "a.a.a…" rescan itself: quadratic). Alternatives inside a repeat are
# atomic: a quote read two ways ('"'"') must not double the work at each one.
MAX_URL_PASSWORD = 128
_URL_OPEN = r"(?:(?<=(?P<q>[\"']))|(?<=(?P<lt><))|(?<![\"'<]))"
_URL_CLOSE = r"(?(q)(?P=q)|(?(lt)>|(?!)))"  # fails where nothing opened the URL
_URL_QUOTE = r"(?:(?(q)(?!(?P=q)))(?(lt)(?!>))['\"<>]|'(?:\"'\"|\\')')"  # not the closing one
_URL_USER = rf"(?>[^/?#\s\\'\"<>@:\[\]]++|\\.|{_URL_QUOTE})*:(?=[^\s@]{{0,{MAX_URL_PASSWORD}}}@)"
_URL_PASSWORD = rf"(?>[^\s\\'\"<>]|\\.|{_URL_QUOTE}){{0,{MAX_URL_PASSWORD}}}"
_URL_USERINFO = re.compile(
    rf"(?i)(?<![a-z0-9+.-])(?=[a-z]){_URL_OPEN}(?P<scheme>[a-z][a-z0-9+.-]*://)"
    r"(?:[^/?#\s'\"<>@:\[\]]*:(?![0-9]+[,;:.)\]]*[ \t])[^/?#\s'\"<>@]+(?:[ \t]+[^/?#\s'\"<>@]+)*"
    r"[ \t]+[^/?#\s'\"<>]*@(?=[\w\[])"  # with spaces
    rf"|{_URL_USER}{_URL_PASSWORD}@(?=[\w\[])"  # user:password
    rf"|(?>[^/?#\s\\'\"<>@]++|\\.|{_URL_QUOTE}|@)*@"  # a user alone, or up to a / ? #
    # The closing quote inside, after a password that is not a port ("<http://h:1>ada@x.io").
    rf"|{_URL_USER}(?![0-9]*{_URL_CLOSE}){_URL_PASSWORD}{_URL_CLOSE}{_URL_PASSWORD}@(?=[\w\[]))")
# mfa_code / TokenCode: a one-time MFA code (issue 25) is a secret while it is valid.
_SECRET_WORD_IN_NAME = r"[\w.-]*?(?:secret|token|mfa[_-]?code|passw(?:or)?d|credential|signature|" \
                       r"authorization|api[_-]?key|private[_-]?key|session[_-]?key|access[_-]?key)"
# A name holding one of these always names a secret; "token" only at its end (SessionToken,
# X-Amz-Security-Token, aws_session_token, accessToken), and never these, which are not secrets:
# DynamoDB's idempotency and paging tokens, and a bare "token" (the CLI's "token: <the request's
# ClientRequestToken>").
_STRONG_NAME = re.compile(r"(?i)secret|token[_-]?code|mfa[_-]?code|passw(?:or)?d|credential|signature|"
                          r"authorization|api[_-]?key|"
                          r"private[_-]?key|session[_-]?key|access[_-]?key")
_NOT_SECRET_TOKENS = frozenset({"token", "clientrequesttoken", "nexttoken", "paginationtoken",
                                "continuationtoken", "idempotencytoken", "requesttoken", "lasttoken"})
# An optional bytes-repr prefix: botocore logs headers as b'...'. Only a "b" right before a quote,
# so the first letter of a value such as "basic" is not taken for one.
_BYTES_QUOTE = r"(?:b(?=[\"']))?[\"']?"


def is_secret_name(name: str) -> bool:
    """Whether a field, header or variable called ``name`` holds a secret."""
    if _STRONG_NAME.search(name):
        return True
    folded = re.sub(r"[\W_]", "", name).lower()
    return folded.endswith("token") and folded not in _NOT_SECRET_TOKENS


# name=value, name: value, 'name': 'value', "Name": "value", 'Name': b'value', \"Name\": \"value\"
# (ini, env, repr, JSON, JSON inside a JSON string, headers): X-Amz-Security-Token, SessionToken,
# aws_secret_access_key, password... A quoted value runs to its closing quote (a password may hold
# spaces, "," or ";"); a bare one to the first space or delimiter. The name is a whole run of name
# characters that holds a secret's word: anchored at the run's start and looked for lazily inside
# it, the search stays linear on a long run of letters (an unanchored name made every position of
# a 30 KB value rescan the run: minutes to print it).
_NAMED_VALUE = re.compile(
    rf"(?i)(?<![\w.-])(?={_SECRET_WORD_IN_NAME})(?P<key>[\w.-]+)(?P<sep>\\?[\"']?\s*[:=]\s*)"
    r"(?P<q>b?(?P<quote>[\"'])|\\(?P<escaped>[\"'])|)"
    r"(?P<val>(?(quote)(?:\\.|(?!(?P=quote))[^\\\n])+|(?(escaped)[^\\\n]+|[^\"'\s,;}\])]+)))")


def _named_value(match: re.Match[str]) -> str:
    head = match.group("key") + match.group("sep") + match.group("q")
    if is_secret_name(match.group("key")):
        return head + REDACTED
    # Not a secret (NextToken...): its value is looked at again, as it may quote one.
    return head + _NAMED_VALUE.sub(_named_value, match.group("val"))


_PATTERNS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (_URL_USERINFO, r"\g<scheme>" + REDACTED + "@"),
    # An Authorization header or field: its whole value (scheme, credential scope, signature), up
    # to the end of the line, a quote or a ";" (what a server's message says after it stays).
    (re.compile(rf"(?i)(?P<key>\bauthorization[\"']?\s*[:=]\s*{_BYTES_QUOTE})[^\n\"';]+"),
     r"\g<key>" + REDACTED),
    (re.compile(r"(?i)\bbearer\s+[\w.~+/-]+=*"), "Bearer " + REDACTED),
    # name=value in its many spellings (``_NAMED_VALUE``)
    (_NAMED_VALUE, _named_value),
    # The same names as XML elements (STS and IAM answer in XML: <SecretAccessKey>...</...>).
    (re.compile(rf"(?i)<(?={_SECRET_WORD_IN_NAME})(?P<key>[\w.-]+)>(?P<val>[^<]+)(?=</(?P=key)>)"),
     lambda m: f"<{m.group('key')}>{REDACTED}" if is_secret_name(m.group("key")) else m.group()),
    # botocore's ParamValidationError quotes a wrong value: "parameter TokenCode, value: 123456, type: ...".
    (re.compile(r"(?im)\bparameter\s+(?P<key>[\w.\[\]-]+),\s*value:\s*(?P<val>.+?)(?=,\s*(?:type|valid)\b|$)"),
     lambda m: m.group()[:m.start("val") - m.start()] + REDACTED if is_secret_name(m.group("key"))
     else m.group()),
    # AWS access key ids (long-term AKIA, temporary ASIA, and the other id prefixes)
    (re.compile(r"\b(?:AKIA|ASIA|AIDA|AROA|AGPA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{12,}\b"), REDACTED),
    # Long high-entropy runs (secret keys are 40 base64 characters, session tokens hundreds),
    # standing on their own: not the tail of a name or path glued by "-" or "." (an S3 export's
    # s3://bucket/AWSDynamoDB/01796163007937-0cc633c7, a traceback's .venv/lib/python3.11/...).
    (re.compile(r"(?<![\w/+=.-])(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])"
                r"[A-Za-z0-9+/]{40,}={0,2}(?![\w/+=-])"), REDACTED),
)

_lock = threading.Lock()
_known: set[str] = set()
_installed = False


def remember_secrets(*values: Any) -> None:
    """Redact these exact values wherever they appear (credentials passed to a Connection)."""
    with _lock:
        _known.update(v for v in values if isinstance(v, str) and len(v) >= MIN_SECRET_LENGTH)


def environment_secrets(environ: Mapping[str, str] | None = None) -> list[str]:
    """Values of environment variables whose names say they hold a secret (for crash reports)."""
    env = os.environ if environ is None else environ
    return [v for k, v in env.items() if _ENV_SECRET_NAME.search(k) and len(v) >= MIN_SECRET_LENGTH]


def aws_environment_secrets(environ: Mapping[str, str] | None = None) -> list[str]:
    """Values of the AWS credential variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, ...)."""
    env = os.environ if environ is None else environ
    return [v for k in _AWS_ENV_SECRETS if len(v := env.get(k, "")) >= MIN_SECRET_LENGTH]


def credential_secrets(session: Any) -> list[str]:
    """The access key id, secret and token a boto3 session already resolved (no refresh, no I/O)."""
    try:
        creds = session._session._credentials  # resolved when the client was built
    except AttributeError:
        return []
    if creds is None:
        return []
    found = []
    for attr in ("access_key", "secret_key", "token", "_access_key", "_secret_key", "_token"):
        value = vars(creds).get(attr)
        if isinstance(value, str) and len(value) >= MIN_SECRET_LENGTH:
            found.append(value)
    return found


def _remember_signing_keys(request_signer: Any = None, request: Any = None, **_: Any) -> None:
    """botocore's ``before-sign``: remember the keys about to sign this request (the signer's,
    or the request's own), before the request can be logged or a server quote them back.

    Never freezes refreshable credentials: inside botocore's refresh window each freeze is a
    refresh (a credential_process run), and the signer freezes them next anyway. The set they
    hold now is remembered, and the set that freeze refreshes to as it arrives."""
    signing = getattr(request, "context", {}).get("signing", {})
    for creds in (getattr(request_signer, "_credentials", None), signing.get("request_credentials")):
        if callable(getattr(creds, "_refresh_using", None)):  # botocore's RefreshableCredentials
            _remember_refreshes(creds)
            keys = getattr(creds, "_frozen_credentials", None)  # None until first resolved
        else:
            frozen = getattr(creds, "get_frozen_credentials", None)  # fixed keys: no refresh
            keys = frozen() if callable(frozen) else None
        if keys is not None:
            remember_secrets(keys.access_key, keys.secret_key, keys.token)


def _remember_refreshes(creds: Any) -> None:
    """Make botocore's refreshable ``creds`` remember each set they are refreshed to, as it
    arrives (before any request signed with it exists)."""
    refresh = getattr(creds, "_refresh_using", None)
    if not callable(refresh) or getattr(refresh, "dynoview_remembers", False):
        return

    def refreshed() -> Any:
        data = refresh()
        if isinstance(data, Mapping):
            remember_secrets(data.get("access_key"), data.get("secret_key"), data.get("token"))
        return data

    refreshed.dynoview_remembers = True  # type: ignore[attr-defined]
    creds._refresh_using = refreshed


def remember_credentials(session: Any) -> None:
    """Redact the credentials a boto3 session resolved, and those it refreshes to later (an
    assumed role, SSO, a credential_process with an expiry): each set is remembered as botocore
    receives it, before any request signed with it can be logged. So is every set that signs a
    request of a client made from then on, such as a role chain's source profile signing the
    AssumeRole call: call it before the session's first client."""
    # botocore's STS client for an assumed role is made from this same session when the role is
    # first fetched, and a client copies the session's handlers when it is made: this one too.
    events = getattr(session, "events", None)
    if events is not None:
        events.register("before-sign", _remember_signing_keys, unique_id="dynoview-signing-keys")
    remember_secrets(*credential_secrets(session))
    _remember_refreshes(getattr(getattr(session, "_session", None), "_credentials", None))


_cached: tuple[tuple[Any, ...], list[str]] | None = None


def _secret_values(extra: Iterable[str] = (), *, environment: bool = True) -> list[str]:
    """Every exact value to remove, longest first (so a secret that contains another is
    replaced whole). Cached while nothing changed: the CLI cleans every line it prints.
    ``environment=False``: the caller passed the environment's values in ``extra`` already."""
    global _cached
    env = tuple(os.environ.get(name, "") for name in _AWS_ENV_SECRETS) if environment else ()
    more = tuple(extra)
    with _lock:
        key = (len(_known), env, more)
        if _cached is not None and _cached[0] == key:
            return _cached[1]
        values = {*_known, *env, *more}
        # As a URL or a JSON writer that escapes "/" spells them: a secret key's "/" and "+".
        values |= {spelling for v in values for spelling in (quote(v, safe=""), v.replace("/", "\\/"))}
        found = sorted((v for v in values if len(v) >= MIN_SECRET_LENGTH), key=len, reverse=True)
        _cached = (key, found)
    return found


def _fragments(text: str, values: list[str]) -> str:
    """``text`` with every run of key characters that is part of a known value replaced
    (``MIN_FRAGMENT``): a token wrapped over lines, or cut short ("IQoJb3Jp…"), is no longer whole."""
    if not values:
        return text
    # One search in all the values at once (a run never holds the "\n" that joins them).
    joined = "\n".join(values)

    def piece(match: re.Match[str]) -> str:
        run = match.group()
        if run in joined and (len(run) >= PLAIN_FRAGMENT or
                              (_DIGIT.search(run) is not None and _LETTER.search(run) is not None)):
            return REDACTED
        return run

    return _KEY_RUN.sub(piece, text)


def _redact(text: str, values: Iterable[str]) -> str:
    values = list(values)
    for value in values:  # longest first (``_secret_values``)
        if value in text:
            text = text.replace(value, REDACTED)
    text = _fragments(text, values)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with every credential it holds replaced by ``<redacted>``.

    ``secrets`` are more exact values to remove (those of the live connection) on top of
    the remembered ones and the AWS variables of the environment.
    """
    return _redact(text, _secret_values(secrets))


def redact_known_values(text: str, secrets: Iterable[str] = (), *, environment: bool = True) -> str:
    """``text`` with only the exact credential values in use (remembered, the environment's AWS
    variables, ``secrets``) replaced: for data output, where the patterns of ``redact`` could
    take a table value for a key, but the connection's own credentials never belong.
    ``environment=False`` skips reading the environment (``secrets`` holds a snapshot of it:
    ``environment_secrets()``), for a caller cleaning every line it prints."""
    for value in _secret_values(secrets, environment=environment):
        if value in text:
            text = text.replace(value, REDACTED)
    return text


def redact_text(text: str, secrets: Iterable[str] = ()) -> str:
    """The one redaction for a message leaving the process (printed, logged, recorded): the
    same rules as ``redact``. DynamoDB's ClientRequestToken and NextToken are not secrets and
    stay, so an action log entry or an error naming them keeps them."""
    return redact(text, secrets)


def redact_obj(value: Any, secrets: Iterable[str] = ()) -> Any:
    """A JSON-like value (maps, lists, text) with every string redacted as ``redact_text``
    does, and the whole value of a field whose name says it holds a secret
    (``SecretAccessKey``, ``SessionToken``, ``password``...) replaced by ``<redacted>``.

    For records that leave the process whole, such as the action log's outcome and
    connection; never for a request that must stay exact (its values are the table's data).
    Tuples come back as lists; other values (numbers, booleans, None, bytes) as they are.
    """
    values = _secret_values(secrets)

    def walk(item: Any, name: str | None) -> Any:
        if isinstance(item, str):
            if name is not None and item and is_secret_name(name):
                return REDACTED
            return _redact(item, values)
        if isinstance(item, Mapping):
            return {(_redact(k, values) if isinstance(k, str) else k):
                    walk(v, k if isinstance(k, str) else None) for k, v in item.items()}
        if isinstance(item, list | tuple):
            return [walk(v, name) for v in item]
        return item

    return walk(value, None)


def redact_url_credentials(text: str) -> str:
    """``text`` with only the user and password of any URL in it removed.

    For records that must stay exact otherwise (the action log's outcome names its
    ``token``, which is not a secret): ``http://user:pass@host:8000`` becomes
    ``http://<redacted>@host:8000``.
    """
    return _URL_USERINFO.sub(r"\g<scheme>" + REDACTED + "@", text) if "@" in text else text


def redact_url(url: str | None) -> str | None:
    """An endpoint URL fit to show or record: its user and password removed (None stays None)."""
    return redact_url_credentials(url) if url else url


def drop_url_credentials(url: str) -> tuple[str, bool]:
    """``url`` without its user and password (``http://user:pass@host:8000`` becomes
    ``http://host:8000``), and whether it had any: for code that must still run, where a
    ``<redacted>`` placeholder would break the URL."""
    match = _URL_USERINFO.match(url.strip())
    if match is None:
        return url, False
    return match.group("scheme") + url.strip()[match.end():], True


def _redacting(previous: Callable[..., logging.LogRecord]) -> Callable[..., logging.LogRecord]:
    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # a broken format string is the logging module's to report
            return record
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return record

    factory.dynoview_redaction = True  # type: ignore[attr-defined]
    return factory


def install_log_redaction() -> None:
    """Wrap the LogRecord factory (once per process; later calls do nothing)."""
    global _installed
    with _lock:
        if _installed or getattr(logging.getLogRecordFactory(), "dynoview_redaction", False):
            _installed = True
            return
        logging.setLogRecordFactory(_redacting(logging.getLogRecordFactory()))
        _installed = True


def _unraisable(args: Any) -> None:
    """``sys.unraisablehook``: Python's own report (an exception in ``__del__``, a finalizer, a
    callback), formatted as Python does, then redacted: it is printed, never logged."""
    try:
        head = args.err_msg or "Exception ignored in"
        try:
            where = f"{head}: {args.object!r}" if args.object is not None else f"{head}:"
        except Exception:  # an object whose repr fails is still reported
            where = f"{head}: <object repr() failed>"
        text = where + "\n" + "".join(traceback.format_exception(
            args.exc_type, args.exc_value, args.exc_traceback))
        if sys.stderr is not None:
            sys.stderr.write(redact(text))
            sys.stderr.flush()
    except Exception:  # reporting must never raise from a finalizer
        pass


def _showwarning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: Any = None, line: str | None = None) -> None:
    """``warnings.showwarning``: Python's text, redacted (a warning can quote a URL or a key)."""
    stream = sys.stderr if file is None else file
    if stream is None:  # pythonw: nowhere to print
        return
    # As Python's own: a closed stream loses the warning, not the program.
    with contextlib.suppress(OSError):
        stream.write(redact(warnings.formatwarning(message, category, filename, lineno, line)))


def _python_prints(hook: Any) -> bool:
    return getattr(hook, "__module__", None) == "warnings"


def install_stderr_redaction() -> None:
    """Log redaction, and the two routes Python prints on standard error by itself redacted
    too: warnings and unraisable exceptions (an error in ``__del__``), formatted as Python does,
    then redacted. Not ``logging.captureWarnings``: with no handler configured (the CLI) it
    drops them. Only Python's own printers are replaced: a test runner's or an embedding app's
    (which records, and prints nothing by itself) stays. For the window and the CLI only."""
    install_log_redaction()
    # The module's printer, and not inside catch_warnings(record=True), which swaps the impl.
    if _python_prints(warnings.showwarning) and \
            _python_prints(getattr(warnings, "_showwarnmsg_impl", None)):
        warnings.showwarning = _showwarning
    if sys.unraisablehook is sys.__unraisablehook__:
        sys.unraisablehook = _unraisable
