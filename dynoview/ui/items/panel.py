"""The items view: Scan or Query a table or index, page lazily, inspect an item.

The selected item is the window's selection (``ctx.select_item``) the templates act on;
an item opened by key that is not on the loaded page is read with GetItem and shown in
the detail pane; after the builder writes, the items it touched are read again. The form
is ``ReadForm``, the rows and the detail ``ResultPane``, the reads ``BrowseController``, the
selection ``ItemSelection``.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QPushButton, QSplitter, QVBoxLayout, QWidget

from dynoview.ui import settings as saved
from dynoview.ui.context import AppContext
from dynoview.ui.counts import not_on_page_text
from dynoview.ui.elided_label import ElidedLabel
from dynoview.ui.items.columns import ItemsColumns
from dynoview.ui.items.controller import BrowseController, Fresh, ReadFor
from dynoview.ui.items.model import ItemsModel, import_row_code
from dynoview.ui.items.read_form import ReadForm
from dynoview.ui.items.result_pane import ResultPane
from dynoview.ui.items.selection import ItemSelection
from dynoview.ui.items.staged_look import STAGING_OBJECT
from dynoview.ui.themed import set_role
from dynoview.ui.window.first_paint import after_first_paint

if TYPE_CHECKING:
    from dynoview.core.reads.browse import BrowseSpec
    from dynoview.core.reads.reader import Page
    from dynoview.core.session.tables import TableInfo
    from dynoview.ui.context_events import WrittenKey
    from dynoview.ui.items.cell_edits import CellEdits
    from dynoview.ui.items.edit_dialog import ItemEditDialog
    from dynoview.ui.transfer.opened_on import OpenedOn

#: Edit in place is made this long after the first page of rows (their repaint goes first).
EDITS_AFTER_ROWS_MS = 50
ATTRIBUTES_EXCLUDED = {"TTL status"}  # a column the app computes, not an attribute to filter on


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
        self.edit_dialog: Any = None  # the open ItemEditDialog, if any
        self.history_dialog: Any = None  # the open ReadHistoryDialog, if any
        self.code_dialog: Any = None  # the open ReadCodeDialog, if any
        self._not_on_page = 0  # items the builder wrote that this page does not hold
        self._setup_ui()
        self._connect()
        self._cell_edits: CellEdits | None = None
        self._shortcuts()
        self.set_table(None)
        # Edit in place (its editors, staged pane and edit code: ~55 ms the rows do not need)
        # is made a moment after the first rows have painted, or on first use (F2, a double
        # click, the menu): made before, it held back the window's first rows (issue 19). Cells
        # staged in another Items tab of this window are marked with the rows: it is made with
        # them then; a set an earlier session left is restored (and marked) that moment later.
        def make_cell_edits() -> None:
            _ = self.cell_edits  # the property makes them (once)

        def after_first_rows(*_page: object) -> None:
            if self.ctx.findChild(QObject, STAGING_OBJECT) is not None:
                make_cell_edits()
            else:
                QTimer.singleShot(EDITS_AFTER_ROWS_MS, self, make_cell_edits)

        def after_paint() -> None:
            # What the first rows need, made while the first read waits for the connection
            # (else their own arrival makes it: ItemsModel.append_page, ResultPane).
            import_row_code()
            self.results.prepare_rows()

        after_first_paint(self, after_paint)
        self.controller.page_loaded.connect(after_first_rows, Qt.ConnectionType.SingleShotConnection)
        # A double click before edit in place is made makes it and edits (its own handler is
        # connected from then on: Qt does not call it for the click that made it).
        self.view.doubleClicked.connect(
            lambda index: self.cell_edits.edit(index) if self._cell_edits is None else None)

    @property
    def cell_edits(self) -> CellEdits:
        """Edit in place: cell editors, the staged cells and their pane (cell_edits.py)."""
        if self._cell_edits is None:
            from dynoview.ui.items.cell_edits import CellEdits

            self._cell_edits = CellEdits(self)
        return self._cell_edits

    # -- construction --------------------------------------------------------
    def _setup_ui(self) -> None:
        self.form = ReadForm()
        f = self.form  # the form's fields, by the names tests and the window use
        self.mode, self.index, self.consistent, self.page_size = f.mode, f.index, f.consistent, f.page_size
        self.hide_expired, self.run_button, self.cancel_button = f.hide_expired, f.run_button, f.cancel_button
        self.pk_value, self.sk_op = f.pk_value, f.sk_op
        self.sk_value, self.sk_value2 = f.sk_value, f.sk_value2
        self.filter_attr, self.filter_op, self.filter_type = f.filter_attr, f.filter_op, f.filter_type
        self.filter_value, self.error_label = f.filter_value, f.error_label
        self.results = ResultPane(self.ctx, self.model, self.model.items,
                                  # Every selected row (Copy to table… took only the first).
                                  lambda: self.selected_items() or (
                                      [item] if (item := self.by_key_item) else []),
                                  lambda: self.info, more_pages=self._more_pages,
                                  partial=lambda: _index_rows_note(self.info, self.controller.index_read))
        self.results.setSizes([900, 350])
        self.view, self.detail = self.results.view, self.results.detail
        self.progress, self.transfer = self.results.progress, self.results.transfer
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        # Columns chosen, moved, hidden and sorted per table (dynoview/ui/items/columns.py).
        self.columns = ItemsColumns(self.view, self.model, self._table_key)
        # "Edit…" keeps its short label (the row is full at 1024 px in longer languages): it is
        # Edit as JSON…, as its tooltip and the view's menu say; F2 edits one cell in place.
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.edit_button.setToolTip(self.tr("Edit as JSON…: the whole item as DynamoDB JSON; the "
                                            "change opens in the transaction builder (F2 edits one "
                                            "cell in place)"))
        self.delete_button = QPushButton(self.tr("Delete…"))
        self.delete_button.setToolTip(self.tr("Delete the item through a guarded transaction (Delete)"))
        for button in (self.delete_button, self.edit_button):
            button.setEnabled(False)
            self.detail.actions_row.insertWidget(0, button)
        # A global table's transactions are atomic in one Region only: said before any is built.
        self.global_note = ElidedLabel()
        self.global_note.setObjectName("global-table-note")
        set_role(self.global_note, "hint")
        self.global_note.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(self.global_note)
        # The rows over the staged changes of edit in place (its pane joins when it is made).
        self.rows_split = QSplitter(Qt.Orientation.Vertical)
        self.rows_split.setChildrenCollapsible(False)
        self.rows_split.addWidget(self.results)
        layout.addWidget(self.rows_split, 1)

    def _connect(self) -> None:
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.form.run_requested.connect(self.run)
        self.hide_expired.toggled.connect(self._hide_expired)
        self.controller.page_loaded.connect(self._page_loaded)
        self.controller.failed.connect(self._failed)
        self.controller.busy_changed.connect(self._busy)
        self.controller.items_reread.connect(self._reread)
        self.model.modelReset.connect(self._columns_changed)
        self.selection = ItemSelection(self.ctx, self.model, self.results, lambda: self.info,
                                       [self.edit_button, self.delete_button])
        self.controller.key_read.connect(self.selection.key_answered)
        self.ctx.items_written.connect(self._items_written)
        self.view.customContextMenuRequested.connect(
            lambda pos: self.context_menu().popup(self.view.viewport().mapToGlobal(pos)))
        self.edit_button.clicked.connect(self.edit_selected)
        self.delete_button.clicked.connect(self.delete_selected)

    def _shortcuts(self) -> None:
        for keys, slot in ((("Ctrl+R", "F5"), self.run), (("Escape",), self.cancel),
                           (("Ctrl+L",), self.controller.fetch_more),
                           (("Ctrl+Shift+C",), self.detail.copy), (("Ctrl+H",), self.show_history)):
            for key in keys:
                QShortcut(QKeySequence(key), self, slot)
        # The grid's own keys: at the window's scope, Del in the staged list (or the tables
        # list, the detail pane) put a Delete of the grid's row in the builder.
        grid = Qt.ShortcutContext.WidgetWithChildrenShortcut
        QShortcut(QKeySequence("F2"), self.view, lambda: self.cell_edits.edit_current()).setContext(grid)
        delete = QKeySequence(QKeySequence.StandardKey.Delete)
        QShortcut(delete, self.view, self.delete_selected).setContext(grid)

    # -- table switching -----------------------------------------------------
    def set_table(self, info: TableInfo | None) -> None:
        commit_open_cell(self)  # a value typed and not entered is staged on its table's item
        self.info = info
        self.controller.cancel(keep_read=False)
        self.controller.cancel_item_reads()  # an item of the table before is not one of this
        self.controller.cursor = None
        self.model.reset(info)
        self.form.set_table(info)
        note = info.settings.transaction_note() if info is not None else None
        self.global_note.setText(note or "")
        self.global_note.setVisible(bool(note))
        self.selection.clear()
        self.setEnabled(info is not None)
        self.progress.setText("" if info else self.tr("Pick a table on the left."))

    # -- reading ---------------------------------------------------------------
    def spec(self) -> BrowseSpec | None:
        return self.form.spec()

    def run(self) -> None:
        spec = self.spec()
        if spec is None:
            return
        self.form.clear_errors()
        commit_open_cell(self)  # the new read resets the rows: what was typed is staged first
        self._not_on_page = 0
        self.selection.by_key_item = None
        self.detail.show_item(None)
        self.selection.update_actions()
        if self.controller.start(spec):
            self.progress.setText(self.tr("Reading…"))
            key = self._table_key()
            if key is not None:
                from dynoview.core.reads.history import add_to_history

                saved.save_read_history(*key, add_to_history(saved.read_history(*key), spec))

    def cancel(self) -> None:
        if self.controller.busy:
            self.controller.cancel()
            self.progress.setText(self.tr("{progress} (cancelled)").format(
                progress=self.controller.describe_progress()))

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
            text += " · " + not_on_page_text(self._not_on_page)
        self.progress.setText(text)
        self.status_changed.emit(text)

    def _failed(self, field: str, message: str) -> None:
        self.form.show_error(field, message)
        self.progress.setText(self.controller.describe_progress() if self.model.rowCount() else "")

    def _columns_changed(self) -> None:
        self.results.fit_columns()
        self.form.set_attributes([c for c in self.model.columns() if c not in ATTRIBUTES_EXCLUDED])

    # -- selection (ItemSelection) ---------------------------------------------------
    @property
    def by_key_item(self) -> dict[str, Any] | None:
        """The item read by key (GetItem) shown in the detail, not on the page."""
        return self.selection.by_key_item

    def selected_items(self) -> list[dict[str, Any]]:
        """Every selected row's item, in the order shown."""
        return self.selection.selected_items()

    def _more_pages(self) -> bool:
        """The read behind the rows has pages not shown yet (pages read ahead, a pending
        LastEvaluatedKey, or a read stopped by Cancel or an error): an export of them is partial."""
        cursor = self.controller.cursor
        return cursor is not None and (not self.model.exhausted or not cursor.exhausted)

    def current_item(self) -> dict[str, Any] | None:
        """The item Edit… and Delete… act on: the selected row, or the item read by key."""
        return self.selection.current_item()

    # -- copy as -----------------------------------------------------------------
    def copy_as(self, fmt: str) -> str | None:
        """Copy the selected items (or the item read by key) in ``fmt``; returns the text."""
        from dynoview.core.errors import DynoViewError
        from dynoview.core.items.clipboard import LABELS, copy_text  # with its formats: on first use

        items = self.selected_items() or ([self.by_key_item] if self.by_key_item else [])
        info = self.info
        try:
            text = copy_text(items, fmt, info.key_names if info is not None else ())
        except DynoViewError as exc:
            self.status_changed.emit(exc.message)
            return None
        QGuiApplication.clipboard().setText(text)
        self.status_changed.emit(self.tr("Copied %Ln item(s) as {format}.", "", len(items)).format(
            format=LABELS[fmt]))
        return text

    def context_menu(self) -> QMenu:
        """The view's right-click menu for the selection as it is now."""
        from dynoview.core.items.clipboard import FORMATS, LABELS

        menu = QMenu(self.view)
        count = len(self.selected_items())
        copy_menu = menu.addMenu(self.tr(
            "Copy {count} items as").format(count=count) if count > 1 else self.tr("Copy as"))
        for fmt in FORMATS:
            copy_menu.addAction(LABELS[fmt], functools.partial(self.copy_as, fmt))
        copy_menu.setEnabled(count > 0 or self.by_key_item is not None)
        menu.addSeparator()
        self.cell_edits.add_menu_actions(menu)
        menu.addAction(self.tr("Reads of this table… (Ctrl+H)"), self.show_history)
        menu.addAction(self.tr("Copy query as code…"), self.copy_query_as_code)
        if self.info is not None:
            name = self.info.name
            menu.addAction(self.tr(
                "Open {name} in a new Items tab (another index or read)").format(name=name),
                           lambda: self.new_tab_requested.emit(name))
        menu.aboutToHide.connect(menu.deleteLater)
        return menu

    def copy_query_as_code(self) -> None:
        """The form's read as Python, AWS CLI or JavaScript (``ReadCodeDialog``); a form the
        read would refuse says why at its field instead."""
        spec, info = self.spec(), self.info
        if spec is None or info is None:
            return
        self.form.clear_errors()
        from dynoview.core.errors import DynoViewError, InputError
        from dynoview.core.reads.browse import build_request

        try:
            operation, request = build_request(info, spec)
        except (DynoViewError, InputError) as exc:
            self.form.show_error(exc.field or "", exc.message)
            return
        from dynoview.ui.codegen.read_code_dialog import ReadCodeDialog  # built on first use

        dialog = ReadCodeDialog(operation, request, self.ctx, self)
        self.code_dialog = dialog

        def finished(_code: int) -> None:
            if self.code_dialog is dialog:  # a deleted dialog's wrapper must not be kept
                self.code_dialog = None
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()

    # -- history of reads --------------------------------------------------------
    def _table_key(self) -> tuple[str, str] | None:
        conn, info = self.ctx.connection, self.info
        return (conn.spec.name, info.name) if conn is not None and info is not None else None

    def show_history(self) -> None:
        """Ctrl+H: this table's saved and recent reads, each run again from the list."""
        key = self._table_key()
        if key is None:
            return
        from dynoview.ui.items.history_dialog import ReadHistoryDialog  # built on first use

        if self.history_dialog is not None:
            self.history_dialog.close()

        def run_again(spec: BrowseSpec) -> None:
            self.load_spec(spec)
            self.run()

        dialog = ReadHistoryDialog(*key, run_again, self)
        self.history_dialog = dialog

        def finished(_code: int) -> None:
            # Forget it before Qt deletes it: the next Ctrl+H would close a deleted dialog.
            if self.history_dialog is dialog:
                self.history_dialog = None
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()

    def load_spec(self, spec: BrowseSpec) -> None:
        """Put a read back in the form (what the history runs again)."""
        self.form.load_spec(spec)

    # -- edit and delete -----------------------------------------------------------
    def edit_selected(self, whole: dict[str, Any] | None = None) -> None:
        """Edit the shown item; the change opens in the transaction builder (an account's
        protected values through the template that moves their locks). A row read from an index
        is only what the index holds (and a GSI's may be behind): the table's item is read by
        key first and edited instead (``whole``)."""
        whole = whole if isinstance(whole, dict) else None  # clicked(bool) passes False
        count = len(self.selected_items())
        if whole is None and count > 1:  # the button is off; a shortcut or the menu still asks
            self.status_changed.emit(self.tr(
                "Select one item to edit as JSON: it edits one item at a time, and %n are "
                "selected.", "", count))
            return
        item, info = whole or self.current_item(), self.info
        if item is None or info is None:
            return
        if whole is None and self.controller.index_read:
            from dynoview.ui.items.base_items import read_whole_item

            conn = self.ctx.connection  # the item read is edited only where it was read
            read_whole_item(self.ctx, info, item, lambda whole: self.edit_selected(whole) if (
                self.ctx.connection is conn and self.info is info) else None)
            return
        from dynoview.ui.items.edit_dialog import ItemEditDialog

        # The item's own table's rules (an extra Items tab shows another table than the main one).
        dialog = ItemEditDialog(item, self, schema=self.ctx.schema_for(info.name, info), info=info,
                                ctx=self.ctx)
        self.edit_dialog = dialog
        opened_on = _edits_on_its_connection(self.ctx, dialog)

        def finished(code: int) -> None:
            if self.edit_dialog is dialog:
                self.edit_dialog = None
            if code and dialog.item is not None and opened_on.stale:  # accepted all the same
                self.status_changed.emit(self.tr(
                    "The edit was not opened in the builder: the item was read on {then}. "
                    "{window}").format(then=opened_on.opened_text(), window=opened_on.window_text()))
            elif code and dialog.item is not None:
                self.ctx.edit_requested.emit(info, item, dialog.item)
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()

    def delete_selected(self) -> None:
        """Delete the shown item through the builder: an account with its locks, a lock
        through the release form, anything else as a Delete guarded on the values shown. With
        several rows selected (Delete… is off), the Del key says so and deletes none of them."""
        count = len(self.selected_items())
        if count > 1:
            self.status_changed.emit(self.tr(
                "Select one item to delete: Delete… deletes one item at a time, and %n are "
                "selected. Nothing was deleted.", "", count))
            return
        item, info = self.current_item(), self.info
        if item is None or info is None:
            return
        self.ctx.delete_requested.emit(info, item)

    # -- items by key --------------------------------------------------------------
    def open_key(self, key: dict[str, Any]) -> None:
        """Show the item with this key: its row when it is on the page, else read it by key
        (a strongly consistent GetItem) and show it in the detail pane."""
        if self.selection.select_key(key) or self.info is None or self.ctx.reader is None:
            return
        self.selection.reading_key(key)
        self.controller.read_key(self.info, key)

    # -- after the builder wrote ------------------------------------------------
    def _items_written(self, written: list[WrittenKey]) -> None:
        """Read the items a transaction touched and show them as they are now."""
        info = self.info
        keys = [w.key for w in written if info is not None and w.table == info.name]
        if keys and info is not None and self.ctx.reader is not None:
            self.controller.reread(info, keys)

    def _reread(self, read_for: ReadFor, fresh: Fresh) -> None:
        # Rows match by key alone: another table's (or connection's) items would overwrite
        # and remove this table's rows with the same keys.
        if read_for.still(self.ctx, self.info):
            self._not_on_page += self.selection.apply_fresh(fresh)
            self._report_progress()


def _edits_on_its_connection(ctx: AppContext, dialog: ItemEditDialog) -> OpenedOn:
    """The Edit item dialog's item is of the connection it opened on: after File → Connect…
    elsewhere, its "Open in builder" turns off and the dialog says why (the builder of the new
    connection would write the item of the same key there). The text typed stays to copy."""
    from dynoview.ui.transfer.opened_on import OpenedOn  # with the first Edit…

    opened_on = OpenedOn(ctx, dialog)

    def left() -> None:
        dialog.ok.setEnabled(False)
        dialog.error.setText(opened_on.stale_text())

    opened_on.left.connect(left)
    return opened_on


def _index_rows_note(info: TableInfo | None, index: str | None) -> str | None:
    """Why the rows are not whole items (an index's projection), for Copy to table…"""
    if not index:
        return None  # the table's own rows
    from dynoview.core.items.partial_rows import index_rows_note  # with an index read: on use

    return index_rows_note(info, index)


def commit_open_cell(panel: ItemsPanel) -> None:
    """A value typed in an open cell editor and not entered yet is staged, not dropped, when the
    window closes (Ctrl+Q and the title bar's close move no focus out of the editor)."""
    if panel._cell_edits is not None:
        panel._cell_edits.delegate.commit_open()
