"""Per-action editors: table and key, typed attributes, update and condition builders (the
field widgets they are made of live in ``fields``).

Widgets only collect what the user typed; turning it into an ``Action`` is core's work
(``values.parse_value``; expression text from the rows' data in ``tx.expressions``), and
every parse error comes back as a located ``Problem`` rather than an exception.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.session.tables import TableInfo
from dynoview.core.session.user_files import UserFileError, loads_user_json
from dynoview.core.tx.expressions import (
    CONDITION_OPERATORS,
    SET_FORMS,
    UPDATE_CLAUSES,
    ConditionRow,
    UpdateRow,
    build_expressions,
)
from dynoview.core.tx.model import KINDS, PUT, RETURN_VALUES_CHOICES, UPDATE, Action, Problem
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.user_text import parse_value
from dynoview.ui.builder.fields import AttributeTable, RowList, av_text, mark_field, type_combo


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
        layout = QVBoxLayout(self)
        layout.addLayout(self._build_top())
        self.key_box = QGroupBox(self.tr("Key"))
        self.key_form = QFormLayout(self.key_box)
        self.key_free = AttributeTable("key")
        self.item_box = QGroupBox(self.tr("Item (typed attributes)"))
        self.item = AttributeTable("item")
        QVBoxLayout(self.item_box).addWidget(self.item)
        self.raw_mode = QCheckBox(self.tr("Edit expressions as raw text"))
        for w in (self.key_box, self.item_box, self.raw_mode):
            layout.addWidget(w)
        self._build_expressions(layout)
        layout.addStretch(1)
        self._connect_ui()
        self.refresh_tables()
        self._kind_changed(self.kind.currentText())
        self._mode_changed(False)

    def _build_top(self) -> QFormLayout:
        self.kind = QComboBox()
        self.kind.addItems(KINDS)
        self.table_name = QComboBox()
        self.table_name.setEditable(True)
        self.return_values = QComboBox()
        self.return_values.addItems(RETURN_VALUES_CHOICES)
        top = QFormLayout()
        # Long labels ("Return values on condition failure") go above their field when narrow.
        top.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        top.addRow(self.tr("Action"), self.kind)
        top.addRow(self.tr("Table"), self.table_name)
        top.addRow(self.tr("Return values on condition failure"), self.return_values)
        return top

    def _build_expressions(self, layout: QVBoxLayout) -> None:
        """The update and condition boxes (rows, or raw text) and the raw expression maps."""
        self.update_box = QGroupBox(self.tr("Update expression"))
        update_layout = QVBoxLayout(self.update_box)
        self.update_rows = RowList(self.tr("Add update step"), self._update_row)
        self.update_raw = QLineEdit()
        self.update_raw.setPlaceholderText(self.tr("SET #n0 = :v0 REMOVE #n1"))
        self.update_raw.setAccessibleName(self.tr("Update expression"))
        update_layout.addWidget(self.update_rows)
        update_layout.addWidget(self.update_raw)
        self.condition_box = QGroupBox(self.tr("Condition"))
        condition_layout = QVBoxLayout(self.condition_box)
        self.condition_rows = RowList(self.tr("Add condition"), self._condition_row)
        self.condition_raw = QLineEdit()
        self.condition_raw.setPlaceholderText("attribute_not_exists(#n0)")
        self.condition_raw.setAccessibleName(self.tr("Condition expression"))
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
        maps.addRow(self.tr("ExpressionAttributeNames"), self.names_raw)
        maps.addRow(self.tr("ExpressionAttributeValues (DynamoDB JSON)"), self.values_raw)
        layout.addWidget(self.update_box)
        layout.addWidget(self.condition_box)
        layout.addLayout(maps)

    def _connect_ui(self) -> None:
        self.kind.currentTextChanged.connect(self._kind_changed)
        self.table_name.currentTextChanged.connect(self._table_changed)
        self.raw_mode.toggled.connect(self._mode_changed)
        for signal in (self.return_values.currentTextChanged, self.update_raw.textChanged,
                       self.condition_raw.textChanged, self.names_raw.textChanged,
                       self.values_raw.textChanged, self.item.changed, self.key_free.changed,
                       self.update_rows.changed, self.condition_rows.changed):
            signal.connect(lambda *_: self.changed.emit())

    def _update_row(self) -> list[QWidget]:
        clause = QComboBox()
        clause.addItems(UPDATE_CLAUSES)
        path = QLineEdit()
        path.setPlaceholderText(self.tr("attribute path, e.g. email or address.city"))
        form = QComboBox()
        form.addItems(SET_FORMS)
        form.setToolTip(self.tr("SET forms: value, if_not_exists(path, value), list_append(path, value), "
                        "path + value, path - value"))
        code = type_combo()
        value = QLineEdit()
        value.setPlaceholderText(self.tr("value"))
        for widget, name in ((clause, self.tr(
            "Update clause")), (path, self.tr("Attribute path")), (form, self.tr("SET form")),
                             (code, self.tr("Value type")), (value, self.tr("Value"))):
            widget.setAccessibleName(name)
        return [clause, path, form, code, value]

    def _condition_row(self) -> list[QWidget]:
        join = QComboBox()
        join.addItems(["AND", "OR"])
        negate = QCheckBox("NOT")
        path = QLineEdit()
        path.setPlaceholderText(self.tr("attribute path"))
        op = QComboBox()
        op.addItems(CONDITION_OPERATORS)
        code = type_combo()
        value = QLineEdit()
        value.setPlaceholderText(self.tr("value (BETWEEN, IN: values separated by |)"))
        for widget, name in ((join, self.tr(
            "Join with")), (path, self.tr("Attribute path")), (op, "Comparison"),
                             (code, self.tr("Value type")), (value, self.tr("Value"))):
            widget.setAccessibleName(name)
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
                # Strict: a repeated placeholder would keep only its last meaning, silently.
                names = loads_user_json(names_text, "ExpressionAttributeNames")
                if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
                    raise ValueError
                action.names = names
            except (UserFileError, ValueError) as exc:
                # A repeated key (it has a path): core's message names it and where it is.
                repeated = exc.message if isinstance(exc, UserFileError) and exc.path else ""
                problems.append(Problem(index, "names", repeated or self.tr(
                    'ExpressionAttributeNames is a JSON object such as '
                                        '{"#n0": "email"}; fix the text.')))
        values_text = self.values_raw.toPlainText().strip()
        if values_text:
            try:
                raw = loads_user_json(values_text, "ExpressionAttributeValues")  # as names above
                if not isinstance(raw, dict):
                    raise ValueError
            except (UserFileError, ValueError) as exc:
                repeated = exc.message if isinstance(exc, UserFileError) and exc.path else ""
                problems.append(Problem(index, "values", repeated or self.tr(
                    'ExpressionAttributeValues is a JSON object such '
                                        'as {":v0": {"S": "x"}}; fix the text.')))
                return
            for name, av in raw.items():
                try:
                    action.values[name] = from_dynamodb_json(av, name)
                except ValueParseError as exc:
                    problems.append(Problem(index, f"values.{exc.path or name}", exc.message))

    def _build_rows(self, index: int, action: Action, problems: list[Problem]) -> None:
        """Expressions and placeholders from the builder rows, built by core."""
        built = build_expressions(index, self.update_row_data() if action.kind == UPDATE else [],
                                  self.condition_row_data())
        problems.extend(built.problems)
        action.update, action.condition = built.update, built.condition
        action.names, action.values = built.names, built.values
        self.update_raw.setText(action.update)
        self.condition_raw.setText(action.condition)
        self.names_raw.setPlainText(json.dumps(action.names, ensure_ascii=False) if action.names else "")
        self.values_raw.setPlainText(json.dumps({k: to_dynamodb_json(v) for k, v in action.values.items()},
                                                ensure_ascii=False) if action.values else "")

    def update_row_data(self) -> list[UpdateRow]:
        """What the update rows hold, as core's rows."""
        rows = []
        for clause_w, path_w, form_w, code_w, value_w, _holder in self.update_rows.rows:
            assert isinstance(clause_w, QComboBox) and isinstance(path_w, QLineEdit)
            assert isinstance(form_w, QComboBox) and isinstance(code_w, QComboBox)
            assert isinstance(value_w, QLineEdit)
            rows.append(UpdateRow(clause_w.currentText(), path_w.text(), form_w.currentText(),
                                  code_w.currentText(), value_w.text()))
        return rows

    def condition_row_data(self) -> list[ConditionRow]:
        """What the condition rows hold, as core's rows."""
        rows = []
        for join_w, not_w, path_w, op_w, code_w, value_w, _holder in self.condition_rows.rows:
            assert isinstance(join_w, QComboBox) and isinstance(not_w, QCheckBox)
            assert isinstance(path_w, QLineEdit) and isinstance(op_w, QComboBox)
            assert isinstance(code_w, QComboBox) and isinstance(value_w, QLineEdit)
            rows.append(ConditionRow(path_w.text(), op_w.currentText(), code_w.currentText(),
                                     value_w.text(), join_w.currentText(), not_w.isChecked()))
        return rows

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

        mark_field(self.table_name, at("table"))
        mark_field(self.condition_box, at("condition"))
        mark_field(self.update_box, at("update"))
        mark_field(self.names_raw, at("names"))
        mark_field(self.values_raw, at("values"))
        mark_field(self.return_values, at("return_values"))
        self.item.mark(problems)
        self.key_free.mark(problems)
        for name, (edit, _t) in self._key_edits.items():
            mark_field(edit, [p for p in problems if p.field in (f"key.{name}", "key", f"item.{name}")])
        mark_field(self.kind, at("kind"))


__all__ = ["CONDITION_OPERATORS", "ActionEditor", "AttributeTable", "av_text"]
