"""Hostile values in the Accounts & locks grid (after test_hostile_inputs*.py): a lock whose
value looks like HTML shows as its characters when its cell is hovered. Rendered, an
``<img>`` of a FIFO path blocked the UI thread (and SIGTERM) as soon as the tooltip showed."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from tests.gui.test_hostile_inputs_scans import reads_as

pytestmark = pytest.mark.gui

EVIL = "<b>bold</b><img src='/nonexistent.png'>"


@pytest.fixture
def bare_ctx(qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


@pytest.mark.qt_log_ignore("This plugin does not support raise", extend=True)
def test_a_lock_value_that_looks_like_html_shows_as_its_characters_on_hover(
        qtbot: Any, bare_ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    demo_conn.client.put_item(TableName=seeded_table,
                              Item={"PK": {"S": f"UNIQ#EMAIL#{EVIL}"}, "SK": {"S": "LOCK"}})
    panel = LocksPanel(bare_ctx)
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    panel.show()
    qtbot.waitExposed(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        bare_ctx.set_table(describe_table(demo_conn, seeded_table))
    model, view = panel.model, panel.view
    cells = [model.index(r, c) for r in range(model.rowCount()) for c in range(model.columnCount())]
    tip = Qt.ItemDataRole.ToolTipRole
    target = next(i for i in cells if EVIL in reads_as(str(model.data(i, tip) or "")))
    view.scrollTo(target)
    centre = view.visualRect(target).center()
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, centre,
                                                       view.viewport().mapToGlobal(centre)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    shown = QToolTip.text()
    QToolTip.hideText()
    assert EVIL in reads_as(shown) and "is locked" in reads_as(shown)
