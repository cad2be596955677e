"""Esc while a page of the Items tab is on its way, then Ctrl+L: that page is read again and
shown, never skipped (it was: the cursor moved past it while its answer was dropped, and the
tab said "end of table" with a page of rows missing).

A delaying proxy (tests/fault_proxy.py) in front of each engine holds a Scan in flight; the
Esc comes while it is on the wire, or after it answered and before the UI took the page, or
while a page read ahead waits for the view."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.items.panel import ItemsPanel
from tests.fault_proxy import DELAY, FaultProxy
from tests.helpers import connect, numbered_table

pytestmark = [pytest.mark.gui, pytest.mark.integration]

PAGE = 50  # more rows than the view shows at once: it asks for no page on its own
ITEMS = 3 * PAGE
SLOW_S = 1.5  # how long the proxy holds the Scan: Esc comes well within it


@pytest.fixture
def table(endpoint_url: str) -> Iterator[str]:
    with numbered_table(endpoint_url, "cancel-page", ITEMS) as name:
        yield name


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as fp:
        yield fp


@pytest.fixture
def panel(qtbot: Any, qasync_loop: Any, proxy: FaultProxy, table: str) -> Iterator[ItemsPanel]:
    conn: Connection = connect(proxy.url, name="proxied")
    ctx = AppContext()
    ctx.set_connection(conn)
    ctx.set_table(describe_table(conn, table))
    widget = ItemsPanel(ctx)
    qtbot.addWidget(widget)
    widget.set_table(ctx.table)
    widget.page_size.setValue(PAGE)
    yield widget
    ctx.tasks.shutdown()


def scans(proxy: FaultProxy) -> tuple[int, int]:
    """(Scans sent, Scans answered) as the proxy saw them."""
    return len(proxy.requests("Scan")), len(proxy.forwarded("Scan"))


def first_page_and_one_ahead(qtbot: Any, panel: ItemsPanel, proxy: FaultProxy) -> None:
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() == PAGE and scans(proxy) == (2, 2)
                    and not panel.controller._reading, timeout=10000)


def shown_keys(panel: ItemsPanel) -> list[int]:
    return [int(i["pk"]["N"]) for i in panel.model.items()]


def ctrl_l_to_the_end(qtbot: Any, panel: ItemsPanel) -> None:
    def at_the_end() -> bool:
        if not panel.controller.busy and not panel.model.exhausted:
            panel.controller.fetch_more()  # Ctrl+L, and the view asking as the user scrolls
        return panel.model.exhausted and not panel.controller.busy

    qtbot.waitUntil(at_the_end, timeout=30000)


def assert_every_row_once(panel: ItemsPanel) -> None:
    keys = shown_keys(panel)
    assert len(set(keys)) == len(keys), "a row was shown twice"
    assert sorted(keys) == list(range(ITEMS)), f"{ITEMS - len(keys)} rows were skipped"
    assert panel.progress.text().endswith("end of table")


def test_esc_while_the_page_is_on_the_wire_then_ctrl_l_shows_that_page(
        qtbot: Any, panel: ItemsPanel, proxy: FaultProxy) -> None:
    first_page_and_one_ahead(qtbot, panel, proxy)
    proxy.add(DELAY, operation="Scan", seconds=SLOW_S)
    panel.controller.fetch_more()  # page 2 from the read-ahead; page 3 is read ahead, slowly
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2 * PAGE and scans(proxy)[0] == 3, timeout=10000)
    panel.controller.fetch_more()  # the view asks for page 3 while it is on the wire
    assert scans(proxy) == (3, 2) and panel.controller.busy
    panel.cancel()  # Esc
    assert "(cancelled)" in panel.progress.text()
    qtbot.waitUntil(lambda: scans(proxy) == (3, 3) and not panel.ctx.tasks._work, timeout=10000)
    qtbot.wait(50)  # the dropped answer's turn of the loop
    assert panel.model.rowCount() == 2 * PAGE
    ctrl_l_to_the_end(qtbot, panel)
    assert_every_row_once(panel)


def test_esc_after_the_page_answered_and_before_the_view_took_it(
        qtbot: Any, panel: ItemsPanel, proxy: FaultProxy) -> None:
    first_page_and_one_ahead(qtbot, panel, proxy)
    proxy.add(DELAY, operation="Scan", seconds=SLOW_S)  # still on its way when the view asks
    panel.controller.fetch_more()  # page 2 shown, page 3 read ahead
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2 * PAGE and scans(proxy)[0] == 3, timeout=10000)
    panel.controller.fetch_more()
    assert scans(proxy) == (3, 2) and panel.controller.busy
    # The UI thread is busy (no event is processed): page 3 answers, its worker ends, and the
    # task has not taken the page yet when Esc comes.
    deadline = time.monotonic() + 10
    while (scans(proxy)[1] < 3 or panel.ctx.tasks._work) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert scans(proxy) == (3, 3) and not panel.ctx.tasks._work
    panel.cancel()
    qtbot.wait(50)
    assert panel.model.rowCount() == 2 * PAGE
    ctrl_l_to_the_end(qtbot, panel)
    assert_every_row_once(panel)


def test_a_page_read_ahead_and_dropped_by_cancel_is_read_again(
        qtbot: Any, panel: ItemsPanel, proxy: FaultProxy) -> None:
    """Cancel clears the page read ahead (Esc while a long page is still being shown): the
    cursor had not moved past it, so the next read brings it."""
    first_page_and_one_ahead(qtbot, panel, proxy)
    assert len(panel.controller._ahead) == 1
    panel.controller.cancel()
    assert not panel.controller._ahead
    ctrl_l_to_the_end(qtbot, panel)
    assert_every_row_once(panel)
    second = proxy.requests("Scan")[1].body
    assert [r.body for r in proxy.requests("Scan")].count(second) == 2  # page 2 read again
