"""The TTL timeline standalone on a seeded local endpoint: chart, click, lists, export."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPalette

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.context import AppContext
from dynoview.ui.scans.bar_chart import BarChart, nice_axis
from dynoview.ui.scans.ttl_timeline_panel import TtlTimelinePanel
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> TtlTimelinePanel:
    widget = TtlTimelinePanel(ctx)
    qtbot.addWidget(widget)
    widget.resize(1100, 800)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def scanned(qtbot: Any, panel: TtlTimelinePanel) -> None:
    with qtbot.waitSignal(panel.timeline_changed, timeout=15000,
                          check_params_cb=lambda t: t is not None):
        panel.scan_button.click()


def test_scan_charts_expired_ahead_and_never(qtbot: Any, panel: TtlTimelinePanel,
                                             ctx: AppContext) -> None:
    scanned(qtbot, panel)
    timeline = panel.timeline
    assert timeline is not None and timeline.total == DEMO_ITEMS
    bars = panel.chart.bars
    assert bars[0].label == "expired" and bars[0].value == 3
    assert sum(b.value for b in bars[1:]) == 2  # 9 minutes and 2 days ahead
    assert "3 expired but still present (oldest: PK=SESSION#s-expired-3d" in panel.summary.text()
    # The expired bar is selected first: oldest first.
    assert panel.items_table.rowCount() == 3
    assert panel.items_table.item(0, 0).text() == "PK=SESSION#s-expired-3d, SK=SESSION"
    reasons = {panel.never_table.item(r, 0).text(): panel.never_table.item(r, 2).text()
               for r in range(panel.never_table.rowCount())}
    assert set(reasons) == {"PK=SESSION#s-string-ttl, SK=SESSION", "PK=SESSION#s-millis-ttl, SK=SESSION"}
    assert "milliseconds" in reasons["PK=SESSION#s-millis-ttl, SK=SESSION"]
    # The scan read keys and the TTL attribute only, and left a receipt.
    receipt = ctx.read_log.last()
    assert receipt is not None and receipt.operation == "Scan"
    assert set(receipt.request["ExpressionAttributeNames"].values()) == {"PK", "SK", "expiresAt"}


def test_clicking_a_bar_lists_its_items(qtbot: Any, panel: TtlTimelinePanel) -> None:
    scanned(qtbot, panel)
    index = next(i for i, b in enumerate(panel.chart.bars) if i > 0 and b.value)
    center = panel.chart.bar_rect(index).center().toPoint()
    with qtbot.waitSignal(panel.chart.bar_clicked) as blocker:
        qtbot.mouseClick(panel.chart, Qt.MouseButton.LeftButton, pos=center)
    assert blocker.args == [index]
    assert panel.items_table.rowCount() == 1
    assert panel.items_table.item(0, 3).text().startswith("expires in")
    assert "expiring" in panel.bar_title.text()
    qtbot.keyClick(panel.chart, Qt.Key.Key_Left)
    assert panel.chart.selected == index - 1


def test_granularity_switch_rebuckets(qtbot: Any, panel: TtlTimelinePanel) -> None:
    scanned(qtbot, panel)
    with qtbot.waitSignal(panel.timeline_changed, timeout=10000):
        panel.granularity.setCurrentIndex(panel.granularity.findText("Per hour"))
    assert panel.timeline is not None and panel.timeline.granularity == "hour"
    assert panel.chart.bars[1].label == "<1 h" and panel.chart.bars[1].value == 1
    assert panel.chart.bars[-1].label == "later" and panel.chart.bars[-1].value == 1


def test_export_png(qtbot: Any, panel: TtlTimelinePanel, tmp_path: Path) -> None:
    scanned(qtbot, panel)
    path = panel.export_png(str(tmp_path / "timeline.png"))
    assert path is not None
    image = QImage(path)
    assert not image.isNull() and image.width() == panel.chart.width()


def test_current_result_set_without_scanning(qtbot: Any, panel: TtlTimelinePanel) -> None:
    now = datetime.now(UTC)
    items = [{"PK": {"S": "a"}, "SK": {"S": "b"},
              "expiresAt": {"N": str(int((now - timedelta(hours=1)).timestamp()))}}]
    # The scan on opening first (its chart would replace these items'), then these, charted.
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)
    with qtbot.waitSignal(panel.timeline_changed, timeout=10000):
        panel.load_items(items, "the current result set")
    assert panel.summary.text().startswith("From the current result set: 1 item read; 1 expired")


def test_ttl_disabled_table_is_explained(panel: TtlTimelinePanel, ctx: AppContext) -> None:
    ctx.set_table(TableInfo("plain", KeyAttribute("id", "S"), None))
    assert "TTL is not enabled on plain" in panel.message.text()
    assert not panel.scan_button.isEnabled()


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, color in ((QPalette.ColorRole.Window, "#202020"), (QPalette.ColorRole.WindowText, "#eeeeee"),
                        (QPalette.ColorRole.Base, "#181818"), (QPalette.ColorRole.Text, "#eeeeee"),
                        (QPalette.ColorRole.Highlight, "#3d8fd6")):
        palette.setColor(role, QColor(color))
    return palette


@pytest.mark.parametrize("dark", [False, True])
def test_chart_follows_the_palette(qtbot: Any, dark: bool) -> None:
    from dynoview.ui.scans.bar_chart import Bar

    chart = BarChart()
    qtbot.addWidget(chart)
    if dark:
        chart.setPalette(dark_palette())
    chart.resize(400, 240)
    chart.x_title, chart.y_title = "x", "y"
    chart.set_bars([Bar("a", 3), Bar("b", 7)], title="t")
    image = chart.grab().toImage()
    background = image.pixelColor(QPoint(2, 2))
    assert (background.lightness() < 60) == dark
    # Axis text is drawn in the palette's text colour, so it contrasts with the background.
    text = chart.palette().color(QPalette.ColorRole.WindowText)
    assert abs(text.lightness() - background.lightness()) > 120


def test_nice_axis() -> None:
    assert nice_axis(7) == (8.0, 2.0)
    assert nice_axis(0) == (5.0, 1.0)
    assert nice_axis(3) == (3.0, 1.0)
    top, step = nice_axis(2.3e9, integer=False)
    assert top >= 2.3e9 and step == 5e8
