"""In another language the TTL timeline's bars and the capacity panel's sizes and shares are the
catalogue's words with the language's numbers (dynoview/ui/scans/ttl_labels.py and sizes.py):
French read "expired", "<1 d", "140 bytes" and "0.03%" under translated titles before.

A pseudo-catalogue translates every text to ⟦text⟧, so a text that never went through the
catalogue shows bare; the default QLocale is French ("0,03", not "0.03")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from dynoview.ui.context import AppContext
from dynoview.ui.scans.capacity_panel import CapacityPanel
from dynoview.ui.scans.ttl_timeline_panel import TtlTimelinePanel

pytestmark = pytest.mark.gui


class _Pseudo(QTranslator):
    """Every text "translated" to ⟦text⟧ (placeholders kept)."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        return f"⟦{source}⟧"


@pytest.fixture
def pseudo_french(qapp: Any) -> Iterator[None]:
    before = QLocale()
    translator = _Pseudo()
    QLocale.setDefault(QLocale(QLocale.Language.French, QLocale.Country.France))
    QCoreApplication.installTranslator(translator)
    try:
        yield
    finally:
        QCoreApplication.removeTranslator(translator)
        QLocale.setDefault(before)


def _translated(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def test_ttl_bars_and_their_tooltips_are_the_catalogues(qtbot: Any, ctx: AppContext,
                                                        pseudo_french: None) -> None:
    panel = TtlTimelinePanel(ctx)
    qtbot.addWidget(panel)
    panel.resize(1100, 800)
    with qtbot.waitSignal(panel.timeline_changed, timeout=15000, check_params_cb=lambda t: t is not None):
        panel.scan_button.click()
    bars = panel.chart.bars
    assert len(bars) >= 3 and bars[0].value == 3  # expired, then the days ahead
    assert [b.label for b in bars if not _translated(b.label)] == []
    assert bars[0].label == "⟦expired⟧" and bars[1].label == "⟦<1 d⟧" and bars[2].label == "⟦1–2 d⟧"
    for bar in bars:  # "<label>: <count>\n<span>", the span the catalogue's too
        name, span = bar.tooltip.split("\n")[:2]
        assert name.startswith(bar.label) and span.startswith("⟦") and "⟧" in span, bar.tooltip
    # A bar's list title names the bar as the chart does.
    panel.show_bar(2)
    assert "⟦1–2 d⟧" in panel.bar_title.text()


def test_capacity_sizes_and_shares_are_the_catalogues_in_french_numbers(qtbot: Any, ctx: AppContext,
                                                                       pseudo_french: None) -> None:
    panel = CapacityPanel(ctx)
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)
    with qtbot.waitSignal(panel.report_changed, timeout=15000):
        panel.scan_button.click()
    model = panel.model
    assert model.rowCount() > 0
    for row in range(model.rowCount()):
        for col in (2, 3, 4):  # table, LSI and total bytes
            text = model.index(row, col).data()
            assert _translated(text) and re.search(r"\d", text), (row, col, text)
        assert _translated(model.index(row, 5).data())  # the share of the 10 GB limit
    # The chart's ticks and tooltips.
    assert _translated(panel.size_chart.value_format(300))
    assert all("⟦" in bar.tooltip.split("\n")[1].split(", ")[1] for bar in panel.size_chart.bars)
    # "Largest item: <key>, <size> (<share> of the 400 KB item limit)": a French share.
    assert re.search(r"⟦\d+ bytes⟧ \(⟦\d+,\d\d%⟧", panel.summary.text()), panel.summary.text()
    first_page = panel.pages.item(0, 2)  # bytes returned by the first page
    assert first_page is not None and _translated(first_page.text())
