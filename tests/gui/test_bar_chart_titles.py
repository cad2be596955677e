"""The capacity and TTL charts' axis titles (dynoview/ui/scans/bar_chart.py): whole when they
fit the axis, else cut at the end with an ellipsis. Centred whole, a short chart at 1024x700
cut both ends off the title ("llection si" for "collection size")."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFontMetrics

from dynoview.ui.scans.bar_chart import BarChart, axis_title

pytestmark = pytest.mark.gui


def test_a_title_that_fits_is_whole_and_a_longer_one_ends_in_an_ellipsis(qtbot: Any) -> None:
    chart = BarChart()
    qtbot.addWidget(chart)
    fm = QFontMetrics(chart.font())
    title = "item-collection size"
    whole = fm.horizontalAdvance(title)
    assert axis_title(title, fm, whole + 2) == title
    short = axis_title(title, fm, whole * 0.6)
    assert short.endswith("…") and title.startswith(short[:-1]) and len(short) > 3
    assert fm.horizontalAdvance(short) <= whole * 0.6
    assert axis_title(title, fm, -5) == ""  # no room at all: nothing, not a crash

