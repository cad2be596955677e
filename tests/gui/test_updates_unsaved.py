"""The update check's one-time question and "Skip this version" when the config folder cannot
take the answer (a read-only or full disk, a folder in the state file's place): no crash
dialog; the answer applies for the session and a note says it could not be saved, and what to
do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton, QWidget

from dynoview.core.updates.check import UpdateChecker
from dynoview.ui.message_bar import MessageBar
from dynoview.ui.updates import UpdateController
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


def unwritable(tmp_path: Path, obstacle: str) -> Path:
    path = tmp_path / "config" / "update-check.json"
    if obstacle == "a file as its folder":
        path.parent.write_text("not a folder\n")  # ENOTDIR, as a read-only disk gives EROFS
    else:
        (path / "inside").mkdir(parents=True)
    return path


def shown_note(controller: UpdateController) -> MessageBar:
    """The note in the window that says the answer was not saved (one at a time)."""
    notes = [n for n in controller.window.findChildren(MessageBar, "update-unsaved") if n.isVisible()]
    assert len(notes) == 1
    return notes[0]


@pytest.mark.parametrize("obstacle", ["a file as its folder", "a folder as the file"])
def test_check_daily_applies_for_the_session_and_says_it_was_not_saved(
        qtbot, window: QWidget, tmp_path: Path, feed: Feed, obstacle: str) -> None:
    path = unwritable(tmp_path, obstacle)
    controller = UpdateController(window, UpdateChecker(path, feed.url, "0.1.0"))
    controller.start()
    assert controller.question is not None
    controller.question.yes.click()  # no uncaught error (pytest-qt fails the test on one)
    note = shown_note(controller)
    assert note.text() == "Your answer applies until DynoView closes."
    assert note.informativeText().startswith(f"It could not be saved in {path.parent} (")
    assert note.informativeText().endswith(
        "so the question comes back at the next start: make that folder writable (or free space "
        "on its disk), then answer it again.")
    qtbot.waitUntil(lambda: controller.notice is not None and controller.notice.isVisible(),
                    timeout=5000)  # agreed for this session: checked
    assert feed.requests == ["/pypi/dynoview/json"]
    (ok,) = [b for b in note.findChildren(QPushButton) if b.text() == "OK"]
    ok.click()
    assert not note.isVisible()
    assert not [n for n in controller.window.findChildren(MessageBar, "update-unsaved") if n.isVisible()]

    assert controller.notice is not None
    controller.notice.skip.click()  # "Skip this version": held too, and said
    assert controller.checker.state().skipped == "0.2.0"
    note = shown_note(controller)
    assert note.text() == "0.2.0 is not announced again until DynoView closes."
    assert note.informativeText().startswith(f"Skipping it could not be saved in {path.parent} (")


def test_dont_check_applies_for_the_session_and_says_it_was_not_saved(
        qtbot, window: QWidget, tmp_path: Path, feed: Feed) -> None:
    path = unwritable(tmp_path, "a file as its folder")
    controller = UpdateController(window, UpdateChecker(path, feed.url, "0.1.0"))
    controller.start()
    assert controller.question is not None
    controller.question.no.click()
    assert shown_note(controller).text() == "Your answer applies until DynoView closes."
    assert controller.checker.state().consent is False
    controller.start()  # asked once a session: not again, and nothing fetched
    qtbot.wait(200)
    assert controller.question is None and feed.requests == []
