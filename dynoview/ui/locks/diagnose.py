"""The "Diagnose one value" box of Accounts & locks: the value to check, the answer, and the
buttons the answer allows (open the holders or the lock, release, claim, resolve).

The box only shows and asks: the panel runs the diagnosis (through its controller) and opens
the repair forms when a button is pressed.
"""

from __future__ import annotations

import functools
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QMenu,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, EXPIRED, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.locks.text import diagnosis_html

DIAGNOSIS_LINES = 7  # the answer box shows this many lines before it scrolls (fits 1024x700)


def exact_holders(schema: UniquenessSchema, d: Diagnosis) -> list[dict[str, Any]]:
    """The accounts holding exactly the diagnosed value (a case variant is a clash)."""
    rule = schema.rule(d.rule)
    stored = {d.value, getattr(d, "typed", d.value)}
    return [a for a in d.accounts if a.get(rule.attribute, {}).get("S") in stored]


class DiagnoseBox(QGroupBox):
    """The value, the answer and its buttons; ``show_diagnosis`` enables what the answer allows."""

    diagnose_requested = Signal()
    account_requested = Signal(int)  # which of the diagnosed accounts to open

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Diagnose one value", parent)
        layout = QVBoxLayout(self)
        layout.addLayout(self._build_value_row())
        answer_row = QHBoxLayout()
        self.diagnosis_view = QTextBrowser()
        self.diagnosis_view.setObjectName("diagnosis-answer")
        self.diagnosis_view.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        self.diagnosis_view.setPlaceholderText("Type an email or username above and press Diagnose: "
                                               "the answer says whether it is locked, and by whom.")
        # Tall enough to read a whole answer without dragging the splitter; longer ones scroll.
        self.answer_height = QFontMetrics(self.diagnosis_view.font()).lineSpacing() * DIAGNOSIS_LINES
        self.diagnosis_view.setMinimumHeight(self.answer_height + 12)
        answer_row.addWidget(self.diagnosis_view, 1)
        answer_row.addLayout(self._build_answer_buttons())
        layout.addLayout(answer_row, 1)

    def _build_value_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.rule_picker = QComboBox()
        self.value_edit = QLineEdit()
        self.value_edit.setPlaceholderText("An email or username, exactly as the person typed it")
        self.value_edit.returnPressed.connect(self.diagnose_requested.emit)
        self.diagnose_button = QPushButton("Diagnose")
        self.diagnose_button.clicked.connect(lambda _checked=False: self.diagnose_requested.emit())
        row.addWidget(self.rule_picker)
        row.addWidget(self.value_edit, 1)
        row.addWidget(self.diagnose_button)
        return row

    def _build_answer_buttons(self) -> QGridLayout:
        grid = QGridLayout()  # two columns: five stacked buttons outgrew the answer box
        self.diag_release_button = QPushButton("Release lock…")
        self.diag_claim_button = QPushButton("Claim lock…")
        self.diag_resolve_button = QPushButton("Resolve duplicate…")
        self.open_account_button = QPushButton("Open account")
        self.open_account_button.clicked.connect(lambda _checked=False: self.account_requested.emit(0))
        self.open_lock_button = QPushButton("Open lock")
        for i, b in enumerate((self.open_account_button, self.open_lock_button,
                               self.diag_release_button, self.diag_claim_button,
                               self.diag_resolve_button)):
            b.setEnabled(False)
            grid.addWidget(b, i // 2, i % 2)
        grid.setRowStretch(3, 1)
        return grid

    def set_rules(self, names: list[str]) -> None:
        """The schema's rules to pick from, keeping the current one if it is still there."""
        current = self.rule_picker.currentText()
        self.rule_picker.clear()
        self.rule_picker.addItems(names)
        if current in names:
            self.rule_picker.setCurrentText(current)

    def show_diagnosis(self, schema: UniquenessSchema, d: Diagnosis | None, *, stale: bool = False) -> None:
        """Show an answer (None clears it) and enable the buttons it allows."""
        if d is None:
            self.diagnosis_view.clear()
        else:
            self.diagnosis_view.setHtml(diagnosis_html(d, stale=stale))
        holders = exact_holders(schema, d) if d is not None else []
        orphan = d is not None and d.lock_item is not None and not d.accounts
        self.diag_release_button.setEnabled(orphan and d is not None and d.status in (ORPHAN_LOCK, EXPIRED))
        self.diag_claim_button.setEnabled(d is not None and d.status == MISSING_LOCK and len(d.accounts) == 1)
        self.diag_resolve_button.setEnabled(d is not None and d.status == DUPLICATE_VALUE
                                            and len(holders) >= 2)
        self._offer_accounts(schema, d.accounts if d is not None else [])
        self.open_lock_button.setEnabled(d is not None and d.lock_item is not None)

    def _offer_accounts(self, schema: UniquenessSchema, accounts: list[dict[str, Any]]) -> None:
        button = self.open_account_button
        button.setEnabled(bool(accounts))
        button.setText("Open account" if len(accounts) < 2 else f"Open account ({len(accounts)})")
        old = button.menu()
        if old is not None:
            button.setMenu(None)  # type: ignore[arg-type]  # the stub omits None; Qt takes it: no menu
            old.deleteLater()
        if len(accounts) < 2:
            return
        # Several holders: the button offers each one.
        menu = QMenu(button)
        for i, account in enumerate(accounts):
            pk = account.get(schema.pk_name, {}).get("S", "?")
            menu.addAction(pk, functools.partial(self.account_requested.emit, i))
        button.setMenu(menu)
