"""The Accounts & locks tab on accounts keyed by a String id and a Number sort key (``ver``; the
accounts' SKs vary), their locks in a table of their own (against moto over HTTP): each account's
row carries its whole key, the SK a Number, for the row actions (open, edit, repair). It carried
the SK as a String (``{"S": "1"}``), a key no item has, since the audit's page classifier read
String sort keys only.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.ui.context import AppContext
from dynoview.ui.locks.model import COL_ACCOUNT, KeyRole
from dynoview.ui.locks.panel import LocksPanel
from tests.integration.test_repair_number_sort_key import number_sort_key_tables

pytestmark = pytest.mark.gui


def test_an_accounts_row_has_its_number_sort_key(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
                                                 demo_conn: Connection) -> None:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    try:
        with number_sort_key_tables(demo_conn) as t:
            panel = LocksPanel(ctx)
            qtbot.addWidget(panel)
            with qtbot.waitSignal(panel.audit_finished, timeout=20000):
                ctx.set_table(describe_table(demo_conn, t.users))
            with qtbot.waitSignal(panel.audit_finished, timeout=20000) as done:
                panel.set_schema(t.schema, save=False)
            assert done.args[0].fast_parse  # the window's path: pages classified from their bytes
            model = panel.model
            keys = {}
            for view_row in range(model.rowCount()):
                row = model.pair_row(view_row)
                if row is not None and row.kind == "account":
                    keys[row.account_id] = model.index(view_row, COL_ACCOUNT).data(KeyRole)
                    assert row.key == keys[row.account_id]
            assert keys == {"U#u1": {"id": {"S": "U#u1"}, "ver": {"N": "1"}},
                            "U#u2": {"id": {"S": "U#u2"}, "ver": {"N": "1"}}}
            u2 = model.pair_row_of_account("U#u2")
            assert u2 is not None and u2.cells["email"].status == MISSING_LOCK
            missing = u2.cells["email"].finding
            assert missing is not None and missing.account_keys == (keys["U#u2"],)
    finally:
        ctx.tasks.shutdown()
