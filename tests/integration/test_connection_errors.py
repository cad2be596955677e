"""Real failures over the wire, turned into actionable messages."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import PLACEHOLDER_CREDENTIALS, Connection, ConnectionSpec
from dynoview.core.session.endpoint_probe import check_reachable

pytestmark = pytest.mark.integration


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_unreachable_endpoint_is_explained() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    from botocore.config import Config

    conn = Connection(ConnectionSpec(name="x", endpoint_url=url, region="us-east-1"),
                      credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"},
                      config=Config(retries={"max_attempts": 1}, connect_timeout=1))
    with pytest.raises(Exception) as info:
        conn.list_tables()
    err = describe_error(info.value, endpoint=url)
    assert err.title == "Endpoint unreachable"
    assert url in err.message


@pytest.fixture
def no_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")


def test_missing_credentials_are_explained(no_credentials: None) -> None:
    """On AWS itself (no endpoint URL) missing credentials are a sentence: nothing is sent."""
    conn = Connection(ConnectionSpec(name="x", region="us-east-1"))
    assert not conn.placeholder_credentials
    with pytest.raises(Exception) as info:
        conn.list_tables()
    err = describe_error(info.value)
    assert err.title == "No credentials"


def test_loopback_endpoint_without_credentials_uses_placeholder_keys(
        endpoint_url: str, no_credentials: None) -> None:
    """DynamoDB Local, LocalStack and moto accept any key, so a loopback endpoint just works
    without AWS keys (DynamoDB Local checks the key id's characters: both engines run this)."""
    conn = Connection(ConnectionSpec(name="local", endpoint_url=endpoint_url))
    assert conn.placeholder_credentials
    assert isinstance(conn.list_tables(), list)
    assert conn.session.get_credentials().access_key == PLACEHOLDER_CREDENTIALS["aws_access_key_id"]


def test_loopback_endpoint_keeps_credentials_that_exist(endpoint_url: str) -> None:
    conn = Connection(ConnectionSpec(name="local", endpoint_url=endpoint_url))
    assert not conn.placeholder_credentials  # the test environment's fake keys are used


def test_unreachable_endpoint_without_credentials_is_unreachable_at_once(no_credentials: None) -> None:
    """Not "no credentials", and not after botocore's retries: the probe answers first."""
    url = f"http://localhost:{free_port()}"
    started = time.monotonic()
    with pytest.raises(Exception) as info:
        check_reachable(url)
    assert time.monotonic() - started < 1.5
    err = describe_error(info.value, endpoint=url)
    assert err.title == "Endpoint unreachable" and url in err.message


def test_cli_says_unreachable_and_exits_2(no_credentials: None,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from dynoview.cli import main as cli_main

    url = f"http://127.0.0.1:{free_port()}"
    assert cli_main(["tables", "--endpoint-url", url]) == 2
    err = capsys.readouterr().err
    assert "Endpoint unreachable" in err and "credentials" not in err.lower()


def test_unknown_profile_is_explained() -> None:
    with pytest.raises(Exception) as info:
        Connection(ConnectionSpec(name="x", profile="nope", region="us-east-1"))
    err = describe_error(info.value, profile="nope")
    assert err.title == "Unknown profile" and "'nope'" in err.message


def test_an_unreadable_aws_config_file_is_a_sentence_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A [profile header without its ] made every command say "Unexpected error: ConfigParseError"."""
    from dynoview.cli import main as cli_main

    config = tmp_path / "config"
    config.write_text("[profile broken\nregion = us-east-1\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    assert cli_main(["tables", "--profile", "broken", "--region", "us-east-1"]) == 2
    err = capsys.readouterr().err
    assert "AWS config unreadable" in err and str(config) in err and "AWS_CONFIG_FILE" in err
    assert "Unexpected" not in err
