"""The transaction builder panel: action list, editors, live exact preview, validation,
templates, import/export, guarded execution and per-action outcomes."""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QFont, QGuiApplication, QIcon, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
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
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import code_export
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.idempotency import (
    TokenPolicy,
    stale_token_warning,
    text_carries_token,
    token_first_sent,
)
from dynoview.core.tx.model import (
    CONDITION_CHECK,
    KINDS,
    MAX_ACTIONS,
    PUT,
    Action,
    Problem,
    Transaction,
    TransactionImportError,
    parse_request,
)
from dynoview.core.tx.outcomes import (
    APPLIED,
    CANCELLED,
    SUCCEEDED,
    UNKNOWN,
    WRITTEN,
    ActionOutcome,
    ExecutionResult,
)
from dynoview.core.tx.preflight import Preflight
from dynoview.core.tx.preflight_guards import Guard, add_guards
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.tx.wire import RequestShapeError, formatted, preview_text
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.controller import BuilderController
from dynoview.ui.builder.dialogs import (
    ActionLogDialog,
    ConfirmDialog,
    ExportDialog,
    ImportDialog,
    JsonHighlighter,
)
from dynoview.ui.builder.editors import ActionEditor
from dynoview.ui.builder.preflight_view import OverrideDialog, PreflightView
from dynoview.ui.builder.template_forms import (
    NO_SUBJECT_HINT,
    TemplateEntry,
    TemplateForm,
    template_entries,
)
from dynoview.ui.builder.template_runner import TemplateRunner
from dynoview.ui.context import AppContext, Subject, WrittenKey
from dynoview.ui.flow_layout import FlowLayout

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
        self.schema: UniquenessSchema = ctx.schema  # the open table's, kept in step below
        self.action_log = ActionLog()
        self.transaction = Transaction()
        # New token whenever the actions change, kept for resends, unless the user typed one.
        self.tokens = TokenPolicy(self.transaction.token)
        self.problems: list[Problem] = []
        self.preview = ""
        self.result: ExecutionResult | None = None
        self.dialog: QDialog | None = None  # the dialog open now (kept alive while it is shown)
        self.preflight: Preflight | None = None
        self._preflight_for: list[Any] | None = None  # the actions the shown preflight judged
        self._guarded: tuple[Transaction, list[Guard]] | None = None
        self.executed_transaction: Transaction | None = None  # the last one sent
        self._editors: list[ActionEditor] = []
        self._outcomes: dict[int, ActionOutcome] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self.refresh)
        self.controller = BuilderController(ctx, self)
        self.controller.preflight_done.connect(self._after_preflight)
        self.controller.preflight_failed.connect(self._on_preflight_error)
        self.controller.executed.connect(self._on_result)
        self.controller.execute_failed.connect(self._on_error)
        self.controller.idle.connect(self._update_execute)
        self.template_runner = TemplateRunner(ctx, self._tables, self.default_table, self)
        self.template_runner.transaction_ready.connect(self._template_ready)
        self.template_runner.status.connect(self._set_status)
        self._setup_ui()
        ctx.connection_changed.connect(lambda _c: self._connection_changed())
        ctx.table_changed.connect(lambda _t: self._tables_changed())
        ctx.schema_changed.connect(self._schema_changed)
        ctx.subject_changed.connect(self._subject_changed)
        self._subject_changed(ctx.subject)
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
        self.check_button = QPushButton("Check preflight")
        self.check_button.setToolTip("Show the accounts and locks after this transaction, without sending "
                                     "it (Ctrl+Shift+K)")
        self.check_button.clicked.connect(self.check_preflight)
        self.execute_button = QPushButton("Execute")
        self.execute_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        self.execute_button.clicked.connect(self.execute)
        toolbar = FlowLayout()  # two rows at 1024 px rather than buttons off the window
        for w in (self.add_button, self.remove_button, self.up_button, self.down_button,
                  self.templates_button, self.import_button, self.export_button, self.log_button):
            toolbar.addWidget(w)
        toolbar.addStretch()
        run_box = QWidget()  # Check preflight and Execute wrap together, never apart
        run_row = QHBoxLayout(run_box)
        run_row.setContentsMargins(0, 0, 0, 0)
        run_row.addWidget(self.check_button)
        run_row.addWidget(self.execute_button)
        toolbar.addWidget(run_box)

        self.token_edit = QLineEdit(self.transaction.token)
        self.token_edit.setToolTip("ClientRequestToken: resending with the same token is idempotent for "
                                   "10 minutes")
        self.token_edit.textChanged.connect(self._schedule)
        self.token_edit.textEdited.connect(self._token_typed)
        self.token_note = QLabel(self.tokens.note())
        regen = QPushButton("Regenerate")
        regen.clicked.connect(self.regenerate_token)
        token_row = QHBoxLayout()
        token_row.addWidget(QLabel("ClientRequestToken"))
        token_row.addWidget(self.token_edit, 1)
        token_row.addWidget(regen)
        token_row.addWidget(self.token_note)

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
        # The empty builder's hint, where it is seen (the Problems tab may be behind).
        self.preview_view.setPlaceholderText("Nothing to send yet: add an action (Add action), start "
                                             "from a template (Templates) or import a request "
                                             "(Import JSON).")
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

        request = QWidget()
        request_layout = QVBoxLayout(request)
        request_layout.addWidget(QLabel("Exact request body (what is sent)"))
        request_layout.addWidget(self.preview_view, 1)
        preview_row = FlowLayout()
        preview_row.addWidget(self.formatted_box)
        preview_row.addStretch()
        preview_row.addWidget(copy)
        request_layout.addLayout(preview_row)
        self.preflight_view = PreflightView()
        self.preflight_view.suggestion_requested.connect(self.set_transaction)
        self.preflight_view.guards_requested.connect(self.add_guards)
        preflight_page = QWidget()
        QVBoxLayout(preflight_page).addWidget(self.preflight_view)
        # Request, problems and preflight each get the column's whole height, one at a time:
        # stacked, all three were squeezed unreadable at 1024x700. The tab titles carry the
        # problem count and the preflight's verdict, so neither goes unnoticed.
        self.right_tabs = QTabWidget()
        self.right_tabs.addTab(request, "Request")
        self.right_tabs.addTab(self.problem_list, "Problems")
        self.right_tabs.addTab(preflight_page, "After this transaction")

        # The list above its editor, full width: "1. ConditionCheck accounts …" stays readable.
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.action_list)
        left.addWidget(scroll)
        left.setChildrenCollapsible(False)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 4)
        left.setSizes([110, 440])
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.right_tabs)
        split.setChildrenCollapsible(False)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([560, 560])
        self.problem_list.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addLayout(toolbar)
        layout.addLayout(token_row)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

        QShortcut(QKeySequence("Ctrl+Return"), self, activated=self.execute)
        QShortcut(QKeySequence("Ctrl+Shift+K"), self, activated=self.check_preflight)
        QShortcut(QKeySequence("Ctrl+Up"), self, activated=lambda: self.move_current(-1))
        QShortcut(QKeySequence("Ctrl+Down"), self, activated=lambda: self.move_current(1))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self._highlighter.rehighlight()  # the JSON colours of the theme now shown
        super().changeEvent(event)

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
        if self._preflight_for is not None and self._preflight_for != tx.to_request()["TransactItems"]:
            # An answer about other actions would mislead: the next Execute checks again.
            self._preflight_for = None
            self.preflight = None
            self.preflight_view.clear()
            self._title_preflight_tab(None)

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
        self._title_problems_tab()
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

    def show_pane(self, widget: QWidget) -> None:
        """Bring the right column's tab holding ``widget`` (preview, problems, preflight) forward."""
        for index in range(self.right_tabs.count()):
            page = self.right_tabs.widget(index)
            if page is widget or page.isAncestorOf(widget):
                self.right_tabs.setCurrentIndex(index)
                return

    def _title_problems_tab(self) -> None:
        """The Problems tab says how many there are, so they are seen from the Request tab."""
        index = self.right_tabs.indexOf(self.problem_list)
        errors = sum(1 for p in self.problems if p.is_error)
        title = f"Problems ({len(self.problems)})" if self.problems else "Problems"
        icon = QStyle.StandardPixmap.SP_MessageBoxCritical if errors else \
            QStyle.StandardPixmap.SP_MessageBoxWarning if self.problems else None
        self.right_tabs.setTabText(index, title)
        self.right_tabs.setTabIcon(index, self.style().standardIcon(icon) if icon else QIcon())

    def _title_preflight_tab(self, preflight: Preflight | None) -> None:
        """A refusal shows on the tab too, even while the Request tab is in front."""
        index = self.right_tabs.indexOf(self.preflight_view.parentWidget())
        refused = preflight is not None and preflight.refused
        self.right_tabs.setTabText(index, "After this transaction" + (" (refused)" if refused else ""))
        icon = QStyle.StandardPixmap.SP_MessageBoxCritical if refused else None
        self.right_tabs.setTabIcon(index, self.style().standardIcon(icon) if icon else QIcon())

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
        if self.controller.running():
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

    def ask_confirmation(self, requirement: Any, preview: str,
                         answer: Callable[[str | bool | None], None]) -> None:
        """Open the confirmation dialog (no nested loop); ``answer`` gets None when cancelled."""
        self.dialog = dialog = ConfirmDialog(requirement, preview, self, preflight=self.preflight)
        dialog.finished.connect(lambda code: answer(
            dialog.confirmation() if code == ConfirmDialog.DialogCode.Accepted else None))
        dialog.open()

    def ask_override(self, preflight: Preflight, table: str, answer: Callable[[bool], None]) -> None:
        """The explicit override of a refusal: the user types the table name."""
        self.dialog = dialog = OverrideDialog(preflight, table, self)
        dialog.finished.connect(lambda code: answer(code == OverrideDialog.DialogCode.Accepted))
        dialog.open()

    def add_guards(self) -> None:
        """Load the transaction with the preflight's guards added (the preview shows them)."""
        if self._guarded is None or not self._guarded[1]:
            return
        guarded, guards = self._guarded
        self._guarded = None
        self.set_transaction(guarded)
        self._set_status(f"Added {len(guards)} guard(s); the preview shows the exact request. Execute "
                         "checks the preflight again.")

    def check_preflight(self) -> None:
        """Run the preflight alone and show its answer (nothing is sent)."""
        self._start_preflight(execute_after=False)

    def execute(self) -> None:
        """Preflight first (in the background), then confirmation, then the guarded send."""
        self._start_preflight(execute_after=True)

    def _start_preflight(self, *, execute_after: bool) -> None:
        self.refresh()
        reason = self.execute_block_reason() if execute_after else None
        if not execute_after and (self.ctx.reader is None or not self._editors
                                  or has_errors(self.problems)):
            reason = "Connect and fix the problems listed first: the preflight reads the live table."
        reader = self.ctx.reader
        if reason is not None or reader is None:
            self._set_status(reason or "")
            return
        tx = self.transaction.copy()
        self.preflight = None
        self.preflight_view.show_running()
        self.show_pane(self.preflight_view)  # the answer appears where the user is looking
        self._set_status("Preflight: reading the accounts and locks this transaction touches…")
        self.controller.start_preflight(reader, tx, self.schema, self._tables(), execute_after=execute_after)
        self._update_execute()

    def _on_preflight_error(self, exc: BaseException) -> None:
        self.preflight_view.clear("The preflight could not read the table; nothing was sent.")
        self._on_error(exc)

    def _after_preflight(self, tx: Transaction, execute_after: bool, preflight: Preflight) -> None:
        self.preflight = preflight
        self._preflight_for = tx.to_request()["TransactItems"]
        self.preflight_view.show_preflight(preflight)
        self._title_preflight_tab(preflight)
        self._guarded = add_guards(tx, self.schema, preflight.seen) if preflight.checked else None
        self.preflight_view.set_guards(self._guarded[1] if self._guarded else [])
        self._update_execute()
        if not execute_after:
            self._set_status(preflight.summary())
            return
        conn = self.ctx.connection
        if conn is None or self.transaction.to_request() != tx.to_request():
            self._set_status("The transaction changed during the preflight; nothing was sent. Execute again.")
            return
        if preflight.refused:
            table = tx.actions[0].table if tx.actions else ""
            self._set_status(preflight.summary())
            self.ask_override(preflight, table, functools.partial(self._overridden, tx, preflight))
            return
        self._confirm(tx)

    def _overridden(self, tx: Transaction, preflight: Preflight, typed: bool) -> None:
        if not typed:
            self._set_status(preflight.summary() + " Use the proposed template, or fix the actions.")
            return
        self._confirm(tx)

    def _confirm(self, tx: Transaction) -> None:
        conn = self.ctx.connection
        if conn is None:
            return
        requirement = confirmation_for(conn, tx)
        # Only a token sent before (from here, or typed/imported) can be late: a fresh one is
        # not looked up, so a long action log is not read on the UI thread for nothing.
        sent_before = self.tokens.pinned or (self.executed_transaction is not None
                                             and self.executed_transaction.token == tx.token)
        late = stale_token_warning(tx.token, token_first_sent(self.action_log, tx.token),
                                   time.time()) if sent_before else None
        if late:  # the same token past DynamoDB's 10 minutes: say so before the click
            requirement = dataclasses.replace(requirement, message=f"{requirement.message}\n\n{late}")
        self.ask_confirmation(requirement, self.preview, functools.partial(self._send, tx))

    def _send(self, tx: Transaction, confirmation: str | bool | None) -> None:
        conn = self.ctx.connection
        if confirmation is None or conn is None:
            self._set_status("Not executed: the confirmation was cancelled.")
            return
        self._set_status("Executing…")
        self.executed_transaction = tx  # what was sent, even if the builder is edited meanwhile
        self.controller.start_send(conn, tx, confirmation, tables=self._tables(), schema=self.schema,
                                   reader=self.ctx.reader, log=self.action_log)
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
        self.ctx.items_written.emit(self.written_keys(result))

    def _on_error(self, exc: BaseException) -> None:
        err = self.ctx.report(exc, operation="TransactWriteItems")
        self._set_status(err.message)
        self._update_execute()

    # ---------------------------------------------------------------- templates

    @property
    def selected_item(self) -> dict[str, Any] | None:
        return self.template_runner.selected_item

    @property
    def current_form(self) -> TemplateForm | None:
        return self.template_runner.current_form

    def set_selected_item(self, item: Mapping[str, Any] | None, table: str | None = None) -> None:
        """The account or lock the templates start from (the window's current selection)."""
        self.template_runner.select(item, table)

    def _subject_changed(self, subject: Subject | None) -> None:
        if subject is None:
            self.set_selected_item(None)
        else:
            self.set_selected_item(subject.item, subject.table)

    def _schema_changed(self, schema: UniquenessSchema) -> None:
        self.schema = self.template_runner.schema = schema
        self._schedule()  # validation names locks by the schema

    def template_entries(self) -> list[TemplateEntry]:
        """The templates for the current selection, titled with it (menu and palette)."""
        return template_entries(self.schema, self.selected_item)

    def _fill_templates_menu(self) -> None:
        menu = self.templates_menu
        menu.clear()
        group = None
        for entry in self.template_entries():
            if entry.group != group and group is not None:
                menu.addSection(entry.group)  # a heading: what the lines below do
            group = entry.group
            menu.addAction(entry.title, functools.partial(self.run_template, entry.name, entry.rule))
        if self.selected_item is None:
            hint = menu.addAction(NO_SUBJECT_HINT)
            hint.setEnabled(False)

    def run_template(self, name: str, rule: str | None = None) -> None:
        """Start a template on the current selection: most open their form; the ones that
        need the table's current state read it first."""
        self.template_runner.run(name, rule)

    def template_release(self, holders: list[str] | None = None, evidence: str = "") -> None:
        self.template_runner.release(holders, evidence)

    def _template_ready(self, tx: Transaction, status: str) -> None:
        self.set_transaction(tx)
        if status:
            self._set_status(status)

    def open_edit(self, table: TableInfo, old_item: Mapping[str, Any], new_item: Mapping[str, Any]) -> None:
        """Open a browser edit (a protected value's change moves its lock too)."""
        self.template_runner.open_edit(table, old_item, new_item)

    def open_delete(self, table: TableInfo, item: Mapping[str, Any]) -> None:
        """Delete from the browser: an account with its locks, a lock through the release form."""
        self.template_runner.open_delete(table, item)

    def written_keys(self, result: ExecutionResult) -> list[WrittenKey]:
        """The items an executed transaction wrote or may have written (none when DynamoDB
        cancelled or refused it): what ``ctx.items_written`` carries to the views."""
        if result.status not in (SUCCEEDED, APPLIED, UNKNOWN):
            return []
        tx = self.executed_transaction or self.transaction
        tables = self._tables()
        keys = []
        for action in tx.actions:
            if action.kind == CONDITION_CHECK:
                continue  # a check reads, it never writes
            info = tables.get(action.table)
            names = info.key_names if info is not None else tuple(
                n for n in (self.schema.pk_name, self.schema.sk_name) if n)
            keys.append(WrittenKey(action.table, action.target_key(names)))
        return keys

    # ---------------------------------------------------------------- import / export / log

    def import_dialog(self) -> None:
        self.dialog = dialog = ImportDialog(self)
        dialog.accepted.connect(lambda: self._imported(dialog))
        dialog.open()

    def _imported(self, dialog: ImportDialog) -> None:
        if dialog.transaction is not None:
            # A pasted request that names its token keeps it (resending a logged transaction).
            self.set_transaction(dialog.transaction, pinned=text_carries_token(dialog.text.toPlainText()))

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
        self.dialog = ExportDialog(f"Export as {titles[kind]}", code, name, content, self)
        self.dialog.open()

    def show_action_log(self) -> None:
        self.dialog = ActionLogDialog(self.action_log.entries(), str(self.action_log.path), self)
        self.dialog.open()

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
