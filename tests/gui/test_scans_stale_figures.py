"""The Capacity and TTL timeline tabs show the figures of one scan of the open table: never a
closed or other table's, never a cancelled scan's cost or items beside the previous analysis."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.context import AppContext
from dynoview.ui.scans import capacity_panel, ttl_timeline_panel
from dynoview.ui.scans.capacity_panel import CapacityPanel
from dynoview.ui.scans.ttl_timeline_panel import TtlTimelinePanel
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui

NO_TTL = TableInfo("plain", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
EXTRA = 5


def idle(qtbot: Any, panel: CapacityPanel | TtlTimelinePanel) -> None:
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)


@pytest.fixture
def capacity(qtbot: Any, ctx: AppContext) -> CapacityPanel:
    widget = CapacityPanel(ctx)
    qtbot.addWidget(widget)
    idle(qtbot, widget)
    with qtbot.waitSignal(widget.report_changed, timeout=15000):
        widget.scan_button.click()
    return widget


@pytest.fixture
def ttl(qtbot: Any, ctx: AppContext) -> TtlTimelinePanel:
    widget = TtlTimelinePanel(ctx)
    qtbot.addWidget(widget)
    idle(qtbot, widget)
    with qtbot.waitSignal(widget.timeline_changed, timeout=15000, check_params_cb=lambda t: t is not None):
        widget.scan_button.click()
    return widget


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, str], threading.Event]]:
    """Hold a panel module's analysis in the pool until released, so Cancel lands during it."""
    events: list[threading.Event] = []

    def hold(module_name: str, function: str) -> threading.Event:
        module = capacity_panel if module_name == "capacity" else ttl_timeline_panel
        real, release = getattr(module, function), threading.Event()
        events.append(release)

        def slow(*args: Any, **kwargs: Any) -> Any:
            release.wait(10)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, function, slow)
        return release

    yield hold
    for release in events:
        release.set()


def add_items(conn: Connection, table: str, **extra: dict[str, str]) -> None:
    for i in range(EXTRA):
        conn.client.put_item(TableName=table, Item={"PK": {"S": f"EXTRA#{i}"}, "SK": {"S": "X"}, **extra})


def test_capacity_forgets_the_closed_tables_figures(qtbot: Any, capacity: CapacityPanel,
                                                    ctx: AppContext) -> None:
    assert "partition key value" in capacity.summary.text()
    ctx.set_connection(None)
    assert capacity.message.text() == "Open a table to see its partitions."
    assert capacity.summary.text() == "" and capacity.pages.rowCount() == 0


def test_capacity_cancel_during_the_analysis_keeps_the_previous_scan_whole(
        qtbot: Any, capacity: CapacityPanel, demo_conn: Connection, seeded_table: str,
        held: Callable[[str, str], threading.Event]) -> None:
    first, summary = capacity.report, capacity.summary.text()
    assert first is not None and first.sampled_items == DEMO_ITEMS
    add_items(demo_conn, seeded_table)
    release = held("capacity", "analyse_partitions")
    capacity.scan_button.click()
    qtbot.waitUntil(lambda: capacity.scanner.analysing and not capacity.scanner.running, timeout=15000)
    capacity.cancel_button.click()
    release.set()
    assert capacity.message.text() == "Cancelled: still showing the previous results."
    qtbot.wait(300)  # the dropped analysis finishes in the pool; nothing of it may show
    last = capacity.pages.rowCount() - 1
    assert capacity.pages.item(last, 1).text() == str(DEMO_ITEMS)  # the cost of the same scan
    assert capacity.sample is not None and len(capacity.sample.items) == DEMO_ITEMS
    assert capacity.report is first and capacity.summary.text() == summary


def test_capacity_given_items_have_no_scan_cost(qtbot: Any, capacity: CapacityPanel) -> None:
    assert capacity.pages.rowCount() > 0
    with qtbot.waitSignal(capacity.report_changed, timeout=10000):
        capacity.load_items([{"PK": {"S": "a"}, "SK": {"S": "1"}}])
    assert capacity.pages.rowCount() == 0 and capacity.sample is None
    assert "DynoView estimates" not in capacity.summary.text()


def test_ttl_summary_goes_with_the_table(qtbot: Any, ttl: TtlTimelinePanel, ctx: AppContext) -> None:
    assert "items read" in ttl.summary.text()
    ctx.set_table(NO_TTL)
    assert "TTL is not enabled on plain" in ttl.message.text()
    assert ttl.summary.text() == "" and ttl.timeline is None
    ctx.set_connection(None)
    assert ttl.message.text() == "Open a table to see its TTL timeline." and ttl.summary.text() == ""


def test_ttl_cancel_during_the_charting_keeps_the_previous_scan_whole(
        qtbot: Any, ttl: TtlTimelinePanel, demo_conn: Connection, seeded_table: str,
        held: Callable[[str, str], threading.Event]) -> None:
    first, summary = ttl.timeline, ttl.summary.text()
    assert first is not None and first.total == DEMO_ITEMS
    add_items(demo_conn, seeded_table, expiresAt={"N": "4102444800"})
    release = held("ttl", "build_timeline")
    ttl.scan_button.click()
    qtbot.waitUntil(lambda: ttl.scanner.analysing and not ttl.scanner.running, timeout=15000)
    ttl.cancel_button.click()
    release.set()
    assert ttl.message.text() == "Cancelled: still showing the previous results."
    qtbot.wait(300)
    assert ttl.timeline is first and ttl.summary.text() == summary
    # Regrouping charts the items on show, not the cancelled scan's.
    with qtbot.waitSignal(ttl.timeline_changed, timeout=15000):
        ttl.granularity.setCurrentIndex(2)
    assert ttl.timeline is not None and ttl.timeline.total == DEMO_ITEMS
    assert ttl.summary.text().startswith("From a Scan of every item")
