"""An endpoint whose error message echoes the signed request (as AWS's signature-mismatch text
quotes the canonical request) never gets the session token or the access key id into the
sentence the window shows, whether the credentials come from the environment or from a profile,
and whether the server names the headers or quotes their values alone. The CLI says the same
sentence, cleaned by the same rules on its way to standard error.

Before, ``describe_error`` removed only a URL's user info: the window's error box quoted both."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import Connection, ConnectionSpec

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
TOKEN = ("IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQDn7MUq7y3ZMCAZ/rcX2Vp8PknpNCoH2"
         "ewPg0Nm+TMa5wIgRE9k3RkDJc8vLSwHFQ8Qmv1+KUHRHKN0RYAt92rCNUcqoQIIMxABGgw2MDc2Mjk1NjM2NjIiDB2c")
KEY_ID = "ASIAY34FZKBOKMUTVV7A"
SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
LEAD = "Could not process the request. Canonical request was"


def echo_server(named: bool) -> ThreadingHTTPServer:
    """A loopback endpoint answering every request with a SerializationException that quotes
    the request's headers: ``name:value`` lines, or (``named=False``) their values alone."""

    class Echo(BaseHTTPRequestHandler):
        def log_message(self, *_args: object) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if named:
                quoted = "\n".join(f"{k.lower()}:{v}" for k, v in self.headers.items())
            else:
                quoted = " ".join(self.headers.values())
            body = json.dumps({"__type": "com.amazon.coral.service#SerializationException",
                               "message": f"{LEAD}\n{quoted}"}).encode()
            self.send_response(400)
            self.send_header("Content-Type", "application/x-amz-json-1.0")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


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
