"""Every dialog the accounts & locks panel opens, opened the way a user opens it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QFileDialog, QTextBrowser

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.ui.builder.template_forms import ClaimLockForm, ReleaseLockForm, ResolveDuplicateForm
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import DIAGNOSIS_LINES, LocksPanel
from dynoview.ui.locks.schema_dialog import SchemaDialog

pytestmark = pytest.mark.gui


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Any:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> LocksPanel:
    widget = LocksPanel(ctx)
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.audit_finished, timeout=20000):
        ctx.set_table(describe_table(demo_conn, seeded_table))
    return widget


def diagnose(qtbot: Any, panel: LocksPanel, rule: str, value: str) -> Any:
    panel.rule_picker.setCurrentText(rule)
    panel.value_edit.setText(value)
    with qtbot.waitSignal(panel.diagnosis_finished, timeout=20000) as blocker:
        qtbot.mouseClick(panel.diagnose_button, Qt.MouseButton.LeftButton)
    return blocker.args[0]


def test_edit_schema_button_opens_the_dialog(qtbot: Any, panel: LocksPanel) -> None:
    # The button's clicked(bool) once reached edit_schema's notes: TypeError, no dialog.
    qtbot.mouseClick(panel.edit_schema_button, Qt.MouseButton.LeftButton)
    dialog = panel.schema_dialog
    assert isinstance(dialog, SchemaDialog) and dialog.isVisible()
    assert dialog.editor.toPlainText() == schema_to_text(panel.schema)
    assert not dialog.notes.isVisibleTo(dialog)
    data = json.loads(dialog.editor.toPlainText())
    data["rules"][0]["normalisation"] = "lowercase"
    dialog.editor.setPlainText(json.dumps(data))
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):  # a small table: audited again
        dialog.accept()
    assert panel.schema.rules[0].normalisation == "lowercase"
    assert panel.ctx.schema is panel.schema  # shared with the builder and the items view
    assert "lowercase" in panel.schema_label.text()


def test_detected_schema_opens_the_dialog_with_its_notes(qtbot: Any, panel: LocksPanel) -> None:
    panel.detect_schema()
    qtbot.waitUntil(lambda: panel.schema_dialog is not None, timeout=10000)
    dialog = panel.schema_dialog
    assert dialog is not None and dialog.notes.isVisibleTo(dialog)
    assert dialog.notes.text().startswith("Accounts: PK begins with ACCT#")
    dialog.reject()
    assert panel.schema_dialog is None


def test_diagnose_answer_is_readable_and_its_buttons_follow_it(qtbot: Any, panel: LocksPanel) -> None:
    view: QTextBrowser = panel.diagnosis_view
    assert view.lineWrapMode() == QTextBrowser.LineWrapMode.WidgetWidth
    assert view.minimumHeight() >= QFontMetrics(view.font()).lineSpacing() * DIAGNOSIS_LINES
    buttons = (panel.diag_release_button, panel.diag_claim_button, panel.diag_resolve_button,
               panel.open_account_button, panel.open_lock_button)
    assert not any(b.isEnabled() for b in buttons)

    d = diagnose(qtbot, panel, "email", "ken@thompson.dev")
    assert d.status == ORPHAN_LOCK
    assert view.toPlainText().startswith("ken@thompson.dev is locked, and no account uses it")
    assert [b.isEnabled() for b in buttons] == [True, False, False, False, True]
    with qtbot.waitSignal(panel.ctx.open_item_requested) as opened:
        panel.open_lock_button.click()
    assert opened.args[1] == {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}}

    d = diagnose(qtbot, panel, "email", "shared@example.com")
    assert d.status == DUPLICATE_VALUE
    assert [b.isEnabled() for b in buttons] == [False, False, True, True, True]
    menu = panel.open_account_button.menu()
    assert menu is not None and [a.text() for a in menu.actions()] == ["ACCT#2a3b4c", "ACCT#3b4c5d"]

    d = diagnose(qtbot, panel, "username", "linus")
    assert d.status == MISSING_LOCK
    assert [b.isEnabled() for b in buttons] == [False, True, False, True, False]
    with qtbot.waitSignal(panel.ctx.open_item_requested) as opened:
        panel.open_account_button.click()
    assert opened.args[1] == {"PK": {"S": "ACCT#1d2e3f"}, "SK": {"S": "PROFILE"}}
    panel.diag_claim_button.click()
    form = panel.repairs.current_form
    assert isinstance(form, ClaimLockForm) and form.lock_label.text() == "UNIQ#HANDLE#linus"
    form.reject()


def test_release_dialog_names_the_lock_and_the_evidence(qtbot: Any, panel: LocksPanel) -> None:
    panel.set_status_filter({ORPHAN_LOCK})
    panel.select_row(0)
    row = panel.selected_row()
    panel.release_button.click()
    form = panel.repairs.current_form
    assert isinstance(form, ReleaseLockForm) and form.isVisible()
    value = row.cells["email"].value
    assert form.windowTitle() == f"Release the email lock {value}"
    texts = [w.text() for w in form.findChildren(type(form.intro)) if w.text()]
    assert f"UNIQ#EMAIL#{value}" in texts
    assert "No account holds it, according to the audit." in texts
    assert form.ok_button.isEnabled()
    with qtbot.waitSignal(panel.ctx.open_builder_requested) as opened:
        form.accept()
    (delete,) = opened.args[0]["TransactItems"]
    assert delete["Delete"]["Key"]["PK"] == {"S": f"UNIQ#EMAIL#{value}"}


def test_claim_dialog_names_the_account_value_and_lock(qtbot: Any, panel: LocksPanel) -> None:
    panel.set_status_filter({MISSING_LOCK})
    panel.select_row(0)
    panel.claim_button.click()
    form = panel.repairs.current_form
    assert isinstance(form, ClaimLockForm) and form.isVisible()
    assert form.windowTitle() == "Claim the username lock of ACCT#1d2e3f"
    assert form.value == "linus" and form.lock_label.text() == "UNIQ#HANDLE#linus"
    assert "<li>Put " in form.summary.text() and "<li>ConditionCheck " in form.summary.text()
    form.reject()
    assert panel.repairs.current_form is None


def test_resolve_dialog_lists_both_accounts_and_asks(qtbot: Any, panel: LocksPanel) -> None:
    panel.set_status_filter({DUPLICATE_VALUE})
    panel.select_row(0)
    panel.resolve_button.click()
    form = panel.repairs.current_form
    assert isinstance(form, ResolveDuplicateForm) and form.isVisible()
    assert form.windowTitle() == "Resolve duplicate email shared@example.com"
    assert [form.keep_group.button(i).text() for i in range(2)] == [
        "ACCT#2a3b4c — username dup1", "ACCT#3b4c5d — username dup2"]
    assert form.keep_index() is None and not form.ok_button.isEnabled()
    form.choose_keeper("ACCT#2a3b4c")
    form.remove_radio.setChecked(True)
    with qtbot.waitSignal(panel.ctx.open_builder_requested) as opened:
        form.accept()
    update = opened.args[0]["TransactItems"][-1]["Update"]
    assert update["Key"]["PK"] == {"S": "ACCT#3b4c5d"} and update["UpdateExpression"].startswith("REMOVE")


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_dialog_suggests_a_name_and_writes_the_file(qtbot: Any, panel: LocksPanel, tmp_path: Path,
                                                           fmt: str) -> None:
    button = panel.export_csv_button if fmt == "csv" else panel.export_json_button
    button.click()
    dialog = panel.export_dialog
    assert isinstance(dialog, QFileDialog) and dialog.isVisible()
    assert dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    assert dialog.defaultSuffix() == fmt
    assert dialog.nameFilters() == (["CSV (*.csv)"] if fmt == "csv" else ["JSON (*.json)"])
    assert dialog.selectedFiles()[0].endswith(f"{panel.result.table}-locks.{fmt}")
    target = tmp_path / f"out.{fmt}"
    with qtbot.waitSignal(panel.ctx.status_message) as said:
        dialog.fileSelected.emit(str(target))  # what accepting the dialog on that file does
    assert said.args[0] == (f"Exported every finding of the audit ({len(panel.result.findings):,}) to "
                            f"{target}; the window's filter and search do not apply.")
    text = target.read_text()
    assert text.startswith("status,rule,value") if fmt == "csv" else json.loads(text)["findings"]
    dialog.reject()
