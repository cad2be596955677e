"""Glue between the window and ``UpdateChecker``: ask once, check in a thread, show the note.

The feed is read on a worker thread (never the UI thread) and the answer comes back through a
queued signal. Every decision (consent, at most daily, skipped version) is the core's.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QAbstractButton, QWidget

from dynoview.core.updates import state as store
from dynoview.core.updates.check import Outcome, Result, UpdateChecker
from dynoview.ui.plain_text import plain_label
from dynoview.ui.updates.notice import UnsavedNote, UpdateNotice
from dynoview.ui.updates.question import ConsentQuestion
from dynoview.ui.windows import bring_to_front

log = logging.getLogger(__name__)


class UpdateController(QObject):
    checked = Signal(object)  # Result, from the worker thread (queued to the UI thread)

    def __init__(self, parent: QWidget, checker: UpdateChecker | None = None,
                 open_url: Callable[[str], object] | None = None) -> None:
        super().__init__(parent)
        self.window = parent
        self.checker = checker or UpdateChecker()
        self.open_url = open_url or (lambda url: QDesktopServices.openUrl(QUrl(url)))
        self.question: ConsentQuestion | None = None
        self.notice: UpdateNotice | None = None
        self.unsaved_note: UnsavedNote | None = None  # an answer kept for this session only
        self.last: Result | None = None
        self.on_demand = False
        self._thread: threading.Thread | None = None
        # A check is running until its answer is shown (not until its thread has ended: it
        # emits its answer a moment before it ends, and a check asked for then was dropped).
        self._running = False
        self._asked_again: bool | None = None  # a check asked for while one ran (its force)
        self.checked.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        """At start-up: the one-time question, or a check if agreed and due."""
        if self.checker.needs_answer():
            self.ask()
        elif self.checker.due():
            self._check(force=False)

    def check_now(self) -> None:
        """The Help menu's "Check for updates": asks first if the user never answered."""
        self.on_demand = True
        if self.checker.state().consent is not True:
            self.ask()
        else:
            self._check(force=True)

    def set_enabled(self, enabled: bool) -> None:
        """File → Settings…'s switch: the same answer as the question's, at once (the question,
        if it still waits, is answered by it; a check in flight is then not shown when off)."""
        if self.question is not None:
            question, self.question = self.question, None
            question.close()  # its strip goes with it
            question.deleteLater()
        self.checker.answer(enabled)
        self._answer_unsaved()
        if enabled and self.checker.due():
            self._check(force=False)

    def ask(self) -> None:
        if self.question is not None:
            bring_to_front(self.question)
            return
        self.question = ConsentQuestion(self.checker.url, self.window)
        self.question.buttonClicked.connect(self._answered)
        self.question.show()

    def _answered(self, button: QAbstractButton) -> None:
        question, self.question = self.question, None
        if question is None:
            return
        agree = button is question.yes
        self.checker.answer(agree)  # held for the session when it cannot be saved
        question.deleteLater()
        self._answer_unsaved()
        if agree:
            self._check(force=self.on_demand)

    def _answer_unsaved(self) -> None:
        """Say so when the answer could not be saved: it applies for this session only."""
        error = store.unsaved(self.checker.path)
        if error is not None:
            self._say_unsaved(
                self.tr("Your answer applies until DynoView closes."),
                self.tr("It could not be saved in {folder} ({error}), so the question comes back "
                        "at the next start: make that folder writable (or free space on its "
                        "disk), then answer it again.").format(
                            folder=self.checker.path.parent, error=error))

    def _say_unsaved(self, text: str, informative: str) -> None:
        if self.unsaved_note is not None:
            self.unsaved_note.close()
            self.unsaved_note.deleteLater()
        note = UnsavedNote(text, informative, self.window)
        note.buttonClicked.connect(lambda _button: self._unsaved_closed(note))
        self.unsaved_note = note
        note.show()

    def _unsaved_closed(self, note: UnsavedNote) -> None:
        if self.unsaved_note is note:
            self.unsaved_note = None
        note.deleteLater()

    def _check(self, force: bool) -> None:
        if self._running:  # runs once the one in flight has answered
            self._asked_again = bool(self._asked_again) or force
            return
        self._running = True
        self._thread = threading.Thread(target=self._work, args=(force,), name="update-check",
                                        daemon=True)
        self._thread.start()

    def _work(self, force: bool) -> None:
        try:
            result = self.checker.check(force=force)
        except Exception as exc:  # a nicety: never a crash dialog for it
            log.warning("update check failed: %s", exc)
            result = Result(Outcome.FAILED, error=str(exc))
        try:
            self.checked.emit(result)
        except RuntimeError:  # the window (and this controller) closed while the feed answered
            log.info("update check: answered after its window closed")

    def _show(self, result: Result) -> None:
        self._running = False
        self.last = result
        on_demand, self.on_demand = self.on_demand, False
        log.info("update check: %s%s", result.outcome.value,
                 f" ({result.release.version})" if result.release else "")
        if self.checker.state().consent is not True:  # turned off in Settings meanwhile
            log.info("update check: its answer is not shown, the check was turned off")
        elif result.outcome is Outcome.NEWER and result.release is not None:
            self._notice(result)
        elif on_demand:
            self._tell(result)
        again, self._asked_again = self._asked_again, None
        if again is not None:
            self.on_demand = self.on_demand or again
            self._check(force=again)

    def _notice(self, result: Result) -> None:
        assert result.release is not None
        if self.notice is not None:
            self.notice.close()  # its strip goes with it
            self.notice.deleteLater()
        self.notice = UpdateNotice(result.release, str(self.checker.current), self.window)
        self.notice.buttonClicked.connect(self._noticed)
        self.notice.show()

    def _noticed(self, button: QAbstractButton) -> None:
        notice, self.notice = self.notice, None
        if notice is None:
            return
        if button is notice.skip:
            self.checker.skip(notice.release.version)
            error = store.unsaved(self.checker.path)
            if error is not None:
                self._say_unsaved(
                    self.tr("{version} is not announced again until DynoView closes.").format(
                        version=notice.release.version),
                    self.tr("Skipping it could not be saved in {folder} ({error}), so it is "
                            "announced again at the next start: make that folder writable (or "
                            "free space on its disk), then skip it again.").format(
                                folder=self.checker.path.parent, error=error))
        elif button is notice.open_page:
            self.open_url(notice.release.page)
        notice.deleteLater()

    def _tell(self, result: Result) -> None:
        """A check the user asked for gets an answer even when there is nothing new."""
        from PySide6.QtWidgets import QMessageBox

        newest = str(result.release.version) if result.release is not None else ""
        text = {Outcome.CURRENT: self.tr("You have the latest version ({version}).").format(
                    version=self.checker.current),
                Outcome.SKIPPED: self.tr("The newest version, {version}, is the one you chose to "
                                         "skip.").format(version=newest),
                Outcome.FAILED: self.tr("Could not check for new versions: {error}.").format(
                    error=result.error)}.get(result.outcome, "")
        if text:
            box = QMessageBox(QMessageBox.Icon.Information, self.tr("Check for updates"), text,
                              QMessageBox.StandardButton.Ok, self.window)
            plain_label(box)  # the error quotes the feed's answer or the server's reason phrase
            box.setObjectName("update-result")
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.show()


def start_update_check(window: QWidget, checker: UpdateChecker | None = None) -> UpdateController:
    """Create the window's controller (a child of ``window``) and run the start-up step."""
    controller = UpdateController(window, checker)
    controller.start()
    return controller


def check_for_updates(window: QWidget) -> UpdateController:
    """Help → "Check for updates…": check now, asking first if the user never agreed. Uses the
    window's controller (``window.updates``), made here when the start-up step has not run yet
    (in its first seconds, or with ``--smoke``)."""
    controller = window_controller(window)
    controller.check_now()
    return controller


def window_controller(window: QWidget) -> UpdateController:
    """The window's controller (``window.updates``), made (without the start-up step) when
    neither the start-up step nor the Help menu has made it yet."""
    controller = getattr(window, "updates", None)
    if not isinstance(controller, UpdateController):
        controller = UpdateController(window)
        setattr(window, "updates", controller)  # noqa: B010 - any QWidget, not only MainWindow
    return controller
