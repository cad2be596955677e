"""Per-action editors: table and key, typed attributes, update and condition builders.

Widgets only collect what the user typed; turning it into an ``Action`` uses core
(``values.parse_value``, ``expressions.comparison``/``Placeholders``), and every
parse error comes back as a located ``Problem`` rather than an exception.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.expressions.builders import and_, comparison, not_, or_
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import KINDS, PUT, RETURN_VALUES_CHOICES, UPDATE, Action, Problem
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.user_text import parse_value
from dynoview.ui.flow_layout import FlowLayout

TYPE_CODES = ("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M")
# Pale tones with dark text: the dark theme's light text on them was unreadable.
ERROR_STYLE = "background-color: #fde2e1; color: #202124;"
WARNING_STYLE = "background-color: #fff4ce; color: #202124;"
ERROR_CELL, WARNING_CELL, CELL_TEXT = QColor("#fde2e1"), QColor("#fff4ce"), QColor("#202124")
CONDITION_OPERATORS = ("attribute_not_exists", "attribute_exists", "attribute_type", "begins_with",
                       "contains", "=", "<>", "<", "<=", ">", ">=", "BETWEEN", "IN", "size =", "size <>",
                       "size <", "size <=", "size >", "size >=")
UPDATE_CLAUSES = ("SET", "REMOVE", "ADD", "DELETE")
SET_FORMS = ("value", "if_not_exists", "list_append", "+", "-")


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


def _type_combo(current: str = "S") -> QComboBox:
    combo = QComboBox()
    combo.addItems(TYPE_CODES)
    combo.setCurrentText(current)
    return combo


def _mark(widget: QWidget, problems: list[Problem]) -> None:
    """Colour and tooltip a field widget with its problems (or clear them)."""
    if not problems:
        widget.setStyleSheet("")
        widget.setToolTip("")
        return
    error = any(p.is_error for p in problems)
    widget.setStyleSheet(ERROR_STYLE if error else WARNING_STYLE)
    widget.setToolTip("\n".join(p.message for p in problems))


class AttributeTable(QWidget):
    """Typed attribute editor: name, type, value rows, for every DynamoDB type.

    S as text; N exact decimal text; B base64 (or loaded from a file); BOOL true/false;
    NULL empty; SS/NS/BS a JSON array; L/M JSON (DynamoDB JSON or plain JSON).
    """

    changed = Signal()

    def __init__(self, field_prefix: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field_prefix = field_prefix
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Name", "Type", "Value"])
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.itemChanged.connect(lambda _item: self.changed.emit())
        add = QPushButton("Add attribute")
        add.clicked.connect(lambda: self.add_row("", {"S": ""}))
        remove = QPushButton("Remove")
        remove.clicked.connect(self.remove_selected)
        load = QPushButton("B from file…")
        load.setToolTip("Load the selected row's binary value from a file.")
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
        code, text = av_text(av)
        row = self.table.rowCount()
        self.table.blockSignals(True)
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(name))
        combo = _type_combo(code)
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
        row = self.table.currentRow()
        if row < 0:
            return
        path, _ = QFileDialog.getOpenFileName(self, "Load binary value")
        if not path:
            return
        with open(path, "rb") as fh:
            data = fh.read()
        combo = self.table.cellWidget(row, 1)
        if isinstance(combo, QComboBox):
            combo.setCurrentText("B")
        self.table.item(row, 2).setText(base64.b64encode(data).decode("ascii"))

    def set_values(self, values: Mapping[str, Any]) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        self.table.blockSignals(False)
        for name, av in values.items():
            self.add_row(name, av)

    def values(self, index: int, problems: list[Problem]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for row in range(self.table.rowCount()):
            name_item = self.table.item(row, 0)
            value_item = self.table.item(row, 2)
            combo = self.table.cellWidget(row, 1)
            name = name_item.text().strip() if name_item else ""
            if not name:
                problems.append(Problem(index, self.field_prefix, f"Row {row + 1} has no attribute name; "
                                        "type one or remove the row."))
                continue
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
            name = item.text().strip() if item else ""
            mine = [p for p in problems if p.field == f"{self.field_prefix}.{name}"
                    or p.field.startswith(f"{self.field_prefix}.{name}.")
                    or p.field.startswith(f"{self.field_prefix}.{name}[")]
            for col in (0, 2):
                cell = self.table.item(row, col)
                if cell is None:
                    continue
                cell.setToolTip("\n".join(p.message for p in mine))
                if not mine:  # back to the view's own colours
                    cell.setData(Qt.ItemDataRole.BackgroundRole, None)
                    cell.setData(Qt.ItemDataRole.ForegroundRole, None)
                    continue
                cell.setBackground(ERROR_CELL if any(p.is_error for p in mine) else WARNING_CELL)
                cell.setForeground(CELL_TEXT)


class _RowList(QWidget):
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
        remove.setToolTip("Remove this row")
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


def _value_list(code: str, text: str, count: int | None) -> list[dict[str, Any]]:
    """Values typed in one builder cell: one, or several separated by '|' (BETWEEN, IN)."""
    if count == 0:
        return []
    parts = [p.strip() for p in text.split("|")] if count != 1 else [text]
    if count is not None and len(parts) != count:
        raise ValueParseError(f"Type {count} values separated by |, such as 1 | 9.")
    return [parse_value(code, p) for p in parts]


class ActionEditor(QWidget):
    """Edits one action. ``build(index)`` returns the Action and any located input problems."""

    changed = Signal()

    def __init__(self, tables: Callable[[], Mapping[str, TableInfo]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tables = tables
        self._key_edits: dict[str, tuple[QLineEdit, str]] = {}
        self.label = ""
        self._setup_ui()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        self.kind = QComboBox()
        self.kind.addItems(KINDS)
        self.table_name = QComboBox()
        self.table_name.setEditable(True)
        self.return_values = QComboBox()
        self.return_values.addItems(RETURN_VALUES_CHOICES)
        top = QFormLayout()
        # Long labels ("Return values on condition failure") go above their field when narrow.
        top.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        top.addRow("Action", self.kind)
        top.addRow("Table", self.table_name)
        top.addRow("Return values on condition failure", self.return_values)

        self.key_box = QGroupBox("Key")
        self.key_form = QFormLayout(self.key_box)
        self.key_free = AttributeTable("key")
        self.item_box = QGroupBox("Item (typed attributes)")
        item_layout = QVBoxLayout(self.item_box)
        self.item = AttributeTable("item")
        item_layout.addWidget(self.item)

        self.raw_mode = QCheckBox("Edit expressions as raw text")
        self.update_box = QGroupBox("Update expression")
        update_layout = QVBoxLayout(self.update_box)
        self.update_rows = _RowList("Add update step", self._update_row)
        self.update_raw = QLineEdit()
        self.update_raw.setPlaceholderText("SET #n0 = :v0 REMOVE #n1")
        update_layout.addWidget(self.update_rows)
        update_layout.addWidget(self.update_raw)
        self.condition_box = QGroupBox("Condition")
        condition_layout = QVBoxLayout(self.condition_box)
        self.condition_rows = _RowList("Add condition", self._condition_row)
        self.condition_raw = QLineEdit()
        self.condition_raw.setPlaceholderText("attribute_not_exists(#n0)")
        condition_layout.addWidget(self.condition_rows)
        condition_layout.addWidget(self.condition_raw)
        self.names_raw = QPlainTextEdit()
        self.names_raw.setPlaceholderText('{"#n0": "PK"}')
        self.names_raw.setMaximumHeight(60)
        self.values_raw = QPlainTextEdit()
        self.values_raw.setPlaceholderText('{":v0": {"S": "ada@lovelace.io"}}')
        self.values_raw.setMaximumHeight(80)
        maps = QFormLayout()
        maps.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        maps.addRow("ExpressionAttributeNames", self.names_raw)
        maps.addRow("ExpressionAttributeValues (DynamoDB JSON)", self.values_raw)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.key_box)
        layout.addWidget(self.item_box)
        layout.addWidget(self.raw_mode)
        layout.addWidget(self.update_box)
        layout.addWidget(self.condition_box)
        layout.addLayout(maps)
        layout.addStretch(1)

        self.kind.currentTextChanged.connect(self._kind_changed)
        self.table_name.currentTextChanged.connect(self._table_changed)
        self.raw_mode.toggled.connect(self._mode_changed)
        for signal in (self.return_values.currentTextChanged, self.update_raw.textChanged,
                       self.condition_raw.textChanged, self.names_raw.textChanged,
                       self.values_raw.textChanged, self.item.changed, self.key_free.changed,
                       self.update_rows.changed, self.condition_rows.changed):
            signal.connect(lambda *_: self.changed.emit())
        self.refresh_tables()
        self._kind_changed(self.kind.currentText())
        self._mode_changed(False)

    def _update_row(self) -> list[QWidget]:
        clause = QComboBox()
        clause.addItems(UPDATE_CLAUSES)
        path = QLineEdit()
        path.setPlaceholderText("attribute path, e.g. email or address.city")
        form = QComboBox()
        form.addItems(SET_FORMS)
        form.setToolTip("SET forms: value, if_not_exists(path, value), list_append(path, value), "
                        "path + value, path - value")
        code = _type_combo()
        value = QLineEdit()
        value.setPlaceholderText("value")
        return [clause, path, form, code, value]

    def _condition_row(self) -> list[QWidget]:
        join = QComboBox()
        join.addItems(["AND", "OR"])
        negate = QCheckBox("NOT")
        path = QLineEdit()
        path.setPlaceholderText("attribute path")
        op = QComboBox()
        op.addItems(CONDITION_OPERATORS)
        code = _type_combo()
        value = QLineEdit()
        value.setPlaceholderText("value (BETWEEN, IN: values separated by |)")
        return [join, negate, path, op, code, value]

    # ---------------------------------------------------------------- reactions

    def refresh_tables(self) -> None:
        current = self.table_name.currentText()
        self.table_name.blockSignals(True)
        self.table_name.clear()
        self.table_name.addItems(sorted(self._tables()))
        self.table_name.setCurrentText(current)
        self.table_name.blockSignals(False)
        self._rebuild_key_form()

    def _kind_changed(self, kind: str) -> None:
        self.item_box.setVisible(kind == PUT)
        self.key_box.setVisible(kind != PUT)
        self.update_box.setVisible(kind == UPDATE)
        self.changed.emit()

    def _mode_changed(self, raw: bool) -> None:
        self.update_rows.setVisible(not raw)
        self.condition_rows.setVisible(not raw)
        for widget in (self.update_raw, self.condition_raw, self.names_raw, self.values_raw):
            widget.setReadOnly(not raw)
        self.changed.emit()

    def _table_changed(self, _name: str) -> None:
        self._rebuild_key_form()
        self.changed.emit()

    def _rebuild_key_form(self) -> None:
        old = {name: edit.text() for name, (edit, _t) in self._key_edits.items()}
        while self.key_form.rowCount():
            self.key_form.removeRow(0)
        self._key_edits = {}
        info = self._tables().get(self.table_name.currentText())
        self.key_free = AttributeTable("key")
        self.key_free.changed.connect(self.changed.emit)
        if info is None:
            self.key_form.addRow(self.key_free)
            return
        for attr in (info.partition_key, info.sort_key):
            if attr is None:
                continue
            edit = QLineEdit(old.get(attr.name, ""))
            edit.textChanged.connect(lambda _t: self.changed.emit())
            self._key_edits[attr.name] = (edit, attr.type)
            self.key_form.addRow(f"{attr.name} ({attr.type})", edit)

    # ---------------------------------------------------------------- model

    def load(self, action: Action) -> None:
        """Show an action; its expressions go to the raw fields (they came from elsewhere)."""
        self.blockSignals(True)
        self.kind.setCurrentText(action.kind)
        self.table_name.setCurrentText(action.table)
        self._rebuild_key_form()
        self.return_values.setCurrentText(action.return_values or "NONE")
        self.item.set_values(action.item)
        if self._key_edits:
            for name, (edit, _t) in self._key_edits.items():
                av = action.key.get(name)
                edit.setText(av_text(av)[1] if av else "")
        else:
            self.key_free.set_values(action.key)
        self.update_rows.clear()
        self.condition_rows.clear()
        self.raw_mode.setChecked(True)
        self.update_raw.setText(action.update)
        self.condition_raw.setText(action.condition)
        self.names_raw.setPlainText(json.dumps(action.names, ensure_ascii=False) if action.names else "")
        self.values_raw.setPlainText(json.dumps({k: to_dynamodb_json(v) for k, v in action.values.items()},
                                                ensure_ascii=False) if action.values else "")
        self.label = action.label
        self.blockSignals(False)
        self.changed.emit()

    def build(self, index: int) -> tuple[Action, list[Problem]]:
        problems: list[Problem] = []
        action = Action(kind=self.kind.currentText(), table=self.table_name.currentText().strip(),
                        return_values=self.return_values.currentText(), label=self.label)
        if action.kind == PUT:
            action.item = self.item.values(index, problems)
        elif self._key_edits:
            for name, (edit, code) in self._key_edits.items():
                try:
                    action.key[name] = parse_value(code, edit.text())
                except ValueParseError as exc:
                    problems.append(Problem(index, f"key.{name}", exc.message))
        else:
            action.key = self.key_free.values(index, problems)
        if self.raw_mode.isChecked():
            self._build_raw(index, action, problems)
        else:
            self._build_rows(index, action, problems)
        return action, problems

    def _build_raw(self, index: int, action: Action, problems: list[Problem]) -> None:
        action.update = self.update_raw.text().strip() if action.kind == UPDATE else ""
        action.condition = self.condition_raw.text().strip()
        names_text = self.names_raw.toPlainText().strip()
        if names_text:
            try:
                names = json.loads(names_text)
                if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
                    raise ValueError
                action.names = names
            except ValueError:
                problems.append(Problem(index, "names", 'ExpressionAttributeNames is a JSON object such as '
                                        '{"#n0": "email"}; fix the text.'))
        values_text = self.values_raw.toPlainText().strip()
        if values_text:
            try:
                raw = json.loads(values_text)
                if not isinstance(raw, dict):
                    raise ValueError
            except ValueError:
                problems.append(Problem(index, "values", 'ExpressionAttributeValues is a JSON object such '
                                        'as {":v0": {"S": "x"}}; fix the text.'))
                return
            for name, av in raw.items():
                try:
                    action.values[name] = from_dynamodb_json(av, name)
                except ValueParseError as exc:
                    problems.append(Problem(index, f"values.{exc.path or name}", exc.message))

    def _build_rows(self, index: int, action: Action, problems: list[Problem]) -> None:
        """Generate expressions and placeholders from the builder rows (every name aliased)."""
        ph = Placeholders()
        if action.kind == UPDATE:
            action.update = self._update_text(index, ph, problems)
        action.condition = self._condition_text(index, ph, problems)
        action.names, action.values = ph.names, ph.values
        self.update_raw.setText(action.update)
        self.condition_raw.setText(action.condition)
        self.names_raw.setPlainText(json.dumps(action.names, ensure_ascii=False) if action.names else "")
        self.values_raw.setPlainText(json.dumps({k: to_dynamodb_json(v) for k, v in action.values.items()},
                                                ensure_ascii=False) if action.values else "")

    def _update_text(self, index: int, ph: Placeholders, problems: list[Problem]) -> str:
        clauses: dict[str, list[str]] = {c: [] for c in UPDATE_CLAUSES}
        for clause_w, path_w, form_w, code_w, value_w, _holder in self.update_rows.rows:
            assert isinstance(clause_w, QComboBox) and isinstance(path_w, QLineEdit)
            assert isinstance(form_w, QComboBox) and isinstance(code_w, QComboBox)
            assert isinstance(value_w, QLineEdit)
            clause, path_text = clause_w.currentText(), path_w.text().strip()
            if not path_text:
                problems.append(Problem(index, "update", "An update step has no attribute path; type one."))
                continue
            try:
                path = ph.name(path_text)
                if clause == "REMOVE":
                    clauses[clause].append(path)
                    continue
                value = ph.value(parse_value(code_w.currentText(), value_w.text()))
            except (ValueParseError, ValueError) as exc:
                problems.append(Problem(index, "update", getattr(exc, "message", str(exc))))
                continue
            if clause in ("ADD", "DELETE"):
                clauses[clause].append(f"{path} {value}")
                continue
            form = form_w.currentText()
            rhs = {"value": value, "if_not_exists": f"if_not_exists({path}, {value})",
                   "list_append": f"list_append({path}, {value})", "+": f"{path} + {value}",
                   "-": f"{path} - {value}"}[form]
            clauses[clause].append(f"{path} = {rhs}")
        return " ".join(f"{c} {', '.join(parts)}" for c, parts in clauses.items() if parts)

    def _condition_text(self, index: int, ph: Placeholders, problems: list[Problem]) -> str:
        text = ""
        for join_w, not_w, path_w, op_w, code_w, value_w, _holder in self.condition_rows.rows:
            assert isinstance(join_w, QComboBox) and isinstance(not_w, QCheckBox)
            assert isinstance(path_w, QLineEdit) and isinstance(op_w, QComboBox)
            assert isinstance(code_w, QComboBox) and isinstance(value_w, QLineEdit)
            op = op_w.currentText()
            size = op.startswith("size ")
            key = op[5:] if size else op.lower()
            count = {"attribute_exists": 0, "attribute_not_exists": 0, "between": 2, "in": None}.get(key, 1)
            try:
                values = _value_list("S" if key == "attribute_type" else code_w.currentText(),
                                     value_w.text(), count)
                part = comparison(ph, path_w.text().strip(), key, values, size=size)
            except (ValueParseError, ValueError) as exc:
                problems.append(Problem(index, "condition", getattr(exc, "message", str(exc))))
                continue
            if not_w.isChecked():
                part = not_(part)
            if not text:
                text = part
            else:
                text = and_(text, part) if join_w.currentText() == "AND" else or_(text, part)
        return text

    def add_condition(self, path: str, op: str, code: str = "S", value: str = "") -> None:
        """Add a builder row (used by tests and by templates that start from rows)."""
        self.raw_mode.setChecked(False)
        _join, _negate, path_w, op_w, code_w, value_w = self.condition_rows.add_row()
        assert isinstance(path_w, QLineEdit) and isinstance(op_w, QComboBox)
        assert isinstance(code_w, QComboBox) and isinstance(value_w, QLineEdit)
        path_w.setText(path)
        op_w.setCurrentText(op)
        code_w.setCurrentText(code)
        value_w.setText(value)

    def add_update(self, clause: str, path: str, form: str = "value", code: str = "S",
                   value: str = "") -> None:
        self.raw_mode.setChecked(False)
        clause_w, path_w, form_w, code_w, value_w = self.update_rows.add_row()
        assert isinstance(clause_w, QComboBox) and isinstance(path_w, QLineEdit)
        assert isinstance(form_w, QComboBox) and isinstance(code_w, QComboBox)
        assert isinstance(value_w, QLineEdit)
        clause_w.setCurrentText(clause)
        path_w.setText(path)
        form_w.setCurrentText(form)
        code_w.setCurrentText(code)
        value_w.setText(value)

    def mark(self, problems: list[Problem]) -> None:
        """Show this action's problems at their fields."""
        def at(prefix: str) -> list[Problem]:
            return [p for p in problems if p.field == prefix or p.field.startswith(prefix + ".")]

        _mark(self.table_name, at("table"))
        _mark(self.condition_box, at("condition"))
        _mark(self.update_box, at("update"))
        _mark(self.names_raw, at("names"))
        _mark(self.values_raw, at("values"))
        _mark(self.return_values, at("return_values"))
        self.item.mark(problems)
        self.key_free.mark(problems)
        for name, (edit, _t) in self._key_edits.items():
            _mark(edit, [p for p in problems if p.field in (f"key.{name}", "key", f"item.{name}")])
        _mark(self.kind, at("kind"))


__all__ = ["CONDITION_OPERATORS", "ActionEditor", "AttributeTable", "av_text"]
