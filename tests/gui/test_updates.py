"""The window's update check against a local feed: the one-time question, the note, skipping."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox, QToolBar, QWidget

from dynoview.core.updates.check import Outcome, UpdateChecker
from dynoview.ui.message_bar import MessageBar
from dynoview.ui.updates import UpdateController, start_update_check
from tests.unit.core.updates.feed_server import Feed, feed_server

pytestmark = [pytest.mark.gui]


@pytest.fixture
def feed() -> Iterator[Feed]:
    with feed_server() as served:
        served.release("0.2.0")
        yield served


@pytest.fixture
def window(qtbot) -> QWidget:
    win = QWidget()
    qtbot.addWidget(win)
    win.show()
    return win


def make(window: QWidget, tmp_path: Path, feed: Feed, opened: list[str] | None = None) -> UpdateController:
    checker = UpdateChecker(tmp_path / "update-check.json", feed.url, "0.1.0")
    return UpdateController(window, checker, open_url=(opened if opened is not None else []).append)


def boxes(window: QWidget, name: str) -> list[QMessageBox]:
    return [b for b in window.findChildren(QMessageBox, name) if b.isVisible()]


def test_first_start_asks_and_fetches_nothing_until_yes(qtbot, window: QWidget, tmp_path: Path,
                                                        feed: Feed) -> None:
    controller = start_update_check(window, UpdateChecker(tmp_path / "u.json", feed.url, "0.1.0"))
    question = controller.question
    assert question is not None and question.isVisible() and not question.isModal()
    assert "never installs anything" in question.informativeText()
    qtbot.wait(200)
    assert feed.requests == []  # asked, not fetched
    question.yes.click()
    qtbot.waitUntil(lambda: controller.notice is not None and controller.notice.isVisible(),
                    timeout=5000)
    assert feed.requests == ["/pypi/dynoview/json"]
    assert "0.2.0 is available. You have 0.1.0." in controller.notice.text()


def test_no_means_no_check_and_no_second_question(qtbot, window: QWidget, tmp_path: Path,
                                                  feed: Feed) -> None:
    controller = make(window, tmp_path, feed)
    controller.start()
    assert controller.question is not None
    controller.question.no.click()
    qtbot.wait(300)
    assert feed.requests == [] and controller.notice is None
    again = make(window, tmp_path, feed)
    again.start()  # the next start: no question, no check
    qtbot.wait(300)
    assert again.question is None and feed.requests == []


def test_skip_this_version_and_open_its_page(qtbot, window: QWidget, tmp_path: Path,
                                             feed: Feed) -> None:
    opened: list[str] = []
    controller = make(window, tmp_path, feed, opened)
    controller.checker.answer(True)
    controller.start()
    qtbot.waitUntil(lambda: controller.notice is not None, timeout=5000)
    assert controller.notice is not None
    controller.notice.skip.click()
    assert controller.checker.state().skipped == "0.2.0" and opened == []
    controller.check_now()  # on demand: the skipped version is not announced again
    qtbot.waitUntil(lambda: bool(boxes(window, "update-result")), timeout=5000)
    assert controller.last is not None and controller.last.outcome is Outcome.SKIPPED
    assert controller.notice is None
    feed.release("0.3.0")
    controller.check_now()
    qtbot.waitUntil(lambda: controller.notice is not None, timeout=5000)
    assert controller.notice is not None
    controller.notice.open_page.click()
    assert opened == ["https://pypi.org/project/dynoview/0.3.0/"]


def test_same_version_and_broken_feed_stay_quiet_at_start(qtbot, window: QWidget, tmp_path: Path,
                                                          feed: Feed) -> None:
    feed.release("0.1.0")
    controller = make(window, tmp_path, feed)
    controller.checker.answer(True)
    controller.start()
    qtbot.waitUntil(lambda: controller.last is not None, timeout=5000)
    assert controller.last is not None and controller.last.outcome is Outcome.CURRENT
    assert controller.notice is None and boxes(window, "update-result") == []
    feed.body = b"{broken"
    controller.check_now()  # asked for: the failure gets a sentence
    qtbot.waitUntil(lambda: bool(boxes(window, "update-result")), timeout=5000)
    assert "Could not check for new versions" in boxes(window, "update-result")[0].text()
    assert controller.notice is None


def test_the_hook_on_the_real_main_window(qtbot, qasync_loop, tmp_path: Path, feed: Feed,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """What app.py's hook line does (dynoview/ui/updates/__init__.py): the question in the
    main window, the note once agreed, both inside the window."""
    from dynoview.ui import settings as saved
    from dynoview.ui.main_window import MainWindow

    monkeypatch.setattr(saved, "settings_path", lambda: tmp_path / "config" / "settings.ini")
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    controller = start_update_check(win, UpdateChecker(tmp_path / "u.json", feed.url, "0.1.0"))
    assert controller.parent() is win and controller.question is not None
    assert controller.question.window() is win and feed.requests == []
    controller.question.yes.click()
    qtbot.waitUntil(lambda: controller.notice is not None and controller.notice.isVisible(),
                    timeout=5000)
    assert controller.notice is not None and controller.notice.window() is win
    controller.notice.later.click()
    assert controller.checker.state().skipped is None


def help_action(win: QWidget, text: str) -> QAction:
    """The Help menu's action whose text (mnemonic removed) is ``text``."""
    from PySide6.QtWidgets import QMainWindow, QMenu

    assert isinstance(win, QMainWindow)
    menus = [a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "Help"]
    assert len(menus) == 1 and isinstance(menus[0], QMenu)
    found = [a for a in menus[0].actions() if a.text().replace("&", "") == text]
    assert len(found) == 1, [a.text() for a in menus[0].actions()]
    return found[0]


