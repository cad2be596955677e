"""Dialogs built new on every open are deleted when they close (Cancel, Esc, the title bar), not
kept hidden in the window for the session with what they were opened on (an export's rows, a
repair's connection). One whose work still runs is kept until it ends (its controller reports
to it, and closing the window finds it there), and a Repair all that stopped with findings left
stays, as designed, for the next Repair all… to continue."""

from __future__ import annotations

import functools
import gc
import sys
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.ui.builder.drafts_dialog import OpenDraftDialog, SaveDraftDialog
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.locks.repair_dialog import RepairDialog
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.settings_dialog import SettingsDialog
from dynoview.ui.transfer.export_audit_dialog import ExportAuditDialog
from dynoview.ui.transfer.export_dialog import ExportDialog
from dynoview.ui.transfer.import_controller import ImportController
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.gui.conftest import open_window
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import plain_document

pytestmark = pytest.mark.gui
N = 3


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drafts, the action log and an import's progress file go under the test's folder."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


def _reject(dialog: QDialog) -> None:
    dialog.reject()


def _escape(dialog: QDialog) -> None:
    QTest.keyClick(dialog, Qt.Key.Key_Escape)


def _title_bar(dialog: QDialog) -> None:
    dialog.close()


CLOSES = (_reject, _escape, _title_bar)


def settle() -> None:
    """Let the closes happen and their deferred deletes run."""
    for _ in range(3):
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def left(owner: QWidget, cls: type[QDialog]) -> list[QDialog]:
    return [d for d in owner.findChildren(cls) if shiboken6.isValid(d)]


def open_and_close(owner: QWidget, cls: type[QDialog], open_it: Callable[[], Any]) -> None:
    """Open ``N`` times, closing each a different way: none of them is left in ``owner``."""
    for n in range(N):
        open_it()
        [dialog] = left(owner, cls)
        assert dialog.isVisible()
        CLOSES[n % len(CLOSES)](dialog)
        assert not dialog.isVisible()
        settle()
        assert not shiboken6.isValid(dialog), f"{cls.__name__} closed by {CLOSES[n].__name__} was kept"
    assert left(owner, cls) == []


def test_settings_is_deleted_when_closed(qtbot: Any, connected_window: MainWindow) -> None:
    win = connected_window
    open_and_close(win, SettingsDialog, win.session_view.show_settings)
    assert win.session_view.settings_dialog is None  # nothing points at a deleted dialog


def test_open_and_save_draft_are_deleted_when_closed(qtbot: Any, builder_panel: Any) -> None:
    drafts = builder_panel.drafts
    open_and_close(builder_panel, OpenDraftDialog, drafts.open_dialog)
    open_and_close(builder_panel, SaveDraftDialog, drafts.save_as)
    assert drafts.dialog is None


def test_connect_and_the_action_log_are_deleted_when_closed(qtbot: Any, connected_window: MainWindow,
                                                             builder_panel: Any) -> None:
    from dynoview.ui.builder.dialogs import ActionLogDialog
    from dynoview.ui.window.connection_dialog import ConnectionDialog

    win = connected_window
    open_and_close(win, ConnectionDialog, win.show_connection_dialog)
    assert win.connection_dialog is None
    open_and_close(builder_panel, ActionLogDialog, builder_panel.show_action_log)
    assert builder_panel.dialog is None


class Row(dict[str, Any]):
    """An item a weak reference can follow."""


def test_export_is_deleted_with_the_rows_it_was_given(qtbot: Any, connected_window: MainWindow) -> None:
    transfer = connected_window.items_panel.transfer
    rows = [Row(item) for item in transfer._result()]
    assert rows
    watched = weakref.ref(rows[0])
    transfer._result = functools.partial(list, rows)  # the view's result, as Export… gets it
    open_and_close(connected_window, ExportDialog, transfer.open_export)
    assert transfer.dialog is None
    transfer._result = list
    del rows
    gc.collect()
    assert watched() is None, "a closed Export… still holds the rows it was opened on"


@pytest.fixture
def target(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "closedimp") as name:
        yield name


def _import_into(win: MainWindow, conn: Connection, target: str, tmp_path: Path) -> ImportDialog:
    source = tmp_path / "items.json"
    source.write_text(render([plain_document(n) for n in range(400)], DDB_JSON))
    transfer = win.items_panel.transfer
    info = describe_table(conn, target)
    transfer._table = lambda: info
    dialog = transfer.open_import()
    assert isinstance(dialog, ImportDialog)
    dialog.path_edit.setText(str(source))
    return dialog


def test_import_is_deleted_when_closed_even_while_it_previews(
        qtbot: Any, connected_window: MainWindow, demo_conn: Connection, target: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    win = connected_window
    win.items_panel.transfer._table = lambda: describe_table(demo_conn, target)
    open_and_close(win, ImportDialog, win.items_panel.transfer.open_import)
    errors: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda _t, exc, _tb: errors.append(exc))
    dialog = _import_into(win, demo_conn, target, tmp_path)
    qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    dialog.reject()  # while the file is read
    settle()
    assert not shiboken6.isValid(dialog)
    qtbot.wait(1500)  # the preview's answer had nowhere to go: dropped, no error
    assert errors == []


