"""What a window showed or opened on connection A acts on nothing of B after File → Connect… to B.

- The Items tab: A's rows, detail and form go when the window connects elsewhere, whether B opens
  a table or not (here B lists two tables, so none opens); a cell staged on A keeps A's label, and
  nothing can be staged on A's rows under B's name.
- The repair forms of Accounts & locks (Release, Claim, Resolve, Diagnose's: ``RowRepairs``) say
  so when the window moves to another connection or table, and turn OK off; accepted all the same,
  nothing reaches the builder and no former owner is read on B.
- Items' Edit… (JSON) dialog says it was opened on A and turns "Open in builder" off; accepted all
  the same, nothing reaches the builder.
- Accounts & locks' counts line of A's audit goes when B opens no table.

Two moto servers on loopback, each with a seeded accounts table of the same name: a write that
goes to the wrong one is seen by reading B. (moto servers in one process share one store, so B
also uses another region: moto keeps each region's tables apart.)
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QLabel, QWidget

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.demo.backend import create_accounts_table, seed_accounts, start_server
from dynoview.ui.builder.template_forms import ClaimLockForm
from dynoview.ui.context import AppContext
from dynoview.ui.locks.row_repairs import RowRepairs
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui

MOVED_NOTE = "opened-elsewhere-note"  # row_repairs.MOVED_NOTE: the form's sentence
KATHERINE = {"PK": {"S": "ACCT#b8d966"}, "SK": {"S": "PROFILE"}}


@pytest.fixture(scope="module")
def second_moto() -> Iterator[str]:
    """Endpoint B: another moto server, so A and B are two endpoints as in the window."""
    server, url = start_server()
    yield url
    server.stop()


@dataclass
class Two:
    """A and B each hold ``table`` (seeded) and ``other`` (empty): B lists two tables, so
    connecting to it opens none unless one is asked for."""

    a: ConnectionSpec
    b: ConnectionSpec
    conn_a: Connection
    conn_b: Connection
    table: str
    other: str

    def item(self, conn: Connection, key: dict[str, Any]) -> dict[str, Any] | None:
        found: dict[str, Any] | None = conn.client.get_item(
            TableName=self.table, Key=key, ConsistentRead=True).get("Item")
        return found


@pytest.fixture
def two(moto_endpoint: str, second_moto: str, config: Path) -> Iterator[Two]:
    a = ConnectionSpec(name="conn-A", endpoint_url=moto_endpoint, region="us-east-1")
    b = ConnectionSpec(name="conn-B", endpoint_url=second_moto, region="eu-west-1")
    conns = [Connection(spec, credentials=FAKE_KEYS) for spec in (a, b)]
    table = f"accounts-{uuid.uuid4().hex[:8]}"
    for conn in conns:
        create_accounts_table(conn, table)
        seed_accounts(conn, table)
        create_accounts_table(conn, f"{table}-other")
    try:
        yield Two(a, b, conns[0], conns[1], table, f"{table}-other")
    finally:
        for conn in conns:
            for name in (table, f"{table}-other"):
                conn.client.delete_table(TableName=name)


def window_on_a(qtbot: Any, two: Two) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.connect_to(two.a, table=two.table)
    qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == two.table, timeout=15000)
    qtbot.waitUntil(lambda: win.items_panel.model.rowCount() > 0, timeout=15000)
    return win


def switch(qtbot: Any, win: MainWindow, spec: ConnectionSpec, table: str | None = None) -> None:
    """File → Connect… to ``spec`` (the window's own path), ``table`` opened there if given."""
    before = win.ctx.connection
    win.connect_to(spec, table=table)
    qtbot.waitUntil(lambda: win.ctx.connection is not None and win.ctx.connection is not before,
                    timeout=15000)
    if table is not None:
        qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == table, timeout=15000)
    qtbot.wait(200)


def select_key(qtbot: Any, win: MainWindow, key: dict[str, Any]) -> dict[str, Any]:
    items = win.items_panel
    for row in range(items.model.rowCount()):
        select_only_row(items.view, row)
        item = items.current_item()
        if item is not None and all(item.get(k) == v for k, v in key.items()):
            return item
    raise AssertionError(f"{key} is not on the page")


