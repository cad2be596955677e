"""Table model over pages of items: lossless cells, TTL status, lazy paging.

Columns are the key attributes first, then every other attribute in the
order it was first seen. ``canFetchMore``/``fetchMore`` ask the controller
for the next page; rows arrive on the UI thread through ``append_page``, as a ``RowBlock``
decoded in a worker (or as items, which are encoded here: PartiQL's small pages).

Rows are kept compact (``ui.items.rows``: each item's JSON bytes; 165 bytes held per loaded
row of the article's accounts and locks, 1,250 as dicts: benchmarks/browse_throughput.py) and
a cell decodes its row when painted; a small cache holds the rows painted last. The view
paints a cell from ``look`` (text and colours in one call: ``ui.items.cell_paint``), other
readers use ``data``. A page's work
on the UI thread is proportional to the page, never to what is loaded; sorting is
``sorting`` (``ui.items.sorting``): a sort of many rows runs in the worker pool.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal

from dynoview.core.ttl.kinds import EXPIRED, NEVER, NOT_IN_INDEX, PENDING
from dynoview.ui.items.rows import KINDS, TTL_STATUS_COLUMN, LoadedRows, row_shape, shown_runs
from dynoview.ui.items.sorting import RowSorting
from dynoview.ui.items.staged_look import staged_role
from dynoview.ui.plain_text import plain_tooltip

if TYPE_CHECKING:
    from datetime import datetime

    # The edit code loads with edit in place, table descriptions with the connection, the row
    # code and the brushes with the first rows (``import_row_code``).
    from PySide6.QtGui import QBrush

    from dynoview.core.edits.staging import CellChange
    from dynoview.core.reads.browse import column_order
    from dynoview.core.reads.rows import RowBlock, RowShape, block_from_items, decode_row
    from dynoview.core.session.tables import TableInfo
    from dynoview.core.ttl.expiry import TtlState, ttl_state_since
    from dynoview.core.values.display import display_text
    from dynoview.core.values.types import type_code

__all__ = ["TTL_STATUS_COLUMN", "ItemRole", "ItemsModel", "RawValueRole", "TtlStateRole", "import_row_code"]

RawValueRole = Qt.ItemDataRole.UserRole + 1  # the low-level AttributeValue of a cell
ItemRole = Qt.ItemDataRole.UserRole + 2  # the whole item of the row
TtlStateRole = Qt.ItemDataRole.UserRole + 3

EXPIRED_BACKGROUND = (255, 214, 214)  # RGB
NEVER_BACKGROUND = (255, 240, 200)
CACHE_ROWS = 512  # decoded rows kept: a screenful of cells reads each row many times
CLOCK_TICK_MS = 15_000  # the TTL texts ("expires in 9 min") are said again from now this often

_Index = QModelIndex | QPersistentModelIndex
# Roles as plain ints: ``data`` compares the role it gets (an int) once per cell and role, and
# reading an enum member costs a lookup each time.
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_BACKGROUND = Qt.ItemDataRole.BackgroundRole.value
_FOREGROUND = Qt.ItemDataRole.ForegroundRole.value
_ROLES = frozenset({_DISPLAY, _TOOLTIP, _BACKGROUND, _FOREGROUND, RawValueRole, ItemRole, TtlStateRole})
# Made by ``import_row_code`` with the code above (no cell is painted before any row arrives).
_row_code = False  # ``import_row_code`` ran
NO_TTL: TtlState  # one shared state for every row of a table without TTL (frozen: safe to share)
_EXPIRED_BRUSH: QBrush
_NEVER_BRUSH: QBrush
_DARK_TEXT: QBrush
# What QAbstractTableModel.flags gives a cell, and the same for an editable one.
_READ_ONLY = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren
_EDITABLE = _READ_ONLY | Qt.ItemFlag.ItemIsEditable


def import_row_code() -> None:
    """Import the code that decodes rows and paints cells, and make the cells' brushes: with the
    first rows (``append_page``), or earlier once the window has painted (the Items panel).

    Nothing here is needed before a row arrives, and importing it (msgspec, the value display,
    TTL) and making the brushes cost some 30 ms before the window's first paint (issue 19).
    Runs on the UI thread; running it again costs a few microseconds.
    """
    global RowBlock, block_from_items, decode_row, column_order, TtlState, ttl_state_since
    global display_text, type_code, NO_TTL, _EXPIRED_BRUSH, _NEVER_BRUSH, _DARK_TEXT, _row_code
    if _row_code:
        return
    from PySide6.QtGui import QBrush, QColor

    from dynoview.core.reads.browse import column_order
    from dynoview.core.reads.rows import RowBlock, block_from_items, decode_row
    from dynoview.core.ttl.expiry import TtlState, ttl_state_since
    from dynoview.core.values.display import display_text
    from dynoview.core.values.types import type_code

    _EXPIRED_BRUSH = QBrush(QColor(*EXPIRED_BACKGROUND))
    _NEVER_BRUSH = QBrush(QColor(*NEVER_BACKGROUND))
    _DARK_TEXT = QBrush(QColor(40, 0, 0))
    NO_TTL = TtlState("none")
    _row_code = True


def _tint(kind: str, name: str) -> tuple[QBrush | None, QBrush | None]:
    """A cell's (background, foreground) for its row's TTL kind. Dark text only where a pale
    background is drawn: a "never" row's other cells keep the palette's text (dark on the
    dark theme's base was unreadable)."""
    if kind == EXPIRED:
        return _EXPIRED_BRUSH, _DARK_TEXT
    if kind == NEVER and name == TTL_STATUS_COLUMN:
        return _NEVER_BRUSH, _DARK_TEXT
    return None, None


class StagedLookup(Protocol):
    """The cells staged in the Items tab (``ui.items.staging``), as the model paints them."""

    @property
    def active(self) -> bool: ...  # anything staged at all (most of the time: nothing)

    def cell(self, item: Mapping[str, Any], column: str) -> CellChange | None: ...


class ItemsModel(QAbstractTableModel):
    """Rows of low-level items with one column per attribute."""

    more_requested = Signal()
    # Around a reset that keeps the table and its items (new columns, expired rows hidden or
    # shown): Qt's reset drops open editors uncommitted, so edit in place keeps what one holds
    # (``reshaping``, rows as they were) and opens it again on the same item (``reshaped``).
    reshaping = Signal()
    reshaped = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._table: TableInfo | None = None
        self._rows = LoadedRows()
        self._seen: list[str] = []
        self._seen_set: set[str] = set()
        self._columns: list[str] = []
        self._key_names: tuple[str, ...] = ()  # the table's, in its key's order
        # Plain state the controller sets: the table is read to its end; a page is on its way
        # (fetchMore asks for no more meanwhile).
        self.exhausted = True
        self.loading = False
        self._items: dict[int, dict[str, Any]] = {}  # decoded rows, by loaded index
        self._states: dict[int, TtlState] = {}
        # Set when the index the rows were read from leaves the TTL attribute out: a row without
        # it says nothing about expiry, and shows this state, not "no TTL" (``_state``).
        self._not_in_index: TtlState | None = None
        self.now: datetime | None = None  # fixed clock for tests; None means real time
        # Sorting the loaded rows: at once when few, in the pool (its ``sorter``) when many.
        self.sorting = RowSorting(self, lambda: self._rows, lambda: self.ttl_attribute)
        # Cells staged for edit (marked, shown with their new value); None: the model is not
        # edited in place (PartiQL's results), and no cell is editable.
        self.staging: StagedLookup | None = None
        # "expires in 5 min" counts from now, not from the read: said again on each tick.
        self._clock = QTimer(self)
        self._clock.timeout.connect(lambda: ttl_clock_moved(self))
        self._clock.start(CLOCK_TICK_MS)

    # -- state -------------------------------------------------------------
    def reset(self, table: TableInfo | None, index: str | None = None) -> None:
        """Rows of ``table`` to come, read from ``index`` (None: the table itself)."""
        self.beginResetModel()
        self._table = table
        self._not_in_index = None
        if table is not None and index:
            from dynoview.core.ttl.index_ttl import index_holds_ttl  # with an index read: on use

            if not index_holds_ttl(table, index):
                import_row_code()  # TtlState
                self._not_in_index = TtlState(NOT_IN_INDEX, text=self.tr("not in this index"), reason=self.tr(
                    "The index {index} does not hold the TTL attribute {attribute}: read the table "
                    "to see when items expire.").format(index=index, attribute=table.ttl_attribute))
        hide = self._rows.hide_expired
        self._rows = LoadedRows(self.ttl_attribute)
        self._rows.set_hide_expired(hide)
        self.sorting.forget()
        self._items.clear()
        self._states.clear()
        self._seen, self._seen_set = [], set()
        self._columns = list(table.key_names) if table else []
        self._key_names = table.key_names if table else ()
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
        _reshape(self, lambda: self._rows.set_hide_expired(hide))

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
        import_row_code()
        block = items if isinstance(items, RowBlock) else block_from_items(list(items), self.row_shape())
        self.loading = False
        self.exhausted = exhausted
        columns = self._columns_with(block.names)
        if columns is not None and columns != self._columns:
            def add_columns() -> None:
                self._columns = columns
                self._rows.append(block)

            _reshape(self, add_columns)
        else:
            start, count = self._rows.shown, self._rows.visible_in(block)
            if count:
                self.beginInsertRows(QModelIndex(), start, start + count - 1)
            self._rows.append(block)
            if count:
                self.endInsertRows()
        self.sorting.update()  # the new rows join the sorted order; selection and scroll stay

    def item(self, row: int) -> dict[str, Any]:
        """The item shown at ``row``, decoded afresh (the caller may keep or change it)."""
        return decode_row(self._rows.rows[self._rows.index(row)])

    def items(self) -> list[dict[str, Any]]:
        """Every shown item, in the order shown."""
        return [self.item(row) for row in range(self._rows.shown)]

    def row_of(self, key: Mapping[str, Any]) -> int | None:
        """The shown row of the item with this primary key, if it is loaded and shown."""
        index = self._rows.find(dict(key), self._key_names)
        return None if index is None else self._rows.shown_row(index)

    def replace_item(self, key: Mapping[str, Any], item: dict[str, Any] | None) -> bool:
        """Show an item as it is now, after a write (None: it was deleted). False when the
        item is not among the loaded ones (a new item is not inserted into a page)."""
        import_row_code()
        index = self._rows.find(dict(key), self._key_names)
        if index is None:
            return False
        row = self._rows.shown_row(index)
        self._items.clear()
        self._states.clear()
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
            def add_column() -> None:  # a new attribute: a new column
                self._columns = columns
                replace()

            _reshape(self, add_column)
        elif hidden:
            self._change_rows(row, replace)
        else:
            replace()
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, max(0, len(self._columns) - 1)))
        self.sorting.update()
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
            # No TTL attribute on the table, or none on this item; or none in this index's row
            # (one replaced after a write holds the whole item, and shows its state).
            return NO_TTL if self._not_in_index is None else self._not_in_index
        state = self._states.get(index)
        if state is None:
            if len(self._states) >= CACHE_ROWS:
                self._states.clear()
            state = self._states[index] = ttl_state_since(
                self._item(index).get(attr), *self._rows.ttl_times(index, self.now))
        return state

    # -- sorting: ``sorting`` (ui.items.sorting) holds it --------------------------------
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(self._columns):
            self.sorting.set_sort(self._columns[column], order == Qt.SortOrder.DescendingOrder)

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
                if name == TTL_STATUS_COLUMN:
                    return self.tr("TTL status")
                # The table's name, shown as its cells' map keys are: a bidi override or a
                # zero-width space as an escape (the exact name stays in ``columns()``).
                from dynoview.core.values.visible_text import visible  # loaded with the rows

                return visible(name)
            if role == Qt.ItemDataRole.FontRole and self._table and name in self._table.key_names:
                from PySide6.QtGui import QFont  # its enums cost 2 ms before the first paint

                font = QFont()
                font.setBold(True)
                return font
            if role == Qt.ItemDataRole.ToolTipRole:
                if name == TTL_STATUS_COLUMN:
                    return ("Expiry computed at read time: DynamoDB deletes expired items in the "
                            "background, typically within days, so they stay readable until then.")
                # Attribute names are the table's: escaped, or Qt would render one that looks like HTML.
                from dynoview.core.values.visible_text import visible  # loaded with the rows

                if self._table and name in self._table.key_names:
                    return plain_tooltip(self.tr("{name}: key attribute").format(name=visible(name)))
                return plain_tooltip(visible(name))
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def data(self, index: _Index, role: int = _DISPLAY) -> Any:
        if role not in _ROLES or not index.isValid():
            return None  # the roles asked for most (font, alignment, decoration) need no decode
        row, rows = index.row(), self._rows
        loaded = row if rows.order is None else rows.order[row]
        name = self._columns[index.column()]
        kind = KINDS[rows.flags[loaded]]
        staging = self.staging
        if staging is not None and role != RawValueRole and role != ItemRole and staging.active:
            change = staging.cell(self._item(loaded), name)
            if change is not None:
                return staged_role(change, role)
        if role == _BACKGROUND:
            return _tint(kind, name)[0]
        if role == _FOREGROUND:
            return _tint(kind, name)[1]
        if role == ItemRole:
            return self.item(row)
        if name == TTL_STATUS_COLUMN:
            state = self._state(loaded)
            if role == _DISPLAY:
                return state.short
            if role == _TOOLTIP:
                tip = state.dates()
                return plain_tooltip("\n".join(t for t in (state.text, tip, state.reason) if t)) or None
            return state if role == TtlStateRole else None
        if role == _DISPLAY:
            return self._text(loaded, name)
        av = self._item(loaded).get(name)
        if role == RawValueRole:
            return av
        if role == _TOOLTIP and av is not None:
            tip = f"{type_code(av)}: {display_text(av, limit=2000)}"
            if name == self.ttl_attribute and kind in {PENDING, EXPIRED}:
                tip += "\n" + self._state(loaded).dates()
            return plain_tooltip(tip)  # the value is the table's: shown as its characters
        return None

    def look(self, row: int, column: int) -> tuple[str, QBrush | None, QBrush | None]:
        """A shown cell's (text, background, foreground): ``data``'s display, background and
        foreground roles in one call, for the view's delegate (``ui.items.cell_paint``)."""
        rows = self._rows
        loaded = row if rows.order is None else rows.order[row]
        name = self._columns[column]
        staging = self.staging
        if staging is not None and staging.active:
            change = staging.cell(self._item(loaded), name)
            if change is not None:
                return (staged_role(change, _DISPLAY), staged_role(change, _BACKGROUND),
                        staged_role(change, _FOREGROUND))
        background, foreground = _tint(KINDS[rows.flags[loaded]], name)
        return self._text(loaded, name), background, foreground

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
        # Constant flags, not ``super().flags()`` and ``|``: Qt asks once per painted cell, and
        # each enum operation costs microseconds in Python.
        if not index.isValid():
            return super().flags(index)
        if self.staging is None or self._table is None:
            return _READ_ONLY
        name = self._columns[index.column()]
        return _READ_ONLY if name == TTL_STATUS_COLUMN or name in self._key_names else _EDITABLE

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


