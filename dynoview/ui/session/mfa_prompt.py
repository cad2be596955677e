"""The window's MFA prompter: botocore asks from a worker thread, the dialog answers on the UI thread.

A connection is opened in the task runner's pool, where botocore's assume-role provider calls
the prompter. ``WindowPrompter`` posts the request to the UI thread (a queued signal), opens an
``MfaDialog`` there and blocks only the asking worker until the dialog is answered; quitting the
app or closing the window answers Cancel, then and for every later ask, so no worker waits
forever. Asked on the UI thread
itself (connections never open there), it answers Cancel rather than freeze the window. After a
code STS refused, signin asks again: a fresh dialog says why (``MfaRequest.again``). A sign-in
another connection replaced (``MfaRequest.cancel`` set) stops waiting: its dialog closes and
the worker gets Cancel.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal
from PySide6.QtWidgets import QDialog, QWidget

from dynoview.core.session import signin
from dynoview.core.session.signin import MfaRequest
from dynoview.ui.tasks import relay_to_ui

if TYPE_CHECKING:  # the dialog is made when a code is asked for, not with the window
    from dynoview.ui.session.mfa_dialog import MfaDialog

#: How often a worker waiting for a code checks whether its sign-in was replaced (seconds).
REPLACED_CHECK = 0.05


@dataclass
class _Pending:
    request: MfaRequest
    done: threading.Event = field(default_factory=threading.Event)
    code: str | None = None
    dialog: MfaDialog | None = None  # the one showing it (UI thread only)

    def answer(self, code: str | None) -> None:
        self.code = code
        self.done.set()


class WindowPrompter(QObject):
    """Callable from any thread: returns the code typed, or None when cancelled."""

    _asked = Signal(object)  # a _Pending, delivered on the UI thread

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self.dialog: MfaDialog | None = None  # the one on screen, for tests and screenshots
        waiting: list[_Pending] = []
        self._waiting = waiting
        self._asked.connect(self._show)
        # From the worker, whose sign-in was replaced: closes its dialog on the UI thread (the
        # app-wide relay, never this object's own signal: the window may be going meanwhile).
        self._withdraw_later = relay_to_ui(self, self._withdraw)

        def cancel_all() -> None:  # a closure: it must work after this object is deleted
            for pending in list(waiting):
                pending.answer(None)

        # Once the window or the app is going, every later ask is Cancel at once: a worker
        # queued behind the answered prompt (a refresh) would otherwise ask a dialog no one
        # shows, and wait for ever, keeping the process alive after Quit.
        closed = self._closed = threading.Event()

        def close() -> None:
            closed.set()
            cancel_all()

        self._cancel_all = cancel_all
        window.destroyed.connect(close)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(close)

    def __call__(self, request: MfaRequest) -> str | None:
        if self._closed.is_set():  # first: the Qt object may be deleted with its window
            return None
        if QThread.currentThread() is self.thread():
            # Connections open in the task pool; a UI thread that waited here (or ran a nested
            # event loop) would freeze the window, so an ask from it is answered Cancel.
            return None
        pending = _Pending(request)
        self._waiting.append(pending)
        if self._closed.is_set():  # closed between the test and the append: no one answers it
            self._waiting.remove(pending)
            return None
        cancel = request.cancel
        try:
            self._asked.emit(pending)
            while not pending.done.wait(None if cancel is None else REPLACED_CHECK):
                if cancel is not None and cancel.is_set():
                    pending.answer(None)  # replaced: nobody waits for this code any more
                    self._withdraw_later(pending)
            return pending.code
        finally:
            self._waiting.remove(pending)

    def cancel_all(self) -> None:
        self._cancel_all()

    def _dialog(self, request: MfaRequest) -> MfaDialog:
        from dynoview.ui.session.mfa_dialog import MfaDialog

        if self.dialog is not None and not self.dialog.isVisible():
            self.dialog.deleteLater()  # answered: a sign-in may ask up to MFA_TRIES times
        self.dialog = MfaDialog(request, self._window)
        return self.dialog

    def _withdraw(self, pending: _Pending) -> None:
        """Close the dialog of a prompt answered Cancel because its sign-in was replaced."""
        dialog = pending.dialog
        if dialog is not None and dialog.isVisible():
            dialog.code.clear()  # a half-typed code goes with it
            dialog.reject()

    def _show(self, pending: _Pending) -> None:
        if pending.done.is_set():
            return  # cancelled before it could be shown
        dialog = pending.dialog = self._dialog(pending.request)
        accepted = QDialog.DialogCode.Accepted.value
        dialog.finished.connect(
            lambda result: pending.answer(dialog.take_code() if int(result) == accepted else None))
        dialog.open()
        dialog.code.setFocus()  # asked again: the field is where the next code goes


def install(window: QWidget) -> WindowPrompter:
    """The window's prompter, made every connection's default until the window goes."""
    prompter = WindowPrompter(window)
    signin.set_default_prompter(prompter)

    def forget() -> None:
        if signin.default_prompter() is prompter:
            signin.set_default_prompter(None)

    window.destroyed.connect(forget)
    return prompter