def test_items_tab_of_a_is_cleared_after_connecting_to_b(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, two: Two) -> None:
    win = window_on_a(qtbot, two)
    items = win.items_panel
    item = select_key(qtbot, win, KATHERINE)
    staging = items.cell_edits.staging
    assert staging.stage_text(items.info, item, "displayName", "S", "STAGED-ON-A") is None
    label_a = staging.edits.connection
    win.open_items_tab(two.table)
    qtbot.waitUntil(lambda: len(win.extra_items) == 1, timeout=15000)

    switch(qtbot, win, two.b)  # B lists two tables: none opens
    print("after the switch: table", items.info.name if items.info else None, "| rows",
          items.model.rowCount(), "| enabled", items.isEnabled(), "| extra tabs", len(win.extra_items))
    assert win.ctx.table is None
    assert items.info is None and items.model.rowCount() == 0 and not items.isEnabled()
    assert items.current_item() is None and items.by_key_item is None
    assert " ".join(items.detail.current_text().split()) == ""
    assert win.extra_items == []
    # A's staged cell stays A's (sent only there), and nothing is staged on A's rows under B.
    assert staging.edits.connection == label_a and "conn-A" in str(label_a)
    refusal = staging.stage_text(items.info, item, "displayName", "S", "EDITED-UNDER-B")
    assert refusal is not None and staging.edits.connection == label_a
    assert not win.feature("BuilderPanel").has_unsent_actions()
    assert two.item(two.conn_b, KATHERINE)["displayName"] == {"S": "Katherine Johnson"}


def _release_form(qtbot: Any, win: MainWindow) -> Any:
    panel = win.feature("LocksPanel")
    win.feature_tabs.show(panel)
    panel.run_audit()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=15000)
    panel.set_status_filter({ORPHAN_LOCK})
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0 and panel.model.pair_row(0).kind == "lock",
                    timeout=15000)
    panel.select_row(0)
    qtbot.waitUntil(panel.release_button.isEnabled, timeout=5000)
    panel.release_button.click()
    form = panel.repairs.current_form
    assert form is not None and form.isVisible() and form.ok_button.isEnabled()
    return panel, form


@pytest.mark.parametrize("move", ["connection", "table"])
def test_release_form_opened_on_a_sends_nothing_once_the_window_moved(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, two: Two, move: str) -> None:
    win = window_on_a(qtbot, two)
    panel, form = _release_form(qtbot, win)
    lock_key = dict(panel.selected_row().key)
    messages: list[str] = []
    win.ctx.status_message.connect(messages.append)
    requests: list[Any] = []
    win.ctx.open_builder_requested.connect(requests.append)

    if move == "connection":
        switch(qtbot, win, two.b, two.table)  # B's table of the same name opens
    else:
        win.tables_panel.select(two.other)  # another table of A
        qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == two.other,
                        timeout=15000)
    note = form.findChild(QLabel, MOVED_NOTE)
    said = note.text() if note is not None else ""
    print("form visible:", form.isVisible(), "| OK enabled:", form.ok_button.isEnabled(), "| note:", said)
    assert form.isVisible() and not form.ok_button.isEnabled() and not form.export_button.isEnabled()
    assert two.table in said and "conn-A" in said and "Nothing is sent" in said, said
    assert ("conn-B" if move == "connection" else two.other) in said, said

    form.accept()  # a call, as a shortcut would: the form stays, OK off
    qtbot.wait(100)
    assert form.isVisible() and panel.repairs.current_form is form and not form.ok_button.isEnabled()
    form.transaction = form.build()  # as OK had built it before the window moved
    form.done(form.DialogCode.Accepted)  # closed as accepted all the same: refused at the hand-over
    qtbot.wait(100)
    assert requests == [] and not win.feature("BuilderPanel").has_unsent_actions()
    assert panel.repairs.current_form is None
    assert any("nothing was opened in the builder" in m and "conn-A" in m for m in messages), messages
    assert two.item(two.conn_b, lock_key) is not None and two.item(two.conn_a, lock_key) is not None


def test_release_form_reads_no_former_owner_on_b(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, two: Two) -> None:
    win = window_on_a(qtbot, two)
    _panel, form = _release_form(qtbot, win)
    switch(qtbot, win, two.b, two.table)
    def get_items() -> int:
        return sum(r.operation == "GetItem" for r in win.ctx.read_log.receipts())

    reads = get_items()
    form.owner.setText("b8d966")
    form.accept()  # OK would ask for the former owner to be read first
    qtbot.wait(200)
    assert shiboken6.isValid(form) and form.isVisible(), "A's form was accepted with B's owner read"
    note = form.findChild(QLabel, MOVED_NOTE)
    assert note is not None and "conn-A" in note.text() and not form.ok_button.isEnabled()
    assert get_items() == reads  # nothing read on B for A's form
    form.read_owner.emit(dict(KATHERINE))  # the owner's read asked all the same: refused at its field
    qtbot.wait(200)
    assert "conn-A" in form.owner_message.text() and get_items() == reads


