"""The window's hooks to its newer pieces: "Copy as code…" on a read log entry and on the Items
view's query, Create table… and Delete table… on a local endpoint (refused, with the reason, on
any other), the table description (escaped, with point-in-time recovery read off the UI
thread) and the Items tab's note on a global table's transactions."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from dynoview.core.reads.receipts import EVENTUAL, ReadReceipt
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import TableInfo, table_info_from_description
from dynoview.ui.codegen.read_code_dialog import ReadCodeDialog
from dynoview.ui.context import AppContext
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from dynoview.ui.tables.create_dialog import CreateTableDialog, refusal
from dynoview.ui.tables.delete_dialog import DeleteTableDialog
from dynoview.ui.window.tables_panel import TablesPanel
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui


def _info(name: str, **extra: Any) -> TableInfo:
    return table_info_from_description({
        "TableName": name,
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
        **extra}, {})


def _action(actions: list[QAction], text: str) -> QAction:
    return next(a for a in actions if a.text() == text)


# -- Copy as code --------------------------------------------------------------------------
def test_copy_as_code_from_the_read_log_opens_the_logged_read(
        qtbot: Any, connected_window: MainWindow, seeded_table: str) -> None:
    log = connected_window.read_log
    qtbot.waitUntil(lambda: log.model.rowCount() > 0, timeout=5000)
    row = next(r for r in range(log.model.rowCount()) if log.model.receipt(r).operation == "Scan")
    action = _action(log.context_menu(row).actions(), "Copy as code…")
    assert action.isEnabled()
    action.trigger()
    dialog = log.code_dialog
    assert isinstance(dialog, ReadCodeDialog) and dialog.isVisible()
    assert dialog.read is not None and dialog.read.operation == "Scan"
    assert dialog.read.params["TableName"] == seeded_table
    assert seeded_table in dialog.view.toPlainText() and dialog.copy_button.isEnabled()
    dialog.close()


def test_copy_as_code_is_off_for_a_read_the_core_cannot_export(
        qtbot: Any, connected_window: MainWindow) -> None:
    log = connected_window.read_log
    log.add(ReadReceipt(datetime.now(UTC), "BatchGetItem", "accounts", None, EVENTUAL,
                        None, 1, None, 3.0, {"RequestItems": {}}))
    action = _action(log.context_menu(log.model.rowCount() - 1).actions(), "Copy as code…")
    assert not action.isEnabled()
    assert "BatchGetItem cannot be exported" in action.toolTip()


def test_copy_query_as_code_from_the_items_view(qtbot: Any, connected_window: MainWindow,
                                                seeded_table: str) -> None:
    panel = connected_window.items_panel
    panel.mode.setCurrentText("Query")
    copy = _action(panel.context_menu().actions(), "Copy query as code…")
    copy.trigger()  # no partition key value: the form says why, no dialog
    assert panel.code_dialog is None and not panel.error_label.isHidden()
    assert "cannot be an empty string" in panel.error_label.text()
    panel.pk_value.setText("ACCT#1")
    _action(panel.context_menu().actions(), "Copy query as code…").trigger()
    dialog = panel.code_dialog
    assert isinstance(dialog, ReadCodeDialog) and dialog.read is not None
    assert dialog.read.operation == "Query" and dialog.read.params["TableName"] == seeded_table
    assert "KeyConditionExpression" in dialog.read.params
    assert "ACCT#1" in dialog.view.toPlainText()
    dialog.close()


# -- tables for local development ----------------------------------------------------------
def test_create_then_delete_a_table_from_the_file_menu(qtbot: Any, connected_window: MainWindow,
                                                       demo_conn: Connection) -> None:
    win = connected_window
    panel = win.tables_panel
    assert win.create_table_action.isEnabled() and win.delete_table_action.isEnabled()
    name = f"hooks-{uuid.uuid4().hex[:8]}"
    win.create_table_action.trigger()
    create = panel.table_dialog
    assert isinstance(create, CreateTableDialog) and create.isVisible()
    qtbot.keyClicks(create.name, name)
    qtbot.mouseClick(create.create_button, Qt.MouseButton.LeftButton)
    # Created, listed again, and selected (so Delete table… acts on it).
    qtbot.waitUntil(lambda: panel.current_name() == name, timeout=30000)
    assert name in demo_conn.list_tables()
    # Opened once selected: its reads end before it is deleted (a read of a deleted table fails).
    qtbot.waitUntil(lambda: win.ctx.table is not None and win.ctx.table.name == name
                    and not win.ctx.tasks.running(), timeout=30000)
    win.delete_table_action.trigger()
    delete = panel.table_dialog
    assert isinstance(delete, DeleteTableDialog) and delete.table == name
    qtbot.keyClicks(delete.typed, name)
    qtbot.mouseClick(delete.delete_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.list.findItems(name, Qt.MatchFlag.MatchExactly), timeout=30000)
    assert name not in demo_conn.list_tables()


def test_the_list_menu_offers_create_and_delete_on_a_local_endpoint(
        qtbot: Any, connected_window: MainWindow, seeded_table: str) -> None:
    panel = connected_window.tables_panel
    actions = panel.context_menu(seeded_table).actions()
    assert _action(actions, "Create table…").isEnabled()
    delete = _action(actions, f"Delete {seeded_table}…")
    assert delete.isEnabled()
    delete.trigger()
    dialog = panel.table_dialog
    assert isinstance(dialog, DeleteTableDialog) and dialog.table == seeded_table
    assert not dialog.delete_button.isEnabled()  # until the name is typed
    dialog.reject()


@pytest.fixture
def aws_ctx(qasync_loop: asyncio.AbstractEventLoop) -> Iterator[AppContext]:
    spec = ConnectionSpec(name="aws", endpoint_url="https://dynamodb.us-east-1.amazonaws.com",
                          region="us-east-1")
    context = AppContext()
    context.set_connection(Connection(spec, credentials=FAKE_KEYS))
    yield context
    context.tasks.shutdown()


def test_create_and_delete_are_off_on_aws_with_the_reason(qtbot: Any, aws_ctx: AppContext) -> None:
    panel = TablesPanel(aws_ctx)
    qtbot.addWidget(panel)
    create, delete = QAction("Create table…", panel), QAction("Delete table…", panel)
    panel.track_actions(create, delete)
    panel.set_tables(["accounts"])
    panel.select("accounts")
    why = refusal(aws_ctx, "create a table")
    assert why and "only create a table on a local endpoint" in why
    assert not create.isEnabled() and create.toolTip() == why
    assert not delete.isEnabled() and delete.toolTip() == refusal(aws_ctx, "delete a table")
    menu = panel.context_menu("accounts").actions()
    assert not _action(menu, "Create table…").isEnabled()
    assert _action(menu, "Delete accounts…").toolTip() == refusal(aws_ctx, "delete a table")
    aws_ctx.set_connection(None)  # not connected: still off, and saying why
    assert not create.isEnabled() and "Connect to a local endpoint" in create.toolTip()


# -- the description -----------------------------------------------------------------------
def test_the_description_escapes_every_table_value(qtbot: Any) -> None:
    panel = TablesPanel()
    qtbot.addWidget(panel)
    info = _info("<b>x</b>", GlobalSecondaryIndexes=[{
        "IndexName": "<i>idx</i>", "Projection": {"ProjectionType": "ALL"},
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "a", "KeyType": "HASH"}]}])
    panel.show_description(info)
    text = panel.description.toPlainText()
    assert text.startswith("<b>x</b>")  # shown as typed, not made bold
    assert "<i>idx</i>" in text
    assert "&lt;b&gt;x&lt;/b&gt;" in panel.description.toHtml()


def test_the_description_adds_point_in_time_recovery_from_a_worker(
        qtbot: Any, connected_window: MainWindow) -> None:
    description = connected_window.tables_panel.description
    assert "Deletion protection: off" in description.toPlainText()
    qtbot.waitUntil(lambda: "Point-in-time recovery" in description.toPlainText(), timeout=10000)


def test_a_global_table_says_what_its_transactions_guarantee(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    ctx = AppContext()
    panel = ItemsPanel(ctx)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_table(_info("plain"))
    assert panel.global_note.isHidden()
    replicas = [{"RegionName": "us-east-1", "ReplicaStatus": "ACTIVE"},
                {"RegionName": "eu-west-1", "ReplicaStatus": "ACTIVE"}]
    info = _info("everywhere", Replicas=replicas)
    panel.set_table(info)
    assert panel.global_note.isVisible()
    assert panel.global_note.text() == info.settings.transaction_note()
    assert "atomic only in the Region that runs it" in panel.global_note.text()
    panel.set_table(None)
    assert panel.global_note.isHidden()
    ctx.tasks.shutdown()


def test_menu_commands_reach_the_tables_panel(qtbot: Any, connected_window: MainWindow) -> None:
    """File lists Create table… and Delete table… beside the other table commands."""
    file_menu = connected_window.menuBar().actions()[0].menu()
    texts = [a.text() for a in file_menu.actions()]  # type: ignore[union-attr]
    assert texts.index("Create &table…") + 1 == texts.index("&Delete table…")
