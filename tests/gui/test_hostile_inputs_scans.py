"""Hostile input in the TTL timeline and Capacity & partitions tabs (after
test_hostile_inputs*.py): a count outside the box's range is said at the box and never
scanned silently as another count; key values that look like HTML show as their
characters; an export path that cannot be written is a sentence, not a crash."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtGui import Qt as GuiQt  # QtGui's namespace has mightBeRichText
from PySide6.QtWidgets import QApplication, QLabel, QToolTip

from dynoview.ui.context import AppContext
from dynoview.ui.scans.capacity_panel import CapacityPanel
from dynoview.ui.scans.ttl_timeline_panel import TtlTimelinePanel
from dynoview.ui.themed import is_refused

pytestmark = pytest.mark.gui

EVIL = "<b>bold</b><img src='/nonexistent.png'>"


@pytest.fixture
def crashes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    caught: list[Any] = []
    monkeypatch.setattr(sys, "excepthook", lambda *args: caught.append(args))
    return caught


def _shown(qtbot: Any, widget: TtlTimelinePanel | CapacityPanel) -> TtlTimelinePanel | CapacityPanel:
    qtbot.addWidget(widget)
    widget.resize(1100, 800)
    widget.show()
    qtbot.waitExposed(widget)
    # The scan on opening, and its chart or sizing (built in the pool, whose progress line
    # would replace a message a test is about to read).
    qtbot.waitUntil(lambda: not widget.scanner.running and not widget.scanner.analysing, timeout=15000)
    return widget


@pytest.fixture(params=["ttl", "capacity"])
def scan_panel(request: pytest.FixtureRequest, qtbot: Any,
               ctx: AppContext) -> TtlTimelinePanel | CapacityPanel:
    return _shown(qtbot, TtlTimelinePanel(ctx) if request.param == "ttl" else CapacityPanel(ctx))


def _scans(ctx: AppContext) -> int:
    return sum(r.operation == "Scan" for r in ctx.read_log.receipts())


@pytest.mark.parametrize(("typed", "quoted"), [("50", "'50'"), ("0", "'0'"), ("-5", "'5'")])
def test_a_count_under_the_minimum_is_said_at_the_box_not_scanned_as_another(
        qtbot: Any, scan_panel: TtlTimelinePanel | CapacityPanel, ctx: AppContext,
        crashes: list[Any], typed: str, quoted: str) -> None:
    """Qt put "50" back to the previous count as Scan took the focus: 2,000 or 5,000 items
    were scanned while the box had said 50, and nothing said so."""
    box = scan_panel.max_items
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, typed)
    sent = _scans(ctx)
    qtbot.mouseClick(scan_panel.scan_button, Qt.MouseButton.LeftButton)
    assert not scan_panel.scanner.running
    message = scan_panel.message.text()
    assert f"{quoted} is not a count from 100 to" in message and "now says 100" in message
    assert not scan_panel.message.isHidden()
    assert box.value() == 100 and is_refused(box) and box.hasFocus()
    assert message in box.toolTip()
    qtbot.wait(100)
    assert _scans(ctx) == sent
    # Scan again: the count the box shows is the one read.
    qtbot.mouseClick(scan_panel.scan_button, Qt.MouseButton.LeftButton)
    assert scan_panel.scanner.running or _scans(ctx) > sent
    qtbot.waitUntil(lambda: not scan_panel.scanner.running, timeout=15000)
    assert _scans(ctx) > sent
    request = ctx.read_log.last().request  # type: ignore[union-attr]
    assert request.get("Limit", 100) <= 100
    qtbot.keyClicks(box, "1")  # typing again takes the mark away
    assert box.styleSheet() == "" and "read receipt" in box.toolTip() and not crashes


def _expired() -> str:
    return str(int((datetime.now(UTC) - timedelta(hours=1)).timestamp()))


def _tooltip_of_first_bar(qtbot: Any, chart: Any) -> str:
    center = chart.bar_rect(0).center().toPoint()
    QApplication.sendEvent(chart, QHelpEvent(QEvent.Type.ToolTip, center, chart.mapToGlobal(center)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    text = QToolTip.text()
    QToolTip.hideText()
    return text


def reads_as(text: str) -> str:
    """What a tooltip shows: its characters, or its HTML rendered when Qt takes it for HTML."""
    if not GuiQt.mightBeRichText(text):
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


@pytest.mark.qt_log_ignore("This plugin does not support raise", extend=True)
def test_ttl_key_values_that_look_like_html_show_as_their_characters(
        qtbot: Any, ctx: AppContext, crashes: list[Any]) -> None:
    panel = _shown(qtbot, TtlTimelinePanel(ctx))
    assert isinstance(panel, TtlTimelinePanel)
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)
    with qtbot.waitSignal(panel.timeline_changed, timeout=10000):  # charted in the pool
        panel.load_items([{"PK": {"S": EVIL}, "SK": {"S": "x"}, "expiresAt": {"N": _expired()}}],
                         "the current result set")
    assert EVIL in panel.summary.text()
    for label in (panel.summary, panel.message):
        assert label.textFormat() == Qt.TextFormat.PlainText
    tip = _tooltip_of_first_bar(qtbot, panel.chart)
    assert EVIL in reads_as(tip) and not crashes


@pytest.mark.qt_log_ignore("This plugin does not support raise", extend=True)
def test_partition_keys_that_look_like_html_show_as_their_characters(
        qtbot: Any, ctx: AppContext, crashes: list[Any]) -> None:
    panel = _shown(qtbot, CapacityPanel(ctx))
    assert isinstance(panel, CapacityPanel)
    items = [{"PK": {"S": EVIL}, "SK": {"S": str(i)}} for i in range(50)]
    items += [{"PK": {"S": f"T#{i}"}, "SK": {"S": "1"}} for i in range(10)]
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)
    with qtbot.waitSignal(panel.report_changed, timeout=10000):  # analysed in the pool
        panel.load_items(items)
    assert EVIL in panel.hot_label.text()
    labels: list[QLabel] = [panel.summary, panel.hot_label, panel.limit_label, panel.message]
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)
    tip = _tooltip_of_first_bar(qtbot, panel.size_chart)
    assert EVIL in reads_as(tip) and not crashes


@pytest.mark.parametrize("where", ["folder", "nul"])
def test_an_export_path_that_cannot_be_written_is_a_sentence(
        qtbot: Any, ctx: AppContext, crashes: list[Any], tmp_path: Path, where: str) -> None:
    """A folder (PrivateFileError) or a NUL in the name (ValueError) escaped ``save_png``."""
    panel = _shown(qtbot, TtlTimelinePanel(ctx))
    assert isinstance(panel, TtlTimelinePanel)
    path = str(tmp_path) if where == "folder" else str(tmp_path / "a\x00b.png")
    assert panel.export_png(path) is None
    assert "Could not write" in panel.message.text() and not panel.message.isHidden()
    assert list(tmp_path.iterdir()) == [] and not crashes
