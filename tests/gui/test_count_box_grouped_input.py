"""The Scan's count box (``dynoview.ui.scans.count_box.CountBox``) takes a count typed with the
language's own thousands separator ("5.000" in Portuguese and Indonesian, "5,000" in English, "5 000"
in French) as the box itself reads it: no "not a count" message, nothing held. It used to check
``int()`` of the text, which refused the separator, so the box said "'5.000' is not a count … the
box now says 5,000" about the very count it showed, and held back the Scan once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget

from dynoview.ui.context import AppContext
from dynoview.ui.i18n import loader
from dynoview.ui.scans.capacity_panel import CapacityPanel
from dynoview.ui.scans.count_box import CountBox
from dynoview.ui.themed import is_refused

pytestmark = pytest.mark.gui


@pytest.fixture
def english_after(qapp: Any) -> Iterator[None]:
    yield
    loader.install("en", qapp)


def _box_and_scan(qtbot: Any) -> tuple[QWidget, CountBox, QPushButton, list[str]]:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    box = CountBox(100, 200_000, 2000)  # as the Capacity and TTL timeline panels build it
    scan = QPushButton("Scan")
    layout.addWidget(box)
    layout.addWidget(scan)
    said: list[str] = []
    box.corrected.connect(said.append)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)  # else pressing Scan takes no focus from the box
    box.setFocus()
    return window, box, scan, said


def _type_then_scan(qtbot: Any, box: CountBox, scan: QPushButton, typed: str) -> None:
    box.lineEdit().selectAll()
    for char in typed:  # as key presses (QTest's keyClicks aborts on a character past Latin-1)
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(box.lineEdit(), QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))
    qtbot.mouseClick(scan, Qt.MouseButton.LeftButton)


@pytest.mark.parametrize(("lang", "typed"), [
    ("en", "5,000"), ("pt_BR", "5.000"), ("id", "5.000"), ("fr", "5\u202f000"), ("fr", "5 000"),
    ("pt_BR", "5000"),
])
def test_a_grouped_count_is_taken_silently(qtbot: Any, qapp: Any, english_after: None,
                                           lang: str, typed: str) -> None:
    loader.install(lang, qapp)
    _window, box, scan, said = _box_and_scan(qtbot)
    _type_then_scan(qtbot, box, scan, typed)
    assert scan.hasFocus()  # the box lost the focus: what was typed was judged
    assert box.value() == 5000
    assert said == [], said
    assert not box.hold() and not is_refused(box)


@pytest.mark.parametrize(("lang", "typed"), [("en", "50"), ("pt_BR", "50"), ("fr", "0")])
def test_a_count_the_box_changed_is_still_said_and_held(qtbot: Any, qapp: Any, english_after: None,
                                                        lang: str, typed: str) -> None:
    """Under the minimum: the box shows another count, and says so (what the fix must keep)."""
    loader.install(lang, qapp)
    _window, box, scan, said = _box_and_scan(qtbot)
    _type_then_scan(qtbot, box, scan, typed)
    assert box.value() == 100
    assert len(said) == 1 and f"'{typed}'" in said[0]  # (in the language: "não é uma quantidade")
    assert box.hold() and is_refused(box)


def test_the_scan_runs_with_the_grouped_count(qtbot: Any, qapp: Any, english_after: None,
                                              ctx: AppContext) -> None:
    """In Portuguese, "5.000" and Scan reads up to 5,000 items at once, not after a second press."""
    loader.install("pt_BR", qapp)
    panel = CapacityPanel(ctx)
    qtbot.addWidget(panel)
    panel.resize(1100, 800)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)
    sent = sum(r.operation == "Scan" for r in ctx.read_log.receipts())
    panel.max_items.setFocus()
    _type_then_scan(qtbot, panel.max_items, panel.scan_button, "5.000")
    qtbot.waitUntil(lambda: sum(r.operation == "Scan" for r in ctx.read_log.receipts()) > sent,
                    timeout=15000)
    qtbot.waitUntil(lambda: not panel.scanner.running and not panel.scanner.analysing, timeout=15000)
    assert panel.max_items.value() == 5000 and not is_refused(panel.max_items)
    assert "'5.000'" not in panel.message.text()  # no "'5.000' is not a count"
