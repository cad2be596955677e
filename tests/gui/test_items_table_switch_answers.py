"""An item read by key, or re-read after a write, answers after the user switched the Items tab
to another table (or connection): the answer is dropped, never shown as the new table's.

It was not: an item of table A opened by key showed up as an item of table B (the current item
Edit…/Delete… act on, the templates' subject), and A's re-read rewrote and removed B's rows with
the same keys. A delaying proxy (tests/fault_proxy.py) holds the GetItem while the user switches.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import WrittenKey
from dynoview.ui.items.panel import ItemsPanel
from tests.fault_proxy import DELAY, FaultProxy
from tests.helpers import connect

pytestmark = [pytest.mark.gui, pytest.mark.integration]

SLOW_S = 1.0  # how long the proxy holds each GetItem: the switch comes well within it


def key(pk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}}


@pytest.fixture
def proxy(moto_endpoint: str) -> Iterator[FaultProxy]:
    with FaultProxy(moto_endpoint) as fp:
        yield fp


@pytest.fixture
def tables(moto_endpoint: str) -> Iterator[tuple[str, str]]:
    """A holds ACCT#1 only; B holds ACCT#1, ACCT#2 and ACCT#3 with other emails."""
    client = connect(moto_endpoint, name="direct").client
    names = (f"switch-a-{uuid.uuid4().hex[:8]}", f"switch-b-{uuid.uuid4().hex[:8]}")
    for name in names:
        client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    a, b = names
    client.put_item(TableName=a, Item={**key("ACCT#1"), "email": {"S": "written-in-a@example.com"}})
    for n in (1, 2, 3):
        client.put_item(TableName=b, Item={**key(f"ACCT#{n}"), "email": {"S": f"b{n}@example.com"}})
    try:
        yield names
    finally:
        for name in names:
            client.delete_table(TableName=name)


@pytest.fixture
def conn(proxy: FaultProxy) -> Connection:
    return connect(proxy.url, name="proxied")


@pytest.fixture
def ctx(qasync_loop: Any, conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(conn)
    yield context
    context.tasks.shutdown()


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> ItemsPanel:
    widget = ItemsPanel(ctx)
    qtbot.addWidget(widget)
    return widget


def open_table(qtbot: Any, panel: ItemsPanel, info: TableInfo, rows: int) -> None:
    """As the window does on a pick in the tables list: the table, then its first page."""
    panel.ctx.set_table(info)
    panel.set_table(info)
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() == rows and not panel.controller.busy,
                    timeout=10000)


def rows(panel: ItemsPanel) -> list[tuple[str, str]]:
    return sorted((i["PK"]["S"], i["email"]["S"]) for i in panel.model.items())


B_ROWS = [("ACCT#1", "b1@example.com"), ("ACCT#2", "b2@example.com"), ("ACCT#3", "b3@example.com")]


def get_items(proxy: FaultProxy) -> tuple[int, int]:
    """(GetItems sent, GetItems answered) as the proxy saw them."""
    return len(proxy.requests("GetItem")), len(proxy.forwarded("GetItem"))


def answers_arrived(qtbot: Any, panel: ItemsPanel, proxy: FaultProxy) -> None:
    """Every GetItem sent has answered and its worker has ended."""
    def settled() -> bool:
        sent, answered = get_items(proxy)
        return sent == answered > 0 and not panel.ctx.tasks._work

    qtbot.waitUntil(settled, timeout=10000)
    qtbot.wait(50)  # their turn of the loop, were they still wanted


def assert_nothing_selected(panel: ItemsPanel) -> None:
    assert panel.selection.current_item() is None
    assert panel.by_key_item is None
    assert not panel.delete_button.isEnabled() and not panel.edit_button.isEnabled()
    assert panel.ctx.subject is None
    assert "ACCT#1" not in panel.detail.title.text()


def test_an_item_opened_by_key_on_a_is_not_shown_after_switching_to_b(
        qtbot: Any, panel: ItemsPanel, ctx: AppContext, conn: Connection, proxy: FaultProxy,
        tables: tuple[str, str]) -> None:
    info_a, info_b = (describe_table(conn, name) for name in tables)
    ctx.set_table(info_a)
    panel.set_table(info_a)  # A is open, its rows not read yet
    proxy.add(DELAY, operation="GetItem", seconds=SLOW_S)
    panel.open_key(key("ACCT#1"))  # not on the page: read by key (another panel's link)
    qtbot.waitUntil(lambda: get_items(proxy) == (1, 0), timeout=10000)
    open_table(qtbot, panel, info_b, 3)  # the user switches while the GetItem is on the wire
    answers_arrived(qtbot, panel, proxy)
    assert panel.info is info_b
    assert_nothing_selected(panel)
    assert rows(panel) == B_ROWS


