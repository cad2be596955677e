"""Live mode of the Accounts & locks tab on OneTable's scoped unique fields (``scope:
'${tenantId}'``), on moto and on DynamoDB Local over HTTP: the same email signed up in another
tenant is nothing, a lone marker is a new orphan row in its scope, and a user moved to another
tenant without its marker is a new missing marker in the new scope beside an orphan in the old
one, its record naming both scopes; the grid then shows what a fresh audit of the table shows."""

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
from dynoview.ui.locks.model import NEW_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui.test_locks_live import WAIT_MS, _live_started, _row_of, _status_text
from tests.gui.test_locks_scoped_window import SCHEMA
from tests.helpers import connect
from tests.integration.test_presets_onetable_scoped import _marker_put, _user_put

pytestmark = pytest.mark.gui


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def conn(endpoint_url: str) -> Connection:
    return connect(endpoint_url, name="live-scoped-test")


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(conn)
    yield context
    context.tasks.shutdown()


@pytest.fixture
def tenants(conn: Connection) -> Iterator[str]:
    """Ada signed up whole in acme and in globex: no finding."""
    name = f"live-ots-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    for user_id, tenant in (("1", "acme"), ("2", "globex")):
        conn.client.transact_write_items(TransactItems=[_marker_put(name, tenant, "ada@x.io"),
                                                        _user_put(name, user_id, tenant, "ada@x.io")])
    yield name
    conn.client.delete_table(TableName=name)


def _lock_row(panel: LocksPanel, value: str) -> int | None:
    for view_row in range(panel.model.rowCount()):
        row = panel.model.pair_row(view_row)
        if row is not None and row.kind == "lock" and row.cells["email"].value == value:
            return view_row
    return None


def test_live_judges_each_tenant_apart(qtbot: Any, ctx: AppContext, conn: Connection, tenants: str) -> None:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS):
        ctx.set_table(describe_table(conn, tenants))
    with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS) as done:
        panel.set_schema(SCHEMA, save=False)
    assert done.args[0].findings == [] and done.args[0].counts[OK] == 2
    panel.show()
    _live_started(qtbot, panel)  # a schema unique per scope is watched, not refused
    assert " · 0 new since " in panel.live_bar.status.text()

    # Ada's address signed up whole in a third tenant: nothing. A marker alone: an orphan in acme.
    conn.client.transact_write_items(TransactItems=[_marker_put(tenants, "initech", "ada@x.io"),
                                                    _user_put(tenants, "3", "initech", "ada@x.io")])
    conn.client.transact_write_items(TransactItems=[_marker_put(tenants, "acme", "lone@x.io")])
    qtbot.waitUntil(lambda: _lock_row(panel, "acme#User#email#lone@x.io") is not None, timeout=WAIT_MS)
    lone = _lock_row(panel, "acme#User#email#lone@x.io")
    assert lone is not None and _status_text(panel, lone) == f"Orphan lock · {NEW_TEXT}"
    assert "Live · 1 new since" in panel.live_bar.status.text()
    assert _row_of(panel, "user#3") is None  # never a finding, so never added

    # Ada of acme moved to beta by a plain update: her marker stays in acme.
    conn.client.update_item(TableName=tenants, Key={"pk": s("user#1"), "sk": s("user#")},
                            UpdateExpression="SET tenantId = :t", ExpressionAttributeValues={":t": s("beta")})
    qtbot.waitUntil(lambda: _lock_row(panel, "acme#User#email#ada@x.io") is not None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "Live · 3 new since" in panel.live_bar.status.text(), timeout=WAIT_MS)
    view_row = _row_of(panel, "user#1")
    assert view_row is not None
    row = panel.model.pair_row(view_row)
    assert row is not None and row.cells["email"].status == MISSING_LOCK
    assert row.cells["email"].value == "beta#User#email#ada@x.io"  # the form, as the audit shows it
    assert _status_text(panel, view_row) == f"Missing lock · {NEW_TEXT}"
    left = _lock_row(panel, "acme#User#email#ada@x.io")
    assert left is not None and _status_text(panel, left) == f"Orphan lock · {NEW_TEXT}"

    panel.view.selectRow(view_row)
    dialog = panel.live.show_records()
    assert dialog is not None
    text = dialog.text()
    assert "pk=user#1, sk=user#" in text and "MODIFY" in text
    assert "email: 'acme#User#email#ada@x.io' → 'beta#User#email#ada@x.io'" in text
    dialog.close()

    # What Live shows is what an audit of the table now finds.
    live = {(r.account_id, r.cells["email"].value, r.cells["email"].status) for r in panel.model.pair_rows()
            if r.status != OK}
    panel.live_toggle.click()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(LIVE_TASK), timeout=5000)
    with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS) as done:
        panel.set_schema(SCHEMA, save=False)
    assert {(f.status, f.value) for f in done.args[0].findings} == {
        (MISSING_LOCK, "beta#User#email#ada@x.io"), (ORPHAN_LOCK, "acme#User#email#ada@x.io"),
        (ORPHAN_LOCK, "acme#User#email#lone@x.io")}
    audited = {(r.account_id, r.cells["email"].value, r.cells["email"].status)
               for r in panel.model.pair_rows() if r.status != OK}
    assert live == audited
