"""Table model over pages of items: lossless cells, TTL status, lazy paging.

Columns are the key attributes first, then every other attribute in the
order it was first seen. ``canFetchMore``/``fetchMore`` ask the controller
for the next page; rows arrive on the UI thread through ``append_page``, as a ``RowBlock``
decoded in a worker (or as items, which are encoded here: PartiQL's small pages).

Rows are kept compact (``ui.items.rows``: each item's JSON bytes; 165 bytes held per loaded
row of the article's accounts and locks, 1,250 as dicts: benchmarks/browse_throughput.py) and
a cell decodes its row when painted; a small cache holds the rows painted last. A page's work
on the UI thread is proportional to the page, never to what is loaded; a sort of many rows
runs in the worker pool through ``sorter`` (set by the controller).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from dynoview.core.edits.staging import CellChange
from dynoview.core.reads.browse import column_order
from dynoview.core.reads.rows import RowBlock, RowShape, block_from_items, decode_row
from dynoview.core.session.tables import TableInfo
from dynoview.core.ttl.expiry import EXPIRED, NEVER, PENDING, TtlState, ttl_state
from dynoview.core.values.display import display_text
from dynoview.core.values.types import type_code
from dynoview.ui.items.rows import KINDS, TTL_STATUS_COLUMN, LoadedRows, Sorter, SortJob, row_shape
from dynoview.ui.items.staged_look import staged_role

__all__ = ["TTL_STATUS_COLUMN", "ItemRole", "ItemsModel", "RawValueRole", "TtlStateRole"]

RawValueRole = Qt.ItemDataRole.UserRole + 1  # the low-level AttributeValue of a cell
ItemRole = Qt.ItemDataRole.UserRole + 2  # the whole item of the row
TtlStateRole = Qt.ItemDataRole.UserRole + 3

EXPIRED_BACKGROUND = QColor(255, 214, 214)
NEVER_BACKGROUND = QColor(255, 240, 200)
CACHE_ROWS = 512  # decoded rows kept: a screenful of cells reads each row many times
SYNC_SORT_ROWS = 2000  # up to this many loaded rows a sort runs at once (under 10 ms); more: in the pool

_Index = QModelIndex | QPersistentModelIndex
# One shared state for every row of a table without TTL (frozen, so sharing is safe).
NO_TTL = TtlState("none")
_ROLES = {Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.BackgroundRole,
          Qt.ItemDataRole.ForegroundRole, RawValueRole, ItemRole, TtlStateRole}


class StagedLookup(Protocol):
    """The cells staged in the Items tab (``ui.items.staging``), as the model paints them."""

    @property
    def active(self) -> bool: ...  # anything staged at all (most of the time: nothing)

    def cell(self, item: Mapping[str, Any], column: str) -> CellChange | None: ...


class ItemsModel(QAbstractTableModel):
    """Rows of low-level items with one column per attribute."""

    more_requested = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._table: TableInfo | None = None
        self._rows = LoadedRows()
        self._seen: list[str] = []
        self._seen_set: set[str] = set()
        self._columns: list[str] = []
        # Plain state the controller sets: the table is read to its end; a page is on its way
        # (fetchMore asks for no more meanwhile).
        self.exhausted = True
        self.loading = False
        self._items: dict[int, dict[str, Any]] = {}  # decoded rows, by loaded index
        self._states: dict[int, TtlState] = {}
        self.now: datetime | None = None  # fixed clock for tests; None means real time
        self.sorter: Sorter | None = None  # runs a large SortJob off the UI thread
        self._sorting: SortJob | None = None  # the job ``sorter`` runs now
        # Cells staged for edit (marked, shown with their new value); None: the model is not
        # edited in place (PartiQL's results), and no cell is editable.
        self.staging: StagedLookup | None = None

    # -- state -------------------------------------------------------------
    def reset(self, table: TableInfo | None) -> None:
        self.beginResetModel()
        self._table = table
        hide = self._rows.hide_expired
        self._rows = LoadedRows()
        self._rows.set_hide_expired(hide)
        self._sorting = None
        self._forget()
        self._seen, self._seen_set = [], set()
        self._columns = list(table.key_names) if table else []
        self.exhausted = table is None
        self.loading = False
        self.endResetModel()

    def row_shape(self) -> RowShape:
        """What a worker computes per row while decoding a page for this model."""
        return row_shape(self._table, self.now)

    @property
    def ttl_attribute(self) -> str | None:
        return self._table.ttl_attribute if self._table and self._table.ttl_enabled else None

    @property
    def loaded_count(self) -> int:
        return len(self._rows)

    @property
    def hidden_count(self) -> int:
        return len(self._rows) - self._rows.shown

    def set_hide_expired(self, hide: bool) -> None:
        """Filter expired-but-present items at read time (they are still in the table)."""
        if hide == self._rows.hide_expired:
            return
        self.beginResetModel()
        self._rows.set_hide_expired(hide)
        self.endResetModel()

    def _forget(self) -> None:
        self._items.clear()
        self._states.clear()

    def _columns_with(self, names: Sequence[str]) -> list[str] | None:
        """The columns once ``names`` are shown, or None when they bring no new attribute."""
        new_names = [n for n in names if n not in self._seen_set]
        if not new_names:
            return None
        self._seen_set.update(new_names)
        self._seen.extend(new_names)
        if self._table is None:
            return list(self._seen)  # no table behind the rows (a PartiQL projection): as first seen
        columns = column_order(self._table, self._seen)
        if self.ttl_attribute:
            # Expiry is what users look for first in a TTL table: right after the keys.
            at = len(self._table.key_names)
            if self.ttl_attribute in columns:
                columns.remove(self.ttl_attribute)
                columns.insert(at, self.ttl_attribute)
            columns.insert(at, TTL_STATUS_COLUMN)
        return columns

    def append_page(self, items: RowBlock | Sequence[dict[str, Any]], exhausted: bool) -> None:
        """Add a page of items (or a block of compact rows); new attributes become new columns."""
        block = items if isinstance(items, RowBlock) else block_from_items(list(items), self.row_shape())
        self.loading = False
        self.exhausted = exhausted
        columns = self._columns_with(block.names)
        if columns is not None and columns != self._columns:
            self.beginResetModel()
            self._columns = columns
            self._rows.append(block)
            self.endResetModel()
        else:
            start, count = self._rows.shown, self._rows.visible_in(block)
            if count:
                self.beginInsertRows(QModelIndex(), start, start + count - 1)
            self._rows.append(block)
            if count:
                self.endInsertRows()
        if self._rows.needs_sort:
            self._sort_rows()  # the new rows join the sorted order; selection and scroll stay

    def item(self, row: int) -> dict[str, Any]:
        """The item shown at ``row``, decoded afresh (the caller may keep or change it)."""
        return decode_row(self._rows.rows[self._rows.index(row)])

    def items(self) -> list[dict[str, Any]]:
        """Every shown item, in the order shown."""
        return [self.item(row) for row in range(self._rows.shown)]

    def row_of(self, key: Mapping[str, Any]) -> int | None:
        """The shown row of the item with this primary key, if it is loaded and shown."""
        index = self._find(key)
        return None if index is None else self._rows.shown_row(index)

    def _find(self, key: Mapping[str, Any]) -> int | None:
        return self._rows.find(dict(key), self._table.key_names if self._table else ())

    def replace_item(self, key: Mapping[str, Any], item: dict[str, Any] | None) -> bool:
        """Show an item as it is now, after a write (None: it was deleted). False when the
        item is not among the loaded ones (a new item is not inserted into a page)."""
        index = self._find(key)
        if index is None:
            return False
        row = self._rows.shown_row(index)
        self._forget()
        if item is None:
            self._change_rows(row, lambda: self._rows.delete(index))
            return True
        block = block_from_items([item], self.row_shape())
        hidden = self._rows.hide_expired and KINDS[block.flags[0]] == EXPIRED

        def replace() -> None:
            self._rows.replace(index, block.rows[0], block.digests[0], block.flags[0], block.clock)
            if hidden and row is not None:
                self._rows.hide(index)

        columns = self._columns_with(block.names)
        if columns is not None and columns != self._columns:
            self.beginResetModel()  # a new attribute: a new column
            self._columns = columns
            replace()
            self.endResetModel()
        elif hidden:
            self._change_rows(row, replace)
        else:
            replace()
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, max(0, len(self._columns) - 1)))
        if self._rows.needs_sort:
            self._sort_rows()
        return True

    def _change_rows(self, removed: int | None, change: Callable[[], None]) -> None:
        """Run ``change``, which removes the shown row ``removed`` (if shown) from the view."""
        if removed is None:
            change()
            return
        self.beginRemoveRows(QModelIndex(), removed, removed)
        change()
        self.endRemoveRows()

    def ttl_of(self, row: int) -> TtlState:
        return self._state(self._rows.index(row))

    def _item(self, index: int) -> dict[str, Any]:
        """A loaded row, decoded (cached: a painted row is read once per cell and role)."""
        item = self._items.get(index)
        if item is None:
            if len(self._items) >= CACHE_ROWS:
                self._items.clear()
            item = self._items[index] = decode_row(self._rows.rows[index])
        return item

    def _state(self, index: int) -> TtlState:
        attr = self.ttl_attribute
        if attr is None or not self._rows.flags[index]:
            return NO_TTL  # no TTL attribute on the table, or none on this item
        state = self._states.get(index)
        if state is None:
            if len(self._states) >= CACHE_ROWS:
                self._states.clear()
            state = self._states[index] = ttl_state(self._item(index).get(attr),
                                                    self._rows.clock(index))
        return state

    # -- sorting the loaded rows ----------------------------------------------------
    @property
    def sort_column(self) -> tuple[str, bool] | None:
        """(column, descending) the rows are sorted by, or None for the order read."""
        return self._rows.sort

    def set_sort(self, column: str | None, descending: bool = False) -> None:
        """Sort the loaded rows by a column (None: back to the order DynamoDB returned).
        Only what is loaded is sorted: a Scan has no order, a Query one by its sort key.
        Many rows are sorted in the pool: the order changes when the sort is done."""
        wanted = (column, descending) if column else None
        if wanted == self._rows.sort:
            return
        if wanted is None:
            self._relayout(lambda: self._rows.set_sort(None))
            return
        self._rows.set_sort(wanted)
        if self._rows.needs_sort:
            self._sort_rows()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(self._columns):
            self.set_sort(self._columns[column], order == Qt.SortOrder.DescendingOrder)

    def _sort_rows(self) -> None:
        """Sort now when few rows are loaded, else hand the job to ``sorter`` (one at a time:
        rows that arrive while a job runs are merged by the next one, when it is done)."""
        if self.sorter is None or len(self._rows) <= SYNC_SORT_ROWS:
            job = self._rows.sort_job(self.ttl_attribute)
            self.apply_sort(job, job.run())
            return
        if self._sorting is not None and self._rows.is_current(self._sorting):
            return
        self._sorting = self._rows.sort_job(self.ttl_attribute)
        self.sorter(self._sorting)

    def drop_sort(self, job: SortJob) -> None:
        """A job ``sorter`` could not finish: it no longer holds the next one back."""
        if job is self._sorting:
            self._sorting = None

    def apply_sort(self, job: SortJob, result: Any) -> None:
        """Show a finished sort (ignored when stale); rows that came meanwhile join next."""
        if job is self._sorting:
            self._sorting = None
        if self._rows.is_current(job):
            self._relayout(lambda: self._rows.apply_sort(job, result))
        if self._rows.needs_sort:
            self._sort_rows()

    def _relayout(self, change: Callable[[], object]) -> None:
        """Re-order the rows as a layout change, so the view keeps selection and scrolling."""
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        rows = self._rows
        shown = rows.shown
        loaded = [rows.index(i.row()) if 0 <= i.row() < shown else None for i in before]
        change()
        new_rows: dict[int, int | None] = {}
        after = []
        for index, old in zip(loaded, before, strict=True):
            if index is not None and index not in new_rows:
                new_rows[index] = rows.shown_row(index)
            row = new_rows.get(index) if index is not None else None
            after.append(self.index(row, old.column()) if row is not None else QModelIndex())
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def columns(self) -> list[str]:
        return list(self._columns)

    # -- Qt model API --------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows.shown

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            name = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:  # the computed column's name is also its key
                return self.tr("TTL status") if name == TTL_STATUS_COLUMN else name
            if role == Qt.ItemDataRole.FontRole and self._table and name in self._table.key_names:
                font = QFont()
                font.setBold(True)
                return font
            if role == Qt.ItemDataRole.ToolTipRole:
                if name == TTL_STATUS_COLUMN:
                    return ("Expiry computed at read time: DynamoDB deletes expired items in the "
                            "background, typically within days, so they stay readable until then.")
                if self._table and name in self._table.key_names:
                    return self.tr("{name}: key attribute").format(name=name)
                return name
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ROLES or not index.isValid():
            return None  # the roles asked for most (font, alignment, decoration) need no decode
        loaded = self._rows.index(index.row())
        name = self._columns[index.column()]
        kind = KINDS[self._rows.flags[loaded]]
        if self.staging is not None and self.staging.active and role not in (RawValueRole, ItemRole):
            change = self.staging.cell(self._item(loaded), name)
            if change is not None:
                return staged_role(change, role)
        if role == Qt.ItemDataRole.BackgroundRole:
            if kind == EXPIRED:
                return QBrush(EXPIRED_BACKGROUND)
            if kind == NEVER and name == TTL_STATUS_COLUMN:
                return QBrush(NEVER_BACKGROUND)
            return None
        # Dark text only where a pale background is drawn: a "never" row's other cells keep
        # the palette's text (dark on the dark theme's base was unreadable).
        if role == Qt.ItemDataRole.ForegroundRole:
            if kind == EXPIRED or (kind == NEVER and name == TTL_STATUS_COLUMN):
                return QBrush(QColor(40, 0, 0))
            return None
        if role == ItemRole:
            return self.item(index.row())
        if name == TTL_STATUS_COLUMN:
            state = self._state(loaded)
            if role == Qt.ItemDataRole.DisplayRole:
                return state.short
            if role == Qt.ItemDataRole.ToolTipRole:
                tip = state.dates()
                return "\n".join(t for t in (state.text, tip, state.reason) if t) or None
            if role == TtlStateRole:
                return state
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(loaded, name)
        av = self._item(loaded).get(name)
        if role == RawValueRole:
            return av
        if role == Qt.ItemDataRole.ToolTipRole and av is not None:
            tip = f"{type_code(av)}: {display_text(av, limit=2000)}"
            if name == self.ttl_attribute and kind in {PENDING, EXPIRED}:
                tip += "\n" + self._state(loaded).dates()
            return tip
        return None

    def _text(self, loaded: int, name: str) -> str:
        """A cell's text (the TTL status column's too)."""
        if name == TTL_STATUS_COLUMN:
            return self._state(loaded).short
        av = self._item(loaded).get(name)
        return display_text(av) if av is not None else ""

    def display_texts(self, column: int, first: int, count: int) -> list[str]:
        """The texts of ``count`` shown rows from ``first`` in a column, in one call."""
        name = self._columns[column]
        rows = self._rows
        return [self._text(rows.index(row), name) for row in range(first, min(first + count, rows.shown))]

    def flags(self, index: _Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if self.staging is not None and index.isValid() and self._table is not None:
            name = self._columns[index.column()]
            if name != TTL_STATUS_COLUMN and name not in self._table.key_names:
                flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def staged_changed(self) -> None:
        """The staged cells changed: every shown cell may paint differently."""
        if self._rows.shown and self._columns:
            self.dataChanged.emit(self.index(0, 0), self.index(self._rows.shown - 1, len(self._columns) - 1))

    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and not self.exhausted and not self.loading

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008
        if self.canFetchMore(parent):
            self.loading = True
            self.more_requested.emit()