def test_help_check_for_updates_asks_once_then_checks_now(qtbot, qasync_loop, tmp_path: Path,
                                                          feed: Feed,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Help → "Check for updates…" on the real window, with no start-up check made (as with
    --smoke): consent first, then at once each time: the latest version, a newer one with its
    page and "Skip this version", a sentence when the feed cannot be reached."""
    from dynoview import __version__
    from dynoview.core.updates import state as update_state
    from dynoview.ui import settings as saved
    from dynoview.ui.main_window import MainWindow
    from tests.unit.core.updates.feed_server import unreachable_url

    monkeypatch.setattr(saved, "settings_path", lambda: tmp_path / "config" / "settings.ini")
    monkeypatch.setattr(update_state, "default_path", lambda: tmp_path / "update-check.json")
    monkeypatch.setenv("DYNOVIEW_UPDATE_FEED", feed.url)
    feed.release(__version__)
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    assert win.updates is None
    action = help_action(win, "Check for updates…")
    assert action is win.check_updates_action
    action.trigger()
    controller = win.updates
    assert controller is not None and controller.parent() is win
    question = controller.question
    assert question is not None and question.isVisible() and feed.requests == []
    question.yes.click()
    qtbot.waitUntil(lambda: bool(boxes(win, "update-result")), timeout=5000)
    assert boxes(win, "update-result")[0].text() == f"You have the latest version ({__version__})."
    assert feed.requests == ["/pypi/dynoview/json"] and controller.notice is None
    boxes(win, "update-result")[0].close()

    feed.release("99.0.0")
    action.trigger()  # agreed already: no question, checked at once (a day has not passed)
    assert controller.question is None
    qtbot.waitUntil(lambda: controller.notice is not None and controller.notice.isVisible(),
                    timeout=5000)
    notice = controller.notice
    assert notice is not None and len(feed.requests) == 2
    assert f"99.0.0 is available. You have {__version__}." in notice.text()
    assert notice.release.page == "https://pypi.org/project/dynoview/99.0.0/"
    notice.skip.click()
    assert controller.checker.state().skipped == "99.0.0"

    controller.checker.url = unreachable_url()
    action.trigger()
    qtbot.waitUntil(lambda: bool(boxes(win, "update-result")), timeout=10000)
    text = boxes(win, "update-result")[0].text()
    assert text.startswith("Could not check for new versions: the release feed could not be reached")


def test_the_start_up_check_keeps_the_controller_the_menu_made(qtbot, qasync_loop, tmp_path: Path,
                                                               feed: Feed,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu used before the start-up step ran: that step reuses the controller, so no second
    question opens (app.py's hook)."""
    from dynoview.core.updates import state as update_state
    from dynoview.ui import settings as saved
    from dynoview.ui.main_window import MainWindow

    monkeypatch.setattr(saved, "settings_path", lambda: tmp_path / "config" / "settings.ini")
    monkeypatch.setattr(update_state, "default_path", lambda: tmp_path / "update-check.json")
    monkeypatch.setenv("DYNOVIEW_UPDATE_FEED", feed.url)
    win = MainWindow()
    qtbot.addWidget(win)
    action = win.check_updates_action
    assert action is not None
    action.trigger()
    first = win.updates
    assert first is not None and first.question is not None
    action.trigger()  # asked again while the question waits: the same question
    assert win.updates is first and len(win.findChildren(MessageBar, "update-consent")) == 1


def test_the_question_is_a_strip_above_the_tabs_that_covers_nothing_and_takes_no_keys(
        qtbot, qasync_loop, tmp_path: Path, feed: Feed, monkeypatch: pytest.MonkeyPatch) -> None:
    """It was a message box over the middle of the grid at the first start, holding the keys
    typed into the window until answered."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    from dynoview.ui import settings as saved
    from dynoview.ui.main_window import MainWindow

    monkeypatch.setattr(saved, "settings_path", lambda: tmp_path / "config" / "settings.ini")
    win = MainWindow()
    qtbot.addWidget(win)
    with qtbot.waitActive(win):
        win.show()
        win.activateWindow()
    field = win.tables_panel.filter  # enabled with no connection yet
    field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field, timeout=5000)
    tabs_top = win.tabs.mapTo(win, QPoint(0, 0)).y()

    controller = start_update_check(win, UpdateChecker(tmp_path / "u.json", feed.url, "0.1.0"))
    question = controller.question
    assert question is not None
    qtbot.waitUntil(question.isVisible, timeout=5000)
    assert not question.isWindow() and question.window() is win
    bottom = question.mapTo(win, QPoint(0, question.height())).y()
    assert bottom <= win.tabs.mapTo(win, QPoint(0, 0)).y()  # above the tabs, over none of them
    assert QApplication.focusWidget() is field  # typing goes on where it went
    qtbot.keyClicks(field, "acc")
    assert field.text() == "acc"

    question.no.click()  # answered: the strip goes, the tabs move back up
    qtbot.waitUntil(lambda: win.tabs.mapTo(win, QPoint(0, 0)).y() == tabs_top, timeout=5000)
    assert [bar for bar in win.findChildren(QToolBar) if bar.isVisible()] == []
    assert feed.requests == [] and controller.checker.state().consent is False


def test_a_check_asked_for_while_one_runs_runs_once_it_answered(qtbot, window: QWidget,
                                                                tmp_path: Path, feed: Feed) -> None:
    """Help → Check for updates pressed while a check is still out: it runs after that one
    answered, and its own answer shows (it was dropped while the first check's thread ran)."""
    controller = make(window, tmp_path, feed)
    controller.checker.answer(True)
    feed.delay = 1.0
    controller.check_now()
    qtbot.waitUntil(lambda: len(feed.requests) == 1, timeout=5000)
    feed.release("0.3.0")
    controller.check_now()  # the first answer (0.2.0) has not come yet
    qtbot.waitUntil(lambda: len(feed.requests) == 2, timeout=5000)
    qtbot.waitUntil(lambda: controller.notice is not None and "0.3.0" in controller.notice.text(),
                    timeout=5000)
    assert controller.last is not None and str(controller.last.release.version) == "0.3.0"
