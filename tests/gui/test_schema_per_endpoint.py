"""The window saves a table's uniqueness schema for its connection and where it points: a schema
saved for ``accounts`` on "local" in one region is not used for ``accounts`` on "local" in another
(every --endpoint-url connection is "local"), and a file saved by an older version under the
name alone is still used."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import article_schema, default_schema
from dynoview.core.uniqueness.schema_store import SchemaStore
from dynoview.demo.backend import create_accounts_table
from dynoview.ui.context import AppContext
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui
TABLE = "accounts-schema-place"


@pytest.fixture
def east_and_west(moto_endpoint: str, tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Connection, Connection]]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # this test's schemas only
    east, west = (Connection(ConnectionSpec(name="local", endpoint_url=moto_endpoint, region=region),
                             credentials=FAKE_KEYS) for region in ("us-east-1", "us-west-2"))
    for conn in (east, west):
        create_accounts_table(conn, TABLE)
    yield east, west
    for conn in (east, west):
        conn.client.delete_table(TableName=TABLE)


def _open(conn: Connection) -> AppContext:
    ctx = AppContext()
    ctx.set_connection(conn)
    ctx.set_table(describe_table(conn, TABLE))
    return ctx


def test_a_schema_saved_in_one_region_is_not_used_in_another(
        qtbot: Any, east_and_west: tuple[Connection, Connection]) -> None:
    east, west = east_and_west
    ctx = _open(east)
    ctx.set_schema(article_schema("EAST"))  # Edit schema… -> Save
    assert _open(east).schema == article_schema("EAST")
    west_ctx = _open(west)  # was EAST's: the same name, "local"
    assert west_ctx.schema == default_schema(describe_table(west, TABLE))
    assert west_ctx.schema_for(TABLE) == default_schema(describe_table(west, TABLE))


def test_a_schema_an_older_version_saved_by_name_is_still_used(
        qtbot: Any, east_and_west: tuple[Connection, Connection]) -> None:
    east, _west = east_and_west
    old = SchemaStore().save("local", TABLE, article_schema("OLD"))  # the name alone
    ctx = _open(east)
    assert ctx.schema == article_schema("OLD")
    ctx.set_schema(article_schema("NEW"))  # moved to this connection's own key
    assert not old.exists() and _open(east).schema == article_schema("NEW")
