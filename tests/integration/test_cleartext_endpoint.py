"""AWS keys sent to another machine over plain http://: the command line and the window say so
before anything is read, over a real moto endpoint reached through this machine's network
address (not loopback, where nothing leaves the machine and nothing is said)."""

from __future__ import annotations

import pytest

from dynoview.cli import main

pytestmark = pytest.mark.integration

AWS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"  # AWS's documented example key id; moto accepts any



def test_cli_warns_about_aws_keys_over_http_and_still_reads(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lan_endpoint: str) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", AWS_KEY_ID)
    code = main(["tables", "--endpoint-url", lan_endpoint, "--region", "us-east-1"])
    err = capsys.readouterr().err
    assert code == 0, err
    host = lan_endpoint.split("//")[1].split(":")[0]
    assert f"dynoview: warning: Requests to {host} travel unencrypted" in err


def test_cli_says_nothing_for_made_up_keys_over_http(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lan_endpoint: str) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "test")
    code = main(["tables", "--endpoint-url", lan_endpoint, "--region", "us-east-1"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "unencrypted" not in err


def test_cli_refuses_aws_over_http_before_sending(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tables", "--endpoint-url", "http://dynamodb.us-east-1.amazonaws.com",
                 "--region", "us-east-1"])
    out = capsys.readouterr()
    assert (code, out.out) == (2, "")
    assert "plain http://" in out.err and "write https://" in out.err
