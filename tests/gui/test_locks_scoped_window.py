"""OneTable's scoped unique fields in the window: the Accounts & locks tab audits a table
written in that layout through the one engine (each account paired with its own tenant's
marker), and the diagnose box answers for a value written SCOPE#VALUE (against moto over HTTP)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.presets import PRESET_ONETABLE_SCOPED, get_preset
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from tests.integration.test_presets_onetable_scoped import _marker_put, _user_put

pytestmark = pytest.mark.gui

SCHEMA = get_preset(PRESET_ONETABLE_SCOPED).build(
    "pk", "sk", entity="User", attributes=("email",), account_pk_prefix="user#",
    account_sk_value="user#", context=("email=${tenantId}",))


@pytest.fixture
def tenants(demo_conn: Connection) -> Iterator[str]:
    """Ada in two tenants (two OKs), bob twice in acme (a duplicate), a stuck signup in globex
    and a user without a marker."""
    name = f"gui-ots-{uuid.uuid4().hex[:8]}"
    client = demo_conn.client
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    for user_id, tenant, email in (("1", "acme", "ada@x.io"), ("2", "globex", "ada@x.io"),
                                   ("3", "acme", "bob@x.io")):
        client.transact_write_items(TransactItems=[_marker_put(name, tenant, email),
                                                   _user_put(name, user_id, tenant, email)])
    client.transact_write_items(TransactItems=[_marker_put(name, "globex", "stuck@x.io")])
    client.put_item(**_user_put(name, "4", "acme", "bob@x.io")["Put"])
    client.put_item(**_user_put(name, "5", "globex", "cy@x.io")["Put"])
    yield name
    client.delete_table(TableName=name)


def test_accounts_and_locks_tab_pairs_each_tenant_apart(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
                                                        demo_conn: Connection, tenants: str) -> None:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    try:
        panel = LocksPanel(ctx)
        qtbot.addWidget(panel)
        with qtbot.waitSignal(panel.audit_finished, timeout=20000):
            ctx.set_table(describe_table(demo_conn, tenants))
        with qtbot.waitSignal(panel.audit_finished, timeout=20000) as done:
            panel.set_schema(SCHEMA, save=False)
        result = done.args[0]
        assert [(f.status, f.value, f.account_ids) for f in result.findings] == [
            (DUPLICATE_VALUE, "acme#User#email#bob@x.io", ("user#3", "user#4")),
            (MISSING_LOCK, "globex#User#email#cy@x.io", ("user#5",)),
            (ORPHAN_LOCK, "globex#User#email#stuck@x.io", ())]
        assert result.counts[OK] == 2  # ada@x.io in acme and in globex
        rows = {r.account_id or r.cells["email"].value: r for r in panel.model.pair_rows()}
        assert rows["user#1"].cells["email"].status == OK
        assert rows["user#2"].cells["email"].lock_key == {
            "pk": {"S": "_unique#globex#User#email#ada@x.io"}, "sk": {"S": "_unique#"}}
        assert rows["globex#User#email#stuck@x.io"].status == ORPHAN_LOCK
        assert "Duplicate value: 1" in panel.counts_label.text()

        # The diagnose box: a value written SCOPE#VALUE is diagnosed in that scope.
        panel.rule_picker.setCurrentText("email")
        panel.value_edit.setText("globex#stuck@x.io")
        with qtbot.waitSignal(panel.diagnosis_finished, timeout=10000) as blocker:
            panel.diagnose_button.click()
        assert blocker.args[0].status == ORPHAN_LOCK
        text = panel.diagnosis_view.toPlainText()
        assert "globex#User#email#stuck@x.io is locked, and no account uses it" in text
        assert "Lock: pk=_unique#globex#User#email#stuck@x.io, sk=_unique#" in text
        panel.value_edit.setText("ada@x.io")  # no scope: said at the field, nothing read
        panel.diagnose_button.click()
        qtbot.waitUntil(lambda: "unique per scope (${tenantId}): say which scope" in
                        panel.diagnosis_view.toPlainText(), timeout=10000)
    finally:
        ctx.tasks.shutdown()
