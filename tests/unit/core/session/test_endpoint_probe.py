"""``session.endpoint_probe``: a stopped local endpoint is "unreachable" at once."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest
from botocore.exceptions import EndpointConnectionError

from dynoview.core.errors import describe_error
from dynoview.core.session.endpoint_probe import check_reachable


@pytest.fixture
def listening() -> Iterator[int]:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield server.getsockname()[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_listening_local_endpoint_passes(listening: int) -> None:
    check_reachable(f"http://127.0.0.1:{listening}")
    check_reachable(f"http://localhost:{listening}/some/path")


def test_a_stopped_local_endpoint_is_unreachable_at_once() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    started = time.monotonic()
    with pytest.raises(EndpointConnectionError) as caught:
        check_reachable(url)
    assert time.monotonic() - started < 1.5  # no retries with back-off
    assert describe_error(caught.value, endpoint=url).title == "Endpoint unreachable"


@pytest.mark.parametrize("url", [None, "https://dynamodb.eu-west-1.amazonaws.com",
                                 "http://127.0.0.1:99999"])
def test_remote_endpoints_and_bad_ports_are_left_to_botocore(url: str | None) -> None:
    check_reachable(url)  # no probe: a proxy only botocore knows, or botocore's own message
