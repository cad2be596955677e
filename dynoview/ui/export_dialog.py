"""Export… : the current result or a whole table to a file, with progress and Cancel.

Formats: DynamoDB JSON lines (``{"Item": …}``, the lines of DynamoDB's export to S3), plain
JSON lines, CSV with one column per attribute and type. A whole table is read by a parallel
Scan through the window's Reader (every page in the read log). The work runs in the task
runner; the file is 0600 and appears only when complete, so Cancel leaves nothing behind.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.errors import CancelledError
from dynoview.core.items.export import (
    DEFAULT_SEGMENTS,
    FORMAT_LABELS,
    FORMATS,
    MAX_SEGMENTS,
    SUFFIXES,
    ExportProgress,
    ExportResult,
    export_items_to_file,
    export_table_to_file,
)
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.ui.context import AppContext

EXPORT_TASK = "item-export"


def _export_table(reader: Reader, table: TableInfo, path: Path, fmt: str, segments: int,
                  consistent: bool, page_limit: int | None, progress: Any,
                  cancel: threading.Event) -> ExportResult:
    return export_table_to_file(reader, table, path, fmt, segments=segments, consistent=consistent,
                                progress=progress, cancel=cancel, page_limit=page_limit)


class ExportDialog(QDialog):
    """Pick what, how and where; export with a progress bar; Cancel stops and writes nothing."""

    _progress = Signal(object)  # ExportProgress from the worker thread (queued to the UI)
    finished_export = Signal(object)  # ExportResult | None (None: failed or cancelled)

    def __init__(self, ctx: AppContext, items: Sequence[dict[str, Any]], *,
                 table: TableInfo | None = None, key_names: Sequence[str] = (),
                 source: str = "the current result", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.items = list(items)
        self.table = table
        self.key_names = tuple(key_names) or (table.key_names if table else ())
        self.source = source
        self.exported: ExportResult | None = None
        self.running = False
        # Cancel is this dialog's own event, not the task runner's: the task still reports
        # back, so the dialog says "cancelled, nothing written" only when that is what happened.
        self.cancel_event = threading.Event()
        self.page_limit: int | None = None  # the Scan's Limit (None: 1 MB pages)
        self._suggested = ""  # the path last proposed; replaced only while the user kept it
        self.setWindowTitle("Export items")
        self._setup_ui()
        self._progress.connect(self._on_progress)
        self._scope_changed()
        self._set_running(False)

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        n = len(self.items)
        self.result_scope = QRadioButton(f"{self.source} ({n:,} item{'s' if n != 1 else ''} loaded)")
        self.table_scope = QRadioButton(
            f"the whole table {self.table.name} (a parallel Scan)" if self.table
            else "the whole table (open a table first)")
        self.table_scope.setEnabled(self.table is not None)
        self.scope = QButtonGroup(self)
        for button in (self.result_scope, self.table_scope):
            self.scope.addButton(button)
        (self.result_scope if n or self.table is None else self.table_scope).setChecked(True)
        scope_box = QVBoxLayout()
        scope_box.addWidget(self.result_scope)
        scope_box.addWidget(self.table_scope)
        form.addRow("Export:", scope_box)
        self.format = QComboBox()
        for fmt in FORMATS:
            self.format.addItem(FORMAT_LABELS[fmt], fmt)
        form.addRow("Format:", self.format)
        scan_row = QHBoxLayout()
        self.consistent = QCheckBox("Strongly consistent")
        self.consistent.setToolTip("Strong reads see every acknowledged write and cost twice as much.")
        self.segments = QSpinBox()
        self.segments.setRange(1, MAX_SEGMENTS)
        self.segments.setValue(DEFAULT_SEGMENTS)
        self.segments.setPrefix("Segments ")
        self.segments.setToolTip("Parallel Scan segments (Segment/TotalSegments)")
        scan_row.addWidget(self.consistent)
        scan_row.addWidget(self.segments)
        scan_row.addStretch(1)
        self.scan_options = QWidget()
        self.scan_options.setLayout(scan_row)
        scan_row.setContentsMargins(0, 0, 0, 0)
        form.addRow("Scan:", self.scan_options)
        file_row = QHBoxLayout()
        self.path = QLineEdit()
        self.path.setPlaceholderText("the file to write (created private to you)")
        self.browse_button = QPushButton("Browse…")
        file_row.addWidget(self.path, 1)
        file_row.addWidget(self.browse_button)
        form.addRow("File:", file_row)
        layout.addLayout(form)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        layout.addWidget(self.progress)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        layout.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.export_button = QPushButton("Export")
        self.export_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel")
        self.close_button = QPushButton("Close")
        for b in (self.export_button, self.cancel_button, self.close_button):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.browse_button.clicked.connect(self._browse)
        self.export_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button.clicked.connect(self.reject)
        self.scope.buttonToggled.connect(lambda *_: self._scope_changed())
        self.format.currentIndexChanged.connect(lambda _i: self._suggest_path())
        self.resize(560, 300)

    # -- state --------------------------------------------------------------------
    def whole_table(self) -> bool:
        return self.table_scope.isChecked()

    def fmt(self) -> str:
        return str(self.format.currentData())

    def _scope_changed(self) -> None:
        self.scan_options.setEnabled(self.whole_table())
        self._suggest_path()

    def _suggest_path(self) -> None:
        """A default name beside the last one: table (or "result"), date, the format's suffix."""
        current = self.path.text().strip()
        folder = Path(current).parent if current else Path.home()
        stem = self.table.name if self.table else "result"
        if not self.whole_table():
            stem += "-result"
        name = f"{stem}-{datetime.now():%Y%m%d-%H%M}{SUFFIXES[self.fmt()]}"
        if not current or self._suggested == current:
            self._suggested = str(folder / name)
            self.path.setText(self._suggested)

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export to", self.path.text())
        if name:
            self.path.setText(name)

    def _set_running(self, running: bool) -> None:
        self.running = running
        self.export_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.close_button.setEnabled(not running)
        for w in (self.result_scope, self.format, self.path, self.browse_button):
            w.setEnabled(not running)
        self.table_scope.setEnabled(not running and self.table is not None)
        self.scan_options.setEnabled(not running and self.whole_table())
        self.progress.setVisible(running)

    # -- running --------------------------------------------------------------------
    def start(self) -> bool:
        text = self.path.text().strip()
        if not text:
            self.status.setText("Give the file to write first.")
            self.path.setFocus()
            return False
        path = Path(text).expanduser()
        reader = self.ctx.reader
        self.exported = None
        fmt = self.fmt()
        self.cancel_event = threading.Event()
        self._set_running(True)
        if self.whole_table():
            if reader is None or self.table is None:
                self._set_running(False)
                self.status.setText("Connect and open the table first.")
                return False
            self.progress.setRange(0, 0)
            self.progress.setFormat("Starting the Scan…")
            self.status.setText(f"Reading {self.table.name} in {self.segments.value()} segments…")
            self.ctx.tasks.submit(EXPORT_TASK, _export_table, reader, self.table, path, fmt,
                                  self.segments.value(), self.consistent.isChecked(), self.page_limit,
                                  self._progress.emit, self.cancel_event,
                                  on_result=self._on_result, on_error=self._on_error)
        else:
            self.progress.setRange(0, 0)
            self.progress.setFormat(f"Writing {len(self.items):,} items…")
            self.ctx.tasks.submit(EXPORT_TASK, export_items_to_file, self.items, path, fmt,
                                  self.key_names, self.table.name if self.table else None,
                                  self.cancel_event, on_result=self._on_result, on_error=self._on_error)
        return True

    def cancel(self) -> None:
        """Ask the export to stop: the worker notices after its page, removes the partial file
        and reports back (``_on_error`` with CancelledError)."""
        if not self.running:
            return
        self.cancel_event.set()
        self.cancel_button.setEnabled(False)
        self.progress.setFormat("Cancelling…")

    def _on_progress(self, p: ExportProgress) -> None:
        if not self.running:
            return
        if p.fraction is None:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(p.fraction * 1000))
        self.progress.setFormat(p.text())

    def _on_result(self, result: ExportResult) -> None:
        self.exported = result
        self._set_running(False)
        late = " (it finished before the cancel reached it)" if self.cancel_event.is_set() else ""
        self.status.setText(f"{result.summary()} Written to {self.path.text().strip()}{late}.")
        self.ctx.status_message.emit(f"Exported {result.items:,} items to {self.path.text().strip()}.")
        self.finished_export.emit(result)

    def _on_error(self, exc: BaseException) -> None:
        self._set_running(False)
        if isinstance(exc, CancelledError):
            self.status.setText("Export cancelled: no file was written.")
            self.finished_export.emit(None)
            return
        message = getattr(exc, "message", None)
        if message is None:  # an AWS answer or a bug (the crash path): said here, not in a box
            message = self.ctx.describe(exc, operation="Scan",
                                        table=self.table.name if self.table else None).message
        self.status.setText(f"{message} No file was written.")
        self.finished_export.emit(None)

    def reject(self) -> None:
        if self.running:
            self.cancel()  # closing does not leave an export running unseen
        super().reject()
