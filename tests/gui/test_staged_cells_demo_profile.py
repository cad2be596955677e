"""Staged cells follow their connection's profile (``profile.of_connection``), as its action log
and schemas do, and the demo's are labelled "name @ demo", not with its endpoint.

Before, the demo's staged set was labelled with its endpoint URL, whose port changes at every
start: the next demo start restored nothing and said the cells were "kept for when you connect
to" a demo that no longer exists. And the window's drafts folder was the process's: cells staged
on a real endpoint in a ``--demo`` session went to the demo's folder (never restored at a normal
start on that endpoint), and the demo's, opened in a normal start, to the user's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.items.staging import CellStaging
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui
DEMO_NAME = "Demo (embedded)"


def demo_connection(url: str) -> Connection:
    """The embedded demo as ``DemoBackend.connection_spec`` makes it, at ``url``."""
    spec = ConnectionSpec(name=DEMO_NAME, endpoint_url=url, region="us-east-1", demo=True)
    return Connection(spec, credentials=FAKE_KEYS)


def another_port(url: str) -> str:
    """The demo's endpoint at its next start: another free port."""
    host, _sep, port = url.rpartition(":")
    return f"{host}:{int(port) + 1}"


@pytest.fixture
def staging_in(qasync_loop: asyncio.AbstractEventLoop, config: Path) -> Iterator[Any]:
    """A window's staging on a connection (no drafts folder given: the app's, under ``config``)."""
    made: list[tuple[AppContext, CellStaging]] = []

    def make(conn: Connection) -> CellStaging:
        ctx = AppContext()
        ctx.set_connection(conn)
        staging = CellStaging(ctx)
        made.append((ctx, staging))
        return staging

    yield make
    for ctx, staging in made:
        staging.store.release()
        ctx.tasks.shutdown()


def stage_one(staging: CellStaging, conn: Connection, info: TableInfo) -> None:
    item = next(i for i in conn.client.scan(TableName=info.name)["Items"] if i["SK"]["S"] == "PROFILE")
    assert staging.stage_value(info, item, "displayName", {"S": "staged, not sent"}) is None
    assert staging.edits.count == 1


def staged_files(folder: Path) -> list[Path]:
    return sorted((folder / "drafts" / "staged-edits").glob("*.json"))


def test_cells_staged_on_the_demo_come_back_at_the_next_demo_start(
        staging_in: Any, config: Path, moto_endpoint: str, seeded_table: str) -> None:
    with profile.use(profile.DEMO):  # `dynoview --demo`
        demo = demo_connection(moto_endpoint)
        first = staging_in(demo)
        assert first._connection() == f"{DEMO_NAME} @ demo"  # not its endpoint: a new port each start
        stage_one(first, demo, describe_table(demo, seeded_table))
        first.store.release()  # the app quits: its file stays for the next start

        second = staging_in(demo_connection(another_port(moto_endpoint)))  # the next demo start
        assert second.edits.count == 1
        assert "restored" in second.note and "kept for when you connect" not in second.note, second.note
    assert staged_files(config / profile.DEMO)
    assert not staged_files(config)


def test_cells_staged_on_a_real_endpoint_in_a_demo_session_come_back_at_a_normal_start(
        staging_in: Any, config: Path, demo_conn: Connection, seeded_table: str) -> None:
    assert not demo_conn.spec.demo
    with profile.use(profile.DEMO):  # `dynoview --demo`, then File → Connect… a real endpoint
        first = staging_in(demo_conn)
        stage_one(first, demo_conn, describe_table(demo_conn, seeded_table))
        first.store.release()  # quit
    assert staged_files(config)  # the user's drafts folder, where that endpoint's log is
    assert not staged_files(config / profile.DEMO)

    second = staging_in(demo_conn)  # the next normal start, on the same endpoint
    assert second.edits.count == 1, second.note
    assert "restored" in second.note


def test_cells_staged_on_the_demo_in_a_normal_start_stay_in_the_demo_folder(
        staging_in: Any, config: Path, moto_endpoint: str, seeded_table: str) -> None:
    assert profile.active() == profile.DEFAULT
    demo = demo_connection(moto_endpoint)  # File → Connect… → Demo
    staging = staging_in(demo)
    stage_one(staging, demo, describe_table(demo, seeded_table))
    assert staged_files(config / profile.DEMO)
    assert not staged_files(config)  # never in the user's drafts


def test_a_set_left_from_the_demo_is_cleared_from_the_demo_folder_and_the_next_kept_in_the_user_s(
        staging_in: Any, config: Path, moto_endpoint: str, demo_conn: Connection,
        seeded_table: str) -> None:
    """The window's set moves with its connection's profile: one file, never a stale one."""
    demo = demo_connection(moto_endpoint)
    staging = staging_in(demo)
    stage_one(staging, demo, describe_table(demo, seeded_table))
    staging.ctx.set_connection(demo_conn)  # connected elsewhere: the demo's set stays the demo's
    assert not staging.on_this_connection
    assert staged_files(config / profile.DEMO) and not staged_files(config)
    staging.discard_all()  # its file goes from the demo's folder
    assert not staged_files(config / profile.DEMO)
    stage_one(staging, demo_conn, describe_table(demo_conn, seeded_table))
    assert staged_files(config) and not staged_files(config / profile.DEMO)
    staging.undo()  # the demo's set again: back in the demo's folder, not in the user's
    staging.undo()
    assert staging.edits.connection == f"{DEMO_NAME} @ demo" and staging.edits.count == 1
    assert staged_files(config / profile.DEMO) and not staged_files(config)
