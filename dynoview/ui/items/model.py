"""Table model over pages of items: lossless cells, TTL status, lazy paging.

Columns are the key attributes first, then every other attribute in the
order it was first seen. ``canFetchMore``/``fetchMore`` ask the controller
for the next page; rows arrive on the UI thread through ``append_page``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from dynoview.core.reads.browse import column_order
from dynoview.core.reads.columns import sorted_rows
from dynoview.core.session.tables import TableInfo
from dynoview.core.ttl.expiry import EXPIRED, NEVER, PENDING, TtlState, ttl_state
from dynoview.core.values.display import display_text
from dynoview.core.values.types import type_code

RawValueRole = Qt.ItemDataRole.UserRole + 1  # the low-level AttributeValue of a cell
ItemRole = Qt.ItemDataRole.UserRole + 2  # the whole item of the row
TtlStateRole = Qt.ItemDataRole.UserRole + 3

TTL_STATUS_COLUMN = "TTL status"
EXPIRED_BACKGROUND = QColor(255, 214, 214)
NEVER_BACKGROUND = QColor(255, 240, 200)

_Index = QModelIndex | QPersistentModelIndex
# One shared state for every row of a table without TTL (frozen, so sharing is safe): a state
# per row would be one more object per row for the cyclic collector to walk.
NO_TTL = TtlState("none")


class ItemsModel(QAbstractTableModel):
    """Rows of low-level items with one column per attribute."""

    more_requested = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._table: TableInfo | None = None
        self._all: list[dict[str, Any]] = []
        self._rows: list[dict[str, Any]] = []
        self._ttl: list[TtlState] = []
        self._seen: list[str] = []
        self._seen_set: set[str] = set()
        self._columns: list[str] = []
        self._exhausted = True
        self._loading = False
        self._hide_expired = False
        self._sort: tuple[str, bool] | None = None  # (column, descending) over the loaded rows
        self.now: datetime | None = None  # fixed clock for tests; None means real time

    # -- state -------------------------------------------------------------
    def reset(self, table: TableInfo | None) -> None:
        self.beginResetModel()
        self._table = table
        self._all, self._rows, self._ttl = [], [], []
        self._seen, self._seen_set = [], set()
        self._columns = list(table.key_names) if table else []
        self._exhausted = table is None
        self._loading = False
        self._sort = None  # a view that keeps a sort per table sets it again (items_columns)
        self.endResetModel()

    @property
    def ttl_attribute(self) -> str | None:
        return self._table.ttl_attribute if self._table and self._table.ttl_enabled else None

    @property
    def exhausted(self) -> bool:
        return self._exhausted

    @property
    def loaded_count(self) -> int:
        return len(self._all)

    @property
    def hidden_count(self) -> int:
        return len(self._all) - len(self._rows)

    def set_loading(self, loading: bool) -> None:
        self._loading = loading

    def set_exhausted(self, exhausted: bool) -> None:
        self._exhausted = exhausted

    def set_hide_expired(self, hide: bool) -> None:
        """Filter expired-but-present items at read time (they are still in the table)."""
        if hide == self._hide_expired:
            return
        self.beginResetModel()
        self._hide_expired = hide
        self._rows, self._ttl = [], []
        self._add_rows(self._all)
        self._sort_rows()
        self.endResetModel()

    def _state(self, item: dict[str, Any]) -> TtlState:
        attr = self.ttl_attribute
        if attr is None:
            return NO_TTL
        return ttl_state(item.get(attr), self.now or datetime.now(UTC))

    def _add_rows(self, items: list[dict[str, Any]]) -> None:
        for item in items:
            state = self._state(item)
            if self._hide_expired and state.kind == EXPIRED:
                continue
            self._rows.append(item)
            self._ttl.append(state)

    def _columns_with(self, items: list[dict[str, Any]]) -> list[str] | None:
        """The columns once ``items`` are shown, or None when they bring no new attribute."""
        new_names = [n for item in items for n in item if n not in self._seen_set]
        for name in new_names:
            if name not in self._seen_set:
                self._seen_set.add(name)
                self._seen.append(name)
        if not new_names:
            return None
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

    def append_page(self, items: list[dict[str, Any]], exhausted: bool) -> None:
        """Add a page of items; new attributes become new columns."""
        self._loading = False
        self._exhausted = exhausted
        columns = self._columns_with(items)
        if columns is not None and columns != self._columns:
            self.beginResetModel()
            self._columns = columns
            self._all.extend(items)
            self._add_rows(items)
            self._sort_rows()
            self.endResetModel()
            return
        self._all.extend(items)
        start = len(self._rows)
        visible = [i for i in items
                   if not (self._hide_expired and self._state(i).kind == EXPIRED)]
        if not visible:
            return
        self.beginInsertRows(QModelIndex(), start, start + len(visible) - 1)
        self._add_rows(visible)
        self.endInsertRows()
        if self._sort is not None:
            self._resort()  # the new page joins the sorted order; selection and scroll stay

    def item(self, row: int) -> dict[str, Any]:
        return self._rows[row]

    def row_of(self, key: Mapping[str, Any]) -> int | None:
        """The shown row of the item with this primary key, if it is loaded and shown."""
        for row, item in enumerate(self._rows):
            if all(item.get(k) == v for k, v in key.items()):
                return row
        return None

    def replace_item(self, key: Mapping[str, Any], item: dict[str, Any] | None) -> bool:
        """Show an item as it is now, after a write (None: it was deleted). False when the
        item is not among the loaded ones (a new item is not inserted into a page)."""
        loaded = next((i for i, old in enumerate(self._all)
                       if all(old.get(k) == v for k, v in key.items())), None)
        if loaded is None:
            return False
        if item is None:
            del self._all[loaded]
        else:
            self._all[loaded] = item
        row = self.row_of(key)
        columns = self._columns_with([item]) if item is not None else None
        if columns is not None and columns != self._columns:
            self.beginResetModel()  # a new attribute: a new column
            self._columns = columns
            self._rows, self._ttl = [], []
            self._add_rows(self._all)
            self._sort_rows()
            self.endResetModel()
            return True
        hidden = item is not None and self._hide_expired and self._state(item).kind == EXPIRED
        if row is not None and (item is None or hidden):
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._rows[row]
            del self._ttl[row]
            self.endRemoveRows()
        elif row is not None and item is not None:
            self._rows[row] = item
            self._ttl[row] = self._state(item)
            self.dataChanged.emit(self.index(row, 0), self.index(row, max(0, len(self._columns) - 1)))
        return True

    def ttl_of(self, row: int) -> TtlState:
        return self._ttl[row]

    # -- sorting the loaded rows ----------------------------------------------------
    @property
    def sort_column(self) -> tuple[str, bool] | None:
        """(column, descending) the rows are sorted by, or None for the order read."""
        return self._sort

    def set_sort(self, column: str | None, descending: bool = False) -> None:
        """Sort the loaded rows by a column (None: back to the order DynamoDB returned).
        Only what is loaded is sorted: a Scan has no order, a Query one by its sort key."""
        wanted = (column, descending) if column else None
        if wanted != self._sort:
            self._sort = wanted
            self._resort()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(self._columns):
            self.set_sort(self._columns[column], order == Qt.SortOrder.DescendingOrder)

    def _sort_rows(self) -> None:
        """Put ``_rows``/``_ttl`` in the chosen order (no signals: the caller sends them)."""
        states = dict(zip(map(id, self._rows), self._ttl, strict=True))
        if self._sort is None:
            self._rows = [item for item in self._all if id(item) in states]
        elif self._sort[0] == TTL_STATUS_COLUMN:
            # By expiry time; items that never expire stay last either way, as missing values do.
            expiry = {id(i): at for i in self._rows if (at := states[id(i)].expires_at) is not None}
            timed = sorted((i for i in self._rows if id(i) in expiry), key=lambda i: expiry[id(i)],
                           reverse=self._sort[1])
            self._rows = timed + [i for i in self._rows if id(i) not in expiry]
        else:
            order = sorted_rows(self._rows, *self._sort)
            self._rows = [self._rows[i] for i in order]
        self._ttl = [states[id(item)] for item in self._rows]

    def _resort(self) -> None:
        """Re-order the rows as a layout change, so the view keeps selection and scrolling."""
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        items = [self._rows[i.row()] if 0 <= i.row() < len(self._rows) else None for i in before]
        self._sort_rows()
        rows = {id(item): r for r, item in enumerate(self._rows)}
        after = [self.index(rows[id(item)], i.column()) if item is not None and id(item) in rows
                 else QModelIndex() for item, i in zip(items, before, strict=True)]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def columns(self) -> list[str]:
        return list(self._columns)

    # -- Qt model API --------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            name = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return name
            if role == Qt.ItemDataRole.FontRole and self._table and name in self._table.key_names:
                font = QFont()
                font.setBold(True)
                return font
            if role == Qt.ItemDataRole.ToolTipRole:
                if name == TTL_STATUS_COLUMN:
                    return ("Expiry computed at read time: DynamoDB deletes expired items in the "
                            "background, typically within days, so they stay readable until then.")
                if self._table and name in self._table.key_names:
                    return f"{name}: key attribute"
                return name
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        item = self._rows[row]
        name = self._columns[col]
        state = self._ttl[row]
        if name == TTL_STATUS_COLUMN:
            if role == Qt.ItemDataRole.DisplayRole:
                return state.short
            if role == Qt.ItemDataRole.ToolTipRole:
                tip = state.dates()
                return "\n".join(t for t in (state.text, tip, state.reason) if t) or None
            if role == TtlStateRole:
                return state
        else:
            av = item.get(name)
            if role == Qt.ItemDataRole.DisplayRole:
                return display_text(av) if av is not None else ""
            if role == RawValueRole:
                return av
            if role == Qt.ItemDataRole.ToolTipRole and av is not None:
                tip = f"{type_code(av)}: {display_text(av, limit=2000)}"
                if name == self.ttl_attribute and state.kind in {PENDING, EXPIRED}:
                    tip += "\n" + state.dates()
                return tip
        if role == Qt.ItemDataRole.BackgroundRole:
            if state.kind == EXPIRED:
                return QBrush(EXPIRED_BACKGROUND)
            if state.kind == NEVER and name == TTL_STATUS_COLUMN:
                return QBrush(NEVER_BACKGROUND)
        # Dark text only where a pale background is drawn: a "never" row's other cells keep
        # the palette's text (dark on the dark theme's base was unreadable).
        if role == Qt.ItemDataRole.ForegroundRole and (
                state.kind == EXPIRED or (state.kind == NEVER and name == TTL_STATUS_COLUMN)):
            return QBrush(QColor(40, 0, 0))
        if role == ItemRole:
            return item
        return None

    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and not self._exhausted and not self._loading

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008
        if self.canFetchMore(parent):
            self._loading = True
            self.more_requested.emit()

