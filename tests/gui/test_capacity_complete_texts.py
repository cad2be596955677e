"""The Capacity tab after a read of every item says so: a Scan that read the whole demo table
(63 items, one per partition key) said "No partition key stands out in this sample" and named
its cost tab "What the sample cost". A sample still says sample."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.ui.context import AppContext
from dynoview.ui.scans.capacity_panel import CapacityPanel
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui

#: Sixty items spread evenly over twelve keys: enough to judge hot keys, none hot.
EVEN = [{"PK": {"S": f"TENANT#{i % 12}"}, "SK": {"S": str(i)}} for i in range(60)]


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> CapacityPanel:
    widget = CapacityPanel(ctx)
    qtbot.addWidget(widget)
    qtbot.waitUntil(lambda: not widget.scanner.running and not widget.scanner.analysing, timeout=15000)
    return widget


def _texts(panel: CapacityPanel) -> list[str]:
    """Every text the panel says of its analysis."""
    return [panel.summary.text(), panel.limit_label.text(), panel.hot_label.text(),
            panel.lists.tabText(panel.lists.indexOf(panel.pages)), panel.pages.accessibleName(),
            panel.size_chart.title, panel.dist_chart.title]


def test_a_scan_of_every_item_is_not_called_a_sample(qtbot: Any, panel: CapacityPanel) -> None:
    with qtbot.waitSignal(panel.report_changed, timeout=15000):
        panel.scan_button.click()
    assert panel.report is not None and panel.report.complete
    assert panel.report.sampled_items == DEMO_ITEMS and panel.report.hot_judged
    assert panel.hot_label.text().startswith("No partition key stands out in this table")
    assert panel.lists.tabText(panel.lists.indexOf(panel.pages)) == "What the scan cost"
    assert panel.summary.text().startswith("From every item")
    assert not [t for t in _texts(panel) if "sample" in t.lower()]


def test_given_items_say_sample_unless_complete(qtbot: Any, panel: CapacityPanel) -> None:
    with qtbot.waitSignal(panel.report_changed, timeout=10000):
        panel.load_items(EVEN)
    assert panel.hot_label.text().startswith("No partition key stands out in this sample")
    with qtbot.waitSignal(panel.report_changed, timeout=10000):
        panel.load_items(EVEN, complete=True)
    assert panel.hot_label.text().startswith("No partition key stands out in this table")
    assert not [t for t in _texts(panel)[:3] if "sample" in t.lower()]
