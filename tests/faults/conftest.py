"""Fixtures for fault tests: a fault proxy in front of the test's engine (moto or DynamoDB
Local), connections through it,
a loopback-only guard, and a QTimer heartbeat that measures event-loop stalls."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from tests.fault_proxy import FaultProxy
from tests.faults.support import Heartbeat, proxied
from tests.gui.conftest import qasync_loop  # noqa: F401 - re-exported fixture for the UI tests
from tests.helpers import connect, empty_accounts_table, seeded_accounts_copy

_LOOPBACK_NAMES = {"127.0.0.1", "localhost", "::1"}


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Refuse to resolve any host but loopback (and names a test maps to loopback).

    Fault tests play with credentials and SSO; this makes sure nothing can reach AWS.
    Tests add ``name -> 127.0.0.1`` entries to the returned dict to fake a remote host.
    """
    aliases: dict[str, str] = {}
    real = socket.getaddrinfo

    def guarded(host: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else host
        if name in aliases:
            return real(aliases[name], *args, **kwargs)
        if name not in _LOOPBACK_NAMES:
            raise OSError(f"fault tests only talk to loopback; refused to resolve {name!r}")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", guarded)
    return aliases


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as fp:
        yield fp


@pytest.fixture
def pconn(proxy: FaultProxy) -> Connection:
    """A writable connection whose every request goes through the fault proxy."""
    return proxied(proxy)


@pytest.fixture
def direct(endpoint_url: str) -> Connection:
    """A connection straight to the engine, to check what really is in the table."""
    return connect(endpoint_url, name="direct")


@pytest.fixture(scope="module")
def shared_table(endpoint_url: str) -> Iterator[str]:
    """A seeded accounts table shared by a module's tests that only read it."""
    with seeded_accounts_copy(connect(endpoint_url, name="direct"), "faults-ro") as name:
        yield name


@pytest.fixture
def table(direct: Connection) -> Iterator[str]:
    """A freshly seeded copy of the demo accounts table (seeded directly, not through faults)."""
    with seeded_accounts_copy(direct, "faults") as name:
        yield name


@pytest.fixture
def empty_table(direct: Connection) -> Iterator[str]:
    """An empty table of the article's layout (keys, indexes), made directly, not through faults."""
    with empty_accounts_table(direct, "faults-empty") as name:
        yield name


@pytest.fixture
def heartbeat(qapp: Any) -> Iterator[Heartbeat]:
    beat = Heartbeat()
    yield beat
    beat.close()
