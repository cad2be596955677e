"""Table model for accounts beside their locks: a window over the audit's columns.

Columns: the account id, then a (value, lock status) pair per rule, then the row's worst
status. The rows are ``AuditRows`` (columns built off the UI thread); the model shows them
in the order of an ``array('i')`` of row numbers, which sorting, filtering and searching
replace as a whole (``set_order``) once a worker has computed it. So ``data()`` reads a few
list entries per cell, and nothing here walks the rows: a click on a header asks for an
order (``order_requested``) instead of sorting on the UI thread.
"""

from __future__ import annotations

from array import array
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from dynoview.core.audit.rows import ACCOUNT, CODES, AuditRows
from dynoview.core.audit.view_order import (
    ACCOUNT_COLUMN,
    LOCK_COLUMN,
    STATUS_COLUMN,
    VALUE_COLUMN,
    SortKey,
)
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    EXPLANATIONS,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.visible_text import visible
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.i18n.labels import finding_label
from dynoview.ui.locks.live_rows import Applied, LiveRows, insert_at, position
from dynoview.ui.plain_text import plain_tooltip

COL_ACCOUNT = 0
FIRST_RULE_COL = 1  # then two columns per rule: value, lock status

RowRole = Qt.ItemDataRole.UserRole + 1  # the row as a PairRow (built when asked)
StatusRole = Qt.ItemDataRole.UserRole + 2  # the cell's status (row status outside rule columns)
FindingRole = Qt.ItemDataRole.UserRole + 3  # the cell's Finding, or the row's first one
KeyRole = Qt.ItemDataRole.UserRole + 4  # the row's item key (account or lock), low-level form

RED = QColor(255, 205, 205)
AMBER = QColor(255, 228, 170)
DARK_TEXT = QColor(33, 33, 33)
COLOURS = {ORPHAN_LOCK: RED, MISSING_LOCK: RED, DUPLICATE_VALUE: RED, EXPIRED: AMBER, CASE_CLASH: AMBER,
           LOOKALIKE_CLASH: AMBER}
_BRUSHES = {status: QBrush(colour) for status, colour in COLOURS.items()}
_DARK = QBrush(DARK_TEXT)

Index = QModelIndex | QPersistentModelIndex

_DISPLAY, _BACKGROUND, _FOREGROUND, _FONT, _TOOLTIP, _DECORATION = (int(r) for r in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.DecorationRole))
#: The roles ``data`` answers: any other is None at once.
_SERVED_ROLES = frozenset({_DISPLAY, _BACKGROUND, _FOREGROUND, _FONT, _TOOLTIP, _DECORATION,
                           int(StatusRole), int(FindingRole), int(RowRole), int(KeyRole)})

STALE_TEXT = QT_TRANSLATE_NOOP("locks.model", "stale: re-run the audit")
STALE_TIP = QT_TRANSLATE_NOOP(
    "locks.model",
    "A transaction wrote this item after the audit, so this row may be wrong: re-run the audit.")
NEW_TEXT = "new"
RESOLVED_TEXT = "resolved"
NEW_COLOUR = QColor(37, 99, 235)  # the swatch beside a row Live mode changed
RESOLVED_COLOUR = QColor(22, 163, 74)
# Whole sentences, so each language words them its own way (a "{what}" part stayed English).
LIVE_NEW_TIP = QT_TRANSLATE_NOOP(
    "locks.model", "Live: a problem appeared since Live mode started. Right-click → Stream records… "
                   "shows the writes.")
LIVE_RESOLVED_TIP = QT_TRANSLATE_NOOP(
    "locks.model", "Live: its problems were resolved since Live mode started. Right-click → Stream "
                   "records… shows the writes.")
# A row Live's start found resolved: a write between the grid's audit and Live's start (no event).
RESOLVED_BEFORE_TIP = QT_TRANSLATE_NOOP(
    "locks.model", "Live: its problems were resolved after the audit and before Live mode started "
    "(the grid was brought in line as Live started).")
# A lock row's Account cell. Sorting by account still orders by core's English
# ``dynoview.core.audit.view_order.NO_ACCOUNT`` (off the UI thread); only the shown text is translated.
NO_ACCOUNT_TEXT = QT_TRANSLATE_NOOP("locks.model", "(no account)")
SO_FAR_TIP = QT_TRANSLATE_NOOP(
    "locks.model", "Found while the audit reads the table: the full view comes when every segment is read.")


def _move(rows: AuditRows, order: array, row: int) -> None:
    """Move a row that now has a problem to its place in a problems-first order."""
    at = position(order, row)
    if at is not None:
        del order[at]
    order.insert(insert_at(rows, order, row), row)


