"""A user and password in the endpoint URL never reach botocore: with HTTP_PROXY set and
NO_PROXY naming the endpoint's host, requests go straight to it, and no request line, to the
proxy or anywhere, carries the password.

botocore's NO_PROXY check compared the host together with its user info
("admin:pw@127.0.0.1" is not "127.0.0.1"), so each signed request went to the proxy as
``POST http://admin:pw@127.0.0.1:PORT/``. DynamoDB uses no user or password, so they are dropped
before the URL reaches botocore, and the connection line says they are not sent.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest
from botocore.config import Config

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import USERINFO_NOTE, Connection, ConnectionSpec
from tests.helpers import FAKE_KEYS

pytestmark = [pytest.mark.integration, pytest.mark.security]

PASSWORD = "Sup3rSecr3tPa55"


class ProxyStub:
    """A loopback HTTP proxy that records the first line of every request and answers 502:
    nothing is ever forwarded."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        self._server.settimeout(0.1)  # a closed socket does not wake accept(): look at the flag
        while not self._stop.is_set():
            try:
                client, _ = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with client:
                client.settimeout(5)
                try:
                    data = client.recv(65536)
                    self.lines.append(data.decode("latin-1").split("\r\n", 1)[0])
                    client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n"
                                   b"Connection: close\r\n\r\n")
                except OSError:
                    pass

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._server.close()


@pytest.fixture
def proxy(monkeypatch: pytest.MonkeyPatch) -> Iterator[ProxyStub]:
    """The stub as every proxy variable, with NO_PROXY naming the loopback hosts."""
    stub = ProxyStub()
    for name in ("HTTP_PROXY", "HTTPS_PROXY"):
        monkeypatch.setenv(name, stub.url)
        monkeypatch.setenv(name.lower(), stub.url)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    yield stub
    stub.close()


def with_password(endpoint: str) -> str:
    return endpoint.replace("http://", f"http://admin:{PASSWORD}@", 1)


def test_no_proxy_is_honoured_for_a_url_with_user_info(proxy: ProxyStub, moto_endpoint: str) -> None:
    conn = Connection(ConnectionSpec(name="lab", endpoint_url=with_password(moto_endpoint),
                                     region="us-east-1"), credentials=FAKE_KEYS)
    assert isinstance(conn.list_tables(), list)  # moto answered, straight
    assert conn.streams_client().list_streams()["Streams"] is not None
    assert proxy.lines == []
    # botocore was given the URL without them; the spec keeps it as typed (saved connections).
    assert conn.client.meta.endpoint_url == moto_endpoint
    assert conn.streams_client().meta.endpoint_url == moto_endpoint
    assert conn.spec.endpoint_url == with_password(moto_endpoint)
    # Said where the connection is shown.
    assert conn.endpoint_note == USERINFO_NOTE
    host = moto_endpoint.split("//", 1)[1]
    assert conn.spec.describe() == f"lab: http://{host} (user and password not sent)"


def test_through_a_proxy_no_request_line_carries_the_password(
        proxy: ProxyStub, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without NO_PROXY the requests do go to the proxy, as for any endpoint: without the password."""
    monkeypatch.delenv("NO_PROXY")
    monkeypatch.delenv("no_proxy")
    conn = Connection(ConnectionSpec(name="lab", endpoint_url=with_password(moto_endpoint),
                                     region="us-east-1"), credentials=FAKE_KEYS,
                      config=Config(retries={"total_max_attempts": 1}, connect_timeout=2, read_timeout=5))
    with pytest.raises(Exception):  # noqa: B017  the stub answers 502 to everything
        conn.list_tables()
    assert proxy.lines, "the request should have gone to the proxy"
    assert all(PASSWORD not in line and "admin" not in line for line in proxy.lines), proxy.lines
    assert all(line.startswith(f"POST {moto_endpoint}/ ") for line in proxy.lines), proxy.lines


def test_the_tables_command_goes_straight_to_the_endpoint(
        proxy: ProxyStub, moto_endpoint: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = cli_main(["tables", "--endpoint-url", with_password(moto_endpoint)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert proxy.lines == []
    assert PASSWORD not in captured.out + captured.err
    assert f"dynoview: {USERINFO_NOTE}" in captured.err  # said once, where the command starts


def test_the_window_says_the_user_and_password_are_not_sent(moto_endpoint: str) -> None:
    from dynoview.ui.window.title import connection_notes

    conn = Connection(ConnectionSpec(name="lab", endpoint_url=with_password(moto_endpoint),
                                     region="us-east-1"), credentials=FAKE_KEYS)
    assert USERINFO_NOTE in connection_notes(conn)


def test_export_audit_clients_drop_the_user_and_password(proxy: ProxyStub, moto_endpoint: str) -> None:
    """The S3 and Athena endpoints of an export's audit are signed with AWS keys too: the same
    NO_PROXY slip sent ``GET http://admin:pw@host/`` to the proxy."""
    from dynoview.core.exports.audit import aws_clients

    s3, athena = aws_clients(s3_endpoint_url=with_password(moto_endpoint),
                             athena_endpoint_url=with_password(moto_endpoint), athena=True)
    assert isinstance(s3.list_buckets()["Buckets"], list)  # moto answered, straight
    assert proxy.lines == []
    assert s3.meta.endpoint_url == moto_endpoint
    assert athena.meta.endpoint_url == moto_endpoint


def test_the_export_audit_command_says_the_user_and_password_are_not_sent(
        proxy: ProxyStub, moto_endpoint: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = cli_main(["audit", "--export", "s3://no-such-bucket/exports/",
                       "--s3-endpoint-url", with_password(moto_endpoint)])
    captured = capsys.readouterr()
    assert proxy.lines == []
    assert PASSWORD not in captured.out + captured.err
    assert f"dynoview: {USERINFO_NOTE}" in captured.err
    assert status != 0  # no such bucket: said, nothing audited
