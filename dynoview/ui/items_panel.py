"""The items view: Scan or Query a table or index, page lazily, inspect an item.

The selected item is the window's selection (``ctx.select_item``) the templates act on;
an item opened by key that is not on the loaded page is read with GetItem and shown in
the detail pane; after the builder writes, the items it touched are read again.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, QPoint, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.errors import DynoViewError
from dynoview.core.items.clipboard import FORMATS as COPY_FORMATS
from dynoview.core.items.clipboard import LABELS as COPY_LABELS
from dynoview.core.items.clipboard import copy_text
from dynoview.core.reads.browse import (
    DEFAULT_PAGE_SIZE,
    FILTER_OPERATORS,
    SORT_KEY_OPERATORS,
    BrowseSpec,
    FilterSpec,
)
from dynoview.core.reads.history import add_to_history
from dynoview.core.reads.reader import Page
from dynoview.core.session.tables import TableInfo
from dynoview.core.values.display import display_text
from dynoview.ui import settings as saved
from dynoview.ui.browse_controller import BrowseController
from dynoview.ui.context import AppContext, WrittenKey
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.item_detail import ItemDetail
from dynoview.ui.item_transfer import TransferButtons
from dynoview.ui.items_columns import ItemsColumns
from dynoview.ui.items_model import ItemsModel

TABLE_ENTRY = "(table)"
ERROR_STYLE = "border: 2px solid #d32f2f;"  # readable in light and dark themes
VALUE_TYPES = ("S", "N", "B", "BOOL", "NULL")


class ItemsPanel(QWidget):
    """Form on top, results in the middle, the selected item on the right."""

    status_changed = Signal(str)
    new_tab_requested = Signal(str)  # a table name: open it in another Items tab

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = ItemsModel(self)
        self.controller = BrowseController(ctx, self.model, self)
        # The table this tab reads: the window's open table, or, in an extra Items tab, the
        # table it was opened on (several tabs can show different tables at once).
        self.info: TableInfo | None = None
        self.by_key_item: dict[str, Any] | None = None  # shown in the detail, not on the page
        self.row_item: dict[str, Any] | None = None  # the selected row shown in the detail
        self._kept_key: dict[str, Any] | None = None  # the selected row's key across a reset
        self.edit_dialog: Any = None  # the open ItemEditDialog, if any
        self.history_dialog: Any = None  # the open ReadHistoryDialog, if any
        self._not_on_page = 0  # items the builder wrote that this page does not hold
        self._setup_ui()
        self._connect()
        self.set_table(None)

    # -- construction --------------------------------------------------------
    def _setup_ui(self) -> None:
        form_box = QGroupBox("Read")
        form = QFormLayout(form_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)

        top = FlowLayout()  # wraps at 1024x700 instead of pushing Run off the window
        self.mode = QComboBox()
        self.mode.addItems(["Scan", "Query"])
        self.mode.setToolTip("Scan reads every item; Query reads one partition key (cheaper)")
        self.index = QComboBox()
        self.index.setToolTip("Read the table or one of its indexes")
        # Sized to the longest index name as tables change (the default sizes it once, to
        # "(table)", and clipped "email-index (GSI)" to "email-i").
        self.index.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.consistent = QCheckBox("Strongly consistent")
        self.consistent.setToolTip("Strong reads see every acknowledged write and cost twice "
                                   "as much as eventual reads.")
        self.page_size = QSpinBox()
        self.page_size.setRange(1, 10000)
        self.page_size.setValue(DEFAULT_PAGE_SIZE)
        self.page_size.setPrefix("Page ")
        self.hide_expired = QCheckBox("Hide expired")
        self.hide_expired.setToolTip("Hide items whose TTL has passed but that DynamoDB has not "
                                     "deleted yet (they are still in the table)")
        self.run_button = QPushButton("Run")
        self.run_button.setToolTip("Run the read (Ctrl+R or F5)")
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the read in progress (Esc)")
        self.cancel_button.setEnabled(False)
        for w in (QLabel("Mode"), self.mode, QLabel("on"), self.index, self.consistent,
                  self.page_size, self.hide_expired):
            top.addWidget(w)
        top.addStretch()
        run_box = QWidget()  # Run and Cancel wrap together, never apart
        run_row = QHBoxLayout(run_box)
        run_row.setContentsMargins(0, 0, 0, 0)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)
        top.addWidget(run_box)
        form.addRow(top)

        key_row = QHBoxLayout()
        self.pk_label = QLabel("PK =")
        self.pk_value = QLineEdit()
        self.pk_value.setPlaceholderText("partition key value")
        self.sk_label = QLabel("SK")
        self.sk_op = QComboBox()
        self.sk_op.addItems(["(any)", *SORT_KEY_OPERATORS])
        self.sk_value = QLineEdit()
        self.sk_value.setPlaceholderText("sort key value")
        self.sk_value2 = QLineEdit()
        self.sk_value2.setPlaceholderText("upper bound")
        for w in (self.pk_label, self.pk_value, self.sk_label, self.sk_op, self.sk_value,
                  self.sk_value2):
            key_row.addWidget(w)
        self.key_widget = QWidget()
        self.key_widget.setLayout(key_row)
        key_row.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.key_widget)

        filter_row = FlowLayout()
        self.filter_attr = QComboBox()
        self.filter_attr.setEditable(True)
        self.filter_attr.lineEdit().setPlaceholderText("attribute (optional)")
        self.filter_attr.setMinimumContentsLength(14)
        self.filter_op = QComboBox()
        self.filter_op.addItems(list(FILTER_OPERATORS))
        self.filter_type = QComboBox()
        self.filter_type.addItems(list(VALUE_TYPES))
        self.filter_value = QLineEdit()
        self.filter_value.setPlaceholderText("value")
        for w in (QLabel("Filter"), self.filter_attr, self.filter_op, self.filter_type,
                  self.filter_value):
            filter_row.addWidget(w)
        form.addRow(filter_row)
        self.error_label = QLabel()
        self.error_label.setProperty("role", "error")  # styled per theme
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        form.addRow(self.error_label)

        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Several rows for "Copy as"; Edit… and Delete… still act on exactly one.
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.horizontalHeader().setDefaultSectionSize(150)
        self.view.verticalHeader().setDefaultSectionSize(24)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        # Columns chosen, moved, hidden and sorted per table (dynoview/ui/items_columns.py).
        self.columns = ItemsColumns(self.view, self.model, self._table_key)
        self.detail = ItemDetail()
        self.edit_button = QPushButton("Edit…")
        self.edit_button.setToolTip("Edit the item; the change opens in the transaction builder "
                                    "(F2)")
        self.delete_button = QPushButton("Delete…")
        self.delete_button.setToolTip("Delete the item through a guarded transaction (Delete)")
        for button in (self.delete_button, self.edit_button):
            button.setEnabled(False)
            self.detail.actions_row.insertWidget(0, button)
        self.progress = QLabel()
        # Export… and Copy to table… for what the view holds (dynoview/ui/item_transfer.py).
        self.transfer = TransferButtons(self.ctx, self.result_items, self.chosen_items,
                                        lambda: self.info)
        progress_row = QHBoxLayout()
        progress_row.setContentsMargins(0, 0, 0, 0)
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.transfer)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.view, 1)
        left_layout.addLayout(progress_row)
        splitter.addWidget(left)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 350])

        layout = QVBoxLayout(self)
        layout.addWidget(form_box)
        layout.addWidget(splitter, 1)

    def _connect(self) -> None:
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.mode.currentTextChanged.connect(self._update_form)
        self.index.currentIndexChanged.connect(self._update_form)
        self.sk_op.currentTextChanged.connect(self._update_form)
        self.filter_op.currentTextChanged.connect(self._update_form)
        self.hide_expired.toggled.connect(self._hide_expired)
        for edit in (self.pk_value, self.sk_value, self.sk_value2, self.filter_value):
            edit.returnPressed.connect(self.run)
            edit.textEdited.connect(self._clear_errors)
        self.controller.page_loaded.connect(self._page_loaded)
        self.controller.failed.connect(self._failed)
        self.controller.busy_changed.connect(self._busy)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.model.modelReset.connect(self._columns_changed)
        # A reset (a new read, or a page bringing new columns) or a removed row drops the
        # selection without selectionChanged: keep the row when it is still there.
        self.model.modelAboutToBeReset.connect(self._remember_selection)
        self.model.modelReset.connect(self._restore_selection)
        self.model.rowsRemoved.connect(self._selection_maybe_gone)
        self.ctx.items_written.connect(self._items_written)
        QShortcut(QKeySequence("Ctrl+R"), self, self.run)
        QShortcut(QKeySequence("F5"), self, self.run)
        QShortcut(QKeySequence("Escape"), self, self.cancel)
        QShortcut(QKeySequence("Ctrl+L"), self, self.controller.fetch_more)
        QShortcut(QKeySequence("Ctrl+Shift+C"), self, self.detail.copy)
        QShortcut(QKeySequence("Ctrl+H"), self, self.show_history)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.edit_button.clicked.connect(self.edit_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        QShortcut(QKeySequence("F2"), self.view, self.edit_selected)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.view, self.delete_selected)

    # -- table switching -----------------------------------------------------
    def set_table(self, info: TableInfo | None) -> None:
        self.info = info
        self.controller.cancel()
        self.controller.cursor = None
        self.model.reset(info)
        self.index.blockSignals(True)
        self.index.clear()
        self.index.addItem(TABLE_ENTRY, None)
        if info:
            for idx in info.indexes:
                self.index.addItem(f"{idx.name} ({idx.kind})", idx.name)
        self.index.blockSignals(False)
        self.hide_expired.setEnabled(bool(info and info.ttl_enabled))
        self.filter_attr.clear()
        self.by_key_item = self.row_item = None
        self.detail.show_item(None)
        self._update_item_actions()
        self.setEnabled(info is not None)
        self._clear_errors()
        self._update_form()
        self.progress.setText("" if info else "Pick a table on the left.")

    def _index_name(self) -> str | None:
        return self.index.currentData()

    def _update_form(self) -> None:
        info = self.info
        query = self.mode.currentText() == "Query"
        self.key_widget.setVisible(query)
        if info is not None:
            pk, sk = info.keys_for(self._index_name())
            self.pk_label.setText(f"{pk.name} ({pk.type}) =")
            self.sk_label.setText(f"{sk.name} ({sk.type})" if sk else "no sort key")
            self.sk_op.setEnabled(sk is not None)
            idx = info.index(self._index_name())
            if idx is not None and not idx.strong_reads_allowed:
                self.consistent.setChecked(False)
                self.consistent.setEnabled(False)
                self.consistent.setToolTip(f"{idx.name} is a global secondary index: GSIs only "
                                           "serve eventually consistent reads.")
            else:
                self.consistent.setEnabled(True)
                self.consistent.setToolTip("Strong reads see every acknowledged write and cost "
                                           "twice as much as eventual reads.")
        op = self.sk_op.currentText()
        self.sk_value.setVisible(op != "(any)")
        self.sk_value2.setVisible(op == "between")
        unary = self.filter_op.currentText() in {"attribute_exists", "attribute_not_exists"}
        self.filter_value.setEnabled(not unary)
        self.filter_type.setEnabled(not unary)

    # -- reading ---------------------------------------------------------------
    def spec(self) -> BrowseSpec | None:
        info = self.info
        if info is None:
            return None
        op = self.sk_op.currentText()
        attr = self.filter_attr.currentText().strip()
        return BrowseSpec(
            table=info.name,
            mode=self.mode.currentText(),
            index=self._index_name(),
            consistent=self.consistent.isChecked() and self.consistent.isEnabled(),
            page_size=self.page_size.value(),
            pk_value=self.pk_value.text(),
            sk_operator=None if op == "(any)" else op,
            sk_values=(self.sk_value.text(), self.sk_value2.text()),
            filter=FilterSpec(attr, self.filter_op.currentText(), self.filter_value.text(),
                              self.filter_type.currentText()) if attr else None,
        )

    def run(self) -> None:
        spec = self.spec()
        if spec is None:
            return
        self._clear_errors()
        self.by_key_item = None
        self._not_on_page = 0
        self.detail.show_item(None)
        self._update_item_actions()
        if self.controller.start(spec):
            self.progress.setText("Reading…")
            self._remember_read(spec)

    def cancel(self) -> None:
        if self.controller.busy:
            self.controller.cancel()
            self.progress.setText(self.controller.describe_progress() + " (cancelled)")

    def _hide_expired(self, hide: bool) -> None:
        self.model.set_hide_expired(hide)
        self._report_progress()

    def _busy(self, busy: bool) -> None:
        self.cancel_button.setEnabled(busy)

    def _page_loaded(self, _page: Page) -> None:
        self._report_progress()
        self.transfer.update_state()

    def _report_progress(self) -> None:
        text = self.controller.describe_progress()
        if self._not_on_page:
            text += (f" · {self._not_on_page} item(s) written by the builder are not on this page: "
                     "run the read again to see them")
        self.progress.setText(text)
        self.status_changed.emit(text)

    def _field_widget(self, field: str) -> QWidget | None:
        return {
            "pk_value": self.pk_value, "sk_value0": self.sk_value, "sk_value1": self.sk_value2,
            "sk_operator": self.sk_op, "filter_value": self.filter_value,
            "filter_operator": self.filter_op, "consistency": self.consistent,
            "page_size": self.page_size,
        }.get(field)

    def _failed(self, field: str, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.show()
        widget = self._field_widget(field)
        if widget is not None:
            widget.setStyleSheet(ERROR_STYLE)
            widget.setToolTip(message)
            widget.setFocus()
        self.progress.setText(self.controller.describe_progress() if self.model.rowCount() else "")

    def _clear_errors(self) -> None:
        self.error_label.hide()
        for widget in (self.pk_value, self.sk_value, self.sk_value2, self.sk_op,
                       self.filter_value, self.filter_op, self.consistent, self.page_size):
            widget.setStyleSheet("")

    def _columns_changed(self) -> None:
        if self.model.rowCount():
            self.view.resizeColumnsToContents()
            header = self.view.horizontalHeader()
            for col in range(self.model.columnCount()):
                header.resizeSection(col, min(max(header.sectionSize(col), 70), 320))
        current = self.filter_attr.currentText()
        self.filter_attr.blockSignals(True)
        self.filter_attr.clear()
        self.filter_attr.addItems([c for c in self.model.columns() if c != "TTL status"])
        self.filter_attr.setEditText(current)
        self.filter_attr.blockSignals(False)

    def _selection_changed(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = {i.row() for i in selected.indexes()}
        if not rows:
            rows = {i.row() for i in self.view.selectionModel().selectedRows()}
        if not rows:
            self._selection_maybe_gone()
            return
        self.by_key_item = None
        row = min(rows)
        item = self.model.item(row)
        self.row_item = item
        self.detail.show_item(item, self._key_text(item), self.model.ttl_of(row))
        self._update_item_actions()
        self.ctx.select_item(item, "items", self._table_name())

    def _remember_selection(self) -> None:
        item, info = self.selected_item(), self.info
        self._kept_key = info.key_of(item) if item is not None and info is not None else None

    def _restore_selection(self) -> None:
        key, self._kept_key = self._kept_key, None
        if key is None or not self.select_key(key):
            self._selection_maybe_gone()

    def _selection_maybe_gone(self) -> None:
        """The selected row is gone (deselected, a new read, a deleted row): its detail, its
        buttons and the templates' subject go with it. A message about an item read by key
        stays."""
        if self.selected_item() is not None or self.by_key_item is not None:
            return
        if self.row_item is not None:
            self.row_item = None
            self.detail.show_item(None)
            if self.ctx.subject is not None and self.ctx.subject.source == "items":
                self.ctx.select_item(None)
        self._update_item_actions()

    def _update_item_actions(self) -> None:
        """Edit… and Delete… need one item: a selected row or one opened by key."""
        has_item = self.current_item() is not None and len(self.selected_items()) <= 1
        self.edit_button.setEnabled(has_item)
        self.delete_button.setEnabled(has_item)
        self.transfer.update_state()

    def result_items(self) -> list[dict[str, Any]]:
        """The items the view shows now (what Export… and Copy to table… take as the result)."""
        return [self.model.item(row) for row in range(self.model.rowCount())]

    def chosen_items(self) -> list[dict[str, Any]]:
        item = self.current_item()
        return [item] if item is not None else []

    def selected_item(self) -> dict | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.item(rows[0].row()) if rows else None

    def selected_items(self) -> list[dict[str, Any]]:
        """Every selected row's item, in the order shown."""
        rows = sorted(index.row() for index in self.view.selectionModel().selectedRows())
        return [self.model.item(row) for row in rows]

    # -- copy as -----------------------------------------------------------------
    def copy_as(self, fmt: str) -> str | None:
        """Copy the selected items (or the item read by key) in ``fmt``; returns the text."""
        items = self.selected_items() or ([self.by_key_item] if self.by_key_item else [])
        info = self.info
        try:
            text = copy_text(items, fmt, info.key_names if info is not None else ())
        except DynoViewError as exc:
            self.status_changed.emit(exc.message)
            return None
        QGuiApplication.clipboard().setText(text)
        self.status_changed.emit(f"Copied {len(items)} item(s) as {COPY_LABELS[fmt]}.")
        return text

    def _context_menu(self, pos: QPoint) -> None:
        self.context_menu().popup(self.view.viewport().mapToGlobal(pos))

    def context_menu(self) -> QMenu:
        """The view's right-click menu for the selection as it is now."""
        menu = QMenu(self.view)
        count = len(self.selected_items())
        copy_menu = menu.addMenu(f"Copy {count} item(s) as" if count > 1 else "Copy as")
        for fmt in COPY_FORMATS:
            copy_menu.addAction(COPY_LABELS[fmt], lambda fmt=fmt: self.copy_as(fmt))
        copy_menu.setEnabled(count > 0 or self.by_key_item is not None)
        menu.addSeparator()
        menu.addAction("Reads of this table… (Ctrl+H)", self.show_history)
        if self.info is not None:
            name = self.info.name
            menu.addAction(f"Open {name} in a new Items tab (another index or read)",
                           lambda: self.new_tab_requested.emit(name))
        menu.aboutToHide.connect(menu.deleteLater)
        return menu

    def _table_name(self) -> str | None:
        return self.info.name if self.info is not None else None

    # -- history of reads --------------------------------------------------------
    def _table_key(self) -> tuple[str, str] | None:
        conn, info = self.ctx.connection, self.info
        return (conn.spec.name, info.name) if conn is not None and info is not None else None

    def _remember_read(self, spec: BrowseSpec) -> None:
        key = self._table_key()
        if key is not None:
            saved.save_read_history(*key, add_to_history(saved.read_history(*key), spec))

    def show_history(self) -> None:
        """Ctrl+H: this table's saved and recent reads, each run again from the list."""
        key = self._table_key()
        if key is None:
            return
        from dynoview.ui.read_history_dialog import ReadHistoryDialog  # built on first use

        if self.history_dialog is not None:
            self.history_dialog.close()
        dialog = ReadHistoryDialog(*key, self.run_spec, self)
        dialog.finished.connect(dialog.deleteLater)
        self.history_dialog = dialog
        dialog.open()

    def load_spec(self, spec: BrowseSpec) -> None:
        """Put a read back in the form (what the history runs again)."""
        self.mode.setCurrentText(spec.mode)
        at = self.index.findData(spec.index)
        self.index.setCurrentIndex(at if at >= 0 else 0)
        self.consistent.setChecked(spec.consistent)
        self.page_size.setValue(spec.page_size)
        self.pk_value.setText(spec.pk_value)
        self.sk_op.setCurrentText(spec.sk_operator or "(any)")
        values = [*spec.sk_values, "", ""]
        self.sk_value.setText(values[0])
        self.sk_value2.setText(values[1])
        flt = spec.filter
        self.filter_attr.setEditText(flt.attribute if flt else "")
        if flt is not None:
            self.filter_op.setCurrentText(flt.operator)
            self.filter_type.setCurrentText(flt.value_type)
        self.filter_value.setText(flt.value if flt else "")
        self._update_form()

    def run_spec(self, spec: BrowseSpec) -> None:
        self.load_spec(spec)
        self.run()

    def current_item(self) -> dict | None:
        """The item Edit… and Delete… act on: the selected row, or the item read by key."""
        return self.selected_item() or self.by_key_item

    def edit_selected(self) -> None:
        """Edit the shown item; the change opens in the transaction builder (an account's
        protected values through the template that moves their locks)."""
        item, info = self.current_item(), self.info
        if item is None or info is None:
            return
        from dynoview.ui.item_edit_dialog import ItemEditDialog

        dialog = ItemEditDialog(item, self, schema=self.ctx.schema)
        self.edit_dialog = dialog

        def finished(code: int) -> None:
            if self.edit_dialog is dialog:
                self.edit_dialog = None
            if code and dialog.item is not None:
                self.ctx.edit_requested.emit(info, item, dialog.item)
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()

    def delete_selected(self) -> None:
        """Delete the shown item through the builder: an account with its locks, a lock
        through the release form, anything else as a Delete guarded on the values shown."""
        item, info = self.current_item(), self.info
        if item is None or info is None:
            return
        self.ctx.delete_requested.emit(info, item)

    def select_key(self, key: dict) -> bool:
        """Select the loaded row with this primary key (used by links from other panels)."""
        row = self.model.row_of(key)
        if row is None:
            return False
        self.view.selectRow(row)
        self.view.scrollTo(self.model.index(row, 0))
        return True

    def open_key(self, key: dict) -> None:
        """Show the item with this key: its row when it is on the page, else read it by key
        (a strongly consistent GetItem) and show it in the detail pane."""
        if self.select_key(key):
            return
        info, reader = self.info, self.ctx.reader
        if info is None or reader is None:
            return
        self.view.clearSelection()
        self.detail.title.setText(f"Reading {self._key_text(key)}…")
        self.ctx.tasks.submit("items-open-key", reader.get_item, info.name, dict(key),
                              on_result=lambda item: self._show_by_key(key, item),
                              on_error=lambda exc: self.ctx.report(exc, operation="GetItem"))

    def _show_by_key(self, key: dict, item: dict[str, Any] | None) -> None:
        if self.selected_item() is not None:
            return  # the user picked a row meanwhile
        self.by_key_item = item
        self.row_item = None
        key_text = self._key_text(key)
        if item is None:
            self.detail.show_item(None)
            self.detail.title.setText(f"No item with {key_text}: it does not exist (or was deleted).")
            self.ctx.select_item(None)
        else:
            self.detail.show_item(item, f"{key_text} — read by key (GetItem): not on the current page")
            self.ctx.select_item(item, "items", self._table_name())
        self._update_item_actions()

    def _key_text(self, item: dict) -> str:
        info = self.info
        return ", ".join(f"{k} = {display_text(item[k])}" for k in (info.key_names if info else ())
                         if k in item)

    # -- after the builder wrote ------------------------------------------------
    def _items_written(self, written: list[WrittenKey]) -> None:
        """Read the items a transaction touched and show them as they are now."""
        info, reader = self.info, self.ctx.reader
        keys = [w.key for w in written if info is not None and w.table == info.name]
        if not keys or info is None or reader is None:
            return
        name = info.name

        def read_all() -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
            return [(key, reader.get_item(name, key)) for key in keys]

        self.ctx.tasks.submit("items-reread", read_all, on_result=self._reread,
                              on_error=lambda exc: self.ctx.report(exc, operation="GetItem"))

    def _reread(self, fresh: list[tuple[dict[str, Any], dict[str, Any] | None]]) -> None:
        shown = self.current_item()
        for key, item in fresh:
            on_page = self.model.replace_item(key, item)
            if not on_page and item is not None:
                self._not_on_page += 1
            if shown is None or not all(shown.get(k) == v for k, v in key.items()):
                continue
            if self.by_key_item is not None:
                self._show_by_key(key, item)
            elif item is None:
                self.detail.show_item(None)
                self.detail.title.setText(f"{self._key_text(key)} was deleted by the transaction.")
            else:
                row = self.model.row_of(key)
                ttl = self.model.ttl_of(row) if row is not None else None
                self.detail.show_item(item, self._key_text(item), ttl)
        self._update_item_actions()
        self._report_progress()
