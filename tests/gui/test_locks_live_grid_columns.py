"""Live mode keeps the grid's per-row columns (``AuditRows.finding_bits`` and ``lock_rule``) as
the audit builds them, on moto and on DynamoDB Local over HTTP: a row Live mode resolved leaves
its old status's filter (it matched it until the next audit), and a stream event on a lock of
the empty value (``UNIQ#EMAIL#``) lands on the audit's row for it (Live found lock rows by their
non-empty value, so it added a second row)."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.audit.rows import LOCK, NO_RULE
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK
from dynoview.ui.context import AppContext
from dynoview.ui.locks.model import RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures
from tests.integration.test_cli_watch import signup  # the article's sign-up, or broken

pytestmark = pytest.mark.gui

EMPTY_LOCK = {"PK": s("UNIQ#EMAIL#"), "SK": s("LOCK")}


def _shown_ids(panel: LocksPanel) -> set[str]:
    return {row.account_id or "" for i in range(panel.model.rowCount())
            if (row := panel.model.pair_row(i)) is not None}


def _empty_lock_rows(panel: LocksPanel) -> list[int]:
    """The grid's rows (not view rows) keyed on the empty email lock."""
    rows = panel.model.audit_rows
    assert rows is not None
    return [row for row in range(len(rows)) if rows.kinds[row] == LOCK and rows.key(row) == EMPTY_LOCK]


def test_a_row_live_resolved_leaves_its_old_status_filter(qtbot: Any, ctx: AppContext,
                                                          conn: Connection) -> None:
    table = live.create_table(conn, "live-bits", ("PK", "SK"))
    try:
        signup(conn, table, 1)
        signup(conn, table, 2, email_lock=False)  # the audit finds its missing lock
        panel = live.open_panel(qtbot, ctx, conn, table)
        panel.show()
        live.started(qtbot, panel)
        panel.set_status_filter({MISSING_LOCK})
        assert _shown_ids(panel) == {"ACCT#2"}
        panel.set_status_filter(None)

        conn.client.put_item(TableName=table, Item={"PK": s("UNIQ#EMAIL#user2@x.io"), "SK": s("LOCK")},
                             ConditionExpression="attribute_not_exists(PK)")
        qtbot.waitUntil(lambda: RESOLVED_TEXT in live.status_text(panel, live.row_of(panel, "ACCT#2") or 0),
                        timeout=WAIT_MS)
        panel.set_status_filter({MISSING_LOCK})
        assert _shown_ids(panel) == set()  # it matched the filter until the next audit
        rows = panel.model.audit_rows
        assert rows is not None
        row = rows.row_of_key({"PK": s("ACCT#2"), "SK": s("PROFILE")})
        assert row is not None and rows.finding_bits[row] == 0  # no finding names it any more

        # A problem Live finds on a new row is under its filter, by the row's own bits too.
        signup(conn, table, 3, email_lock=False)
        qtbot.waitUntil(lambda: "Live · 1 new since" in panel.live_bar.status.text(), timeout=WAIT_MS)
        added = rows.row_of_key({"PK": s("ACCT#3"), "SK": s("PROFILE")})
        assert added is not None and rows.finding_bits[added] == 1 << rows.row_status[added]
        assert len(rows.finding_bits) == len(rows.lock_rule) == len(rows)
        panel.set_status_filter(None)
        panel.set_status_filter({MISSING_LOCK})
        assert _shown_ids(panel) == {"ACCT#3"}
        live.stopped(qtbot, ctx, panel)
    finally:
        conn.client.delete_table(TableName=table)


def test_an_event_on_the_empty_value_lock_lands_on_its_row(qtbot: Any, ctx: AppContext,
                                                           conn: Connection) -> None:
    table = live.create_table(conn, "live-empty", ("PK", "SK"))
    try:
        signup(conn, table, 1)
        conn.client.put_item(TableName=table, Item=EMPTY_LOCK)  # an orphan lock on ''
        panel = live.open_panel(qtbot, ctx, conn, table)
        panel.show()
        [row] = _empty_lock_rows(panel)
        live.started(qtbot, panel)  # the stream's past (the lock's Put) is what the audit shows
        assert _empty_lock_rows(panel) == [row]
        panel.set_status_filter({ORPHAN_LOCK})
        assert [panel.model.row_at(i) for i in range(panel.model.rowCount())] == [row]
        panel.set_status_filter(None)

        # The lock released: its row is resolved, not a second row added.
        conn.client.delete_item(TableName=table, Key=EMPTY_LOCK)
        qtbot.waitUntil(lambda: "1 resolved" in panel.live_bar.status.text(), timeout=WAIT_MS)
        assert _empty_lock_rows(panel) == [row]
        view_row = panel.model.view_row_of(row)
        assert view_row is not None and live.status_text(panel, view_row) == f"OK · {RESOLVED_TEXT}"
        panel.set_status_filter({ORPHAN_LOCK})
        assert panel.model.rowCount() == 0

        # Written again: an orphan again, on the same row.
        conn.client.put_item(TableName=table, Item=EMPTY_LOCK)
        qtbot.waitUntil(lambda: "Live · 1 new since" in panel.live_bar.status.text(), timeout=WAIT_MS)
        rows = panel.model.audit_rows
        assert rows is not None and _empty_lock_rows(panel) == [row]
        assert rows.lock_rule_of(row) == 0 and rows.lock_rule[row] != NO_RULE
        panel.set_status_filter(None)
        panel.set_status_filter({ORPHAN_LOCK})
        assert [panel.model.row_at(i) for i in range(panel.model.rowCount())] == [row]
        live.stopped(qtbot, ctx, panel)
    finally:
        conn.client.delete_table(TableName=table)
