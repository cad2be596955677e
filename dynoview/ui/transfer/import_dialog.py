"""Import… : load items from a file into the open table, with a preview, progress and Cancel.

Pick a file (JSON lines, a JSON array, DynamoDB JSON, DynoView's CSV, or an S3 export folder)
and Preview: the first items with their types and every problem, located by line and column
(a problem disables Import). Then Import writes in guarded batches (``core.imports.run``):
TransactWriteItems judged by the preflight, or BatchWriteItem when "Speed" is chosen on a
table without lock rules; the mode is said before anything is written. Cancel stops after the
batch being written; Resume continues an import of the same file that stopped (refused, at the
Resume box, when the batches would be cut otherwise than the stopped import's: another uniqueness
schema or format). Import writes the file as its Preview checked it: a file changed since stops
the import before an item the Preview did not see, and asks for a new Preview. For a CSV file,
"Raw CSV" keeps a leading ' as data instead of taking it off as the mark DynoView's export puts
before a formula-like cell (Preview shows the values as they will be written). It previews and
imports on the connection it opened on, which it names (``opened_on``): when the window's
changes, Preview and Import turn off; an import under way goes on there."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.errors import DynoViewError
from dynoview.core.imports.model import AUTO, CSV, FORMAT_LABELS, FORMATS
from dynoview.core.imports.run import (
    BATCH,
    MODE_SENTENCES,
    TRANSACT,
    ImportOptions,
    ImportResult,
    check_mode,
)
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.confirmation import confirmation_for_tables
from dynoview.core.values.display import display_text
from dynoview.ui.context import AppContext
from dynoview.ui.i18n.formats import number
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import mark_refused
from dynoview.ui.transfer.import_controller import ImportController, PreviewAnswer
from dynoview.ui.transfer.progress_row import ProgressRow

PREVIEW_COLUMN_MAX = 260  # pixels: a preview column's widest, so a long value keeps the rest in sight


class ImportDialog(QDialog):
    """File, format, Preview; then Import with a progress bar, Cancel and Resume."""

    finished_import = Signal(object)  # ImportResult | None

    def __init__(self, ctx: AppContext, table: TableInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.table = table
        self.answer: PreviewAnswer | None = None
        self._asked: tuple[str, str, bool] | None = None  # (file, format, raw CSV) of the last Preview
        self.imported: ImportResult | None = None
        self.controller = ImportController(ctx, self)
        self.setWindowTitle(self.tr("Import items into {name}").format(name=table.name))
        self._setup_ui()
        self.controller.previewed.connect(self._previewed)
        self.controller.preview_failed.connect(self._preview_failed)
        self.controller.progress.connect(self.progress_row.show_progress)
        self.controller.finished.connect(self._finished)
        self.controller.refused_at.connect(self._refused_at)
        # The connection it opened on is the one it previews and imports into (named above).
        self.opened_on = self.controller.opened_on
        self.opened_on.left.connect(self._connection_left)
        self.progress_row.cancel_requested.connect(self.controller.cancel)
        self._set_state()

    def _setup_ui(self) -> None:
        self.path_edit = QLineEdit()
        self.path_edit.setAccessibleName(self.tr("File to import"))
        self.path_edit.setPlaceholderText(self.tr("A file (.jsonl, .json, .csv) or an S3 export folder"))
        self.path_edit.returnPressed.connect(self._preview)  # Enter previews: it never opens Browse…
        browse = QPushButton(self.tr("Browse…"))
        browse.setAutoDefault(False)
        browse.clicked.connect(self._browse)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit, 1)
        file_row.addWidget(browse)
        self.format_combo = QComboBox()
        self.format_combo.addItem(self.tr("Detect from the file"), AUTO)
        for fmt in FORMATS:
            self.format_combo.addItem(FORMAT_LABELS[fmt], fmt)
        self.preview_button = QPushButton(self.tr("Preview"))
        self.preview_button.setAutoDefault(False)
        self.preview_button.setToolTip(self.tr("Read the whole file and list its problems (Enter in "
                                               "the file field); nothing is written"))
        self.preview_button.clicked.connect(self._preview)
        # DynoView's CSV export puts a ' before a formula-like cell and the import takes it off;
        # a CSV from elsewhere may mean that ' (e.g. '=notes): raw keeps it. Shown for CSV only.
        self.csv_raw_check = QCheckBox(self.tr("Raw CSV: keep a leading ' as data (the file was "
                                               "not written by DynoView's export)"))
        self.csv_raw_check.setToolTip(self.tr(
            "Off: a cell such as '=notes is read as =notes (DynoView's export added the ' so a "
            "spreadsheet would not run it as a formula). On: the cell is imported as it is."))
        self.csv_raw_check.hide()
        self.speed_check = QCheckBox(self.tr("Speed: BatchWriteItem (not all-or-nothing per batch)"))
        self.rate_spin = QSpinBox()
        self.rate_spin.setRange(0, 1_000_000)
        self.rate_spin.setSpecialValueText(self.tr("no limit"))
        self.rate_spin.setSuffix(self.tr(" items/s"))
        self.resume_check = QCheckBox(self.tr("Resume an import of this file that stopped"))
        # Where an earlier import of the file stopped (a quit, Cancel), said after Preview.
        self.resume_label = plain_label(QLabel(""))
        self.resume_label.setWordWrap(True)
        self.resume_label.hide()
        self.warnings_check = QCheckBox(self.tr("Write batches the preflight warns about (clashes, expired)"))
        # A Put replaces an item whole: this keeps what the table holds (TransactWriteItems only).
        self.skip_check = QCheckBox(self.tr("Skip items already in the table (never replace them)"))
        self.skip_check.setToolTip(self.tr(
            "Each Put is guarded by attribute_not_exists on the key: an item whose key the table "
            "holds is skipped and counted, never replaced. Not with Speed (BatchWriteItem cannot "
            "carry a condition)."))
        # What the table holds of the file's keys, said after Preview.
        self.existing_label = plain_label(QLabel(""))
        self.existing_label.setWordWrap(True)
        self.existing_label.setAccessibleName(self.tr("Keys already in the table"))
        self.confirm_edit = QLineEdit()
        conn = self.controller.opened_on.connection
        requirement = (confirmation_for_tables(conn, [self.table.name], self.tr("the import"))
                       if conn is not None else None)
        self.type_to_confirm = requirement.type_to_confirm if requirement is not None else None
        self.target_label = plain_label(QLabel(self.tr("{name} on {where}").format(
            name=self.table.name, where=self.controller.opened_on.opened_text())))
        self.target_label.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Into"), self.target_label)
        form.addRow(self.tr("File"), file_row)
        form.addRow(self.tr("Format"), self.format_combo)
        form.addRow("", self.csv_raw_check)
        form.addRow("", self.preview_button)
        form.addRow(self.tr("Mode"), self.speed_check)
        form.addRow(self.tr("Rate"), self.rate_spin)
        form.addRow("", self.resume_check)
        form.addRow("", self.resume_label)
        form.addRow("", self.warnings_check)
        form.addRow("", self.skip_check)
        if self.type_to_confirm is not None:
            form.addRow(self.tr(
                "Type {type_to_confirm} to import").format(
                    type_to_confirm=self.type_to_confirm), self.confirm_edit)
        self.summary_label = plain_label(QLabel(self.tr(
            "Pick a file and press Preview: nothing is written before Import.")))
        self.summary_label.setWordWrap(True)
        self.table_widget = QTableWidget(0, 0)
        self.table_widget.setAccessibleName(self.tr("Records to import"))
        self.table_widget.verticalHeader().hide()  # the "line" column says where each item is
        self.table_widget.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.problems = QPlainTextEdit()
        self.problems.setReadOnly(True)
        self.problems.setMaximumHeight(110)
        self.problems.setAccessibleName(self.tr("Problems found in the file"))
        self.mode_label = plain_label(QLabel(""))
        self.mode_label.setWordWrap(True)
        self.import_button = QPushButton(self.tr("Import"))
        self.import_button.setAutoDefault(False)
        self.import_button.clicked.connect(self._import)
        self.progress_row = ProgressRow(self.import_button)
        # Close (and Escape) wait for Cancel or the end of an import: see reject().
        self.close_buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.close_buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.existing_label)
        layout.addWidget(self.table_widget, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self.mode_label)
        layout.addWidget(self.progress_row)
        layout.addWidget(self.close_buttons)
        self.speed_check.toggled.connect(lambda _on: self._set_state())
        self.skip_check.toggled.connect(lambda _on: self._set_state())
        self.path_edit.textChanged.connect(lambda _text: self._source_changed())
        self.format_combo.currentIndexChanged.connect(lambda _i: self._source_changed())
        self.csv_raw_check.toggled.connect(lambda _on: self._source_changed())
        self.confirm_edit.textChanged.connect(lambda _text: self._set_state())
        self.resize(900, 600)

    def _browse(self) -> None:
        typed = Path(self.path_edit.text().strip()).expanduser()
        start = str(typed if typed.is_dir() else typed.parent) if self.path_edit.text().strip() else ""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import items from"), start,
                                              "Items (*.json *.jsonl *.ndjson *.csv);;All files (*)")
        if path:
            self.path_edit.setText(path)

    def _fields(self) -> tuple[str, str, bool]:
        return self.path_edit.text().strip(), str(self.format_combo.currentData()), self._csv_raw()

    def _is_csv(self) -> bool:
        """Whether the file is read as CSV: chosen, or detected (by its name, as
        ``detect_format`` does: a CSV is never detected by its content)."""
        fmt = self.format_combo.currentData()
        text = self.path_edit.text().strip()
        return fmt == CSV or (fmt == AUTO and Path(text).suffix.lower() == ".csv")

    def _csv_raw(self) -> bool:
        return self._is_csv() and self.csv_raw_check.isChecked()

    def _source_changed(self) -> None:
        """Another file, format or CSV reading than the one previewed: Import waits for its
        Preview (it would write the file previewed, not the one shown)."""
        mark_refused(self.path_edit, False)  # a refusal was of the file named before
        self.csv_raw_check.setVisible(self._is_csv())
        if self.answer is not None and self._fields() != self._asked:
            self.answer = None
            self.summary_label.setText(self._changed_text())
            self.table_widget.clear()  # the rows and problems were the other file's
            self.table_widget.setRowCount(0)
            self.table_widget.setColumnCount(0)
            self.problems.clear()
            self.existing_label.clear()
            self._set_state()

    def _changed_text(self) -> str:
        if self._asked is not None and self._fields()[:2] == self._asked[:2]:
            return self.tr("The Raw CSV box changed, and with it the values read: press Preview "
                           "before Import.")
        return self.tr("The file or format changed: press Preview before Import.")

    def _preview(self) -> None:
        text = self.path_edit.text().strip()
        if not text:
            self.summary_label.setText(self.tr("Pick a file first: type its path, or press Browse…"))
            self.path_edit.setFocus()
            return
        if self.controller.running:
            return
        if self.opened_on.stale:
            self.summary_label.setText(self.opened_on.stale_text())
            return
        self.answer = None
        self._asked = self._fields()
        mark_refused(self.path_edit, False)
        self.summary_label.setText(self.tr("Reading the whole file…"))
        self.controller.preview(Path(text), str(self.format_combo.currentData()), self.table,
                                csv_raw=self._csv_raw())
        self._set_state()

    def _preview_failed(self, message: str) -> None:
        """The file named cannot be read: said with the field marked and focused, what was
        typed kept to be corrected."""
        if self._fields() != self._asked:  # changed while it was read: not this file's answer
            self.summary_label.setText(self._changed_text())
            return
        self.summary_label.setText(message)
        mark_refused(self.path_edit)
        self.path_edit.setFocus()
        self._set_state()

    def _previewed(self, answer: PreviewAnswer) -> None:
        if self._fields() != self._asked:  # changed while it was read: not this file's preview
            self.summary_label.setText(self._changed_text())
            return
        self.answer = answer
        preview = answer.preview
        summary = preview.summary(existing=False)  # said on its own line (_existing_text)
        if preview.problem_count:
            summary += self.tr(" Import stays off until the file has none: fix the lines listed "
                               "below in the file, then press Preview again.")
        if self.opened_on.stale:  # read before the change; Import stays off (_set_state)
            summary += " " + self.opened_on.stale_text()
        self.summary_label.setText(summary)
        names = list(preview.types)
        self.table_widget.clear()
        self.table_widget.setColumnCount(len(names) + 1)
        self.table_widget.setHorizontalHeaderLabels(
            [self.tr("line")] + [f"{n} ({preview.type_text(n)})" for n in names])
        self.table_widget.setRowCount(len(preview.items))
        for row, record in enumerate(preview.items):
            self.table_widget.setItem(row, 0, QTableWidgetItem(str(record.place.line)))
            for col, name in enumerate(names, 1):
                av = record.item.get(name)
                self.table_widget.setItem(row, col, QTableWidgetItem(
                    display_text(av, limit=80) if av is not None else ""))
        self.table_widget.resizeColumnsToContents()
        for col in range(self.table_widget.columnCount()):  # a long value keeps others in sight
            self.table_widget.setColumnWidth(col, min(self.table_widget.columnWidth(col), PREVIEW_COLUMN_MAX))
        lines = [p.text() for p in preview.problems]
        if preview.problem_count > len(lines):
            lines.append(self.tr("… and {value} more").format(
                value=number(preview.problem_count - len(lines))))
        self.problems.setPlainText("\n".join(lines) or self.tr("No problem found."))
        self._show_stopped(answer)
        self._set_state()

    def _show_stopped(self, answer: PreviewAnswer) -> None:
        """An earlier import of this file stopped: say how far it got and tick Resume, so
        Import continues after the items written rather than writing them again."""
        stopped = answer.stopped
        self.resume_label.setVisible(stopped is not None)
        if stopped is None:
            self.resume_label.clear()
            return
        self.resume_check.setChecked(True)
        if stopped.mode == BATCH and not answer.lock_rules:
            self.speed_check.setChecked(True)  # a resume goes on in the mode it was begun in
        self.resume_label.setText(" ".join(filter(None, [self.tr(
            "An import of this file into {table} stopped after {done} of {total} items "
            "(batch {batch}, {when}). Resume is ticked: Import skips the items written and "
            "continues from there. Untick it to write every item again.").format(
                table=stopped.table, done=number(stopped.items), total=number(answer.preview.valid),
                batch=number(stopped.batches), when=stopped.updated[:16].replace("T", " ") + " UTC"),
            self._raw_mismatch(answer)])))

    def _raw_mismatch(self, answer: PreviewAnswer) -> str:
        """Why Resume cannot go on with the Raw CSV box as it is ("" when it can): the stopped
        import read the CSV the other way, and the rest would be written with other values (a
        leading ' kept in some items, taken off in others). The box is not flipped for the user:
        the preview shown is of the box as it is."""
        stopped = answer.stopped
        if stopped is None or stopped.csv_raw == self._csv_raw():
            return ""
        if stopped.csv_raw:
            return self.tr("The import that stopped read this CSV with Raw CSV ticked (a leading ' "
                           "kept as data); the box is unticked now, so the rest would be written "
                           "with other values. Tick Raw CSV and press Preview to resume, or untick "
                           "Resume to write every item again.")
        return self.tr("The import that stopped read this CSV with Raw CSV unticked (a leading ' "
                       "taken off); the box is ticked now, so the rest would be written with other "
                       "values. Untick Raw CSV and press Preview to resume, or untick Resume to "
                       "write every item again.")

    def _mode(self) -> str:
        return BATCH if self.speed_check.isChecked() else TRANSACT

    def _set_state(self) -> None:
        answer = self.answer
        locks = answer is not None and answer.lock_rules
        self.speed_check.setEnabled(not locks and not self.controller.running)
        if locks:
            self.speed_check.setChecked(False)
        mode = self._mode()
        rules = (self.tr(
            "the table has uniqueness lock rules: each batch is judged by the preflight") if locks
                 else self.tr("the table has no lock rules"))
        refused = self._skip_refused(mode)
        self.mode_label.setText(refused or (f"{MODE_SENTENCES[mode]} ({rules})." if answer is not None
                                            else ""))
        self.existing_label.setText(self._existing_text())
        confirmed = self.type_to_confirm is None or self.confirm_edit.text().strip() == self.type_to_confirm
        stale = self.opened_on.stale
        ready = (answer is not None and answer.preview.problem_count == 0 and answer.preview.valid > 0
                 and confirmed and not self.controller.running and not stale and not refused)
        self.import_button.setEnabled(ready)
        self.preview_button.setEnabled(not self.controller.running and not stale)
        self.csv_raw_check.setEnabled(not self.controller.running)
        self.skip_check.setEnabled(not self.controller.running)
        self.close_buttons.setEnabled(not self.controller.running)

    def _skip_refused(self, mode: str) -> str:
        """Why Skip cannot go with this mode ("" when it can): said where the mode is."""
        try:
            check_mode(mode, False, skip_existing=self.skip_check.isChecked(),
                       skip_hint=self.tr("“{check}”").format(check=self.skip_check.text()),
                       speed_hint=self.tr("“{check}”").format(check=self.speed_check.text()))
        except DynoViewError as exc:
            return exc.message
        return ""

    def _existing_text(self) -> str:
        """How many of the file's keys the table holds, and what Import does with those items."""
        answer = self.answer
        check = answer.preview.existing if answer is not None else None
        if check is None or answer is None or answer.preview.problem_count:
            return ""
        table, cost = self.table.name, check.reads.cost()
        if not check.count:
            return self.tr("None of these keys is in {table} yet (checked by {cost}).").format(
                table=table, cost=cost)
        more = check.count - len(check.shown)
        keys = "; ".join(check.shown) + (self.tr("; and {count} more").format(count=number(more))
                                         if more > 0 else "")
        box = self.tr("“{check}”").format(check=self.skip_check.text())
        if self.skip_check.isChecked():
            return self.tr("{count} of these keys already exist in {table}: with {check} ticked, "
                           "each of those items is skipped, never replaced ({keys}; checked by "
                           "{cost}).").format(count=number(check.count), table=table, check=box,
                                              keys=keys, cost=cost)
        return self.tr("{count} of these keys already exist in {table}: a Put replaces each item "
                       "whole (attributes the file does not have are lost): {keys}. Tick {check} "
                       "to skip them instead (checked by {cost}).").format(
            count=number(check.count), table=table, keys=keys, check=box, cost=cost)

    def reject(self) -> None:
        """Close, unless an import is running: it stops between batches, by Cancel. When the
        window closes unattended (a signal), the dialog goes and the window stops the import."""
        unattended = getattr(self.parent(), "closing_unattended", False)
        if self.controller.running and not unattended:
            self.summary_label.setText(self.tr(
                "The import is running: press Cancel to stop it after the batch being written, "
                "then Close."))
            return
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        """While it writes: its title bar (a close from the window system) is its Close button,
        which says to Cancel first; the app quitting (every window closed, the modal dialog
        first) asks whether to stop and quit, with the count written."""
        window = self.parent()
        unattended = getattr(window, "closing_unattended", False)
        if self.controller.running and not unattended and event.spontaneous():
            event.ignore()
            self.reject()
            return
        if self.controller.running and not unattended and isinstance(window, QWidget):
            from dynoview.ui.transfer.quit_guard import QuitGuard

            event.ignore()
            QuitGuard.of(window).ask_from(self)
            return
        super().closeEvent(event)

    def _connection_left(self) -> None:
        """The window's connection changed: a running import goes on where it started (its
        batches are judged against that table); nothing new is previewed or imported here."""
        if self.controller.running:
            self.summary_label.setText(self.opened_on.running_text())
        else:
            self.summary_label.setText(self.opened_on.stale_text())
        self._set_state()

    def _import(self) -> None:
        if self.answer is None:
            return
        if self.opened_on.stale:  # previewed against the table of the connection it opened on
            self.summary_label.setText(self.opened_on.stale_text())
            self._set_state()
            return
        mismatch = self._raw_mismatch(self.answer) if self.resume_check.isChecked() else ""
        if mismatch:  # refused at the box, before anything is read or sent
            self.summary_label.setText(mismatch)
            self.csv_raw_check.setFocus()
            return
        options = ImportOptions(mode=self._mode(), rate=self.rate_spin.value() or None,
                                accept_warnings=self.warnings_check.isChecked(),
                                resume=self.resume_check.isChecked(),
                                confirmation=self.type_to_confirm or True,
                                resume_hint=self.tr("“{check}”").format(  # the check box, named
                                    check=self.resume_check.text()),
                                csv_raw_hint=self.tr("“Raw CSV”"),
                                format_hint=self.tr("the format"),
                                skip_existing=self.skip_check.isChecked(),
                                skip_hint=self.tr("“{check}”").format(check=self.skip_check.text()))
        # As previewed: a change of the box since then took the preview away (_source_changed).
        if self.controller.start(self.answer, self.table, options, csv_raw=self._csv_raw()):
            self.progress_row.set_running(True, self.tr("Importing…"))
            self._set_state()

    def _finished(self, result: ImportResult | None, sentence: str) -> None:
        self.progress_row.set_running(False)
        self.imported = result
        if self.opened_on.stale and self.opened_on.stale_text() not in sentence:
            sentence += " " + self.opened_on.stale_text()
        self.summary_label.setText(sentence)
        self._set_state()
        self.finished_import.emit(result)

    def _refused_at(self, field: str) -> None:
        """The import was refused, or stopped, for what a box holds (the sentence is said by
        ``_finished``): that box is focused. A file changed since its Preview takes the preview
        away: Import waits for a new one, of the file as it is now."""
        if field == "file":
            self.answer = None
            self._set_state()
            mark_refused(self.path_edit)
            self.path_edit.setFocus()
        elif field == "csv_raw":
            self.csv_raw_check.setFocus()
        else:  # "resume": another file version, table, mode, or batches cut otherwise
            self.resume_check.setFocus()
