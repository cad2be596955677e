"""Crash safety: an unexpected exception shows a dialog with a copyable report; the app keeps running.

``CrashHandler.install()`` takes over ``sys.excepthook`` (which PySide6 calls for exceptions raised
in slots and event handlers), ``threading.excepthook`` and the asyncio loop's exception handler.
Reports are scrubbed by the core's one set of rules (``dynoview.core.redaction``): AWS key ids,
secret keys, session tokens, signatures, passwords (endpoint URL passwords included) and the literal
values of the credentials in use never reach the dialog, the clipboard or the saved file. Control,
bidi and invisible characters (an exception can quote a value from a table) are shown as escapes
(``visible_text``), so a report pasted into a terminal or an issue shows them and obeys none.
The user sees the whole report and chooses: copy it, send it (a prefilled new-issue page or mail,
opened only on that click: nothing leaves the machine otherwise), keep it or not keep it (the
saved files are deleted).
Saved reports are private: 0600 files in a 0700 folder. The Qt-free part (building and saving a
report) is ``dynoview.core.crash_report``, shared with the headless commands.
"""

from __future__ import annotations

import html
import logging
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dynoview import APP_NAME
from dynoview.core import crash_report
from dynoview.core.crash_report import (
    KEEP_REPORTS,
    discard_reports,
    report_target,
    save_report,
    send_url,
)
from dynoview.core.redaction import (
    MIN_SECRET_LENGTH,
    REDACTED,
    credential_secrets,
    environment_secrets,
    install_stderr_redaction,
    redact,
)
from dynoview.core.values.visible_text import visible
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role, set_sheets
from dynoview.ui.windows import bring_to_front

log = logging.getLogger(__name__)
MAX_REPORTS_SHOWN = 10

# One set of redaction rules for logs, errors and crash reports: the core's. ``scrub`` keeps
# the name the dialog and its tests use; the helpers stay importable from here.
scrub = redact
__all__ = ["KEEP_REPORTS", "MIN_SECRET_LENGTH", "REDACTED", "CrashDialog", "CrashHandler", "build_report",
           "credential_secrets", "environment_secrets", "save_report", "scrub"]


def environment_lines() -> list[str]:
    """Versions and platform, for the top of a report (the core's lines with Qt's versions)."""
    import PySide6
    from PySide6.QtCore import qVersion

    return crash_report.environment_lines(f"Qt {qVersion()}, PySide6 {PySide6.__version__}")


def build_report(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None,
                 context: dict[str, str] | None = None, secrets: Iterable[str] = (),
                 thread: str | None = None) -> str:
    """The full scrubbed text of one error (``dynoview.core.crash_report``), Qt's versions included."""
    return crash_report.build_report(exc_type, exc, tb, context, secrets, thread,
                                     environment=environment_lines())


