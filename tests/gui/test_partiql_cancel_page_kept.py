"""Esc while a page of the PartiQL tab is on its way, then Load more: that page is read again
and shown, never skipped (it was: the NextToken moved past it while its answer was dropped).

A delaying proxy (tests/fault_proxy.py) holds an ExecuteStatement in flight; the Esc comes while
it is on the wire, or after it answered and before the UI took the page. DynamoDB Local only:
moto answers a SELECT in one page, whatever its Limit."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.reads.partiql import StatementSpec
from dynoview.ui.context import AppContext
from dynoview.ui.partiql.controller import PartiqlController
from dynoview.ui.partiql.panel import PartiqlPanel
from tests.fault_proxy import DELAY, FaultProxy
from tests.helpers import connect, numbered_table

pytestmark = [pytest.mark.gui, pytest.mark.integration,
              pytest.mark.only_on("dynamodb-local", reason="moto answers a SELECT in one page")]

PAGE = 10
ITEMS = 3 * PAGE
SLOW_S = 1.5  # how long the proxy holds the statement: Esc comes well within it
OP = "ExecuteStatement"


@pytest.fixture
def table(endpoint_url: str) -> Iterator[str]:
    with numbered_table(endpoint_url, "cancel-statement", ITEMS) as name:
        yield name


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as fp:
        yield fp


@pytest.fixture
def controller(qtbot: Any, qasync_loop: Any, proxy: FaultProxy,
               table: str) -> Iterator[PartiqlController]:
    ctx = AppContext()
    ctx.set_connection(connect(proxy.url, name="proxied"))
    panel = PartiqlPanel(ctx)
    qtbot.addWidget(panel)
    qtbot.waitUntil(lambda: bool(panel.controller.tables), timeout=10000)
    yield panel.controller
    ctx.tasks.shutdown()


def statements(proxy: FaultProxy) -> tuple[int, int]:
    """(statements sent, statements answered) as the proxy saw them."""
    return len(proxy.requests(OP)), len(proxy.forwarded(OP))


def load_more_to_the_end(qtbot: Any, ctl: PartiqlController) -> list[int]:
    while ctl.more_available:
        assert ctl.load_more()
        qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
    return [int(ctl.model.item(r)["pk"]["N"]) for r in range(ctl.model.rowCount())]


def assert_every_item_once(shown: list[int], ctl: PartiqlController) -> None:
    assert len(set(shown)) == len(shown), "an item was shown twice"
    assert sorted(shown) == list(range(ITEMS)), f"{ITEMS - len(shown)} items were skipped"
    assert ctl.describe_progress().endswith("end of the result")


def first_page(qtbot: Any, ctl: PartiqlController, table: str) -> None:
    assert ctl.run(StatementSpec(f'SELECT * FROM "{table}"', page_size=PAGE))
    qtbot.waitUntil(lambda: not ctl.busy and ctl.model.rowCount() == PAGE, timeout=10000)


def test_esc_while_load_more_is_on_the_wire_then_load_more_shows_that_page(
        qtbot: Any, controller: PartiqlController, proxy: FaultProxy, table: str) -> None:
    first_page(qtbot, controller, table)
    proxy.add(DELAY, operation=OP, seconds=SLOW_S)
    assert controller.load_more()
    qtbot.waitUntil(lambda: statements(proxy) == (2, 1), timeout=10000)
    controller.cancel()  # Esc while the page is on the wire
    assert not controller.busy
    qtbot.waitUntil(lambda: statements(proxy) == (2, 2) and not controller.ctx.tasks._work, timeout=10000)
    qtbot.wait(50)  # the dropped answer's turn of the loop
    assert controller.model.rowCount() == PAGE
    assert_every_item_once(load_more_to_the_end(qtbot, controller), controller)


def test_esc_after_the_page_answered_and_before_the_tab_took_it(
        qtbot: Any, controller: PartiqlController, proxy: FaultProxy, table: str) -> None:
    first_page(qtbot, controller, table)
    proxy.add(DELAY, operation=OP, seconds=0.5)
    assert controller.load_more()
    qtbot.waitUntil(lambda: statements(proxy) == (2, 1), timeout=10000)
    # No event is processed now: the statement answers, its worker ends, the task has not
    # taken the page.
    deadline = time.monotonic() + 10
    while (statements(proxy)[1] < 2 or controller.ctx.tasks._work) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert statements(proxy) == (2, 2) and not controller.ctx.tasks._work
    controller.cancel()
    qtbot.wait(50)
    assert controller.model.rowCount() == PAGE
    assert_every_item_once(load_more_to_the_end(qtbot, controller), controller)


def test_esc_on_the_first_page_then_load_more_starts_at_the_first_page(
        qtbot: Any, controller: PartiqlController, proxy: FaultProxy, table: str) -> None:
    proxy.add(DELAY, operation=OP, seconds=SLOW_S)
    assert controller.run(StatementSpec(f'SELECT * FROM "{table}"', page_size=PAGE))
    qtbot.waitUntil(lambda: statements(proxy) == (1, 0), timeout=10000)
    controller.cancel()
    qtbot.waitUntil(lambda: statements(proxy) == (1, 1) and not controller.ctx.tasks._work, timeout=10000)
    qtbot.wait(50)
    assert controller.model.rowCount() == 0
    assert_every_item_once(load_more_to_the_end(qtbot, controller), controller)
