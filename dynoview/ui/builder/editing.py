"""The builder's editing half: the action list above the selected action's editor, and the
checks of the transaction they make (validation and the exact preview come from core:
``tx.validation``, ``tx.wire``; this module only shows them)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QSplitter, QWidget

from dynoview.core.session.table_suggestion import did_you_mean
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import PUT, WARNING, Action, Problem, Transaction
from dynoview.core.tx.outcomes import ActionOutcome, ExecutionResult
from dynoview.core.tx.validation import validate
from dynoview.core.tx.wire import RequestShapeError, body_json, preview_text
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.ui.builder.action_list_view import ActionListView
from dynoview.ui.builder.editor_stack import EditorStack
from dynoview.ui.builder.editors import ActionEditor
from dynoview.ui.context import AppContext

DEFAULT_TABLE = "accounts"


def tables_of(ctx: AppContext) -> dict[str, TableInfo]:
    """The tables the builder knows by name: those described on this connection (opened, or
    named by a transaction the builder checked), and the open one."""
    tables = dict(ctx.tables)
    if ctx.table is not None:
        tables[ctx.table.name] = ctx.table
    return tables


def default_table(ctx: AppContext) -> str:
    return ctx.table.name if ctx.table is not None else DEFAULT_TABLE


def judge(tx: Transaction, input_problems: list[Problem], tables: Mapping[str, TableInfo],
          schema: UniquenessSchema,
          missing: Mapping[str, str | None] | None = None) -> tuple[list[Problem], str]:
    """(problems, exact preview) of the transaction as edited ("" when nothing can be sent).
    ``missing``: the tables a DescribeTable said are not on this connection (-> one named like it)."""
    if not tx.actions:
        return [], ""  # an empty builder is a starting point, not a list of errors
    problems = list(input_problems)
    if not any(p.is_error for p in problems):
        # A table merely not described yet is no sign it is missing (the preflight describes it):
        # only one DescribeTable said is not there is called so, at its Table field.
        problems += [p for p in validate(tx, tables, schema) if not _unknown_table(p)]
        problems += _missing_tables(tx, tables, missing or {})
    try:
        return problems, preview_text(tx.to_request())
    except RequestShapeError as exc:
        return [*problems, Problem(None, "actions", exc.message)], ""


def _unknown_table(problem: Problem) -> bool:
    """Validation's warning for a table not among those given (its only Table warning)."""
    return problem.field == "table" and not problem.is_error


def _missing_tables(tx: Transaction, tables: Mapping[str, TableInfo],
                    missing: Mapping[str, str | None]) -> list[Problem]:
    return [Problem(index, "table", f"Table {action.table} is not on this connection; check the name."
                    f"{did_you_mean(missing[action.table])}", WARNING)
            for index, action in enumerate(tx.actions)
            if action.table in missing and action.table not in tables]


def request_json(tx: Transaction, preview: str) -> dict[str, Any]:
    """The request as Import/Export JSON has it (DynamoDB JSON, binary as base64)."""
    if preview:
        return body_json(preview)
    # Not a valid request yet (a draft): the same shape, values converted one by one.
    request = tx.to_request()
    for entry in request["TransactItems"]:
        for body in entry.values():
            for part in ("Item", "Key", "ExpressionAttributeValues"):
                if isinstance(body.get(part), dict):
                    body[part] = {k: _dynamodb_json(v) for k, v in body[part].items()}
    return request


def _dynamodb_json(value: Any) -> Any:
    try:
        return to_dynamodb_json(value)
    except (TypeError, ValueError, KeyError, AttributeError):
        return value


class ActionsPane(QSplitter):
    """The list above its editor, full width: "1. ConditionCheck accounts …" stays readable.

    ``changed`` when the user edits an action's fields (the panel waits for a pause);
    ``reshaped`` when actions are added, removed or moved (the panel rebuilds at once).
    """

    changed = Signal()
    reshaped = Signal()

    def __init__(self, tables: Callable[[], Mapping[str, TableInfo]], default: Callable[[], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self._default = default
        self.outcomes: dict[int, ActionOutcome] = {}
        self.status = ""  # the status of the result the outcomes come from
        self.action_list = ActionListView()
        self.editor_stack = EditorStack(tables)
        self.addWidget(self.action_list)
        self.addWidget(self.editor_stack)
        self.setChildrenCollapsible(False)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 1)
        self.setSizes([160, 226])  # eight rows in sight at 1024x700, the editor the rest
        self.action_list.currentRowChanged.connect(self.editor_stack.show_editor)
        self.editor_stack.changed.connect(self._edited)

    def editor(self, index: int) -> ActionEditor:
        return self.editor_stack.editors[index]

    def add_action(self, kind: str = PUT, action: Action | None = None) -> ActionEditor:
        row = len(self.editor_stack.editors)
        editor = self.editor_stack.insert(row, action or Action(kind=kind, table=self._default()))
        self.action_list.add_row()
        self.action_list.setCurrentRow(row)
        self._reshaped()
        return editor

    def remove_current(self) -> None:
        row = self.action_list.currentRow()
        if row < 0:
            return
        self.editor_stack.remove(row)
        self.action_list.takeItem(row)
        self._reshaped()

    def move_current(self, step: int) -> None:
        row = self.action_list.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < len(self.editor_stack.editors):
            return
        self.editor_stack.move_editor(row, to)
        self._reshaped()
        self.action_list.setCurrentRow(to)

    def replace(self, actions: list[Action]) -> None:
        """Everything replaced (no ``reshaped``: the caller rebuilds)."""
        while self.editor_stack.editors:
            self.editor_stack.remove(0)
        self.action_list.clear()
        self.outcomes.clear()
        for row, action in enumerate(actions):
            self.editor_stack.insert(row, action)
            self.action_list.add_row()
        if actions:
            self.action_list.setCurrentRow(0)

    def show_result(self, result: ExecutionResult | None) -> None:
        """Each action's outcome on its row (None: none shown)."""
        self.outcomes = {o.index: o for o in result.actions} if result is not None else {}
        self.status = result.status if result is not None else ""

    def show_checks(self, actions: list[Action], problems: list[Problem]) -> None:
        self.action_list.show_rows(actions, problems, self.outcomes, self.status)
        self.editor_stack.mark(problems)

    def _edited(self) -> None:
        self.outcomes.clear()  # they were about the actions as sent
        self.changed.emit()

    def _reshaped(self) -> None:
        self.outcomes.clear()
        self.reshaped.emit()
