"""File > Settings… edits the profile-name patterns that open a connection as production (issue 25,
item 4): add with the pattern checked at the field, remove, saved on OK (not on Cancel) where
``core.session.production`` reads it, and applied to the next connection."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from dynoview.core.session import production, profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.settings_dialog import SettingsDialog

pytestmark = [pytest.mark.gui]

AWS_CONFIG = """\
[profile team-prod]
region = us-east-1

[profile team-dev]
region = us-east-1
"""


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "dynoview-config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    (tmp_path / "aws-config").write_text(AWS_CONFIG)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "aws-config"))
    return root


def open_settings(qtbot: Any, win: MainWindow) -> SettingsDialog:
    action = win.findChild(QAction, "settings-action")
    menus = [m for m in action.associatedObjects() if isinstance(m, QMenu)]
    assert [m.title() for m in menus] == ["&File"]
    assert menus[0].actions().index(action) == menus[0].actions().index(win.quit_action) - 1
    action.trigger()
    dialog = win.session_view.settings_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    return dialog


def add(dialog: SettingsDialog, text: str) -> bool:
    dialog.production.field.setText(text)
    dialog.production.add_button.click()
    return dialog.production.error.isHidden()


def test_patterns_are_checked_saved_and_applied_to_the_next_connection(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, moto_endpoint: str) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    dialog = open_settings(qtbot, win)
    editor = dialog.production
    assert editor.patterns() == []
    for bad, said in (("prod-[", "never closed"), ("a-prod, b-prod", "comma or a space"), ("  ", "Type a")):
        assert not add(dialog, bad)
        assert said in editor.error.text() and "border" in editor.field.styleSheet()
        assert editor.patterns() == []
    assert add(dialog, "*-prod") and editor.field.text() == "" and editor.field.styleSheet() == ""
    assert not add(dialog, "*-prod") and "already" in editor.error.text()
    editor.field.setText("live")  # typed, not added: OK adds it
    dialog.accept()
    assert production.load_patterns() == ("*-prod", "live")  # what each connect reads, without Qt

    dialog = open_settings(qtbot, win)
    assert dialog.production.patterns() == ["*-prod", "live"]
    dialog.production.list.setCurrentRow(1)
    dialog.production.remove_button.click()
    assert dialog.production.patterns() == ["*-prod"]
    dialog.accept()
    assert production.load_patterns() == ("*-prod",)

    win.connect_to(ConnectionSpec(name="p", profile="team-prod", endpoint_url=moto_endpoint))
    # Generous: a connect lists the session's moto tables, many by the end of a loaded run.
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=45000)
    assert win.ctx.connection.spec.production and win.ctx.connection.read_only
    assert not win.session_view.write_button.isHidden()
    win.connect_to(ConnectionSpec(name="d", profile="team-dev", endpoint_url=moto_endpoint))
    qtbot.waitUntil(lambda: win.ctx.connection is not None and win.ctx.connection.spec.name == "d",
                    timeout=45000)
    assert not win.ctx.connection.spec.production and not win.ctx.connection.read_only


def test_cancel_saves_nothing(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    dialog = open_settings(qtbot, win)
    assert add(dialog, "*-prod")
    dialog.reject()
    assert production.load_patterns() == ()
    assert open_settings(qtbot, win).production.patterns() == []


def test_a_bad_pattern_left_in_the_field_keeps_the_dialog_open(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    dialog = open_settings(qtbot, win)
    dialog.production.field.setText("prod-[")
    dialog.accept()
    assert dialog.isVisible() and "never closed" in dialog.production.error.text()
    assert production.load_patterns() == ()
