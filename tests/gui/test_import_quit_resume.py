"""Quitting while Import… is open and writing, as the app quits: every window closed at once
(File > Quit on macOS, the Dock, closeAllWindows) reaches the modal dialog first. The user is
asked with the count written, and the next Import… of the same file says where it stopped and
resumes from there without writing the earlier items again."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.main_window import MainWindow
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.gui.conftest import open_window
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import plain_document

pytestmark = pytest.mark.gui
TOTAL = 400


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The action log and the import's progress file go under the test's folder."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


@pytest.fixture
def target(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "quitres") as name:
        yield name


def count(conn: Connection, table: str) -> int:
    return int(conn.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"])


def source(tmp_path: Path) -> Path:
    path = tmp_path / "items.json"
    if not path.exists():
        path.write_text(render([plain_document(n) for n in range(TOTAL)], DDB_JSON))
    return path


def opened(qtbot: Any, conn: Connection, seeded_table: str, target: str,
           tmp_path: Path) -> tuple[MainWindow, ImportDialog]:
    """A shown window with Import… open as the app opens it (window-modal) and previewed."""
    win = open_window(qtbot, conn, seeded_table)
    win.show()
    qtbot.waitExposed(win)
    dialog = ImportDialog(win.ctx, describe_table(conn, target), win)
    dialog.open()
    dialog.path_edit.setText(str(source(tmp_path)))
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    return win, dialog


def importing(qtbot: Any, conn: Connection, seeded_table: str, target: str,
              tmp_path: Path) -> tuple[MainWindow, ImportDialog]:
    """Import pressed, paced (20 items a second) so it is still writing when the test quits."""
    win, dialog = opened(qtbot, conn, seeded_table, target, tmp_path)
    dialog.rate_spin.setValue(20)
    answered: list[object] = []
    dialog.controller.progress.connect(answered.append)
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert dialog.controller.running
    # (the table can hold a batch before its answer is counted)
    qtbot.waitUntil(lambda: bool(answered), timeout=30000)
    return win, dialog


def prompt(win: MainWindow) -> QMessageBox | None:
    box = win.findChild(QMessageBox, "transfer-close-prompt")
    return box if isinstance(box, QMessageBox) and box.isVisible() else None


def click(box: QMessageBox, text: str) -> None:
    [button] = [b for b in box.buttons() if b.text() == text]
    button.click()


def test_quitting_with_the_import_dialog_open_asks_with_the_count(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, target: str,
        tmp_path: Path) -> None:
    win, dialog = importing(qtbot, demo_conn, seeded_table, target, tmp_path)
    QApplication.closeAllWindows()  # the modal dialog gets the close first
    qtbot.waitUntil(lambda: prompt(win) is not None, timeout=3000)
    box = prompt(win)
    assert box is not None and win.isVisible() and dialog.controller.running
    said = re.search(r"([\d,]+) of 400 items are written", box.informativeText())
    assert said is not None, box.informativeText()
    assert 0 < int(said.group(1).replace(",", "")) <= count(demo_conn, target)
    click(box, "Keep running")
    before = count(demo_conn, target)
    qtbot.waitUntil(lambda: count(demo_conn, target) > before, timeout=15000)  # a batch: 5 s
    assert win.isVisible() and dialog.isVisible() and dialog.controller.running
    QApplication.closeAllWindows()
    qtbot.waitUntil(lambda: prompt(win) is not None, timeout=3000)
    click(prompt(win), "Stop and quit")  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=35000)
    assert not dialog.controller.running and not dialog.isVisible()
    at_close = count(demo_conn, target)
    qtbot.wait(1000)
    assert count(demo_conn, target) == at_close < TOTAL  # nothing written after the window went


def test_the_next_import_of_the_file_says_where_it_stopped_and_resumes_from_there(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, target: str,
        tmp_path: Path) -> None:
    win, _dialog = importing(qtbot, demo_conn, seeded_table, target, tmp_path)
    win.closing_unattended = True  # a logout or SIGTERM: no one to ask
    QApplication.closeAllWindows()
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=35000)
    written = count(demo_conn, target)
    assert 0 < written < TOTAL
    # Someone edits an item the first run wrote: resuming must not put it back as the file has it.
    demo_conn.client.update_item(TableName=target, Key={"PK": {"S": "DOC#0"}, "SK": {"S": "META"}},
                                 UpdateExpression="SET #n = :v", ExpressionAttributeNames={"#n": "name"},
                                 ExpressionAttributeValues={":v": {"S": "edited since"}})

    win2, dialog2 = opened(qtbot, demo_conn, seeded_table, target, tmp_path)
    assert dialog2.resume_check.isChecked()  # Import continues unless the user says otherwise
    stopped = dialog2.resume_label.text()
    assert dialog2.resume_label.isVisible()
    assert f"{written:,} of {TOTAL:,} items" in stopped, stopped
    results: list[Any] = []
    dialog2.finished_import.connect(results.append)
    qtbot.mouseClick(dialog2.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(results), timeout=60000)
    [result] = results
    assert result is not None, dialog2.summary_label.text()
    assert result.skipped_items == written and result.items == TOTAL - written
    assert count(demo_conn, target) == TOTAL
    kept = demo_conn.client.get_item(TableName=target, Key={"PK": {"S": "DOC#0"}, "SK": {"S": "META"}},
                                     ConsistentRead=True)["Item"]
    assert kept["name"] == {"S": "edited since"}  # skipped, not written again
    win2.close()


def test_stop_and_quit_from_the_dialog_closes_every_window(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, target: str,
        tmp_path: Path) -> None:
    """The app was quitting: once the import has stopped, the other windows close too, not
    only the one whose dialog asked."""
    other = open_window(qtbot, demo_conn, seeded_table)
    other.show()
    win, _dialog = importing(qtbot, demo_conn, seeded_table, target, tmp_path)
    QApplication.closeAllWindows()
    qtbot.waitUntil(lambda: prompt(win) is not None, timeout=3000)
    click(prompt(win), "Stop and quit")  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=35000)
    qtbot.waitUntil(lambda: not other.isVisible(), timeout=5000)
