"""Live mode of the Accounts & locks tab on OneTable's scoped unique fields (``scope:
'${tenantId}'``) whose markers live in a locks table of their own, on moto and on DynamoDB Local
over HTTP: Live follows both tables' streams, so a marker written alone to the locks table is a
new orphan row in its scope, deleting it takes that row's finding away, a marker deleted from
the locks table is a new missing marker for its account (in that account's scope only) and
writing it back resolves it; the grid then shows what a fresh audit of the two tables shows."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LocksTable, UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.locks.model import NEW_TEXT, RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures
from tests.gui.test_locks_scoped_window import SCHEMA
from tests.integration.test_presets_onetable_scoped import _marker_put, _user_put

pytestmark = pytest.mark.gui


@dataclasses.dataclass(frozen=True)
class ScopedTables:
    users: str
    uniques: str
    schema: UniquenessSchema

    def marker_key(self, tenant: str, email: str) -> dict[str, dict[str, str]]:
        return {"pk": s(f"_unique#{tenant}#User#email#{email}"), "sk": s("_unique#")}


@pytest.fixture
def scoped(conn: Connection) -> Iterator[ScopedTables]:
    """Ada signed up whole in acme and in globex, each user in ``users`` and each marker in
    ``uniques`` (one transaction across the two tables): no finding."""
    users = live.create_table(conn, "live-ots-users", ("pk", "sk"))
    uniques = live.create_table(conn, "live-ots-uniques", ("pk", "sk"))
    try:
        for user_id, tenant in (("1", "acme"), ("2", "globex")):
            conn.client.transact_write_items(TransactItems=[
                _marker_put(uniques, tenant, "ada@x.io"), _user_put(users, user_id, tenant, "ada@x.io")])
        yield ScopedTables(users, uniques, dataclasses.replace(
            SCHEMA, locks=LocksTable(uniques, "pk", "sk", users)))
    finally:
        conn.client.delete_table(TableName=users)
        conn.client.delete_table(TableName=uniques)


def _new_count(panel: LocksPanel, n: int) -> bool:
    return f"Live · {n} new since" in panel.live_bar.status.text()


def test_live_follows_the_locks_table_of_a_scoped_schema(qtbot: Any, ctx: AppContext, conn: Connection,
                                                         scoped: ScopedTables) -> None:
    panel = live.open_panel(qtbot, ctx, conn, scoped.users)
    result = live.audit_with(qtbot, panel, scoped.schema)
    assert result.findings == [] and result.counts[OK] == 2
    panel.show()
    live.started(qtbot, panel)
    status = panel.live_bar.status.text()
    assert f"streams of {scoped.users} and its locks table {scoped.uniques}" in status
    assert " · 0 new since " in status  # the replayed past is what the audit shows

    # A marker written alone to the locks table: a new orphan row in its scope, keyed as that
    # table keys it.
    lone = scoped.marker_key("acme", "lone@x.io")
    conn.client.put_item(TableName=scoped.uniques, Item={**lone, "_type": s("_Unique")})
    qtbot.waitUntil(lambda: live.lock_row(panel, "email", "acme#User#email#lone@x.io") is not None,
                    timeout=WAIT_MS)
    view_row = live.lock_row(panel, "email", "acme#User#email#lone@x.io")
    assert view_row is not None and live.status_text(panel, view_row) == f"Orphan lock · {NEW_TEXT}"
    row = panel.model.pair_row(view_row)
    assert row is not None and row.key == lone and row.status == ORPHAN_LOCK
    assert _new_count(panel, 1)
    text = live.records_text(panel, view_row)
    assert f"pk=_unique#acme#User#email#lone@x.io, sk=_unique# in {scoped.uniques} at " in text

    # Deleted from the locks table: the orphan is gone (its row stays, marked resolved).
    conn.client.delete_item(TableName=scoped.uniques, Key=lone)
    qtbot.waitUntil(lambda: " · 1 resolved · " in panel.live_bar.status.text(), timeout=WAIT_MS)
    view_row = live.lock_row(panel, "email", "acme#User#email#lone@x.io")
    assert view_row is not None and live.status_text(panel, view_row) == f"OK · {RESOLVED_TEXT}"

    # Ada's globex marker deleted from the locks table: her globex account misses it; her acme
    # account, the same address in another scope, is untouched.
    globex = scoped.marker_key("globex", "ada@x.io")
    conn.client.delete_item(TableName=scoped.uniques, Key=globex)
    qtbot.waitUntil(lambda: live.row_of(panel, "user#2") is not None and _new_count(panel, 2),
                    timeout=WAIT_MS)
    view_row = live.row_of(panel, "user#2")
    assert view_row is not None
    row = panel.model.pair_row(view_row)
    assert row is not None and row.cells["email"].status == MISSING_LOCK
    assert row.cells["email"].value == "globex#User#email#ada@x.io"
    assert live.status_text(panel, view_row) == f"Missing lock · {NEW_TEXT}"
    acme = live.row_of(panel, "user#1")
    assert acme is not None and live.status_text(panel, acme) == "OK"
    text = live.records_text(panel, view_row)
    assert f"pk=_unique#globex#User#email#ada@x.io, sk=_unique# in {scoped.uniques} at " in text

    # Written back to the locks table: resolved.
    conn.client.transact_write_items(TransactItems=[_marker_put(scoped.uniques, "globex", "ada@x.io")])
    qtbot.waitUntil(lambda: RESOLVED_TEXT in live.status_text(panel, live.row_of(panel, "user#2") or 0),
                    timeout=WAIT_MS)
    view_row = live.row_of(panel, "user#2")
    assert view_row is not None and live.status_text(panel, view_row) == f"OK · {RESOLVED_TEXT}"
    assert " · 2 resolved · " in panel.live_bar.status.text()

    # What Live shows is what an audit of the two tables now finds: nothing.
    shown = [r for r in panel.model.pair_rows() if r.status != OK]
    live.stopped(qtbot, ctx, panel)
    assert shown == [] and live.audit_with(qtbot, panel, scoped.schema).findings == []
