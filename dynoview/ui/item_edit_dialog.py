"""Edit an item as DynamoDB JSON; the result goes to the transaction builder, never
straight to the table (every write is previewed)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.values import ValueParseError, dynamodb_json, from_dynamodb_json
from dynoview.ui.item_detail import monospace


def parse_item(text: str) -> dict[str, Any]:
    """DynamoDB JSON text to an item; ValueParseError says where it is wrong."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", "?")
        raise ValueParseError(f"This is not valid JSON (line {line}): {exc.args[0]}.") from exc
    except RecursionError:
        raise ValueParseError("This JSON is nested far too deeply; DynamoDB allows 32 levels.") from None
    if not isinstance(data, dict) or not data:
        raise ValueParseError("An item is a JSON object of attribute names to typed values, "
                              'e.g. {"PK": {"S": "ACCT#1"}}.')
    return {name: from_dynamodb_json(value, path=name) for name, value in data.items()}


class ItemEditDialog(QDialog):
    """Returns the edited item in ``item`` when accepted."""

    def __init__(self, item: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit item")
        self.resize(640, 520)
        self.item: dict[str, Any] | None = None
        hint = QLabel("Edit the item as DynamoDB JSON. Saving opens the transaction builder "
                      "with a Put guarded on the values you saw, so nothing is written until "
                      "you have checked the request.")
        hint.setWordWrap(True)
        self.editor = QPlainTextEdit()
        self.editor.setFont(monospace())
        self.editor.setPlainText(dynamodb_json(item))
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setProperty("role", "error")  # styled per theme
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.addButton("Open in builder", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        self.ok.clicked.connect(self._accept)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _accept(self) -> None:
        try:
            self.item = parse_item(self.editor.toPlainText())
        except ValueParseError as exc:
            where = f" at {exc.path}" if exc.path else ""
            self.error.setText(f"Not opened{where}: {exc.message}")
            return
        self.accept()
