"""The command line's clear-text warning judges the host botocore really sends to: loopback
written short (127.1) is not warned about, and a URL whose host two parsers read differently
(a backslash) is refused before anything is sent."""

from __future__ import annotations

import pytest

from dynoview.cli import main

pytestmark = pytest.mark.integration

AWS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"  # AWS's documented example key id; moto accepts any


def test_loopback_written_short_is_not_warned_about(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", AWS_KEY_ID)
    short = moto_endpoint.replace("127.0.0.1", "127.1")
    code = main(["tables", "--endpoint-url", short, "--region", "us-east-1"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "unencrypted" not in err


def test_a_backslash_in_the_endpoint_is_refused_before_sending(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> None:
    """urllib3 would send to the host before the backslash (moto here), urllib names the one after."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", AWS_KEY_ID)
    url = moto_endpoint + "\\@localhost"
    code = main(["tables", "--endpoint-url", url, "--region", "us-east-1"])
    out = capsys.readouterr()
    assert (code, out.out) == (2, ""), out.out
    assert "backslash" in out.err and "--endpoint-url" not in out.out
