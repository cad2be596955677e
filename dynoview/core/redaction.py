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
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

REDACTED = "<redacted>"
#: Shorter values are never replaced wherever they appear: real keys are 20+ characters, and
#: replacing a word like "demo" (the demo endpoint's fake key) would garble the text.
MIN_SECRET_LENGTH = 8
_AWS_ENV_SECRETS = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
                    "AWS_SECURITY_TOKEN")
_ENV_SECRET_NAME = re.compile(r"(?i)secret|token|password|passwd|access_key|credential|api_key")

# The user-info part of a URL: everything between "scheme://" and the last "@" before the
# host (a password may itself hold an unescaped "@"), never crossing a "/", "?", "#" or space.
_URL_USERINFO = re.compile(r"(?i)\b(?P<scheme>[a-z][a-z0-9+.-]*://)[^/?#\s'\"<>]*@")
_SECRET_NAME = r"[\w.-]*(?:secret|token|passw(?:or)?d|credential|signature|authorization|api[_-]?key|" \
               r"private[_-]?key|session[_-]?key)[\w.-]*"
# An optional bytes-repr prefix: botocore logs headers as b'...'. Only a "b" right before a quote,
# so the first letter of a value such as "basic" is not taken for one.
_BYTES_QUOTE = r"(?:b(?=[\"']))?[\"']?"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (_URL_USERINFO, r"\g<scheme>" + REDACTED + "@"),
    # An Authorization header or field: its whole value (scheme, credential scope, signature).
    (re.compile(rf"(?i)(?P<key>\bauthorization[\"']?\s*[:=]\s*{_BYTES_QUOTE})[^\n\"']+"),
     r"\g<key>" + REDACTED),
    (re.compile(r"(?i)\bbearer\s+[\w.~+/-]+=*"), "Bearer " + REDACTED),
    # name=value, name: value, 'name': 'value', "Name": "value", 'Name': b'value' (ini, env, repr,
    # JSON, headers): X-Amz-Security-Token, aws_secret_access_key, SessionToken, password...
    (re.compile(rf"(?i)(?P<key>{_SECRET_NAME})(?P<sep>[\"']?\s*[:=]\s*)(?P<q>{_BYTES_QUOTE})"
                r"(?P<val>[^\"'\s,;}\])]+)"), r"\g<key>\g<sep>\g<q>" + REDACTED),
    # AWS access key ids (long-term AKIA, temporary ASIA, and the other id prefixes)
    (re.compile(r"\b(?:AKIA|ASIA|AIDA|AROA|AGPA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{12,}\b"), REDACTED),
    # Long high-entropy runs (secret keys are 40 base64 characters, session tokens hundreds).
    (re.compile(r"(?<![\w/+=])(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])"
                r"[A-Za-z0-9+/]{40,}={0,2}(?![\w/+=])"), REDACTED),
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


def _secret_values(extra: Iterable[str] = ()) -> list[str]:
    env = [os.environ.get(name, "") for name in _AWS_ENV_SECRETS]
    with _lock:
        values = {*_known, *env, *extra}
    # Longest first, so a secret that contains another is replaced whole.
    return sorted((v for v in values if len(v) >= MIN_SECRET_LENGTH), key=len, reverse=True)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with every credential it holds replaced by ``<redacted>``.

    ``secrets`` are more exact values to remove (those of the live connection) on top of
    the remembered ones and the AWS variables of the environment.
    """
    for value in _secret_values(secrets):
        if value in text:
            text = text.replace(value, REDACTED)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


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
