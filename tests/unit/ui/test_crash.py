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


def test_send_url_prefills_an_issue_without_secrets() -> None:
    from urllib.parse import parse_qs, urlsplit

    from dynoview.core.crash_report import DEFAULT_REPORT_TARGET, send_url

    report = f"DynoView error report\nKeyError: x aws_secret_access_key={SECRET_KEY}\n"
    url = send_url(report, f"KeyError: x {SECRET_KEY}")
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == DEFAULT_REPORT_TARGET
    query = parse_qs(parts.query)
    assert query["title"][0].startswith("DynoView ") and "KeyError: x" in query["title"][0]
    assert "KeyError: x" in query["body"][0]
    assert SECRET_KEY not in url and SECRET_KEY.replace("/", "%2F") not in url


def test_send_url_mailto_long_reports_and_other_schemes() -> None:
    from urllib.parse import parse_qs, urlsplit

    from dynoview.core.crash_report import TRUNCATED, report_target, send_url

    target = report_target({"DYNOVIEW_REPORT_TO": "mailto:bugs@example.org"})
    url = send_url("line\n" * 5000, "", target, max_body=1000)
    parts = urlsplit(url)
    assert parts.scheme == "mailto" and parts.path == "bugs@example.org"
    query = parse_qs(parts.query)
    assert query["subject"] == ["DynoView 0.1.0: error report"]
    assert len(query["body"][0]) == 1000 and query["body"][0].endswith(TRUNCATED)
    with_query = send_url("r", "s", "https://tracker.example/new?template=bug.md")
    assert with_query.startswith("https://tracker.example/new?template=bug.md&title=")
    with pytest.raises(ValueError, match="mailto"):
        send_url("r", "s", "file:///etc/passwd")


def test_discard_reports_removes_only_what_it_is_given(tmp_path) -> None:
    from dynoview.core.crash_report import discard_reports

    kept, dropped = save_report("keep me", tmp_path), save_report("drop me", tmp_path)
    assert kept is not None and dropped is not None
    assert discard_reports([dropped, tmp_path / "error-gone.txt"]) == 1
    assert kept.exists() and not dropped.exists()
