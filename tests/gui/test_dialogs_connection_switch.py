"""Dialogs that read or write a table work on the connection they opened on.

The window's connection changes while Repair all…, Import…, Export… or Copy to table… is open
(File → Connect…, a connect that was pending): a dialog that has not started writing says so in
its own status line and turns its action off, never writing to (or reading) the new connection's
table of the same name; a run already under way goes on on the connection it started on.

Two connections to one moto endpoint in two regions (moto keeps each region's tables apart): the
same table name on both, so a write that goes to the wrong one is seen by reading both.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.audit.run import run_audit
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.model import Transaction
from dynoview.demo.backend import create_accounts_table
from dynoview.ui.context import AppContext
from dynoview.ui.locks.repair_controller import REPAIR_TASK
from dynoview.ui.locks.repair_dialog import RepairDialog, open_repair_dialog
from dynoview.ui.transfer.copy_dialog import CopyItemsDialog
from dynoview.ui.transfer.export_dialog import ExportDialog
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import FAKE_KEYS, account_key, connect, lock_key, s

pytestmark = pytest.mark.gui

ORPHANS = ("ken@x.io", "rob@x.io")


@dataclass
class Two:
    """The window's context on A; B holds a table of the same name, in another region."""

    ctx: AppContext
    a: Connection
    b: Connection
    table: str

    def switch_to_b(self) -> None:
        """As the window does when File → Connect… to B completes (``MainWindow._connected``)."""
        self.ctx.set_connection(self.b)
        self.ctx.set_table(describe_table(self.b, self.table))

    def has(self, conn: Connection, key: dict[str, Any]) -> bool:
        return "Item" in conn.client.get_item(TableName=self.table, Key=key, ConsistentRead=True)

    def count(self, conn: Connection) -> int:
        return int(conn.client.scan(TableName=self.table, ConsistentRead=True)["Count"])


@pytest.fixture
def two(qasync_loop: asyncio.AbstractEventLoop, moto_endpoint: str) -> Iterator[Two]:
    a = connect(moto_endpoint, name="conn-A")
    b = Connection(ConnectionSpec(name="conn-B", endpoint_url=moto_endpoint, region="eu-west-1"),
                   credentials=FAKE_KEYS)
    table = f"accounts-{uuid.uuid4().hex[:8]}"
    for conn in (a, b):
        create_accounts_table(conn, table)
    ctx = AppContext()
    ctx.set_connection(a)
    ctx.set_table(describe_table(a, table))
    try:
        yield Two(ctx, a, b, table)
    finally:
        ctx.tasks.shutdown()
        for conn in (a, b):
            conn.client.delete_table(TableName=table)


def _orphans(two: Two) -> None:
    """A stuck signup (a lock, no account) for each of ORPHANS, on both connections."""
    for conn in (two.a, two.b):
        for email in ORPHANS:
            conn.client.put_item(TableName=two.table, Item=lock_key("EMAIL", email))


def _repair(qtbot: Any, two: Two, tmp_path: Path) -> RepairDialog:
    ctx = two.ctx
    assert ctx.reader is not None and ctx.table is not None
    audit = run_audit(ctx.reader, ctx.table, ctx.schema, segments=1, consistent=True)
    dialog = open_repair_dialog(None, ctx, audit, ctx.schema)
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.log = ActionLog(tmp_path / "actions.jsonl")
    return dialog


def test_repair_opened_on_a_writes_nothing_to_b_after_the_switch(qtbot: Any, two: Two,
                                                                 tmp_path: Path) -> None:
    _orphans(two)
    dialog = _repair(qtbot, two, tmp_path)
    assert "on conn-A" in dialog.plan_label.text() and dialog.start_button.isEnabled()

    two.switch_to_b()
    status = dialog.status_label.text()
    print("status after the switch:", status, "| Start enabled:", dialog.start_button.isEnabled())
    assert "now connected to conn-B" in status and "opened on conn-A" in status, status
    assert "close it and open it again to work on conn-B" in status
    assert not dialog.start_button.isEnabled()
    assert "on conn-A" in dialog.plan_label.text()  # it still names where it works

    dialog.start()  # Space on a button turned off, a shortcut: refused all the same
    qtbot.wait(300)
    assert not dialog.running and not two.ctx.tasks.is_running(REPAIR_TASK)
    kept = {email: (two.has(two.a, lock_key("EMAIL", email)), two.has(two.b, lock_key("EMAIL", email)))
            for email in ORPHANS}
    print("locks kept (on A, on B):", kept)
    assert kept == {email: (True, True) for email in ORPHANS}
    assert dialog.log.entries() == []
    assert "opened on conn-A" in dialog.status_label.text()


