"""The capacity and TTL charts' text (dynoview/ui/scans/bar_chart.py) keeps clear of the data and
of itself: a category label wider than its share of the axis is cut with an ellipsis inside the
widget (its bar's tooltip has it whole), the first label stays right of the value axis' "0 bytes"
tick, and a marker far above the axis is noted above the plot, not over the tallest bars.

The chart is painted for real; a QPainter that records what it draws says where each text went."""

from __future__ import annotations

from itertools import pairwise
from typing import Any, ClassVar

import pytest
from PySide6.QtCore import QEvent, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QHelpEvent, QPainter, QPalette

from dynoview.core.reads.capacity import COLLECTION_LIMIT_BYTES, human_bytes
from dynoview.ui.scans import bar_chart
from dynoview.ui.scans.bar_chart import Bar, BarChart

pytestmark = pytest.mark.gui

ACCOUNTS = [f"ACCT#{i:06x}" for i in range(20)]
EMAILS = [f"UNIQ#EMAIL#someone.{i}@thompson.example.dev" for i in range(20)]  # whole keys, as the panel gives
SIZES = [291 - i for i in range(18)] + [228, 70]


class _Recorder(QPainter):
    """A QPainter that keeps every text and filled rectangle it draws (then draws them)."""

    texts: ClassVar[list[tuple[QRectF, int, str]]] = []
    fills: ClassVar[list[tuple[QRectF, QColor]]] = []

    def drawText(self, *args: Any) -> Any:
        if len(args) == 3 and isinstance(args[0], QRectF) and isinstance(args[2], str):
            flags = args[1]
            self.texts.append((QRectF(args[0]), int(getattr(flags, "value", flags)), args[2]))
        return super().drawText(*args)

    def fillRect(self, *args: Any) -> Any:
        if len(args) == 2 and isinstance(args[0], QRectF) and isinstance(args[1], QColor):
            self.fills.append((QRectF(args[0]), QColor(args[1])))
        return super().fillRect(*args)


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> type[_Recorder]:
    monkeypatch.setattr(bar_chart, "QPainter", _Recorder)
    _Recorder.texts.clear()
    _Recorder.fills.clear()
    return _Recorder


def _chart(qtbot: Any, width: int, height: int, labels: list[str], *, marker: bool = False) -> BarChart:
    chart = BarChart()
    qtbot.addWidget(chart)
    chart.value_format = human_bytes
    chart.integer_axis = False
    chart.x_title, chart.y_title = "partition key (largest first)", "collection size"
    chart.set_bars([Bar(label, value) for label, value in zip(labels, SIZES, strict=True)],
                   title="Item-collection sizes (largest 20 of 63)")
    if marker:
        chart.set_marker(COLLECTION_LIMIT_BYTES, "10 GB item-collection limit (LSI)")
    chart.resize(width, height)
    return chart


def _paint(chart: BarChart, recorder: type[_Recorder]) -> None:
    recorder.texts.clear()
    recorder.fills.clear()
    chart.grab()


def _ink(chart: BarChart, rect: QRectF, flags: int, text: str) -> QRectF:
    """Where a text drawn in ``rect`` with ``flags`` really lands (a centred text wider than its
    rectangle spills out on both sides)."""
    return QFontMetricsF(chart.font()).boundingRect(rect, flags, text)


def _category_labels(chart: BarChart, recorder: type[_Recorder]) -> list[tuple[QRectF, str, str]]:
    """(ink, drawn text, bar label) of each category label drawn under the axis."""
    out = []
    for rect, flags, text in recorder.texts:
        for bar in chart.bars:
            head, cut, tail = text.partition("…")
            elided = cut and bar.label.startswith(head) and bar.label.endswith(tail)
            if text and (text == bar.label or elided):
                out.append((_ink(chart, rect, flags, text), text, bar.label))
                break
    return out


def _overlap(a: QRectF, b: QRectF) -> bool:
    common = a.intersected(b)
    return common.width() > 0.5 and common.height() > 0.5


def test_long_labels_are_cut_with_an_ellipsis_inside_the_widget_and_whole_in_the_tooltip(
        qtbot: Any, recorded: type[_Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    chart = _chart(qtbot, 470, 210, EMAILS)
    _paint(chart, recorded)
    labels = _category_labels(chart, recorded)
    assert len(labels) >= 2, recorded.texts
    for ink, text, _label in labels:
        assert ink.left() >= -0.5 and ink.right() <= chart.width() + 0.5, (text, ink, chart.width())
    for (a, text_a, _), (b, text_b, _) in pairwise(labels):
        assert not _overlap(a, b), (text_a, text_b)
    cut = [(text, label) for _ink_rect, text, label in labels if text != label]
    assert len(cut) == len(labels) and all("…" in text and len(text) > 5 for text, _label in cut), labels
    # The whole label is one hover away (the tooltip's text, caught before a window shows it).
    shown: list[str] = []
    monkeypatch.setattr(bar_chart.QToolTip, "showText", lambda _at, text, *_a: shown.append(text))
    index = EMAILS.index(cut[-1][1])
    where = chart.bar_rect(index).center().toPoint()
    chart.event(QHelpEvent(QEvent.Type.ToolTip, where, chart.mapToGlobal(where)))
    assert len(shown) == 1 and cut[-1][1] in shown[0]


def test_the_first_label_keeps_clear_of_the_zero_tick_at_1024x700(qtbot: Any,
                                                                  recorded: type[_Recorder]) -> None:
    # The capacity panel's size chart at 1024x700: about 370 by 150 pixels.
    chart = _chart(qtbot, 370, 150, ACCOUNTS)
    _paint(chart, recorded)
    zero = [_ink(chart, rect, flags, text) for rect, flags, text in recorded.texts if text == human_bytes(0)]
    labels = _category_labels(chart, recorded)
    assert zero and len(labels) >= 2
    for ink, text, _label in labels:
        assert not _overlap(ink, zero[0]), (text, ink, zero[0])
    # Away from the axis a label that fits stays whole, under its own bar.
    for ink, text, label in labels[1:]:
        bar = chart.bar_rect(ACCOUNTS.index(label))
        assert text == label and bar.left() <= ink.center().x() <= bar.right(), (label, ink, bar)


def test_a_marker_far_above_the_axis_is_noted_without_covering_a_bar(qtbot: Any,
                                                                      recorded: type[_Recorder]) -> None:
    chart = _chart(qtbot, 470, 210, ACCOUNTS, marker=True)
    _paint(chart, recorded)
    highlight = chart.palette().color(QPalette.ColorRole.Highlight)
    bars = [rect for rect, colour in recorded.fills if colour == highlight]
    assert len(bars) == len(ACCOUNTS)
    notes = [(rect, flags, text) for rect, flags, text in recorded.texts if "far above the axis" in text]
    assert len(notes) == 1
    note = _ink(chart, *notes[0]).united(notes[0][0])  # the text and the box behind it
    for bar in bars:
        assert not _overlap(bar, note), (bar, note)
    assert note.top() >= 0 and note.right() <= chart.width()
    # The tallest bar still reads taller than the 20th largest's neighbours.
    assert bars[0].height() > bars[17].height()

