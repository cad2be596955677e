"""The builder's editing half: the action list and its editors, the token, and the live
exact preview with its problems, rebuilt (debounced) on every change.

``TransactionEditing`` holds the transaction as edited; ``BuilderPanel`` subclasses it to
run, template, import and export it. Validation and the preview bytes come from core
(``tx.validation``, ``tx.wire``); this module only shows them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QListWidgetItem, QStyle, QWidget

from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.execution import ActionOutcome, ExecutionResult
from dynoview.core.tx.idempotency import TokenPolicy
from dynoview.core.tx.model import PUT, Action, Problem, Transaction, TransactionImportError, parse_request
from dynoview.core.tx.validation import validate
from dynoview.core.tx.wire import RequestShapeError, formatted, preview_text
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.editors import ActionEditor
from dynoview.ui.builder.layout import BuilderPanelLayout
from dynoview.ui.context import AppContext

DEFAULT_TABLE = "accounts"


class TransactionEditing(BuilderPanelLayout):
    """One TransactWriteItems as edited, validated and previewed exactly."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.schema: UniquenessSchema = ctx.schema  # the open table's, kept in step by the panel
        self.transaction = Transaction()
        # New token whenever the actions change, kept for resends, unless the user typed one.
        self.tokens = TokenPolicy(self.transaction.token)
        self.problems: list[Problem] = []
        self.preview = ""
        self.result: ExecutionResult | None = None
        self._editors: list[ActionEditor] = []
        self._outcomes: dict[int, ActionOutcome] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self.refresh)
        self._setup_ui()
        self.token_edit.setText(self.transaction.token)
        self.token_note.setText(self.tokens.note())
        self.token_edit.textChanged.connect(self._schedule)
        self.token_edit.textEdited.connect(self._token_typed)
        self.regenerate_button.clicked.connect(self.regenerate_token)
        self.action_list.currentRowChanged.connect(self._row_changed)
        self.formatted_box.toggled.connect(lambda _on: self._show_preview())
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.preview))
        self.problem_list.itemActivated.connect(self._problem_activated)

    # ---------------------------------------------------------------- actions list

    def _tables(self) -> dict[str, TableInfo]:
        tables = dict(self.ctx.tables)
        if self.ctx.table is not None:
            tables[self.ctx.table.name] = self.ctx.table
        return tables

    def default_table(self) -> str:
        return self.ctx.table.name if self.ctx.table is not None else DEFAULT_TABLE

    def add_action(self, kind: str = PUT, action: Action | None = None) -> ActionEditor:
        editor = ActionEditor(self._tables)
        editor.load(action or Action(kind=kind, table=self.default_table()))
        editor.changed.connect(self._schedule)
        self._editors.append(editor)
        self.stack.addWidget(editor)
        self.action_list.addItem(QListWidgetItem(""))
        self.action_list.setCurrentRow(len(self._editors) - 1)
        self._outcomes.clear()
        self.refresh()
        return editor

    def remove_current(self) -> None:
        row = self.action_list.currentRow()
        if row < 0:
            return
        editor = self._editors.pop(row)
        self.stack.removeWidget(editor)
        editor.deleteLater()
        self.action_list.takeItem(row)
        self._outcomes.clear()
        self.refresh()

    def move_current(self, step: int) -> None:
        row = self.action_list.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < len(self._editors):
            return
        editor = self._editors.pop(row)
        self._editors.insert(to, editor)
        self.stack.removeWidget(editor)
        self.stack.insertWidget(to, editor)
        self._outcomes.clear()
        self.refresh()
        self.action_list.setCurrentRow(to)

    def _row_changed(self, row: int) -> None:
        if 0 <= row < len(self._editors):
            self.stack.setCurrentWidget(self._editors[row])

    def editor(self, index: int) -> ActionEditor:
        return self._editors[index]

    def set_transaction(self, tx: Transaction, *, pinned: bool = False) -> None:
        """Replace everything with ``tx`` (templates, import, ``load_request``); ``pinned``
        when the user brought its token (an imported request naming one)."""
        for editor in self._editors:
            self.stack.removeWidget(editor)
            editor.deleteLater()
        self._editors = []
        self.action_list.clear()
        self._outcomes.clear()
        self.result = None
        self._set_status("")  # the last result is about another transaction
        self.tokens.load(tx.token, pinned=pinned)
        self.token_edit.setText(tx.token)
        self.token_note.setText(self.tokens.note())
        for action in tx.actions:
            editor = ActionEditor(self._tables)
            editor.load(action)
            editor.changed.connect(self._schedule)
            self._editors.append(editor)
            self.stack.addWidget(editor)
            self.action_list.addItem(QListWidgetItem(""))
        if self._editors:
            self.action_list.setCurrentRow(0)
        self.refresh()

    def load_request(self, request: dict) -> None:
        """Open a TransactWriteItems request (values in memory form, or DynamoDB JSON)."""
        try:
            tx = request if isinstance(request, Transaction) else parse_request(request, dynamodb_json=False)
        except TransactionImportError:
            try:
                tx = parse_request(request, dynamodb_json=True)
            except TransactionImportError as exc:
                self._set_status("The request could not be opened: " + "; ".join(
                    f"{p.location()}: {p.message}" for p in exc.problems))
                return
        self.set_transaction(tx)

    def regenerate_token(self) -> None:
        self.token_edit.setText(self.tokens.regenerate())
        self.token_note.setText(self.tokens.note())

    def _token_typed(self, text: str) -> None:
        self.tokens.typed(text)
        self.token_note.setText(self.tokens.note())

    # ---------------------------------------------------------------- refresh

    def _schedule(self) -> None:
        self._outcomes.clear()
        self._timer.start()

    def build_transaction(self) -> tuple[Transaction, list[Problem]]:
        """The transaction as edited, with input problems (unparseable values and JSON)."""
        input_problems: list[Problem] = []
        actions = []
        for index, editor in enumerate(self._editors):
            action, problems = editor.build(index)
            actions.append(action)
            input_problems.extend(problems)
        token = self.tokens.token_for([a.to_request() for a in actions])
        if token != self.token_edit.text().strip():
            # The actions changed: the new token shows at once (no second refresh for it).
            self.token_edit.blockSignals(True)
            self.token_edit.setText(token)
            self.token_edit.blockSignals(False)
        return Transaction(actions=actions, token=token), input_problems

    def refresh(self) -> None:
        """Rebuild the transaction, validate it, and update preview, problems and rows."""
        self._timer.stop()
        tx, problems = self.build_transaction()
        self.transaction = tx
        if not tx.actions:
            # An empty builder is a starting point, not a list of errors.
            self.problems = []
            self.preview = ""
            self._show_preview()
            self._show_problems()
            self.problem_list.addItem("Nothing to check yet: add an action (Add action) or start "
                                      "from a template (Templates), or import a request (Import "
                                      "JSON).")
            self._refreshed(None)
            return
        if not any(p.is_error for p in problems):
            problems = problems + validate(tx, self._tables(), self.schema)
        self.problems = problems
        try:
            self.preview = preview_text(tx.to_request())
        except RequestShapeError as exc:
            self.preview = ""
            self.problems.append(Problem(None, "actions", exc.message))
        self._show_preview()
        self._show_problems()
        self._refreshed(tx)

    def _refreshed(self, tx: Transaction | None) -> None:
        """Hook after each refresh (``tx`` None when there is nothing to send)."""

    def _show_preview(self) -> None:
        text = self.preview
        if text and self.formatted_box.isChecked():
            text = formatted(text)
        if self.preview_view.toPlainText() != text:
            self.preview_view.setPlainText(text)

    def _show_problems(self) -> None:
        style = self.style()
        self.problem_list.clear()
        for p in self.problems:
            icon = QStyle.StandardPixmap.SP_MessageBoxCritical if p.is_error \
                else QStyle.StandardPixmap.SP_MessageBoxWarning
            item = QListWidgetItem(style.standardIcon(icon), f"{p.location()}: {p.message}")
            item.setData(Qt.ItemDataRole.UserRole, p.index)
            self.problem_list.addItem(item)
        self._title_problems_tab(self.problems)
        for index, editor in enumerate(self._editors):
            mine = [p for p in self.problems if p.index == index]
            editor.mark(mine)
            item = self.action_list.item(index)
            if item is None:
                continue
            action = self.transaction.actions[index] if index < len(self.transaction.actions) else None
            text = f"{index + 1}. {action.summary() if action else ''}"
            tips = [p.message for p in mine]
            outcome = self._outcomes.get(index)
            if outcome is not None:
                text += f"  — {outcome.code or outcome.state or 'ok'}"
                tips.insert(0, outcome.message)
            item.setText(text)
            item.setToolTip("\n".join(tips))
            if (outcome is not None and outcome.code) or any(p.is_error for p in mine):
                icon = QStyle.StandardPixmap.SP_MessageBoxCritical
            elif mine:
                icon = QStyle.StandardPixmap.SP_MessageBoxWarning
            elif outcome is not None:
                icon = QStyle.StandardPixmap.SP_DialogApplyButton
            else:
                icon = QStyle.StandardPixmap.SP_FileIcon
            item.setIcon(style.standardIcon(icon))

    def _problem_activated(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(index, int) and 0 <= index < len(self._editors):
            self.action_list.setCurrentRow(index)

    def _set_status(self, text: str) -> None:
        self.status.setText(text)
