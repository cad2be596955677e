"""Export CSV…/JSON… of the Accounts & locks audit, written off the UI thread.

``AuditExport`` asks where to save (``export.export_dialog``) and checks that place at once (a
link, a device or a missing folder is said at the path before any work), then writes the file
in the task runner's pool (``dynoview.core.audit.export_file.write_audit_file``), a slice of
findings at a time: the event loop keeps running, the Export buttons are off until it ends (one
export at a time), and its progress and Cancel show beside them once it takes a while. The file
appears at the path only when complete: a cancel, an error or a quit leaves what was there.
Closing the window while it writes asks first, as during an import (``transfer.quit_guard``
reads ``running``, ``stopping`` and calls ``cancel``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from dynoview.core.audit.export_file import (
    ExportProgress,
    LiveChanges,
    check_destination,
    write_audit_file,
)
from dynoview.core.audit.run import AuditResult
from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.ui.context import AppContext
from dynoview.ui.i18n.formats import number
from dynoview.ui.locks.export import (
    busy_text,
    cancelled_text,
    export_dialog,
    export_failure,
    exported_text,
    no_audit_text,
)
from dynoview.ui.locks.layout import FilterBar
from dynoview.ui.tasks import relay_to_ui

EXPORT_TASK = "locks-export"
#: An export done sooner shows no progress at all (most audits' files take a few ms).
SHOW_AFTER_MS = 300
#: At most this often the writer's progress reaches the UI thread.
PROGRESS_EVERY_S = 0.1


class _EitherSet(threading.Event):
    """Cancel's event or the task runner's (set when the app shuts its tasks down), as the
    writer reads it between slices."""

    def __init__(self, *events: threading.Event) -> None:
        super().__init__()
        self.events = events

    def is_set(self) -> bool:
        return any(event.is_set() for event in self.events)


class AuditExport(QObject):
    """One panel's exports of its audit: ask where, write in the background, say where it went."""

    finished = Signal(object)  # the Path written, or None (cancelled or failed)

    def __init__(self, ctx: AppContext, bar: FilterBar, parent: QWidget,
                 live_changes: Callable[[AuditResult], LiveChanges | None] | None = None) -> None:
        """``live_changes``: what Live mode changed in the grid since an audit (None when it
        did not follow that audit's rows): the file holds the findings as the grid shows them."""
        super().__init__(parent)
        self.ctx = ctx
        self.bar = bar
        self.live_changes = live_changes
        self.running = False
        self.path: Path | None = None
        self._existed = False  # a file was at the path: a cancel leaves it as it was
        self._cancel = threading.Event()
        self._last = ExportProgress(0, 0)  # the writer's last report
        # The writer reports on a pool thread: relayed, and dropped once this object is gone.
        self._report = relay_to_ui(self, self._on_progress)
        self._reveal = QTimer(self)
        self._reveal.setSingleShot(True)
        self._reveal.setInterval(SHOW_AFTER_MS)
        self._reveal.timeout.connect(self._show_progress)
        bar.export_cancel_button.clicked.connect(self.cancel)

    @property
    def stopping(self) -> bool:
        """Cancelled, and removing its temporary file (the quit guard waits for that)."""
        return self.running and self._cancel.is_set()

    def ask(self, result: AuditResult | None, fmt: str) -> QFileDialog | None:
        """The Export buttons: ask where to save, then write there in the background."""
        if self.running and self.path is not None:
            self.ctx.status_message.emit(busy_text(self.path))
            return None
        if result is None:
            self.ctx.status_message.emit(no_audit_text())
            return None
        parent = self.parent()
        assert isinstance(parent, QWidget)

        def chosen(path: str) -> None:
            self.start(result, path, fmt)

        return export_dialog(parent, result, fmt, chosen)

    def start(self, result: AuditResult, path: str | Path, fmt: str) -> bool:
        """Write ``result`` to ``path`` in the background; False when refused (an export is
        running, or the path cannot be written there: said at once, nothing started)."""
        if self.running and self.path is not None:
            self.ctx.status_message.emit(busy_text(self.path))
            return False
        try:
            existed = check_destination(path)
        except (OSError, DynoViewError) as exc:
            self._fail(exc, path)
            return False
        # The grid as it is now: Live's changes taken here, on the UI thread that applies them.
        changes = self.live_changes(result) if self.live_changes is not None else None
        self.running, self.path, self._existed = True, Path(path), existed
        self._last = ExportProgress(0, len(result.findings))
        self._cancel = threading.Event()
        self.bar.set_exporting(True)
        self._reveal.start()
        # A bug in the writer goes to the crash reporter (no on_error); _run settles the bar.
        self.ctx.tasks.start(EXPORT_TASK, self._run(result, Path(path), fmt, self._cancel, changes))
        return True

    def cancel(self) -> None:
        """Stop after the slice being written; the temporary file goes, the path keeps what
        it had."""
        if self.running:
            self._cancel.set()
            self.bar.show_export_progress(self._last.fraction,
                                          QCoreApplication.translate("locks.export", "Cancelling…"))

    async def _run(self, result: AuditResult, path: Path, fmt: str, cancel: threading.Event,
                   changes: LiveChanges | None = None) -> None:
        written: Path | None = None
        try:
            written = await self.ctx.tasks.call(self._write, result, path, fmt, cancel, changes,
                                                cancellable=True)
        except CancelledError:  # the core's: Cancel, or the app shutting its tasks down
            self.ctx.status_message.emit(cancelled_text(path, self._existed))
        except (OSError, DynoViewError) as exc:  # a full disk, a folder gone meanwhile
            self._fail(exc, path)
        else:
            self.ctx.status_message.emit(exported_text(result, path, changes))
        finally:
            self._settle()
        self.finished.emit(written)

    def _write(self, result: AuditResult, path: Path, fmt: str, own: threading.Event,
               changes: LiveChanges | None, cancel: threading.Event) -> Path:
        """In the pool: the file, its progress relayed at most every ``PROGRESS_EVERY_S``."""
        sent = [0.0]

        def progress(p: ExportProgress) -> None:
            now = time.monotonic()
            if now - sent[0] >= PROGRESS_EVERY_S:
                sent[0] = now
                self._report(p)

        return write_audit_file(result, path, fmt, cancel=_EitherSet(own, cancel), progress=progress,
                                changes=changes)

    def _on_progress(self, progress: ExportProgress) -> None:
        if not self.running:
            return  # a report queued before the end
        self._last = progress
        if not self._reveal.isActive() and not self._cancel.is_set():
            self._show_progress()

    def _show_progress(self) -> None:
        last = self._last
        text = QCoreApplication.translate("locks.export", "Writing {done} of {total} findings")
        self.bar.show_export_progress(last.fraction,
                                      text.format(done=number(last.done), total=number(last.total)))

    def _settle(self) -> None:
        self.running = False
        self._reveal.stop()
        self.bar.set_exporting(False)

    def _fail(self, exc: OSError | DynoViewError, path: str | Path) -> None:
        self.ctx.error_raised.emit(export_failure(exc, path))
