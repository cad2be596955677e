"""Scrubbing of error reports: no key id, secret, token, signature or password survives."""

from __future__ import annotations

import sys

import pytest

from dynoview.ui.crash import REDACTED, build_report, environment_secrets, save_report, scrub

SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
TOKEN = "IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQDexampleTokenValue0123456789"


@pytest.mark.parametrize(("text", "leaked"), [
    ("AWS_SECRET_ACCESS_KEY=testing-fake-secret", "testing-fake-secret"),
    (f"aws_session_token = {TOKEN}", TOKEN),
    (f"{{'aws_access_key_id': 'AKIAIOSFODNN7EXAMPLE', 'aws_secret_access_key': '{SECRET_KEY}'}}",
     SECRET_KEY),
    ("{'aws_access_key_id': 'AKIAIOSFODNN7EXAMPLE'}", "AKIAIOSFODNN7EXAMPLE"),
    ('"SessionToken": "FwoGZXIvYXdzEJrFakeToken"', "FwoGZXIvYXdzEJrFakeToken"),
    ("Authorization: AWS4-HMAC-SHA256 Credential=ASIAIOSFODNN7EXAMPLE/20260101/us-east-1/dynamodb/"
     "aws4_request, SignedHeaders=host, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b"
     "5924a6f2b5d7", "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7"),
    ("x-amz-security-token: abcdef123456", "abcdef123456"),
    ("password=hunter22", "hunter22"),
    (f"a bare secret {SECRET_KEY} in a message", SECRET_KEY),
    ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig", "eyJhbGciOiJIUzI1NiJ9"),
])
def test_scrub_removes_credentials(text: str, leaked: str) -> None:
    out = scrub(text)
    assert leaked not in out and REDACTED in out


def test_scrub_replaces_known_values_wherever_they_appear() -> None:
    assert scrub("creds ('demo', 'sekrit-value')", ["sekrit-value"]) == f"creds ('demo', '{REDACTED}')"


def test_short_known_values_are_not_replaced_everywhere() -> None:
    """The demo's fake key id is "demo": redacting every "demo" would garble the report."""
    assert scrub("Connection: Demo (embedded) (demo)", ["demo", "demo-secret"]) == \
        "Connection: Demo (embedded) (demo)"


def test_scrub_keeps_ordinary_text_and_paths() -> None:
    text = ('File "/work/main/.venv/lib/python3.11/site-packages/moto/dynamodb/models/table.py", '
            "line 12\nKeyError: ACCT#a1f9c3 email ada@lovelace.io")
    assert scrub(text) == text


def test_environment_secrets_pick_secret_names_only() -> None:
    env = {"AWS_SECRET_ACCESS_KEY": "s3cr3t-value", "AWS_SESSION_TOKEN": "tok-12345", "HOME": "/home/ada",
           "AWS_REGION": "eu-west-1", "GITHUB_TOKEN": "ghp_xyz12", "SOME_TOKEN": "short"}
    assert sorted(environment_secrets(env)) == ["ghp_xyz12", "s3cr3t-value", "tok-12345"]


def test_report_has_traceback_context_and_no_secret(tmp_path) -> None:
    try:
        raise ValueError("boom with aws_secret_access_key=abc12345")
    except ValueError:
        report = build_report(*sys.exc_info(), context={"Table": "accounts"})  # type: ignore[arg-type]
    assert "ValueError: boom" in report and "Table: accounts" in report and "Traceback" in report
    assert "abc12345" not in report
    path = save_report(report, tmp_path)
    assert path is not None and path.read_text().startswith("DynoView error report")
