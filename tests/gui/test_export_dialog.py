"""Export…: a whole table by a parallel Scan with a progress bar, Cancel that leaves no file,
and the current result of a view as CSV."""

from __future__ import annotations

import csv
import io
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.items.export import CSV, DDB_JSON, ExportProgress, item_from_ddb_json_line
from dynoview.ui.context import AppContext
from dynoview.ui.row_select import select_only_row
from dynoview.ui.transfer.export_dialog import ExportDialog

pytestmark = pytest.mark.gui


def scan_count(ctx: AppContext) -> int:
    assert ctx.connection is not None and ctx.table is not None
    return len(ctx.connection.client.scan(TableName=ctx.table.name)["Items"])


def dialog_for(qtbot: Any, ctx: AppContext, path: Path, items: list | None = None) -> ExportDialog:
    dialog = ExportDialog(ctx, items or [], table=ctx.table)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path.setText(str(path))
    return dialog


def test_whole_table_export_shows_progress_and_writes_every_item(qtbot: Any, ctx: AppContext,
                                                                 tmp_path: Path) -> None:
    path = tmp_path / "accounts.json"
    dialog = dialog_for(qtbot, ctx, path)
    assert dialog.table_scope.isChecked()  # nothing loaded: the whole table
    dialog.format.setCurrentIndex(dialog.format.findData(DDB_JSON))
    dialog.segments.setValue(2)
    dialog.consistent.setChecked(True)
    dialog.page_limit = 5  # several pages, so the bar moves
    seen: list[ExportProgress] = []
    dialog.controller.progress.connect(seen.append)
    with qtbot.waitSignal(dialog.finished_export, timeout=20000) as done:
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
        assert dialog.progress.isVisible() and dialog.cancel_button.isEnabled()
        assert not dialog.close_button.isEnabled()
    result = done.args[0]
    total = scan_count(ctx)
    assert result is not None and result.items == total and result.segments == 2
    assert len(seen) > 2 and seen[-1].segments_done == 2 and seen[-1].items == total
    lines = path.read_text().splitlines()
    assert len(lines) == total and item_from_ddb_json_line(lines[0])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "items of" in dialog.status.text() and str(path) in dialog.status.text()
    scans = [r for r in ctx.read_log.receipts() if r.operation == "Scan"]
    assert {r.request["TotalSegments"] for r in scans} == {2}
    assert {r.consistency for r in scans} == {"strong"}


