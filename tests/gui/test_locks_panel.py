"""The accounts & locks panel driven through its widgets, against moto over HTTP."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.locks import grid_order
from dynoview.ui.locks.grid_paint import LocksDelegate
from dynoview.ui.locks.model import (
    AMBER,
    COL_ACCOUNT,
    RED,
    AuditRowsModel,
    FindingRole,
    StatusRole,
)
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.locks.schema_dialog import SchemaDialog
from tests.demo_expectations import DECISIONS, DEMO_FINDINGS, LOOKALIKE_ACCOUNT, LOOKALIKE_EMAIL

pytestmark = pytest.mark.gui


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> AppContext:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


def _open(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    # A local table this small is audited as soon as it is opened.
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        ctx.set_table(describe_table(conn, table))
    return panel


def _rows_by_account(panel: LocksPanel) -> dict[str, Any]:
    return {r.account_id or r.cells[next(iter(r.cells))].value: r for r in panel.model.pair_rows()}


def test_side_by_side_view_filters_and_details(qtbot: Any, ctx: AppContext, demo_conn: Connection,
                                                seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    model = panel.model
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())] == [
        "Account", "email", "email lock", "username", "username lock", "Status"]
    rows = _rows_by_account(panel)
    assert len(rows) == 18 + 4  # 18 accounts, 4 locks no account needs
    assert rows["ACCT#1d2e3f"].cells["username"].status == MISSING_LOCK
    assert rows["ken@thompson.dev"].status == ORPHAN_LOCK
    assert rows["Margaret@Hamilton.space"].status == CASE_CLASH
    assert rows["pending@signup.test"].status == EXPIRED
    # Katherine Johnson and the account whose email only looks like hers: amber, like a case clash.
    assert rows[LOOKALIKE_ACCOUNT].status == rows["ACCT#b8d966"].status == LOOKALIKE_CLASH
    assert rows[LOOKALIKE_ACCOUNT].cells["email"].value == LOOKALIKE_EMAIL
    assert "Lookalike clash: 1" in panel.counts_label.text()
    assert "Duplicate value: 1" in panel.counts_label.text()
    assert "Orphan lock: 2" in panel.counts_label.text()

    # Colours and tooltips come from the model.
    colour = {r.account_id: model.data(model.index(i, 0), Qt.ItemDataRole.BackgroundRole)
              for i, r in enumerate(model.pair_rows())}
    assert colour["ACCT#2a3b4c"].color() == RED
    assert colour["ACCT#5d6e7f"].color() == AMBER
    assert colour[LOOKALIKE_ACCOUNT].color() == colour["ACCT#b8d966"].color() == AMBER
    assert colour["ACCT#a1f9c3"] is None
    row = next(i for i, r in enumerate(model.pair_rows()) if r.account_id == "ACCT#1d2e3f")
    tip = model.data(model.index(row, 4), Qt.ItemDataRole.ToolTipRole)
    assert "without a lock" in tip and "Claim the lock" in tip

    panel.set_status_filter({ORPHAN_LOCK})
    assert panel.model.rowCount() == 2
    panel.set_status_filter({LOOKALIKE_CLASH})
    assert {r.account_id for r in panel.model.pair_rows()} == {LOOKALIKE_ACCOUNT, "ACCT#b8d966"}
    panel.set_status_filter(None)
    panel.search.setText("SHARED@")
    assert panel.model.rowCount() == 2
    panel.search.setText("")
    panel.set_status_filter({DUPLICATE_VALUE})
    panel.select_row(0)
    assert panel.selected_finding().status == DUPLICATE_VALUE
    assert "ACCT#2a3b4c, ACCT#3b4c5d" in panel.details.toPlainText()
    assert panel.resolve_button.isEnabled()
    assert not panel.release_button.isEnabled()

    with qtbot.waitSignal(ctx.open_item_requested) as blocker:
        panel.open_selected_item()
    assert blocker.args[0] == seeded_table
    assert blocker.args[1]["SK"] == {"S": "PROFILE"}


def test_repair_buttons_emit_builder_requests(qtbot: Any, ctx: AppContext, demo_conn: Connection,
                                              seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    panel.set_status_filter({ORPHAN_LOCK})
    panel.select_row(0)
    assert panel.release_button.isEnabled()
    panel.release_button.click()  # a form first: nothing reaches the builder unasked
    with qtbot.waitSignal(ctx.open_builder_requested) as blocker:
        panel.repairs.current_form.accept()
    request = blocker.args[0]
    delete = request["TransactItems"][0]["Delete"]
    assert delete["TableName"] == seeded_table
    assert delete["Key"]["PK"]["S"].startswith("UNIQ#EMAIL#")
    panel.set_status_filter({MISSING_LOCK})
    panel.select_row(0)
    panel.claim_button.click()
    with qtbot.waitSignal(ctx.open_builder_requested) as blocker:
        panel.repairs.current_form.accept()
    put = blocker.args[0]["TransactItems"][0]["Put"]
    assert put["Item"]["PK"] == {"S": "UNIQ#HANDLE#linus"}


def test_diagnose_box(qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    panel.rule_picker.setCurrentText("email")
    panel.value_edit.setText("ken@thompson.dev")
    with qtbot.waitSignal(panel.diagnosis_finished, timeout=10000) as blocker:
        panel.diagnose_button.click()
    assert blocker.args[0].status == ORPHAN_LOCK
    text = panel.diagnosis_view.toPlainText()
    assert "ken@thompson.dev is locked, and no account uses it: a stuck signup." in text
    assert "GetItem" in text and "strong" in text and "Query" in text
    # Typed capitals: the stored spelling is said once, not twice.
    panel.value_edit.setText("Ken@Thompson.dev")
    with qtbot.waitSignal(panel.diagnosis_finished, timeout=10000):
        panel.diagnose_button.click()
    text = panel.diagnosis_view.toPlainText()
    assert text.count("You typed Ken@Thompson.dev; the lock stores ken@thompson.dev.") == 1
    # The impersonating email: a lookalike clash, never "working as intended".
    panel.value_edit.setText(LOOKALIKE_EMAIL)
    with qtbot.waitSignal(panel.diagnosis_finished, timeout=10000) as blocker:
        panel.diagnose_button.click()
    assert blocker.args[0].status == LOOKALIKE_CLASH
    text = panel.diagnosis_view.toPlainText()
    assert "looks the same as katherine@johnson.nasa" in text and "working as intended" not in text
    assert panel.open_account_button.text() == "Open account (2)"


def test_export_csv_and_json(qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str,
                             tmp_path: Path) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    csv_text = panel.export_to(tmp_path / "f.csv", "csv").read_text()
    assert csv_text.splitlines()[0] == "status,rule,value,accounts,lock_keys,sentence"
    assert len(csv_text.splitlines()) == 1 + len(DEMO_FINDINGS)
    data = json.loads(panel.export_to(tmp_path / "f.json", "json").read_text())
    assert data["table"] == seeded_table and len(data["findings"]) == len(DEMO_FINDINGS)


def test_cancel_and_rerun(qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    panel.run_audit()
    assert panel.cancel_button.isVisibleTo(panel)
    panel.cancel_audit()
    assert not panel.cancel_button.isVisibleTo(panel)
    assert "cancelled" in panel.counts_label.text()
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        panel.run_audit()
    assert len(panel.result.findings) == len(DEMO_FINDINGS)


def test_schema_saved_per_table_and_dialog_validation(qtbot: Any, ctx: AppContext,
                                                      demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    custom = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              "lowercase", "email-index"),))
    panel.set_schema(custom)
    assert "lowercase" in panel.schema_label.text()
    assert [panel.rule_picker.itemText(i) for i in range(panel.rule_picker.count())] == ["email"]
    # Reopening the table loads the saved schema.
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        ctx.set_table(describe_table(demo_conn, seeded_table))
    assert panel.schema == custom
    assert panel.model.rules == ["email"]

    dialog = SchemaDialog(custom)
    qtbot.addWidget(dialog)
    dialog.editor.setPlainText('{"rules": [{"attribute": "email", "pk_template": "U#{value}", '
                               '"normalisation": "upper"}]}')
    dialog.accept()
    assert dialog.result() == 0 and dialog.error.isVisibleTo(dialog)
    assert dialog.error.text().startswith("rules[0].normalisation:")
    dialog.editor.setPlainText('{"rules": [{"attribute": "nick", "pk_template": "U#N#{value}"}]}')
    dialog.accept()
    assert dialog.schema().rules[0].attribute == "nick"


def test_panel_without_table_is_idle(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    ctx = AppContext()
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    assert not panel.audit_button.isEnabled() and not panel.diagnose_button.isEnabled()
    panel.run_audit()
    panel.run_diagnose()
    assert panel.result is None
    ctx.tasks.shutdown()


def test_model_and_orders_without_widgets(qapp: Any) -> None:
    from dynoview.core.audit.rows import build_rows
    from dynoview.core.audit.view_order import RowOrdering, ViewQuery
    from dynoview.core.uniqueness.pairing import classify
    from dynoview.core.uniqueness.schema import article_schema

    s = lambda v: {"S": v}  # noqa: E731
    pairing = classify([{"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("a@x")},
                        {"PK": s("UNIQ#EMAIL#z@x"), "SK": s("LOCK")}], article_schema())
    rows = build_rows(pairing, pairing.findings())
    model = AuditRowsModel()
    model.set_rows(rows)
    assert model.rowCount() == 2 and model.columnCount() == 6
    # Problems first: Status descending, each status in one block ("Orphan lock" before
    # "Missing lock", both of one severity).
    assert model.data(model.index(1, COL_ACCOUNT)) == "ACCT#1"
    assert model.data(model.index(1, 2)) == "Missing lock"
    assert model.data(model.index(1, 2), StatusRole) == MISSING_LOCK
    assert model.data(model.index(0, COL_ACCOUNT)) == "(no account)"
    assert model.data(model.index(0, 1), FindingRole).status == ORPHAN_LOCK
    assert model.data(model.index(0, 3)) == ""  # a lock row has no username cell
    ordering = RowOrdering(rows)
    model.set_order(ordering.order(ViewQuery(statuses=frozenset({ORPHAN_LOCK}))))
    assert model.rowCount() == 1 and model.data(model.index(0, 1)) == "z@x"
    model.set_order(ordering.order(ViewQuery(search="A@X")))
    assert model.rowCount() == 1 and model.data(model.index(0, 0)) == "ACCT#1"


def test_repair_all_from_the_panel_leaves_only_decisions(qtbot: Any, ctx: AppContext, demo_conn: Connection,
                                                          seeded_table: str, tmp_path: Any) -> None:
    from dynoview.core.tx.action_log import ActionLog

    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    assert panel.repair_all_button.isEnabled()
    qtbot.mouseClick(panel.repair_all_button, Qt.MouseButton.LeftButton)
    dialog = panel.repair_dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.log = ActionLog(tmp_path / "actions.jsonl")
    dialog.rate.setValue(50)
    # The repair re-audits the panel when its writes land.
    with qtbot.waitSignal(panel.audit_finished, timeout=60000):
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert panel.result is not None
    assert {f.status for f in panel.result.findings} == {status for status, _, _ in DECISIONS}


def _large_audit(accounts: int) -> tuple[Any, Any]:
    """An audit result and its rows for ``accounts`` accounts in the article's layout (core only:
    no endpoint serves this many items fast enough for a GUI test)."""
    from dynoview.core.audit.pages import PageClassifier
    from dynoview.core.audit.rows import build_rows
    from dynoview.core.audit.run import AuditResult
    from dynoview.core.uniqueness.pairing import Pairing
    from dynoview.core.uniqueness.schema import article_schema
    from tests.unit.core.test_audit_rows import bench_items

    pairing = Pairing(article_schema(), "expiresAt")
    classifier = PageClassifier(pairing)
    for body in bench_items(accounts):
        classifier.feed(body)
    findings = pairing.findings()
    result = AuditResult("bench", pairing.schema, pairing, findings, pairing.counts(), 4, False,
                         pairing.items_seen, pairing.items_seen, 1, None, None, None, 1.0, False, True)
    return result, build_rows(pairing, findings)


def test_large_audit_sorts_filters_and_searches_off_the_ui_thread(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = AppContext()
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    result, rows = _large_audit(30_000)  # past ORDER_AT_ONCE_ROWS: every order goes to the pool
    panel._on_audit_result(result, rows)
    model = panel.model
    assert model.rowCount() == len(rows)
    first = model.pair_row(0)
    assert first is not None and first.findings  # problems first
    # Once the rows are shown, the account order is sorted in the pool before anyone asks.
    ordering = panel.grid.ordering
    assert ordering is not None and not ordering._sorted
    qtbot.waitUntil(lambda: ("account", 0) in ordering._sorted, timeout=30000)

    def shown_accounts() -> list[str]:
        return [model.data(model.index(r, COL_ACCOUNT)) for r in range(model.rowCount())]

    with qtbot.waitSignal(panel.rows_ready, timeout=30000):
        panel.view.sortByColumn(COL_ACCOUNT, Qt.SortOrder.DescendingOrder)
    assert panel.grid.shown.sort is not None
    expected = sorted((rows.ids[i] or "(no account)" for i in range(len(rows))), key=str.casefold,
                      reverse=True)
    assert shown_accounts() == expected

    with qtbot.waitSignal(panel.rows_ready, timeout=30000):
        panel.search.setText("USER00012")
    texts = {(rows.ids[i] or "(no account)"): [rows.ids[i], *(v[i] for v in rows.values)]
             for i in range(rows.accounts)}
    assert shown_accounts() == [a for a in expected
                                if any("user00012" in t.casefold() for t in texts.get(a, []))]
    with qtbot.waitSignal(panel.rows_ready, timeout=30000):
        panel.search.setText("")
    with qtbot.waitSignal(panel.rows_ready, timeout=30000):
        panel.set_status_filter({MISSING_LOCK})
    missing = {r.account_id for r in panel.model.pair_rows()}
    assert missing and missing == {f.account_ids[0] for f in result.findings if f.status == MISSING_LOCK}

    # The busy bar lies over the grid: showing it moves nothing in the panel.
    grid_geometry = panel.view.geometry()
    assert panel.ordering_bar.isHidden()
    # Cancel puts the grid back as it was shown, and says so.
    monkeypatch.setattr(grid_order, "BUSY_AFTER_MS", 0)  # the bar at once, not after 150 ms
    panel.grid.ordering._sorted.clear()  # make the next sort take a while
    panel.set_status_filter(None)
    assert not panel.ordering_bar.isHidden() and panel.ordering_bar.parentWidget() is panel.view
    assert "Ordering 30,0" in panel.ordering_bar.label.text()
    assert panel.view.geometry() == grid_geometry
    panel.ordering_bar.cancel_button.click()
    assert panel.ordering_bar.isHidden()
    assert panel.grid.query == panel.grid.shown and panel.status_filter.currentData() == {MISSING_LOCK}
    assert {r.account_id for r in panel.model.pair_rows()} == missing
    ctx.tasks.shutdown()


def test_grid_cells_paint_what_the_model_roles_say(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    """The grid's one-call delegate fills each cell's style option as Qt's own does from the
    model's roles: text, colours, font (a stale row goes Qt's way)."""
    ctx = AppContext()
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    result, rows = _large_audit(2_000)
    panel._on_audit_result(result, rows)
    model = panel.model
    panel.model.mark_stale([rows.key(model.row_at(1))])
    ours, qts = panel.view.itemDelegate(), QStyledItemDelegate()
    assert isinstance(ours, LocksDelegate)
    backgrounds = set()
    for view_row in range(40):
        for column in range(model.columnCount()):
            index = model.index(view_row, column)
            got, want = QStyleOptionViewItem(), QStyleOptionViewItem()
            ours.initStyleOption(got, index)
            qts.initStyleOption(want, index)
            text = QPalette.ColorRole.Text
            assert (got.text, got.backgroundBrush, got.palette.brush(text), got.font, got.features) == (
                want.text, want.backgroundBrush, want.palette.brush(text), want.font, want.features)
            backgrounds.add(got.backgroundBrush.color().name())
    assert len(backgrounds) >= 2  # problem rows coloured, healthy ones not
    ctx.tasks.shutdown()


def test_new_rows_under_the_same_columns_drop_the_selection(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    """Rows of findings so far, then the full audit's, come in as a layout change: nothing the
    user selected in the old rows stays selected in the new ones."""
    ctx = AppContext()
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    result, rows = _large_audit(300)
    panel._on_audit_result(result, rows)
    panel.select_row(3)
    assert panel.view.selectionModel().selectedRows()
    _, again = _large_audit(200)
    panel.model.set_rows(again)
    assert panel.model.rowCount() == len(again)
    assert not panel.view.selectionModel().selectedRows()
    assert not panel.view.currentIndex().isValid()
    ctx.tasks.shutdown()
