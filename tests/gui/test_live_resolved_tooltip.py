"""What a resolved row's mark says, on moto and on DynamoDB Local over HTTP. An account whose
missing lock was written after the grid's audit and before Live started is brought in line at
Live's start: its row stays, marked resolved, and its tooltip says it was resolved before Live
started (it used to say "since Live mode started", which was untrue). A row resolved during Live
still says "since Live mode started"."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.ui.context import AppContext
from dynoview.ui.locks.model import RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures

pytestmark = pytest.mark.gui


def _account_row(panel: LocksPanel, account: str) -> int:
    for view_row in range(panel.model.rowCount()):
        row = panel.model.pair_row(view_row)
        if row is not None and row.account_id == account:
            return view_row
    raise AssertionError(f"no row for {account}")


def _tip(panel: LocksPanel, view_row: int) -> str:
    model = panel.model
    return str(model.data(model.index(view_row, model.status_column()), Qt.ItemDataRole.ToolTipRole))


def _account(n: int) -> dict[str, Any]:
    return {"PK": s(f"ACCT#m{n}"), "SK": s("PROFILE"), "email": s(f"m{n}@x.io")}


def _lock(n: int) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#EMAIL#m{n}@x.io"), "SK": s("LOCK"), "owner": s(f"ACCT#m{n}")}


def test_a_row_resolved_before_live_says_so(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    table = live.create_table(conn, "resolved-tip", ("PK", "SK"))
    try:
        for n in (1, 2):  # two accounts written without their email locks
            conn.client.put_item(TableName=table, Item=_account(n))
        panel = live.open_panel(qtbot, ctx, conn, table)
        panel.show()
        conn.client.put_item(TableName=table, Item=_lock(1))  # fixed before Live starts

        live.started(qtbot, panel)
        before = _account_row(panel, "ACCT#m1")
        assert live.status_text(panel, before).endswith(RESOLVED_TEXT)
        assert "before Live mode started" in _tip(panel, before)
        assert "since Live mode started" not in _tip(panel, before)

        conn.client.put_item(TableName=table, Item=_lock(2))  # fixed during Live
        qtbot.waitUntil(lambda: live.status_text(panel, _account_row(panel, "ACCT#m2")).endswith(
            RESOLVED_TEXT), timeout=WAIT_MS)
        assert "resolved since Live mode started" in _tip(panel, _account_row(panel, "ACCT#m2"))
        assert "before Live mode started" in _tip(panel, _account_row(panel, "ACCT#m1"))
        live.stopped(qtbot, ctx, panel)
    finally:
        conn.client.delete_table(TableName=table)
