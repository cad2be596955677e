"""Live mode on accounts with several items (a schema whose accounts' SKs vary), on moto and on
DynamoDB Local over HTTP: deleting one item of an account changes that item's values only, so
the account's row shows what the watch's state holds (and a fresh audit shows), never the deleted
item's own "no value"."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import OK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.context import AppContext
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures

pytestmark = pytest.mark.gui

#: Every ACCT# item is an item of its account (PROFILE, ZALT, ...).
SCHEMA = dataclasses.replace(article_schema(), account_sk_value=None)


def test_deleting_one_item_keeps_the_values_of_the_others(qtbot: Any, ctx: AppContext,
                                                          conn: Connection) -> None:
    table = live.create_table(conn, "live-items", ("PK", "SK"))
    try:
        for pk, sk, email in (("ACCT#1", "PROFILE", "a@x.io"), ("ACCT#1", "ZALT", "b@x.io")):
            conn.client.put_item(TableName=table, Item={"PK": s(pk), "SK": s(sk), "email": s(email)})
        for email in ("a@x.io", "b@x.io"):
            conn.client.put_item(TableName=table, Item={"PK": s(f"UNIQ#EMAIL#{email}"), "SK": s("LOCK")})
        panel = live.open_panel(qtbot, ctx, conn, table)
        result = live.audit_with(qtbot, panel, SCHEMA)
        assert result.findings == []
        panel.show()
        live.started(qtbot, panel)

        # ZALT deleted without its lock: b@x.io is an orphan; PROFILE still holds a@x.io.
        conn.client.delete_item(TableName=table, Key={"PK": s("ACCT#1"), "SK": s("ZALT")})
        qtbot.waitUntil(lambda: "Live · 1 new since" in panel.live_bar.status.text(), timeout=WAIT_MS)
        orphan = live.lock_row(panel, "email", "b@x.io")
        assert orphan is not None
        orphan_row = panel.model.pair_row(orphan)
        assert orphan_row is not None and orphan_row.cells["email"].status == ORPHAN_LOCK
        view_row = live.row_of(panel, "ACCT#1")
        assert view_row is not None
        row = panel.model.pair_row(view_row)
        assert row is not None
        # What a fresh audit of the table shows for the account (PROFILE, its last item now).
        assert (row.cells["email"].value, row.cells["email"].status) == ("a@x.io", OK)
        assert live.lock_row(panel, "email", "a@x.io") is None  # its lock is not an orphan

        live.stopped(qtbot, ctx, panel)  # a fresh audit shows the same value
        live.audit_with(qtbot, panel, SCHEMA)
        audited = panel.model.pair_row(live.row_of(panel, "ACCT#1") or 0)
        assert audited is not None and audited.cells["email"].value == "a@x.io"
    finally:
        conn.client.delete_table(TableName=table)
