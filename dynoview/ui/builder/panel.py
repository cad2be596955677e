"""The transaction builder panel: action list, editors, live exact preview, validation,
templates, import/export, guarded execution and per-action outcomes."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QFont, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core import code_export, templates
from dynoview.core.action_log import ActionLog
from dynoview.core.locks import UniquenessSchema, article_schema
from dynoview.core.tables import TableInfo
from dynoview.core.transactions import (
    KINDS,
    MAX_ACTIONS,
    PUT,
    Action,
    Problem,
    Transaction,
    TransactionImportError,
    parse_request,
)
from dynoview.core.tx_execution import (
    CANCELLED,
    WRITTEN,
    ActionOutcome,
    ExecutionResult,
    confirmation_for,
    execute_transaction,
)
from dynoview.core.tx_validation import has_errors, validate
from dynoview.core.tx_wire import RequestShapeError, formatted, preview_text
from dynoview.ui.builder.dialogs import (
    ActionLogDialog,
    ConfirmDialog,
    ExportDialog,
    ImportDialog,
    JsonHighlighter,
)
from dynoview.ui.builder.editors import ActionEditor
from dynoview.ui.context import AppContext

DEFAULT_TABLE = "accounts"


class BuilderPanel(QWidget):
    """Build, preview and execute one TransactWriteItems.

    ``load_request(request)`` replaces the transaction with a request dict (as
    ``ctx.open_builder_requested`` carries it); ``set_selected_item(item)`` tells the
    templates which account or lock is selected.
    """

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.schema: UniquenessSchema = article_schema()
        self.action_log = ActionLog()
        self.transaction = Transaction()
        self.problems: list[Problem] = []
        self.preview = ""
        self.result: ExecutionResult | None = None
        self.selected_item: dict[str, Any] | None = None
        self._editors: list[ActionEditor] = []
        self._outcomes: dict[int, ActionOutcome] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self.refresh)
        self._setup_ui()
        ctx.connection_changed.connect(lambda _c: self._connection_changed())
        ctx.table_changed.connect(lambda _t: self._tables_changed())
        ctx.open_item_requested.connect(self._item_requested)
        self.refresh()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        style = self.style()
        self.add_button = QToolButton()
        self.add_button.setText("Add action")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        add_menu = QMenu(self.add_button)
        for kind in KINDS:
            add_menu.addAction(kind, functools.partial(self.add_action, kind))
        self.add_button.setMenu(add_menu)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_current)
        self.up_button = QPushButton("Up")
        self.up_button.setToolTip("Move the action up (Ctrl+Up); cancellation reasons follow action order")
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button = QPushButton("Down")
        self.down_button.setToolTip("Move the action down (Ctrl+Down)")
        self.down_button.clicked.connect(lambda: self.move_current(1))
        self.templates_button = QToolButton()
        self.templates_button.setText("Templates")
        self.templates_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.templates_menu = QMenu(self.templates_button)
        self.templates_menu.aboutToShow.connect(self._fill_templates_menu)
        self.templates_button.setMenu(self.templates_menu)
        self.import_button = QPushButton("Import JSON…")
        self.import_button.clicked.connect(self.import_dialog)
        self.export_button = QToolButton()
        self.export_button.setText("Export")
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        export_menu = QMenu(self.export_button)
        export_menu.addAction("boto3 (Python)", lambda: self.export("boto3"))
        export_menu.addAction("AWS CLI", lambda: self.export("cli"))
        export_menu.addAction("JavaScript SDK v3", lambda: self.export("js"))
        self.export_button.setMenu(export_menu)
        self.log_button = QPushButton("Action log")
        self.log_button.clicked.connect(self.show_action_log)
        self.execute_button = QPushButton("Execute")
        self.execute_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        self.execute_button.clicked.connect(self.execute)
        toolbar = QHBoxLayout()
        for w in (self.add_button, self.remove_button, self.up_button, self.down_button,
                  self.templates_button, self.import_button, self.export_button, self.log_button):
            toolbar.addWidget(w)
        toolbar.addStretch(1)
        toolbar.addWidget(self.execute_button)

        self.token_edit = QLineEdit(self.transaction.token)
        self.token_edit.setToolTip("ClientRequestToken: resending with the same token is idempotent for "
                                   "10 minutes")
        self.token_edit.textChanged.connect(self._schedule)
        regen = QPushButton("Regenerate")
        regen.clicked.connect(self.regenerate_token)
        token_row = QHBoxLayout()
        token_row.addWidget(QLabel("ClientRequestToken"))
        token_row.addWidget(self.token_edit, 1)
        token_row.addWidget(regen)

        self.action_list = QListWidget()
        self.action_list.currentRowChanged.connect(self._row_changed)
        self.stack = QStackedWidget()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.stack)

        self.preview_view = QPlainTextEdit()
        self.preview_view.setReadOnly(True)
        self.preview_view.setFont(QFont("monospace"))
        self.preview_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._highlighter = JsonHighlighter(self.preview_view.document())
        self.formatted_box = QCheckBox("Formatted (for reading; the exact bytes are the unformatted view)")
        self.formatted_box.toggled.connect(lambda _on: self._show_preview())
        copy = QPushButton("Copy exact request")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.preview))
        self.problem_list = QListWidget()
        self.problem_list.itemActivated.connect(self._problem_activated)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel("Exact request body (what is sent)"))
        right_layout.addWidget(self.preview_view, 3)
        preview_row = QHBoxLayout()
        preview_row.addWidget(self.formatted_box)
        preview_row.addStretch(1)
        preview_row.addWidget(copy)
        right_layout.addLayout(preview_row)
        right_layout.addWidget(QLabel("Problems"))
        right_layout.addWidget(self.problem_list, 1)

        split = QSplitter()
        split.addWidget(self.action_list)
        split.addWidget(scroll)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        split.setStretchFactor(2, 2)
        split.setSizes([220, 560, 440])
        self.problem_list.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addLayout(toolbar)
        layout.addLayout(token_row)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

        QShortcut(QKeySequence("Ctrl+Return"), self, activated=self.execute)
        QShortcut(QKeySequence("Ctrl+Up"), self, activated=lambda: self.move_current(-1))
        QShortcut(QKeySequence("Ctrl+Down"), self, activated=lambda: self.move_current(1))

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

    def set_transaction(self, tx: Transaction) -> None:
        """Replace everything with ``tx`` (templates, import, ``load_request``)."""
        for editor in self._editors:
            self.stack.removeWidget(editor)
            editor.deleteLater()
        self._editors = []
        self.action_list.clear()
        self._outcomes.clear()
        self.result = None
        self.token_edit.setText(tx.token)
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
        self.token_edit.setText(Transaction().token)

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
        return Transaction(actions=actions, token=self.token_edit.text().strip()), input_problems

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
            self._update_execute()
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
        self._update_execute()

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

    def execute_block_reason(self) -> str | None:
        """Why Execute is disabled, as a sentence, or None when it may run."""
        conn = self.ctx.connection
        if conn is None:
            return "Connect to DynamoDB first: there is no connection to send to."
        if conn.spec.read_only:
            return ("This connection is read-only: transactions cannot be executed. Reconnect without "
                    "read-only to write.")
        if not self._editors:
            return "Add an action first."
        if len(self._editors) > MAX_ACTIONS or has_errors(self.problems):
            return "Fix the problems listed first: nothing is sent while the transaction has errors."
        if self.ctx.tasks.is_running("builder-execute"):
            return "The transaction is being executed."
        return None

    def _update_execute(self) -> None:
        reason = self.execute_block_reason()
        self.execute_button.setEnabled(reason is None)
        self.execute_button.setToolTip(reason or "Execute (Ctrl+Return): asks for confirmation first")
        if reason is not None and self.ctx.connection is not None and self.ctx.connection.spec.read_only:
            self._set_status(reason)

    def _set_status(self, text: str) -> None:
        self.status.setText(text)

    # ---------------------------------------------------------------- execution

    def ask_confirmation(self, requirement: Any, preview: str) -> str | bool | None:
        """Show the confirmation dialog; None when the user cancels."""
        dialog = ConfirmDialog(requirement, preview, self)
        if dialog.exec() != ConfirmDialog.DialogCode.Accepted:
            return None
        return dialog.confirmation()

    def execute(self) -> None:
        self.refresh()
        reason = self.execute_block_reason()
        conn = self.ctx.connection
        if reason is not None or conn is None:
            self._set_status(reason or "")
            return
        tx = self.transaction.copy()
        confirmation = self.ask_confirmation(confirmation_for(conn, tx), self.preview)
        if confirmation is None:
            self._set_status("Not executed: the confirmation was cancelled.")
            return
        run = functools.partial(execute_transaction, conn, tx, confirmation=confirmation,
                                tables=self._tables(), schema=self.schema, reader=self.ctx.reader,
                                log=self.action_log)
        self._set_status("Executing…")
        self.ctx.tasks.submit("builder-execute", run, on_result=self._on_result, on_error=self._on_error)
        self._update_execute()

    def _on_result(self, result: ExecutionResult) -> None:
        self.result = result
        self._outcomes = {o.index: o for o in result.actions}
        self._show_problems()
        prefix = "Applied" if result.status in WRITTEN else "Cancelled" if result.status == CANCELLED \
            else result.status.replace("_", " ").capitalize()
        self._set_status(f"{prefix}: {result.message}")
        self._update_execute()
        if result.status in WRITTEN:
            # The same token must not be reused for a different transaction.
            self.regenerate_token()

    def _on_error(self, exc: BaseException) -> None:
        err = self.ctx.report(exc, operation="TransactWriteItems")
        self._set_status(err.message)
        self._update_execute()

    # ---------------------------------------------------------------- templates

    def set_selected_item(self, item: Mapping[str, Any] | None) -> None:
        """The account or lock the templates start from (from the browser's selection)."""
        self.selected_item = dict(item) if item is not None else None

    def _item_requested(self, table: str, key: Any) -> None:
        reader = self.ctx.reader
        if reader is None:
            return
        self.ctx.tasks.submit("builder-selected-item", reader.get_item, table, key,
                              on_result=self.set_selected_item, on_error=lambda _e: None)

    def ask_text(self, title: str, label: str, default: str = "") -> str | None:
        text, ok = QInputDialog.getText(self, title, label, text=default)
        return text.strip() if ok and text.strip() else None

    def _fill_templates_menu(self) -> None:
        menu = self.templates_menu
        menu.clear()
        menu.addAction("Sign up (new account)", self.template_sign_up)
        item = self.selected_item
        if item is None:
            hint = menu.addAction("Select an account or lock in the browser for repairs")
            hint.setEnabled(False)
            return
        for name in templates.templates_for(self.schema, item):
            if name == "change_value":
                for rule in self.schema.rules:
                    menu.addAction(f"Change {rule.name}…", functools.partial(self.template_change, rule.name))
            elif name == "delete_account":
                menu.addAction("Delete account and its locks", self.template_delete_account)
            elif name == "claim_missing_lock":
                for rule in self.schema.rules:
                    if rule.attribute in item:
                        menu.addAction(f"Claim missing {rule.name} lock",
                                       functools.partial(self.template_claim, rule.name))
                for rule in self.schema.rules:
                    if rule.attribute in item:
                        menu.addAction(f"Resolve duplicate {rule.name}…",
                                       functools.partial(self.template_resolve, rule.name))
            elif name == "release_orphan_lock":
                menu.addAction("Release orphan lock…", self.template_release)
        menu.addSeparator()
        info = self._tables().get(self.default_table())
        if info is not None:
            act = QAction("Delete this item (guarded)", menu)
            act.triggered.connect(lambda: self.set_transaction(templates.delete_item(info, item)))
            menu.addAction(act)

    def template_sign_up(self) -> None:
        acct = uuid.uuid4().hex[:6]
        account = {self.schema.pk_name: {"S": f"{self.schema.account_pk_prefix}{acct}"}}
        if self.schema.sk_name and self.schema.account_sk_value is not None:
            account[self.schema.sk_name] = {"S": self.schema.account_sk_value}
        for rule in self.schema.rules:
            account[rule.attribute] = {"S": f"new-{rule.name}-{acct}"}
        self.set_transaction(templates.sign_up(self.schema, self.default_table(), account))

    def template_change(self, rule_name: str) -> None:
        if self.selected_item is None:
            return
        new = self.ask_text(f"Change {rule_name}", f"New {rule_name}:")
        if new:
            self.set_transaction(templates.change_value(self.schema, self.default_table(), self.selected_item,
                                                        rule_name, new))

    def template_delete_account(self) -> None:
        if self.selected_item is not None:
            self.set_transaction(templates.delete_account(self.schema, self.default_table(),
                                                          self.selected_item))

    def template_claim(self, rule_name: str) -> None:
        if self.selected_item is not None:
            self.set_transaction(templates.claim_missing_lock(self.schema, self.default_table(),
                                                              self.selected_item, rule_name))

    def template_release(self) -> None:
        if self.selected_item is None:
            return
        owner_pk = self.ask_text("Release orphan lock", "Owner account key (optional, e.g. ACCT#4c5d6e):")
        owner = None
        if owner_pk:
            owner = {self.schema.pk_name: {"S": owner_pk}}
            if self.schema.sk_name and self.schema.account_sk_value is not None:
                owner[self.schema.sk_name] = {"S": self.schema.account_sk_value}
        key = {k: v for k, v in self.selected_item.items()
               if k in (self.schema.pk_name, self.schema.sk_name)}
        self.set_transaction(templates.release_orphan_lock(self.schema, self.default_table(), key, owner))

    def template_resolve(self, rule_name: str) -> None:
        keep, reader = self.selected_item, self.ctx.reader
        if keep is None or reader is None:
            return
        other_pk = self.ask_text(f"Resolve duplicate {rule_name}",
                                 "Key of the other account (it gives up the value), e.g. ACCT#3b4c5d:")
        if not other_pk:
            return
        new_value = self.ask_text(f"Resolve duplicate {rule_name}",
                                  f"New {rule_name} for that account (empty removes it):")
        key = {self.schema.pk_name: {"S": other_pk}}
        if self.schema.sk_name and self.schema.account_sk_value is not None:
            key[self.schema.sk_name] = {"S": self.schema.account_sk_value}
        table = self.default_table()

        def done(other: dict[str, Any] | None) -> None:
            if other is None:
                self._set_status(f"No account {other_pk} in {table}; check the key.")
                return
            try:
                tx = templates.resolve_duplicate(self.schema, table, keep, other, rule_name, new_value)
            except ValueError as exc:
                self._set_status(str(exc))
                return
            self.set_transaction(tx)

        self.ctx.tasks.submit("builder-read-other", reader.get_item, table, key, on_result=done,
                              on_error=self._on_error)

    def open_edit(self, table: TableInfo, old_item: Mapping[str, Any], new_item: Mapping[str, Any]) -> None:
        """Open a browser edit as a Put guarded on the values the user saw."""
        self.set_transaction(templates.edit_item(table, old_item, new_item))

    def open_delete(self, table: TableInfo, item: Mapping[str, Any]) -> None:
        self.set_transaction(templates.delete_item(table, item))

    # ---------------------------------------------------------------- import / export / log

    def import_dialog(self) -> None:
        dialog = ImportDialog(self)
        if dialog.exec() == ImportDialog.DialogCode.Accepted and dialog.transaction is not None:
            self.set_transaction(dialog.transaction)

    def export_text(self, kind: str) -> tuple[str, str | None, str | None]:
        """(code, file name, file content) for boto3, cli or js."""
        request = self.transaction.to_request()
        conn = self.ctx.connection
        region = conn.region if conn is not None else None
        endpoint = conn.spec.endpoint_url if conn is not None else None
        if kind == "boto3":
            return code_export.to_boto3(request, region=region, endpoint_url=endpoint), None, None
        if kind == "cli":
            cli = code_export.to_aws_cli(request, region=region, endpoint_url=endpoint)
            return cli.command, cli.file_name, cli.file_content
        return code_export.to_javascript(request, region=region, endpoint_url=endpoint), None, None

    def export(self, kind: str) -> None:
        self.refresh()
        try:
            code, name, content = self.export_text(kind)
        except RequestShapeError as exc:
            self._set_status(exc.message)
            return
        titles = {"boto3": "boto3 (Python)", "cli": "AWS CLI", "js": "JavaScript SDK v3"}
        ExportDialog(f"Export as {titles[kind]}", code, name, content, self).exec()

    def show_action_log(self) -> None:
        ActionLogDialog(self.action_log.entries(), str(self.action_log.path), self).exec()

    # ---------------------------------------------------------------- context

    def _connection_changed(self) -> None:
        for editor in self._editors:
            editor.refresh_tables()
        self._set_status("")
        self.refresh()

    def _tables_changed(self) -> None:
        for editor in self._editors:
            editor.refresh_tables()
        self.refresh()