def _without(order: array, rows: set[int]) -> array:
    """``order`` less a few rows (a copy: orders are kept and shared; a C search per row)."""
    out = array("i", order)
    for row in rows:
        if (at := position(out, row)) is not None:
            del out[at]
    return out


def row_item(schema: UniquenessSchema, row: PairRow) -> dict[str, Any]:
    """The item a row stands for, as far as the audit saw it: its key, and for an account
    its protected values (what the templates need; the full item is read on selection)."""
    item = dict(row.key)
    if row.kind == "account":
        for rule in schema.rules:
            cell = row.cells.get(rule.name)
            if cell is not None and cell.value:
                item[rule.attribute] = {"S": cell.value}
    return item


class AuditRowsModel(QAbstractTableModel):
    """Read-only rows of the side-by-side view, in the order last set."""

    order_requested = Signal(object)  # SortKey: a header was clicked

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: AuditRows | None = None
        self._rules: list[str] = []
        self._order = array("i")
        self._stale: set[int] = set()  # rows a write touched after the audit
        self._gone: set[int] = set()  # rows Live mode took off the grid (``LiveRows.gone``)
        self.live: LiveRows | None = None  # Live mode's marks on these rows
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)

    # ------------------------------------------------------------------ state

    def set_rows(self, rows: AuditRows | None, rules: list[str] | None = None) -> None:
        """Show an audit's rows (None clears), problems first; nothing is stale, nothing selected.

        Rows under the same columns (the findings so far growing, then the full audit's) come
        in as a layout change, not a reset: a reset made the grid paint twice (its delayed
        layout after the first paint), 40 ms of the UI thread instead of 25 while the audit's
        threads want the GIL too."""
        new_rules = list(rows.rules) if rows is not None else list(rules or [])
        swap = rows is not None and self._rows is not None and new_rules == self._rules
        if swap:
            self.layoutAboutToBeChanged.emit()
        else:
            self.beginResetModel()
        old_rows, self._rows = self._rows, rows
        self._rules = new_rules
        self._order = rows.default_order if rows is not None else array("i")
        self._stale = set()
        self._gone = self._gone if rows is old_rows else set()
        if self.live is not None and self.live.rows is not rows:
            self.live = None
        if swap:  # other rows: no selection or current cell carries over, as after a reset
            before = self.persistentIndexList()
            self.changePersistentIndexList(before, [QModelIndex()] * len(before))
            self.layoutChanged.emit()
        else:
            self.endResetModel()

    def set_order(self, order: array) -> None:
        """Show these rows in this order (a sort, filter or search result); the selection and
        current cell follow their rows, or go when their row is no longer shown."""
        if self._gone:  # a sort or filter of every row: those Live took off stay off
            order = _without(order, self._gone)
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        rows = [self._order[i.row()] if 0 <= i.row() < len(self._order) else -1 for i in before]
        self._order = order
        where: dict[int, int] = {}
        for row in set(rows) - {-1}:
            try:
                where[row] = order.index(row)  # a C scan, for the few persistent rows
            except ValueError:
                where[row] = -1
        after = [self.index(where[row], i.column()) if row >= 0 and where[row] >= 0 else QModelIndex()
                 for row, i in zip(rows, before, strict=True)]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def clear(self) -> None:
        self.set_rows(None)

    @property
    def audit_rows(self) -> AuditRows | None:
        return self._rows

    @property
    def order(self) -> array:
        return self._order

    @property
    def rules(self) -> list[str]:
        return list(self._rules)

    @property
    def partial(self) -> bool:
        """Rows of the findings seen so far, while the audit still reads the table."""
        return self._rows is not None and self._rows.partial

    def row_at(self, view_row: int) -> int:
        """The audit row shown at a view row."""
        return self._order[view_row]

    def view_row_of(self, row: int) -> int | None:
        try:
            return self._order.index(row)
        except ValueError:
            return None

    def pair_row(self, view_row: int) -> PairRow | None:
        if self._rows is None or not 0 <= view_row < len(self._order):
            return None
        return self._rows.pair_row(self._order[view_row])

    def pair_rows(self) -> list[PairRow]:
        """Every shown row, in order (a small audit's, or a test's: one object per row)."""
        rows = self._rows
        return [] if rows is None else [rows.pair_row(row) for row in self._order]

    def pair_row_of_account(self, account_id: str) -> PairRow | None:
        """An account's row, shown or not (the other holders of a duplicate value)."""
        if self._rows is None:
            return None
        try:
            return self._rows.pair_row(self._rows.ids.index(account_id))
        except ValueError:
            return None

    def mark_stale(self, keys: list[dict[str, Any]]) -> int:
        """Mark the rows of these item keys (an account, or a lock in any of its cells) as
        written since the audit; returns how many rows that is."""
        rows = self._rows
        if rows is None:
            return 0
        hit: set[int] = set()
        for key in keys:
            hit |= rows.rows_showing(key)
        self._stale |= hit
        for row in hit:
            view_row = self.view_row_of(row)
            if view_row is not None:
                self.dataChanged.emit(self.index(view_row, 0), self.index(view_row, self.columnCount() - 1))
        return len(hit)

    def is_stale(self, row: PairRow | None) -> bool:
        if row is None or self._rows is None:
            return False
        found = self._rows.row_of_key(row.key)
        return found is not None and found in self._stale

    # ------------------------------------------------------------------ Live mode

    def _mark(self, row: int) -> str | None:
        live = self.live
        if live is None:
            return None
        return NEW_TEXT if row in live.new else RESOLVED_TEXT if row in live.resolved else None

    def apply_live(self, applied: Applied, *, reorder: bool) -> None:
        """Show what Live mode changed: the rows' cells, appended rows, and (with ``reorder``,
        the grid in its problems-first order) rows with a new problem moved up to the top of
        their severity. Costs the changed rows (and a byte search per moved row)."""
        rows = self._rows
        if rows is None:
            return
        order = self._order
        default = rows.default_order
        for row in applied.left:
            self._gone.add(row)
            if default is not order and (at := position(default, row)) is not None:
                del default[at]
            if (at := position(order, row)) is not None:
                self.beginRemoveRows(QModelIndex(), at, at)
                del order[at]
                self.endRemoveRows()
        for row in applied.added:
            self._gone.discard(row)
            if default is not order:
                default.insert(insert_at(rows, default, row), row)
            at = insert_at(rows, order, row) if reorder else 0
            self.beginInsertRows(QModelIndex(), at, at)
            order.insert(at, row)
            self.endInsertRows()
        for row in applied.problems - set(applied.added):
            if default is not order:
                _move(rows, default, row)
            if reorder:
                self._move_up(rows, row)
        last = self.columnCount() - 1
        for row in applied.touched:
            view_row = position(self._order, row)
            if view_row is not None:
                self.dataChanged.emit(self.index(view_row, 0), self.index(view_row, last))

    def _move_up(self, rows: AuditRows, row: int) -> None:
        order = self._order
        src = position(order, row)
        if src is None:
            return
        del order[src]
        dest = insert_at(rows, order, row)
        order.insert(src, row)
        if dest == src or not self.beginMoveRows(QModelIndex(), src, src, QModelIndex(),
                                                            dest if dest < src else dest + 1):
            return
        del order[src]
        order.insert(dest, row)
        self.endMoveRows()

    def status_column(self) -> int:
        return FIRST_RULE_COL + 2 * len(self._rules)

    def sort_key(self, column: int, order: Qt.SortOrder) -> SortKey:
        """What ordering a column's header asks for."""
        descending = order == Qt.SortOrder.DescendingOrder
        if column == COL_ACCOUNT:
            return SortKey(ACCOUNT_COLUMN, 0, descending)
        if column >= self.status_column():
            return SortKey(STATUS_COLUMN, 0, descending)
        rule, lock = divmod(column - FIRST_RULE_COL, 2)
        return SortKey(LOCK_COLUMN if lock else VALUE_COLUMN, rule, descending)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """A header click: ask for the order (computed off the UI thread, then ``set_order``)."""
        if 0 <= column < self.columnCount():
            self.order_requested.emit(self.sort_key(column, order))

    # ------------------------------------------------------------------ Qt model API

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else FIRST_RULE_COL + 2 * len(self._rules) + 1

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # The row numbers' header asks for several roles per visible row on every paint.
        if role != _DISPLAY or orientation != Qt.Orientation.Horizontal:
            return None
        if section == COL_ACCOUNT:
            return self.tr("Account")
        if section == self.status_column():
            return self.tr("Status")
        rule = self._rules[(section - FIRST_RULE_COL) // 2]
        # The rule is the schema's own name (an attribute); only "lock" is the app's word.
        return rule if (section - FIRST_RULE_COL) % 2 == 0 else self.tr("{rule} lock").format(rule=rule)

    def _cell(self, row: int, column: int) -> tuple[int, str] | None:
        """(rule index, status) of a rule column's cell; None where the row has no cell (a lock
        row in another rule's columns) or outside the rule columns."""
        rows = self._rows
        if rows is None or not FIRST_RULE_COL <= column < self.status_column():
            return None
        r = (column - FIRST_RULE_COL) // 2
        # A lock row has one cell, its rule's (by ``lock_rule``: a lock on '' has no value to
        # tell it by); a row found so far shows its finding's only (the account's other values
        # come with the full audit).
        if rows.kinds[row] != ACCOUNT:
            if r != rows.lock_rule_of(row):
                return None
        elif rows.partial and not rows.values[r][row]:
            return None
        return r, CODES[rows.cell_status[r][row]]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        rows = self._rows
        # Roles as ints, compared once: a paint asks ~8 roles of every visible cell, under the
        # GIL the audit's threads want too (an enum comparison costs ten times an int's).
        if role not in _SERVED_ROLES or rows is None or not index.isValid():
            return None
        row = self._order[index.row()]
        col = index.column()
        status = rows.status(row)
        if role == _DISPLAY:
            return self._display(rows, row, col, status)
        if role == _BACKGROUND:
            return _BRUSHES.get(status)
        if role == _FOREGROUND:
            return _DARK if status in COLOURS else None  # pale backgrounds need dark text
        if role == _FONT:
            return self._italic if row in self._stale else self._bold if self._mark(row) == NEW_TEXT else None
        if role == _TOOLTIP:
            mark = self._mark(row)
            tip = self._tooltip(rows, row, col)
            if mark is not None:
                before = mark == RESOLVED_TEXT and self.live is not None and row in self.live.resolved_before
                said = QCoreApplication.translate("locks.model", RESOLVED_BEFORE_TIP if before else
                                                  LIVE_NEW_TIP if mark == NEW_TEXT else LIVE_RESOLVED_TIP)
                tip = "\n\n".join(filter(None, [said, tip]))
            # The sentences quote the table's values: Qt would render one that looks like HTML
            # as HTML (an <img> of a FIFO path blocks the UI thread on hover).
            return plain_tooltip(tip) if tip else tip
        if role == _DECORATION:
            if col != COL_ACCOUNT:
                return None
            mark = self._mark(row)
            return None if mark is None else NEW_COLOUR if mark == NEW_TEXT else RESOLVED_COLOUR
        if role == StatusRole:
            cell = self._cell(row, col)
            in_rule = FIRST_RULE_COL <= col < self.status_column()
            return (cell[1] if cell else None) if in_rule else status
        if role == FindingRole:
            return self._finding(rows, row, col)
        if role == RowRole:
            return rows.pair_row(row)
        if role == KeyRole:
            return rows.key(row)
        return None

    def look(self, view_row: int, column: int) -> tuple[str, QBrush | None, QBrush | None] | None:
        """A cell's text, background and text colour in one call (``grid_paint.LocksDelegate``);
        None for a cell with a font or a swatch of its own (a stale or Live-marked row)."""
        rows = self._rows
        if rows is None or not 0 <= view_row < len(self._order):
            return None
        row = self._order[view_row]
        if row in self._stale or (self.live is not None and self._mark(row) is not None):
            return None
        status = CODES[rows.row_status[row]]
        return (self._display(rows, row, column, status), _BRUSHES.get(status),
                _DARK if status in COLOURS else None)

    def _display(self, rows: AuditRows, row: int, col: int, status: str) -> str:
        # Ids and values come from the table: control, bidi and invisible characters shown as
        # escapes (visible_text), so "ada\u200b@x.io" never looks like "ada@x.io".
        if col == COL_ACCOUNT:
            if rows.ids[row]:
                return visible(rows.ids[row])
            return QCoreApplication.translate("locks.model", NO_ACCOUNT_TEXT)
        if col == self.status_column():
            if row in self._stale:
                return f"{finding_label(status)} ({QCoreApplication.translate('locks.model', STALE_TEXT)})"
            mark = self._mark(row)
            return finding_label(status) if mark is None else f"{finding_label(status)} · {mark}"
        cell = self._cell(row, col)
        if cell is None:
            return ""
        r, cell_status = cell
        if (col - FIRST_RULE_COL) % 2 == 0:
            value = rows.values[r][row]
            return visible(value) if value else value
        return finding_label(cell_status)

    def _finding(self, rows: AuditRows, row: int, col: int) -> Finding | None:
        cell = self._cell(row, col)
        if cell is not None and (row, cell[0]) in rows.cell_findings:
            return rows.cell_findings[(row, cell[0])]
        found = rows.row_findings.get(row)
        return found[0] if found else None

    def _tooltip(self, rows: AuditRows, row: int, col: int) -> str | None:
        if row in self._stale:
            return QCoreApplication.translate("locks.model", STALE_TIP)
        in_rule = FIRST_RULE_COL <= col < self.status_column()
        cell = self._cell(row, col)
        finding = rows.cell_findings.get((row, cell[0])) if cell is not None else None
        if finding is None and not in_rule:
            found = rows.row_findings.get(row)
            finding = found[0] if found else None
        if finding is not None:
            tip = visible(f"{finding.sentence}\n\n{finding.explanation}", keep="\n")
            return f"{tip}\n\n{SO_FAR_TIP}" if rows.partial else tip
        status = (cell[1] if cell else None) if in_rule else rows.status(row)
        return EXPLANATIONS.get(status) if status else None
