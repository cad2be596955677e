"""The selected item as DynamoDB JSON and as plain JSON, copyable."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.ttl.expiry import TtlState
from dynoview.core.values.display import display_text
from dynoview.core.values.dynamodb_json import dynamodb_json
from dynoview.core.values.plain import plain_json
from dynoview.core.values.types import type_code

_SET_TYPES = {"SS", "NS", "BS"}


def _children(av: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Nested entries of a map, list or set, as (label, AttributeValue)."""
    code = type_code(av)
    if code == "M":
        return [(k, v) for k, v in av["M"].items()]
    if code == "L":
        return [(f"[{i}]", v) for i, v in enumerate(av["L"])]
    if code in _SET_TYPES:
        member = code[0]
        return [("∈", {member: m}) for m in av[code]]
    return []


def attribute_node(name: str, av: dict[str, Any]) -> QTreeWidgetItem:
    """A tree row for one attribute; maps, lists and sets expand into their members."""
    node = QTreeWidgetItem([name, type_code(av), display_text(av, limit=500)])
    node.setToolTip(2, display_text(av, limit=5000))
    for label, child in _children(av):
        node.addChild(attribute_node(label, child))
    return node


def monospace() -> QFont:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


class ItemDetail(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._item: dict[str, Any] | None = None
        self._setup_ui()

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel("Select an item to see it in full.")
        self.title.setWordWrap(True)
        self.ttl_label = QLabel()
        self.ttl_label.setWordWrap(True)
        self.ttl_label.hide()
        self.tabs = QTabWidget()
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Attribute", "Type", "Value"])
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tabs.addTab(self.tree, "Attributes")
        self.ddb_text = QPlainTextEdit(readOnly=True)
        self.plain_text = QPlainTextEdit(readOnly=True)
        for edit in (self.ddb_text, self.plain_text):
            edit.setFont(monospace())
            edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.tabs.addTab(self.ddb_text, "DynamoDB JSON")
        self.tabs.addTab(self.plain_text, "Plain JSON")
        buttons = QHBoxLayout()
        self.actions_row = buttons  # other panels add their item actions here
        self.copy_button = QPushButton("Copy as JSON")
        self.copy_button.setToolTip("Copy the shown tab (Ctrl+Shift+C)")
        self.copy_button.clicked.connect(self.copy)
        self.copy_button.setEnabled(False)
        buttons.addStretch(1)
        buttons.addWidget(self.copy_button)
        layout.addWidget(self.title)
        layout.addWidget(self.ttl_label)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)

    def show_item(self, item: dict[str, Any] | None, key_text: str = "",
                  ttl: TtlState | None = None) -> None:
        self._item = item
        self.copy_button.setEnabled(item is not None)
        if item is None:
            self.title.setText("Select an item to see it in full.")
            self.ddb_text.clear()
            self.plain_text.clear()
            self.tree.clear()
            self.ttl_label.hide()
            return
        self.title.setText(key_text or "Item")
        self.tree.clear()
        self.tree.addTopLevelItems([attribute_node(k, v) for k, v in item.items()])
        self.ddb_text.setPlainText(dynamodb_json(item))
        self.plain_text.setPlainText(plain_json(item))
        if ttl is not None and ttl.kind != "none":
            details = "; ".join(t for t in (ttl.text, ttl.dates(), ttl.reason) if t)
            self.ttl_label.setText(f"TTL: {details}")
            self.ttl_label.show()
        else:
            self.ttl_label.hide()

    def current_text(self) -> str:
        """The JSON to copy: the plain JSON tab if shown, else DynamoDB JSON."""
        edit = self.plain_text if self.tabs.currentWidget() is self.plain_text else self.ddb_text
        return edit.toPlainText()

    def copy(self) -> None:
        if self._item is not None:
            QGuiApplication.clipboard().setText(self.current_text())
