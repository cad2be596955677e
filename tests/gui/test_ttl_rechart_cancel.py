"""A TTL re-chart cancelled puts the grouping box back to the chart's grouping, on the seeded
demo endpoint: the previous chart stayed but the box kept the new choice, so the box and the
chart disagreed, and picking that choice again did nothing (the box already showed it)."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.ttl.timeline import AUTO, HOUR
from dynoview.ui.context import AppContext
from dynoview.ui.scans.controller import KEPT
from dynoview.ui.scans.ttl_timeline_panel import TtlTimelinePanel

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> TtlTimelinePanel:
    widget = TtlTimelinePanel(ctx)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    with qtbot.waitSignal(widget.timeline_changed, timeout=15000, check_params_cb=lambda t: t is not None):
        widget.scan_button.click()
    return widget


@pytest.mark.parametrize("how", ["button", "panel"])
def test_a_cancelled_rechart_puts_the_box_back(qtbot: Any, panel: TtlTimelinePanel, how: str) -> None:
    shown = panel.timeline
    assert shown is not None and panel.granularity.currentData() == AUTO
    charted: list[object] = []
    panel.timeline_changed.connect(charted.append)
    panel.granularity.setCurrentIndex(panel.granularity.findData(HOUR))  # re-charts in the pool
    assert panel.scanner.analysing
    if how == "button":
        panel.cancel_button.click()
    else:
        panel.cancel()
    assert panel.granularity.currentData() == AUTO  # what the chart shows
    assert panel.message.text() == KEPT
    qtbot.waitUntil(lambda: not panel.scanner.analysing, timeout=10000)
    qtbot.wait(300)
    assert panel.timeline is shown and charted == []  # putting it back charted nothing

    # Asked again, it re-charts.
    with qtbot.waitSignal(panel.timeline_changed, timeout=10000):
        panel.granularity.setCurrentIndex(panel.granularity.findData(HOUR))
    assert panel.timeline is not None and panel.timeline.granularity == HOUR
    assert panel.granularity.currentData() == HOUR
