"""File → "Audit an export…": the audit of a DynamoDB export, without reading the table.

The user lists the export (a folder, or ``s3://bucket/prefix/``; incremental exports
after it, one a line), the TTL attribute (exports do not record it) and runs the core's
``audit_exports`` through ``ExportAuditController`` (a task, never on the UI thread), with
progress and Cancel. The result shows the counts, the snapshot note and one sentence per finding;
"Save report…" writes the same JSON as ``dynoview audit --export --format json``, and
"Repair…" hands the findings to the Repair dialog when the export's table is the one
open, where each finding is re-read strongly consistent before anything is written.

The main window opens it with ``open_export_audit_dialog(self, self.ctx)``.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.exports.audit import ExportAuditResult
from dynoview.core.exports.manifest import ExportError, parse_s3_url
from dynoview.ui.context import AppContext
from dynoview.ui.i18n.formats import number
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import mark_refused
from dynoview.ui.transfer import file_field
from dynoview.ui.transfer.export_controller import ExportAuditController
from dynoview.ui.transfer.progress_row import ProgressRow

TTL_NAME_MAX = 255  # bytes: UpdateTimeToLive's AttributeName


def s3_problem(location: str) -> str | None:
    """Why ``location`` cannot be an S3 prefix (a bucket no name can be), or None."""
    try:
        parse_s3_url(location)
    except ExportError as exc:
        return exc.message
    return None


class ExportAuditDialog(QDialog):
    """Pick an export, run its audit with progress, read, save or repair the findings."""

    finished_audit = Signal(object)  # ExportAuditResult | None (None: failed or cancelled)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.audit_result: ExportAuditResult | None = None
        self.auditing = False  # an audit started here has not reported yet
        self.controller = ExportAuditController(ctx, self)
        self.setWindowTitle(self.tr("Audit an export"))
        self._setup_ui()
        self.controller.progress.connect(self.progress_row.show_progress)
        self.controller.finished.connect(self._on_result)
        self.controller.failed.connect(self._on_error)
        self._set_running(False)

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        intro = plain_label(QLabel(
            self.tr("Audits a DynamoDB export to S3 (DYNAMODB_JSON) with the same rules as the "
                       "live audit, without reading the table. Give the export's folder or "
                       "s3://bucket/prefix/; incremental exports to apply over it go on the next "
                       "lines.")))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.paths = QPlainTextEdit()
        self.paths.setPlaceholderText("/path/to/AWSDynamoDB/01700000000000-abcd1234\n"
                                      "s3://bucket/exports/")
        self.paths.setFixedHeight(80)
        self.paths.setAccessibleName(self.tr("Exports"))
        self.paths.setAccessibleDescription(self.tr("One export folder or s3:// prefix a line: the full "
                                            "export first, then incremental exports"))
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.add_folder_button.clicked.connect(self._add_folder)
        self.paths.textChanged.connect(lambda: mark_refused(self.paths, False))  # being fixed
        paths_row = QHBoxLayout()
        paths_row.addWidget(self.paths, 1)
        paths_row.addWidget(self.add_folder_button)
        form.addRow(self.tr("Exports:"), paths_row)
        # Only a TTL that is on: a DISABLED table still names its attribute, but nothing expires.
        self.ttl = QLineEdit((self.ctx.table.expiry_attribute or "") if self.ctx.table else "")
        self.ttl.setPlaceholderText(self.tr("the table's TTL attribute, e.g. expiresAt (empty: not checked)"))
        self.ttl.textEdited.connect(lambda _t: mark_refused(self.ttl, False))
        form.addRow(self.tr("TTL attribute:"), self.ttl)
        self.schema_label = plain_label(QLabel(f"{', '.join(r.name for r in self.ctx.schema.rules)} "
                                   f"({self.ctx.schema_note})"))
        form.addRow(self.tr("Schema:"), self.schema_label)
        layout.addLayout(form)
        self.run_button = QPushButton(self.tr("Audit"))
        self.run_button.clicked.connect(self.start)
        self.progress_row = ProgressRow(leading=self.run_button)
        self.progress, self.cancel_button = self.progress_row.bar, self.progress_row.cancel_button
        self.progress_row.cancel_requested.connect(self.controller.cancel)
        layout.addWidget(self.progress_row)
        self.run_button.setDefault(True)  # Enter audits (Qt made "Add folder…" the default)
        self.summary = plain_label(QLabel(""))  # quotes the table's name and the export's errors
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.findings = QPlainTextEdit()
        self.findings.setReadOnly(True)
        self.findings.setAccessibleName(self.tr("Findings"))
        layout.addWidget(self.findings, 1)
        actions = QHBoxLayout()
        self.save_button = QPushButton(self.tr("Save report…"))
        self.save_button.clicked.connect(self._save_dialog)
        self.repair_button = QPushButton(self.tr("Repair…"))
        self.repair_button.setToolTip(self.tr("Each finding is re-read with a strongly consistent GetItem "
                                      "before anything is written."))
        self.repair_button.clicked.connect(self.open_repair)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        actions.addWidget(self.save_button)
        actions.addWidget(self.repair_button)
        actions.addStretch(1)
        actions.addWidget(close)
        layout.addLayout(actions)
        self.resize(760, 560)

    # ------------------------------------------------------------------ slots

    def _add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Export folder"))
        if folder:
            self.add_path(folder)

    def add_path(self, path: str) -> None:
        text = self.paths.toPlainText().rstrip()
        self.paths.setPlainText(f"{text}\n{path}" if text else path)

    def export_paths(self) -> list[str]:
        return [line.strip() for line in self.paths.toPlainText().splitlines() if line.strip()]

    def _paths_problem(self) -> str | None:
        """Why the typed exports cannot be read, said before the audit starts, or None."""
        lines = self.export_paths()
        if not lines:
            return self.tr("Give the export's folder or s3:// location first.")
        for n, line in enumerate(lines, 1):
            problem = file_field.path_problem(line)
            if problem is None and line.startswith("s3://"):
                problem = s3_problem(line)
            if problem is None and line.startswith("~"):  # the audit expands it: ~user must exist
                local = file_field.expanded(line)
                problem = local if isinstance(local, str) else None
            if problem is not None:
                return problem if len(lines) == 1 else self.tr("Line {n}: {problem}").format(
                    n=n, problem=problem)
        return None

    def _ttl_problem(self, ttl: str) -> str | None:
        """Why ``ttl`` cannot be a TTL attribute's name (DynamoDB takes 1 to 255 bytes), or None."""
        bad = next((c for c in ttl if not c.isprintable() and c != " "), None)
        if bad is not None:
            return self.tr("The TTL attribute holds the control character U+{code:04X}: no "
                           "attribute name the audit can compare should. Type it again without "
                           "it, or leave it empty.").format(code=ord(bad))
        size = len(ttl.encode("utf-8"))
        if size > TTL_NAME_MAX:
            return self.tr("The TTL attribute is {size} bytes long; DynamoDB's TTL attribute name "
                           "holds at most {limit}. Give the table's TTL attribute, or leave it "
                           "empty.").format(size=number(size), limit=number(TTL_NAME_MAX))
        return None

    def _refuse(self, field: QWidget, sentence: str) -> None:
        """Say why beside the field that caused it, marked, with the cursor there."""
        self.summary.setText(sentence)
        mark_refused(field, True)
        field.setFocus()

    def start(self) -> None:
        for field in (self.paths, self.ttl):
            mark_refused(field, False)
        problem = self._paths_problem()
        if problem is not None:
            self._refuse(self.paths, problem)
            return
        ttl = self.ttl.text().strip()
        problem = self._ttl_problem(ttl)
        if problem is not None:
            self._refuse(self.ttl, problem)
            return
        paths = self.export_paths()
        self.audit_result = None
        self.findings.clear()
        self.summary.setText("")
        self._set_running(True)
        self.controller.start(paths, ttl or None)

    def cancel(self) -> None:
        self.controller.cancel()

    def _on_result(self, result: ExportAuditResult) -> None:
        self.audit_result = result
        self._set_running(False)
        counts = ", ".join(f"{k} {v}" for k, v in result.result.counts.items())
        read = self.tr("%Ln item(s)", "", result.result.items_read)
        self.summary.setText(self.tr("{read} of {table} audited "
                             "with {engine} in {duration_s:.1f} s. {counts}.\n"
                             "{snapshot_note}").format(
                                 read=read, table=result.result.table, engine=result.engine,
                                 duration_s=result.result.duration_s, counts=counts,
                                 snapshot_note=result.snapshot_note()))
        self.findings.setPlainText("\n".join(f"[{f.label}] {f.sentence}" for f in result.result.findings)
                                   or self.tr("No problems found."))
        self.finished_audit.emit(result)

    def _on_error(self, sentence: str) -> None:
        self._set_running(False)
        if self.controller.error_field == "export":  # about what was typed: marked there
            self._refuse(self.paths, sentence)
        else:
            self.summary.setText(sentence)
        self.finished_audit.emit(None)

    def _set_running(self, running: bool) -> None:
        self.auditing = running
        self.run_button.setEnabled(not running)
        self.progress_row.set_running(running, self.tr("Starting…"))
        done = self.audit_result is not None and not running
        self.save_button.setEnabled(done)
        table = self.ctx.table
        found = self.audit_result.result if done and self.audit_result is not None else None
        self.repair_button.setEnabled(found is not None and bool(found.findings)
                                      and table is not None and table.name == found.table)

    def _save_dialog(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Save the audit report"), "export-audit.json",
                                              "JSON (*.json)")
        if name:
            self.save_report(Path(name))

    def save_report(self, path: Path) -> bool:
        """Write the report ``dynoview audit --export --format json`` prints; False (said in the
        status bar) when it cannot be written there."""
        from dynoview.core.session.private_files import PrivateFileError, write_private_text

        assert self.audit_result is not None
        report = self.audit_result.report_json()
        try:
            # The report quotes values and account ids: a 0600 file, replaced whole, never
            # written through a link (like every other file the app writes).
            write_private_text(path, json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        except PrivateFileError as exc:  # a link, a folder: the sentence says what to do
            self.ctx.status_message.emit(exc.message)
            return False
        except OSError as exc:
            self.ctx.status_message.emit(self.tr("Could not save {path}: {value}. Choose another "
                                         "folder or file name.").format(path=path, value=exc.strerror or exc))
            return False
        self.ctx.status_message.emit(self.tr("Report saved to {path}.").format(path=path))
        return True

    def open_repair(self) -> QDialog | None:
        from dynoview.ui.locks.repair_dialog import open_repair_dialog

        if self.audit_result is None:
            return None
        repair = open_repair_dialog(self, self.ctx, self.audit_result.result, self.ctx.schema)
        if repair is not None:  # its child: this dialog stays while the repair has a run to continue
            repair.finished.connect(self.delete_when_done)
            repair.run_finished.connect(self.delete_when_done)
        return repair

    def delete_when_done(self) -> None:
        """Delete this dialog once it is closed and nothing of it goes on: an audit still running
        reports to its controller, and a Repair all it opened (its child) that stopped with
        findings left is found again by the next Repair… (``repair_dialog``)."""
        from dynoview.ui.locks.repair_dialog import RepairDialog

        if self.isVisible() or self.auditing:
            return
        if any(repair.unfinished() for repair in self.findChildren(RepairDialog)):
            return
        self.deleteLater()


def open_export_audit_dialog(parent: QWidget | None, ctx: AppContext) -> ExportAuditDialog:
    """Open "Audit an export…" (non-blocking) and return it: a new one each time, deleted once
    closed (not kept hidden in the window for the session)."""
    dialog = ExportAuditDialog(ctx, parent)
    dialog.finished.connect(dialog.delete_when_done)
    # Closed while its audit ran: it goes when the audit reports.
    dialog.finished_audit.connect(dialog.delete_when_done)
    dialog.open()
    return dialog
