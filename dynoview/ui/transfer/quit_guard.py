"""Closing the window while an import, an export (of items, or of the audit's findings) or
Repair all runs: ask first, then stop it after its batch. A transaction the builder is sending
is asked about too, but only waited for: once sent it cannot be stopped safely.

An import stops between batches and its progress file records where (Resume in Import…, or
``--resume``, continues from there); an export stops after its page and removes its partial
file; Repair all stops after the finding in flight, whose send and outcome are in the action
log (its work runs in the pool, which goes on when the event loop has ended: it must stop
before the window goes). Closing waits for that with the event loop running, then closes the
window again. An unattended close (``closing_unattended``: a signal closes the window) stops
them without asking, and so does a close when each is stopping already.

A builder send (its settling reads and resends included) ends by itself, within minutes at
worst: Wait for the answer and quit closes once its outcome is in the action log, and offers
Quit now after ``QUIT_NOW_AFTER_S`` (the next execution settles an intent left without outcome
from the log). An unattended close waits ``UNATTENDED_SEND_WAIT_S`` for the answer at most.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Protocol

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QProgressDialog, QPushButton, QWidget

#: Set to True on the window when it closes without a person to answer (SIGTERM, logout).
UNATTENDED = "closing_unattended"
IMPORT, EXPORT, REPAIR, SEND = "import", "export", "repair", "send"
# Looked up in sys.modules: a controller module never loaded has nothing running, and closing
# need not load it. The last field names the attribute that is true while it works.
CONTROLLERS = ((IMPORT, "dynoview.ui.transfer.import_controller", "ImportController", "running"),
               (EXPORT, "dynoview.ui.transfer.export_controller", "ExportController", "running"),
               # Export CSV…/JSON… of the Accounts & locks audit (its file appears only whole).
               (EXPORT, "dynoview.ui.locks.export_flow", "AuditExport", "running"),
               (REPAIR, "dynoview.ui.locks.repair_controller", "RepairController", "busy"),
               # The builder's TransactWriteItems, from the send to its settled outcome.
               (SEND, "dynoview.ui.builder.send_flow", "SendFlow", "sending"))
POLL_MS = 100
STOP_WAIT_S = 30.0  # at most this long does closing wait for a batch (retries included)
# A send's own resends stop before its token's 10 minutes end, and reads settle it: closing
# waits that long at most, with Quit now offered after QUIT_NOW_AFTER_S.
SEND_WAIT_S = 600.0
QUIT_NOW_AFTER_S = 10.0
UNATTENDED_SEND_WAIT_S = 5.0  # a signal's close: short, the session may be ending


class Transfer(Protocol):
    """An import, export or repair; a builder send (SEND) has no cancel (``cancel_transfers``)."""

    def cancel(self) -> None: ...


def progress_of(transfer: Transfer) -> str:
    """How far the transfer got, when it says (the import does), else ""."""
    text: Any = getattr(transfer, "progress_text", None)
    return str(text()) if callable(text) else ""


def running_transfers(window: QWidget) -> list[tuple[str, Transfer]]:
    """The window's imports, exports and repairs that are running, with their kind."""
    found: list[tuple[str, Transfer]] = []
    for kind, module, name, working in CONTROLLERS:
        loaded = sys.modules.get(module)
        if loaded is None:
            continue
        found += [(kind, c) for c in window.findChildren(getattr(loaded, name)) if getattr(c, working)]
    return found


def sent_to(running: list[tuple[str, Any]]) -> str:
    """The tables the running builder sends write to, as the prompt names them."""
    return ", ".join(sorted({table for kind, flow in running if kind == SEND
                             for table in flow.sending_to()}))


def cancel_transfers(running: list[tuple[str, Any]]) -> None:
    """Cancel what can stop; a send that left is waited for, never cancelled."""
    for kind, transfer in running:
        if kind != SEND:
            transfer.cancel()


def stopping(transfer: Transfer) -> bool:
    """Cancelled already and finishing its step (a repair whose dialog was closed): nothing
    to ask, only to wait for."""
    return bool(getattr(transfer, "stopping", False))


