"""Table model for accounts beside their locks, and the proxy that filters it.

Columns: the account id, then a (value, lock status) pair per rule, then the
row's worst status. Rows are ``PairRow`` objects from ``dynoview.core.uniqueness.pairing``;
lock rows (locks no account needs) have no account id and one filled pair.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    EXPLANATIONS,
    LABELS,
    MISSING_LOCK,
    ORPHAN_LOCK,
    SEVERITY,
    Cell,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.schema import UniquenessSchema

COL_ACCOUNT = 0
FIRST_RULE_COL = 1  # then two columns per rule: value, lock status

RowRole = Qt.ItemDataRole.UserRole + 1  # the PairRow
StatusRole = Qt.ItemDataRole.UserRole + 2  # the cell's status (row status outside rule columns)
FindingRole = Qt.ItemDataRole.UserRole + 3  # the cell's Finding, or the row's first one
KeyRole = Qt.ItemDataRole.UserRole + 4  # the row's item key (account or lock), low-level form

RED = QColor(255, 205, 205)
AMBER = QColor(255, 228, 170)
DARK_TEXT = QColor(33, 33, 33)
COLOURS = {ORPHAN_LOCK: RED, MISSING_LOCK: RED, DUPLICATE_VALUE: RED, EXPIRED: AMBER, CASE_CLASH: AMBER}

Index = QModelIndex | QPersistentModelIndex

STALE_TEXT = "stale: re-run the audit"
STALE_TIP = "A transaction wrote this item after the audit, so this row may be wrong: re-run the audit."


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


def _same_key(key: dict[str, Any], other: dict[str, Any] | None) -> bool:
    return other is not None and all(other.get(k) == v for k, v in key.items())


class PairingModel(QAbstractTableModel):
    """Read-only rows of the side-by-side view."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rules: list[str] = []
        self._rows: list[PairRow] = []
        self._stale: set[int] = set()  # ids of rows a write touched after the audit

    def set_rows(self, rules: list[str], rows: list[PairRow]) -> None:
        self.beginResetModel()
        self._rules = list(rules)
        # Problems first, worst first: support opens this view to find what is broken.
        self._rows = sorted(rows, key=lambda r: -SEVERITY[r.status])
        self._stale = set()
        self.endResetModel()

    def mark_stale(self, keys: list[dict[str, Any]]) -> int:
        """Mark the rows of these item keys (an account, or a lock in any of its cells) as
        written since the audit; returns how many rows that is."""
        hit = set()
        for i, row in enumerate(self._rows):
            keys_of_row = [row.key] + [c.lock_key for c in row.cells.values() if c.lock_key]
            if any(_same_key(k, other) for k in keys for other in keys_of_row):
                hit.add(id(row))
                self.dataChanged.emit(self.index(i, 0), self.index(i, self.columnCount() - 1))
        self._stale |= hit
        return len(hit)

    def is_stale(self, row: PairRow) -> bool:
        return id(row) in self._stale

    def clear(self) -> None:
        self.set_rows([], [])

    @property
    def rules(self) -> list[str]:
        return list(self._rules)

    def rows(self) -> list[PairRow]:
        return list(self._rows)

    def status_column(self) -> int:
        return FIRST_RULE_COL + 2 * len(self._rules)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else FIRST_RULE_COL + 2 * len(self._rules) + 1

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if section == COL_ACCOUNT:
            return "Account"
        if section == self.status_column():
            return "Status"
        rule = self._rules[(section - FIRST_RULE_COL) // 2]
        return rule if (section - FIRST_RULE_COL) % 2 == 0 else f"{rule} lock"

    def cell_at(self, row: int, column: int) -> Cell | None:
        """The rule cell behind a column (None for the account and status columns)."""
        if not FIRST_RULE_COL <= column < self.status_column():
            return None
        return self._rows[row].cells.get(self._rules[(column - FIRST_RULE_COL) // 2])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        col = index.column()
        cell = self.cell_at(index.row(), col)
        in_rule = FIRST_RULE_COL <= col < self.status_column()
        status = (cell.status if cell else None) if in_rule else row.status
        if role == RowRole:
            return row
        if role == KeyRole:
            return row.key
        if role == StatusRole:
            return status
        if role == FindingRole:
            if cell is not None and cell.finding is not None:
                return cell.finding
            return row.findings[0] if row.findings else None
        if role == Qt.ItemDataRole.BackgroundRole:
            colour = COLOURS.get(row.status)
            return QBrush(colour) if colour is not None else None
        if role == Qt.ItemDataRole.ForegroundRole and row.status in COLOURS:
            return QBrush(DARK_TEXT)  # the pale backgrounds need dark text in dark themes too
        stale = id(row) in self._stale
        if role == Qt.ItemDataRole.FontRole and stale:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and stale:
            return STALE_TIP
        if role == Qt.ItemDataRole.ToolTipRole:
            finding: Finding | None = cell.finding if cell is not None else None
            if finding is None and not in_rule and row.findings:
                finding = row.findings[0]
            if finding is not None:
                return f"{finding.sentence}\n\n{finding.explanation}"
            return EXPLANATIONS.get(status) if status else None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if col == COL_ACCOUNT:
            return row.account_id or "(no account)"
        if col == self.status_column():
            return f"{LABELS[row.status]} ({STALE_TEXT})" if stale else LABELS[row.status]
        if cell is None:
            return ""
        if (col - FIRST_RULE_COL) % 2 == 0:
            return cell.value or ""
        return LABELS[cell.status]


class PairingFilterProxy(QSortFilterProxyModel):
    """Filter rows by status (any cell or the row) and by a search over ids and values."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._statuses: set[str] | None = None
        self._search = ""
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_statuses(self, statuses: set[str] | None) -> None:
        """Show rows having any of these statuses; None shows every row."""
        self.beginFilterChange()
        self._statuses = set(statuses) if statuses is not None else None
        self.endFilterChange()

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._search = text.strip().casefold()
        self.endFilterChange()

    def lessThan(self, left: Index, right: Index) -> bool:
        """Status columns sort by severity (worst last, so descending puts problems first)."""
        model = self.sourceModel()
        if isinstance(model, PairingModel) and (
                left.column() == model.status_column()
                or (left.column() >= FIRST_RULE_COL and (left.column() - FIRST_RULE_COL) % 2 == 1)):
            ls, rs = model.data(left, StatusRole), model.data(right, StatusRole)
            if ls != rs:
                return SEVERITY.get(ls, 0) < SEVERITY.get(rs, 0)
        return super().lessThan(left, right)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        row: PairRow = model.data(model.index(source_row, 0, source_parent), RowRole)
        if self._statuses is not None and not (row.statuses | {row.status}) & self._statuses:
            return False
        if self._search:
            texts = [row.account_id or ""] + [c.value or "" for c in row.cells.values()]
            if not any(self._search in t.casefold() for t in texts):
                return False
        return True
