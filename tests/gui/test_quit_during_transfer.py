"""Closing the window while an import or export runs asks first; Stop and quit ends it after the
batch in flight (the import's progress file says where Resume continues; the export leaves no
file), Keep running leaves the window open, and an unattended close stops it without asking."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from dynoview.core.imports import resume
from dynoview.core.imports.run import ImportOptions
from dynoview.core.items.export import CSV, DDB_JSON, ExportProgress, render
from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.main_window import MainWindow
from dynoview.ui.transfer.export_dialog import ExportDialog
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.gui.conftest import open_window
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import plain_document

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The action log and the import's progress file go under the test's folder."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


@pytest.fixture
def target(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "quit") as name:
        yield name


def count(conn: Connection, table: str) -> int:
    return int(conn.client.scan(TableName=table, Select="COUNT")["Count"])


def shown(qtbot: Any, conn: Connection, table: str) -> MainWindow:
    win = open_window(qtbot, conn, table)
    win.show()  # closing hides it: that is what the tests watch
    qtbot.waitExposed(win)
    return win


def importing(qtbot: Any, conn: Connection, seeded_table: str, target: str,
              tmp_path: Path) -> tuple[MainWindow, ImportDialog, list[str]]:
    """A window with Import… open as the app opens it (window-modal) and a slow import under
    way (40 items a second, 5 a batch) that has written something."""
    path = tmp_path / "items.json"
    path.write_text(render([plain_document(n) for n in range(400)], DDB_JSON))
    win = shown(qtbot, conn, seeded_table)
    table = describe_table(conn, target)
    dialog = ImportDialog(win.ctx, table, win)
    dialog.open()
    dialog.path_edit.setText(str(path))
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000) as previewed:
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    sentences: list[str] = []
    dialog.controller.finished.connect(lambda _result, sentence: sentences.append(sentence))
    assert dialog.controller.start(previewed.args[0], table,
                                   ImportOptions(rate=40, max_items=5, confirmation=True))
    qtbot.waitUntil(lambda: count(conn, target) >= 10, timeout=20000)
    return win, dialog, sentences


def prompt(win: MainWindow) -> QMessageBox:
    box = win.findChild(QMessageBox, "transfer-close-prompt")
    assert isinstance(box, QMessageBox) and box.isVisible(), "closing did not ask"
    return box


def click(box: QMessageBox, text: str) -> None:
    [button] = [b for b in box.buttons() if b.text() == text]
    button.click()


def assert_stopped_where_it_says(qtbot: Any, conn: Connection, target: str,
                                 sentences: list[str]) -> None:
    at_close = count(conn, target)
    qtbot.wait(1500)
    assert count(conn, target) == at_close < 400  # nothing written after the window went
    [sentence] = sentences  # the import reported before the window closed
    assert "--resume continues" in sentence
    written = int(re.search(r"after ([\d,]+) item", sentence).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert written == at_close
    [saved] = (profile.data_root()).rglob("imports/*.json")
    progress = resume.load(saved)
    assert progress is not None and progress.items == written  # where Resume continues


def test_closing_during_an_import_asks_and_stop_ends_it_after_the_batch(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, target: str,
        tmp_path: Path) -> None:
    win, dialog, sentences = importing(qtbot, demo_conn, seeded_table, target, tmp_path)
    win.close()
    box = prompt(win)
    assert win.isVisible() and dialog.controller.running
    assert box.text() == "An import is running."
    assert "Resume" in box.informativeText() and "--resume" in box.informativeText()
    click(box, "Stop and quit")
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=35000)
    assert not dialog.controller.running
    assert_stopped_where_it_says(qtbot, demo_conn, target, sentences)


def test_keep_running_leaves_the_window_and_the_import(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, target: str,
        tmp_path: Path) -> None:
    win, dialog, sentences = importing(qtbot, demo_conn, seeded_table, target, tmp_path)
    win.close()
    click(prompt(win), "Keep running")
    before = count(demo_conn, target)
    qtbot.wait(500)
    assert win.isVisible() and dialog.controller.running and sentences == []
    assert count(demo_conn, target) > before  # still writing
    with qtbot.waitSignal(dialog.controller.finished, timeout=20000):
        dialog.controller.cancel()


def test_an_unattended_close_stops_the_import_without_asking(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, target: str,
        tmp_path: Path) -> None:
    win, dialog, sentences = importing(qtbot, demo_conn, seeded_table, target, tmp_path)
    win.closing_unattended = True  # what a signal (SIGTERM, logout) sets: dynoview/ui/app.py
    QApplication.closeAllWindows()
    assert win.findChild(QMessageBox, "transfer-close-prompt") is None
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=35000)
    assert win.findChild(QMessageBox, "transfer-close-prompt") is None
    assert not dialog.controller.running
    assert_stopped_where_it_says(qtbot, demo_conn, target, sentences)


def test_closing_during_an_export_asks_and_stop_leaves_no_file(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
        tmp_path: Path) -> None:
    win = shown(qtbot, demo_conn, seeded_table)
    folder = tmp_path / "out"
    folder.mkdir()
    dialog = ExportDialog(win.ctx, [], table=win.ctx.table, parent=win)
    dialog.open()
    dialog.path.setText(str(folder / "accounts.csv"))
    dialog.format.setCurrentIndex(dialog.format.findData(CSV))
    dialog.segments.setValue(1)
    dialog.page_limit = 3
    release = threading.Event()

    def hold(_p: ExportProgress) -> None:  # in the worker: a page takes until the test says
        release.wait(10)

    dialog.controller.progress.connect(hold, Qt.ConnectionType.DirectConnection)
    results: list[object] = []
    dialog.controller.finished.connect(lambda result, _sentence: results.append(result))
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.progress.isVisible(), timeout=5000)
    win.close()
    box = prompt(win)
    assert win.isVisible() and dialog.controller.running
    assert box.text() == "An export is running."
    assert "partial file" in box.informativeText()
    click(box, "Stop and quit")
    release.set()
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=35000)
    assert results == [None]  # cancelled, and said so before the window went
    assert list(folder.iterdir()) == []  # neither the file nor its partial copy
