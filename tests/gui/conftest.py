"""GUI fixtures: a qasync loop on the test QApplication and a seeded demo endpoint."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
import qasync

from dynoview.core.connection import Connection, ConnectionSpec
from dynoview.core.demo import create_accounts_table, seed_accounts

if TYPE_CHECKING:
    from dynoview.ui.context import AppContext


@pytest.fixture
def qasync_loop(qapp) -> Iterator[asyncio.AbstractEventLoop]:
    """Install a qasync loop so TaskRunner callbacks run while qtbot waits."""
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    yield loop
    loop.close()
    asyncio.set_event_loop(None)


@pytest.fixture
def demo_conn(moto_endpoint: str) -> Connection:
    spec = ConnectionSpec(name="gui-test", endpoint_url=moto_endpoint, region="us-east-1")
    return Connection(spec, credentials={"aws_access_key_id": "testing-fake-key",
                                         "aws_secret_access_key": "testing-fake-secret"})


@pytest.fixture
def seeded_table(demo_conn: Connection) -> Iterator[str]:
    """A freshly seeded copy of the demo accounts table under a unique name."""
    name = f"accounts-{uuid.uuid4().hex[:8]}"
    create_accounts_table(demo_conn, name)
    seed_accounts(demo_conn, name)
    yield name
    demo_conn.client.delete_table(TableName=name)


@pytest.fixture
def ctx(qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
        seeded_table: str) -> Iterator[AppContext]:
    """An app context connected to the test endpoint with the seeded table open."""
    from dynoview.core.tables import describe_table
    from dynoview.ui.context import AppContext

    context = AppContext()
    context.set_connection(demo_conn)
    context.set_table(describe_table(demo_conn, seeded_table))
    yield context
    context.tasks.shutdown()
