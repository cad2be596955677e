"""Saving an audit from the Accounts & locks panel: its findings as CSV, its report as JSON.

Either file holds every finding of the audit, whatever the window's status filter and search
show; the JSON says so, with when it was written (its ``schema`` is the rules audited). The
core writes it (``dynoview.core.audit.export_file``); ``export_flow.AuditExport`` runs that off
the UI thread for the Export buttons. Here: the save dialog and the sentences said about it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from dynoview.core.audit.export_file import LiveChanges, write_audit_file
from dynoview.core.audit.run import AuditResult
from dynoview.core.errors import DynoViewError, UserFacingError
from dynoview.ui.i18n.formats import number


def write_audit(result: AuditResult, path: str | Path, fmt: str) -> Path:
    """Write the audit's findings as CSV, or the full report as JSON, in the calling thread."""
    return write_audit_file(result, path, fmt)


def export_dialog(parent: QWidget, result: AuditResult, fmt: str,
                  chosen: Callable[[str], None]) -> QFileDialog:
    """A save dialog (opened with ``open()``, no nested loop) suggesting ``<table>-locks.<fmt>``;
    ``chosen`` gets the path."""
    dialog = QFileDialog(parent, QCoreApplication.translate(
        "locks.export", "Export audit findings") if fmt == "csv" else QCoreApplication.translate(
            "locks.export", "Export audit report"))
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setNameFilter("CSV (*.csv)" if fmt == "csv" else "JSON (*.json)")
    dialog.setDefaultSuffix(fmt)
    dialog.selectFile(f"{result.table}-locks.{fmt}")
    dialog.fileSelected.connect(chosen)
    dialog.finished.connect(lambda _code: dialog.deleteLater())
    dialog.open()
    return dialog


def no_audit_text() -> str:
    return QCoreApplication.translate("locks.export", "Run the audit first: there is nothing to export yet.")


def exported_text(result: AuditResult, path: str | Path, changes: LiveChanges | None = None) -> str:
    """Where the file went: every finding, not the filtered rows (with ``changes``, as Live mode
    shows them); a cancelled audit's file is not the table's."""
    if changes is not None:  # each cleared finding is one of the audit's (``with_live_changes``)
        count = len(result.findings) - len(changes.cleared) + len(changes.added)
        text = QCoreApplication.translate(
            "locks.export", "Exported every finding the grid shows ({count}): the audit's, with the "
            "changes Live mode applied since ({cleared} resolved, {added} new or changed), to "
            "{path}; the window's filter and search do not apply.").format(
                count=number(count), cleared=number(len(changes.cleared)),
                added=number(len(changes.added)), path=path)
    else:
        text = QCoreApplication.translate(
            "locks.export", "Exported every finding of the audit ({count}) to {path}; the "
            "window's filter and search do not apply.").format(count=number(len(result.findings)), path=path)
    if result.cancelled:
        text += " " + QCoreApplication.translate(
            "locks.export", "The audit was cancelled: the file covers only the items read.")
    return text


def cancelled_text(path: str | Path, existed: bool) -> str:
    if existed:
        return QCoreApplication.translate(
            "locks.export", "Export cancelled: {path} was left as it was.").format(path=path)
    return QCoreApplication.translate(
        "locks.export", "Export cancelled: no file was written to {path}.").format(path=path)


def busy_text(path: str | Path) -> str:
    return QCoreApplication.translate(
        "locks.export", "An export is already being written to {path}: wait for it to finish, or "
        "cancel it, before exporting again.").format(path=path)


def export_failure(exc: OSError | DynoViewError, path: str | Path) -> UserFacingError:
    """The sentence for an export that failed at ``path``, said at the path (no crash report)."""
    title = QCoreApplication.translate("locks.export", "Export failed")
    if isinstance(exc, OSError):  # the user's path, not a bug: said as a sentence
        return UserFacingError(title, QCoreApplication.translate(
            "locks.export", "The audit was not exported: {path} could not be written ({reason}). "
            "Choose a folder that exists and that you can write to.").format(
                path=path, reason=exc.strerror or exc))
    # A link or a device at the path: refused, and said.
    return UserFacingError(title, QCoreApplication.translate(
        "locks.export", "The audit was not exported: {reason}").format(reason=exc.message))
