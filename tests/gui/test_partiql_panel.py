"""The PartiQL tab driven through its widgets: run a SELECT with ? values, see receipts and the
item, page with Load more (DynamoDB Local pages; moto answers in one page), history saved per
connection and re-run, refusals located at the field and nothing sent; highlighting and
completion from the core's lexer."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.reads import partiql_statements as partiql
from dynoview.core.reads.partiql import DYNAMODB_JSON
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.demo.backend import create_accounts_table
from dynoview.ui import settings as saved
from dynoview.ui.context import AppContext
from dynoview.ui.partiql.panel import ERROR_BACKGROUND, PartiqlPanel
from dynoview.ui.row_select import select_only_row
from tests.helpers import connect, seeded_accounts_copy

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> PartiqlPanel:
    widget = PartiqlPanel(ctx)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)  # shortcuts fire in a shown window
    qtbot.waitUntil(lambda: bool(widget.controller.tables), timeout=10000)
    return widget


def receipts(ctx: AppContext, operation: str = "ExecuteStatement") -> list[Any]:
    return [r for r in ctx.read_log.receipts() if r.operation == operation]


def type_statement(panel: PartiqlPanel, text: str, *values: tuple[str, str]) -> None:
    panel.editor.setPlainText(text)
    for row, (kind, value) in enumerate(values):
        panel.parameters.set_text(row, value, kind)


def test_run_a_select_with_values_and_see_the_item_and_its_receipt(
        qtbot: Any, ctx: AppContext, panel: PartiqlPanel, seeded_table: str) -> None:
    type_statement(panel, f'-- ada by key\nSELECT * FROM "{seeded_table}" WHERE PK = ? AND SK = ?',
                   ("S", "ACCT#a1f9c3"), (DYNAMODB_JSON, '{"S": "PROFILE"}'))
    assert panel.parameters.table.rowCount() == 2  # one row per ? as it is typed
    panel.consistent.setChecked(True)
    qtbot.keyClick(panel.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10000)
    # Whole items of a known table: the key columns first, as the Items tab shows them.
    assert panel.model.columns()[:2] == ["PK", "SK"]
    [receipt] = receipts(ctx)[-1:]
    assert (receipt.table, receipt.consistency, receipt.count) == (seeded_table, "strong", 1)
    assert receipt.request["Statement"].startswith("SELECT *")  # the comment was not sent
    assert receipt.request["Parameters"] == [{"S": "ACCT#a1f9c3"}, {"S": "PROFILE"}]
    assert "1 item, 1 request, end of the result" in panel.progress.text()
    assert not panel.more_button.isEnabled()
    select_only_row(panel.view, 0)
    assert "ada@lovelace.io" in panel.detail.ddb_text.toPlainText()
    assert ctx.subject is not None and ctx.subject.item["PK"] == {"S": "ACCT#a1f9c3"}
    # Attributes seen in the result complete in the editor, and the tables of the connection.
    assert {"email", "displayName", seeded_table} <= set(panel.editor.completions())


def test_a_projection_shows_its_attributes_as_they_come(qtbot: Any, panel: PartiqlPanel,
                                                        seeded_table: str) -> None:
    type_statement(panel, f'SELECT email, username FROM "{seeded_table}" WHERE SK = ?', ("S", "PROFILE"))
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 5, timeout=10000)
    assert set(panel.model.columns()) == {"email", "username"}  # no empty key columns


def test_bad_values_and_refusals_are_located_and_nothing_is_sent(
        qtbot: Any, ctx: AppContext, panel: PartiqlPanel, seeded_table: str) -> None:
    sent = len(receipts(ctx))
    type_statement(panel, f'SELECT * FROM "{seeded_table}" WHERE PK = ? AND n = ?',
                   ("S", "ACCT#a1f9c3"), ("N", "12abc"))
    assert not panel.run()
    assert panel.error_label.text().startswith("?2: ")
    assert panel.parameters.table.item(1, 1).background().color() == ERROR_BACKGROUND
    assert panel.parameters.table.item(0, 1).background().color().alpha() == 0
    panel.parameters.remove_selected()  # the second row goes: one value for two ?
    assert not panel.run()
    assert "2 ? placeholders and 1 value is given" in panel.error_label.text()
    type_statement(panel, f"DELETE FROM \"{seeded_table}\" WHERE PK = 'x' AND SK = 'y'")
    assert not panel.run()
    assert "Only SELECT runs here" in panel.error_label.text()
    assert panel.editor.styleSheet()  # marked
    panel.editor.insertPlainText(" ")
    assert panel.error_label.isHidden() and not panel.editor.styleSheet()  # editing clears it
    assert len(receipts(ctx)) == sent
    # A statement DynamoDB refuses is said at the statement (no message box), from its answer.
    type_statement(panel, 'SELECT * FROM "no-such-table"')
    assert "0 ? in the statement, 1 value" in panel.parameters.count_label.text()  # kept, said
    panel.parameters.remove_selected()
    with qtbot.assertNotEmitted(ctx.error_raised):
        assert panel.run()
        qtbot.waitUntil(lambda: panel.error_label.isVisible(), timeout=10000)
    assert "Table no-such-table does not exist" in panel.error_label.text()


def test_read_only_connection_runs_select_and_refuses_writes(qtbot: Any, qasync_loop: Any,
                                                             moto_endpoint: str, seeded_table: str) -> None:
    ctx = AppContext()
    ctx.set_connection(connect(moto_endpoint, read_only=True, name="gui-read-only"))
    widget = PartiqlPanel(ctx)
    qtbot.addWidget(widget)
    try:
        for write in (f"DELETE FROM \"{seeded_table}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'",
                      f"/* SELECT */ UPDATE \"{seeded_table}\" SET x = 1 WHERE PK = 'a' AND SK = 'b'"):
            type_statement(widget, write)
            assert not widget.run()
            assert "This connection is read-only" in widget.error_label.text()
        assert not receipts(ctx)
        type_statement(widget, f'SELECT * FROM "{seeded_table}" WHERE PK = ?', ("S", "ACCT#a1f9c3"))
        assert widget.run()
        qtbot.waitUntil(lambda: widget.model.rowCount() == 1, timeout=10000)
    finally:
        ctx.tasks.shutdown()


def test_history_is_saved_per_connection_and_runs_again(qtbot: Any, ctx: AppContext,
                                                        panel: PartiqlPanel, seeded_table: str) -> None:
    statement = f'SELECT * FROM "{seeded_table}" WHERE PK = ? -- {uuid.uuid4().hex[:6]}'
    type_statement(panel, statement, (DYNAMODB_JSON, '{"S": "ACCT#b27d10"}'))
    panel.consistent.setChecked(True)
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10000)
    latest = saved.partiql_history("gui-test")[0]
    assert latest == {"statement": statement, "parameters": [{"S": "ACCT#b27d10"}], "consistent": True}
    assert panel.history.itemData(1, Qt.ItemDataRole.ToolTipRole) == statement
    # Another panel on the same connection (the next start) lists it and runs it again.
    other = PartiqlPanel(ctx)
    qtbot.addWidget(other)
    assert other.history.count() >= 2 and other.history.isEnabled()
    other.load_history(1)
    assert other.editor.toPlainText() == statement
    assert (other.parameters.kind(0), other.parameters.text(0)) == ("S", "ACCT#b27d10")
    assert other.consistent.isChecked()
    assert "Ctrl+Enter runs it again" in other.progress.text()
    other.run()
    qtbot.waitUntil(lambda: other.model.rowCount() == 1, timeout=10000)
    assert other.model.item(0)["email"] == {"S": "grace@hopper.dev"}
    assert saved.partiql_history("gui-test").count(latest) == 1  # re-run moves it up, once


def test_a_history_pick_is_undone_by_ctrl_z_with_the_values_it_replaced(
        qtbot: Any, ctx: AppContext, panel: PartiqlPanel, seeded_table: str) -> None:
    """Picking an entry over a statement being typed loses nothing: Ctrl+Z in the editor
    brings the statement back, and with it the values and the consistency it had."""
    saved.add_partiql_history("gui-test", {"statement": f'SELECT * FROM "{seeded_table}"',
                                           "parameters": [], "consistent": False})
    other = PartiqlPanel(ctx)
    qtbot.addWidget(other)
    mine = f'SELECT * FROM "{seeded_table}" WHERE PK = ? AND SK = ?'
    type_statement(other, mine, ("S", "ACCT#a1f9c3"), (DYNAMODB_JSON, '{"S": "PROFILE"}'))
    other.consistent.setChecked(True)
    other.load_history(1)
    assert other.editor.toPlainText() == f'SELECT * FROM "{seeded_table}"'
    assert other.parameters.rows() == () and not other.consistent.isChecked()
    assert "Ctrl+Z undoes the pick" in other.progress.text()
    qtbot.keyClick(other.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert other.editor.toPlainText() == mine
    assert other.parameters.rows() == (("S", "ACCT#a1f9c3"), (DYNAMODB_JSON, '{"S": "PROFILE"}'))
    assert other.consistent.isChecked()
    qtbot.keyClick(other.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ShiftModifier
                   | Qt.KeyboardModifier.ControlModifier)  # redo: the pick again, values left
    assert other.editor.toPlainText() == f'SELECT * FROM "{seeded_table}"'


def test_history_keeps_the_last_50(qasync_loop: Any) -> None:
    for i in range(55):
        saved.add_partiql_history("gui-history-cap", {"statement": f"SELECT {i}", "parameters": [],
                                                      "consistent": False})
    history = saved.partiql_history("gui-history-cap")
    assert len(history) == 50 and history[0]["statement"] == "SELECT 54"
    assert history[-1]["statement"] == "SELECT 5"


@pytest.fixture
def local_ctx(qasync_loop: Any, dynamodb_local_endpoint: str) -> Iterator[tuple[AppContext, str]]:
    """A context on DynamoDB Local, whose ExecuteStatement pages with Limit and NextToken."""
    conn = connect(dynamodb_local_endpoint, name="gui-local")
    with seeded_accounts_copy(conn) as table:
        context = AppContext()
        context.set_connection(conn)
        context.set_table(describe_table(conn, table))
        yield context, table
        context.tasks.shutdown()


@pytest.mark.dynamodb_local
def test_load_more_pages_through_next_token(qtbot: Any, local_ctx: tuple[AppContext, str]) -> None:
    ctx, table = local_ctx
    widget = PartiqlPanel(ctx)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    total = len(ctx.connection.client.scan(TableName=table)["Items"])  # type: ignore[union-attr]
    type_statement(widget, f'SELECT * FROM "{table}"')
    widget.page_size.setValue(25)
    widget.run()
    qtbot.waitUntil(lambda: widget.model.rowCount() == 25, timeout=10000)
    assert widget.more_button.isEnabled() and "more available" in widget.progress.text()
    qtbot.keyClick(widget, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: widget.model.rowCount() == min(50, total), timeout=10000)
    while widget.more_button.isEnabled():
        widget.load_more()
        qtbot.waitUntil(lambda: not widget.controller.busy, timeout=10000)
    assert widget.model.rowCount() == total and "end of the result" in widget.progress.text()
    sent = receipts(ctx)
    assert "NextToken" not in sent[0].request and all("NextToken" in r.request for r in sent[1:])
    assert {r.request["Limit"] for r in sent} == {25}
    # DynamoDB's own parser judges the statement; its answer is shown at the editor.
    type_statement(widget, f'SELECT * FROM "{table}" WHERE')
    widget.run()
    qtbot.waitUntil(widget.error_label.isVisible, timeout=10000)
    assert "ExecuteStatement failed" in widget.error_label.text()


def test_moto_answers_in_one_page(qtbot: Any, ctx: AppContext, panel: PartiqlPanel,
                                  seeded_table: str) -> None:
    type_statement(panel, f'SELECT * FROM "{seeded_table}"')
    panel.page_size.setValue(5)
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 5, timeout=10000)
    assert not panel.more_button.isEnabled()  # moto ignores Limit: no NextToken


def test_copy_selected_results_to_another_table_opens_guarded_puts_in_the_builder(
        qtbot: Any, ctx: AppContext, panel: PartiqlPanel, seeded_table: str,
        demo_conn: Connection) -> None:
    target = f"copy-{uuid.uuid4().hex[:8]}"
    create_accounts_table(demo_conn, target)
    try:
        type_statement(panel, f'SELECT * FROM "{seeded_table}" WHERE SK = ?', ("S", "PROFILE"))
        panel.run()
        qtbot.waitUntil(lambda: panel.model.rowCount() > 3, timeout=10000)
        select_only_row(panel.view, 0)
        panel.view.selectionModel().select(
            panel.model.index(1, 0), panel.view.selectionModel().SelectionFlag.Select
            | panel.view.selectionModel().SelectionFlag.Rows)
        assert len(panel.selected_items()) == 2
        dialog: Any = panel.transfer.open_copy()
        qtbot.addWidget(dialog)
        assert dialog.selected_scope.isChecked() and "(2)" in dialog.selected_scope.text()
        qtbot.waitUntil(lambda: dialog.table.count() > 0, timeout=10000)
        dialog.table.setEditText(target)
        with qtbot.waitSignal(ctx.open_builder_requested, timeout=10000) as opened:
            dialog.open_next()
        [tx] = [opened.args[0]]
        assert [a.kind for a in tx.actions] == ["Put", "Put"]
        assert {a.table for a in tx.actions} == {target}
        assert all(a.condition == "attribute_not_exists(#n0)" and a.names == {"#n0": "PK"}
                   for a in tx.actions)
        assert "is the last batch" in dialog.status.text()
        from dynoview.ui.builder import BuilderPanel

        builder = BuilderPanel(ctx)
        qtbot.addWidget(builder)
        builder.load_request(tx)
        assert len(builder.transaction.actions) == 2
        assert not [p for p in builder.problems if p.is_error]
    finally:
        demo_conn.client.delete_table(TableName=target)


# The offscreen platform cannot raise a popup or grab the keyboard for it; it says so.
@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing the keyboard)")
def test_highlighting_and_completion(qtbot: Any, panel: PartiqlPanel, seeded_table: str) -> None:
    panel.editor.setPlainText("SELECT * FROM t /* a\nnote */ WHERE a = ? AND b = 'x'")
    doc = panel.editor.document()
    highlighter = panel.editor.highlighter
    second = doc.findBlockByNumber(1)
    formats = {(r.start, r.length): r.format.foreground().color() for r in second.layout().formats()}
    comment = highlighter.formats[partiql.COMMENT].foreground().color()
    assert formats[(0, len("note */"))] == comment  # the comment's state carried over the line
    assert second.userState() == partiql.NORMAL and doc.firstBlock().userState() == partiql.IN_COMMENT
    panel.editor.clear()
    panel.editor.setFocus()
    # Other tests' tables share the endpoint: a prefix only this table has.
    qtbot.keyClicks(panel.editor, 'SELECT * FROM "' + seeded_table[:-2])
    popup = panel.editor.completer.popup()
    qtbot.waitUntil(popup.isVisible, timeout=3000)
    assert panel.editor.completer.currentCompletion() == seeded_table
    panel.editor.insert_completion(seeded_table)
    assert panel.editor.toPlainText() == f'SELECT * FROM "{seeded_table}"'


@pytest.fixture
def copy_to_other(qtbot: Any, qasync_loop: Any, moto_endpoint: str, demo_conn: Connection,
                  seeded_table: str) -> Iterator[tuple[Any, Any, str, Any]]:
    """A window whose PartiQL result (ada) is being copied to a new table of another saved
    connection: (window, copy dialog, target table, that connection), the switch offered."""
    from dynoview.core.session.connection import ConnectionSpec
    from dynoview.ui.main_window import MainWindow

    target = f"copy-{uuid.uuid4().hex[:8]}"
    create_accounts_table(demo_conn, target)
    other = ConnectionSpec(name=f"other-{uuid.uuid4().hex[:6]}", endpoint_url=moto_endpoint,
                           region="us-east-1")
    kept, _ = saved.load_connections()
    saved.save_connections([*kept, other])
    window = MainWindow()
    qtbot.addWidget(window)
    try:
        window.ctx.set_connection(demo_conn)
        panel: Any = window.feature("PartiqlPanel")
        qtbot.waitUntil(lambda: bool(panel.controller.tables), timeout=10000)
        type_statement(panel, f'SELECT * FROM "{seeded_table}" WHERE PK = ?', ("S", "ACCT#a1f9c3"))
        panel.run()
        qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10000)
        select_only_row(panel.view, 0)
        dialog: Any = panel.transfer.open_copy()
        assert dialog.connection.isEnabled()
        dialog.connection.setCurrentIndex(dialog.connection.findText(other.describe()))
        qtbot.waitUntil(lambda: dialog.table.findText(target) >= 0, timeout=10000)
        dialog.table.setEditText(target)
        dialog.open_next()
        qtbot.waitUntil(lambda: "switches to" in dialog.status.text(), timeout=10000)
        yield window, dialog, target, other
    finally:
        saved.save_connections(kept)
        window.ctx.tasks.shutdown()
        demo_conn.client.delete_table(TableName=target)


def test_copy_to_another_saved_connection_switches_the_window_then_opens_the_builder(
        qtbot: Any, copy_to_other: tuple[Any, Any, str, Any]) -> None:
    """The builder sends on the window's connection: the window switches to the target
    connection (the items stay in the dialog) and the batch opens there."""
    window, dialog, target, other = copy_to_other
    with qtbot.waitSignal(window.ctx.open_builder_requested, timeout=20000) as opened:
        qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    assert window.ctx.connection is not None and window.ctx.connection.spec == other
    [action] = opened.args[0].actions
    assert action.table == target and action.item["email"] == {"S": "ada@lovelace.io"}
    builder: Any = window.feature("BuilderPanel")
    assert window.tabs.currentWidget() is builder and len(builder.transaction.actions) == 1


def test_copy_target_changed_after_the_switch_was_offered_opens_nothing_stale(
        qtbot: Any, seeded_table: str, copy_to_other: tuple[Any, Any, str, Any]) -> None:
    """'Switch to … and open batch 1' was offered, then the table changed: the button makes the
    batches again for the new choice (it switched and opened a batch of an empty list: IndexError)."""
    window, dialog, target, _other = copy_to_other
    dialog.table.setEditText(seeded_table)  # changed its mind: those batches are gone
    assert dialog.open_button.text() == "Open in the builder" and dialog.target_spec is None
    dialog.table.setEditText(target)
    qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)  # makes them again
    qtbot.waitUntil(lambda: "switches to" in dialog.status.text(), timeout=10000)
    with qtbot.waitSignal(window.ctx.open_builder_requested, timeout=20000) as opened:
        qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    [action] = opened.args[0].actions
    assert action.table == target
