"""Accounts & locks as support staff use it, against moto: an answer for a table or schema the
user has left is dropped (never shown, or acted on, as the current one's); a detection landing
keeps a schema being typed; a search typed while the audit streams in applies to the rows so
far; an export to a path that cannot be written says why in a sentence."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.audit.rows import rows_of_findings
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from tests.helpers import seeded_accounts_copy

pytestmark = pytest.mark.gui


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


def _open(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        ctx.set_table(describe_table(conn, table))
    return panel


def _settle(qtbot: Any, ctx: AppContext) -> None:
    """Let every task of the panel end (an answer that would land has landed)."""
    qtbot.waitUntil(lambda: not any(ctx.tasks.is_running(n) for n in (
        "locks-audit", "locks-diagnose", "locks-detect")), timeout=20000)
    qtbot.wait(200)


def test_a_diagnosis_of_the_table_left_is_not_shown_in_the_next(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    answers: list[Any] = []
    panel.diagnosis_finished.connect(answers.append)
    panel.rule_picker.setCurrentText("email")
    panel.value_edit.setText("ken@thompson.dev")
    with seeded_accounts_copy(demo_conn, "other") as other:
        panel.diagnose_button.click()  # the GetItem runs in the pool...
        with qtbot.waitSignal(panel.audit_finished, timeout=20000):
            ctx.set_table(describe_table(demo_conn, other))  # ...while the user opens another table
        _settle(qtbot, ctx)
        assert answers == []
        assert panel.diagnose.diagnosis is None
        assert "ken@thompson.dev" not in panel.diagnosis_view.toPlainText()
        assert ctx.subject is None or ctx.subject.source != "diagnose"


def test_an_audit_of_the_schema_left_is_not_shown_under_the_new_one(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    # As on a large table: the new schema does not start an audit by itself.
    monkeypatch.setattr(ctx, "reads_on_open", lambda _table: False)
    finished: list[Any] = []
    panel.audit_finished.connect(finished.append)
    panel.run_audit()
    email_only = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK"),))
    panel.set_schema(email_only, save=False)
    _settle(qtbot, ctx)
    assert finished == []
    assert panel.result is None and panel.model.rowCount() == 0
    assert "schema changed" in panel.counts_label.text()
    assert not panel.audit_bar.progress.isVisibleTo(panel)
    assert panel.audit_button.isEnabled()


def test_a_detection_landing_keeps_the_schema_the_user_is_typing(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    messages: list[str] = []
    ctx.status_message.connect(messages.append)
    with qtbot.waitSignal(panel.controller.detected, timeout=20000):
        panel.detect_button.click()  # the sample is read in the pool...
        panel.edit_schema()  # ...while the user opens the editor and types
        dialog = panel.schema_dialog
        assert dialog is not None
        typed = dialog.editor.toPlainText().replace('"ACCT#"', '"USER#"')
        dialog.editor.setPlainText(typed)
    assert panel.schema_dialog is dialog and dialog.isVisible()
    assert dialog.editor.toPlainText() == typed
    assert any("detected" in m for m in messages)


def test_a_detection_opens_the_editor_when_nothing_was_typed(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    panel.edit_schema()
    untouched = panel.schema_dialog
    with qtbot.waitSignal(panel.controller.detected, timeout=20000):
        panel.detect_button.click()
    assert panel.schema_dialog is not None and panel.schema_dialog is not untouched
    assert panel.schema_dialog.notes.isVisibleTo(panel.schema_dialog)


def test_a_search_typed_while_the_audit_streams_in_applies_to_the_rows_so_far(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    assert panel.result is not None
    so_far = rows_of_findings(panel.schema, panel.result.findings)
    panel.model.clear()  # a first audit (as on opening a table): the findings so far show as read
    panel.grid.reset(None)
    panel.search.setText("ken@")
    panel.controller.audit_partial.emit(so_far)
    model = panel.model
    shown = [" ".join(str(model.index(r, c).data()) for c in range(model.columnCount())).lower()
             for r in range(model.rowCount())]
    assert shown and len(shown) < len(so_far)
    assert all("ken@" in text for text in shown), shown
    # A filter chosen once they are shown applies at once, as on the full rows.
    panel.search.clear()
    assert model.rowCount() == len(so_far)
    panel.set_status_filter({ORPHAN_LOCK})
    assert 0 < model.rowCount() < len(so_far)
    assert {model.pair_row(r).status for r in range(model.rowCount())} == {ORPHAN_LOCK}


def test_an_export_to_a_path_that_cannot_be_written_says_why_in_a_sentence(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str, tmp_path: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    crashes: list[Any] = []
    monkeypatch.setattr(sys, "excepthook", lambda *args: crashes.append(args))
    errors: list[Any] = []
    ctx.error_raised.connect(errors.append)
    panel.export_csv_button.click()
    dialog = panel.export_dialog
    assert dialog is not None
    target = tmp_path / "no-such-folder" / "audit.csv"  # its folder does not exist
    dialog.fileSelected.emit(str(target))
    assert crashes == []  # not a bug: the crash reporter stays closed
    assert len(errors) == 1
    assert str(target) in errors[0].message and "not exported" in errors[0].message
    assert not target.exists()
