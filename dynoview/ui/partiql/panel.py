"""The PartiQL tab: a SELECT editor with highlighting and completion, typed ``?`` values,
results in the Items tab's model and detail pane, "Load more" through NextToken, and the
last 50 statements of the connection.

The widget only shows and collects; ``PartiqlController`` checks, runs and pages.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtGui import QColor, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.reads.partiql import (
    PARAMETER_KINDS,
    StatementSpec,
    describe_parameters,
    parameter_text,
    parse_parameter,
)
from dynoview.core.reads.partiql_statements import parameter_count
from dynoview.core.reads.reader import Page
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.values.display import display_text
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.visible_text import visible
from dynoview.ui.accessible import tab_leaves
from dynoview.ui.context import AppContext
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.result_pane import ResultPane
from dynoview.ui.json_text import raw_text
from dynoview.ui.partiql.controller import DEFAULT_PAGE_SIZE, PartiqlController
from dynoview.ui.partiql.draft import ADOPTED, OVER_TYPED, UNCONNECTED, EditorDrafts
from dynoview.ui.partiql.editor import StatementEdit
from dynoview.ui.partiql.history_pick import HistoryPick
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.themed import mark_refused, set_role

ERROR_BACKGROUND = QColor(211, 47, 47, 110)  # a translucent red: the text stays readable in both
TYPE_COLUMN, VALUE_COLUMN = 0, 1


class ParameterTable(QWidget):
    """One row per ``?``, in order: a type (or DynamoDB JSON) and the value as typed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = tab_leaves(QTableWidget(0, 2))
        self.table.setAccessibleName(self.tr("Statement parameters"))
        self.table.setHorizontalHeaderLabels([self.tr("Type"), self.tr("Value")])
        self.table.horizontalHeader().setSectionResizeMode(VALUE_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(TYPE_COLUMN,
                                                           QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setToolTip(self.tr("The values of the statement's ? placeholders, in order. Type a value "
                              "as the item editor takes it, or pick DynamoDB JSON and type a typed "
                              'value such as {"S": "ada@lovelace.io"}.'))
        self.add_button = QPushButton(self.tr("Add"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.count_label = plain_label(QLabel(""))
        set_role(self.count_label, "hint")
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.count_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button.clicked.connect(self.remove_selected)

    def add_row(self, kind: str = "S", text: str = "") -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        combo = QComboBox()
        combo.addItems(list(PARAMETER_KINDS))
        combo.setCurrentText(kind)
        combo.setAccessibleName(self.tr("Parameter type"))
        self.table.setCellWidget(row, TYPE_COLUMN, combo)
        self.table.setItem(row, VALUE_COLUMN, QTableWidgetItem(text))
        self._renumber()
        return row

    def remove_selected(self) -> None:
        """Remove the current row (the last one when none is current)."""
        row = self.table.currentRow()
        if row < 0:
            row = self.table.rowCount() - 1
        if row >= 0:
            self.table.removeRow(row)
        self._renumber()

    def _renumber(self) -> None:
        self.table.setVerticalHeaderLabels([f"?{i}" for i in range(1, self.table.rowCount() + 1)])

    def kind(self, row: int) -> str:
        combo = self.table.cellWidget(row, TYPE_COLUMN)
        return combo.currentText() if isinstance(combo, QComboBox) else "S"

    def text(self, row: int) -> str:
        item = self.table.item(row, VALUE_COLUMN)
        return item.text() if item is not None else ""

    def set_text(self, row: int, text: str, kind: str | None = None) -> None:
        if kind is not None:
            combo = self.table.cellWidget(row, TYPE_COLUMN)
            if isinstance(combo, QComboBox):
                combo.setCurrentText(kind)
        item = self.table.item(row, VALUE_COLUMN)
        if item is not None:
            item.setText(text)

    def fit(self, wanted: int, adjust: bool = True) -> None:
        """As many rows as the statement has ``?``: add rows, drop trailing empty ones (not
        ``adjust``: the rows stay as they are, only counted; a restored draft's are as typed)."""
        while adjust and self.table.rowCount() < wanted:
            self.add_row()
        while adjust and self.table.rowCount() > wanted and not self.text(self.table.rowCount() - 1).strip():
            self.table.removeRow(self.table.rowCount() - 1)
        self._renumber()
        given = self.table.rowCount()
        self.count_label.setText(self.tr("{wanted} ? in the statement").format(wanted=wanted) + (
            "" if given == wanted else self.tr(", %Ln value(s)", "", given)))

    def values(self) -> tuple[dict[str, Any], ...]:
        """The typed values, or ``ValueParseError`` whose path names the row (``?2``)."""
        out = []
        for row in range(self.table.rowCount()):
            try:
                out.append(parse_parameter(self.kind(row), self.text(row)))
            except ValueParseError as exc:
                raise ValueParseError(exc.message, f"?{row + 1}" + (f".{exc.path}" if exc.path else "")) \
                    from None
        return tuple(out)

    def set_values(self, values: tuple[dict[str, Any], ...]) -> None:
        self.set_rows(tuple(parameter_text(av) for av in values))

    def rows(self) -> tuple[tuple[str, str], ...]:
        """Each row's type and value as typed (parsed or not)."""
        return tuple((self.kind(row), self.text(row)) for row in range(self.table.rowCount()))

    def set_rows(self, rows: tuple[tuple[str, str], ...]) -> None:
        self.table.setRowCount(0)
        for kind, text in rows:
            self.add_row(kind, text)

    def mark(self, row: int | None, message: str = "") -> None:
        """Tint the value of ``row`` (None: clear every mark), without counting as an edit."""
        self.table.blockSignals(True)
        for r in range(self.table.rowCount()):
            item = self.table.item(r, VALUE_COLUMN)
            if item is not None:
                item.setToolTip(plain_tooltip(message) if r == row else "")  # may quote the value
                item.setBackground(ERROR_BACKGROUND if r == row else Qt.GlobalColor.transparent)
        if row is not None:
            self.table.setCurrentCell(row, VALUE_COLUMN)  # the value to fix has the focus
        self.table.blockSignals(False)
        self.table.viewport().update()


class PartiqlPanel(QWidget):
    """Statement and values on top, the result and the selected item below."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = ItemsModel(self)
        self.controller = PartiqlController(ctx, self.model, self)
        self._setup_ui()
        self._connect()
        self._history_changed(self.controller.history)
        self._tables_changed(self.controller.tables)
        self._busy(False)
        self._restore_draft(self.drafts.restore(ctx.connection))

    # -- construction --------------------------------------------------------------
    def _setup_ui(self) -> None:
        self.results_split = ResultPane(self.ctx, self.model, self.controller.result_items,
                                        self.selected_items, self.source_table,
                                        source=self.tr("the PartiQL result"),
                                        more_pages=lambda: self.controller.more_available,
                                        partial=lambda: _rows_note(self.controller))
        self.results_split.setSizes([900, 320])
        self.view, self.detail = self.results_split.view, self.results_split.detail
        self.progress, self.transfer = self.results_split.progress, self.results_split.transfer
        self.progress.setText(self.tr("Type a SELECT and press Ctrl+Enter."))
        self.progress.setWordWrap(True)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self._statement_pane())
        self.split.addWidget(self.results_split)
        self.split.setStretchFactor(0, 1)
        self.split.setStretchFactor(1, 3)
        self.split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.split)
        self.setFocusProxy(self.editor)  # Ctrl+7 (the tab) and type: the statement has the keys
        self._laid_out = False

    def _toolbar(self) -> QHBoxLayout:
        """Run, Cancel, the read mode, page size, Load more and the history."""
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setToolTip(self.tr("Run the statement (Ctrl+Enter or F5). Only SELECT runs here; "
                                   "writes go through the transaction builder."))
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the statement in progress (Esc)"))
        self.consistent = QCheckBox(self.tr("Strongly consistent"))
        self.consistent.setToolTip(self.tr("Strong reads see every acknowledged write and cost twice "
                                           "as much; global secondary indexes only serve eventual reads."))
        self.page_size = QSpinBox()
        self.page_size.setRange(1, 10000)
        self.page_size.setValue(DEFAULT_PAGE_SIZE)
        self.page_size.setPrefix(self.tr("Page "))
        self.page_size.setAccessibleName(self.tr("Page size"))
        self.page_size.setToolTip(self.tr("Items DynamoDB evaluates per request (Limit), before the WHERE "
                                  "filter: a page keeps reading until it has this many items"))
        self.more_button = QPushButton(self.tr("Load more"))
        self.more_button.setToolTip(self.tr("Read the next page with NextToken (Ctrl+L)"))
        self.history = QComboBox()
        self.history.setAccessibleName(self.tr("Statement history"))
        self.history.setMinimumContentsLength(18)
        self.history.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.history.setToolTip(self.tr("The last 50 statements run on this connection: pick one to load it, "
                                "then run it again"))
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        for w in (self.run_button, self.cancel_button, self.consistent, self.page_size, self.more_button):
            top.addWidget(w)
        top.addStretch(1)
        top.addWidget(self.history, 2)
        return top

    def _statement_pane(self) -> QWidget:
        """The toolbar, the statement beside its ? values, and the error line."""
        top = self._toolbar()  # first: the tab order follows creation
        self.editor = StatementEdit()
        self.editor.setMinimumHeight(64)
        self.parameters = ParameterTable()
        params_box = QGroupBox(self.tr("? values"))
        params_layout = QVBoxLayout(params_box)
        params_layout.setContentsMargins(6, 6, 6, 6)
        params_layout.addWidget(self.parameters)
        self.statement_split = QSplitter(Qt.Orientation.Horizontal)
        self.statement_split.addWidget(self.editor)
        self.statement_split.addWidget(params_box)
        self.statement_split.setStretchFactor(0, 3)
        self.statement_split.setStretchFactor(1, 2)
        self.statement_split.setChildrenCollapsible(False)
        # Plain text: the message quotes the server (and the statement's names and values).
        self.error_label = plain_label(QLabel())
        set_role(self.error_label, "error")  # styled per theme
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        statement = QWidget()
        statement_layout = QVBoxLayout(statement)
        statement_layout.setContentsMargins(0, 0, 0, 0)
        statement_layout.addLayout(top)
        statement_layout.addWidget(self.statement_split, 1)
        statement_layout.addWidget(self.error_label)
        return statement

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._laid_out:  # sizes in proportion to the space the window gives the tab
            self._laid_out = True
            total = sum(self.results_split.sizes()) or self.width()
            detail = max(300, min(420, total * 3 // 10))  # room for the detail's tabs, as Items
            self.results_split.setSizes([max(200, total - detail), detail])
            height = sum(self.split.sizes()) or self.height()
            self.split.setSizes([max(130, height * 3 // 10), height - max(130, height * 3 // 10)])

    def _connect(self) -> None:
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.controller.cancel)
        self.more_button.clicked.connect(self.load_more)
        self.history.activated.connect(self.load_history)
        self.history_pick = HistoryPick(self.editor, self.parameters, self.consistent)
        self.editor.textChanged.connect(self._statement_edited)
        self.parameters.table.itemChanged.connect(lambda _i: self._clear_errors())
        self.controller.page_loaded.connect(self._page_loaded)
        self.controller.failed.connect(self._failed)
        self.controller.busy_changed.connect(self._busy)
        self.controller.history_changed.connect(self._history_changed)
        self.controller.tables_changed.connect(self._tables_changed)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.model.modelReset.connect(self._columns_changed)
        self.drafts = drafts = EditorDrafts(self.editor, self.parameters, self.consistent, self.history_pick)
        # The window's statements stay in their files for the next window; their locks go with it.
        self.destroyed.connect(lambda *_: drafts.release())  # not a method: self is gone by then
        self.ctx.connection_changed.connect(self._connection_changed)
        for keys, slot in ((("Ctrl+Return", "F5"), self.run), (("Esc",), self.controller.cancel),
                           (("Ctrl+L",), self.load_more)):
            for key in keys:
                QShortcut(QKeySequence(key), self, slot)
        complete = QShortcut(QKeySequence("Ctrl+Space"), self.editor,
                             lambda: self.editor.complete(forced=True))
        complete.setContext(Qt.ShortcutContext.WidgetShortcut)

    # -- running -------------------------------------------------------------------
    def spec(self) -> StatementSpec | None:
        """The statement as typed with its values; None (and the row marked) for a bad value."""
        try:
            values = self.parameters.values()
        except ValueParseError as exc:
            row = int(exc.path.split(".")[0][1:]) - 1 if exc.path.startswith("?") else None
            self._failed("parameters", f"{exc.path.split('.')[0]}: {exc.message}", row)
            return None
        # The raw text: toPlainText makes an NBSP in a literal a space, and queries another value.
        return StatementSpec(raw_text(self.editor), values, consistent=self.consistent.isChecked(),
                             page_size=self.page_size.value())

    def run(self) -> bool:
        self._clear_errors()
        spec = self.spec()
        if spec is None:
            return False
        self.detail.show_item(None)
        started = self.controller.run(spec)
        if started:
            self.progress.setText(self.tr("Running…"))
        return started

    def load_more(self) -> None:
        if self.controller.load_more():
            self.progress.setText(self.controller.describe_progress().split(", more")[0] + self.tr(
                ", reading more…"))

    def _busy(self, busy: bool) -> None:
        self.cancel_button.setEnabled(busy)
        self.run_button.setEnabled(not busy)
        self.more_button.setEnabled(not busy and self.controller.more_available)
        self.transfer.update_state()

    def _page_loaded(self, page: Page) -> None:
        text = self.controller.describe_progress()
        if page.receipts:
            from dynoview.core.reads.estimates import capacity_text  # the estimate where none is reported

            last = page.receipts[-1]
            text += f" · {last.consistency}, {capacity_text(last)}, {last.duration_ms:.0f} ms"
            self.progress.setToolTip(self.tr("The last request: {summary} (every request is in the "
                                     "read log)").format(summary=last.summary()))
        self.progress.setText(text)
        self.more_button.setEnabled(self.controller.more_available)
        self.transfer.update_state()

    def _failed(self, field: str, message: str, row: int | None = None) -> None:
        self.error_label.setText(message)
        self.error_label.show()
        widget: QWidget | None = {"statement": self.editor, "parameters": self.parameters.table,
                                  "consistency": self.consistent, "page_size": self.page_size}.get(field)
        if widget is not None:
            mark_refused(widget)
            widget.setFocus()
        if field == "parameters":
            self.parameters.mark(row, message)
        self.progress.setText(self.controller.describe_progress() if self.model.rowCount() else self.tr(
            "Not run."))

    def _clear_errors(self) -> None:
        self.error_label.hide()
        for widget in (self.editor, self.parameters.table, self.consistent, self.page_size):
            mark_refused(widget, False)
        self.parameters.mark(None)

    def _statement_edited(self) -> None:
        self._clear_errors()
        self.parameters.fit(parameter_count(raw_text(self.editor)))

    def _connection_changed(self, conn: Connection | None) -> None:
        self._clear_errors()
        self.detail.show_item(None)
        self.progress.setText(self.tr("Type a SELECT and press Ctrl+Enter."))
        self._busy(False)
        self._restore_draft(self.drafts.switch(conn))  # the statement left kept, conn's back

    def _restore_draft(self, outcome: tuple[str | None, str | None]) -> None:
        """Say a draft is back in the editor (nothing is sent), or why one was not kept or read."""
        restored, problem = outcome
        if restored:
            if restored != OVER_TYPED:  # over typed text: Ctrl+Z brings it back, with its ? values
                self.history_pick.before = None  # the pick replaced before is no undo of this
            self.parameters.fit(parameter_count(raw_text(self.editor)), adjust=False)
            self.progress.setText({
                OVER_TYPED: self.tr("Your unsent statement on this connection is back; Ctrl+Z brings "
                                    "back what you had typed."),
                UNCONNECTED: self.tr("The statement you typed with no connection is back: connect, "
                                     "then Ctrl+Enter runs it."),
                ADOPTED: self.tr("The statement you typed with no connection is kept for this "
                                 "connection now: Ctrl+Enter runs it.")}.get(restored) or self.tr(
                "Your unsent statement on this connection is back: Ctrl+Enter runs it."))
        if problem:
            self.progress.setText(problem)

    def keep_draft(self) -> str | None:
        """Keep the unsent statement for the next time (the window closes): None, or why not."""
        return self.drafts.keep()

    # -- results -------------------------------------------------------------------
    def _columns_changed(self) -> None:
        self.results_split.fit_columns()
        self._tables_changed(self.controller.tables)  # the new attributes complete too

    def selected_items(self) -> list[dict[str, Any]]:
        return self.results_split.selected_items()

    def source_table(self) -> TableInfo | None:
        """The table behind the result, for a whole-table export (described once run)."""
        if self.controller.table is not None:
            return self.controller.table
        target = self.controller.target
        return self.ctx.tables.get(target) if target else None

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.results_split.selected_rows()
        if not rows:
            self.detail.show_item(None)
        else:
            item = self.model.item(rows[0])
            info = self.controller.table
            keys = info.key_names if info else tuple(item)[:2]
            title = ", ".join(f"{visible(k)} = {display_text(item[k])}" for k in keys if k in item)
            if len(rows) > 1:
                title += self.tr(" (first of {rows_count} selected)").format(rows_count=len(rows))
            self.detail.show_item(item, title, self.model.ttl_of(rows[0]))
            if info is not None:
                self.ctx.select_item(item, "partiql", info.name)
        self.transfer.update_state()

    # -- completion and history ----------------------------------------------------
    def _tables_changed(self, tables: list[str]) -> None:
        self.editor.set_names(tables, self.controller.attributes())

    def _history_changed(self, history: list[dict[str, Any]]) -> None:
        self.history.blockSignals(True)
        self.history.clear()
        self.history.addItem(self.tr("History ({history_count})").format(history_count=len(history))
                             if history else self.tr("History (empty)"))
        for entry in history:
            first = " ".join(entry["statement"].split())
            params = entry["parameters"]
            label = first if len(first) <= 70 else first[:69] + "…"
            if params:
                label += "  [" + self.tr("%Ln value(s)", "", len(params)) + "]"
            self.history.addItem(label)
            # A statement may hold a value pasted from a table: a tooltip shows its characters.
            self.history.setItemData(self.history.count() - 1, plain_tooltip(entry["statement"]),
                                     Qt.ItemDataRole.ToolTipRole)
        self.history.setCurrentIndex(0)
        self.history.setEnabled(bool(history))
        self.history.blockSignals(False)

    def load_history(self, index: int) -> None:
        """Put history entry ``index`` (1 = the latest; 0 is the title) in the editor."""
        if index <= 0:
            return
        spec = self.controller.history_spec(index - 1)
        self.history_pick.load(spec.statement)  # undoable: Ctrl+Z brings the last one back
        self.parameters.set_values(spec.parameters)
        self.parameters.fit(parameter_count(spec.statement))
        self.consistent.setChecked(spec.consistent)
        self.history.setCurrentIndex(0)
        values = f" with {describe_parameters(spec.parameters)}" if spec.parameters else ""
        self.progress.setText(self.tr(
            "Loaded from the history{values}: Ctrl+Enter runs it again, Ctrl+Z undoes the "
            "pick.").format(values=values))
        self.editor.setFocus()


def _rows_note(controller: PartiqlController) -> str | None:
    """Why the result's rows are not whole items (a SELECT of named attributes, an index's
    projection), for Copy to table…"""
    spec = controller.spec
    if spec is None:
        return None
    from dynoview.core.items.partial_rows import statement_rows_note  # on use

    return statement_rows_note(spec.statement, controller.table)