def test_cancel_stops_the_scan_and_writes_nothing(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    path = tmp_path / "never.csv"
    dialog = dialog_for(qtbot, ctx, path)
    dialog.format.setCurrentIndex(dialog.format.findData(CSV))
    dialog.segments.setValue(1)
    dialog.page_limit = 3
    clicked = threading.Event()

    def hold(_p: ExportProgress) -> None:  # in the worker: wait for the user's click
        clicked.wait(10)

    dialog.controller.progress.connect(hold, Qt.ConnectionType.DirectConnection)
    with qtbot.waitSignal(dialog.finished_export, timeout=20000) as done:
        dialog.start()
        qtbot.waitUntil(lambda: dialog.progress.isVisible(), timeout=5000)
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
        assert not dialog.cancel_button.isEnabled()
        clicked.set()
    assert done.args[0] is None
    assert dialog.status.text() == "Export cancelled: no file was written."
    assert list(tmp_path.iterdir()) == []  # neither the file nor its partial copy
    assert dialog.export_button.isEnabled() and dialog.close_button.isEnabled()


def test_current_result_as_csv(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    assert ctx.connection is not None and ctx.table is not None
    items = ctx.connection.client.scan(TableName=ctx.table.name, Limit=4)["Items"]
    path = tmp_path / "result.csv"
    dialog = dialog_for(qtbot, ctx, path, items)
    assert dialog.result_scope.isChecked() and "4 items loaded" in dialog.result_scope.text()
    assert not dialog.scan_options.isEnabled()
    dialog.format.setCurrentIndex(dialog.format.findData(CSV))
    with qtbot.waitSignal(dialog.finished_export, timeout=10000) as done:
        dialog.start()
    assert done.args[0].items == 4
    rows = list(csv.reader(io.StringIO(path.read_text())))
    assert rows[0][:2] == ["PK (S)", "SK (S)"] and len(rows) == 5
    assert not [r for r in ctx.read_log.receipts() if r.operation == "Scan"]  # nothing read again


def test_a_missing_folder_is_said_and_nothing_runs(qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    dialog = dialog_for(qtbot, ctx, tmp_path / "nope" / "x.json")
    with qtbot.waitSignal(dialog.finished_export, timeout=10000) as done:
        dialog.start()
    assert done.args[0] is None
    assert "does not exist" in dialog.status.text() and "No file was written" in dialog.status.text()
    assert not [r for r in ctx.read_log.receipts() if r.operation == "Scan"]  # nothing was read


def test_items_tab_exports_its_result_and_copies_the_selected_item(qtbot: Any, ctx: AppContext,
                                                                  tmp_path: Path) -> None:
    from dynoview.ui.items.panel import ItemsPanel

    panel = ItemsPanel(ctx)
    qtbot.addWidget(panel)
    panel.set_table(ctx.table)
    panel.page_size.setValue(10)
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 10, timeout=10000)
    assert panel.transfer.export_button.isEnabled()
    dialog: Any = panel.transfer.open_export()
    qtbot.addWidget(dialog)
    shown = len(dialog.items)  # the result as it was when the dialog opened (the view pages on)
    assert shown >= 10 and dialog.result_scope.isChecked()
    assert f"{shown} items loaded" in dialog.result_scope.text()
    assert dialog.table_scope.isEnabled() and ctx.table is not None and ctx.table.name in \
        dialog.table_scope.text()
    dialog.path.setText(str(tmp_path / "page.jsonl"))
    with qtbot.waitSignal(dialog.finished_export, timeout=10000):
        dialog.start()
    assert len((tmp_path / "page.jsonl").read_text().splitlines()) == shown
    select_only_row(panel.view, 2)
    copy: Any = panel.transfer.open_copy()
    qtbot.addWidget(copy)
    assert copy.selected_scope.isChecked() and copy.items() == [panel.model.item(2)]
    assert not copy.connection.isEnabled()  # no main window to switch: this connection only


def test_an_existing_file_is_replaced_only_when_the_user_says_so(
        qtbot: Any, ctx: AppContext, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "notes.json"
    path.write_text("MY HAND-WRITTEN NOTES")
    dialog = dialog_for(qtbot, ctx, path)
    asked: list[Path] = []
    monkeypatch.setattr(dialog, "confirm_replace", lambda p: asked.append(p) or False)
    assert dialog.start() is False
    assert asked == [path] and path.read_text() == "MY HAND-WRITTEN NOTES"
    assert "Nothing was written" in dialog.status.text()
    assert not [r for r in ctx.read_log.receipts() if r.operation == "Scan"]  # nothing was read
    monkeypatch.setattr(dialog, "confirm_replace", lambda p: asked.append(p) or True)
    with qtbot.waitSignal(dialog.finished_export, timeout=20000) as done:
        assert dialog.start()
    assert done.args[0] is not None and len(asked) == 2
    assert path.read_text() != "MY HAND-WRITTEN NOTES"


def test_two_suggested_names_in_one_second_differ(qtbot: Any, ctx: AppContext, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import datetime

    from dynoview.ui.transfer import export_dialog

    class Frozen(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Frozen:
            return cls(2026, 12, 4, 11, 30, 5)

    monkeypatch.setattr(export_dialog, "datetime", Frozen)
    names = []
    for _ in range(2):
        dialog = dialog_for(qtbot, ctx, tmp_path / "seed.json")
        dialog._suggested = dialog.path.text()  # as proposed: the next proposal replaces it
        dialog._suggest_path()
        names.append(Path(dialog.path.text()))
        names[-1].write_text("an export")
    assert names[0].parent == tmp_path and names[0].name.endswith("-20261204-113005.json")
    assert names[1] != names[0] and names[1].name.endswith("-20261204-113005-2.json")


def test_a_file_name_without_a_folder_is_written_and_named_in_full(
        qtbot: Any, ctx: AppContext, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"result.csv" alone went to the folder the app was started from, and the dialog said
    "result.csv": from a desktop launcher, a file nobody could find."""
    assert ctx.connection is not None and ctx.table is not None
    items = ctx.connection.client.scan(TableName=ctx.table.name, Limit=2)["Items"]
    monkeypatch.chdir(tmp_path)
    dialog = dialog_for(qtbot, ctx, Path("result.csv"), items)
    dialog.path.setText("result.csv")
    with qtbot.waitSignal(dialog.finished_export, timeout=10000) as done:
        dialog.start()
    assert done.args[0].items == 2 and (tmp_path / "result.csv").is_file()
    assert str(tmp_path / "result.csv") in dialog.status.text()
