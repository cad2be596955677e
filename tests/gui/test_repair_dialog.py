"""Accounts & locks → "Repair all…": the dialog driven through its widgets, against moto over HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.audit.run import AuditResult, run_audit
from dynoview.core.repair.run import RepairRun
from dynoview.core.repair.state import ALREADY_FIXED, APPLIED, PENDING
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import WrittenKey
from dynoview.ui.locks.repair_dialog import RepairDialog, open_repair_dialog
from dynoview.ui.locks.repair_model import COL_ACTION, COL_RESULT, COL_VALUE, OutcomeRole
from dynoview.ui.row_select import select_only_row
from tests.demo_expectations import DECISIONS
from tests.helpers import connect

pytestmark = pytest.mark.gui


def _audit(ctx: AppContext) -> AuditResult:
    assert ctx.reader is not None and ctx.table is not None
    return run_audit(ctx.reader, ctx.table, ctx.schema, segments=1, consistent=True)


def _results(dialog: RepairDialog) -> dict[str, str]:
    model = dialog.model
    return {model.data(model.index(r, COL_VALUE)): model.data(model.index(r, COL_RESULT))
            for r in range(model.rowCount())}


def _dialog(qtbot: Any, ctx: AppContext, tmp_path: Path) -> RepairDialog:
    dialog = open_repair_dialog(None, ctx, _audit(ctx), ctx.schema)
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.log = ActionLog(tmp_path / "actions.jsonl")
    return dialog


def test_plan_run_and_results_per_finding(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, ctx, tmp_path)
    assert dialog.plan_label.text().startswith(
        "Will release 2 orphan locks and claim 1 missing lock; 4 findings need a decision.")
    model = dialog.model
    actions = [model.data(model.index(r, COL_ACTION)) for r in range(model.rowCount())]
    assert actions == ["release the lock"] * 2 + ["claim the lock"] + ["a person decides"] * 4
    assert _results(dialog)["shared@example.com"] == "needs a decision"
    assert dialog.start_button.text() == "&Repair 3 findings" and dialog.start_button.isEnabled()
    assert not dialog.cancel_button.isEnabled()

    dialog.rate.setValue(50)
    written: list[list[WrittenKey]] = []
    ctx.items_written.connect(written.append)
    with qtbot.waitSignal(dialog.run_finished, timeout=30000) as finished:
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        assert dialog.running and dialog.cancel_button.isEnabled() and not dialog.start_button.isEnabled()
    run: RepairRun = finished.args[0]
    assert [o.status for o in run.outcomes] == [APPLIED] * 3
    results = _results(dialog)
    assert [results[v] for v in ("barbara@mit.edu", "ken@thompson.dev", "linus")] == ["applied"] * 3
    assert model.data(model.index(0, COL_RESULT), OutcomeRole).status == APPLIED
    assert "3 applied; 4 need a decision." in dialog.status_label.text()
    assert dialog.progress.value() == 3 and not dialog.start_button.isEnabled()
    assert len(dialog.log.entries()) == 3
    # The locks panel and the browser learn which items the repair wrote.
    assert [sorted(w.key["PK"]["S"] for w in written[0])] == [
        ["UNIQ#EMAIL#barbara@mit.edu", "UNIQ#EMAIL#ken@thompson.dev", "UNIQ#HANDLE#linus"]]
    # Selecting a row shows its sentence and the exact request sent.
    select_only_row(dialog.view, 1)
    assert "Request: {\"TransactItems\"" in dialog.details.text()

    after = _audit(ctx)
    assert {f.status for f in after.findings} == {status for status, _, _ in DECISIONS}


def test_cancel_then_continue_acts_on_no_finding_twice(qtbot: Any, ctx: AppContext,
                                                       tmp_path: Path) -> None:
    dialog = _dialog(qtbot, ctx, tmp_path)
    dialog.rate.setValue(1.0)  # a second between findings: time to cancel after the first

    def first_applied() -> None:
        assert _results(dialog)["barbara@mit.edu"] == "applied"

    with qtbot.waitSignal(dialog.run_finished, timeout=30000) as finished:
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(first_applied, timeout=15000)
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    run: RepairRun = finished.args[0]
    assert run.cancelled and [o.status for o in run.outcomes] == [APPLIED, PENDING, PENDING]
    assert dialog.status_label.text().startswith("Cancelled.")
    assert _results(dialog)["linus"] == "not done yet"
    assert dialog.start_button.text() == "&Continue (2 left)" and dialog.start_button.isEnabled()

    dialog.rate.setValue(50)
    with qtbot.waitSignal(dialog.run_finished, timeout=30000) as finished:
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    run = finished.args[0]
    assert [(o.status, o.earlier) for o in run.outcomes] == [(APPLIED, True), (APPLIED, False),
                                                             (APPLIED, False)]
    assert run.outcomes[0].id in dialog.state.done
    sent = [e["request"]["TransactItems"][0] for e in dialog.log.entries()]
    assert len(sent) == 3 and len({repr(a) for a in sent}) == 3
    assert _results(dialog)["linus"] == "applied"


def test_a_finding_fixed_meanwhile_is_skipped(qtbot: Any, ctx: AppContext, demo_conn: Connection,
                                              tmp_path: Path) -> None:
    dialog = _dialog(qtbot, ctx, tmp_path)
    assert ctx.table is not None
    demo_conn.client.put_item(TableName=ctx.table.name,
                              Item={"PK": {"S": "UNIQ#HANDLE#linus"}, "SK": {"S": "LOCK"}})
    dialog.rate.setValue(50)
    with qtbot.waitSignal(dialog.run_finished, timeout=30000):
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    row = next(r for r in range(dialog.model.rowCount())
               if dialog.model.data(dialog.model.index(r, COL_VALUE)) == "linus")
    outcome = dialog.model.outcome(row)
    assert outcome is not None and outcome.status == ALREADY_FIXED
    assert "someone claimed the lock" in dialog.model.data(dialog.model.index(row, COL_RESULT),
                                                          Qt.ItemDataRole.ToolTipRole)
    assert len(dialog.log.entries()) == 2


@pytest.fixture
def read_only_ctx(qasync_loop: asyncio.AbstractEventLoop, moto_endpoint: str,
                  seeded_table: str) -> Iterator[AppContext]:
    context = AppContext()
    conn = connect(moto_endpoint, read_only=True, name="read-only")
    context.set_connection(conn)
    context.set_table(describe_table(conn, seeded_table))
    yield context
    context.tasks.shutdown()


def test_read_only_connection_cannot_start(qtbot: Any, read_only_ctx: AppContext, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, read_only_ctx, tmp_path)
    assert not dialog.start_button.isEnabled()
    assert dialog.read_only_label.isVisibleTo(dialog)
    assert dialog.read_only_label.text().startswith("This connection is read-only: nothing was repaired")


def test_open_without_an_audit_says_what_to_do(qtbot: Any, ctx: AppContext) -> None:
    messages: list[str] = []
    ctx.status_message.connect(messages.append)
    assert open_repair_dialog(None, ctx, None, ctx.schema) is None
    assert messages == ["Run the full audit first: Repair all works on its findings."]
