"""Locks kept in a table of their own, in the window: the schema dialog's "Locks table" field,
and the Accounts & locks tab's audit of the two tables (against moto over HTTP)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LocksTable, article_schema
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.locks.schema_dialog import SchemaDialog
from tests.integration.locks_table_seed import FINDINGS, seeded_two_tables

pytestmark = pytest.mark.gui


def test_locks_table_field_sets_and_clears_the_locks_table(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    assert dialog.locks_table.text() == ""
    dialog.locks_table.setText(" uniques ")
    schema = dialog.validate()
    assert schema is not None and schema.locks == LocksTable("uniques", "PK", "SK")
    # Key names typed in the JSON are kept; the field names the table.
    data = json.loads(dialog.editor.toPlainText())
    data["locks_table"] = {"name": "old", "pk_name": "pk", "sk_name": None}
    dialog.editor.setPlainText(json.dumps(data))
    schema = dialog.validate()
    assert schema is not None and schema.locks == LocksTable("uniques", "pk", None)
    dialog.locks_table.clear()
    schema = dialog.validate()
    assert schema is not None and schema.locks is None


def test_locks_table_field_shows_the_schemas_and_its_errors(qtbot: Any) -> None:
    start = article_schema()
    start = start.__class__(**{**start.__dict__, "locks": LocksTable("uniques", "pk", None)})
    dialog = SchemaDialog(start)
    qtbot.addWidget(dialog)
    assert dialog.locks_table.text() == "uniques"
    data = json.loads(dialog.editor.toPlainText())
    data["locks_table"]["shard"] = 1
    dialog.editor.setPlainText(json.dumps(data))
    assert dialog.validate() is None
    assert "locks_table.shard" in dialog.error.text()


def test_accounts_and_locks_tab_pairs_the_two_tables(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
                                                     demo_conn: Connection) -> None:
    # The window's audit path (run_schema_audit, rows built off the UI thread) on two real tables.
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    try:
        with seeded_two_tables(demo_conn) as two:
            panel = LocksPanel(ctx)
            qtbot.addWidget(panel)
            with qtbot.waitSignal(panel.audit_finished, timeout=20000):
                ctx.set_table(describe_table(demo_conn, two.users))
            with qtbot.waitSignal(panel.audit_finished, timeout=20000) as done:
                panel.set_schema(two.schema, save=False)
            result = done.args[0]
            assert {(f.status, f.rule, f.value, f.account_ids) for f in result.findings} == FINDINGS
            rows = {r.account_id or r.cells[next(iter(r.cells))].value: r for r in panel.model.pair_rows()}
            assert rows["ghost@x.io"].status == ORPHAN_LOCK
            assert rows["ghost@x.io"].key == {"pk": {"S": "email#ghost@x.io"}}
            assert rows["bob"].cells["email"].status == MISSING_LOCK
            assert rows["ada"].cells["email"].lock_key == {"pk": {"S": "email#ada@x.io"}}
            assert "Orphan lock: 1" in panel.counts_label.text()
            assert "Missing lock: 1" in panel.counts_label.text()
    finally:
        ctx.tasks.shutdown()
