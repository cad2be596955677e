"""Which endpoint URLs keep requests on this machine, however the URL is written.

Loopback (127.0.0.0/8, ::1, localhost) and the unspecified address (0.0.0.0, ::) never leave the
machine. A private or link-local address, or a docker or LAN host name, does: plain http:// to it
is readable by anyone on that network, so it is not local (and is warned about).
"""

from __future__ import annotations

import pytest

from dynoview.core.session.connection import (
    ConnectionSpec,
    ConnectionSpecError,
    check_endpoint_url,
)
from dynoview.core.session.endpoints import endpoint_host, endpoint_is_local, is_cleartext

LOCAL = [
    "http://localhost:8000", "HTTP://LOCALHOST:8000", "http://LocalHost.:8000/",
    "http://localhost.localdomain:8000", "http://dynamodb.localhost:8000",
    "http://127.0.0.1:8000", "http://127.0.0.1", "http://127.1:8000", "http://127.0.1:8000",
    "http://127.255.255.254:8000", "http://2130706433:8000", "http://0x7f.1:8000",
    "http://0x7f000001:8000", "http://[::1]:8000", "http://[0:0:0:0:0:0:0:1]:8000",
    "http://[::ffff:127.0.0.1]:8000", "http://0.0.0.0:8000", "http://0:8000", "http://[::]:8000",
    "http://user:password@localhost:8000", "http://evil.example@127.0.0.1:8000",
]
NOT_LOCAL = [
    # Names that only start like localhost, or hide it in the user part of the URL.
    "http://localhost.evil.com:8000", "http://localhost.evil.com.:8000", "http://localhostx:8000",
    "http://127.0.0.1.evil.com:8000", "http://127.0.0.1.nip.io:8000", "http://localhost@evil.com",
    "http://127.0.0.1:8000@evil.com", "http://127.0.0.1%2eevil.com:8000",
    # urllib would read the host after the backslash, urllib3 (which sends) the one before it.
    "http://evil.example\\@127.0.0.1:8000", "http://evil.example\\@localhost:8000",
    # Private, link-local, shared and public addresses: a network others are on.
    "http://10.0.0.5:8000", "http://192.168.1.20:8000", "http://172.17.0.2:8000",
    "http://169.254.169.254", "http://100.64.0.1:8000", "http://[fe80::1%25eth0]:8000",
    "http://[fd00::5]:8000", "http://[::ffff:10.0.0.5]:8000", "http://8.8.8.8:8000",
    "http://128.0.0.1:8000", "http://256.1:8000",
    # Docker and LAN host names: nothing says where they resolve.
    "http://host.docker.internal:8000", "http://dynamodb-local:8000", "http://localstack:4566",
    "http://db.lan:8000",
    "", None,
]


@pytest.mark.parametrize("url", LOCAL)
def test_loopback_however_written_is_local_and_not_cleartext(url: str) -> None:
    assert endpoint_is_local(url) is True
    assert is_cleartext(url) is False


@pytest.mark.parametrize("url", NOT_LOCAL)
def test_other_hosts_are_not_local(url: str | None) -> None:
    assert endpoint_is_local(url) is False


@pytest.mark.parametrize("url", [u for u in NOT_LOCAL if u])
def test_http_to_them_is_cleartext_and_https_is_not(url: str) -> None:
    assert is_cleartext(url) is True
    assert is_cleartext(url.replace("http://", "HTTPS://", 1)) is False
    assert is_cleartext(url.replace("http://", "HttP://", 1)) is True


@pytest.mark.parametrize("url, host", [
    ("HTTP://User:Pw@DB.Example.:8000/x", "db.example"), ("http://[FE80::1]:8000", "fe80::1"),
    ("http://localhost@evil.com", "evil.com"), ("not a url", ""), (None, ""),
])
def test_the_host_named_is_the_one_the_warning_names(url: str | None, host: str) -> None:
    assert endpoint_host(url) == host


def test_the_tests_own_endpoint_is_local(moto_endpoint: str) -> None:
    """moto as the tests and the demo reach it (DynamoDB Local's is the same http://127.0.0.1:PORT
    form): never warned about."""
    assert moto_endpoint.startswith("http://127.0.0.1:")
    assert endpoint_is_local(moto_endpoint) and not is_cleartext(moto_endpoint)


@pytest.mark.parametrize("url", ["http://evil.example\\@127.0.0.1:8000",
                                 "http://dynamodb.us-east-1.amazonaws.com\\@localhost"])
def test_a_backslash_is_refused_at_the_endpoint_field(url: str) -> None:
    with pytest.raises(ConnectionSpecError) as info:
        check_endpoint_url(url)
    assert info.value.field == "endpoint_url" and "backslash" in info.value.message


def test_the_consent_to_clear_text_is_saved_with_the_connection() -> None:
    spec = ConnectionSpec(name="lan", endpoint_url="http://10.0.0.5:8000", cleartext_host="10.0.0.5")
    assert spec.to_settings()["cleartext_host"] == "10.0.0.5"
    assert ConnectionSpec.from_settings(spec.to_settings()) == spec
    assert "cleartext_host" not in ConnectionSpec(name="x").to_settings()
