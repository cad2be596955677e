"""The builder's "after this transaction" pane and the explicit override dialog.

A refusal (the transaction would break a lock) and a warning (it would create a case or
lookalike clash, say) need the same explicit confirmation before anything is sent: the
table name typed in ``OverrideDialog``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.preflight.check import NOT_ATOMIC_NOTE, Preflight
from dynoview.core.preflight.guards import Guard
from dynoview.core.preflight.model import PreflightWarning
from dynoview.core.tx.model import Transaction
from dynoview.core.uniqueness.findings import EXPLANATIONS
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label
from dynoview.ui.tones import muted, tone, warning_color

IDLE_TEXT = QT_TRANSLATE_NOOP(
    "builder.preflight_view",
    "Not checked yet. Execute runs the preflight first (strongly consistent reads of every "
    "account and lock the transaction touches); Check preflight (Ctrl+Shift+K) runs it alone.")


def preflight_warnings(preflight: Preflight) -> Sequence[PreflightWarning]:
    """The new warnings the transaction would create (a case or lookalike clash, say)."""
    return preflight.warnings


def needs_override(preflight: Preflight) -> bool:
    """Whether sending needs the explicit confirmation: a refusal or a new warning."""
    return preflight.needs_confirmation


def warning_line(warning: PreflightWarning) -> str:
    """"⚠ Case or normalisation clash: ADA@Lovelace.io and ada@lovelace.io are …"."""
    return f"⚠ {warning.label}: {warning.message}"


class PreflightView(QWidget):
    """Per rule and value, what the accounts and locks look like after the transaction."""

    suggestion_requested = Signal(object)  # Transaction: the template that does it right
    guards_requested = Signal()  # add the conditions the preflight can add

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preflight: Preflight | None = None
        self.title = plain_label(QLabel(self.tr("After this transaction (preflight)")))
        self.summary = plain_label(QLabel(QCoreApplication.translate("builder.preflight_view", IDLE_TEXT)))
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.lines = QListWidget()
        self.lines.setAccessibleName(self.tr("Accounts and locks after this transaction"))
        self.lines.setWordWrap(True)
        self.lines.setMinimumHeight(72)
        self.note = plain_label(QLabel(NOT_ATOMIC_NOTE))
        self.note.setWordWrap(True)
        self.suggest_button = QPushButton(self.tr("Load the right transaction"))
        self.suggest_button.setToolTip(self.tr(
            "Replace this transaction with the template the preflight proposes"))
        self.suggest_button.clicked.connect(self._load_suggestion)
        self.suggest_button.hide()
        self.guards_button = QPushButton(self.tr("Add guards"))
        self.guards_button.clicked.connect(self.guards_requested.emit)
        self.guards_button.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addWidget(self.lines, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.suggest_button)
        buttons.addWidget(self.guards_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addWidget(self.note)
        self._tint_note()

    def _tint_note(self) -> None:
        palette = self.note.palette()
        palette.setColor(self.note.foregroundRole(), muted(self.palette()))
        self.note.setPalette(palette)

    def clear(self, text: str = IDLE_TEXT) -> None:
        self.preflight = None
        self.summary.setText(text)
        self.lines.clear()
        self.suggest_button.hide()
        self.guards_button.hide()

    def show_running(self) -> None:
        self.clear(self.tr("Preflight: reading the accounts and locks this transaction touches…"))

    def show_preflight(self, preflight: Preflight) -> None:
        self.preflight = preflight
        self.summary.setText(preflight.summary())
        self.lines.clear()
        bad, good = warning_color(self.palette()), tone(self.palette(), "#1b5e20", "#81c784")
        caution = tone(self.palette(), "#8a4b00", "#ffb74d")
        for line in preflight.lines():
            item = QListWidgetItem(line)
            # ✗ breaks a lock, ⚠ is a warning (a clash, an expired lock), the rest are healthy.
            item.setForeground(bad if "✗" in line else caution if "⚠" in line else good)
            self.lines.addItem(item)
        for refusal in preflight.refusals:
            item = QListWidgetItem(refusal.message)
            item.setForeground(bad)
            self.lines.addItem(item)
            for choice in refusal.choices:
                # Where no right transaction exists, what the user can do instead.
                item = QListWidgetItem(f"  • {choice.text}")
                item.setForeground(muted(self.palette()))
                self.lines.addItem(item)
        for warning in preflight_warnings(preflight):
            item = QListWidgetItem(warning_line(warning) + self.tr(" Sending it needs the same explicit "
                                   "confirmation as an override."))
            item.setForeground(caution)
            item.setToolTip(EXPLANATIONS.get(warning.status, ""))
            self.lines.addItem(item)
        for note in preflight.notes:
            if note != NOT_ATOMIC_NOTE:
                item = QListWidgetItem(note)
                item.setForeground(muted(self.palette()))
                self.lines.addItem(item)
        self.suggest_button.setVisible(self.suggestion() is not None)

    def set_guards(self, guards: list[Guard]) -> None:
        """Offer the guards the transaction lacks (each one listed in the tooltip)."""
        self.guards_button.setVisible(bool(guards))
        self.guards_button.setText(self.tr("Add %Ln guard(s)", "", len(guards)))
        listed = "\n".join(f"action {g.index + 1}: {g.text}" for g in guards)
        self.guards_button.setToolTip(self.tr(
            "Add these conditions so the transaction itself refuses a stale "
                                      "write:\n") + listed)

    def suggestion(self) -> Transaction | None:
        if self.preflight is None:
            return None
        return next((r.suggestion for r in self.preflight.refusals if r.suggestion is not None), None)

    def _load_suggestion(self) -> None:
        tx = self.suggestion()
        if tx is not None:
            self.suggestion_requested.emit(tx)


class OverrideDialog(QDialog):
    """Send a transaction the preflight refused, or one it warns about (a new case or
    lookalike clash): only after typing the table name, the same confirmation for both."""

    def __init__(self, preflight: Preflight, table: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        refused = preflight.refused
        warnings = preflight_warnings(preflight)
        self.setWindowTitle(self.tr("The preflight refused this transaction") if refused else
                            self.tr("The preflight warns about this transaction"))
        self.table = table
        layout = QVBoxLayout(self)
        parts = [r.message for r in preflight.refusals] + [warning_line(w) for w in warnings]
        self.text = text = plain_label(QLabel("\n\n".join(parts)))
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(text)
        why = self.tr("break the lock on purpose") if refused else \
            self.tr("accept the warning(s)", "", len(warnings))
        layout.addWidget(plain_label(QLabel(self.tr(
            "To send it anyway and {why}, type {table}:").format(why=why, table=table))))
        self.typed = QLineEdit()
        self.typed.setPlaceholderText(table)
        layout.addWidget(self.typed)
        layout.addStretch(1)  # spare height below the field, not between the sentences
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.send_button = self.buttons.addButton(self.tr(
            "Send anyway"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.typed.textChanged.connect(
            lambda text: self.send_button.setEnabled(text.strip() == self.table))
        self.send_button.setEnabled(False)
        self.resize(640, 320)
