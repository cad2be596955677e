"""The identity check (STS GetCallerIdentity) never goes to the DynamoDB endpoint a profile's
``endpoint_url`` sets: botocore applies that endpoint to every service, so the profile's keys
signed an STS request for a LAN host in clear text. STS goes to AWS_ENDPOINT_URL_STS, else the
profile's ``services`` section's ``sts`` endpoint, else AWS's own; an answer that is not STS's is
a sentence (``IdentityUnknown``), never a traceback.

The profile's endpoint is a recording stub on this machine's network address (so it counts as
another machine); proxies point at a recording stub and NO_PROXY names loopback and that
address: a request meant for AWS reaches the proxy stub, nothing leaves the machine."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from botocore.exceptions import BotoCoreError

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.endpoints import sts_endpoint
from dynoview.core.session.identity import IdentityUnknown, caller_identity
from tests.conftest import network_address
from tests.integration.test_url_userinfo_proxy import ProxyStub

pytestmark = [pytest.mark.integration, pytest.mark.security]

AWS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"  # AWS's documented example key id


class LanStub:
    """An HTTP server on this machine's network address that records every request (its
    X-Amz-Target, or its body's first bytes for STS's query protocol) and answers DynamoDB's
    empty ListTables."""

    def __init__(self, address: str) -> None:
        self.requests: list[str] = []
        seen = self.requests

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                seen.append(self.headers.get("X-Amz-Target") or body[:40].decode("latin-1"))
                answer = b'{"TableNames":[]}'
                self.send_response(200)
                self.send_header("Content-Type", "application/x-amz-json-1.0")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self._server = ThreadingHTTPServer((address, 0), Handler)
        self.host = address
        self.url = f"http://{address}:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


@pytest.fixture
def lan_stub() -> Iterator[LanStub]:
    address = network_address()
    if address is None:
        pytest.skip("this machine has no network address other than loopback")
    stub = LanStub(address)
    yield stub
    stub.close()


def write_aws_files(folder: Path, monkeypatch: pytest.MonkeyPatch, config: str) -> None:
    """Per-test AWS config and credentials (the profile 'lan' signs with an AKIA key id)."""
    (folder / "config").write_text(config)
    (folder / "credentials").write_text(
        f"[lan]\naws_access_key_id = {AWS_KEY_ID}\naws_secret_access_key = examplesecret\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(folder / "config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(folder / "credentials"))
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
                 "AWS_ENDPOINT_URL_STS"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def proxy(monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub) -> Iterator[ProxyStub]:
    stub = ProxyStub()
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.setenv(name, stub.url)
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.setenv(name, f"127.0.0.1,localhost,{lan_stub.host}")
    yield stub
    stub.close()


def lan_connection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub,
                   extra: str = "") -> Connection:
    write_aws_files(tmp_path, monkeypatch, f"[profile lan]\nregion = us-east-1\n"
                                           f"endpoint_url = {lan_stub.url}\n{extra}")
    conn = Connection(ConnectionSpec(name="lan", profile="lan"))
    assert conn.spec.endpoint_url == lan_stub.url  # DynamoDB does go there (the user agreed)
    return conn


def test_sts_never_goes_to_the_profiles_endpoint_url(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub, proxy: ProxyStub) -> None:
    conn = lan_connection(tmp_path, monkeypatch, lan_stub)
    assert sts_endpoint("lan") is None
    with pytest.raises(BotoCoreError):  # AWS's own STS, reached through the (refusing) proxy
        caller_identity(conn)
    assert lan_stub.requests == [], "an STS request signed with the profile's keys reached its endpoint"
    assert proxy.lines and all("sts" in line and "amazonaws.com" in line for line in proxy.lines)


def test_aws_endpoint_url_is_not_sts_either(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub, proxy: ProxyStub) -> None:
    write_aws_files(tmp_path, monkeypatch, "[profile lan]\nregion = us-east-1\n")
    monkeypatch.setenv("AWS_ENDPOINT_URL", lan_stub.url)
    conn = Connection(ConnectionSpec(name="lan", profile="lan"))
    with pytest.raises(BotoCoreError):
        caller_identity(conn)
    assert lan_stub.requests == [] and proxy.lines


def test_aws_endpoint_url_sts_is_followed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub, proxy: ProxyStub,
        moto_endpoint: str) -> None:
    conn = lan_connection(tmp_path, monkeypatch, lan_stub)
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", moto_endpoint)
    identity = caller_identity(conn)
    assert identity is not None and identity.account.isdigit()
    assert lan_stub.requests == [] and proxy.lines == []


def test_the_profiles_sts_service_endpoint_is_followed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub, proxy: ProxyStub,
        moto_endpoint: str) -> None:
    conn = lan_connection(tmp_path, monkeypatch, lan_stub, extra=(
        f"services = local-sts\n\n[services local-sts]\nsts =\n  endpoint_url = {moto_endpoint}\n"))
    assert sts_endpoint("lan") == moto_endpoint
    identity = caller_identity(conn)
    assert identity is not None and identity.account.isdigit()
    assert lan_stub.requests == [] and proxy.lines == []


def test_an_sts_endpoint_that_is_not_sts_is_a_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lan_stub: LanStub, proxy: ProxyStub) -> None:
    conn = lan_connection(tmp_path, monkeypatch, lan_stub)
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", lan_stub.url)  # answers as DynamoDB, not STS
    with pytest.raises(IdentityUnknown, match="did not answer as STS does: set AWS_ENDPOINT_URL_STS"):
        caller_identity(conn)
    assert lan_stub.requests and "GetCallerIdentity" in lan_stub.requests[0]
