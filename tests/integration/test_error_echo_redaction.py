"""An endpoint whose error message echoes the signed request (as AWS's signature-mismatch text
quotes the canonical request) never gets the session token or the access key id into the
sentence the window shows, whether the credentials come from the environment or from a profile,
and whether the server names the headers or quotes their values alone. The CLI says the same
sentence, cleaned by the same rules on its way to standard error.

Before, ``describe_error`` removed only a URL's user info: the window's error box quoted both."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import Connection, ConnectionSpec
from tests.echo_endpoint import KEY_ID, LEAD, SECRET, TOKEN, echo_server

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]




@pytest.fixture(params=[True, False], ids=["header-lines", "values-only"])
def echo_endpoint(request: pytest.FixtureRequest) -> Iterator[str]:
    server = echo_server(request.param)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(params=["environment", "profile"])
def credentials(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
                tmp_path: Path) -> str | None:
    """Temporary keys in the AWS variables, or in a profile of a credentials file (then the
    rules know them only as the connection does). The profile's name, or None."""
    empty = tmp_path / "empty-config"
    empty.write_text("")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(empty))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    for name in ("AWS_PROFILE", "AWS_DEFAULT_PROFILE", "AWS_SECURITY_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    if request.param == "environment":
        monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(empty))
        monkeypatch.setenv("AWS_ACCESS_KEY_ID", KEY_ID)
        monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", SECRET)
        monkeypatch.setenv("AWS_SESSION_TOKEN", TOKEN)
        return None
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    keys = tmp_path / "credentials"
    keys.write_text(f"[echo]\naws_access_key_id = {KEY_ID}\naws_secret_access_key = {SECRET}\n"
                    f"aws_session_token = {TOKEN}\n")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(keys))
    return "echo"


def no_credential_in(text: str) -> None:
    for secret in (TOKEN, KEY_ID, SECRET, TOKEN[:40], TOKEN[-40:]):
        assert secret not in text, (secret, text)


def test_the_sentence_for_an_echoed_request_holds_no_credential(
        echo_endpoint: str, credentials: str | None) -> None:
    spec = ConnectionSpec(name="echo", endpoint_url=echo_endpoint, region="us-east-1",
                          profile=credentials)
    conn = Connection(spec)
    with pytest.raises(Exception) as info:
        conn.list_tables()
    # The server did quote them: the answer boto3 parsed holds the token.
    assert TOKEN in str(info.value)
    err = describe_error(info.value, operation="ListTables", profile=credentials,
                         endpoint=echo_endpoint, region="us-east-1")
    no_credential_in(err.title)
    no_credential_in(err.message)
    assert err.title == "SerializationException"
    assert err.message.startswith(f"ListTables failed: {LEAD}")
    # What is no secret stays: the operation's target header, the endpoint's host.
    assert "DynamoDB_20120810.ListTables" in err.message
    assert echo_endpoint.removeprefix("http://") in err.message


def test_the_cli_says_the_same_sentence_without_the_credentials(
        echo_endpoint: str, credentials: str | None, tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "c"),
               XDG_DATA_HOME=str(tmp_path / "d"), XDG_STATE_HOME=str(tmp_path / "s"))
    profile = ["--profile", credentials] if credentials else []
    result = subprocess.run([sys.executable, "-m", "dynoview", "tables", "--endpoint-url", echo_endpoint,
                             "--region", "us-east-1", *profile],
                            env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 2, result.stderr
    no_credential_in(result.stderr + result.stdout)
    assert f"SerializationException: ListTables failed: {LEAD}" in result.stderr
    assert "DynamoDB_20120810.ListTables" in result.stderr
