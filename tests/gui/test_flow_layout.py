"""FlowLayout: one row when there is room, more rows (and more height) when there is not."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLineEdit, QPushButton, QVBoxLayout, QWidget

from dynoview.ui.flow_layout import FlowLayout

pytestmark = pytest.mark.gui


def make(qtbot) -> tuple[QWidget, list[QPushButton], QPushButton, QLineEdit]:
    host = QWidget()
    qtbot.addWidget(host)
    outer = QVBoxLayout(host)
    flow = FlowLayout()
    buttons = [QPushButton(f"Button number {i}") for i in range(4)]
    edit = QLineEdit()
    flow.addWidgets(*buttons, edit)
    flow.addStretch()
    run = QPushButton("Run")
    flow.addWidget(run)
    outer.addLayout(flow)
    outer.addStretch(1)
    return host, buttons, run, edit


def shown_flow(qtbot, host: QWidget, width: int) -> FlowLayout:
    host.resize(width, 400)
    host.show()
    qtbot.waitExposed(host)
    flow = host.layout().itemAt(0).layout()
    assert isinstance(flow, FlowLayout)
    return flow


def test_one_row_when_wide_and_the_stretch_puts_run_at_the_right(qtbot) -> None:
    host, buttons, run, edit = make(qtbot)
    host.resize(1400, 200)
    host.show()
    qtbot.waitExposed(host)
    tops = {b.geometry().top() for b in [*buttons, run]}
    assert len(tops) == 1
    assert run.geometry().right() >= host.width() - 20  # pushed to the row's end
    assert edit.width() > edit.sizeHint().width()  # an expanding widget takes the spare room


def test_wraps_and_asks_for_the_height_it_needs_when_narrow(qtbot) -> None:
    host, buttons, run, _edit = make(qtbot)
    flow = shown_flow(qtbot, host, 330)
    assert flow.heightForWidth(330) > flow.heightForWidth(1400)
    assert flow.minimumSize().width() < 330
    rows = {b.geometry().top() for b in [*buttons, run]}
    assert len(rows) >= 3
    for widget in [*buttons, run]:
        assert widget.geometry().right() < host.width()
        assert widget.width() >= widget.sizeHint().width()


def test_hidden_widgets_take_no_room(qtbot) -> None:
    host, buttons, _run, _edit = make(qtbot)
    host.resize(1400, 200)
    host.show()
    buttons[0].hide()
    qtbot.wait(10)
    host.layout().activate()
    assert buttons[1].geometry().left() < buttons[0].sizeHint().width()


def test_the_height_and_sizes_it_keeps_follow_a_widget_that_grows(qtbot) -> None:
    """Heights per width and the size hints are kept between layouts (Qt asks for the same
    widths many times); a widget that grows makes the layout measure again."""
    host, buttons, _run, _edit = make(qtbot)
    flow = shown_flow(qtbot, host, 1400)
    before = (flow.heightForWidth(1400), flow.sizeHint().width(), flow.minimumSize().width())
    assert len({b.geometry().top() for b in buttons}) == 1  # one row
    buttons[0].setText("A button whose label is now a great deal longer than it was " * 4)
    # Laid out again: the next button wrapped below it.
    qtbot.waitUntil(lambda: buttons[1].geometry().top() > buttons[0].geometry().top())
    assert flow.heightForWidth(1400) > before[0]
    assert flow.sizeHint().width() > before[1] and flow.minimumSize().width() > before[2]
