"""Fixtures for tests that talk HTTP to a local endpoint."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from dynoview.core.connection import Connection, ConnectionSpec
from dynoview.core.demo import create_accounts_table, seed_accounts
from dynoview.core.reads import Reader


def make_connection(url: str, read_only: bool = False) -> Connection:
    spec = ConnectionSpec(name="test", endpoint_url=url, region="us-east-1", read_only=read_only)
    return Connection(spec, credentials={"aws_access_key_id": "testing-fake-key",
                                         "aws_secret_access_key": "testing-fake-secret"})


@pytest.fixture
def conn(moto_endpoint: str) -> Connection:
    return make_connection(moto_endpoint)


@pytest.fixture
def reader(conn: Connection) -> Reader:
    return Reader(conn)


@pytest.fixture
def accounts_table(conn: Connection) -> Iterator[str]:
    """A freshly seeded copy of the demo's accounts table under a unique name."""
    name = f"accounts-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    seed_accounts(conn, name)
    yield name
    conn.client.delete_table(TableName=name)
