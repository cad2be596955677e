"""File → "Audit an export…": the audit of a DynamoDB export, without reading the table.

The user lists the export (a folder, or ``s3://bucket/prefix/``; incremental exports
after it, one a line), the TTL attribute (exports do not record it) and runs the core's
``audit_exports`` through the task runner, never on the UI thread, with progress and
Cancel. The result shows the counts, the snapshot note and one sentence per finding;
"Save report…" writes the same JSON as ``dynoview audit --export --format json``, and
"Repair…" hands the findings to the Repair dialog when the export's table is the one
open, where each finding is re-read strongly consistent before anything is written.

The main window opens it with ``open_export_audit_dialog(self, self.ctx)``.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.exports.audit import (
    ExportAuditOptions,
    ExportAuditResult,
    ExportProgress,
    audit_exports,
    aws_clients,
)
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.context import AppContext

EXPORT_AUDIT_TASK = "export-audit"


def _audit_blocking(paths: list[str], schema: UniquenessSchema, options: ExportAuditOptions,
                    session: Any, s3_endpoint_url: str | None, progress: Any,
                    cancel: threading.Event) -> ExportAuditResult:
    """The whole audit, in a worker thread: S3 client (when a path is in S3), checks, SQL."""
    s3 = None
    if any(p.startswith("s3://") for p in paths):
        s3, _ = aws_clients(session=session, s3_endpoint_url=s3_endpoint_url)
    return audit_exports(paths, schema, options=options, s3_client=s3, progress=progress,
                         cancel=cancel)


class ExportAuditDialog(QDialog):
    """Pick an export, run its audit with progress, read, save or repair the findings."""

    _progress = Signal(object)  # ExportProgress, emitted from the worker thread (queued)
    finished_audit = Signal(object)  # ExportAuditResult | None (None: failed or cancelled)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.result: ExportAuditResult | None = None
        self.setWindowTitle("Audit an export")
        self._setup_ui()
        self._progress.connect(self._on_progress)
        self._set_running(False)

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        intro = QLabel("Audits a DynamoDB export to S3 (DYNAMODB_JSON) with the same rules as the "
                       "live audit, without reading the table. Give the export's folder or "
                       "s3://bucket/prefix/; incremental exports to apply over it go on the next "
                       "lines.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.paths = QPlainTextEdit()
        self.paths.setPlaceholderText("/path/to/AWSDynamoDB/01700000000000-abcd1234\n"
                                      "s3://bucket/exports/")
        self.paths.setFixedHeight(80)
        self.add_folder_button = QPushButton("Add folder…")
        self.add_folder_button.clicked.connect(self._add_folder)
        paths_row = QHBoxLayout()
        paths_row.addWidget(self.paths, 1)
        paths_row.addWidget(self.add_folder_button)
        form.addRow("Exports:", paths_row)
        self.ttl = QLineEdit((self.ctx.table.ttl_attribute or "") if self.ctx.table else "")
        self.ttl.setPlaceholderText("the table's TTL attribute, e.g. expiresAt (empty: not checked)")
        form.addRow("TTL attribute:", self.ttl)
        self.schema_label = QLabel(f"{', '.join(r.name for r in self.ctx.schema.rules)} "
                                   f"({self.ctx.schema_note})")
        form.addRow("Schema:", self.schema_label)
        layout.addLayout(form)
        run_row = QHBoxLayout()
        self.run_button = QPushButton("Audit")
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.progress, 1)
        run_row.addWidget(self.cancel_button)
        layout.addLayout(run_row)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.findings = QPlainTextEdit()
        self.findings.setReadOnly(True)
        layout.addWidget(self.findings, 1)
        actions = QHBoxLayout()
        self.save_button = QPushButton("Save report…")
        self.save_button.clicked.connect(self._save_dialog)
        self.repair_button = QPushButton("Repair…")
        self.repair_button.setToolTip("Each finding is re-read with a strongly consistent GetItem "
                                      "before anything is written.")
        self.repair_button.clicked.connect(self.open_repair)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        actions.addWidget(self.save_button)
        actions.addWidget(self.repair_button)
        actions.addStretch(1)
        actions.addWidget(close)
        layout.addLayout(actions)
        self.resize(760, 560)

    # ------------------------------------------------------------------ slots

    def _add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export folder")
        if folder:
            self.add_path(folder)

    def add_path(self, path: str) -> None:
        text = self.paths.toPlainText().rstrip()
        self.paths.setPlainText(f"{text}\n{path}" if text else path)

    def export_paths(self) -> list[str]:
        return [line.strip() for line in self.paths.toPlainText().splitlines() if line.strip()]

    def start(self) -> None:
        paths = self.export_paths()
        if not paths:
            self.summary.setText("Give the export's folder or s3:// location first.")
            return
        conn = self.ctx.connection
        options = ExportAuditOptions(ttl_attribute=self.ttl.text().strip() or None)
        # A local endpoint (the demo, LocalStack, moto) serves S3 too; AWS uses its own.
        endpoint = conn.spec.endpoint_url if conn is not None and conn.spec.is_local else None
        self.result = None
        self.findings.clear()
        self.summary.setText("")
        self._set_running(True)
        self.progress.setRange(0, 0)
        self.progress.setFormat("Starting…")
        self.ctx.tasks.submit(EXPORT_AUDIT_TASK, _audit_blocking, paths, self.ctx.schema, options,
                              conn.session if conn is not None else None, endpoint, self._progress.emit,
                              on_result=self._on_result, on_error=self._on_error, pass_cancel=True)

    def cancel(self) -> None:
        self.ctx.tasks.cancel(EXPORT_AUDIT_TASK)
        self._set_running(False)
        self.summary.setText("The export audit was cancelled; nothing was reported.")
        self.finished_audit.emit(None)

    def _on_progress(self, p: ExportProgress) -> None:
        if p.fraction is None:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(p.fraction * 1000))
        self.progress.setFormat(p.text())

    def _on_result(self, result: ExportAuditResult) -> None:
        self.result = result
        self._set_running(False)
        counts = ", ".join(f"{k} {v}" for k, v in result.result.counts.items())
        self.summary.setText(f"{result.result.items_read:,} items of {result.result.table} audited "
                             f"with {result.engine} in {result.result.duration_s:.1f} s. {counts}.\n"
                             f"{result.snapshot_note()}")
        self.findings.setPlainText("\n".join(f"[{f.label}] {f.sentence}" for f in result.result.findings)
                                   or "No problems found.")
        self.finished_audit.emit(result)

    def _on_error(self, exc: BaseException) -> None:
        self._set_running(False)
        self.summary.setText(str(getattr(exc, "message", None) or exc))
        self.finished_audit.emit(None)

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.progress.setVisible(running)
        done = self.result is not None and not running
        self.save_button.setEnabled(done)
        table = self.ctx.table
        self.repair_button.setEnabled(done and self.result is not None and bool(self.result.result.findings)
                                      and table is not None and table.name == self.result.result.table)

    def _save_dialog(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Save the audit report", "export-audit.json",
                                              "JSON (*.json)")
        if name:
            self.save_report(Path(name))

    def save_report(self, path: Path) -> None:
        """Write the report ``dynoview audit --export --format json`` prints."""
        assert self.result is not None
        path.write_text(json.dumps(self.result.report_json(), indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        self.ctx.status_message.emit(f"Report saved to {path}.")

    def open_repair(self) -> QDialog | None:
        from dynoview.ui.repair_dialog import open_repair_dialog

        if self.result is None:
            return None
        return open_repair_dialog(self, self.ctx, self.result.result, self.ctx.schema)


def open_export_audit_dialog(parent: QWidget | None, ctx: AppContext) -> ExportAuditDialog:
    """Open "Audit an export…" (non-blocking) and return it."""
    dialog = ExportAuditDialog(ctx, parent)
    dialog.open()
    return dialog
