"""An editing dialog's unsent text, kept when it closes without the user choosing: the Qt side
of ``core.drafts.dialog_texts`` for Edit as JSON… and the uniqueness schema editor.

While the dialog's fields differ from what it opened with, they are written to the drafts
folder half a second after the last change (so a kill loses at most that), and again when the
dialog or its window closes around it: a signal or the app quitting (``closeAllWindows``),
or the window closed while it is open. The user's own answers, Save/OK and Cancel (its button,
Esc, or the dialog's title bar), delete what was kept: that is their choice. The next time the
dialog opens for the same subject it shows the kept text under a note (``KeptNote``) whose
button discards it.

While it is open the dialog holds its subject's lock (``DialogTexts.hold``), so a dialog on the
same item or table in another window, of this DynoView process or another, neither offers its
live text as kept nor deletes it; once it closes, or its process is killed, the lock is free.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import ClassVar

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialog, QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from dynoview.core.drafts.dialog_texts import DialogTexts, Fields, KeptText, Subject, connection_label
from dynoview.core.drafts.window_lock import WindowLock
from dynoview.core.session.private_files import PrivateFileError
from dynoview.ui.context import AppContext
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role

log = logging.getLogger(__name__)
SAVE_DELAY_MS = 500  # after the last change, as the builder's autosave
# Set on the main window when it closes with nobody to answer (a signal: ``ui.app``).
UNATTENDED = "closing_unattended"


def connection_of(ctx: AppContext | None) -> str | None:
    """The label kept texts of ``ctx``'s connection are filed under, or None (not connected)."""
    conn = ctx.connection if ctx is not None else None
    if conn is None:
        return None
    spec = conn.spec
    return connection_label(spec.name, spec.endpoint_url, conn.region or spec.region, spec.profile,
                            demo=spec.demo)


class KeptNote(QFrame):
    """The strip at the top of a dialog that opened with a kept text: what it is, and the
    button that discards it (or, alone, why a kept text could not be kept or read)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kept-note")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = plain_label(QLabel())  # it may quote a table's name or an item's key
        self.text.setObjectName("kept-note-text")
        self.text.setWordWrap(True)
        self.discard_button = QPushButton(self.tr("Discard the kept edit"))
        self.discard_button.setObjectName("kept-note-discard")
        self.discard_button.setAccessibleName(self.tr("Discard the kept edit"))
        self.discard_button.setAutoDefault(False)  # Enter in a field never discards the edit
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.addWidget(self.text, 1)
        row.addWidget(self.discard_button)
        self.hide()

    def show_kept(self, text: str, button: str) -> None:
        self.text.setText(text)
        set_role(self.text, "hint")
        self.discard_button.setText(button)
        self.discard_button.show()
        self.show()

    def show_problem(self, text: str) -> None:
        self.text.setText(text)
        set_role(self.text, "error")
        self.discard_button.hide()
        self.show()


class _Hold:
    """What a keeper holds while its dialog is open: the subject's lock (seen by every DynoView
    process) and its place in ``TextKeeper._open`` (this process, also when no lock could be
    taken). Let go once, so a later keeper's hold is never dropped by an older one."""

    def __init__(self, subject: Subject, lock: WindowLock | None) -> None:
        self.subject: Subject | None = subject
        self.lock = lock
        TextKeeper._open.add(subject)

    def release(self) -> None:
        if self.subject is not None:
            TextKeeper._open.discard(self.subject)
            self.subject = None
        lock, self.lock = self.lock, None
        if lock is not None:
            lock.release()


