"""Live mode of the Accounts & locks tab, on moto and on DynamoDB Local over HTTP: a broken
sign-up written with boto3 shows up as a new missing lock (counted "1 new since HH:MM"),
claiming the lock resolves it, the records dialog names the write, a table without a stream
gets the UpdateTable setting and the toggle goes back off, and toggling off stops the watch; with
the locks in a table of their own, Live follows both tables' streams."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.ui.context import AppContext
from dynoview.ui.locks.live_controller import LIVE_TASK
from dynoview.ui.locks.model import NEW_TEXT, RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import NEW_AND_OLD, WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures
from tests.integration.locks_table_seed import FINDINGS, seeded_two_tables
from tests.integration.test_cli_watch import signup  # the article's sign-up, or broken

pytestmark = pytest.mark.gui


def _table(conn: Connection, stream: bool = True) -> str:
    return live.create_table(conn, "live", ("PK", "SK"), stream=stream)


def test_a_broken_signup_shows_new_then_resolves(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    table = _table(conn)
    try:
        signup(conn, table, 1)
        panel = live.open_panel(qtbot, ctx, conn, table)
        panel.show()
        assert panel.result is not None and not panel.result.findings
        live.started(qtbot, panel)
        since = panel.live.counts.since.strftime("%H:%M")  # type: ignore[union-attr]
        assert f"0 new since {since}" in panel.live_bar.status.text()

        signup(conn, table, 2, email_lock=False)  # the app forgot the email lock
        qtbot.waitUntil(lambda: live.row_of(panel, "ACCT#2") is not None, timeout=WAIT_MS)
        view_row = live.row_of(panel, "ACCT#2")
        assert view_row == 0  # problems first
        row = panel.model.pair_row(view_row)
        assert row is not None and row.cells["email"].status == MISSING_LOCK
        # Its other value comes from the stream record's image, with the lock it has.
        assert row.cells["username"].value == "user2" and row.cells["username"].status == OK
        assert live.status_text(panel, view_row) == f"Missing lock · {NEW_TEXT}"
        assert panel.live_bar.status.text().startswith(f"Live · 1 new since {since} · 0 resolved")
        assert live.row_of(panel, "ACCT#1") is not None  # the healthy account is still shown

        # The records dialog names the write that did it.
        text = live.records_text(panel, view_row)
        assert "APPEARED" in text and "ACCT#2" in text and "INSERT" in text
        assert "UNIQ#HANDLE#user2" in text  # the rest of the transaction: same moment

        # Claiming the lock resolves it.
        conn.client.put_item(TableName=table, Item={"PK": s("UNIQ#EMAIL#user2@x.io"), "SK": s("LOCK")},
                             ConditionExpression="attribute_not_exists(PK)")
        qtbot.waitUntil(lambda: RESOLVED_TEXT in live.status_text(panel, live.row_of(panel, "ACCT#2") or 0),
                        timeout=WAIT_MS)
        view_row = live.row_of(panel, "ACCT#2")
        assert view_row is not None
        row = panel.model.pair_row(view_row)
        assert row is not None and row.cells["email"].status == OK
        assert live.status_text(panel, view_row) == f"OK · {RESOLVED_TEXT}"
        assert "1 new since" in panel.live_bar.status.text()
        assert " · 1 resolved · " in panel.live_bar.status.text()
        assert "records read" in panel.live_bar.status.text()

        # Toggling off stops the watch and clears the marks.
        live.stopped(qtbot, ctx, panel)
        assert panel.live.controller.watcher is None and panel.live_bar.isHidden()
        assert live.status_text(panel, live.row_of(panel, "ACCT#2") or 0) == "OK"
    finally:
        conn.client.delete_table(TableName=table)


def test_live_without_an_audit_adds_the_rows(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    """A table not audited yet: Live starts from empty rows and adds the finding's row."""
    table = _table(conn)
    try:
        panel = LocksPanel(ctx)
        qtbot.addWidget(panel)
        ctx.set_table(describe_table(conn, table))
        panel.controller.cancel_audit()
        panel.model.clear()
        live.started(qtbot, panel)
        signup(conn, table, 7, email_lock=False)
        qtbot.waitUntil(lambda: live.row_of(panel, "ACCT#7") is not None, timeout=WAIT_MS)
        assert live.status_text(panel, live.row_of(panel, "ACCT#7") or 0) == f"Missing lock · {NEW_TEXT}"
    finally:
        conn.client.delete_table(TableName=table)


