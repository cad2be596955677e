"""File → Delete table… on the table the Items tab shows: its rows, its title and its actions go
with it (they stayed, 63 rows with Copy to table… and Import… on a table that no longer
existed), an Items tab opened on it closes, and another table's tab stays."""

from __future__ import annotations

import asyncio
import contextlib
import uuid

from dynoview.core.session.connection import Connection
from dynoview.demo.backend import create_accounts_table, seed_accounts
from tests.gui.conftest import open_window


def test_deleting_the_open_table_lets_its_rows_and_tabs_go(
        qtbot, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection, seeded_table: str) -> None:
    doomed = f"doomed-{uuid.uuid4().hex[:8]}"
    create_accounts_table(demo_conn, doomed)
    try:
        seed_accounts(demo_conn, doomed)
        win = open_window(qtbot, demo_conn, doomed)
        panel = win.items_panel
        assert panel.model.rowCount() > 0 and doomed in win.windowTitle()
        for name in (doomed, seeded_table):
            with qtbot.waitSignal(win.connection.tab_table_described, timeout=15000):
                win.open_items_tab(name)
        qtbot.waitUntil(lambda: len(win.extra_items) == 2, timeout=5000)
        other = next(p for p in win.extra_items if p.info is not None and p.info.name == seeded_table)

        win.tables_panel.delete_table(doomed)
        dialog = win.tables_panel.table_dialog
        dialog.typed.setText(doomed)
        with qtbot.waitSignal(dialog.deleted, timeout=30000):
            dialog.delete()

        assert doomed not in demo_conn.list_tables()
        assert win.ctx.table is None and panel.model.rowCount() == 0
        assert not panel.isEnabled() and not panel.transfer.copy_button.isEnabled()
        assert doomed not in win.windowTitle()
        assert doomed not in win.ctx.tables
        assert win.extra_items == [other]  # its own tab closed; the other table's stays
        assert other.model.rowCount() > 0
        qtbot.waitUntil(lambda: f"Table {doomed} was deleted." in win.status.message.text(),
                        timeout=5000)
    finally:
        with contextlib.suppress(Exception):
            demo_conn.client.delete_table(TableName=doomed)