class QuitGuard(QObject):
    """One per window, made at its first close: asks, stops the transfers, closes again."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window_ = window
        self.box: QMessageBox | None = None
        self.dialog: QWidget | None = None  # the modal dialog that was closed, closed first
        self.quitting_app = False  # asked from that dialog: the app was quitting, not one window
        self.waiting: QProgressDialog | None = None
        self.closing_answered = False
        self.deadline = 0.0
        self.send_deadline = 0.0  # a send's answer is waited for until then
        self.quit_now_at: float | None = None  # when the waiting offers Quit now (None: never)
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._check)

    @classmethod
    def of(cls, window: QWidget) -> QuitGuard:
        guard = window.findChild(cls)
        return guard if isinstance(guard, cls) else cls(window)

    def confirm_close(self) -> bool:
        """True to go on closing; False while it asks or waits (it closes the window itself)."""
        if self.closing_answered:
            return True
        if self.waiting is not None:  # Ctrl+Q again while stopping: it closes when done
            return False
        running = running_transfers(self.window_)
        if not running:
            return True
        if getattr(self.window_, UNATTENDED, False) or all(stopping(t) for _, t in running):
            self._stop(running)
        elif self.box is None or not self.box.isVisible():
            self._ask(running)
        return False

    def ask_from(self, dialog: QWidget) -> None:
        """The app quitting (Cmd+Q, the Dock, every window closed) while the modal Import…
        dialog writes: Qt closes the dialog first and stopped at its refusal. Asked as quitting,
        with a choice to stop only the import; after Stop and quit, the dialog closes before
        the window."""
        running = running_transfers(self.window_)
        if not running or self.waiting is not None or (self.box is not None and self.box.isVisible()):
            return
        self.dialog = dialog
        self.quitting_app = True
        self._ask(running, only_stop=True)

    def _ask(self, running: list[tuple[str, Transfer]], *, only_stop: bool = False) -> None:
        kinds = {kind for kind, _ in running}
        infos = [said for _, t in running if (said := progress_of(t))]
        if IMPORT in kinds:
            infos.append(self.tr("Stop and quit ends the import after the current batch. What was "
                                 "written stays, and Resume in Import… (or --resume) continues from "
                                 "where it stopped."))
        if EXPORT in kinds:
            infos.append(self.tr("Stop and quit ends the export and removes its partial file, so no "
                                 "incomplete export is left looking complete."))
        if REPAIR in kinds:
            infos.append(self.tr("Stop and quit ends Repair all after the finding in progress: what "
                                 "it sent is in the action log with its outcome, and Continue or a "
                                 "new audit picks up the rest."))
        only_send = kinds == {SEND}  # nothing to stop: the only choice is to wait, or not quit
        quit_label = self.tr("Wait for the answer and quit") if only_send else self.tr("Stop and quit")
        keep_label = self.tr("Keep working") if only_send else self.tr("Keep running")
        if SEND in kinds:
            infos.append(self.tr("A transaction that was sent cannot be stopped safely. {quit} waits "
                                 "for its answer and records its outcome in the action log before "
                                 "closing; {keep} shows the outcome in the builder.").format(
                quit=quit_label, keep=keep_label))
        one = {IMPORT: self.tr("An import is running."), EXPORT: self.tr("An export is running."),
               REPAIR: self.tr("Repair all is running."),
               SEND: self.tr("A transaction is being sent to {table}: its answer is awaited.").format(
                   table=sent_to(running))}
        text = (one[next(iter(kinds))] if len(kinds) == 1
                else self.tr("An import and an export are running.") if kinds == {IMPORT, EXPORT}
                else self.tr("Several tasks are running."))
        self.box = box = QMessageBox(QMessageBox.Icon.Question, self.tr("Quit DynoView"), text,
                                     QMessageBox.StandardButton.NoButton,
                                     self.dialog or self.window_)  # over the modal dialog
        box.setInformativeText(" ".join(infos))
        stop = box.addButton(quit_label, QMessageBox.ButtonRole.AcceptRole if only_send
                             else QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(keep_label, QMessageBox.ButtonRole.RejectRole)
        # (the Cancel button's "stop after the batch", the window staying open)
        just_stop = (box.addButton(self.tr("Stop, don't quit"), QMessageBox.ButtonRole.ActionRole)
                     if only_stop and not only_send else None)
        box.setDefaultButton(keep)  # Enter must not stop a long import
        box.setEscapeButton(keep)
        box.setObjectName("transfer-close-prompt")

        def answered(_code: int) -> None:
            self.box = None
            box.deleteLater()  # a next close asks with a box of its own
            if box.clickedButton() is stop:
                self._stop(running_transfers(self.window_))  # it may have finished meanwhile
            elif just_stop is not None and box.clickedButton() is just_stop:
                self.dialog, self.quitting_app = None, False
                cancel_transfers(running_transfers(self.window_))
            else:
                self.dialog, self.quitting_app = None, False

        box.finished.connect(answered)
        box.open()

    def _stop(self, running: list[tuple[str, Transfer]]) -> None:
        """Cancel each transfer and wait, the loop running, until all stopped and every send
        answered (or the deadlines)."""
        cancel_transfers(running)
        kinds = {kind for kind, _ in running}
        one = {IMPORT: self.tr("Stopping the import after the current batch…"),
               EXPORT: self.tr("Stopping the export…"),
               REPAIR: self.tr("Stopping Repair all after the finding in progress…"),
               SEND: self.tr("Waiting for DynamoDB's answer to the transaction sent to {table}…").format(
                   table=sent_to(running))}
        label = (one[next(iter(kinds))] if len(kinds) == 1
                 else self.tr("Stopping the import and the export before quitting…")
                 if kinds == {IMPORT, EXPORT} else self.tr("Stopping the running tasks before quitting…"))
        show_status: Any = getattr(self.window_, "show_status", None)
        if callable(show_status):
            show_status(label)
        self.waiting = waiting = QProgressDialog(label, "", 0, 0, self.window_)
        waiting.setCancelButton(None)  # the batch in flight finishes either way
        waiting.setWindowTitle(self.tr("Quit DynoView"))
        waiting.setWindowModality(Qt.WindowModality.WindowModal)
        waiting.setMinimumDuration(0)
        waiting.setObjectName("transfer-stopping")
        waiting.show()
        now = time.monotonic()
        self.deadline = now + STOP_WAIT_S
        unattended = getattr(self.window_, UNATTENDED, False)
        self.send_deadline = now + (UNATTENDED_SEND_WAIT_S if unattended else SEND_WAIT_S)
        self.quit_now_at = None if unattended else now + QUIT_NOW_AFTER_S
        self.timer.start()  # not checked now: a close from inside closeEvent would not close

    def _check(self) -> None:
        now = time.monotonic()
        running = running_transfers(self.window_)
        sends = any(kind == SEND for kind, _ in running)
        transfers = any(kind != SEND for kind, _ in running)
        if (transfers and now < self.deadline) or (sends and now < self.send_deadline):
            if sends and not transfers and self.quit_now_at is not None and now >= self.quit_now_at:
                self.quit_now_at = None
                self._offer_quit_now()
            return
        self.timer.stop()
        if self.waiting is not None:
            self.waiting.close()
            self.waiting.deleteLater()
            self.waiting = None
        self.closing_answered = True
        try:
            dialog, self.dialog = self.dialog, None
            if isinstance(dialog, QDialog):  # done(), not close(): past the deadline it refuses
                dialog.done(QDialog.DialogCode.Rejected)
            self.window_.close()
        finally:
            self.closing_answered = False
        if self.quitting_app and not self.window_.isVisible():
            # The quit stopped at this window's dialog: the other windows close now, as the
            # quit asked (each asks for its own running work).
            self.quitting_app = False
            QTimer.singleShot(0, QApplication.closeAllWindows)

    def _offer_quit_now(self) -> None:
        """The answer is slow: let the user go without it (the action log holds the intent)."""
        waiting = self.waiting
        if waiting is None:
            return
        button = QPushButton(self.tr("Quit now"), waiting)
        button.setObjectName("quit-now")
        waiting.setCancelButton(button)
        waiting.setLabelText(self.tr(
            "{waiting}\n\nQuit now closes without the answer: if it is not recorded, the transaction's "
            "outcome will be settled by the next execution on this connection, from the action "
            "log.").format(waiting=waiting.labelText()))
        waiting.canceled.connect(self._quit_now)
        waiting.show()  # (Escape may have hidden it; the wait went on)

    def _quit_now(self) -> None:
        self.send_deadline = 0.0  # the next check closes
