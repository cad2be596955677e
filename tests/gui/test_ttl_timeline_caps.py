"""TTL timeline panel: TTL turned off (a describe that still names the attribute) is explained
rather than charted, the "will never expire" list stops at MAX_ROWS like the bar list, and
key values show escaped."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.context import AppContext
from dynoview.ui.scans.ttl_timeline_panel import TtlTimelinePanel

pytestmark = pytest.mark.gui

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
EXPIRED = {"N": str(int((NOW - timedelta(hours=2)).timestamp()))}


def table(status: str) -> TableInfo:
    return TableInfo("t", KeyAttribute("PK", "S"), None, ttl_attribute="expiresAt", ttl_status=status)


@pytest.fixture
def bare_ctx(qasync_loop: Any) -> Iterator[AppContext]:
    context = AppContext()  # no connection: nothing here reads
    yield context
    context.tasks.shutdown()


@pytest.fixture
def panel(qtbot: Any, bare_ctx: AppContext) -> TtlTimelinePanel:
    widget = TtlTimelinePanel(bare_ctx)
    qtbot.addWidget(widget)
    widget.now = NOW
    widget.resize(1100, 800)
    return widget


def charted(qtbot: Any, panel: TtlTimelinePanel) -> None:
    """Wait for the chart the panel builds in the pool."""
    qtbot.waitUntil(lambda: not panel.scanner.analysing, timeout=10000)


@pytest.mark.parametrize("status", ["DISABLED", "DISABLING"])
def test_ttl_turned_off_is_explained_not_charted(qtbot: Any, panel: TtlTimelinePanel,
                                                 bare_ctx: AppContext, status: str) -> None:
    bare_ctx.set_table(table(status))
    assert "TTL is not enabled on t" in panel.message.text()
    assert not panel.scan_button.isEnabled()
    items = [{"PK": {"S": f"old{i}"}, "expiresAt": EXPIRED} for i in range(3)]
    panel.load_items(items, "the current result set")
    charted(qtbot, panel)
    assert panel.timeline is None
    assert "expired but still present" not in panel.summary.text()
    assert panel.items_table.rowCount() == 0
    assert "TTL is not enabled on t" in panel.message.text()
    # Turned back on: the same items chart as expired but still present.
    bare_ctx.set_table(table("ENABLED"))
    panel.load_items(items, "the current result set")
    charted(qtbot, panel)
    assert panel.timeline is not None and len(panel.timeline.expired) == 3
    assert "3 expired but still present" in panel.summary.text()


def test_never_list_is_capped_like_the_bar_list(qtbot: Any, panel: TtlTimelinePanel,
                                                bare_ctx: AppContext,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TtlTimelinePanel, "MAX_ROWS", 50)
    bare_ctx.set_table(table("ENABLED"))
    # A String TTL (a common mistake): DynamoDB ignores it, so every item never expires.
    items = [{"PK": {"S": f"USER#{i:04d}"}, "expiresAt": {"S": "2026-01-01T00:00:00Z"}}
             for i in range(120)]
    panel.load_items(items, "a Scan of every item")
    charted(qtbot, panel)
    assert panel.timeline is not None and len(panel.timeline.never) == 120
    assert panel.never_table.rowCount() == 50
    assert "first 50 of 120 shown" in panel.never_box.title()
    panel.granularity.setCurrentIndex(2)  # rebuilt on every Group change: still capped
    charted(qtbot, panel)
    assert panel.timeline.granularity == "day" and panel.never_table.rowCount() == 50
    panel.load_items(items[:10], "a Scan of every item")
    charted(qtbot, panel)
    assert panel.never_table.rowCount() == 10 and panel.never_box.title() == "Will never expire"


def test_key_cells_show_escapes_not_raw_text(qtbot: Any, panel: TtlTimelinePanel,
                                            bare_ctx: AppContext) -> None:
    bare_ctx.set_table(table("ENABLED"))
    items = [{"PK": {"S": "user\u202egnp.exe"}, "expiresAt": EXPIRED},
             {"PK": {"S": "line1\nline2"}, "expiresAt": {"S": "never"}}]
    panel.load_items(items, "the current result set")
    charted(qtbot, panel)
    assert panel.items_table.item(0, 0).text() == "PK=user\\u202egnp.exe"
    assert panel.never_table.item(0, 0).text() == "PK=line1⏎line2"


def test_the_chart_is_built_off_the_ui_thread_and_the_newest_items_win(
        qtbot: Any, panel: TtlTimelinePanel, bare_ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """Charting 100,000 items is about a second of Python: built in the pool, the window answers
    meanwhile; items loaded again before it is done replace the first ones, never shown after."""
    from dynoview.ui.scans import ttl_timeline_panel

    release, threads = threading.Event(), []
    real = ttl_timeline_panel.build_timeline

    def slow_first(items: Any, *args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        if len(threads) == 1:
            release.wait(5)
        return real(items, *args, **kwargs)

    monkeypatch.setattr(ttl_timeline_panel, "build_timeline", slow_first)
    bare_ctx.set_table(table("ENABLED"))
    first = [{"PK": {"S": f"a{i}"}, "expiresAt": EXPIRED} for i in range(7)]
    panel.load_items(first, "the current result set")
    assert panel.message.text() == "Charting 7 items by expiry…"
    assert panel.cancel_button.isEnabled() and panel.timeline is None
    panel.load_items(first[:2], "the current result set")
    release.set()
    charted(qtbot, panel)
    qtbot.wait(100)  # the first, superseded build has finished too: it must not show
    assert panel.timeline is not None and panel.timeline.total == 2
    assert all(t is not threading.main_thread() for t in threads)
    assert panel.message.text() == "" and not panel.cancel_button.isEnabled()


def test_cancel_drops_a_chart_being_built(qtbot: Any, panel: TtlTimelinePanel, bare_ctx: AppContext,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.ui.scans import ttl_timeline_panel

    release = threading.Event()
    real = ttl_timeline_panel.build_timeline

    def slow(*args: Any, **kwargs: Any) -> Any:
        release.wait(5)
        return real(*args, **kwargs)

    monkeypatch.setattr(ttl_timeline_panel, "build_timeline", slow)
    bare_ctx.set_table(table("ENABLED"))
    panel.load_items([{"PK": {"S": "a"}, "expiresAt": EXPIRED}], "the current result set")
    panel.cancel_button.click()
    assert panel.message.text() == "" and not panel.cancel_button.isEnabled()
    release.set()
    qtbot.waitUntil(lambda: not panel.scanner.analysing, timeout=5000)
    qtbot.wait(100)
    assert panel.timeline is None and panel.chart.bars == []
