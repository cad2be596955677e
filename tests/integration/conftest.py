"""Fixtures for tests that talk HTTP to a local endpoint: each runs on moto and on
DynamoDB Local (``endpoint_url`` in tests/conftest.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

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


@pytest.fixture
def new_table(conn: Connection) -> Iterator[Any]:
    """A factory of fresh tables with a stream (dropped after the test); None: no stream."""
    made: list[str] = []

    def make(view: str | None = "NEW_AND_OLD_IMAGES") -> str:
        name = f"watch-{uuid.uuid4().hex[:8]}"
        spec: dict[str, Any] = {}
        if view is not None:
            spec["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": view}
        conn.client.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "SK", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                       {"AttributeName": "SK", "KeyType": "RANGE"}], **spec)
        made.append(name)
        return name

    yield make
    for name in made:
        conn.client.delete_table(TableName=name)
