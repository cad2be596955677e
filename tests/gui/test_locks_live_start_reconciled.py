"""Live mode brings the grid in line with the watch's starting state, on moto and on DynamoDB
Local over HTTP: writes made after the grid's audit and before Live started (an orphan lock
released, an account written without its lock) were never events, so the grid kept the
released orphan and never showed the missing lock while the bar said "up to date". Both
starts: a replay of a young table's stream, and a seeding audit. (The released orphan's row
leaves the grid: tests/gui/test_live_resolved_before.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch import seed
from dynoview.ui.context import AppContext
from dynoview.ui.locks import live_mode
from dynoview.ui.locks.model import NEW_TEXT, RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures
from tests.integration.test_cli_watch import signup

pytestmark = pytest.mark.gui

ORPHAN = {"PK": s("UNIQ#EMAIL#orphan@x.io"), "SK": s("LOCK")}


def _changed_after_the_audit(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    """The tab audited with an orphan lock; then, before Live starts, the orphan is released
    and an account is written without its email lock."""
    signup(conn, table, 1)
    conn.client.put_item(TableName=table, Item=ORPHAN)
    panel = live.open_panel(qtbot, ctx, conn, table)
    panel.show()
    assert panel.result is not None
    assert [(f.status, f.value) for f in panel.result.findings] == [(ORPHAN_LOCK, "orphan@x.io")]
    conn.client.delete_item(TableName=table, Key=ORPHAN)
    conn.client.put_item(TableName=table, Item={"PK": s("ACCT#m1"), "SK": s("PROFILE"),
                                                "email": s("miss@x.io")})
    return panel


def _grid_findings(panel: LocksPanel) -> list[tuple[str, str | None, tuple[str, ...]]]:
    rows = panel.model.audit_rows
    assert rows is not None
    return sorted({(f.status, f.value, tuple(sorted(f.account_ids)))
                   for found in rows.row_findings.values() for f in found})


def _audit_findings(conn: Connection, table: str) -> list[tuple[str, str | None, tuple[str, ...]]]:
    result = run_audit(Reader(conn), describe_table(conn, table), article_schema(), segments=1)
    return sorted((f.status, f.value, tuple(sorted(f.account_ids))) for f in result.findings)


def _assert_in_line(qtbot: Any, ctx: AppContext, conn: Connection, panel: LocksPanel, table: str,
                    *, added: int, seeded: str) -> None:
    """Up to date, the grid shows a fresh audit's findings; the update is said, not counted."""
    live.started(qtbot, panel)
    missing = [(MISSING_LOCK, "miss@x.io", ("ACCT#m1",))]
    assert _grid_findings(panel) == _audit_findings(conn, table) == missing
    view_row = live.row_of(panel, "ACCT#m1")
    assert view_row is not None
    row = panel.model.pair_row(view_row)
    assert row is not None and row.cells["email"].status == MISSING_LOCK
    assert live.status_text(panel, view_row) == "Missing lock"  # found at the start, not new since
    # Released before Live started: not "resolved since" it; the row leaves, as from a fresh audit.
    assert live.lock_row(panel, "email", "orphan@x.io") is None
    assert RESOLVED_TEXT not in " ".join(live.status_text(panel, v) for v in range(panel.model.rowCount()))
    status = panel.live_bar.status.text()
    assert " · 0 new since " in status and " · 0 resolved · " in status and "up to date" in status
    counts = panel.live.counts
    assert counts is not None and any(seeded in n for n in counts.notices)
    added_text = "1 finding added" if added == 1 else f"{added} findings added"
    assert any(f"brought up to date with the watch's starting state when Live started (writes made "
               f"after the grid's audit): {added_text}, 1 resolved." in n for n in counts.notices)

    # A write after the start is still new since Live started, and counted.
    signup(conn, table, 2, email_lock=False)
    qtbot.waitUntil(lambda: live.row_of(panel, "ACCT#2") is not None, timeout=WAIT_MS)
    assert live.status_text(panel, live.row_of(panel, "ACCT#2") or 0) == f"Missing lock · {NEW_TEXT}"
    qtbot.waitUntil(lambda: " · 1 new since " in panel.live_bar.status.text(), timeout=WAIT_MS)
    assert " · 0 resolved · " in panel.live_bar.status.text()
    live.stopped(qtbot, ctx, panel)


def test_a_replay_start_resolves_the_orphan_released_before_it(qtbot: Any, ctx: AppContext,
                                                                conn: Connection) -> None:
    """A young table: the replay reads the orphan's put and delete in one step (undone within
    the settle window, never an event); its missing lock came with the replay already."""
    table = live.create_table(conn, "start", ("PK", "SK"))
    try:
        panel = _changed_after_the_audit(qtbot, ctx, conn, table)
        _assert_in_line(qtbot, ctx, conn, panel, table, added=0, seeded="replaying it from the first record")
    finally:
        conn.client.delete_table(TableName=table)


def test_an_audit_start_adds_the_missing_lock_and_resolves_the_orphan(
        qtbot: Any, ctx: AppContext, conn: Connection, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded with an audit (as for a table older than the stream's retention): the missing
    lock is added (not marked new), the orphan resolved; in batches of one event a turn."""
    monkeypatch.setattr(seed, "WITH_TABLE_S", -1.0)  # the stream counts as enabled later: an audit
    monkeypatch.setattr(live_mode, "START_BATCH", 1)
    table = live.create_table(conn, "start", ("PK", "SK"))
    try:
        panel = _changed_after_the_audit(qtbot, ctx, conn, table)
        _assert_in_line(qtbot, ctx, conn, panel, table, added=1, seeded="Seeded with an audit")
    finally:
        conn.client.delete_table(TableName=table)


def test_live_on_a_table_not_audited_shows_the_findings_it_starts_with(
        qtbot: Any, ctx: AppContext, conn: Connection, monkeypatch: pytest.MonkeyPatch) -> None:
    """No audit shown (cancelled): the grid starts from empty rows and is given the findings
    the watch's audit starts with, none marked new."""
    monkeypatch.setattr(seed, "WITH_TABLE_S", -1.0)
    table = live.create_table(conn, "start", ("PK", "SK"))
    try:
        signup(conn, table, 3, email_lock=False)
        panel = LocksPanel(ctx)
        qtbot.addWidget(panel)
        ctx.set_table(describe_table(conn, table))
        panel.controller.cancel_audit()
        panel.model.clear()
        live.started(qtbot, panel)
        view_row = live.row_of(panel, "ACCT#3")
        assert view_row is not None and live.status_text(panel, view_row) == "Missing lock"
        row = panel.model.pair_row(view_row)
        assert row is not None and row.cells["email"].value == "user3@x.io"
        assert " · 0 new since " in panel.live_bar.status.text()
        live.stopped(qtbot, ctx, panel)
    finally:
        conn.client.delete_table(TableName=table)
