"""A widget painted in Python leaves no painter open when its paintEvent returns, even while
something still holds that call's frame.

The window-audit benchmark's child died with SIGSEGV now and then (4 of 45 runs last session;
1 of 40 at 100k items here), in ``ElidedLabel.paintEvent`` right after Qt's warning
"QBackingStore::endPaint() called with active painter". The label made a ``QPainter`` and left
ending it to Python, when the local went away. But a frame outlives its call whenever
something holds it: the benchmark's stall sampler (``sys._current_frames()`` while the UI
thread was stalled in a paint), a traceback the crash reporter keeps, a profiler or a
debugger. The painter was then still active when Qt finished the paint, and was ended later,
wherever its last reference went, on a paint device Qt had moved on from. So every
``QPainter`` that ``dynoview/ui`` makes is ended before the function that made it returns.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

import dynoview.ui
from dynoview.ui.elided_label import ElidedLabel
from dynoview.ui.scans.bar_chart import Bar, BarChart

pytestmark = pytest.mark.gui


def paint_with_frames_kept(qtbot: Any, widget: QWidget, change: Any, times: int = 5) -> list[FrameType]:
    """Repaint ``widget`` ``times`` times (``change(n)`` before each), keeping the frame of
    every paintEvent call after it returns, as a profiler or a stall sampler does."""
    kept: list[FrameType] = []

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code.co_name == "paintEvent":
            kept.append(frame)

    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    sys.setprofile(profile)
    try:
        for n in range(times):  # each paint starts while the frames of the last ones are held
            change(n)
            widget.repaint()
            qtbot.waitUntil(lambda n=n: len(kept) > n, timeout=5000)  # painted (now, or queued)
    finally:
        sys.setprofile(None)
    qtbot.wait(20)  # the window's backing store is flushed meanwhile
    return kept


def active_painters(frames: list[FrameType]) -> list[Any]:
    return [value for frame in frames for value in frame.f_locals.values()
            if type(value).__name__ == "QPainter" and value.isActive()]


def test_a_held_elided_label_paint_frame_holds_no_active_painter(qtbot: Any) -> None:
    label = ElidedLabel()
    label.resize(200, 30)
    kept = paint_with_frames_kept(qtbot, label, lambda n: label.setText(
        f"Audit: {n:,} items read in 4 segments, 12 problems so far " * 3))
    assert len(kept) >= 5, "the label's paintEvent was not seen"
    assert active_painters(kept) == [], "a paintEvent returned with its painter still active"
    assert label.is_elided()  # the painted text was cut, as in the status bar


def test_a_held_bar_chart_paint_frame_holds_no_active_painter(qtbot: Any) -> None:
    chart = BarChart()
    chart.resize(400, 240)
    kept = paint_with_frames_kept(qtbot, chart, lambda n: chart.set_bars([Bar("a", 3 + n), Bar("b", 7)]))
    assert len(kept) >= 5
    assert active_painters(kept) == []


def _painters_left_open(path: Path) -> list[str]:
    """Functions in ``path`` that make a ``QPainter`` neither in a ``with`` nor ended (``.end()``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    open_ones = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        made = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                and c.func.id == "QPainter" and c.args]
        in_with = {id(item.context_expr) for w in ast.walk(fn) if isinstance(w, ast.With) for item in w.items}
        ended = any(isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == "end"
                    for c in ast.walk(fn))
        if any(id(c) not in in_with for c in made) and not ended:
            open_ones.append(f"{path.name}:{fn.lineno} {fn.name}")
    return open_ones


def test_every_painter_the_ui_makes_is_ended_where_it_is_made() -> None:
    root = Path(dynoview.ui.__file__).parent
    sources = sorted(root.rglob("*.py"))
    assert any("QPainter(self)" in p.read_text(encoding="utf-8") for p in sources)  # the scan sees them
    assert [f for p in sources for f in _painters_left_open(p)] == []
