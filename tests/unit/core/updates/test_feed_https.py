"""An https:// feed stays on https: a redirect to http:// is refused before anything is read from
the plain hop, a redirect to another https:// address is followed, and a release page that is not
https:// is never the one "Open its page" opens. Real local servers; a test CA stands in for
PyPI's (``SSL_CERT_FILE``, read by urllib's default TLS context)."""

from __future__ import annotations

import datetime
import http.server
import ipaddress
import json
import ssl
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from packaging.version import Version

from dynoview.core.updates.feed import FeedError, fetch_latest, parse

Answer = Callable[[http.server.BaseHTTPRequestHandler], None]


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 that is its own CA, and its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@contextmanager
def serve(answer: Answer, tls: tuple[Path, Path] | None = None) -> Iterator[tuple[str, list[str]]]:
    """A local server (https:// with ``tls``); yields its base URL and the paths it was asked."""
    asked: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            answer(self)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if tls is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    scheme = "https" if tls is not None else "http"
    try:
        yield f"{scheme}://127.0.0.1:{server.server_address[1]}", asked
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def release_json(version: str, page: str) -> Answer:
    body = json.dumps({"info": {"version": version, "release_url": page}}).encode()

    def answer(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)
    return answer


def redirect_to(location: str) -> Answer:
    def answer(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.send_response(301)
        handler.send_header("Location", location)
        handler.send_header("Content-Length", "0")
        handler.end_headers()
    return answer


@pytest.fixture
def tls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    cert, key = self_signed(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    return cert, key


def test_the_stub_is_trusted_so_the_refusal_below_is_the_redirect(tls: tuple[Path, Path]) -> None:
    with serve(release_json("2.0", "https://example.org/2.0"), tls) as (base, asked):
        release = fetch_latest(f"{base}/pypi/dynoview/json")
    assert release == parse(b'{"info": {"version": "2.0", "release_url": "https://example.org/2.0"}}')
    assert asked == ["/pypi/dynoview/json"]


def test_a_redirect_from_https_to_http_is_refused_and_the_plain_hop_is_never_asked(
        tls: tuple[Path, Path]) -> None:
    refused = r"redirected to an unencrypted address \(http://127\.0\.0\.1:\d+/json\)"
    with serve(release_json("99.0", "http://evil.example/download")) as (plain, plain_asked), \
            serve(redirect_to(f"{plain}/json"), tls) as (secure, secure_asked), \
            pytest.raises(FeedError, match=refused):
        fetch_latest(f"{secure}/pypi/dynoview/json")
    assert secure_asked == ["/pypi/dynoview/json"] and plain_asked == []


def test_a_redirect_to_another_https_address_is_followed(tls: tuple[Path, Path]) -> None:
    with serve(release_json("3.1", "https://pypi.org/project/dynoview/3.1/"), tls) as (target, asked), \
            serve(redirect_to(f"{target}/moved/json"), tls) as (secure, _):
        release = fetch_latest(f"{secure}/pypi/dynoview/json")
    assert release.version == Version("3.1") and asked == ["/moved/json"]


@pytest.mark.parametrize("page", ["http://evil.example/download", "HTTP://evil.example/x",
                                  "https:///etc/passwd", "file:///etc/passwd", "//evil.example/x"])
def test_only_an_https_release_page_is_kept(page: str) -> None:
    """Anything else is replaced by PyPI's own https:// page for that version."""
    release = parse(json.dumps({"info": {"version": "4.0", "release_url": page}}).encode())
    assert release.page == "https://pypi.org/project/dynoview/4.0/"


def test_an_https_release_page_is_kept() -> None:
    release = parse(b'{"info": {"version": "4.0", "release_url": "https://example.org/r/4.0"}}')
    assert release.page == "https://example.org/r/4.0"
