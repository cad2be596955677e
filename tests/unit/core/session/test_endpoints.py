"""Where requests go: AWS over http:// is refused, AWS keys over http:// elsewhere are warned about."""

from __future__ import annotations

import pytest

from dynoview.core.session.connection import (
    Connection,
    ConnectionSpec,
    ConnectionSpecError,
    check_endpoint_url,
)
from dynoview.core.session.endpoints import (
    cleartext_warning,
    is_aws_host,
    is_cleartext,
    looks_like_aws_keys,
)

AWS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"  # AWS's documented example key id
LAN = "http://10.0.0.5:8000"


@pytest.mark.parametrize("url, aws", [
    ("https://dynamodb.eu-west-1.amazonaws.com", True),
    ("http://DYNAMODB.us-east-1.AMAZONAWS.COM.", True),
    ("https://dynamodb.cn-north-1.amazonaws.com.cn", True),
    ("https://dynamodb.us-east-1.api.aws", True),
    ("https://vpce-1a2b.dynamodb.us-east-1.vpce.amazonaws.com", True),
    ("http://amazonaws.com.evil.example", False),
    ("http://notamazonaws.com", False),
    (LAN, False), (None, False),
])
def test_aws_hosts(url: str | None, aws: bool) -> None:
    assert is_aws_host(url) is aws


@pytest.mark.parametrize("url, cleartext", [
    (LAN, True), ("HTTP://localstack:4566", True), ("http://db.example", True),
    ("https://db.example", False), ("http://localhost:8000", False),
    ("http://127.0.0.1:8000", False), ("http://[::1]:8000", False), (None, False),
])
def test_cleartext_is_http_off_this_machine(url: str | None, cleartext: bool) -> None:
    assert is_cleartext(url) is cleartext


@pytest.mark.parametrize("key, token, aws", [
    (AWS_KEY_ID, None, True), ("ASIAY34FZKBOKMUTVV7A", None, True), (" " + AWS_KEY_ID, None, True),
    ("test", None, False), ("dynoviewlocal", None, False), ("AKIA-short", None, False),
    ("akiaiosfodnn7example", None, False), ("test", "FwoGZXIvYXdzE-token", True), (None, None, False),
])
def test_keys_that_look_like_aws(key: str | None, token: str | None, aws: bool) -> None:
    assert looks_like_aws_keys(key, token) is aws


def test_the_warning_names_the_host_and_what_to_do() -> None:
    sentence = cleartext_warning(LAN, AWS_KEY_ID, None)
    assert sentence is not None
    assert "10.0.0.5" in sentence and "unencrypted" in sentence and "https://" in sentence
    assert AWS_KEY_ID not in sentence  # the key id itself is not repeated
    assert cleartext_warning("https://10.0.0.5:8000", AWS_KEY_ID, None) is None
    assert cleartext_warning(LAN, "test", None) is None
    assert cleartext_warning("http://localhost:8000", AWS_KEY_ID, "token") is None


@pytest.mark.parametrize("url", ["http://dynamodb.us-east-1.amazonaws.com",
                                 "http://dynamodb.eu-west-1.amazonaws.com:80/"])
def test_aws_over_http_is_refused_at_the_endpoint_field(url: str) -> None:
    with pytest.raises(ConnectionSpecError) as info:
        check_endpoint_url(url)
    assert info.value.field == "endpoint_url"
    assert "https://" in info.value.message and "plain http://" in info.value.message
    check_endpoint_url(url.replace("http://", "https://"))  # the fix it names is accepted


def test_aws_over_http_makes_no_connection() -> None:
    with pytest.raises(ConnectionSpecError):
        Connection(ConnectionSpec(name="x", endpoint_url="http://dynamodb.us-east-1.amazonaws.com",
                                  region="us-east-1"),
                   credentials={"aws_access_key_id": AWS_KEY_ID, "aws_secret_access_key": "s"})


@pytest.mark.parametrize("url, key, token, warned", [
    (LAN, AWS_KEY_ID, None, True),
    (LAN, "test", "a-session-token", True),
    (LAN, "test", None, False),
    ("https://10.0.0.5:8000", AWS_KEY_ID, None, False),
    ("http://localhost:8000", AWS_KEY_ID, None, False),
])
def test_a_connection_carries_the_warning_for_the_keys_it_signs_with(
        url: str, key: str, token: str | None, warned: bool) -> None:
    credentials = {"aws_access_key_id": key, "aws_secret_access_key": "s"}
    if token:
        credentials["aws_session_token"] = token
    conn = Connection(ConnectionSpec(name="x", endpoint_url=url, region="us-east-1"),
                      credentials=credentials)
    assert (conn.cleartext_warning is not None) is warned
    if warned:
        assert "10.0.0.5" in (conn.cleartext_warning or "")