def test_a_repair_under_way_goes_on_on_its_own_connection(qtbot: Any, two: Two,
                                                         tmp_path: Path) -> None:
    _orphans(two)
    dialog = _repair(qtbot, two, tmp_path)
    dialog.rate.setValue(2.0)  # half a second between findings: the switch lands mid-run
    with qtbot.waitSignal(dialog.run_finished, timeout=30000):
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        assert dialog.running
        two.switch_to_b()
        assert "This run goes on on conn-A" in dialog.status_label.text()
        assert not dialog.start_button.isEnabled()
    # Released on A, where it was planned and confirmed; B's locks untouched.
    assert [two.has(two.a, lock_key("EMAIL", e)) for e in ORPHANS] == [False, False]
    assert [two.has(two.b, lock_key("EMAIL", e)) for e in ORPHANS] == [True, True]
    status = dialog.status_label.text()
    assert "2 applied" in status and "opened on conn-A" in status, status
    assert not dialog.start_button.isEnabled()


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "items.jsonl"
    path.write_text(render([{"PK": s(f"DOC#{n}"), "SK": s("DOC")} for n in range(3)], DDB_JSON))
    return path


def _previewed(qtbot: Any, two: Two, tmp_path: Path) -> ImportDialog:
    assert two.ctx.table is not None
    dialog = ImportDialog(two.ctx, two.ctx.table)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(_file(tmp_path)))
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    return dialog


def test_import_previewed_on_a_writes_nothing_to_b_after_the_switch(qtbot: Any, two: Two,
                                                                   tmp_path: Path) -> None:
    dialog = _previewed(qtbot, two, tmp_path)
    assert "on conn-A" in dialog.target_label.text()  # the dialog names where it imports
    assert dialog.import_button.isEnabled()

    two.switch_to_b()
    summary = dialog.summary_label.text()
    print("summary after the switch:", summary, "| Import enabled:", dialog.import_button.isEnabled())
    assert "now connected to conn-B" in summary and "opened on conn-A" in summary, summary
    assert not dialog.import_button.isEnabled() and not dialog.preview_button.isEnabled()

    dialog._import()  # as the button would: refused, said again
    assert not dialog.controller.running
    qtbot.wait(300)
    print("items (on A, on B):", two.count(two.a), two.count(two.b))
    assert (two.count(two.a), two.count(two.b)) == (0, 0)
    assert "opened on conn-A" in dialog.summary_label.text()


def test_an_import_under_way_goes_on_on_its_own_connection(qtbot: Any, two: Two,
                                                          tmp_path: Path) -> None:
    dialog = _previewed(qtbot, two, tmp_path)
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
        two.switch_to_b()
        assert "This run goes on on conn-A" in dialog.summary_label.text()
    assert done.args[0] is not None and done.args[0].items == 3
    assert (two.count(two.a), two.count(two.b)) == (3, 0)
    summary = dialog.summary_label.text()
    assert "(on conn-A" in summary and "opened on conn-A" in summary, summary
    assert not dialog.import_button.isEnabled()


def test_export_of_the_whole_table_is_not_read_from_b(qtbot: Any, two: Two, tmp_path: Path) -> None:
    two.b.client.put_item(TableName=two.table, Item=account_key("bob"))  # B's, never A's
    dialog = ExportDialog(two.ctx, [], table=two.ctx.table)
    qtbot.addWidget(dialog)
    assert dialog.whole_table()
    out = tmp_path / "all.jsonl"
    dialog.path.setText(str(out))

    two.switch_to_b()
    assert "opened on conn-A" in dialog.status.text()
    assert not dialog.table_scope.isEnabled()
    assert dialog.start() is False
    qtbot.wait(300)
    qtbot.waitUntil(lambda: not dialog.running, timeout=20000)  # (a Scan started would end)
    print("file written:", out.exists())
    assert not out.exists()
    assert "opened on conn-A" in dialog.status.text()


def test_copy_to_this_connection_opens_no_batch_after_a_switch_it_did_not_make(
        qtbot: Any, two: Two) -> None:
    items = [{**account_key("ada"), "email": s("ada@x.io")}]
    opened: list[Transaction] = []
    two.ctx.open_builder_requested.connect(opened.append)
    dialog = CopyItemsDialog(two.ctx, items, items)
    qtbot.addWidget(dialog)
    assert "conn-A" in dialog.connection.itemText(0)
    dialog.table.setEditText(two.table)

    two.switch_to_b()
    assert "opened on conn-A" in dialog.status.text()
    assert not dialog.open_button.isEnabled()
    dialog.open_next()
    qtbot.wait(500)
    assert opened == []  # the builder sends on the window's connection: B
    assert "opened on conn-A" in dialog.status.text()
