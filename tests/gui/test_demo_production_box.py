"""File → Connect…, Demo with Production (or Read-only) ticked opens the demo read-only (task F3).

The window passed only the Read-only box: the demo opened writable with Production ticked."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dynoview.core.errors import ReadOnlyError
from dynoview.ui.main_window import MainWindow
from dynoview.ui.window.connection_dialog import ConnectionDialog

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("read_only, production, expected", [
    (False, False, False), (True, False, True), (False, True, True), (True, True, True)])
def test_the_demo_row_reads_both_boxes(qtbot, read_only: bool, production: bool,
                                       expected: bool) -> None:
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog.list.setCurrentRow(0)
    dialog.read_only.setChecked(read_only)
    dialog.production.setChecked(production)
    dialog._connect()
    assert dialog.demo_chosen and dialog.demo_read_only is expected


def test_demo_with_production_ticked_refuses_a_write_locally(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    try:
        win.show_connection_dialog()
        dialog = win.connection_dialog
        dialog.list.setCurrentRow(0)  # Demo (embedded, no AWS account)
        dialog.read_only.setChecked(False)
        dialog.production.setChecked(True)
        dialog.connect_button.click()
        qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=90000)
        conn = win.ctx.connection
        assert conn is not None and conn.spec.demo and conn.read_only
        with pytest.raises(ReadOnlyError):
            conn.client.put_item(TableName="accounts",
                                 Item={"PK": {"S": "F3#probe"}, "SK": {"S": "X"}})
        got = conn.client.get_item(TableName="accounts",
                                   Key={"PK": {"S": "F3#probe"}, "SK": {"S": "X"}})
        assert "Item" not in got  # nothing reached the table
    finally:
        if win.ctx.demo is not None:
            win.ctx.demo.stop()
            win.ctx.demo = None
