"""Test isolation: no real AWS, no machine AWS config, offscreen Qt, fake keys."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_ISOLATION = Path(tempfile.mkdtemp(prefix="dynoview-tests-"))
(_ISOLATION / "config").write_text("")
(_ISOLATION / "credentials").write_text("")

# Set at import time so nothing (boto3 sessions, Qt settings) ever sees the real machine.
os.environ.update(
    {
        "AWS_CONFIG_FILE": str(_ISOLATION / "config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(_ISOLATION / "credentials"),
        "AWS_ACCESS_KEY_ID": "testing-fake-key",
        "AWS_SECRET_ACCESS_KEY": "testing-fake-secret",
        "AWS_DEFAULT_REGION": "us-east-1",
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(_ISOLATION / "xdg-config"),
        "XDG_DATA_HOME": str(_ISOLATION / "xdg-data"),
        "XDG_CACHE_HOME": str(_ISOLATION / "xdg-cache"),
        "HOME": str(_ISOLATION / "home"),
    }
)
for var in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_DYNAMODB",
            "AWS_REGION"):
    os.environ.pop(var, None)
(_ISOLATION / "home").mkdir(exist_ok=True)


@pytest.fixture(scope="session")
def moto_endpoint() -> Iterator[str]:
    """A real DynamoDB-compatible HTTP endpoint (moto) on loopback for the session."""
    from dynoview.core.demo import start_server

    server, url = start_server()
    yield url
    server.stop()
