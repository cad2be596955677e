"""The LogRecord factory that keeps credentials out of Python logging."""

from __future__ import annotations

import json
import logging

import pytest

from dynoview.core.redaction import (
    REDACTED,
    drop_url_credentials,
    install_log_redaction,
    is_secret_name,
    redact,
    redact_known_values,
    redact_obj,
    redact_text,
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


# --------------------------------------------------------------------------- issue 20


SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"  # AWS's documented example secret key
TOKEN = "IQoJb3JpZ2luX2VjEXAMPLE" + "Zm9vYmFyQmF6" * 10


@pytest.mark.parametrize("text", [
    # A credential_process that prints its answer on failure, as JSON and as ini.
    f'refresh failed: {{"Version": 1, "AccessKeyId": "ASIAEXAMPLEEXAMPLE12", "SecretAccessKey": "{SECRET}", '
    f'"SessionToken": "{TOKEN}"}}',
    f"aws_access_key_id = ASIAEXAMPLEEXAMPLE12\naws_secret_access_key = {SECRET}\n"
    f"aws_session_token = {TOKEN}",
    # A server echoing the request's credentials in an error message.
    f"Request rejected. Authorization: AWS4-HMAC-SHA256 Credential=ASIAEXAMPLEEXAMPLE12/20260101/us-east-1/"
    f"dynamodb/aws4_request, SignedHeaders=host, Signature=ab12; X-Amz-Security-Token: {TOKEN}; "
    f"key {SECRET}.",
])
def test_echoed_credentials_are_masked(text: str) -> None:
    for clean in (redact_text(text), json.dumps(redact_obj({"message": text}))):
        assert "ASIAEXAMPLEEXAMPLE12" not in clean and SECRET not in clean and TOKEN not in clean
        assert "EXAMPLEKEY" not in clean and "Zm9vYmFy" not in clean
        assert REDACTED in clean


def test_request_tokens_and_paths_are_not_secrets() -> None:
    """The action log and the CLI name DynamoDB's ClientRequestToken and NextToken: they stay;
    so do an S3 export's path and a traceback's file names (long, but not keys)."""
    kept = ["token: 94b5a803-621c-4831-a015-fd96c6aa0d1f (from the file)",
            '"ClientRequestToken": "94b5a803-621c-4831-a015-fd96c6aa0d1f"',
            "NextToken=eyJzdGFydCI6MTIzfQ", '"token_note": "generated"',
            "missing from s3://dynoview-export-s3/exports/daily/AWSDynamoDB/01796163007937-0cc633c7/",
            'File "/work/main/.venv/lib/python3.11/site-packages/botocore/credentials.py", line 1',
            "UNIQ#EMAIL#ada@lovelace.io", "the access key or the secret is wrong"]
    for text in kept:
        assert redact_text(text) == text
    assert not is_secret_name("ClientRequestToken") and not is_secret_name("token")
    assert all(is_secret_name(n) for n in ("SessionToken", "X-Amz-Security-Token", "aws_session_token",
                                           "SecretAccessKey", "AccessKeyId", "password", "accessToken"))


def test_redact_obj_walks_records() -> None:
    record = {"status": "failed", "token": "94b5a803-621c",
              "error": f"Credential=ASIAEXAMPLEEXAMPLE12/x {SECRET}",
              "details": [{"SessionToken": "short-but-named"}, ("SecretAccessKey", "x")],
              "attempts": 2, "applied": None, "password": ""}
    clean = redact_obj(record)
    assert clean["token"] == "94b5a803-621c" and clean["attempts"] == 2 and clean["applied"] is None
    assert clean["details"][0]["SessionToken"] == REDACTED
    assert SECRET not in json.dumps(clean) and "ASIAEXAMPLEEXAMPLE12" not in json.dumps(clean)
    assert clean["password"] == ""  # nothing to hide
    assert record["details"][0]["SessionToken"] == "short-but-named"  # a copy: the input is untouched


def test_known_values_only_for_data() -> None:
    remember_secrets("a-live-credential-value")
    assert redact_known_values("x a-live-credential-value y") == f"x {REDACTED} y"
    assert redact_known_values(f"AKIAEXAMPLEEXAMPLE12 {SECRET}") == f"AKIAEXAMPLEEXAMPLE12 {SECRET}"


@pytest.mark.parametrize(("url", "expected"), [
    ("http://u:p@ss@127.0.0.1:8000/x", ("http://127.0.0.1:8000/x", True)),
    ("https://user@host", ("https://host", True)),
    ("http://127.0.0.1:8000", ("http://127.0.0.1:8000", False)),
    ("https://[::1]:8000", ("https://[::1]:8000", False)),
])
def test_drop_url_credentials(url: str, expected: tuple[str, bool]) -> None:
    assert drop_url_credentials(url) == expected


def test_stack_info_is_redacted_too(caplog: pytest.LogCaptureFixture) -> None:
    install_log_redaction()
    remember_secrets("stack-secret-value-123")
    caplog.set_level(logging.DEBUG)

    def deep() -> None:
        logging.getLogger("x").warning("here", stack_info=True)  # stack-secret-value-123

    deep()
    record = caplog.records[-1]
    assert record.stack_info and "deep()" in record.stack_info  # the source lines are shown...
    assert "stack-secret-value-123" not in record.stack_info and REDACTED in record.stack_info


# Long runs that made an unanchored name or scheme rescan the run at every position: a 30 KB
# item value took 38 s to print in `dynoview import`'s preview, 400 KB would take hours.
_LONG_RUNS = [("y", 400_000), ("a.", 200_000), ("x-", 200_000), ("token", 80_000), ("a:", 200_000)]


def test_a_value_of_the_largest_item_size_is_redacted_in_one_pass() -> None:
    """Redaction ends on DynamoDB's largest item (400 KB) of each shape: run in a child process
    with a generous bound (a backtracking regex holds the GIL, so no thread can time it out)."""
    import subprocess
    import sys

    code = ("from dynoview.core.redaction import redact_text\n"
            f"for part, times in {_LONG_RUNS!r}:\n    assert redact_text(part * times) == part * times\n"
            "print('done')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "done", done.stderr


def test_a_secret_name_inside_a_long_run_is_still_found() -> None:
    value = "q" * 50_000 + "_session_token=" + "AbC123xyz789QQQ"
    assert redact_text(value) == "q" * 50_000 + "_session_token=" + REDACTED
    assert redact_text("x=password=hunter22") == "x=password=" + REDACTED