class TextKeeper(QObject):
    """Keeps ``fields()`` of ``dialog`` for ``subject`` while they differ from ``base`` (None
    subject: the dialog is not tied to a connection and table, and nothing is kept).

    One keeper per subject across DynoView processes (the subject's lock): a second dialog on
    the same item or table (another window, of this process or another) neither shows the first
    one's live text as kept by a closed session nor deletes it on Cancel; it keeps nothing and
    its note says the subject is open elsewhere."""

    _open: ClassVar[set[Subject]] = set()  # the subjects a keeper in this process is keeping now

    def __init__(self, dialog: QDialog, subject: Subject | None, fields: Callable[[], Fields],
                 base: Fields, note: KeptNote, store: DialogTexts | None = None,
                 tell: Callable[[str], object] | None = None) -> None:
        """``tell``: where a problem is said once the dialog has closed (the window's status
        line); without it, the log only."""
        super().__init__(dialog)
        self.dialog, self.subject, self.fields, self.base, self.note = dialog, subject, fields, base, note
        self.store = store or DialogTexts()
        self.tell = tell
        self._hold: _Hold | None = None
        #: Another dialog (any window, any process) keeps this subject: this one leaves it alone.
        self.elsewhere = subject is not None and (subject in TextKeeper._open or not self._take(subject))
        self.settled = subject is None or self.elsewhere  # the user chose (or nothing to keep)
        self._written: dict[str, str] | None = None  # the fields last kept, not written again
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SAVE_DELAY_MS)
        self._timer.timeout.connect(lambda: self.keep(only_changes=True))
        parent = dialog.parentWidget()
        self._window = parent.window() if parent is not None else None
        if self._window is not None and not self.settled:
            # The window closed (or hidden) while the dialog is open: the dialog is not closed
            # with it, and the app may quit before the delay is over.
            self._window.installEventFilter(self)

    def _take(self, subject: Subject) -> bool:
        """Hold the subject while the dialog is open; False when another window holds it. A
        folder that cannot be written holds no lock: this process's own set guards it then, and
        ``keep`` says that nothing can be kept."""
        try:
            lock = self.store.hold(subject)
        except (OSError, PrivateFileError) as exc:
            log.warning("could not lock the kept text of %s: %s", subject.describe(), exc)
            lock = None
        else:
            if lock is None:
                return False
        hold = self._hold = _Hold(subject, lock)
        # Closed without an answer and without closing (its window deleted): let go with it.
        self.destroyed.connect(lambda: hold.release())
        return True

    def _let_go(self) -> None:
        """Nothing more is written for the subject: another window may take it now."""
        if self._hold is not None:
            self._hold.release()

    def restore(self) -> KeptText | None:
        """What was kept for this subject the last time (its note shows a problem reading it)."""
        if self.subject is None:
            return None
        if self.elsewhere:
            self.note.show_problem(self.tr(
                "This is open in another window too: what you type here is not kept in case "
                "DynoView closes (that window's edit is). Save or cancel one of them."))
            return None
        kept, problem = self.store.load(self.subject)
        if problem is not None:
            self.note.show_problem(problem)
        if kept is not None:
            self._written = dict(kept.fields)
        return kept

    def changed(self) -> None:
        """A field changed: keep it after a pause in typing."""
        if not self.settled:
            self._timer.start()

    def keep(self, only_changes: bool = False) -> None:
        """Keep the fields now if they differ from the base (else nothing is kept); with
        ``only_changes``, not when they are what was kept already (its time stays)."""
        self._timer.stop()
        if self.settled or self.subject is None:
            return
        fields = dict(self.fields())
        if only_changes and fields == self._written:
            return
        try:
            self.store.update(self.subject, fields, self.base)
        except (OSError, PrivateFileError) as exc:
            if fields == dict(self.base):  # back to what it opened with: the kept file stays
                log.warning("could not delete the kept text of %s: %s", self.subject.describe(), exc)
                self.note.show_problem(self.tr(
                    "The edit kept earlier could not be deleted ({error}): this dialog offers it "
                    "again the next time it opens. Discard it then, once the folder can be "
                    "written.").format(error=exc))
                return
            log.warning("could not keep the text of %s: %s", self.subject.describe(), exc)
            self.note.show_problem(self.tr(
                "Your changes here could not be kept in case DynoView closes ({error}): save or "
                "copy them before you quit.").format(error=exc))
            return
        self._written = fields

    def discard_kept(self) -> None:
        """The note's button: the kept text goes; what the user types next is kept again."""
        self._timer.stop()
        lock = self._hold.lock if self._hold is not None else None
        problem = self.store.discard(self.subject, lock) if self.subject is not None else None
        self._written = None
        if problem is not None:  # the dialog starts over all the same; the file is said
            self.note.show_problem(problem)
        else:
            self.note.hide()

    def closing(self, event: QCloseEvent) -> None:
        """The dialog is closing: its title bar, by the user, is their Cancel (``chose``
        follows); the app or the window closing it (a signal, a quit) keeps the fields."""
        window = self._window
        unattended = window is not None and bool(getattr(window, UNATTENDED, False))
        if event.spontaneous() and not unattended:
            return
        self.keep()
        self.settled = True
        self._let_go()  # kept for the next open, in any window

    def chose(self) -> None:
        """The user answered (Save/OK sent it on, or Cancel): nothing is kept for next time."""
        self._timer.stop()
        if self.settled:
            return
        self.settled = True
        if self.subject is not None:
            # Never raises: the user's answer closes the dialog whatever the disk says.
            problem = self.store.discard(self.subject, self._hold.lock if self._hold else None)
            self._let_go()  # another dialog may keep it now
            if problem is not None and self.tell is not None:
                self.tell(problem)  # the dialog is closing: its note would not be seen

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() in (QEvent.Type.Hide, QEvent.Type.Close) \
                and self.dialog.isVisible():
            self.keep()
        return False
