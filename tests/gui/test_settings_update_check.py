"""File → Settings… → "Check for new versions daily": shows the update check's consent, and OK
applies a change at once through the window's update controller and keeps it (unticked: no check
from then on, not even one already on its way; ticked: consent, and the check runs). Cancel, or
OK with the box left as it was, writes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QMenu

from dynoview.core.session import profile
from dynoview.core.updates import state as update_state
from dynoview.core.updates.check import Outcome, UpdateChecker
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.settings_dialog import SettingsDialog
from dynoview.ui.updates import UpdateController, start_update_check
from tests.unit.core.updates.feed_server import Feed, feed_server

pytestmark = [pytest.mark.gui]


@pytest.fixture
def feed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Feed]:
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "dynoview-config")
    monkeypatch.setattr(update_state, "default_path", lambda: tmp_path / "update-check.json")
    with feed_server() as served:
        served.release("99.0.0")
        monkeypatch.setenv("DYNOVIEW_UPDATE_FEED", served.url)
        yield served


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    return win


def saved_consent(tmp_path: Path) -> bool | None:
    """What the state file holds (not the process's copy)."""
    path = tmp_path / "update-check.json"
    return json.loads(path.read_text())["consent"] if path.exists() else None


def open_settings(qtbot: Any, win: MainWindow) -> SettingsDialog:
    action = win.findChild(QAction, "settings-action")
    assert [m.title() for m in action.associatedObjects() if isinstance(m, QMenu)] == ["&File"]
    action.trigger()
    dialog = win.session_view.settings_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    return dialog


def test_unticking_stops_the_daily_check_at_once_and_is_kept(qtbot: Any, window: MainWindow,
                                                             tmp_path: Path, feed: Feed) -> None:
    UpdateChecker().answer(True)  # "Check daily", answered at an earlier start
    dialog = open_settings(qtbot, window)
    box = dialog.update_check.box
    assert box.text() == "Check for new &versions daily" and box.isChecked()
    assert box.focusPolicy() & Qt.FocusPolicy.TabFocus
    box.setChecked(False)
    dialog.accept()
    assert not dialog.isVisible()
    assert saved_consent(tmp_path) is False  # kept, in the file
    controller = window.updates
    assert isinstance(controller, UpdateController)  # the window's, made for the switch
    controller.start()
    again = start_update_check(window, UpdateChecker())  # the next start
    qtbot.wait(300)
    assert controller.checker.due() is False and controller.question is None
    assert again.question is None and feed.requests == []


def test_unticking_while_a_check_runs_shows_nothing_of_it(qtbot: Any, window: MainWindow,
                                                          tmp_path: Path, feed: Feed) -> None:
    UpdateChecker().answer(True)
    feed.delay = 0.8
    window.updates = controller = start_update_check(window)  # the start-up check, on its way
    qtbot.waitUntil(lambda: feed.requests != [], timeout=5000)
    dialog = open_settings(qtbot, window)
    dialog.update_check.box.setChecked(False)
    dialog.accept()
    qtbot.waitUntil(lambda: controller.last is not None, timeout=5000)
    assert controller.last is not None and controller.last.outcome is Outcome.NEWER
    qtbot.wait(100)
    assert controller.notice is None  # off means off, even for the answer already coming


def test_ticking_gives_consent_answers_the_question_and_checks(qtbot: Any, window: MainWindow,
                                                               tmp_path: Path, feed: Feed) -> None:
    window.updates = controller = start_update_check(window)  # never asked: the question shows
    assert controller.question is not None and controller.question.isVisible()
    dialog = open_settings(qtbot, window)
    box = dialog.update_check.box
    assert not box.isChecked()
    box.setChecked(True)
    dialog.accept()
    assert saved_consent(tmp_path) is True
    assert controller.question is None  # answered by the switch: not asked twice
    qtbot.waitUntil(lambda: controller.notice is not None and controller.notice.isVisible(),
                    timeout=5000)
    assert feed.requests == ["/pypi/dynoview/json"]


def test_cancel_or_ok_unchanged_writes_nothing(qtbot: Any, window: MainWindow, tmp_path: Path,
                                               feed: Feed) -> None:
    dialog = open_settings(qtbot, window)
    dialog.accept()  # never asked, box left unticked: still never asked (no silent "no")
    assert saved_consent(tmp_path) is None and UpdateChecker().needs_answer()
    UpdateChecker().answer(True)
    dialog = open_settings(qtbot, window)
    dialog.update_check.box.setChecked(False)
    dialog.reject()
    assert saved_consent(tmp_path) is True and feed.requests == []


def test_the_box_has_its_own_mnemonic_and_alt_key_toggles_it(qtbot: Any, window: MainWindow,
                                                             feed: Feed) -> None:
    dialog = open_settings(qtbot, window)
    box = dialog.update_check.box
    letters = [b.text().split("&", 1)[1][:1].lower() for b in dialog.findChildren(QAbstractButton)
               if "&" in b.text().replace("&&", "")]
    assert letters.count("v") == 1, letters
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=3000)
    dialog.production.field.setFocus()
    qtbot.keyClick(dialog.production.field, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(box.isChecked, timeout=2000)  # a mnemonic clicks as an animated click
    assert box.hasFocus()
    dialog.reject()
