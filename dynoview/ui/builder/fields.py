"""The field widgets the action editor is made of: the typed attribute table, the rows of
update steps and conditions, and how a field shows its problems.

Widgets only collect what the user typed; every value is parsed by core
(``values.user_text.parse_value``) and a parse error becomes a located ``Problem``.
"""

from __future__ import annotations

import base64
import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.tx.model import Problem
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.user_text import parse_value
from dynoview.ui.accessible import tab_leaves
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.plain_text import plain_tooltip

TYPE_CODES = ("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M")
# Pale tones with dark text: the dark theme's light text on them was unreadable.
ERROR_STYLE = "background-color: #fde2e1; color: #202124;"
WARNING_STYLE = "background-color: #fff4ce; color: #202124;"
ERROR_CELL, WARNING_CELL, CELL_TEXT = QColor("#fde2e1"), QColor("#fff4ce"), QColor("#202124")


def av_text(av: Mapping[str, Any]) -> tuple[str, str]:
    """(type code, text the attribute editor shows) for a value."""
    (code, member), = av.items()
    if code == "S":
        return code, member
    if code == "N":
        return code, member
    if code == "B":
        return code, base64.b64encode(bytes(member)).decode("ascii")
    if code == "BOOL":
        return code, "true" if member else "false"
    if code == "NULL":
        return code, ""
    if code in ("SS", "NS"):
        return code, json.dumps(list(member), ensure_ascii=False)
    if code == "BS":
        return code, json.dumps([base64.b64encode(bytes(m)).decode("ascii") for m in member])
    body = to_dynamodb_json(av)[code]
    return code, json.dumps(body, ensure_ascii=False)


def type_combo(current: str = "S") -> QComboBox:
    combo = QComboBox()
    combo.addItems(TYPE_CODES)
    combo.setCurrentText(current)
    return combo


def mark_field(widget: QWidget, problems: list[Problem]) -> None:
    """Colour and tooltip a field widget with its problems (or clear them)."""
    if not problems:
        widget.setStyleSheet("")
        widget.setToolTip("")
        return
    error = any(p.is_error for p in problems)
    widget.setStyleSheet(ERROR_STYLE if error else WARNING_STYLE)
    widget.setToolTip(plain_tooltip("\n".join(p.message for p in problems)))


