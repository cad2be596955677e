"""An orphan lock released before Live started, on moto and on DynamoDB Local over HTTP: the grid
still shows it from its audit, and Live's start brings the grid in line. It was kept as a row
"OK · resolved", whose mark says "resolved since Live mode started" (it was not, and the status
line said "0 resolved"); the lock no longer exists, so the row leaves the grid, as it does
from a fresh audit (what the app's own release shows), and stays off when the grid is sorted.
Written again during Live, the lock is an orphan again, new since Live started, in the grid.
An orphan released during Live is still marked resolved and counted (that mark is true)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.watch import seed
from dynoview.ui.context import AppContext
from dynoview.ui.locks.model import COL_ACCOUNT, NEW_TEXT, RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures
from tests.integration.test_cli_watch import signup

pytestmark = pytest.mark.gui

ORPHAN = {"PK": s("UNIQ#EMAIL#orphan@x.io"), "SK": s("LOCK")}
LATER = {"PK": s("UNIQ#EMAIL#later@x.io"), "SK": s("LOCK")}


def _shown(panel: LocksPanel) -> list[str]:
    """Each shown row as account id, or the lock row's email value."""
    return [r.account_id or f"lock {r.cells['email'].value}" for r in panel.model.pair_rows()]


@pytest.mark.parametrize("start", ["replay", "audit"])
def test_an_orphan_released_before_live_leaves_the_grid(qtbot: Any, ctx: AppContext, conn: Connection,
                                                        monkeypatch: pytest.MonkeyPatch, start: str) -> None:
    if start == "audit":  # the stream counts as enabled later: the watch seeds with an audit
        monkeypatch.setattr(seed, "WITH_TABLE_S", -1.0)
    table = live.create_table(conn, "resolved-before", ("PK", "SK"))
    try:
        signup(conn, table, 1)
        conn.client.put_item(TableName=table, Item=ORPHAN)
        conn.client.put_item(TableName=table, Item=LATER)
        panel = live.open_panel(qtbot, ctx, conn, table)
        panel.show()
        assert sorted(_shown(panel)) == ["ACCT#1", "lock later@x.io", "lock orphan@x.io"]
        conn.client.delete_item(TableName=table, Key=ORPHAN)  # released before Live starts

        live.started(qtbot, panel)
        assert live.lock_row(panel, "email", "orphan@x.io") is None
        assert sorted(_shown(panel)) == ["ACCT#1", "lock later@x.io"]
        counts = panel.live.counts
        assert counts is not None and any("1 resolved." in n for n in counts.notices)  # said
        assert " · 0 resolved · " in panel.live_bar.status.text()  # not counted since
        # A sort orders every row of the audit: the row that left stays off.
        panel.view.sortByColumn(COL_ACCOUNT, Qt.SortOrder.AscendingOrder)
        qtbot.waitUntil(lambda: panel.grid.shown.sort is not None, timeout=WAIT_MS)
        assert sorted(_shown(panel)) == ["ACCT#1", "lock later@x.io"]
        panel.set_status_filter({ORPHAN_LOCK})
        assert _shown(panel) == ["lock later@x.io"]
        panel.set_status_filter(None)

        # Released during Live: marked resolved and counted, the row stays (true since Live).
        conn.client.delete_item(TableName=table, Key=LATER)
        qtbot.waitUntil(lambda: " · 1 resolved · " in panel.live_bar.status.text(), timeout=WAIT_MS)
        view_row = live.lock_row(panel, "email", "later@x.io")
        assert view_row is not None and live.status_text(panel, view_row) == f"OK · {RESOLVED_TEXT}"

        # The released lock written again: an orphan again, new since Live started, shown.
        conn.client.put_item(TableName=table, Item=ORPHAN)
        qtbot.waitUntil(lambda: live.lock_row(panel, "email", "orphan@x.io") is not None, timeout=WAIT_MS)
        view_row = live.lock_row(panel, "email", "orphan@x.io")
        assert view_row is not None and live.status_text(panel, view_row) == f"Orphan lock · {NEW_TEXT}"
        rows = panel.model.audit_rows
        assert rows is not None and sum(1 for v in rows.values[0] if v == "orphan@x.io") == 1  # its row
        live.stopped(qtbot, ctx, panel)
    finally:
        conn.client.delete_table(TableName=table)
