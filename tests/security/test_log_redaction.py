"""The LogRecord factory that keeps credentials out of Python logging."""

from __future__ import annotations

import logging

import pytest

from dynoview.core.redaction import (
    REDACTED,
    install_log_redaction,
    redact,
    redact_url,
    redact_url_credentials,
    remember_secrets,
)

pytestmark = pytest.mark.security


def test_botocore_shaped_lines_are_cleaned() -> None:
    line = ("Sending http request: <AWSPreparedRequest stream_output=False, method=POST, headers={"
            "'X-Amz-Target': b'DynamoDB_20120810.Scan', 'X-Amz-Security-Token': b'IQoJb3JpZ2luFAKE+/=', "
            "'Authorization': b'AWS4-HMAC-SHA256 Credential=ASIAFAKEFAKEFAKE1234/20260101/us-east-1/"
            "dynamodb/aws4_request, SignedHeaders=host, Signature=abc123'}>")
    cleaned = redact(line)
    assert "IQoJb3JpZ2luFAKE" not in cleaned and "ASIAFAKEFAKEFAKE1234" not in cleaned
    assert "Signature=abc123" not in cleaned
    assert "'X-Amz-Target': b'DynamoDB_20120810.Scan'" in cleaned  # the rest stays readable
    canonical = "host:127.0.0.1\nx-amz-security-token:IQoJb3JpZ2luFAKE\nx-amz-target:DynamoDB"
    assert redact(canonical) == f"host:127.0.0.1\nx-amz-security-token:{REDACTED}\nx-amz-target:DynamoDB"
    assert "s3cr3t" not in redact("aws_secret_access_key = s3cr3tValue, region = us-east-1")
    assert redact("demo") == "demo" and redact("no secrets here") == "no secrets here"


def test_remembered_values_go_everywhere(caplog: pytest.LogCaptureFixture) -> None:
    install_log_redaction()
    install_log_redaction()  # idempotent: one wrapper, not two
    remember_secrets("an-explicit-secret-value", "short")
    caplog.set_level(logging.DEBUG)
    log = logging.getLogger("some.library.deep.down")
    log.debug("connecting with %s", "an-explicit-secret-value")
    try:
        raise ValueError("bad key an-explicit-secret-value")
    except ValueError:
        log.exception("failed")
    logging.getLogger("x").info("short stays")
    assert "an-explicit-secret-value" not in caplog.text
    assert caplog.text.count(REDACTED) >= 2 and "short stays" in caplog.text


@pytest.mark.parametrize(("text", "expected"), [
    ("http://svc:Pa55word@10.0.0.5:8000", f"http://{REDACTED}@10.0.0.5:8000"),
    ("endpoint https://only-user@dynamo.lab:443/x?y=1", f"endpoint https://{REDACTED}@dynamo.lab:443/x?y=1"),
    # An unescaped "@" in the password: everything up to the host goes.
    ("'url': 'http://u:p@ss@127.0.0.1:8000/'", f"'url': 'http://{REDACTED}@127.0.0.1:8000/'"),
    ('Could not connect to the endpoint URL: "http://a:b@h:1/"',
     f'Could not connect to the endpoint URL: "http://{REDACTED}@h:1/"'),
])
def test_url_credentials_are_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact_url_credentials(text) == expected


@pytest.mark.parametrize("text", [
    "http://127.0.0.1:8000", "https://host/path@v2", "mail ada@lovelace.io at http://h:1 now",
    "UNIQ#EMAIL#ada@lovelace.io",
])
def test_urls_without_credentials_and_emails_stay(text: str) -> None:
    assert redact_url_credentials(text) == text and redact(text) == text


def test_redact_url_keeps_none() -> None:
    assert redact_url(None) is None and redact_url("") == ""
    assert redact_url("http://k:s@localhost:8000") == f"http://{REDACTED}@localhost:8000"


def test_the_crash_dialog_uses_the_core_rules() -> None:
    """One redaction module: the crash report's scrub is the core's redact, not a copy."""
    from dynoview.core import redaction
    from dynoview.ui import crash

    assert crash.scrub is redaction.redact
    assert crash.environment_secrets is redaction.environment_secrets
    assert crash.credential_secrets is redaction.credential_secrets
    assert crash.REDACTED == redaction.REDACTED
