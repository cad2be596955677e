"""File → "Audit an export…": the dialog driven through its widgets, on an export of the seeded
table written by the test; its findings are the live audit's and go on to the Repair dialog."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.audit.run import run_audit
from dynoview.core.exports.writer import write_export
from dynoview.core.uniqueness.findings import LABELS, ORPHAN_LOCK
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.export_audit_dialog import ExportAuditDialog, open_export_audit_dialog

pytestmark = pytest.mark.gui


def _export(ctx: AppContext, tmp_path: Path) -> Path:
    assert ctx.connection is not None and ctx.table is not None
    items: list[dict[str, Any]] = []
    for page in ctx.connection.client.get_paginator("scan").paginate(TableName=ctx.table.name):
        items.extend(page["Items"])
    return write_export(tmp_path, ctx.table.name, items)


def test_audit_an_export_with_progress_then_save_and_repair(qtbot: Any, ctx: AppContext,
                                                            tmp_path: Path) -> None:
    folder = _export(ctx, tmp_path)
    dialog = open_export_audit_dialog(None, ctx)
    qtbot.addWidget(dialog)
    assert dialog.ttl.text() == "expiresAt"  # from the open table's TTL setting
    assert not dialog.save_button.isEnabled() and not dialog.repair_button.isEnabled()
    dialog.add_path(str(folder))
    with qtbot.waitSignal(dialog.finished_audit, timeout=60000) as done:
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result is not None and dialog.audit_result is result
    assert ctx.reader is not None and ctx.table is not None
    live = run_audit(ctx.reader, ctx.table, ctx.schema, segments=1, consistent=True)
    assert [(f.status, f.value) for f in result.result.findings] == [
        (f.status, f.value) for f in live.findings]
    assert "snapshot of the table" in dialog.summary.text()
    # The dialog shows each finding with its status label, as the locks panel does.
    assert f"[{LABELS[ORPHAN_LOCK]}] ken@thompson.dev is locked" in dialog.findings.toPlainText()
    assert dialog.save_button.isEnabled() and dialog.repair_button.isEnabled()
    dialog.save_report(tmp_path / "report.json")
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["scan"]["consistency"] == "snapshot" and report["export"]["confirm_requests"]
    repair = dialog.open_repair()
    assert repair is not None
    qtbot.addWidget(repair)
    assert repair.plan_label.text().startswith("Will release 2 orphan locks and claim 1 missing lock;")


def test_a_corrupted_file_is_named_and_nothing_reported(qtbot: Any, ctx: AppContext,
                                                        tmp_path: Path) -> None:
    folder = _export(ctx, tmp_path)
    victim = sorted((folder / "data").iterdir())[0]
    victim.write_bytes(b"garbage")
    dialog = ExportAuditDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.add_path(str(folder))
    with qtbot.waitSignal(dialog.finished_audit, timeout=60000) as done:
        dialog.start()
    assert done.args[0] is None
    assert f"data/{victim.name} is corrupted" in dialog.summary.text()
    assert dialog.run_button.isEnabled() and not dialog.save_button.isEnabled()


def test_file_menu_opens_the_export_audit(qtbot: Any, qasync_loop: Any) -> None:
    from dynoview.ui.main_window import MainWindow
    from dynoview.ui.transfer.export_audit_dialog import ExportAuditDialog

    window = MainWindow()
    qtbot.addWidget(window)
    window.export_audit_action.trigger()
    assert isinstance(window.export_audit_dialog, ExportAuditDialog)
    assert window.export_audit_dialog.isVisible()
    window.export_audit_dialog.reject()


@pytest.mark.parametrize("status", ["DISABLED", "DISABLING"])
def test_a_ttl_that_is_off_is_not_offered_as_the_export_audits_ttl(qtbot: Any, ctx: AppContext,
                                                                   status: str) -> None:
    """DescribeTimeToLive still names the attribute of a TTL turned off; nothing expires by it,
    so the export audit must not judge locks past it as expired (DynamoDB would delete them)."""
    import dataclasses

    assert ctx.table is not None and ctx.table.ttl_attribute == "expiresAt"
    ctx.table = dataclasses.replace(ctx.table, ttl_status=status)
    dialog = ExportAuditDialog(ctx)
    qtbot.addWidget(dialog)
    assert dialog.ttl.text() == ""
