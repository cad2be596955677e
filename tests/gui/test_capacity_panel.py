"""The capacity panel standalone on a seeded local endpoint."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.reads.capacity import COLLECTION_LIMIT_BYTES
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.context import AppContext
from dynoview.ui.scans.capacity_panel import CapacityPanel
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> CapacityPanel:
    widget = CapacityPanel(ctx)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    return widget


def load(qtbot: Any, panel: CapacityPanel, items: list[dict[str, Any]], **kwargs: Any) -> None:
    """``load_items`` once the scan on opening is done, until its analysis (in the pool) shows."""
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)
    with qtbot.waitSignal(panel.report_changed, timeout=10000):
        panel.load_items(items, **kwargs)


def test_scan_sample_shows_collections_limit_and_cost(qtbot: Any, panel: CapacityPanel,
                                                      ctx: AppContext) -> None:
    with qtbot.waitSignal(panel.report_changed, timeout=15000):
        panel.scan_button.click()
    report = panel.report
    assert report is not None and report.complete and report.sampled_items == DEMO_ITEMS
    assert panel.model.rowCount() == report.key_count == DEMO_ITEMS
    sizes = [panel.model.stat(r).total_bytes for r in range(panel.model.rowCount())]
    assert sizes == sorted(sizes, reverse=True)  # largest first
    # The demo table has an LSI: the 10 GB limit is marked on the chart and in words.
    assert panel.size_chart.marker is not None and panel.size_chart.marker[0] == COLLECTION_LIMIT_BYTES
    assert "limited to 10 GB" in panel.limit_label.text()
    # A few hundred bytes of 10 GB, as people read it (not "0.000003% of the limit").
    assert "under 0.01% of the 10 GB limit" in panel.limit_label.text()
    assert panel.model.index(0, 5).data() == "under 0.01%"
    assert "of the 400 KB item limit" in panel.summary.text()
    assert "0.0000" not in panel.summary.text() + panel.limit_label.text()
    assert panel.dist_chart.bars[0].tooltip == f"{DEMO_ITEMS} partition keys hold 1 item each"
    # The Scan's cost: service-reported next to DynoView's estimate, per page and in total.
    last = panel.pages.rowCount() - 1
    assert panel.pages.item(last, 0).text() == "Total"
    assert panel.pages.item(last, 4).text().endswith("RCU")
    assert "DynoView estimates" in panel.summary.text()
    assert any(r.operation == "Scan" for r in ctx.read_log.receipts())
    assert panel.dist_chart.bars[0].label == "1" and panel.dist_chart.bars[0].value == DEMO_ITEMS


def test_hot_keys_are_highlighted(qtbot: Any, panel: CapacityPanel) -> None:
    items = [{"PK": {"S": "TENANT#big"}, "SK": {"S": str(i)}} for i in range(50)]
    items += [{"PK": {"S": f"TENANT#{i}"}, "SK": {"S": "1"}} for i in range(10)]
    load(qtbot, panel, items)
    assert panel.model.stat(0).key_text == "TENANT#big"
    assert panel.model.is_hot(0) and not panel.model.is_hot(1)
    assert panel.model.index(0, 6).data() == "likely hot"
    assert panel.model.index(0, 0).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert panel.model.index(1, 0).data(Qt.ItemDataRole.BackgroundRole) is None
    assert "TENANT#big" in panel.hot_label.text() and "3,000 RCU" in panel.hot_label.text()
    assert panel.size_chart.bars[0].color is not None  # drawn in the warning colour


def test_table_without_lsi_has_no_limit_marker(qtbot: Any, panel: CapacityPanel) -> None:
    table = TableInfo("plain", KeyAttribute("id", "S"), None)
    load(qtbot, panel, [{"id": {"S": "a"}}], table=table)
    assert panel.size_chart.marker is None
    assert "no size limit" in panel.limit_label.text()
    assert panel.model.index(0, 5).data() == "no limit"


def test_no_table_disables_scanning(panel: CapacityPanel, ctx: AppContext) -> None:
    ctx.set_table(None)
    assert not panel.scan_button.isEnabled()
    assert "Open a table" in panel.message.text()


def test_cancel_stops_the_scan_and_says_so(qtbot: Any, panel: CapacityPanel,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    started, stopped = threading.Event(), threading.Event()

    def slow_scan(*_args: Any, max_items: int, cancel: threading.Event) -> None:
        started.set()
        if cancel.wait(5):
            stopped.set()

    monkeypatch.setattr("dynoview.ui.scans.capacity_panel.scan_sample", slow_scan)
    qtbot.waitUntil(panel.scan_button.isEnabled, timeout=15000)  # the scan on opening is done
    before = panel.report
    panel.scan_button.click()
    assert panel.cancel_button.isEnabled() and not panel.scan_button.isEnabled()
    assert "Scanning up to 2,000 items" in panel.message.text()
    qtbot.waitUntil(started.is_set, timeout=5000)
    panel.cancel_button.click()
    assert panel.message.text() == "Scan cancelled."
    assert panel.scan_button.isEnabled() and not panel.cancel_button.isEnabled()
    qtbot.waitUntil(stopped.is_set, timeout=5000)  # the worker saw the cancel event
    qtbot.waitUntil(lambda: not panel.scanner.running, timeout=5000)
    assert panel.report is before and panel.message.text() == "Scan cancelled."
    qtbot.wait(200)  # the pool thread's completion reaches the loop before the test closes it


def test_the_analysis_runs_off_the_ui_thread(qtbot: Any, panel: CapacityPanel,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Sizing 100,000 items' collections is most of a second of Python: done in the pool."""
    from dynoview.ui.scans import capacity_panel

    threads: list[threading.Thread] = []
    real = capacity_panel.analyse_partitions

    def recorded(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(capacity_panel, "analyse_partitions", recorded)
    load(qtbot, panel, [{"PK": {"S": "a"}, "SK": {"S": "1"}}])
    assert threads and threading.main_thread() not in threads
    assert panel.report is not None and panel.report.key_count == 1
