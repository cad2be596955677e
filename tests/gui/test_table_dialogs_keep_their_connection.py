"""Create table… and Delete table… work on the connection they opened on.

The window's connection changes while one of them is open (File → Connect… to another local
endpoint, a connect that was pending when the dialog opened): the dialog says which connection
it was opened on and which one the window is on now, and Create/Delete turn off; pressed anyway
(a shortcut, a call), nothing is sent, so the new connection's table of the same name is never
deleted (nor a table created there). Work already sent finishes on the connection it started on,
TTL step included.

Two moto servers on loopback, each with a table of the same name holding an item: a delete or
create that goes to the wrong one is seen by reading both. (moto servers in one process share
one store, so B also uses another region: moto keeps each region's tables apart.)
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from dynoview.core.session import local_tables
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.demo.backend import create_accounts_table, start_server
from dynoview.ui.context import AppContext
from dynoview.ui.tables.controller import CREATE_TASK, DELETE_TASK, LocalTablesController
from dynoview.ui.tables.create_dialog import CreateTableDialog
from dynoview.ui.tables.delete_dialog import DeleteTableDialog
from tests.helpers import FAKE_KEYS, connect

pytestmark = pytest.mark.gui

ITEM = {"PK": {"S": "ACCT#precious"}, "SK": {"S": "PROFILE"}}


@pytest.fixture(scope="module")
def second_moto() -> Iterator[str]:
    """Endpoint B: another moto server, so A and B are two endpoints as in the window."""
    server, url = start_server()
    yield url
    server.stop()


@dataclass
class Two:
    """The window's context on A; A and B each hold ``table``, with ITEM in it."""

    ctx: AppContext
    a: Connection
    b: Connection
    table: str

    def switch_to_b(self) -> None:
        """As the window does when File → Connect… to B completes."""
        self.ctx.set_connection(self.b)

    def intact(self, conn: Connection) -> bool:
        return (self.table in conn.list_tables() and "Item" in conn.client.get_item(
            TableName=self.table, Key=ITEM, ConsistentRead=True))


@pytest.fixture
def two(qasync_loop: asyncio.AbstractEventLoop, moto_endpoint: str, second_moto: str) -> Iterator[Two]:
    a = connect(moto_endpoint, name="conn-A")
    b = Connection(ConnectionSpec(name="conn-B", endpoint_url=second_moto, region="eu-west-1"),
                   credentials=FAKE_KEYS)
    table = f"accounts-{uuid.uuid4().hex[:8]}"
    for conn in (a, b):
        create_accounts_table(conn, table)
        conn.client.put_item(TableName=table, Item=ITEM)
    ctx = AppContext()
    ctx.set_connection(a)
    try:
        yield Two(ctx, a, b, table)
    finally:
        ctx.tasks.shutdown()
        for conn in (a, b):
            for name in conn.list_tables():
                if name.startswith(table):
                    conn.client.delete_table(TableName=name)


def _said_both(text: str) -> None:
    assert "now connected to conn-B" in text and "opened on conn-A" in text, text


def test_delete_opened_on_a_deletes_nothing_on_b_after_the_switch(qtbot: Any, two: Two) -> None:
    dialog = DeleteTableDialog(two.ctx, two.table)
    qtbot.addWidget(dialog)
    dialog.show()
    warning = dialog.findChildren(QLabel)[0].text()
    assert f"at {two.a.spec.endpoint_url}" in warning, warning
    qtbot.keyClicks(dialog.typed, two.table)
    assert dialog.delete_button.isEnabled()
    deleted: list[str] = []
    dialog.deleted.connect(deleted.append)

    two.switch_to_b()
    status = dialog.status.text()
    print("status after the switch:", status, "| Delete enabled:", dialog.delete_button.isEnabled())
    qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    dialog.delete()  # a shortcut on a button turned off: refused all the same
    qtbot.wait(100)
    qtbot.waitUntil(lambda: not two.ctx.tasks.is_running(DELETE_TASK), timeout=30000)
    print("A intact:", two.intact(two.a), "| B intact:", two.intact(two.b))
    assert two.intact(two.b), "B's table of the same name was deleted"
    assert two.intact(two.a)
    assert deleted == [] and dialog.isVisible()
    _said_both(status)
    assert not dialog.delete_button.isEnabled() and not dialog.typed.isEnabled()
    _said_both(dialog.status.text())


