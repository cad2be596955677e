"""Per-action editors: table and key, typed attributes, update and condition builders (the
field widgets they are made of live in ``fields``).

Widgets only collect what the user typed; turning it into an ``Action`` is core's work
(``values.parse_value``; expression text from the rows' data in ``tx.expressions``), and
every parse error comes back as a located ``Problem`` rather than an exception.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
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
from dynoview.core.tx.model import DELETE, KINDS, PUT, RETURN_VALUES_CHOICES, UPDATE, Action, Problem
from dynoview.core.values.dynamodb_json import WrittenNumber, from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.user_text import parse_value
from dynoview.ui.builder.expression_rows import INVALID, UNUSED, NotRows, rows_from_raw
from dynoview.ui.builder.fields import AttributeTable, RowList, av_text, mark_field, type_combo
from dynoview.ui.json_text import editor_change, json_safe
from dynoview.ui.themed import set_role

KeyRow = tuple[str, str, str]  # a key attribute as typed: (name, type code, value text)


def raw_texts(update: str, condition: str, names: Mapping[str, str],
              values: Mapping[str, Any]) -> tuple[str, str, str, str]:
    """What the four raw fields show (the maps escape what the editor would change)."""
    return (update, condition, json_safe(json.dumps(dict(names), ensure_ascii=False)) if names else "",
            json_safe(json.dumps({k: to_dynamodb_json(v) for k, v in values.items()},
                                 ensure_ascii=False)) if values else "")


def fill_update_row(widgets: list[QWidget], row: UpdateRow) -> None:
    clause_w, path_w, form_w, code_w, value_w = widgets
    assert isinstance(clause_w, QComboBox) and isinstance(path_w, QLineEdit)
    assert isinstance(form_w, QComboBox) and isinstance(code_w, QComboBox)
    assert isinstance(value_w, QLineEdit)
    clause_w.setCurrentText(row.clause)
    path_w.setText(row.path)
    form_w.setCurrentText(row.form)
    code_w.setCurrentText(row.code)
    value_w.setText(row.value)


def fill_condition_row(widgets: list[QWidget], row: ConditionRow) -> None:
    join_w, not_w, path_w, op_w, code_w, value_w = widgets
    assert isinstance(join_w, QComboBox) and isinstance(not_w, QCheckBox)
    assert isinstance(path_w, QLineEdit) and isinstance(op_w, QComboBox)
    assert isinstance(code_w, QComboBox) and isinstance(value_w, QLineEdit)
    join_w.setCurrentText(row.join)
    not_w.setChecked(row.negate)
    path_w.setText(row.path)
    op_w.setCurrentText(row.op)
    code_w.setCurrentText(row.code)
    value_w.setText(row.value)


class ActionEditor(QWidget):
    """Edits one action. ``build(index)`` returns the Action and any located input problems."""

    changed = Signal()

    def __init__(self, tables: Callable[[], Mapping[str, TableInfo]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tables = tables
        self._key_edits: dict[str, tuple[QLineEdit, str]] = {}
        # Key values no named field holds (another table's key): kept for a table switched back.
        self._key_stash: list[KeyRow] = []
        self.label = ""
        # The Delete loaded with the attributes its item held when seen: (table, key, seen), kept
        # on the action while it deletes that item (the preflight refuses one added since).
        self._seen: tuple[str, dict[str, Any], tuple[str, ...]] | None = None
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
        self.mode_note = QLabel()  # why the raw text stays raw (hidden when empty)
        self.mode_note.setWordWrap(True)
        self.mode_note.setTextFormat(Qt.TextFormat.PlainText)  # it quotes expressions ("<>")
        set_role(self.mode_note, "error")
        self.mode_note.hide()
        for w in (self.key_box, self.item_box, self.raw_mode, self.mode_note):
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
        if raw:  # the rows' latest edits, not the last (debounced) build's text
            self._build_rows(0, Action(kind=self.kind.currentText(), table=""), [])
        elif self._raw_edited():
            why = self._fill_rows_from_raw()
            if why:  # rows would lose it: stay raw and say why
                self.raw_mode.blockSignals(True)
                self.raw_mode.setChecked(True)
                self.raw_mode.blockSignals(False)
                self.mode_note.setText(why)
                self.mode_note.show()
                return
        self.mode_note.clear()
        self.mode_note.hide()
        self.update_rows.setVisible(not raw)
        self.condition_rows.setVisible(not raw)
        for widget in (self.update_raw, self.condition_raw, self.names_raw, self.values_raw):
            widget.setReadOnly(not raw)
        self.changed.emit()

    def _table_changed(self, _name: str) -> None:
        self._rebuild_key_form()
        self.changed.emit()

    def _raw_edited(self) -> bool:
        """Whether the raw fields say something else than the rows build (edited as text)."""
        built = build_expressions(0, self.update_row_data() if self.kind.currentText() == UPDATE else [],
                                  self.condition_row_data())
        shown = (self.update_raw.text(), self.condition_raw.text(), self.names_raw.toPlainText(),
                 self.values_raw.toPlainText())
        return shown != raw_texts(built.update, built.condition, built.names, built.values)

    def _fill_rows_from_raw(self) -> str:
        """Replace the rows by the raw expressions; "" when done, else why they cannot be rows."""
        action = Action(kind=self.kind.currentText(), table="")
        problems: list[Problem] = []
        self._build_raw(0, action, problems)
        if problems:
            return self.tr("Kept as raw text: {problem}").format(problem=problems[0].message)
        try:
            update_rows, condition_rows = rows_from_raw(action.update, action.condition, action.names,
                                                        action.values)
        except NotRows as exc:
            if exc.reason == INVALID:
                return self.tr("Kept as raw text: {problem} Fix the text, or keep editing it as "
                               "text.").format(problem=exc.detail)
            if exc.reason == UNUSED:
                return self.tr("Kept as raw text: no expression uses {placeholders}, and the rows "
                               "would drop them. Remove them from the maps, or keep editing as "
                               "text.").format(placeholders=exc.detail)
            return self.tr("Kept as raw text: the rows cannot show these expressions exactly (rows "
                           "are single conditions joined left to right, and update steps that each "
                           "act on one attribute with one value). Keep editing them as text.")
        if action.kind == UPDATE:  # other kinds send no update: their rows stay as they are
            self.update_rows.clear()
            for update_row in update_rows:
                fill_update_row(self.update_rows.add_row(), update_row)
        self.condition_rows.clear()
        for condition_row in condition_rows:
            fill_condition_row(self.condition_rows.add_row(), condition_row)
        return ""

    def _key_rows(self) -> list[KeyRow]:
        """The key as the form in use holds it, typed text (parsed or not) included; an empty
        named field holds nothing (it would only add a blank row to a free-form key)."""
        if self._key_edits:
            return [(name, code, edit.text()) for name, (edit, code) in self._key_edits.items()
                    if edit.text()]
        return self.key_free.typed_rows()

    def _show_key(self, rows: list[KeyRow], stash: list[KeyRow]) -> None:
        """Put key values into the form in use: the free-form table takes every row (those kept
        aside too); named fields take the values for their names, and the rest is kept aside."""
        if not self._key_edits:
            self.key_free.set_values({})
            for row in (*rows, *stash):
                self.key_free.add_text_row(*row)
            self._key_stash = []
            return
        for edit, _code in self._key_edits.values():
            edit.setText("")
        placed: set[str] = set()
        self._key_stash = []
        for row in (*rows, *stash):  # the form's own values first: they are the newer ones
            if row[0] in self._key_edits and row[0] not in placed:
                self._key_edits[row[0]][0].setText(row[2])
                placed.add(row[0])
            else:
                self._key_stash.append(row)

    def _rebuild_key_form(self) -> None:
        # The table list is refreshed on every connection change and the table name is typed a
        # letter at a time: the key the form held goes into the new form, whichever it is.
        old = self._key_rows()
        while self.key_form.rowCount():
            self.key_form.removeRow(0)
        self._key_edits = {}
        info = self._tables().get(self.table_name.currentText())
        self.key_free = AttributeTable("key")
        self.key_free.changed.connect(self.changed.emit)
        if info is None:
            self.key_form.addRow(self.key_free)
        else:
            for attr in (info.partition_key, info.sort_key):
                if attr is None:
                    continue
                edit = QLineEdit()
                edit.textChanged.connect(lambda _t: self.changed.emit())
                self._key_edits[attr.name] = (edit, attr.type)
                self.key_form.addRow(f"{attr.name} ({attr.type})", edit)
        self._show_key(old, self._key_stash)

    # ---------------------------------------------------------------- model

    def load(self, action: Action) -> None:
        """Show an action; its expressions go to the raw fields (they came from elsewhere)."""
        self.blockSignals(True)
        self.kind.setCurrentText(action.kind)
        self.table_name.setCurrentText(action.table)
        self._rebuild_key_form()
        self.return_values.setCurrentText(action.return_values or "NONE")
        self.item.set_values(action.item)
        self._show_key([(name, *av_text(av)) for name, av in action.key.items()], [])
        self.update_rows.clear()
        self.condition_rows.clear()
        self.raw_mode.setChecked(True)
        self.mode_note.clear()  # it was about the action shown before
        self.mode_note.hide()
        self._show_raw(action)
        self.label = action.label
        self._seen = (action.table, dict(action.key), action.seen) if action.seen is not None else None
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
        if self._seen is not None and action.kind == DELETE and self._seen[:2] == (action.table, action.key):
            action.seen = self._seen[2]
        return action, problems

    def _build_raw(self, index: int, action: Action, problems: list[Problem]) -> None:
        action.update = self.update_raw.text().strip() if action.kind == UPDATE else ""
        action.condition = self.condition_raw.text().strip()
        names_text = self._raw_map(index, "names", self.names_raw, problems)
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
        values_text = self._raw_map(index, "values", self.values_raw, problems)
        if values_text:
            try:
                raw = loads_user_json(values_text, "ExpressionAttributeValues", parse_float=WrittenNumber,
                                      parse_int=WrittenNumber)  # as names above; numbers as typed
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

    def _raw_map(self, index: int, field: str, edit: QPlainTextEdit, problems: list[Problem]) -> str:
        """A raw map's text; "" and a problem if it holds a character the editor would change."""
        if change := editor_change(edit):
            problems.append(Problem(index, field, f"ExpressionAttribute{field.title()}: {change[1]}"))
        return "" if change else edit.toPlainText().strip()

    def _build_rows(self, index: int, action: Action, problems: list[Problem]) -> None:
        """Expressions and placeholders from the builder rows, built by core."""
        built = build_expressions(index, self.update_row_data() if action.kind == UPDATE else [],
                                  self.condition_row_data())
        problems.extend(built.problems)
        action.update, action.condition = built.update, built.condition
        action.names, action.values = built.names, built.values
        self._show_raw(action)

    def _show_raw(self, action: Action) -> None:
        update, condition, names, values = raw_texts(action.update, action.condition, action.names,
                                                     action.values)
        self.update_raw.setText(update)
        self.condition_raw.setText(condition)
        self.names_raw.setPlainText(names)
        self.values_raw.setPlainText(values)

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
        fill_condition_row(self.condition_rows.add_row(), ConditionRow(path, op, code, value))

    def add_update(self, clause: str, path: str, form: str = "value", code: str = "S",
                   value: str = "") -> None:
        self.raw_mode.setChecked(False)
        fill_update_row(self.update_rows.add_row(), UpdateRow(clause, path, form, code, value))

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