def test_the_reread_after_a_write_to_a_leaves_b_as_it_is(
        qtbot: Any, panel: ItemsPanel, ctx: AppContext, conn: Connection, proxy: FaultProxy,
        tables: tuple[str, str]) -> None:
    a, _b = tables
    info_a, info_b = (describe_table(conn, name) for name in tables)
    open_table(qtbot, panel, info_a, 1)
    proxy.add(DELAY, operation="GetItem", seconds=SLOW_S, times=None)
    # The builder's transaction on A wrote ACCT#1 and deleted ACCT#2: the tab re-reads them.
    ctx.items_written.emit([WrittenKey(a, key("ACCT#1")), WrittenKey(a, key("ACCT#2"))])
    qtbot.waitUntil(lambda: get_items(proxy)[0] == 1, timeout=10000)
    open_table(qtbot, panel, info_b, 3)
    answers_arrived(qtbot, panel, proxy)
    assert rows(panel) == B_ROWS  # not A's ACCT#1, and ACCT#2 not removed
    assert panel.progress.text().startswith("3 item")  # not 2


def test_an_answer_for_another_table_or_connection_is_dropped_when_it_arrives(
        qtbot: Any, panel: ItemsPanel, ctx: AppContext, conn: Connection, proxy: FaultProxy,
        tables: tuple[str, str]) -> None:
    """Cancelled on the switch, a read may still answer (its result was on its way): the
    answer says what it was read for and is checked where it lands."""
    from dynoview.ui.items.controller import ReadFor  # here: the other tests run on any build

    info_a, info_b = (describe_table(conn, name) for name in tables)
    open_table(qtbot, panel, info_b, 3)
    stale_item = {**key("ACCT#1"), "email": {"S": "written-in-a@example.com"}}
    for stale in (ReadFor(conn, info_a),  # another table
                  ReadFor(connect(proxy.url, name="earlier"), info_b)):  # another connection
        panel.controller.key_read.emit(stale, key("ACCT#1"), stale_item)
        panel.controller.items_reread.emit(stale, [(key("ACCT#1"), stale_item), (key("ACCT#2"), None)])
        assert rows(panel) == B_ROWS
        assert_nothing_selected(panel)
    # The table's own answers still land.
    own = ReadFor(conn, info_b)
    fresh = {**key("ACCT#2"), "email": {"S": "b2-new@example.com"}}
    panel.controller.items_reread.emit(own, [(key("ACCT#2"), fresh)])
    assert ("ACCT#2", "b2-new@example.com") in rows(panel)
    panel.controller.key_read.emit(own, key("ACCT#7"), {**key("ACCT#7"), "email": {"S": "x@example.com"}})
    assert panel.by_key_item is not None and panel.delete_button.isEnabled()
    # Reconnected (the same table open again on the new connection): the old one's answers
    # are not the new one's.
    ctx.set_connection(connect(proxy.url, name="reconnected"))
    panel.set_table(info_b)
    panel.controller.key_read.emit(own, key("ACCT#1"), stale_item)
    panel.controller.items_reread.emit(own, [(key("ACCT#1"), stale_item)])
    assert panel.by_key_item is None and panel.model.rowCount() == 0


def test_an_item_opened_by_key_on_the_table_shown_still_opens(
        qtbot: Any, panel: ItemsPanel, conn: Connection, proxy: FaultProxy,
        tables: tuple[str, str]) -> None:
    _a, b = tables
    open_table(qtbot, panel, describe_table(conn, b), 3)
    proxy.add(DELAY, operation="GetItem", seconds=0.3)
    panel.open_key(key("ACCT#missing"))
    qtbot.waitUntil(lambda: "does not exist" in panel.detail.title.text(), timeout=10000)
    client = connect(proxy.url, name="direct").client
    client.put_item(TableName=b, Item={**key("ACCT#4"), "email": {"S": "b4@example.com"}})
    panel.open_key(key("ACCT#4"))
    qtbot.waitUntil(lambda: panel.by_key_item is not None, timeout=10000)
    assert panel.by_key_item["email"] == {"S": "b4@example.com"}
    assert panel.delete_button.isEnabled()
    assert panel.ctx.subject is not None and panel.ctx.subject.table == b
