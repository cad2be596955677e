"""Dialogs the Items tab opens, closes (Qt deletes them) and opens again: the panel must not
keep the deleted dialog (Ctrl+H a second time closed a deleted ReadHistoryDialog, a crash)."""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from dynoview.core.session.connection import Connection
from dynoview.ui import settings as saved
from dynoview.ui.items.history_dialog import ReadHistoryDialog
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "settings.ini"
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    return path


@pytest.fixture
def window(qtbot, qasync_loop, demo_conn: Connection, seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


def _close_with_escape(qtbot, dialog: QDialog) -> None:
    """Esc, as the user closes it, then wait for Qt to delete it (``deleteLater``)."""
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    qtbot.waitUntil(lambda: not shiboken6.isValid(dialog), timeout=5000)


def test_read_history_opens_closes_and_opens_again(qtbot, window: MainWindow) -> None:
    panel = window.items_panel
    for _ in range(3):  # Ctrl+H, Esc, Ctrl+H (it closed the deleted first one), Esc, ...
        panel.show_history()
        dialog = panel.history_dialog
        assert isinstance(dialog, ReadHistoryDialog) and dialog.isVisible()
        _close_with_escape(qtbot, dialog)
    assert panel.history_dialog is None  # the deleted dialog is not kept


def test_ctrl_h_while_the_history_is_open_replaces_it(qtbot, window: MainWindow) -> None:
    panel = window.items_panel
    panel.show_history()
    first = panel.history_dialog
    panel.show_history()
    second = panel.history_dialog
    assert second is not first and second.isVisible()
    qtbot.waitUntil(lambda: not shiboken6.isValid(first), timeout=5000)
    assert panel.history_dialog is second  # the first one's close did not forget the second
    _close_with_escape(qtbot, second)
    assert panel.history_dialog is None


def test_copy_query_as_code_opens_closes_and_opens_again(qtbot, window: MainWindow) -> None:
    panel = window.items_panel
    for _ in range(2):
        panel.copy_query_as_code()
        dialog = panel.code_dialog
        assert dialog is not None and dialog.isVisible()
        _close_with_escape(qtbot, dialog)
        assert panel.code_dialog is None  # the deleted dialog is not kept
