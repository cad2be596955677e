"""The ClientRequestToken row: the token, where it comes from, and Regenerate.

The token policy (``tx.idempotency.TokenPolicy``) decides: a new token whenever the actions
change, kept for resends, unless the user typed or imported one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from dynoview.core.tx.idempotency import TokenPolicy
from dynoview.ui.plain_text import plain_label


class TokenRow(QWidget):
    """``edited`` when the user typed a token or regenerated it."""

    edited = Signal()

    def __init__(self, token: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tokens = TokenPolicy(token)
        self.token_edit = QLineEdit(token)
        self.token_edit.setToolTip(self.tr(
            "ClientRequestToken: resending with the same token is idempotent for "
                                   "10 minutes"))
        self.token_note = plain_label(QLabel(self.tokens.note()))
        self.regenerate_button = QPushButton(self.tr("Regenerate"))
        self.regenerate_button.setToolTip(self.tr(
            "A new token: DynamoDB treats the next send as a new request"))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        label = plain_label(QLabel(self.tr("ClientRequestToken")))
        label.setBuddy(self.token_edit)
        row.addWidget(label)
        row.addWidget(self.token_edit, 1)
        row.addWidget(self.regenerate_button)
        row.addWidget(self.token_note)
        self.token_edit.textEdited.connect(self._typed)
        self.regenerate_button.clicked.connect(self.regenerate)

    @property
    def pinned(self) -> bool:
        return self.tokens.pinned

    def load(self, token: str, *, pinned: bool) -> None:
        self.tokens.load(token, pinned=pinned)
        self._show(token)

    def regenerate(self) -> None:
        self._show(self.tokens.regenerate())
        self.edited.emit()

    def token_for(self, requests: Sequence[dict[str, Any]]) -> str:
        """The token for these actions; a new one shows at once."""
        token = self.tokens.token_for(list(requests))
        if token != self.token_edit.text().strip():
            self._show(token)
        return token

    def _typed(self, text: str) -> None:
        self.tokens.typed(text)
        self.token_note.setText(self.tokens.note())
        self.edited.emit()

    def _show(self, token: str) -> None:
        self.token_edit.setText(token)
        self.token_note.setText(self.tokens.note())
