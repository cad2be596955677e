"""Fixtures for tests that talk HTTP to a local endpoint: each runs on moto and on
DynamoDB Local (``endpoint_url`` in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from tests.helpers import connect, seeded_accounts_copy


@pytest.fixture
def conn(endpoint_url: str) -> Connection:
    return connect(endpoint_url)


@pytest.fixture
def reader(conn: Connection) -> Reader:
    return Reader(conn)


@pytest.fixture
def accounts_table(conn: Connection) -> Iterator[str]:
    """A freshly seeded copy of the demo's accounts table under a unique name."""
    with seeded_accounts_copy(conn) as name:
        yield name
