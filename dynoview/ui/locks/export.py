"""Saving an audit from the Accounts & locks panel: its findings as CSV, its report as JSON.

Either file holds every finding of the audit, whatever the window's status filter and search
show; the JSON says so, with when it was written (its ``schema`` is the rules audited).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from dynoview.core.audit.report import audit_json, dumps, findings_csv
from dynoview.core.audit.run import AuditResult
from dynoview.core.errors import DynoViewError, UserFacingError
from dynoview.core.session.private_files import write_private_text
from dynoview.ui.context import AppContext


def write_audit(result: AuditResult, path: str | Path, fmt: str) -> Path:
    """Write the audit's findings as CSV, or the full report as JSON."""
    if fmt == "csv":
        text = findings_csv(result.findings)
    else:
        data = audit_json(result)
        # A reader of the file cannot see the window: say it is everything, not what was shown.
        data["export"] = {
            "exported_at": datetime.now(UTC).isoformat(), "scope": "all-findings",
            "findings": len(result.findings),
            "note": "Every finding of the audit: the window's status filter and search do not apply."}
        text = dumps(data)
    # Findings name emails and account ids: the export is private like every file we write.
    return write_private_text(Path(path), text)


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


def ask_export(parent: QWidget, ctx: AppContext, result: AuditResult | None, fmt: str) -> QFileDialog | None:
    """The Export buttons: ask where to save, then write; the status line says where."""
    if result is None:
        ctx.status_message.emit(QCoreApplication.translate(
            "locks.export", "Run the audit first: there is nothing to export yet."))
        return None

    def chosen(path: str) -> None:
        try:
            write_audit(result, path, fmt)
            # Every finding, not the filtered rows; a cancelled audit's file is not the table's.
            text = QCoreApplication.translate(
                "locks.export", "Exported every finding of the audit ({count:,}) to {path}; the "
                "window's filter and search do not apply.").format(count=len(result.findings), path=path)
            if result.cancelled:
                text += " " + QCoreApplication.translate(
                    "locks.export", "The audit was cancelled: the file covers only the items read.")
            ctx.status_message.emit(text)
        except OSError as exc:  # the user's path, not a bug: said as a sentence, no crash report
            ctx.error_raised.emit(UserFacingError(
                QCoreApplication.translate("locks.export", "Export failed"),
                QCoreApplication.translate(
                    "locks.export", "The audit was not exported: {path} could not be written ({reason}). "
                    "Choose a folder that exists and that you can write to.").format(
                        path=path, reason=exc.strerror or exc)))
        except DynoViewError as exc:  # a link or a device at the path: refused, and said
            ctx.error_raised.emit(UserFacingError(
                QCoreApplication.translate("locks.export", "Export failed"),
                QCoreApplication.translate("locks.export", "The audit was not exported: {reason}").format(
                    reason=exc.message)))
        except ValueError as exc:
            ctx.report(exc)
    return export_dialog(parent, result, fmt, chosen)
