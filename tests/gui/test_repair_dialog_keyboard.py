"""Repair all's keyboard: Enter typed in the rate or the confirmation never starts the bulk
write; Tab then Space, or the Alt+R mnemonic, does. Against moto over HTTP (a remote-looking
endpoint that cannot resolve stands in for one that needs the table name typed)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QPushButton

from dynoview.core.audit.run import run_audit
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.tx.action_log import ActionLog
from dynoview.ui.context import AppContext
from dynoview.ui.locks.repair_dialog import RepairDialog, open_repair_dialog
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui

# Not on this machine, so the table name must be typed; ".invalid" never resolves, so nothing
# could reach a real endpoint even if a run started.
REMOTE = "http://dynamodb.invalid:9"


def _shown(qtbot: Any, dialog: RepairDialog, tmp_path: Path) -> RepairDialog:
    qtbot.addWidget(dialog)
    dialog.log = ActionLog(tmp_path / "actions.jsonl")
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()  # offscreen Qt has no window manager to do it; shortcuts need it
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5000)
    return dialog


def _local_dialog(qtbot: Any, ctx: AppContext, tmp_path: Path) -> RepairDialog:
    assert ctx.reader is not None and ctx.table is not None
    audit = run_audit(ctx.reader, ctx.table, ctx.schema, segments=1, consistent=True)
    dialog = open_repair_dialog(None, ctx, audit, ctx.schema)
    assert dialog is not None
    return _shown(qtbot, dialog, tmp_path)


@pytest.fixture
def remote_ctx(qasync_loop: asyncio.AbstractEventLoop, ctx: AppContext) -> Iterator[AppContext]:
    """The seeded table's description and schema, on a connection that needs the name typed."""
    assert ctx.table is not None
    context = AppContext()
    spec = ConnectionSpec(name="remote", endpoint_url=REMOTE, region="us-east-1")
    assert not spec.is_local
    context.set_connection(Connection(spec, credentials=FAKE_KEYS))
    context.set_table(ctx.table)
    yield context
    context.tasks.shutdown()


def test_no_button_is_the_default(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    dialog = _local_dialog(qtbot, ctx, tmp_path)
    buttons = dialog.findChildren(QPushButton)
    assert [b.text() for b in buttons if b.isDefault() or b.autoDefault()] == []


def test_enter_in_the_rate_starts_nothing(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    dialog = _local_dialog(qtbot, ctx, tmp_path)
    assert dialog.start_button.isEnabled()
    dialog.rate.setFocus()
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        qtbot.keyClick(dialog.rate, key)
    qtbot.wait(200)
    assert not dialog.running and not dialog.controller.busy
    assert dialog.last_run is None and dialog.log.entries() == []
    assert dialog.isVisible()  # nor closed: the user was typing a number
    assert dialog.status_label.text() == "Nothing sent yet."


def test_enter_in_the_confirmation_moves_to_the_button(qtbot: Any, remote_ctx: AppContext,
                                                       ctx: AppContext, tmp_path: Path) -> None:
    assert ctx.reader is not None and ctx.table is not None
    findings = run_audit(ctx.reader, ctx.table, ctx.schema, segments=1, consistent=True).findings
    dialog = _shown(qtbot, RepairDialog(remote_ctx, list(findings), remote_ctx.schema,
                                        ctx.table), tmp_path)
    assert dialog.confirm_edit.isVisible() and not dialog.start_button.isEnabled()
    dialog.confirm_edit.setFocus()
    qtbot.keyClicks(dialog.confirm_edit, ctx.table.name)
    assert dialog.start_button.isEnabled()
    qtbot.keyClick(dialog.confirm_edit, Qt.Key.Key_Return)
    qtbot.wait(200)
    assert not dialog.running and not dialog.controller.busy and dialog.last_run is None
    assert dialog.status_label.text() == "Nothing sent yet."
    assert dialog.start_button.hasFocus()  # one more key (Space) starts it, knowingly


def test_enter_with_the_name_wrong_keeps_the_focus_in_the_field(qtbot: Any, remote_ctx: AppContext,
                                                                ctx: AppContext, tmp_path: Path) -> None:
    assert ctx.table is not None
    dialog = _shown(qtbot, RepairDialog(remote_ctx, [], remote_ctx.schema, ctx.table), tmp_path)
    dialog.confirm_edit.setFocus()
    qtbot.keyClicks(dialog.confirm_edit, "not-the-table")
    qtbot.keyClick(dialog.confirm_edit, Qt.Key.Key_Return)
    assert not dialog.start_button.isEnabled() and not dialog.start_button.hasFocus()
    assert not dialog.running and dialog.last_run is None and dialog.isVisible()


def test_tab_and_space_or_alt_r_start_the_run(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    dialog = _local_dialog(qtbot, ctx, tmp_path)
    assert dialog.start_button.shortcut() == QKeySequence("Alt+R")
    dialog.rate.setValue(50)
    dialog.rate.setFocus()
    for _ in range(10):  # Tab from the rate reaches the button
        if dialog.start_button.hasFocus():
            break
        qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Tab)
    assert dialog.start_button.hasFocus()
    qtbot.keyClick(dialog.start_button, Qt.Key.Key_Return)  # Enter on it is no click either
    assert not dialog.running
    with qtbot.waitSignal(dialog.run_finished, timeout=30000) as finished:
        qtbot.keyClick(dialog.start_button, Qt.Key.Key_Space)
    assert not finished.args[0].cancelled and len(dialog.log.entries()) == 3


def test_alt_r_starts_the_run(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    dialog = _local_dialog(qtbot, ctx, tmp_path)
    dialog.rate.setValue(50)
    dialog.rate.setFocus()
    with qtbot.waitSignal(dialog.run_finished, timeout=30000):
        qtbot.keyClick(dialog.rate, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
    assert len(dialog.log.entries()) == 3
