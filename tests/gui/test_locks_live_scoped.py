"""Live mode of the Accounts & locks tab on OneTable's scoped unique fields (``scope:
'${tenantId}'``), on moto and on DynamoDB Local over HTTP: the same email signed up in another
tenant is nothing, a lone marker is a new orphan row in its scope, and a user moved to another
tenant without its marker is a new missing marker in the new scope beside an orphan in the old
one, its record naming both scopes; the grid then shows what a fresh audit of the table shows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.ui.context import AppContext
from dynoview.ui.locks.model import NEW_TEXT
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures
from tests.gui.test_locks_scoped_window import SCHEMA
from tests.integration.test_presets_onetable_scoped import _marker_put, _user_put

pytestmark = pytest.mark.gui


@pytest.fixture
def tenants(conn: Connection) -> Iterator[str]:
    """Ada signed up whole in acme and in globex: no finding."""
    name = live.create_table(conn, "live-ots", ("pk", "sk"))
    for user_id, tenant in (("1", "acme"), ("2", "globex")):
        conn.client.transact_write_items(TransactItems=[_marker_put(name, tenant, "ada@x.io"),
                                                        _user_put(name, user_id, tenant, "ada@x.io")])
    yield name
    conn.client.delete_table(TableName=name)


def test_live_judges_each_tenant_apart(qtbot: Any, ctx: AppContext, conn: Connection, tenants: str) -> None:
    panel = live.open_panel(qtbot, ctx, conn, tenants)
    result = live.audit_with(qtbot, panel, SCHEMA)
    assert result.findings == [] and result.counts[OK] == 2
    panel.show()
    live.started(qtbot, panel)  # a schema unique per scope is watched, not refused
    assert " · 0 new since " in panel.live_bar.status.text()

    # Ada's address signed up whole in a third tenant: nothing. A marker alone: an orphan in acme.
    conn.client.transact_write_items(TransactItems=[_marker_put(tenants, "initech", "ada@x.io"),
                                                    _user_put(tenants, "3", "initech", "ada@x.io")])
    conn.client.transact_write_items(TransactItems=[_marker_put(tenants, "acme", "lone@x.io")])
    qtbot.waitUntil(lambda: live.lock_row(panel, "email", "acme#User#email#lone@x.io") is not None,
                    timeout=WAIT_MS)
    lone = live.lock_row(panel, "email", "acme#User#email#lone@x.io")
    assert lone is not None and live.status_text(panel, lone) == f"Orphan lock · {NEW_TEXT}"
    assert "Live · 1 new since" in panel.live_bar.status.text()
    assert live.row_of(panel, "user#3") is None  # never a finding, so never added

    # Ada of acme moved to beta by a plain update: her marker stays in acme.
    conn.client.update_item(TableName=tenants, Key={"pk": s("user#1"), "sk": s("user#")},
                            UpdateExpression="SET tenantId = :t", ExpressionAttributeValues={":t": s("beta")})
    qtbot.waitUntil(lambda: live.lock_row(panel, "email", "acme#User#email#ada@x.io") is not None,
                    timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "Live · 3 new since" in panel.live_bar.status.text(), timeout=WAIT_MS)
    view_row = live.row_of(panel, "user#1")
    assert view_row is not None
    row = panel.model.pair_row(view_row)
    assert row is not None and row.cells["email"].status == MISSING_LOCK
    assert row.cells["email"].value == "beta#User#email#ada@x.io"  # the form, as the audit shows it
    assert live.status_text(panel, view_row) == f"Missing lock · {NEW_TEXT}"
    left = live.lock_row(panel, "email", "acme#User#email#ada@x.io")
    assert left is not None and live.status_text(panel, left) == f"Orphan lock · {NEW_TEXT}"

    text = live.records_text(panel, view_row)
    assert "pk=user#1, sk=user#" in text and "MODIFY" in text
    assert "email: 'acme#User#email#ada@x.io' → 'beta#User#email#ada@x.io'" in text

    # What Live shows is what an audit of the table now finds.
    shown = {(r.account_id, r.cells["email"].value, r.cells["email"].status) for r in panel.model.pair_rows()
            if r.status != OK}
    live.stopped(qtbot, ctx, panel)
    assert {(f.status, f.value) for f in live.audit_with(qtbot, panel, SCHEMA).findings} == {
        (MISSING_LOCK, "beta#User#email#ada@x.io"), (ORPHAN_LOCK, "acme#User#email#ada@x.io"),
        (ORPHAN_LOCK, "acme#User#email#lone@x.io")}
    audited = {(r.account_id, r.cells["email"].value, r.cells["email"].status)
               for r in panel.model.pair_rows() if r.status != OK}
    assert shown == audited
