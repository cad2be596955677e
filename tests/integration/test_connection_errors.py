"""Real failures over the wire, turned into actionable messages."""

from __future__ import annotations

import socket

import pytest

from dynoview.core.connection import Connection, ConnectionSpec
from dynoview.core.errors import describe_error

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


def test_missing_credentials_are_explained(endpoint_url: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    conn = Connection(ConnectionSpec(name="x", endpoint_url=endpoint_url, region="us-east-1"))
    with pytest.raises(Exception) as info:
        conn.list_tables()
    err = describe_error(info.value)
    assert err.title == "No credentials"


def test_unknown_profile_is_explained() -> None:
    with pytest.raises(Exception) as info:
        Connection(ConnectionSpec(name="x", profile="nope", region="us-east-1"))
    err = describe_error(info.value, profile="nope")
    assert err.title == "Unknown profile" and "'nope'" in err.message
