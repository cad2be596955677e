"""Live mode of the Accounts & locks tab, on moto and on DynamoDB Local over HTTP: a broken
sign-up written with boto3 shows up as a new missing lock (counted "1 new since HH:MM"),
claiming the lock resolves it, the records dialog names the write, a table without a stream
gets the UpdateTable setting and the toggle goes back off, and toggling off stops the watch; with
the locks in a table of their own, Live follows both tables' streams."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.ui.context import AppContext
from dynoview.ui.locks.live_controller import LIVE_TASK
from dynoview.ui.locks.model import NEW_TEXT, RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.helpers import connect
from tests.integration.locks_table_seed import FINDINGS, seeded_two_tables

pytestmark = pytest.mark.gui
WAIT_MS = 30_000


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def conn(endpoint_url: str) -> Connection:
    return connect(endpoint_url, name="live-test")


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(conn)
    yield context
    context.tasks.shutdown()


def _table(conn: Connection, stream: bool = True) -> str:
    name = f"live-{uuid.uuid4().hex[:8]}"
    spec: dict[str, Any] = {"StreamSpecification": {"StreamEnabled": True,
                                                    "StreamViewType": "NEW_AND_OLD_IMAGES"}} if stream else {}
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}], **spec)
    return name


def _signup(conn: Connection, table: str, n: int, *, email_lock: bool = True) -> None:
    email, handle = f"user{n}@x.io", f"user{n}"
    items = [{"PK": s(f"ACCT#{n}"), "SK": s("PROFILE"), "email": s(email), "username": s(handle)},
             {"PK": s(f"UNIQ#HANDLE#{handle}"), "SK": s("LOCK")}]
    if email_lock:
        items.append({"PK": s(f"UNIQ#EMAIL#{email}"), "SK": s("LOCK")})
    conn.client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": item, "ConditionExpression": "attribute_not_exists(PK)"}}
        for item in items])


def _open(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS):
        ctx.set_table(describe_table(conn, table))
    return panel


def _row_of(panel: LocksPanel, account: str) -> int | None:
    for view_row in range(panel.model.rowCount()):
        row = panel.model.pair_row(view_row)
        if row is not None and row.account_id == account:
            return view_row
    return None


def _status_text(panel: LocksPanel, view_row: int) -> str:
    model = panel.model
    return str(model.data(model.index(view_row, model.status_column())))


def _live_started(qtbot: Any, panel: LocksPanel) -> None:
    panel.live_toggle.click()
    assert panel.live_toggle.isChecked() and not panel.live_bar.isHidden()
    qtbot.waitUntil(lambda: panel.live.counts is not None and not panel.live.counts.seeding
                    and panel.live.counts.caught_up and panel.live.live is not None, timeout=WAIT_MS)


def test_a_broken_signup_shows_new_then_resolves(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    table = _table(conn)
    try:
        _signup(conn, table, 1)
        panel = _open(qtbot, ctx, conn, table)
        panel.show()
        assert panel.result is not None and not panel.result.findings
        _live_started(qtbot, panel)
        since = panel.live.counts.since.strftime("%H:%M")  # type: ignore[union-attr]
        assert f"0 new since {since}" in panel.live_bar.status.text()

        _signup(conn, table, 2, email_lock=False)  # the app forgot the email lock
        qtbot.waitUntil(lambda: _row_of(panel, "ACCT#2") is not None, timeout=WAIT_MS)
        view_row = _row_of(panel, "ACCT#2")
        assert view_row == 0  # problems first
        row = panel.model.pair_row(view_row)
        assert row is not None and row.cells["email"].status == MISSING_LOCK
        # Its other value comes from the stream record's image, with the lock it has.
        assert row.cells["username"].value == "user2" and row.cells["username"].status == OK
        assert _status_text(panel, view_row) == f"Missing lock · {NEW_TEXT}"
        assert panel.live_bar.status.text().startswith(f"Live · 1 new since {since} · 0 resolved")
        assert _row_of(panel, "ACCT#1") is not None  # the healthy account is still shown

        # The records dialog names the write that did it.
        panel.view.selectRow(view_row)
        assert panel.live_bar.records_button.isEnabled()
        dialog = panel.live.show_records()
        assert dialog is not None
        text = dialog.text()
        assert "APPEARED" in text and "ACCT#2" in text and "INSERT" in text
        assert "UNIQ#HANDLE#user2" in text  # the rest of the transaction: same moment
        dialog.close()

        # Claiming the lock resolves it.
        conn.client.put_item(TableName=table, Item={"PK": s("UNIQ#EMAIL#user2@x.io"), "SK": s("LOCK")},
                             ConditionExpression="attribute_not_exists(PK)")
        qtbot.waitUntil(lambda: RESOLVED_TEXT in _status_text(panel, _row_of(panel, "ACCT#2") or 0),
                        timeout=WAIT_MS)
        view_row = _row_of(panel, "ACCT#2")
        assert view_row is not None
        row = panel.model.pair_row(view_row)
        assert row is not None and row.cells["email"].status == OK
        assert _status_text(panel, view_row) == f"OK · {RESOLVED_TEXT}"
        assert "1 new since" in panel.live_bar.status.text()
        assert " · 1 resolved · " in panel.live_bar.status.text()
        assert "records read" in panel.live_bar.status.text()

        # Toggling off stops the watch and clears the marks.
        panel.live_toggle.click()
        assert not panel.live_toggle.isChecked()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running(LIVE_TASK), timeout=5000)
        assert panel.live.controller.watcher is None and panel.live_bar.isHidden()
        assert _status_text(panel, _row_of(panel, "ACCT#2") or 0) == "OK"
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
        _live_started(qtbot, panel)
        _signup(conn, table, 7, email_lock=False)
        qtbot.waitUntil(lambda: _row_of(panel, "ACCT#7") is not None, timeout=WAIT_MS)
        assert _status_text(panel, _row_of(panel, "ACCT#7") or 0) == f"Missing lock · {NEW_TEXT}"
    finally:
        conn.client.delete_table(TableName=table)


def test_no_stream_says_the_setting_and_turns_off(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    table = _table(conn, stream=False)
    try:
        panel = _open(qtbot, ctx, conn, table)
        with qtbot.waitSignal(ctx.error_raised, timeout=WAIT_MS) as raised:
            panel.live_toggle.click()
        err = raised.args[0]
        assert "has no stream" in err.message and "--stream-specification" in err.message
        assert "StreamEnabled=true" in err.message
        qtbot.waitUntil(lambda: not panel.live_toggle.isChecked(), timeout=5000)
        assert panel.live_bar.isHidden() and not ctx.tasks.is_running(LIVE_TASK)
    finally:
        conn.client.delete_table(TableName=table)


def test_a_table_change_stops_live(qtbot: Any, ctx: AppContext, conn: Connection) -> None:
    table = _table(conn)
    try:
        panel = _open(qtbot, ctx, conn, table)
        _live_started(qtbot, panel)
        ctx.set_table(None)
        assert not panel.live_toggle.isChecked() and not panel.live_toggle.isEnabled()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running(LIVE_TASK), timeout=5000)
    finally:
        conn.client.delete_table(TableName=table)


def test_live_follows_both_tables_of_a_locks_table_schema(qtbot: Any, ctx: AppContext,
                                                          conn: Connection) -> None:
    """Locks in a table of their own: Live follows both streams; a sign-up across the tables is
    no finding, one without its email marker is, and its records name each record's table."""
    streams = ("NEW_AND_OLD_IMAGES", "NEW_AND_OLD_IMAGES")
    with seeded_two_tables(conn, streams=streams) as two:
        panel = _open(qtbot, ctx, conn, two.users)
        with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS) as done:
            panel.set_schema(two.schema, save=False)
        assert {(f.status, f.rule, f.value, f.account_ids) for f in done.args[0].findings} == FINDINGS
        panel.show()
        _live_started(qtbot, panel)
        status = panel.live_bar.status.text()
        assert f"streams of {two.users} and its locks table {two.uniques}" in status
        assert " · 0 new since " in status  # the replayed past is what the audit shows

        def signup(ident: str, *, email_lock: bool) -> None:
            puts = [(two.users, {"ID": s(ident), "email": s(f"{ident}@x.io"), "username": s(ident)}),
                    (two.uniques, {"pk": s(f"username#{ident}")})]
            if email_lock:
                puts.append((two.uniques, {"pk": s(f"email#{ident}@x.io")}))
            conn.client.transact_write_items(TransactItems=[
                {"Put": {"TableName": table, "Item": item}} for table, item in puts])

        signup("eve", email_lock=True)
        signup("fay", email_lock=False)
        qtbot.waitUntil(lambda: _row_of(panel, "fay") is not None, timeout=WAIT_MS)
        view_row = _row_of(panel, "fay")
        assert view_row is not None
        row = panel.model.pair_row(view_row)
        assert row is not None and row.cells["email"].status == MISSING_LOCK
        assert _status_text(panel, view_row) == f"Missing lock · {NEW_TEXT}"
        assert "Live · 1 new since" in panel.live_bar.status.text()  # eve's whole sign-up: nothing
        assert _row_of(panel, "eve") is None  # never a finding, so never added

        panel.view.selectRow(view_row)
        dialog = panel.live.show_records()
        assert dialog is not None
        text = dialog.text()
        assert f"ID=fay in {two.users} at " in text  # the cause, from the accounts table
        assert f"pk=username#fay in {two.uniques} at " in text  # the same moment, from the locks table
        dialog.close()

        # A marker written alone in the locks table: a new orphan row, keyed as that table keys it.
        conn.client.put_item(TableName=two.uniques, Item={"pk": s("email#lonely@x.io")})
        qtbot.waitUntil(lambda: "Live · 2 new since" in panel.live_bar.status.text(), timeout=WAIT_MS)
        orphans = [r for r in panel.model.pair_rows() if r.key == {"pk": s("email#lonely@x.io")}]
        assert len(orphans) == 1 and orphans[0].status == ORPHAN_LOCK
        panel.live_toggle.click()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running(LIVE_TASK), timeout=5000)
