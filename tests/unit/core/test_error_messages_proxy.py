"""A proxy that cannot be reached, and an HTTP client that fails on a URL, are sentences that
name the proxy and its variable (user info redacted) and say what to do: never "Unexpected
error", never a piece of a password.

Before: "Unexpected error: ProxyConnectionError: Failed to connect to proxy URL: ..." (no
variable, no endpoint, no advice) and "Unexpected error: HTTPClientError: An HTTP Client raised
an unhandled exception: b'admin:Sup3r'" (half the endpoint's password). The failures are real:
botocore's clients sending to loopback through a proxy variable naming a closed loopback port.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import boto3
import pytest
from botocore import exceptions as bce
from botocore.config import Config

from dynoview.cli import main as cli_main
from dynoview.core.errors import describe_error
from dynoview.core.session.connection import Connection, ConnectionSpec

PROXY_VARIABLES = ("HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "https_proxy", "http_proxy",
                   "all_proxy", "NO_PROXY", "no_proxy", "REQUEST_METHOD")
#: A password with a quote: what made urllib3 raise AssertionError(b'admin:Sup3r').
QUOTED_PASSWORD = 'Sup3r"Secr3tPa55'


def closed_port() -> int:
    """A loopback port nothing listens on (it was free a moment ago)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def proxies(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """No proxy variable but those a test sets: ``proxies(HTTP_PROXY="http://...")``."""
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def use(**variables: str) -> None:
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
    return use


def failure(endpoint: str) -> BaseException:
    """What a real client raises on ListTables to ``endpoint``, through the environment's proxy."""
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                          aws_access_key_id="AKIAIOSFODNN7EXAMPLE",
                          aws_secret_access_key="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                          config=Config(retries={"max_attempts": 1}, connect_timeout=2))
    with pytest.raises(bce.BotoCoreError) as info:
        client.list_tables()
    return info.value


def test_a_proxy_that_refuses_names_its_variable_the_endpoint_and_what_to_do(
        proxies: Callable[..., None]) -> None:
    proxy = f"http://127.0.0.1:{closed_port()}"
    endpoint = f"http://127.0.0.1:{closed_port()}"
    proxies(HTTP_PROXY=proxy)
    exc = failure(endpoint)
    assert isinstance(exc, bce.ProxyConnectionError)
    err = describe_error(exc, endpoint=endpoint)
    assert (err.title, err.code) == ("Proxy unreachable", "ProxyUnreachable")
    assert err.message == (
        f"Could not connect to the proxy {proxy} (set by HTTP_PROXY) on the way to DynamoDB at "
        f"{endpoint}. Start the proxy, correct HTTP_PROXY, or add the endpoint's host to NO_PROXY "
        "to connect without it, then retry.")


@pytest.mark.parametrize(("scheme", "variables", "named"), [
    # The endpoint's scheme chooses the variable; a lowercase name wins over its capitals, as in
    # urllib's getproxies, which botocore reads.
    ("https", {"HTTPS_PROXY": "{proxy}"}, "HTTPS_PROXY"),
    ("https", {"https_proxy": "{proxy}"}, "https_proxy"),
    ("https", {"HTTPS_PROXY": "{proxy}", "https_proxy": "{proxy}", "HTTP_PROXY": "{proxy}"},
     "https_proxy"),
    ("http", {"HTTPS_PROXY": "http://127.0.0.1:1", "http_proxy": "{proxy}"}, "http_proxy"),
    ("http", {"HTTP_PROXY": "http://127.0.0.1:1", "http_proxy": "{proxy}"}, "http_proxy"),
])
def test_the_variable_named_is_the_one_botocore_used(
        proxies: Callable[..., None], scheme: str, variables: dict[str, str], named: str) -> None:
    proxy = f"http://127.0.0.1:{closed_port()}"
    proxies(**{name: value.format(proxy=proxy) for name, value in variables.items()})
    endpoint = f"{scheme}://127.0.0.1:{closed_port()}"
    err = describe_error(failure(endpoint), endpoint=endpoint)
    assert err.title == "Proxy unreachable"
    assert f"{proxy} (set by {named})" in err.message and f"correct {named}," in err.message


@pytest.mark.parametrize("userinfo", ["bob:s3cretProxyPw", 'bob:pa"ssProxyPw', "bob:"])
def test_the_proxy_user_info_is_redacted(proxies: Callable[..., None], userinfo: str) -> None:
    port = closed_port()
    proxies(HTTPS_PROXY=f"http://{userinfo}@127.0.0.1:{port}")
    exc = failure(f"https://127.0.0.1:{closed_port()}")
    assert isinstance(exc, bce.ProxyConnectionError)
    err = describe_error(exc)
    assert f"the proxy http://<redacted>@127.0.0.1:{port} (set by HTTPS_PROXY)" in err.message
    assert "bob" not in err.message and "ProxyPw" not in err.message and "***" not in err.message


def test_a_proxy_from_no_variable_is_still_named_with_advice() -> None:
    """A proxy from the system (Windows' or macOS's settings): botocore's own masked URL."""
    err = describe_error(bce.ProxyConnectionError(proxy_url="http://***:***@proxy.corp:3128",
                                                  error=OSError("refused")), region="eu-west-1")
    assert err.message.startswith("Could not connect to the proxy http://<redacted>@proxy.corp:3128 "
                                  "on the way to DynamoDB in eu-west-1.")
    assert "correct the proxy setting (HTTPS_PROXY or HTTP_PROXY)" in err.message


def test_the_mfa_roles_sts_call_through_a_dead_proxy_is_a_sentence(
        proxies: Callable[..., None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The role's AssumeRole call goes through the proxy too (STS on loopback: never AWS)."""
    config = tmp_path / "config"
    config.write_text("[profile base]\nregion = us-east-1\n"
                      "[profile mfa]\nregion = us-east-1\nsource_profile = base\n"
                      "role_arn = arn:aws:iam::123456789012:role/support\n"
                      "mfa_serial = arn:aws:iam::123456789012:mfa/ada\n", encoding="utf-8")
    credentials = tmp_path / "credentials"
    credentials.write_text("[base]\naws_access_key_id = AKIABASEPROFILE00001\n"
                           "aws_secret_access_key = base-secret-key-0000000000000000000000\n",
                           encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(credentials))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", f"https://127.0.0.1:{closed_port()}")
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    proxy = f"http://127.0.0.1:{closed_port()}"
    proxies(https_proxy=proxy)
    with pytest.raises(bce.ProxyConnectionError) as info:
        conn = Connection(ConnectionSpec(name="x", profile="mfa", region="us-east-1"),
                          mfa_prompter=lambda _request: "918273",
                          config=Config(retries={"max_attempts": 1}, connect_timeout=2))
        conn.list_tables()
    err = describe_error(info.value, profile="mfa", region="us-east-1")
    assert err.title == "Proxy unreachable"
    assert f"{proxy} (set by https_proxy) on the way to DynamoDB in us-east-1" in err.message


def test_an_http_client_failure_quotes_nothing_of_the_password(proxies: Callable[..., None]) -> None:
    proxies(HTTP_PROXY=f"http://127.0.0.1:{closed_port()}")
    endpoint = f"http://admin:{QUOTED_PASSWORD}@127.0.0.1:{closed_port()}"
    exc = failure(endpoint)
    assert type(exc) is bce.HTTPClientError and "Sup3r" in str(exc)  # botocore's own text quotes it
    err = describe_error(exc, endpoint=endpoint)
    assert (err.title, err.code) == ("Request failed", "HTTPClientError")
    assert "Sup3r" not in err.message and "Secr3t" not in err.message and "admin" not in err.message
    assert err.message.startswith(
        f"The request to DynamoDB at http://<redacted>@127.0.0.1:{endpoint.rsplit(':', 1)[1]} failed "
        "in the HTTP client (AssertionError) with no usable answer.")
    assert "percent-encode" in err.message and "NO_PROXY" in err.message


def test_an_http_client_error_as_botocore_raises_it_quotes_no_bytes() -> None:
    exc = bce.HTTPClientError(error=AssertionError(b"admin:Sup3r"))
    err = describe_error(exc)
    assert err.title == "Request failed" and "(AssertionError)" in err.message
    assert "Sup3r" not in err.message and "b'" not in err.message


def test_the_cli_says_neither_unexpected_nor_the_password(
        proxies: Callable[..., None], moto_endpoint: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every command: the endpoint listens, the proxy in front of it does not."""
    proxies(HTTP_PROXY=f"http://127.0.0.1:{closed_port()}")
    port = moto_endpoint.rsplit(":", 1)[1]
    assert cli_main(["tables", "--endpoint-url", moto_endpoint]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dynoview: Proxy unreachable: ") and "(set by HTTP_PROXY)" in err
    assert cli_main(["tables", "--endpoint-url", f"http://admin:{QUOTED_PASSWORD}@127.0.0.1:{port}"]) == 2
    err = capsys.readouterr().err
    assert "Unexpected" not in err and "Sup3r" not in err and "Secr3t" not in err