def test_create_opened_on_a_creates_nothing_on_b_after_the_switch(qtbot: Any, two: Two) -> None:
    name = f"{two.table}-new"
    dialog = CreateTableDialog(two.ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, name)
    assert dialog.create_button.isEnabled()

    two.switch_to_b()
    status = dialog.status.text()
    print("status after the switch:", status, "| Create enabled:", dialog.create_button.isEnabled())
    dialog.create_table()  # a shortcut on a button turned off: refused all the same
    qtbot.wait(100)
    qtbot.waitUntil(lambda: not two.ctx.tasks.is_running(CREATE_TASK), timeout=30000)
    print("created on B:", name in two.b.list_tables(), "| on A:", name in two.a.list_tables())
    assert name not in two.b.list_tables() and name not in two.a.list_tables()
    assert two.intact(two.a) and two.intact(two.b)
    _said_both(status)
    assert not dialog.create_button.isEnabled() and not dialog.name.isEnabled()
    _said_both(dialog.status.text())


def test_the_controller_acts_on_its_own_connection_never_the_windows(qtbot: Any, two: Two) -> None:
    """Called directly after the switch (as a dialog would), every action refuses with the
    sentence naming both connections, and nothing reaches either endpoint."""
    controller = LocalTablesController(two.ctx)
    two.switch_to_b()
    plan = local_tables.article_plan(two.table)
    for act in (lambda: controller.delete(two.table, two.table), lambda: controller.create(plan),
                lambda: controller.turn_ttl_on(plan)):
        with qtbot.waitSignal(controller.failed, timeout=3000) as said:
            act()
        _said_both(said.args[0])
    qtbot.wait(200)
    assert not two.ctx.tasks.running()
    assert two.intact(two.a) and two.intact(two.b)


def test_a_delete_under_way_finishes_on_a(qtbot: Any, two: Two) -> None:
    dialog = DeleteTableDialog(two.ctx, two.table)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.typed, two.table)
    deleted: list[str] = []
    dialog.deleted.connect(deleted.append)
    with qtbot.waitSignal(two.ctx.status_message, timeout=15000) as said, \
            qtbot.waitSignal(dialog.finished, timeout=15000):
        qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
        two.switch_to_b()  # before the task has sent anything
    assert two.table not in two.a.list_tables()
    assert two.intact(two.b), "B's table of the same name was deleted"
    # B's views showing its own table of that name keep it: ``deleted`` is A's news only.
    assert deleted == []
    assert f"Deleted {two.table} at conn-A" in said.args[0] and "now on conn-B" in said.args[0]


def test_a_create_under_way_finishes_on_a_with_its_ttl_step(qtbot: Any, two: Two) -> None:
    name = f"{two.table}-new"
    dialog = CreateTableDialog(two.ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, name)
    created: list[str] = []
    dialog.created.connect(created.append)
    with qtbot.waitSignal(two.ctx.status_message, timeout=30000) as said, \
            qtbot.waitSignal(dialog.finished, timeout=30000):
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
        two.switch_to_b()
        assert "goes on at conn-A" in dialog.status.text(), dialog.status.text()
    assert name in two.a.list_tables() and name not in two.b.list_tables()
    ttl = two.a.client.describe_time_to_live(TableName=name)["TimeToLiveDescription"]
    assert ttl["TimeToLiveStatus"] in ("ENABLED", "ENABLING") and ttl["AttributeName"] == "expiresAt"
    assert created == []  # the window lists B's tables: it selects nothing of A's
    assert f"Created {name} at conn-A" in said.args[0] and "now on conn-B" in said.args[0]
