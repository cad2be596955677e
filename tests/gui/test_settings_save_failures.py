"""The theme, the language and the production patterns when the settings folder cannot be written:
each failed save is said (the status bar for the theme, the Settings dialog for the others), never
silent, and a choice that could be saved is read back at the next start."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication, QPalette

from dynoview.core.session import profile
from dynoview.ui import settings as saved
from dynoview.ui.i18n import languages
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session import production_patterns as pattern_store
from dynoview.ui.session.settings_dialog import SettingsDialog
from dynoview.ui.settings_save import SettingsSaveError

pytestmark = pytest.mark.gui


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The settings folder (``config_root``), not made yet."""
    folder = tmp_path / "config" / "DynoView"
    monkeypatch.setattr(profile, "config_root", lambda: folder)
    return folder


def _a_file_in_its_place(folder: Path) -> None:
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("")  # nothing can be made inside, even by root (the tests run as root)


def _read_only(folder: Path) -> None:
    folder.mkdir(parents=True)
    folder.chmod(0o500)


UNWRITABLE = [
    pytest.param(_a_file_in_its_place, id="a-file-where-the-folder-should-be"),
    pytest.param(_read_only, id="chmod-500", marks=pytest.mark.skipif(
        os.name != "posix" or os.geteuid() == 0, reason="root writes in a 0500 folder")),
]


@pytest.fixture(params=UNWRITABLE)
def unwritable(request: pytest.FixtureRequest, root: Path) -> Iterator[Path]:
    """A settings folder nothing can be written in; the settings file's path."""
    request.param(root)
    yield saved.settings_path()
    if root.is_dir():
        root.chmod(0o700)


@pytest.fixture
def app_look(qapp: Any) -> Iterator[None]:
    """Put the application's style, palette and stylesheet back after a theme change."""
    style, pal, sheet = qapp.style().name(), QPalette(qapp.palette()), qapp.styleSheet()
    yield
    QGuiApplication.styleHints().unsetColorScheme()
    qapp.setStyleSheet(sheet)
    qapp.setStyle(style)
    qapp.setPalette(pal)


def test_a_choice_that_can_be_saved_is_read_back(root: Path) -> None:
    assert saved.save_theme("dark") is None
    saved.save_language("pt_BR")
    pattern_store.save_production_patterns(["*-prod", "live"])
    assert saved.load_theme() == "dark"
    assert saved.load_language() == "pt_BR"
    assert pattern_store.production_patterns() == ["*-prod", "live"]


def test_a_theme_that_cannot_be_saved_is_a_sentence(unwritable: Path) -> None:
    problem = saved.save_theme("dark")
    assert problem is not None
    assert f"Could not save the theme to {unwritable}" in problem
    assert "The theme applies until you quit" in problem


def test_a_language_or_patterns_that_cannot_be_saved_raise_a_sentence(unwritable: Path) -> None:
    with pytest.raises(SettingsSaveError, match=r"Could not save the language to .*press OK again") as exc:
        saved.save_language("fr")
    assert str(unwritable) in exc.value.message
    with pytest.raises(SettingsSaveError, match=r"Could not save the production patterns to .*"
                                                r"The setting saved before still applies"):
        pattern_store.save_production_patterns(["*-prod"])


def test_the_window_says_a_theme_it_could_not_save(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
                                                   unwritable: Path, app_look: None) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    win.set_theme("dark")
    assert win.theme.mode == "dark"  # applied all the same, until quit
    assert f"Could not save the theme to {unwritable}" in win.status.text()


def test_the_settings_dialog_stays_open_saying_what_it_could_not_save(qtbot: Any,
                                                                      unwritable: Path) -> None:
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.production.field.setText("*-prod")
    dialog.language.combo.setCurrentIndex(dialog.language.combo.findData("fr"))
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != SettingsDialog.DialogCode.Accepted
    assert dialog.save_error.isVisible()
    assert "Could not save the production patterns" in dialog.save_error.text()
    assert str(unwritable) in dialog.save_error.text()
    assert pattern_store.production_patterns() == [] and saved.load_language() == languages.SYSTEM


def test_the_settings_dialog_saves_once_the_folder_can_be_written(qtbot: Any, root: Path) -> None:
    _a_file_in_its_place(root)
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.production.field.setText("*-prod")
    dialog.language.combo.setCurrentIndex(dialog.language.combo.findData("fr"))
    dialog.accept()
    assert dialog.save_error.isVisible()
    root.unlink()  # the user frees the folder and presses OK again
    dialog.accept()
    assert dialog.result() == SettingsDialog.DialogCode.Accepted and not dialog.isVisible()
    assert pattern_store.production_patterns() == ["*-prod"] and saved.load_language() == "fr"
