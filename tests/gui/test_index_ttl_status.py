"""The Items tab on a TTL table, reading an index that does not project the TTL attribute
(KEYS_ONLY, INCLUDE without it). Before, an expired item's TTL status was blank, as for an item
with no TTL, and "Hide expired" stayed on and hid nothing. Now the cells say "not in this index"
(the tooltip says to read the table), and Hide expired is off and disabled with a tooltip that
says why, the user's choice back with the table or an index that holds the attribute; an ALL
index, or an INCLUDE one naming the attribute, shows expiry as the table does (both engines)."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.ttl.kinds import NOT_IN_INDEX
from dynoview.ui.context import AppContext
from dynoview.ui.items.model import TTL_STATUS_COLUMN, TtlStateRole
from dynoview.ui.items.panel import ItemsPanel
from tests.helpers import connect, s

pytestmark = pytest.mark.gui

NOW = int(time.time())
INDEXES = {"byUser-keys": {"ProjectionType": "KEYS_ONLY"},
           "byUser-note": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["note"]},
           "byUser-ttl": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["expiresAt"]},
           "byUser-all": {"ProjectionType": "ALL"}}


@pytest.fixture
def table(endpoint_url: str) -> Iterator[tuple[Connection, str]]:
    """A TTL table (expiresAt) with an index of each projection, holding an item whose TTL is an
    hour away (past at the model's clock, two hours on: the engine's sweep leaves it alone), one
    whose TTL is a day away, and one without TTL."""
    conn = connect(endpoint_url, name="gui-test")
    name = f"idxttl-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"} for a in ("PK", "user")],
        GlobalSecondaryIndexes=[{"IndexName": index, "Projection": projection,
                                 "KeySchema": [{"AttributeName": "user", "KeyType": "HASH"}]}
                                for index, projection in INDEXES.items()])
    try:
        conn.client.get_waiter("table_exists").wait(TableName=name)
        conn.client.update_time_to_live(TableName=name, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expiresAt"})
        for pk, ttl in (("old", NOW + 3600), ("live", NOW + 86400), ("plain", None)):
            item = {"PK": s(pk), "user": s("ada"), "note": s(pk)}
            if ttl is not None:
                item["expiresAt"] = {"N": str(ttl)}
            conn.client.put_item(TableName=name, Item=item)
        yield conn, name
    finally:
        conn.client.delete_table(TableName=name)


@pytest.fixture
def panel(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, table: tuple[Connection, str],
          config: Path) -> Iterator[ItemsPanel]:
    conn, name = table
    ctx = AppContext()
    ctx.set_connection(conn)
    info = describe_table(conn, name)
    assert info.ttl_enabled
    ctx.set_table(info)
    widget = ItemsPanel(ctx)
    qtbot.addWidget(widget)
    widget.set_table(info)
    widget.model.now = datetime.fromtimestamp(NOW + 7200, UTC)  # "old" expired an hour ago
    try:
        yield widget
    finally:
        widget.controller.cancel(keep_read=False)
        ctx.tasks.shutdown()


def read(qtbot: Any, panel: ItemsPanel, index: str | None) -> dict[str, Any]:
    """Read ``index`` (None: the table); each shown item's TTL status cell, by PK."""
    panel.index.setCurrentIndex(panel.index.findData(index))
    panel.run()
    qtbot.waitUntil(lambda: panel.model.exhausted and not panel.controller.busy, timeout=15000)
    model = panel.model
    col = model.columns().index(TTL_STATUS_COLUMN)
    return {model.item(r)["PK"]["S"]: model.index(r, col) for r in range(model.rowCount())}


def texts(cells: dict[str, Any]) -> dict[str, str]:
    return {pk: cell.data() for pk, cell in cells.items()}


@pytest.mark.parametrize("index", ["byUser-keys", "byUser-note"])
def test_an_index_without_the_ttl_attribute_says_so_and_hides_nothing(
        qtbot: Any, panel: ItemsPanel, index: str) -> None:
    box = panel.hide_expired
    assert texts(read(qtbot, panel, None))["old"] == "expired 60 min ago, still readable"
    assert box.isEnabled()
    box.setChecked(True)
    assert set(texts(read(qtbot, panel, None))) == {"live", "plain"}  # "old" is hidden

    cells = read(qtbot, panel, index)
    # Unknown, not "no TTL": every row, the expired one as well as the one without TTL.
    assert texts(cells) == dict.fromkeys(("old", "live", "plain"), "not in this index")
    tip = cells["old"].data(Qt.ItemDataRole.ToolTipRole)
    assert index in tip and "expiresAt" in tip and "read the table" in tip
    assert cells["old"].data(TtlStateRole).kind == NOT_IN_INDEX
    assert not box.isEnabled() and not box.isChecked()  # nothing it could hide: off, and says why
    assert index in box.toolTip() and "read the table to hide them" in box.toolTip()
    assert panel.progress.text().startswith("3 items shown") and "hidden" not in panel.progress.text()

    assert set(texts(read(qtbot, panel, None))) == {"live", "plain"}  # the choice is back
    assert box.isEnabled() and box.isChecked() and "still in the table" in box.toolTip()


@pytest.mark.parametrize("index", ["byUser-ttl", "byUser-all"])
def test_an_index_holding_the_ttl_attribute_shows_expiry_as_the_table(
        qtbot: Any, panel: ItemsPanel, index: str) -> None:
    box = panel.hide_expired
    cells = read(qtbot, panel, index)
    assert texts(cells) == {"old": "expired 60 min ago, still readable", "live": "expires in 22 h",
                            "plain": ""}
    assert box.isEnabled()
    box.setChecked(True)
    assert set(texts(read(qtbot, panel, index))) == {"live", "plain"}
    assert "1 expired hidden" in panel.progress.text()


def test_the_choice_comes_back_from_an_index_without_ttl_to_one_with_it(qtbot: Any,
                                                                        panel: ItemsPanel) -> None:
    box = panel.hide_expired
    panel.index.setCurrentIndex(panel.index.findData("byUser-all"))
    box.setChecked(True)
    panel.index.setCurrentIndex(panel.index.findData("byUser-keys"))
    assert not box.isEnabled() and not box.isChecked()
    panel.index.setCurrentIndex(panel.index.findData("byUser-ttl"))
    assert box.isEnabled() and box.isChecked()
    assert set(texts(read(qtbot, panel, "byUser-ttl"))) == {"live", "plain"}


@pytest.mark.only_on("dynamodb-local", reason="moto's PartiQL does not read from an index")
@pytest.mark.parametrize(("index", "old"), [("byUser-keys", "not in this index"),
                                            ("byUser-all", "expired 60 min ago, still readable")])
def test_a_partiql_select_of_an_index_says_the_same(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
                                                    table: tuple[Connection, str], config: Path,
                                                    index: str, old: str) -> None:
    from dynoview.ui.partiql.panel import PartiqlPanel

    conn, name = table
    ctx = AppContext()
    ctx.set_connection(conn)
    ctx.tables[name] = describe_table(conn, name)
    panel = PartiqlPanel(ctx)
    qtbot.addWidget(panel)
    panel.model.now = datetime.fromtimestamp(NOW + 7200, UTC)
    try:
        panel.editor.setPlainText(f'SELECT * FROM "{name}"."{index}" WHERE "user" = \'ada\'')
        panel.run()
        qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=15000)
        model = panel.model
        col = model.columns().index(TTL_STATUS_COLUMN)
        shown = {model.item(r)["PK"]["S"]: model.index(r, col).data() for r in range(model.rowCount())}
        assert shown["old"] == old
    finally:
        ctx.tasks.shutdown()
