"""Export… : the current result or a whole table to a file, with progress and Cancel.

Formats: DynamoDB JSON lines (``{"Item": …}``, the lines of DynamoDB's export to S3), plain
JSON lines, CSV with one column per attribute and type (cells a spreadsheet would run as formulas
are neutralised, unless "Keep formula-like cells raw" is ticked: ``values.csv_cells``). Each
choice says whether it imports back as an exact copy (plain JSON keeps no types). A whole
table is read by a parallel
Scan through the window's Reader (every page in the read log). ``ExportController`` does the
work as a task; the file is 0600 and appears only when complete, so Cancel leaves nothing
behind. The dialog collects the choices and shows progress.
"""

from __future__ import annotations

import os
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
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.items.export import (
    CSV,
    DEFAULT_SEGMENTS,
    FORMAT_LABELS,
    FORMATS,
    MAX_SEGMENTS,
    ROUND_TRIP_NOTE,
    SUFFIXES,
    ExportResult,
)
from dynoview.core.session.tables import TableInfo
from dynoview.core.values.csv_cells import NEUTRALISED_NOTE
from dynoview.ui.context import AppContext
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import mark_refused, set_role
from dynoview.ui.transfer import file_field
from dynoview.ui.transfer.export_controller import ExportController
from dynoview.ui.transfer.progress_row import ProgressRow