class AttributeTable(QWidget):
    """Typed attribute editor: name, type, value rows, for every DynamoDB type.

    S as text; N exact decimal text; B base64 (or loaded from a file); BOOL true/false;
    NULL empty; SS/NS/BS a JSON array; L/M JSON (DynamoDB JSON or plain JSON).
    """

    changed = Signal()

    def __init__(self, field_prefix: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field_prefix = field_prefix
        self.file_dialog: QFileDialog | None = None  # kept alive while it is open
        self.table = tab_leaves(QTableWidget(0, 3))
        self.table.setAccessibleName(self.tr(
            "{capitalize} attributes").format(capitalize=field_prefix.capitalize()))
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Type"), self.tr("Value")])
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.itemChanged.connect(lambda _item: self.changed.emit())
        add = QPushButton(self.tr("Add attribute"))
        add.clicked.connect(lambda: self.add_row("", {"S": ""}))
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(self.remove_selected)
        load = QPushButton(self.tr("B from file…"))
        load.setToolTip(self.tr("Load the selected row's binary value from a file."))
        load.clicked.connect(self.load_binary)
        buttons = QHBoxLayout()
        for b in (add, remove, load):
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def add_row(self, name: str, av: Mapping[str, Any]) -> None:
        self.add_text_row(name, *av_text(av))

    def add_text_row(self, name: str, code: str, text: str) -> None:
        """A row as the user typed it (the text need not parse yet)."""
        row = self.table.rowCount()
        self.table.blockSignals(True)
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(name))
        combo = type_combo(code)
        combo.currentTextChanged.connect(lambda _t: self.changed.emit())
        self.table.setCellWidget(row, 1, combo)
        self.table.setItem(row, 2, QTableWidgetItem(text))
        self.table.blockSignals(False)
        self.changed.emit()

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.table.removeRow(row)
        self.changed.emit()

    def load_binary(self) -> None:
        """Ask for a file (``open()``, no nested loop); its bytes become the row's B value."""
        row = self.table.currentRow()
        if row < 0:
            return
        dialog = QFileDialog(self, self.tr("Load binary value"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(functools.partial(self._load_binary_from, row))
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.file_dialog = dialog
        dialog.open()

    def _load_binary_from(self, row: int, path: str) -> None:
        self.file_dialog = None
        with open(path, "rb") as fh:
            data = fh.read()
        combo = self.table.cellWidget(row, 1)
        if isinstance(combo, QComboBox):
            combo.setCurrentText("B")
        cell = self.table.item(row, 2)
        if cell is None:
            cell = QTableWidgetItem()
            self.table.setItem(row, 2, cell)
        cell.setText(base64.b64encode(data).decode("ascii"))

    def typed_rows(self) -> list[tuple[str, str, str]]:
        """Every row as typed: (name, type code, value text), blank and repeated names too."""
        rows = []
        for row in range(self.table.rowCount()):
            name_item, value_item = self.table.item(row, 0), self.table.item(row, 2)
            combo = self.table.cellWidget(row, 1)
            rows.append((name_item.text() if name_item else "",
                         combo.currentText() if isinstance(combo, QComboBox) else "S",
                         value_item.text() if value_item else ""))
        return rows

    def set_values(self, values: Mapping[str, Any]) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        self.table.blockSignals(False)
        for name, av in values.items():
            self.add_row(name, av)

    def values(self, index: int, problems: list[Problem]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        first_row: dict[str, int] = {}  # name -> the row that named it first
        for row in range(self.table.rowCount()):
            name_item = self.table.item(row, 0)
            value_item = self.table.item(row, 2)
            combo = self.table.cellWidget(row, 1)
            # As typed: "note " and "note" are two attributes to DynamoDB, so no strip().
            name = name_item.text() if name_item else ""
            if not name.strip():
                message = self.tr("Row {value} has no attribute name; type one or remove the row.") \
                    if not name else self.tr("Row {value}'s attribute name is only spaces; type a "
                                             "name or remove the row.")
                # At the row's own field (prefix.name), so mark() shows it on that row.
                problems.append(Problem(index, f"{self.field_prefix}.{name}", message.format(value=row + 1)))
                continue
            if name in first_row:
                # A dict keeps one value per name: the other row would vanish from the request.
                problems.append(Problem(index, f"{self.field_prefix}.{name}", self.tr(
                    "Rows {first} and {row} both name the attribute {name}; an item holds each "
                    "attribute once, so one of the values would be lost. Rename or remove one "
                    "of the rows.").format(first=first_row[name] + 1, row=row + 1, name=name)))
                continue
            first_row[name] = row
            code = combo.currentText() if isinstance(combo, QComboBox) else "S"
            try:
                out[name] = parse_value(code, value_item.text() if value_item else "")
            except ValueParseError as exc:
                where = f"{self.field_prefix}.{name}" + (f".{exc.path}" if exc.path else "")
                problems.append(Problem(index, where, exc.message))
        return out

    def mark(self, problems: list[Problem]) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            name = item.text() if item else ""  # as values() names the problems
            mine = [p for p in problems if p.field == f"{self.field_prefix}.{name}"
                    or p.field.startswith(f"{self.field_prefix}.{name}.")
                    or p.field.startswith(f"{self.field_prefix}.{name}[")]
            for col in (0, 2):
                cell = self.table.item(row, col)
                if cell is None:
                    continue
                cell.setToolTip(plain_tooltip("\n".join(p.message for p in mine)))
                if not mine:  # back to the view's own colours
                    cell.setData(Qt.ItemDataRole.BackgroundRole, None)
                    cell.setData(Qt.ItemDataRole.ForegroundRole, None)
                    continue
                cell.setBackground(ERROR_CELL if any(p.is_error for p in mine) else WARNING_CELL)
                cell.setForeground(CELL_TEXT)


class RowList(QWidget):
    """A list of builder rows with add/remove, each row a horizontal set of widgets."""

    changed = Signal()

    def __init__(self, add_label: str, make_row: Callable[[], list[QWidget]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._make_row = make_row
        self.rows: list[list[QWidget]] = []
        self._rows_layout = QVBoxLayout()
        self._rows_layout.setContentsMargins(0, 0, 0, 0)
        add = QPushButton(add_label)
        add.clicked.connect(self.add_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._rows_layout)
        layout.addWidget(add, 0, Qt.AlignmentFlag.AlignLeft)

    def add_row(self) -> list[QWidget]:
        widgets = self._make_row()
        holder = QWidget()
        line = FlowLayout(holder)  # a condition row wraps in a narrow editor (1024x700)
        line.setContentsMargins(0, 0, 0, 0)
        for w in widgets:
            line.addWidget(w)
            for signal_name in ("currentTextChanged", "textChanged", "toggled"):
                signal = getattr(w, signal_name, None)
                if signal is not None:
                    signal.connect(lambda *_: self.changed.emit())
        remove = QPushButton("✕")
        remove.setToolTip(self.tr("Remove this row"))
        remove.setAccessibleName(self.tr("Remove this row"))
        remove.setFixedWidth(28)
        line.addWidget(remove)
        entry = [*widgets, holder]
        self.rows.append(entry)
        remove.clicked.connect(lambda: self._remove(entry))
        self._rows_layout.addWidget(holder)
        self.changed.emit()
        return widgets

    def _remove(self, entry: list[QWidget]) -> None:
        self.rows.remove(entry)
        entry[-1].setParent(None)
        entry[-1].deleteLater()
        self.changed.emit()

    def clear(self) -> None:
        for entry in list(self.rows):
            self._remove(entry)