def test_import_closed_while_it_writes_is_kept_until_it_stops(
        qtbot: Any, connected_window: MainWindow, demo_conn: Connection, target: str,
        tmp_path: Path) -> None:
    win = connected_window
    dialog = _import_into(win, demo_conn, target, tmp_path)
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    dialog.rate_spin.setValue(20)
    controller = dialog.controller
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert controller.running
    win.closing_unattended = True  # a signal's close: the dialog goes, the import runs
    try:
        dialog.reject()
        assert not dialog.isVisible()
        settle()
        # Not deleted under its work: the window still finds the import to stop and wait for.
        assert shiboken6.isValid(dialog) and win.findChildren(ImportController) == [controller]
        with qtbot.waitSignal(controller.finished, timeout=30000):
            controller.cancel()
        settle()
        assert not shiboken6.isValid(dialog)
    finally:
        win.closing_unattended = False


def test_export_audit_is_deleted_when_closed(qtbot: Any, connected_window: MainWindow) -> None:
    win = connected_window
    open_and_close(win, ExportAuditDialog, lambda: win.show_dialog("export_audit"))


def _panel(qtbot: Any, win: MainWindow) -> LocksPanel:
    panel: LocksPanel = win.feature("LocksPanel")
    qtbot.waitUntil(lambda: panel.result is not None, timeout=20000)
    return panel


def _repair(panel: LocksPanel, tmp_path: Path) -> RepairDialog:
    panel.repair_all()
    dialog = panel.repair_dialog
    assert isinstance(dialog, RepairDialog) and dialog.isVisible()
    dialog.log = ActionLog(tmp_path / "actions.jsonl")
    return dialog


# Reopening raises the dialog; the offscreen platform says it cannot.
@pytest.mark.qt_log_ignore("This plugin does not support raise", extend=True)
def test_repair_all_is_deleted_when_done_and_kept_with_findings_left(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
        tmp_path: Path) -> None:
    win = open_window(qtbot, demo_conn, seeded_table)
    panel = _panel(qtbot, win)
    # Closed before any run: nothing to continue, so each goes.
    open_and_close(panel, RepairDialog, panel.repair_all)

    # A run stopped with findings left: kept (hidden), and the next Repair all… shows it again.
    dialog = _repair(panel, tmp_path)
    _stopped_with_findings_left(qtbot, dialog)
    panel.repair_all()
    assert panel.repair_dialog is dialog and dialog.isVisible()

    # Continued to the end, then closed: done, so deleted.
    dialog.rate.setValue(50)
    with qtbot.waitSignal(dialog.run_finished, timeout=30000):
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.controller.busy, timeout=15000)
    assert not dialog.unfinished()
    _escape(dialog)
    settle()
    assert not shiboken6.isValid(dialog)
    assert left(panel, RepairDialog) == []


def _stopped_with_findings_left(qtbot: Any, dialog: RepairDialog) -> None:
    """Start at one finding a second, close once one is done: the run stops with some left."""
    dialog.rate.setValue(1.0)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(dialog.state.done), timeout=15000)
    with qtbot.waitSignal(dialog.run_finished, timeout=30000):
        dialog.reject()
    qtbot.waitUntil(lambda: not dialog.controller.busy, timeout=15000)
    settle()
    assert shiboken6.isValid(dialog) and dialog.unfinished()


def test_a_kept_repair_goes_once_the_window_leaves_its_connection(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
        tmp_path: Path) -> None:
    """It could never send again (``opened_on``) and no Repair all… finds it: nothing to keep."""
    win = open_window(qtbot, demo_conn, seeded_table)
    dialog = _repair(_panel(qtbot, win), tmp_path)
    _stopped_with_findings_left(qtbot, dialog)
    win.ctx.set_connection(None)
    settle()
    assert not shiboken6.isValid(dialog)


def test_export_audit_stays_while_its_repair_has_a_run_to_continue(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
        tmp_path: Path) -> None:
    """Its Repair… is its child: deleting the audit then would delete the repair to continue."""
    from dynoview.core.exports.writer import write_export

    win = open_window(qtbot, demo_conn, seeded_table)
    items = demo_conn.client.scan(TableName=seeded_table)["Items"]
    folder = write_export(tmp_path / "export", seeded_table, items)
    win.show_dialog("export_audit")
    [audit] = left(win, ExportAuditDialog)
    assert isinstance(audit, ExportAuditDialog)
    audit.add_path(str(folder))
    with qtbot.waitSignal(audit.finished_audit, timeout=60000):
        qtbot.mouseClick(audit.run_button, Qt.MouseButton.LeftButton)
    repair = audit.open_repair()
    assert isinstance(repair, RepairDialog)
    repair.log = ActionLog(tmp_path / "actions.jsonl")
    _stopped_with_findings_left(qtbot, repair)
    audit.reject()
    settle()
    assert shiboken6.isValid(audit) and shiboken6.isValid(repair)
    # Continued to the end and closed: both go.
    repair.open()
    repair.rate.setValue(50)
    with qtbot.waitSignal(repair.run_finished, timeout=30000):
        qtbot.mouseClick(repair.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not repair.controller.busy, timeout=15000)
    repair.reject()
    settle()
    assert not shiboken6.isValid(repair) and not shiboken6.isValid(audit)
