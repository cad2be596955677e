"""Edit in place in the Items tab: F2 or a double click on a cell opens its editor (the cell
editor for S, N, B, BOOL and NULL; the set and document dialogs for SS/NS/BS, L and M, and the
text dialog for an S or B value too long for a line), the
value is staged (``CellStaging``), staged cells are marked, and the "Staged changes (n)" pane
sends them as one guarded transaction through the builder. Edit as JSON… (the whole item) stays.

``CellEdits`` wires these parts onto an ``ItemsPanel``; the panel only makes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemView, QDialog, QMenu, QSplitter

from dynoview.core.drafts.dialog_texts import Subject, value_subject
from dynoview.core.drafts.store import DraftStore
from dynoview.core.edits.cell_text import cell_text
from dynoview.core.edits.staging import CellChange, check_cell
from dynoview.core.values.types import SET_TYPES, type_code
from dynoview.ui.items.cell_editor import LONG_VALUE, CellDelegate, Typed
from dynoview.ui.items.model import RawValueRole
from dynoview.ui.items.rows import TTL_STATUS_COLUMN
from dynoview.ui.items.staged_pane import StagedPane
from dynoview.ui.items.staging import shared
from dynoview.ui.items.value_dialogs import DocumentEditorDialog, SetEditorDialog, TextEditorDialog
from dynoview.ui.kept_text import connection_of

_Index = QModelIndex | QPersistentModelIndex


class CellEdits(QObject):
    """The cell editors, the staged pane and the marked cells of one Items panel; the staged
    set is the window's (``staging.shared``), the same in every Items tab."""

    def __init__(self, panel: Any, store: DraftStore | None = None) -> None:
        super().__init__(panel)
        self.panel = panel
        self.view, self.model = panel.view, panel.model
        self.staging = shared(panel.ctx, store)
        self.delegate = CellDelegate(self._stage_index, self.value_of, self.view)
        self.view.setItemDelegate(self.delegate)
        # Edits start only here (F2, a double click), so a refusal is said, never silent.
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.doubleClicked.connect(self.edit)
        self.model.staging = self
        # A page or a re-read item bringing a new attribute resets the model, and Qt's reset drops
        # an open editor uncommitted: keep what it holds and open it again on the same item.
        self._kept: tuple[dict[str, Any], str, Typed] | None = None
        self.model.reshaping.connect(self._keep_editor)
        self.model.reshaped.connect(self._reopen_editor)
        self.pane = StagedPane()
        # Under the rows, in the panel's splitter: at 1024 x 700 the user chooses rows or staged lines.
        self.split: QSplitter = panel.rows_split
        self.split.addWidget(self.pane)
        self.split.setStretchFactor(0, 1)
        self.split.setStretchFactor(1, 0)
        self.dialog: QDialog | None = None  # the open set, document or long text editor
        undo = QShortcut(QKeySequence("Ctrl+Z"), panel, self.staging.undo)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.pane.undo_requested.connect(self.staging.undo)
        self.pane.discard_requested.connect(lambda cell: self.staging.discard(*cell))
        self.pane.discard_all_requested.connect(self.staging.discard_all)
        self.pane.review_requested.connect(self.review)
        # Bound methods, not lambdas: an extra Items tab goes, and these go with it.
        self.staging.changed.connect(self.refresh)
        self.staging.status.connect(panel.status_changed)
        panel.ctx.connection_changed.connect(self.refresh)
        panel.ctx.schema_changed.connect(self.refresh)
        self.refresh()

    # ---------------------------------------------------------------- what the model asks

    @property
    def active(self) -> bool:
        return self.staging.active

    def cell(self, item: Mapping[str, Any], column: str) -> CellChange | None:
        info = self.panel.info
        return self.staging.cell(info, item, column) if info is not None else None

    def review(self) -> None:
        self.staging.review(self.panel.info)

    def refresh(self, *_changed: object) -> None:
        """The pane and the marked cells, as the staged set is now."""
        staging = self.staging
        shown = self.pane.isVisibleTo(self.panel)
        # Each table's lock moves by its own rules (AppContext.schema_for), not the main tab's.
        self.pane.show_edits(staging.edits, self.panel.ctx.schema_for, error=staging.error,
                             note=staging.note, sendable=staging.on_this_connection)
        if not shown and self.pane.isVisibleTo(self.panel):
            # Appearing: its own height, at most a third of the room (the rows keep the rest).
            total = sum(self.split.sizes())
            height = min(self.pane.sizeHint().height(), total // 3)
            if total > height > 0:
                self.split.setSizes([total - height, height])
        self.model.staged_changed()

    # ---------------------------------------------------------------- starting an edit

    def column(self, index: _Index) -> str:
        return self.model.columns()[index.column()]

    def value_of(self, index: _Index) -> dict[str, Any] | None:
        """The value an editor starts from: the staged one, else the one read."""
        change = self.cell(self.model.item(index.row()), self.column(index))
        if change is not None:
            return change.new if change.new is not None else None
        value = self.model.data(index, RawValueRole)
        return value if isinstance(value, dict) else None

    def edit_current(self) -> None:
        """F2: edit the current cell."""
        self.edit(self.view.currentIndex())

    def refusal(self, index: _Index) -> str | None:
        """Why this cell cannot be edited, or None."""
        reason = self.staging.refusal()
        info = self.panel.info
        if reason is not None or not index.isValid() or info is None:
            return reason or self.tr("Pick a cell to edit first.")
        name = self.column(index)
        if name == TTL_STATUS_COLUMN:
            return self.tr("The TTL status is worked out by DynoView, not stored: edit the TTL "
                           "attribute {name} instead.").format(name=info.ttl_attribute or "")
        return check_cell(info, None, {}, name, None, None)

    def edit(self, index: _Index) -> None:
        """Open the cell's editor, or say in the status line why it cannot be edited."""
        reason = self.refusal(index)
        if reason is not None:
            self.panel.status_changed.emit(reason)
            return
        self.staging.error = ""
        value, name = self.value_of(index), self.column(index)
        code = type_code(value) if value is not None else None
        # A long string or binary value shows a sliver on a line: it opens on several lines.
        long_text = value is not None and code in ("S", "B") and len(cell_text(value)) > LONG_VALUE
        if value is None or (code not in SET_TYPES | {"L", "M"} and not long_text):
            self.view.setCurrentIndex(index)
            self.view.edit(index)
            return
        item = self.model.item(index.row())
        dialog_class = (SetEditorDialog if code in SET_TYPES else
                        TextEditorDialog if long_text else DocumentEditorDialog)
        info = self.panel.info
        dialog = dialog_class(name, value,
                              lambda c, text: self.staging.stage_text(info, item, name, c, text), self.view,
                              subject=self._subject(item, name), tell=self.panel.ctx.status_message.emit)
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()

    def _keep_editor(self) -> None:
        """A reset is coming: the open editor's item (the rows are still as they were), its
        attribute and what it holds."""
        editor, index = self.delegate.editor, self.delegate.index
        if editor is not None and editor.isVisible() and index.isValid():
            self._kept = (self.model.item(index.row()), self.column(index), editor.typed())

    def _reopen_editor(self) -> None:
        """The reset is done: the kept editor opens again on its item, found by its key, with
        what it held; an item no longer shown (hidden as expired) gets it staged, as leaving
        the cell would (or is told why not)."""
        kept, self._kept = self._kept, None
        info = self.panel.info
        if kept is None or info is None:
            return
        item, name, typed = kept
        row, columns = self.model.row_of(info.key_of(item)), self.model.columns()
        if row is None or name not in columns:
            if not typed.untouched:
                self.staging.stage_text(info, item, name, typed.code, typed.text)
            return
        index = self.model.index(row, columns.index(name))
        self.view.setCurrentIndex(index)
        self.view.edit(index)
        editor = self.delegate.editor
        if editor is not None:
            editor.retype(typed)

    def _subject(self, item: Mapping[str, Any], attribute: str) -> Subject | None:
        """What a value editor's unsent text is kept under: the window's connection, the table,
        the item's key and the attribute (None: not tied to a connected table's item)."""
        connection, info = connection_of(self.panel.ctx), self.panel.info
        key = info.key_of(dict(item)) if info is not None else {}
        if connection is None or info is None or len(key) != len(info.key_names):
            return None
        return value_subject(connection, info.name, key, attribute)

    def _stage_index(self, index: _Index, code: str, text: str) -> None:
        self.staging.stage_text(self.panel.info, self.model.item(index.row()), self.column(index), code, text)

    def remove_current(self) -> None:
        """Stage the removal of the current cell's attribute."""
        index = self.view.currentIndex()
        reason = self.refusal(index)
        if reason is not None:
            self.panel.status_changed.emit(reason)
            return
        self.staging.stage_value(self.panel.info, self.model.item(index.row()), self.column(index), None)

    def add_menu_actions(self, menu: QMenu) -> None:
        """The view's right-click menu: edit or remove the current cell."""
        index = self.view.currentIndex()
        enabled = self.refusal(index) is None
        name = self.column(index) if index.isValid() else ""
        edit = menu.addAction(self.tr("Edit {name} in place (F2)").format(name=name) if name
                              else self.tr("Edit cell in place (F2)"), self.edit_current)
        remove = menu.addAction(self.tr("Stage removal of {name}").format(name=name) if name
                                else self.tr("Stage removal of the attribute"), self.remove_current)
        for action in (edit, remove):
            action.setEnabled(enabled)
        whole = menu.addAction(self.tr("Edit as JSON…"), self.panel.edit_selected)
        whole.setEnabled(self.panel.edit_button.isEnabled())
        menu.addSeparator()
