"""Keep credentials out of Python logging.

botocore logs every request at DEBUG: the ``Authorization`` header (which names the
access key id), ``X-Amz-Security-Token`` (the whole session token) and the canonical
request. DynoView never turns those logs on, but a user, a test or an embedding app
may. ``install_log_redaction`` wraps the LogRecord factory once, so every record, from
any logger and for any handler, has its message (and formatted traceback) cleaned
before anything can write it: access key ids, Authorization values, security tokens,
``secret=...`` style fields, and the exact credential values DynoView was given or
finds in the environment are replaced by ``<redacted>``.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Callable
from typing import Any

REDACTED = "<redacted>"
#: Shorter values are never treated as secrets (the demo's fake key is "demo").
MIN_SECRET_LENGTH = 8
_ENV_SECRETS = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN")
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Authorization: AWS4-HMAC-SHA256 Credential=AKIA.../..., SignedHeaders=..., Signature=...
    (re.compile(r"(?i)(authorization['\"]?\s*[:=]\s*b?['\"]?)[^'\"\n]+"), r"\1" + REDACTED),
    # X-Amz-Security-Token header (repr, canonical request line, or key=value)
    (re.compile(r"(?i)(x-amz-security-token['\"]?\s*[:=]\s*b?['\"]?)[^'\"\s,;}]+"), r"\1" + REDACTED),
    # aws_secret_access_key = ..., "SessionToken": "...", secret_key=...
    (re.compile(r"(?i)((?:aws_)?(?:secret_?access_?key|secret_?key|session_?token|security_?token)"
                r"['\"]?\s*[:=]\s*b?['\"]?)[^'\"\s,;}]+"), r"\1" + REDACTED),
    # Access key ids: long-term (AKIA), temporary (ASIA) and the other id prefixes.
    (re.compile(r"\b(?:AKIA|ASIA|AIDA|AROA|AGPA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{12,}\b"), REDACTED),
)

_lock = threading.Lock()
_known: set[str] = set()
_installed = False


def remember_secrets(*values: Any) -> None:
    """Redact these exact values wherever they appear (credentials passed to a Connection)."""
    with _lock:
        _known.update(v for v in values if isinstance(v, str) and len(v) >= MIN_SECRET_LENGTH)


def _secret_values() -> list[str]:
    env = [os.environ.get(name, "") for name in _ENV_SECRETS]
    with _lock:
        values = {*_known, *(v for v in env if len(v) >= MIN_SECRET_LENGTH)}
    return sorted(values, key=len, reverse=True)


def redact(text: str) -> str:
    """``text`` with every credential it holds replaced by ``<redacted>``."""
    for value in _secret_values():
        if value in text:
            text = text.replace(value, REDACTED)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


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
