"""One path for bugs: an unexpected exception in a background read or in the slot that shows
its result reaches the crash dialog with its traceback, a saved report, and the panel leaves its
busy state; AWS errors keep their one-sentence box (dynoview/ui/tasks.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from dynoview.core.errors import is_user_facing
from dynoview.core.session.connection import Connection
from dynoview.ui import settings as saved
from dynoview.ui.crash import CrashHandler
from dynoview.ui.main_window import MainWindow
from dynoview.ui.tasks import was_reported
from dynoview.ui.window import connection_controller

pytestmark = [pytest.mark.gui, pytest.mark.qt_no_exception_capture]


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The one-line warning boxes the window showed (MainWindow._error opens an "error-box")."""
    shown: list[str] = []
    opened = QMessageBox.open

    def record(box: QMessageBox) -> None:
        if box.objectName() == "error-box":
            shown.append(f"{box.windowTitle()}: {box.text()}")
        else:
            opened(box)

    monkeypatch.setattr(QMessageBox, "open", record)
    return shown


@pytest.fixture
def window(qtbot, qasync_loop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           demo_conn: Connection, seeded_table: str) -> MainWindow:
    monkeypatch.setattr(saved, "settings_path", lambda: tmp_path / "config" / "settings.ini")
    win = MainWindow()
    qtbot.addWidget(win)
    win.ctx.set_connection(demo_conn)
    win.tables_panel.set_tables(demo_conn.list_tables())
    win.show()
    return win


@pytest.fixture
def crash(window: MainWindow, tmp_path: Path, qasync_loop) -> Iterator[CrashHandler]:
    """The handler run_app installs: sys.excepthook, threads and the asyncio loop."""
    handler = CrashHandler(window, context=window.crash_context, secrets=window.crash_secrets,
                           log_folder=tmp_path / "logs")
    handler.install()
    qasync_loop.set_exception_handler(handler.asyncio_handler)
    yield handler
    handler.uninstall()
    if handler.dialog is not None:
        handler.dialog.close()


def saved_reports(tmp_path: Path) -> list[str]:
    return [p.read_text() for p in sorted((tmp_path / "logs").glob("error-*.txt"))]