class ExportDialog(QDialog):
    """Pick what, how and where; export with a progress bar; Cancel stops and writes nothing."""

    finished_export = Signal(object)  # ExportResult | None (None: failed or cancelled)

    def __init__(self, ctx: AppContext, items: Sequence[dict[str, Any]], *,
                 table: TableInfo | None = None, key_names: Sequence[str] = (),
                 source: str = "the current result", more_pages: bool = False,
                 rows_note: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.items = list(items)
        # The read behind ``items`` has pages not loaded yet: a result export is partial.
        self.more_pages = more_pages
        # Why the result's rows are only part of each item (an index's projection, a SELECT of
        # named attributes: ``core.items.partial_rows``); None when they are whole items.
        self.rows_note = rows_note
        self.table = table
        self.key_names = tuple(key_names) or (table.key_names if table else ())
        self.source = source
        self.exported: ExportResult | None = None
        self.controller = ExportController(ctx, self)
        self.page_limit: int | None = None  # the Scan's Limit (None: 1 MB pages)
        self._suggested = ""  # the path last proposed; replaced only while the user kept it
        self._replace_confirmed = ""  # a path Browse… chose: its dialog asked before replacing
        self.setWindowTitle(self.tr("Export items"))
        self._setup_ui()
        self.controller.progress.connect(self.progress_row.show_progress)
        self.controller.finished.connect(self._finished)
        # The whole table is the one on the connection it opened on; the items loaded are read.
        self.opened_on = self.controller.opened_on
        self.opened_on.left.connect(self._connection_left)
        self._scope_changed()
        self._set_running(False)

    @property
    def running(self) -> bool:
        return self.controller.running

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("Export:"), self._scope_box())
        self.format = QComboBox()
        for fmt in FORMATS:
            self.format.addItem(FORMAT_LABELS[fmt], fmt)
        self.format.setToolTip(ROUND_TRIP_NOTE)
        form.addRow(self.tr("Format:"), self.format)
        form.addRow(self.tr("CSV:"), self._csv_options())
        form.addRow(self.tr("Scan:"), self._scan_options())
        file_row = QHBoxLayout()
        self.path = QLineEdit()
        self.path.setPlaceholderText(self.tr("the file to write (created private to you)"))
        self.path.setAccessibleName(self.tr("File"))
        self.browse_button = QPushButton(self.tr("Browse…"))
        file_row.addWidget(self.path, 1)
        file_row.addWidget(self.browse_button)
        form.addRow(self.tr("File:"), file_row)
        layout.addLayout(form)
        self.progress_row = ProgressRow()
        self.progress, self.cancel_button = self.progress_row.bar, self.progress_row.cancel_button
        layout.addWidget(self.progress_row)
        self.status = plain_label(QLabel(""))
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        layout.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.export_button = QPushButton(self.tr("Export"))
        self.export_button.setDefault(True)
        self.close_button = QPushButton(self.tr("Close"))
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self.browse_button.clicked.connect(self._browse)
        self.path.textEdited.connect(lambda _t: mark_refused(self.path, False))  # being fixed
        self.export_button.clicked.connect(self.start)
        self.progress_row.cancel_requested.connect(self.controller.cancel)
        self.close_button.clicked.connect(self.reject)
        self.scope.buttonToggled.connect(lambda *_: self._scope_changed())
        self.format.currentIndexChanged.connect(lambda _i: self._format_changed())
        self.resize(560, 300)

    def _scope_box(self) -> QVBoxLayout:
        """The current result, or the whole table (when there is one)."""
        n = len(self.items)
        self.result_scope = QRadioButton(
            self.tr("{source} (%Ln item(s) loaded)", "", n).format(source=self.source))
        # Said beside the choice, not only after the export: the file would look whole.
        self.partial_note = plain_label(QLabel(self.tr(
            "%Ln item(s) loaded; the read has more pages: this exports only those %Ln. Choose the "
            "whole table to export every item, or load the rest of the read first (scroll to its "
            "end or Ctrl+L) and export again.", "", n)))
        self.partial_note.setWordWrap(True)
        set_role(self.partial_note, "hint")
        self.partial_note.setVisible(False)
        # Its formats copy exactly what the rows hold, which is not whole items here.
        self.rows_note_label = plain_label(QLabel(
            self.tr("{why} The file holds these rows as read; choose the whole "
                                              "table to export whole items.").format(why=self.rows_note)))
        self.rows_note_label.setWordWrap(True)
        set_role(self.rows_note_label, "hint")
        self.rows_note_label.setVisible(False)
        self.table_scope = QRadioButton(
            self.tr("the whole table {name} (a parallel Scan)").format(name=self.table.name) if self.table
            else self.tr("the whole table (open a table first)"))
        self.table_scope.setEnabled(self.table is not None)
        self.scope = QButtonGroup(self)
        for button in (self.result_scope, self.table_scope):
            self.scope.addButton(button)
        (self.result_scope if n or self.table is None else self.table_scope).setChecked(True)
        scope_box = QVBoxLayout()
        scope_box.addWidget(self.result_scope)
        scope_box.addWidget(self.partial_note)
        scope_box.addWidget(self.rows_note_label)
        scope_box.addWidget(self.table_scope)
        return scope_box

    def _csv_options(self) -> QWidget:
        """What CSV does with formula-like cells, and the checkbox to keep them raw."""
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        self.csv_note = plain_label(QLabel(NEUTRALISED_NOTE))
        self.csv_note.setWordWrap(True)
        set_role(self.csv_note, "hint")
        self.csv_raw = QCheckBox(self.tr("Keep formula-like cells raw (for programs: unsafe to open in a "
                                 "spreadsheet)"))
        self.csv_raw.setToolTip(self.tr("Write cells starting with =, +, -, @, a tab or a carriage return "
                                "exactly as stored: a spreadsheet may run them as formulas."))
        box.addWidget(self.csv_note)
        box.addWidget(self.csv_raw)
        self.csv_options = QWidget()
        self.csv_options.setLayout(box)
        return self.csv_options

    def _scan_options(self) -> QWidget:
        """Consistency and parallel segments, for a whole-table export."""
        scan_row = QHBoxLayout()
        self.consistent = QCheckBox(self.tr("Strongly consistent"))
        self.consistent.setToolTip(self.tr(
            "Strong reads see every acknowledged write and cost twice as much."))
        self.segments = QSpinBox()
        self.segments.setRange(1, MAX_SEGMENTS)
        self.segments.setValue(DEFAULT_SEGMENTS)
        self.segments.setPrefix(self.tr("Segments "))
        self.segments.setAccessibleName(self.tr("Scan segments"))
        self.segments.setToolTip(self.tr("Parallel Scan segments (Segment/TotalSegments)"))
        scan_row.addWidget(self.consistent)
        scan_row.addWidget(self.segments)
        scan_row.addStretch(1)
        self.scan_options = QWidget()
        self.scan_options.setLayout(scan_row)
        scan_row.setContentsMargins(0, 0, 0, 0)
        return self.scan_options

    # -- state --------------------------------------------------------------------
    def whole_table(self) -> bool:
        return self.table_scope.isChecked()

    def fmt(self) -> str:
        return str(self.format.currentData())

    def _format_changed(self) -> None:
        self.csv_options.setEnabled(self.fmt() == CSV and not self.running)
        self._suggest_path()

    def keep_csv_raw(self) -> bool:
        """Formula-like CSV cells as they are: only when asked, and only for CSV."""
        return self.fmt() == CSV and self.csv_raw.isChecked()

    def partial(self) -> bool:
        """Whether the export chosen holds only part of a read (the result, more pages unread)."""
        return self.more_pages and not self.whole_table()

    def _scope_changed(self) -> None:
        self.scan_options.setEnabled(self.whole_table())
        self.partial_note.setVisible(self.partial())
        self.rows_note_label.setVisible(self.rows_note is not None and not self.whole_table())
        self._suggest_path()

    def _suggest_path(self) -> None:
        """A default name beside the last one: table (or "result"), date, the format's suffix."""
        current = self.path.text().strip()
        folder = Path(current).parent if current else Path.home()
        stem = self.table.name if self.table else "result"
        if not self.whole_table():
            stem += "-partial-result" if self.more_pages else "-result"  # the name says it too
        base = f"{stem}-{datetime.now():%Y%m%d-%H%M%S}"
        suggested = folder / f"{base}{SUFFIXES[self.fmt()]}"
        n = 2
        try:
            while suggested.exists():  # two exports in one second: never the other's name
                suggested, n = folder / f"{base}-{n}{SUFFIXES[self.fmt()]}", n + 1
        except OSError:  # a folder the system cannot look up (a name too long): Export says so
            pass
        if not current or self._suggested == current:
            self._suggested = str(suggested)
            self.path.setText(self._suggested)

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Export to"), self.path.text())
        if name:
            self.path.setText(name)
            self._replace_confirmed = name  # the file dialog asked already

    def confirm_replace(self, path: Path) -> bool:
        """Whether to replace ``path``, which exists: asked, No by default."""
        answer = QMessageBox.question(
            self, self.tr("Replace the file?"),
            self.tr("{name} exists already in {folder}. Replace it with this export? Its content "
                    "will be lost.").format(name=path.name, folder=str(path.parent)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _set_running(self, running: bool, text: str = "") -> None:
        self.export_button.setEnabled(not running)
        self.close_button.setEnabled(not running)
        for w in (self.result_scope, self.format, self.path, self.browse_button):
            w.setEnabled(not running)
        self.table_scope.setEnabled(not running and self.table is not None and not self.opened_on.stale)
        self.scan_options.setEnabled(not running and self.whole_table())
        self.csv_options.setEnabled(not running and self.fmt() == CSV)
        self.progress_row.set_running(running, text)

    # -- running --------------------------------------------------------------------
    def _connection_left(self) -> None:
        """The window's connection changed: a Scan under way goes on with its own reader; the
        whole table is no longer offered (it would be another connection's table)."""
        if self.running:
            self.status.setText(self.opened_on.running_text())
            return
        self._set_running(False)
        self.status.setText(self.opened_on.stale_text())

    def _refuse(self, sentence: str) -> bool:
        """Say why at the file field, marked, with the cursor there; nothing runs."""
        self.status.setText(sentence)
        mark_refused(self.path, True)
        self.path.setFocus()
        self.path.selectAll()
        return False

    def _target(self) -> Path | str:
        """The file the typed path names, or why it names none (said before anything runs)."""
        text = self.path.text().strip()
        if not text:
            return self.tr("Give the file to write first.")
        problem = file_field.path_problem(text)
        path = file_field.expanded(text) if problem is None else problem
        if isinstance(path, str):
            return path
        try:
            folder = path.is_dir()
            # A file where a folder of the path should be: "the folder does not exist" would mislead.
            in_a_file = next((p for p in path.parents if p.is_file()), None)
        except OSError as exc:  # a name the system cannot look up at all
            return self.tr("{path} cannot be used ({reason}): pick another place.").format(
                path=file_field.shown(path), reason=exc.strerror or exc)
        name = Path(self._suggested).name or "export.json"
        if folder:  # never "replace" a folder: the name of the file is missing
            return self.tr("{path} is a folder: add the name of the file to write, e.g. "
                           "{path}/{name}.").format(path=file_field.shown(path), name=name)
        if text.endswith(("/", os.sep)):  # a folder meant (Path drops the slash): not a file named so
            return self.tr("{path} ends in a slash, so it names a folder: add the name of the file "
                           "to write, e.g. {path}{name}.").format(path=file_field.shown(text), name=name)
        if in_a_file is not None:
            return self.tr("{file} is a file, not a folder: pick a folder to write {name} in.").format(
                file=file_field.shown(in_a_file), name=file_field.shown(path.name))
        # A name without a folder goes where the app was started from, which a desktop user
        # cannot see: the confirmation, the progress and "Wrote …" name the whole path.
        return path.absolute()

    def start(self) -> bool:
        text = self.path.text().strip()
        path = self._target()
        if isinstance(path, str):
            return self._refuse(path)
        mark_refused(self.path, False)
        if path.exists() and text != self._replace_confirmed and not self.confirm_replace(path):
            self.status.setText(self.tr("Nothing was written: give another file name, or confirm "
                                        "the replacement."))
            self.path.setFocus()
            return False
        if self.whole_table() and self.opened_on.stale:  # said before a file is touched
            self.status.setText(self.opened_on.stale_text())
            return False
        self._replace_confirmed = ""
        self.exported = None
        if not self.whole_table():
            self._set_running(True, self.tr("Writing %Ln item(s)…", "", len(self.items)))
            self.controller.export_items(self.items, path, self.fmt(), self.key_names,
                                         self.table.name if self.table else None,
                                         csv_raw=self.keep_csv_raw(), partial=self.partial())
            return True
        if self.table is None or not self.controller.export_table(
                self.table, path, self.fmt(), segments=self.segments.value(),
                consistent=self.consistent.isChecked(), page_limit=self.page_limit,
                csv_raw=self.keep_csv_raw()):
            self.status.setText(self.tr("Connect and open the table first."))
            return False
        self._set_running(True, self.tr("Starting the Scan…"))
        self.status.setText(self.tr(
            "Reading {name} in {value} segments…").format(name=self.table.name, value=self.segments.value()))
        return True

    def cancel(self) -> None:
        """Cancel as the button does (the export stops after its page and writes nothing)."""
        if self.running and self.cancel_button.isEnabled():
            self.cancel_button.click()

    def _finished(self, result: ExportResult | None, sentence: str) -> None:
        self.exported = result
        self._set_running(False)
        self.status.setText(sentence)
        if result is None and self.controller.error_field == "output":
            self._refuse(sentence)  # about the file: the mark and the cursor go where to fix it
        self.finished_export.emit(result)

    def reject(self) -> None:
        if self.running:
            self.cancel()  # closing does not leave an export running unseen
        super().reject()