class CrashDialog(QDialog):
    """What went wrong, that the app still runs, and the report: copy, send, keep or not keep."""

    def __init__(self, parent: QWidget | None = None, target: str | None = None,
                 open_url: Callable[[str], object] | None = None) -> None:
        super().__init__(parent)
        self.target = target or report_target()
        # The one way a report leaves the machine, and only from the Send button (tests replace it).
        self.open_url = open_url or (lambda url: QDesktopServices.openUrl(QUrl(url)))
        self.saved_paths: list[Path] = []
        self.summary = ""
        self.setWindowTitle(self.tr("{APP_NAME}: unexpected error").format(APP_NAME=APP_NAME))
        self.setObjectName("crash-dialog")
        self.resize(720, 480)
        self.reports: list[str] = []
        self.extra = 0
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        explain = plain_label(QLabel(
            self.tr("{APP_NAME} is still running and your connection is still open. If something looks "
            "wrong, run the read again or reconnect (Ctrl+O). Keys, secrets and session tokens "
            "have been removed from the report below. Nothing is sent unless you click "
            "Send report: it opens {where} with the report filled in, for you to "
            "read and submit.").format(APP_NAME=APP_NAME, where=_where(self.target))))
        explain.setWordWrap(True)
        self.saved = plain_label(QLabel())
        set_role(self.saved, "hint")
        self.saved.setWordWrap(True)
        self.saved.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QPlainTextEdit(readOnly=True)
        self.details.setObjectName("crash-report")
        set_sheets(self.details, "QPlainTextEdit { background: #fbfbfb; }",
                   "QPlainTextEdit { background: #1b1c1f; }")
        self.details.setAccessibleName(self.tr("Crash report"))
        self.details.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        self.close_button.setText(self.tr("Keep and close"))
        self.copy_button = buttons.addButton(self.tr("Copy report"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_report)
        self.send_button = buttons.addButton(self.tr("Send report…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.send_button.setToolTip(self.tr(
            "Opens {split} with the report filled in").format(split=self.target.split('?')[0]))
        self.send_button.clicked.connect(self.send_report)
        self.discard_button = buttons.addButton(self.tr("Don't keep"),
                                                QDialogButtonBox.ButtonRole.DestructiveRole)
        self.discard_button.setToolTip(self.tr("Delete the saved report and close"))
        self.discard_button.clicked.connect(self.discard)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(explain)
        layout.addWidget(self.details, 1)
        layout.addWidget(self.saved)
        layout.addWidget(buttons)
        # Once in the dialog: Enter keeps the report (before, Qt made "Don't keep" the default).
        self.close_button.setDefault(True)

    def add(self, summary: str, report: str, saved_to: Path | None) -> None:
        """Show one more error; after ``MAX_REPORTS_SHOWN`` only the count grows."""
        if len(self.reports) >= MAX_REPORTS_SHOWN:
            self.extra += 1
        else:
            self.reports.append(report)
        count = len(self.reports) + self.extra
        self.summary = html.unescape(summary)
        many = self.tr("<b>%Ln unexpected error(s).</b> The latest: {summary}", "", count)
        self.headline.setText(f"<b>{summary}</b>" if count == 1 else many.format(summary=summary))
        self.details.setPlainText(self.report_text())
        if saved_to is not None:
            self.saved_paths.append(saved_to)
            self.saved.setText(self.tr("Saved to {saved_to}").format(saved_to=saved_to))

    def report_text(self) -> str:
        text = ("\n\n" + "-" * 72 + "\n\n").join(self.reports)
        if self.extra:
            text += f"\n\n({self.extra} more errors not shown)"  # the report stays English: it is sent
        return text

    def copy_report(self) -> None:
        QGuiApplication.clipboard().setText(self.report_text())

    def send_report(self) -> None:
        """Open the prefilled issue or mail; the whole report also goes to the clipboard,
        because a link holds only the first few thousand characters."""
        try:
            url = send_url(self.report_text(), self.summary, self.target)
        except ValueError as exc:
            self.saved.setText(str(exc))
            return
        self.copy_report()
        self.open_url(url)
        self.saved.setText(self.tr("The report is open in your browser or mail app, and on the clipboard: "
                           "nothing is sent until you submit it there."))

    def discard(self) -> None:
        """Do not keep this report: delete what was saved, then close."""
        removed = discard_reports(self.saved_paths)
        log.info("error report not kept: %d saved file(s) deleted", removed)
        self.saved_paths.clear()
        self.reject()


def _where(target: str) -> str:
    return QCoreApplication.translate(
        "crash", "a new e-mail") if target.lower().startswith("mailto:") else QCoreApplication.translate(
            "crash", "a new issue in your browser")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class CrashHandler(QObject):
    """Routes unexpected exceptions from any thread to one non-modal dialog on the UI thread."""

    reported = Signal(str, str)  # summary, scrubbed report; queued to the UI thread

    def __init__(self, parent: QWidget | None = None,
                 context: Callable[[], dict[str, str]] | None = None,
                 secrets: Callable[[], Iterable[str]] | None = None,
                 log_folder: Path | None = None) -> None:
        super().__init__(parent)
        self.window = parent
        self.context = context or dict
        self.secrets = secrets or (lambda: [])
        self.log_folder = log_folder
        self.dialog: CrashDialog | None = None
        self._previous_hook: Callable[..., Any] | None = None
        self._previous_thread_hook: Callable[..., Any] | None = None
        self._handling = threading.local()
        self.reported.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def install(self) -> None:
        # Every log line, warning and unraisable exception redacted, before any connection.
        install_stderr_redaction()
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook
        sys.excepthook = self.excepthook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        if sys.excepthook == self.excepthook and self._previous_hook is not None:
            sys.excepthook = self._previous_hook
        if threading.excepthook == self._thread_hook and self._previous_thread_hook is not None:
            threading.excepthook = self._previous_thread_hook

    def excepthook(self, exc_type: type[BaseException], exc: BaseException,
                   tb: TracebackType | None, thread: str | None = None) -> None:
        if issubclass(exc_type, KeyboardInterrupt | SystemExit):
            (self._previous_hook or sys.__excepthook__)(exc_type, exc, tb)
            return
        if getattr(self._handling, "active", False):  # failing while reporting: do not loop
            sys.__excepthook__(exc_type, exc, tb)
            return
        self._handling.active = True
        try:
            secrets = [*environment_secrets(), *self._safe(self.secrets, [])]
            report = build_report(exc_type, exc, tb, self._safe(self.context, {}), secrets, thread)
            summary = visible(scrub(f"{exc_type.__name__}: {exc}", secrets).strip())[:300]
            log.error("unexpected error\n%s", report)
            self.reported.emit(summary, report)
        except Exception:  # the handler itself must never take the app down
            sys.__excepthook__(exc_type, exc, tb)
        finally:
            self._handling.active = False

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        name = args.thread.name if args.thread is not None else None
        self.excepthook(args.exc_type, args.exc_value, args.exc_traceback, name)

    def asyncio_handler(self, loop: Any, context: dict[str, Any]) -> None:
        """For ``loop.set_exception_handler``: errors in callbacks and forgotten tasks."""
        exc = context.get("exception")
        if isinstance(exc, BaseException):
            self.excepthook(type(exc), exc, exc.__traceback__)
        else:
            loop.default_exception_handler(context)

    @staticmethod
    def _safe(fn: Callable[[], Any], default: Any) -> Any:
        try:
            return fn()
        except Exception as exc:  # context is a nicety; never fail the report for it
            log.debug("crash context unavailable: %s", exc)
            return default

    def _show(self, summary: str, report: str) -> None:
        saved = save_report(report, self.log_folder)
        if self.dialog is None:
            self.dialog = CrashDialog(self.window)
            self.dialog.finished.connect(self._closed)
        self.dialog.add(_escape(summary), report, saved)
        bring_to_front(self.dialog)

    def _closed(self, _result: int) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None