def test_no_stream_says_the_setting_and_turns_off(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    table = _table(conn, stream=False)
    try:
        panel = live.open_panel(qtbot, ctx, conn, table)
        with qtbot.waitSignal(ctx.error_raised, timeout=WAIT_MS) as raised:
            panel.live_toggle.click()
        err = raised.args[0]
        assert "has no stream" in err.message and "--stream-specification" in err.message
        assert "StreamEnabled=true" in err.message
        qtbot.waitUntil(lambda: not panel.live_toggle.isChecked(), timeout=5000)
        assert panel.live_bar.isHidden() and not ctx.tasks.is_running(LIVE_TASK)
    finally:
        conn.client.delete_table(TableName=table)


def test_a_stream_that_ends_turns_live_off_and_says_why(qtbot: Any, ctx: AppContext,
                                                         conn: Connection) -> None:
    """The stream was disabled or replaced: nothing more will come. Live kept saying 'up to
    date' with the toggle on; it goes off and the status bar says why."""
    from dynoview.core.watch.watcher import WatchStep

    table = _table(conn)
    try:
        panel = live.open_panel(qtbot, ctx, conn, table)
        live.started(qtbot, panel)
        ended = "Every shard being read is closed and read to its end: no new records will arrive."
        with qtbot.waitSignal(ctx.status_message, timeout=5000) as said:
            panel.live.controller.stepped.emit(WatchStep(caught_up=True, finished=True, notices=[ended]))
        assert said.args[0] == f"Live mode stopped: {ended}"
        assert not panel.live_toggle.isChecked() and panel.live_bar.isHidden()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running(LIVE_TASK), timeout=5000)
    finally:
        conn.client.delete_table(TableName=table)


def test_a_failed_stream_read_is_named_after_its_call(qtbot: Any, ctx: AppContext,
                                                      conn: Connection) -> None:
    """A step's GetRecords that fails is said as GetRecords (it was called a DescribeTable)."""
    from botocore.exceptions import ClientError

    table = _table(conn)
    try:
        panel = live.open_panel(qtbot, ctx, conn, table)
        live.started(qtbot, panel)
        refused = ClientError({"Error": {"Code": "AccessDeniedException",
                                         "Message": "not allowed to read the stream"}}, "GetRecords")
        with qtbot.waitSignal(ctx.error_raised, timeout=5000) as raised:
            panel.live.controller.failed.emit(refused)
        assert "GetRecords" in raised.args[0].message and "DescribeTable" not in raised.args[0].message
        assert not panel.live_toggle.isChecked()
    finally:
        conn.client.delete_table(TableName=table)


def test_a_table_change_stops_live(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    table = _table(conn)
    try:
        panel = live.open_panel(qtbot, ctx, conn, table)
        live.started(qtbot, panel)
        ctx.set_table(None)
        assert not panel.live_toggle.isChecked() and not panel.live_toggle.isEnabled()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running(LIVE_TASK), timeout=5000)
    finally:
        conn.client.delete_table(TableName=table)


def test_live_follows_both_tables_of_a_locks_table_schema(qtbot: Any, ctx: AppContext,
                                                          conn: Connection) -> None:
    """Locks in a table of their own: Live follows both streams; a sign-up across the tables is
    no finding, one without its email marker is, and its records name each record's table."""
    streams = (NEW_AND_OLD, NEW_AND_OLD)
    with seeded_two_tables(conn, streams=streams) as two:
        panel = live.open_panel(qtbot, ctx, conn, two.users)
        result = live.audit_with(qtbot, panel, two.schema)
        assert {(f.status, f.rule, f.value, f.account_ids) for f in result.findings} == FINDINGS
        panel.show()
        live.started(qtbot, panel)
        status = panel.live_bar.status.text()
        assert f"streams of {two.users} and its locks table {two.uniques}" in status
        assert " · 0 new since " in status  # the replayed past is what the audit shows

        def signup_across(ident: str, *, email_lock: bool) -> None:
            puts = [(two.users, {"ID": s(ident), "email": s(f"{ident}@x.io"), "username": s(ident)}),
                    (two.uniques, {"pk": s(f"username#{ident}")})]
            if email_lock:
                puts.append((two.uniques, {"pk": s(f"email#{ident}@x.io")}))
            conn.client.transact_write_items(TransactItems=[
                {"Put": {"TableName": table, "Item": item}} for table, item in puts])

        signup_across("eve", email_lock=True)
        signup_across("fay", email_lock=False)
        qtbot.waitUntil(lambda: live.row_of(panel, "fay") is not None, timeout=WAIT_MS)
        view_row = live.row_of(panel, "fay")
        assert view_row is not None
        row = panel.model.pair_row(view_row)
        assert row is not None and row.cells["email"].status == MISSING_LOCK
        assert live.status_text(panel, view_row) == f"Missing lock · {NEW_TEXT}"
        assert "Live · 1 new since" in panel.live_bar.status.text()  # eve's whole sign-up: nothing
        assert live.row_of(panel, "eve") is None  # never a finding, so never added

        text = live.records_text(panel, view_row)
        assert f"ID=fay in {two.users} at " in text  # the cause, from the accounts table
        assert f"pk=username#fay in {two.uniques} at " in text  # the same moment, from the locks table

        # A marker written alone in the locks table: a new orphan row, keyed as that table keys it.
        conn.client.put_item(TableName=two.uniques, Item={"pk": s("email#lonely@x.io")})
        qtbot.waitUntil(lambda: "Live · 2 new since" in panel.live_bar.status.text(), timeout=WAIT_MS)
        orphans = [r for r in panel.model.pair_rows() if r.key == {"pk": s("email#lonely@x.io")}]
        assert len(orphans) == 1 and orphans[0].status == ORPHAN_LOCK
        live.stopped(qtbot, ctx, panel)
