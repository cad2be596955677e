"""Table model for the bulk repair: one row per audit finding, with what happened to it.

Columns: the finding's status, rule, value, accounts, what the repair does with it
(release, claim, or a person's decision) and the result. Rows are the plan's
``PlannedRepair`` items; results are ``RepairOutcome`` objects delivered as the run goes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from dynoview.core.repair.plan import CLAIM, DECIDE, RELEASE, PlannedRepair, RepairPlan
from dynoview.core.repair.state import (
    ALREADY_FIXED,
    APPLIED,
    CANCELLED,
    CHANGED,
    ERROR,
    NEEDS_DECISION,
    PLANNED,
    RepairOutcome,
)
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.i18n.labels import finding_label
from dynoview.ui.plain_text import plain_tooltip

COL_FINDING = 0
COL_RULE = 1
COL_VALUE = 2
COL_ACCOUNTS = 3
COL_ACTION = 4
COL_RESULT = 5
HEADERS = (QT_TRANSLATE_NOOP("locks.repair_model", "Finding"),
           QT_TRANSLATE_NOOP("locks.repair_model", "Rule"),
           QT_TRANSLATE_NOOP("locks.repair_model", "Value"),
           QT_TRANSLATE_NOOP("locks.repair_model", "Accounts"),
           QT_TRANSLATE_NOOP("locks.repair_model", "Repair"),
           QT_TRANSLATE_NOOP("locks.repair_model", "Result"))

PlannedRole = Qt.ItemDataRole.UserRole + 1  # the PlannedRepair
OutcomeRole = Qt.ItemDataRole.UserRole + 2  # the RepairOutcome, or None before it is handled

ACTION_TEXT = {RELEASE: QT_TRANSLATE_NOOP("locks.repair_model", "release the lock"),
               CLAIM: QT_TRANSLATE_NOOP("locks.repair_model", "claim the lock"),
               DECIDE: QT_TRANSLATE_NOOP("locks.repair_model", "a person decides")}
GREEN = QColor(205, 240, 205)
AMBER = QColor(255, 228, 170)
RED = QColor(255, 205, 205)
RESULT_COLOURS = {APPLIED: GREEN, ALREADY_FIXED: GREEN, PLANNED: GREEN, CHANGED: AMBER,
                  NEEDS_DECISION: AMBER, CANCELLED: RED, ERROR: RED}

Index = QModelIndex | QPersistentModelIndex


class RepairModel(QAbstractTableModel):
    """The plan's findings and their outcomes (set as the run reports them)."""

    def __init__(self, plan: RepairPlan, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Automatic repairs first, in the order the run handles them; decisions after.
        self._items: list[PlannedRepair] = plan.actionable + plan.decisions
        self._row = {p.id: i for i, p in enumerate(self._items)}
        self._outcomes: dict[str, RepairOutcome] = {}

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("locks.repair_model", HEADERS[section])
        return None

    def item(self, row: int) -> PlannedRepair:
        return self._items[row]

    def outcome(self, row: int) -> RepairOutcome | None:
        return self._outcomes.get(self._items[row].id)

    def outcomes(self) -> dict[str, RepairOutcome]:
        return dict(self._outcomes)

    def set_outcome(self, outcome: RepairOutcome) -> None:
        row = self._row.get(outcome.id)
        if row is None:
            return
        self._outcomes[outcome.id] = outcome
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))

    def _result_text(self, item: PlannedRepair, outcome: RepairOutcome | None) -> str:
        if outcome is not None:
            return outcome.label
        return self.tr("needs a decision") if item.kind == DECIDE else ""

    def _tooltip(self, item: PlannedRepair, outcome: RepairOutcome | None) -> str:
        # Sentences quote the table's values and the server's words: shown as their characters.
        if outcome is not None:
            return plain_tooltip(outcome.message)
        return plain_tooltip(item.reason or item.finding.sentence)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        item = self._items[index.row()]
        outcome = self._outcomes.get(item.id)
        col = index.column()
        f = item.finding
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                COL_FINDING: finding_label(f.status),
                COL_RULE: f.rule or "",
                COL_VALUE: f.value or "",
                COL_ACCOUNTS: ", ".join(f.account_ids),
                COL_ACTION: QCoreApplication.translate("locks.repair_model", ACTION_TEXT[item.kind]),
                COL_RESULT: self._result_text(item, outcome),
            }[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(item, outcome)
        if role in (Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole) \
                and col == COL_RESULT:
            status = outcome.status if outcome is not None else (
                NEEDS_DECISION if item.kind == DECIDE else None)
            colour = RESULT_COLOURS.get(status or "")
            if colour is None:
                return None
            # Dark text wherever a pale tone is drawn ("needs a decision" too, before any
            # outcome: it was the dark theme's light text on amber).
            return QBrush(colour if role == Qt.ItemDataRole.BackgroundRole else QColor(33, 33, 33))
        if role == PlannedRole:
            return item
        if role == OutcomeRole:
            return outcome
        return None