def _reshape(model: ItemsModel, change: Callable[[], object]) -> None:
    """Run ``change`` as a reset that keeps the table and its items (see ``reshaping``)."""
    model.reshaping.emit()
    model.beginResetModel()
    change()
    model.endResetModel()
    model.reshaped.emit()


def ttl_clock_moved(model: ItemsModel) -> None:
    """Time passed: the TTL texts are said again from now, and rows whose TTL passed since the read
    look expired too, tinted or hidden (``expire_due``: a cost of what expired, not of every row)."""
    rows, painted = model._rows, bool(model._states)
    model._states.clear()
    runs = shown_runs(rows, rows.expire_due(model.now))  # None: many
    if rows.hide_expired and runs is None:  # in one reshape, as set_hide_expired does (order kept)
        _reshape(model, rows.drop_expired)
    elif rows.hide_expired:  # removed rows: the view keeps its selection, editors and scroll
        for first, last in reversed(runs or []):
            model.beginRemoveRows(QModelIndex(), first, last)
            rows.unshow(first, last + 1)
            model.endRemoveRows()
    elif runs != []:  # the whole rows: their tint
        first, last = (runs[0][0], runs[-1][1]) if runs else (0, rows.shown - 1)
        model.dataChanged.emit(model.index(first, 0), model.index(last, len(model._columns) - 1),
                               [_DISPLAY, _TOOLTIP, _BACKGROUND, _FOREGROUND])
    if painted and TTL_STATUS_COLUMN in model._columns and rows.shown:
        col = model._columns.index(TTL_STATUS_COLUMN)
        model.dataChanged.emit(model.index(0, col), model.index(rows.shown - 1, col), [_DISPLAY, _TOOLTIP])