def test_repair_form_accepted_after_the_switch_opens_nothing(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, two: Two) -> None:
    """The form was not closed (no panel listens here) and is accepted: refused at the hand-over."""
    ctx = AppContext()
    ctx.set_connection(two.conn_a)
    ctx.set_table(describe_table(two.conn_a, two.table))
    parent = QWidget()
    qtbot.addWidget(parent)
    repairs = RowRepairs(ctx, lambda: ctx.schema, parent)
    messages: list[str] = []
    ctx.status_message.connect(messages.append)
    requests: list[Any] = []
    ctx.open_builder_requested.connect(requests.append)
    account = {**KATHERINE, "email": {"S": "claimed@a.example"}, "username": {"S": "claimed-a"}}
    try:
        repairs.open("claim", lambda schema, table, parent: ClaimLockForm(schema, table, account, "email",
                                                                          parent))
        form = repairs.current_form
        assert form is not None and form.ok_button.isEnabled()
        ctx.set_connection(two.conn_b)
        ctx.set_table(describe_table(two.conn_b, two.table))
        form.transaction = form.build()  # no panel turned it off: refused at the hand-over
        form.done(form.DialogCode.Accepted)
        print("requests:", requests, "| messages:", messages)
        assert requests == []
        assert any("nothing was opened in the builder" in m and "conn-A" in m and "conn-B" in m
                   for m in messages), messages
    finally:
        ctx.tasks.shutdown()


def test_edit_dialog_opened_on_a_sends_nothing_after_the_switch(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, two: Two) -> None:
    win = window_on_a(qtbot, two)
    items = win.items_panel
    select_key(qtbot, win, KATHERINE)
    items.edit_selected()
    dialog = items.edit_dialog
    assert dialog is not None and dialog.ok.isEnabled()
    dialog.editor.setPlainText(dialog.editor.toPlainText().replace("Katherine Johnson", "EDITED-ON-A"))
    edits: list[Any] = []
    win.ctx.edit_requested.connect(lambda *args: edits.append(args))
    messages: list[str] = []
    items.status_changed.connect(messages.append)

    switch(qtbot, win, two.b, two.table)
    print("dialog:", dialog.isVisible(), "| OK enabled:", dialog.ok.isEnabled(), "|", dialog.error.text())
    assert dialog.isVisible() and not dialog.ok.isEnabled()
    said = dialog.error.text()
    assert "now connected to conn-B" in said and "opened on conn-A" in said, said
    assert "EDITED-ON-A" in dialog.editor.toPlainText()  # still there to copy
    dialog._accept()  # a call, as a shortcut would: refused all the same
    qtbot.wait(100)
    assert edits == [] and not win.feature("BuilderPanel").has_unsent_actions()
    assert any("not opened in the builder" in m and "conn-A" in m and "conn-B" in m
               for m in messages), messages
    assert two.item(two.conn_b, KATHERINE)["displayName"] == {"S": "Katherine Johnson"}
    assert two.item(two.conn_a, KATHERINE)["displayName"] == {"S": "Katherine Johnson"}


def test_audit_counts_of_a_go_when_b_opens_no_table(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, two: Two) -> None:
    win = window_on_a(qtbot, two)
    panel = win.feature("LocksPanel")
    win.feature_tabs.show(panel)
    panel.run_audit()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=15000)
    assert panel.counts_label.text().startswith("OK:")

    switch(qtbot, win, two.b)  # B lists two tables: none opens
    print("counts after the switch:", panel.counts_label.text())
    assert win.ctx.table is None and panel.model.rowCount() == 0
    assert "OK:" not in panel.counts_label.text()
    assert panel.counts_label.text().startswith("No audit yet")


def test_builder_template_form_opened_on_a_sends_nothing_after_the_switch(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, two: Two) -> None:
    """The builder's own forms (Templates → Change value, Delete account, Sign up…): a Change
    value form built from A's account, accepted after the switch, loaded into B's builder."""
    from dynoview.ui.builder.template_forms import ChangeValueForm

    win = window_on_a(qtbot, two)
    builder: Any = win.feature("BuilderPanel")
    runner = builder.template_runner
    account = two.item(two.conn_a, KATHERINE)
    assert account is not None
    runner.select(account, two.table)
    runner.change("email")
    form = runner.current_form
    assert isinstance(form, ChangeValueForm)
    form.field.edit.setText("moved@x.io")
    assert form.ok_button.isEnabled()
    messages: list[str] = []
    runner.status.connect(messages.append)

    switch(qtbot, win, two.b, two.table)
    note = form.findChild(QLabel, MOVED_NOTE)
    assert note is not None and "opened on conn-A" in note.text() and "conn-B" in note.text(), note
    assert not form.ok_button.isEnabled() and not form.export_button.isEnabled()
    form.field.edit.setText("moved2@x.io")  # typing does not turn OK on again
    assert not form.ok_button.isEnabled()
    form.done(form.DialogCode.Accepted)  # accepted all the same (a call): nothing is loaded
    qtbot.wait(100)
    assert not builder.has_unsent_actions()
    assert any("nothing was opened in the builder" in m and "conn-A" in m for m in messages), messages