def test_bug_in_a_background_read_reaches_the_crash_dialog(qtbot, window: MainWindow,
                                                           crash: CrashHandler, boxes: list[str],
                                                           seeded_table: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A malformed DescribeTable answer used to show "Unexpected error: AttributeError…" in a
    box: no traceback, no saved report."""
    def describe_malformed(_conn: Any, _name: str) -> None:
        answer: dict[str, Any] = {"Table": None}  # what a broken proxy might send
        return answer["Table"].get("KeySchema")

    monkeypatch.setattr(connection_controller, "describe_table", describe_malformed)
    window.open_table(seeded_table)
    qtbot.waitUntil(lambda: crash.dialog is not None and crash.dialog.isVisible(), timeout=10000)
    report = crash.dialog.details.toPlainText()
    assert "AttributeError" in report
    assert "describe_malformed" in report  # the traceback, from the worker thread
    assert "in background task 'describe'" in report
    reports = saved_reports(tmp_path)
    assert len(reports) == 1 and "describe_malformed" in reports[0]
    assert boxes == []  # no second, one-line box for the same bug
    assert not window.ctx.tasks.running()  # nothing left busy


def test_bug_in_the_slot_that_shows_a_page_resets_the_items_tab(qtbot, window: MainWindow,
                                                                crash: CrashHandler, boxes: list[str],
                                                                seeded_table: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception while showing a page (as NaN in a TTL did) left the tab on "Reading…"."""
    panel = window.items_panel

    def append_page(*_args: Any) -> None:
        raise ZeroDivisionError("broken cell")

    with qtbot.waitSignal(window.table_shown, timeout=15000):
        window.tables_panel.select(seeded_table)
    monkeypatch.setattr(panel.model, "append_page", append_page)
    panel.run()
    assert panel.progress.text() == "Reading…"
    qtbot.waitUntil(lambda: crash.dialog is not None and crash.dialog.isVisible(), timeout=10000)
    report = crash.dialog.details.toPlainText()
    assert "ZeroDivisionError: broken cell" in report and "append_page" in report
    # Each Items tab runs its own browse task, named 'browse' or 'browse-<id>'.
    assert "in background task 'browse" in report
    assert len(saved_reports(tmp_path)) == 1
    qtbot.waitUntil(lambda: panel.progress.text() != "Reading…")
    assert not panel.controller.busy and not panel.cancel_button.isEnabled()
    assert "unexpected error" in panel.error_label.text()
    assert boxes == []
    # The app goes on: the next read works.
    monkeypatch.undo()
    with qtbot.waitSignal(panel.controller.page_loaded, timeout=15000):
        panel.run()
    assert panel.model.rowCount() > 0


def test_nan_ttl_value_shows_as_never_expiring(qtbot, window: MainWindow, crash: CrashHandler,
                                               seeded_table: str) -> None:
    """The page that used to crash the items model: {"N": "NaN"} in the TTL attribute."""
    panel = window.items_panel
    with qtbot.waitSignal(window.table_shown, timeout=15000):
        window.tables_panel.select(seeded_table)
    assert panel.model.ttl_attribute
    item = {"PK": {"S": "SESSION#nan"}, "SK": {"S": "SESSION"}, panel.model.ttl_attribute: {"N": "NaN"}}
    panel.model.append_page([item], True)
    row = panel.model.rowCount() - 1
    assert panel.model.ttl_of(row).text == "will never expire"
    assert crash.dialog is None


def test_aws_errors_keep_their_sentence(qtbot, window: MainWindow, crash: CrashHandler,
                                        boxes: list[str]) -> None:
    """A user-facing error (here: no such table) is a sentence in a box, not a crash report."""
    window.open_table("no-such-table")
    qtbot.waitUntil(lambda: bool(boxes), timeout=10000)
    assert boxes[0].startswith("Table not found")
    assert crash.dialog is None


def test_task_without_on_error_reports_any_failure(qtbot, window: MainWindow,
                                                   crash: CrashHandler) -> None:
    """Nobody would see the error otherwise: it used to go to the log only."""
    def work() -> None:
        raise LookupError("no handler for this")

    async def orphan() -> None:
        await window.ctx.tasks.call(work)

    window.ctx.tasks.start("orphan", orphan())
    qtbot.waitUntil(lambda: crash.dialog is not None, timeout=10000)
    assert "LookupError: no handler for this" in crash.dialog.details.toPlainText()


def test_user_facing_classification() -> None:
    from botocore.exceptions import ClientError, EndpointConnectionError

    from dynoview.core.errors import ReadOnlyError

    assert is_user_facing(ReadOnlyError("read-only"))
    assert is_user_facing(EndpointConnectionError(endpoint_url="http://localhost:1"))
    assert is_user_facing(ClientError({"Error": {"Code": "ResourceNotFoundException"}}, "Scan"))
    assert not is_user_facing(AttributeError("x"))
    assert not is_user_facing(KeyError("x"))
    assert not was_reported(AttributeError("x"))



def test_a_panel_reporting_a_bug_itself_gets_the_crash_dialog(qtbot, window: MainWindow,
                                                             crash: CrashHandler, boxes: list[str]) -> None:
    """Panels hand errors to ``ctx.report``; a bug there is a report, not a one-line box."""
    try:
        {}["missing"]
    except KeyError as exc:
        err = window.ctx.report(exc, operation="Scan")
    assert "Scan stopped on an unexpected error (KeyError)" in err.message
    qtbot.waitUntil(lambda: crash.dialog is not None, timeout=5000)
    assert "KeyError: 'missing'" in crash.dialog.details.toPlainText()
    assert boxes == []
