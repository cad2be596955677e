"""The "Diagnose one value" box of Accounts & locks: the value to check, the answer, and the
buttons the answer allows (open the holders or the lock, release, claim, resolve).

The box only shows and asks: the panel runs the diagnosis (through its controller) and opens
the repair forms when a button is pressed.
"""

from __future__ import annotations

import functools
import html
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
    QVBoxLayout,
    QWidget,
)

from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.locks.diagnose_flow import Buttons, exact_holders
from dynoview.ui.locks.text import diagnosis_html
from dynoview.ui.placeholder import PlaceholderBrowser
from dynoview.ui.themed import mark_refused

__all__ = ["DIAGNOSIS_LINES", "DiagnoseBox", "exact_holders"]

#: Lines of the answer box before an answer (the grid keeps the room at 1024x700); an answer
#: gets the height its text needs (``room_wanted``), up to ``ANSWER_LINES_MAX``.
DIAGNOSIS_LINES = 3
ANSWER_LINES_MAX = 24


class DiagnoseBox(QGroupBox):
    """The value, the answer and its buttons; ``show_answer`` enables what the answer allows."""

    diagnose_requested = Signal()
    account_requested = Signal(int)  # which of the diagnosed accounts to open
    room_wanted = Signal(int)  # the box's height that shows the whole answer (capped)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Diagnose one value"), parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)  # the grid's rows at 1024x700
        layout.setSpacing(4)
        layout.addLayout(self._build_value_row())
        answer_row = QHBoxLayout()
        self.diagnosis_view = PlaceholderBrowser()
        self.diagnosis_view.setObjectName("diagnosis-answer")
        self.diagnosis_view.setLineWrapMode(PlaceholderBrowser.LineWrapMode.WidgetWidth)
        self.diagnosis_view.setPlaceholderText(self.tr("Type an email or username above and press Diagnose: "
                                               "the answer says whether it is locked, and by whom."))
        # Small until an answer comes; then the answer asks for its room (``room_wanted``).
        self.answer_height = QFontMetrics(self.diagnosis_view.font()).lineSpacing() * DIAGNOSIS_LINES
        self.diagnosis_view.setMinimumHeight(self.answer_height + 12)
        answer_row.addWidget(self.diagnosis_view, 1)
        answer_row.addLayout(self._build_answer_buttons())
        layout.addLayout(answer_row, 1)

    def _build_value_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.rule_picker = QComboBox()
        self.rule_picker.setAccessibleName(self.tr("Unique attribute"))
        self.value_edit = QLineEdit()
        self.value_edit.setAccessibleName(self.tr("Value to diagnose"))
        self.value_edit.setPlaceholderText(self.tr("An email or username, exactly as the person typed it"))
        self.value_edit.returnPressed.connect(self.diagnose_requested.emit)
        self.value_edit.textEdited.connect(lambda _t: mark_refused(self.value_edit, False))  # being fixed
        self.diagnose_button = QPushButton(self.tr("Diagnose"))
        self.diagnose_button.clicked.connect(lambda _checked=False: self.diagnose_requested.emit())
        row.addWidget(self.rule_picker)
        row.addWidget(self.value_edit, 1)
        row.addWidget(self.diagnose_button)
        return row

    def _build_answer_buttons(self) -> QGridLayout:
        grid = QGridLayout()  # three columns, two rows: the box stays low until an answer comes
        self.diag_release_button = QPushButton(self.tr("Release lock…"))
        self.diag_claim_button = QPushButton(self.tr("Claim lock…"))
        self.diag_resolve_button = QPushButton(self.tr("Resolve duplicate…"))
        self.open_account_button = QPushButton(self.tr("Open account"))
        self.open_account_button.clicked.connect(lambda _checked=False: self.account_requested.emit(0))
        self.open_lock_button = QPushButton(self.tr("Open lock"))
        self.diag_scan_button = QPushButton(self.tr("Scan instead"))
        self.diag_scan_button.setToolTip(self.tr(
            "Diagnose again, looking the holders up with a Scan that reads every account's spelling "
            "(the index finds only the spellings asked for). It reads the whole table: read capacity "
            "in proportion to its size."))
        for i, b in enumerate((self.open_account_button, self.open_lock_button,
                               self.diag_release_button, self.diag_claim_button,
                               self.diag_resolve_button, self.diag_scan_button)):
            b.setEnabled(False)
            grid.addWidget(b, i // 3, i % 3)
        grid.setRowStretch(2, 1)
        return grid

    def set_rules(self, names: list[str]) -> None:
        """The schema's rules to pick from, keeping the current one if it is still there."""
        current = self.rule_picker.currentText()
        self.rule_picker.clear()
        self.rule_picker.addItems(names)
        if current in names:
            self.rule_picker.setCurrentText(current)

    def show_answer(self, schema: UniquenessSchema, d: Diagnosis | None, buttons: Buttons, *,
                    stale: bool = False) -> None:
        """Show an answer (None clears it) with the buttons it allows (``DiagnoseFlow.buttons``)."""
        if d is None:
            self.diagnosis_view.clear()
        else:
            self.diagnosis_view.setHtml(diagnosis_html(d, stale=stale))
            self._ask_room()
        self.diag_release_button.setEnabled(buttons.release)
        self.diag_claim_button.setEnabled(buttons.claim)
        self.diag_resolve_button.setEnabled(buttons.resolve)
        self.open_lock_button.setEnabled(buttons.open_lock)
        self.diag_scan_button.setEnabled(buttons.scan)
        self._offer_accounts(schema, d.accounts if d is not None else [])

    def show_text(self, text: str, title: str = "") -> None:
        """A line instead of an answer (reading, nothing typed, an error), every button off."""
        head = f"<b>{html.escape(title)}</b>: " if title else ""
        self.diagnosis_view.setHtml(f"<p>{head}{html.escape(text)}</p>")
        for b in (self.diag_release_button, self.diag_claim_button, self.diag_resolve_button,
                  self.open_lock_button, self.diag_scan_button):
            b.setEnabled(False)
        self._offer_accounts(None, [])

    def refuse(self, text: str, widget: QWidget | None = None) -> None:
        """A sentence about what was typed: shown, its field (the value unless said) marked, the
        cursor there to fix it."""
        self.show_text(text)
        field = widget or self.value_edit
        mark_refused(field)
        field.setFocus()

    def clear_marks(self) -> None:
        for field in (self.value_edit, self.rule_picker):
            mark_refused(field, False)

    def _ask_room(self) -> None:
        """The height that shows the whole answer at the view's width (capped): the panel's
        splitter gives it, so the answer needs no scrolling in a 100 px box."""
        view = self.diagnosis_view
        doc = view.document().clone()
        doc.setTextWidth(max(200, view.viewport().width()))
        cap = QFontMetrics(view.font()).lineSpacing() * ANSWER_LINES_MAX
        answer = min(int(doc.size().height()) + 2 * view.frameWidth() + 8, cap)
        self.room_wanted.emit(self.height() - view.height() + max(answer, view.minimumHeight()))

    def _offer_accounts(self, schema: UniquenessSchema | None, accounts: list[dict[str, Any]]) -> None:
        button = self.open_account_button
        button.setEnabled(bool(accounts))
        button.setText(self.tr(
            "Open account") if len(accounts) < 2 else self.tr("Open account ({accounts_count})").format(
                accounts_count=len(accounts)))
        old = button.menu()
        if old is not None:
            button.setMenu(None)  # type: ignore[arg-type]  # the stub omits None; Qt takes it: no menu
            old.deleteLater()
        if len(accounts) < 2:
            return
        # Several holders: the button offers each one.
        menu = QMenu(button)
        for i, account in enumerate(accounts):
            pk = account.get(schema.pk_name, {}).get("S", "?") if schema is not None else "?"
            menu.addAction(pk, functools.partial(self.account_requested.emit, i))
        button.setMenu(menu)
