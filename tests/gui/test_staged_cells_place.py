"""Cells staged on one connection are never restored as sendable on another of the same name.
Command-line connections share names ("local" for every --endpoint-url, a profile's name in every
region): a set staged on "local" in us-east-1 was restored, active, in a window on "local" in
us-west-2, and Review and send handed its Update to the builder there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.edits.staging import same_connection
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.demo.backend import create_accounts_table, seed_accounts
from dynoview.ui.context import AppContext
from dynoview.ui.items.staging import CellStaging
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui
TABLE = "accounts-place"


@pytest.fixture
def east_and_west(moto_endpoint: str) -> Iterator[tuple[Connection, Connection]]:
    east, west = (Connection(ConnectionSpec(name="local", endpoint_url=moto_endpoint, region=region),
                             credentials=FAKE_KEYS) for region in ("us-east-1", "us-west-2"))
    for conn in (east, west):
        create_accounts_table(conn, TABLE)
        seed_accounts(conn, TABLE)
    yield east, west
    for conn in (east, west):
        conn.client.delete_table(TableName=TABLE)


def _staging(qtbot: Any, conn: Connection) -> tuple[CellStaging, Any]:
    ctx = AppContext()
    ctx.set_connection(conn)
    info = describe_table(conn, TABLE)
    ctx.set_table(info)
    return CellStaging(ctx), info


def test_a_set_staged_in_one_region_is_kept_for_it_not_restored_in_another(
        qtbot: Any, east_and_west: tuple[Connection, Connection]) -> None:
    east, west = east_and_west
    first, info = _staging(qtbot, east)
    item = next(i for i in east.client.scan(TableName=TABLE)["Items"] if i["SK"]["S"] == "PROFILE")
    assert first.stage_value(info, item, "note", {"S": "staged in us-east-1"}) is None  # no refusal
    assert first.edits.count == 1
    first.store.release()
    second, _info = _staging(qtbot, west)
    try:
        assert second.edits.count == 0 and not second.active
        assert "kept for when you connect to it" in second.note and "us-east-1" in second.note
    finally:
        second.store.release()
    third, _info = _staging(qtbot, east)  # back on us-east-1: restored there
    try:
        assert third.edits.count == 1 and third.active
    finally:
        third.store.release()


def test_a_set_saved_by_an_older_version_is_taken_by_its_name() -> None:
    assert same_connection("local", "local @ http://127.0.0.1:8000, us-east-1")
    assert not same_connection("local @ http://127.0.0.1:8000, us-east-1",
                               "local @ http://127.0.0.1:8000, us-west-2")
    assert not same_connection("prod", "production @ AWS, eu-west-1, profile prod")
