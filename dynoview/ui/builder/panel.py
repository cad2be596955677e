"""The transaction builder panel: it assembles the toolbar, the token row, the action list with
its editors and the right column (request, problems, preflight), rebuilds the transaction on
every edit, and renders the send's state (``send_flow``), forwarding the user's answers.

``load_request(request)`` replaces the transaction with a request dict (undo, drafts); work
from other tabs, templates and imports goes through ``drafts`` (``BuilderDrafts.receive``),
which asks Replace / Append / Cancel over unsent actions; ``set_selected_item(item)`` tells the
templates which account or lock is selected; ``transaction_changed`` follows every edit.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QLabel, QSplitter, QVBoxLayout, QWidget

from dynoview.core.preflight.check import Preflight
from dynoview.core.tx import code_export
from dynoview.core.tx.idempotency import text_carries_token
from dynoview.core.tx.model import KINDS, MAX_ACTIONS, Transaction, TransactionImportError, parse_request
from dynoview.core.tx.outcomes import ExecutionResult
from dynoview.core.tx.seen_names import SeenNames
from dynoview.core.tx.validation import has_errors
from dynoview.core.tx.wire import RequestShapeError
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.ui.builder.connection_log import ConnectionActionLog
from dynoview.ui.builder.dialogs import (
    ActionLogDialog,
    ConfirmDialog,
    ExportDialog,
    ImportDialog,
    close_question,
)
from dynoview.ui.builder.drafts_view import BuilderDrafts
from dynoview.ui.builder.editing import ActionsPane, default_table, judge, request_json, tables_of
from dynoview.ui.builder.preflight_view import OverrideDialog
from dynoview.ui.builder.send_flow import (
    Outcome,
    SendEnv,
    SendFlow,
    SendStep,
    State,
    cancelled_keys,
    written_keys,
)
from dynoview.ui.builder.side_tabs import SideTabs
from dynoview.ui.builder.template_forms import TemplateForm
from dynoview.ui.builder.templates_menu import TemplatesMenu
from dynoview.ui.builder.token_row import TokenRow
from dynoview.ui.builder.toolbar import BuilderToolbar
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import ItemsChanged
from dynoview.ui.dialog_lifetime import forget_on_close
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label

EXPORT_TITLES = {"boto3": QT_TRANSLATE_NOOP(
    "builder.panel", "boto3 (Python)"), "cli": "AWS CLI", "js": "JavaScript SDK v3"}


def _parse(request: Any, dynamodb_json: bool | None) -> Transaction:
    """``request`` as a transaction (``load_request``); raises ``TransactionImportError``."""
    if dynamodb_json is not None:
        return parse_request(request, dynamodb_json=dynamodb_json)
    try:
        tx = parse_request(request, dynamodb_json=False)
    except TransactionImportError:
        return parse_request(request, dynamodb_json=True)
    # The memory-form parse checks no value: base64 text in a B would pass it and break the
    # editors later, so a request whose values are not all in memory form is DynamoDB JSON.
    return tx if _in_memory_form(tx) else parse_request(request, dynamodb_json=True)


def _in_memory_form(tx: Transaction) -> bool:
    try:
        for action in tx.actions:
            for values in (action.item, action.key, action.values):
                for av in values.values():
                    to_dynamodb_json(av)  # bytes(text) raises: base64 text is not memory form
    except (TypeError, ValueError, KeyError, AttributeError):  # ValueParseError is a ValueError
        return False
    return True


class BuilderPanel(QWidget):
    """Build, preview and execute one TransactWriteItems."""

    transaction_changed = Signal()  # after each edit of the transaction (see builder_api.md)
    action_log = ConnectionActionLog()  # the log of the connection it sends through

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.schema: UniquenessSchema = ctx.schema  # the open table's
        self.transaction = Transaction()
        #: What each Delete of a shown item held: given back to it after Ctrl+Z or a draft,
        #: whose request JSON does not carry it (core/tx/seen_names.py).
        self.seen_names = SeenNames()
        self.problems: list[Any] = []
        self.preview = ""
        self.result: ExecutionResult | None = None  # the last send's answer
        self.preflight: Preflight | None = None  # the preflight shown
        self.dialog: QDialog | None = None  # the dialog open now (kept alive while it is shown)
        self._notified: dict[str, Any] | None = None  # the request transaction_changed last said
        self._timer = QTimer(self, singleShot=True, interval=120)  # a pause in typing
        self._timer.timeout.connect(self.refresh)
        self._build()
        self.send_flow = SendFlow(ctx, lambda: self.transaction, self)
        self.send_flow.changed.connect(self._render)
        self.send_flow.controller.idle.connect(self._update_execute)  # the task ended: Execute again
        # -- H3b: drafts, undo/redo, the quit prompt (drafts_view). Made before _connect, so
        # it names a template's undo step before the template's transaction is loaded.
        self.drafts = BuilderDrafts(self)
        # -- end H3b
        self._connect()
        self.refresh()
        self._notified = self.transaction.to_request()
        # -- H3b: the restore note and the Drafts menu; the last session's work shown again;
        # the window asks before it closes with unsent work.
        self.drafts.attach(self.layout(), self.token_row)  # the button row is full at 1024 px
        self.drafts.restore()
        self.confirm_close = self.drafts.confirm_close  # the window's closeEvent asks it
        # -- end H3b

    def _build(self) -> None:
        """The parts, and their widgets under the names the window, tests and H3b use."""
        tables: Callable[[], dict[str, Any]] = lambda: tables_of(self.ctx)  # noqa: E731
        self.toolbar = BuilderToolbar()
        self.token_row = TokenRow(self.transaction.token)
        self.action_pane = ActionsPane(tables, lambda: default_table(self.ctx))
        self.side = SideTabs()
        self.templates = TemplatesMenu(self.ctx, self.toolbar.templates_menu, tables,
                                       lambda: default_table(self.ctx), self)
        self.status = plain_label(QLabel(wordWrap=True))
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        split = QSplitter(childrenCollapsible=False)
        split.addWidget(self.action_pane)
        split.addWidget(self.side)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([560, 560])
        layout = QVBoxLayout(self)
        for part, stretch in ((self.toolbar, 0), (self.token_row, 0), (split, 1), (self.status, 0)):
            layout.addWidget(part, stretch)
        bar, side = self.toolbar, self.side
        # The widgets under the names the window, the tests and H3b use.
        self.add_button, self.add_menu = bar.add_button, bar.add_menu
        self.remove_button = bar.remove_button
        self.up_button, self.down_button = bar.up_button, bar.down_button
        self.templates_button, self.templates_menu = bar.templates_button, bar.templates_menu
        self.import_button, self.log_button = bar.import_button, bar.log_button
        self.export_button, self.export_menu = bar.export_button, bar.export_menu
        self.check_button, self.execute_button = bar.send_bar.check_button, bar.send_bar.execute_button
        self.token_edit, self.token_note = self.token_row.token_edit, self.token_row.token_note
        self.regenerate_button = self.token_row.regenerate_button
        self.action_list = self.action_pane.action_list
        self.problem_list, self.preflight_view = side.problem_list, side.preflight_view
        self.preflight_page = side.preflight_page
        self.preview_view, self.formatted_box = side.preview.preview_view, side.preview.formatted_box
        self.copy_button = side.preview.copy_button
        # What the window, the palette and the tests call on the panel: the parts' own methods.
        self.editor, self.add_action = self.action_pane.editor, self.action_pane.add_action
        self.remove_current = self.action_pane.remove_current
        self.move_current = self.action_pane.move_current
        self.show_pane = side.show_pane
        self.right_tabs = side
        self.template_runner = runner = self.templates.runner
        # The window and the palette call these on the panel: the parts' own methods.
        self.run_template, self.template_release = runner.run, runner.release
        self.open_edit, self.open_delete = runner.open_edit, runner.open_delete
        self.set_selected_item, self.template_entries = self.templates.select, self.templates.entries
        self._fill_templates_menu = self.templates.fill
        self.regenerate_token = self.token_row.regenerate

    def _connect(self) -> None:
        for kind in KINDS:
            self.add_menu.addAction(kind, functools.partial(self.add_action, kind))
        bar = self.toolbar
        bar.remove_button.clicked.connect(self.remove_current)
        bar.up_button.clicked.connect(lambda: self.move_current(-1))
        bar.down_button.clicked.connect(lambda: self.move_current(1))
        bar.import_button.clicked.connect(self.import_dialog)
        for kind, title in EXPORT_TITLES.items():
            bar.export_menu.addAction(QCoreApplication.translate("builder.panel", title),
                                      functools.partial(self.export, kind))
        bar.log_button.clicked.connect(self.show_action_log)
        bar.send_bar.check_button.clicked.connect(self.check_preflight)
        bar.send_bar.execute_button.clicked.connect(self.execute)
        self.action_pane.changed.connect(self._timer.start)
        self.action_pane.reshaped.connect(self.refresh)
        self.token_row.edited.connect(self._timer.start)
        self.side.problem_list.action_activated.connect(self.action_pane.action_list.setCurrentRow)
        self.side.preflight_view.suggestion_requested.connect(self.load_suggestion)
        self.side.preflight_view.guards_requested.connect(self.add_guards)
        # A template's, an edit's or a delete's transaction: over unsent actions, asked first.
        self.templates.runner.transaction_ready.connect(self.drafts.load_template)
        self.templates.runner.status.connect(self.status.setText)
        for key, slot in (("Ctrl+Return", self.execute), ("Ctrl+Shift+K", self.check_preflight),
                          ("Ctrl+Up", lambda: self.move_current(-1)),
                          ("Ctrl+Down", lambda: self.move_current(1))):
            QShortcut(QKeySequence(key), self, slot)
        self.ctx.connection_changed.connect(lambda _c: self._context_changed(clear_status=True))
        self.ctx.table_changed.connect(lambda _t: self._context_changed())
        self.ctx.schema_changed.connect(self._schema_changed)

    @property
    def current_form(self) -> TemplateForm | None:
        return self.templates.runner.current_form

    @property
    def selected_item(self) -> dict[str, Any] | None:
        return self.templates.runner.selected_item

    # ---------------------------------------------------------------- the transaction

    def load_request(self, request: dict | Transaction, *, notify: bool = True,
                     dynamodb_json: bool | None = None) -> bool:
        """Open a TransactWriteItems request; False (the status says why) if it cannot be.

        ``dynamodb_json`` True: values are DynamoDB JSON (binary as base64 text), as drafts and
        undo snapshots hold them; False: memory form (binary as bytes); None: told from them.
        """
        try:
            tx = request if isinstance(request, Transaction) else _parse(request, dynamodb_json)
        except TransactionImportError as exc:
            self.status.setText(self.tr("The request could not be opened: ") + "; ".join(
                f"{p.location()}: {p.message}" for p in exc.problems))
            return False
        self.set_transaction(tx, notify=notify)
        return True

    def set_transaction(self, tx: Transaction, *, pinned: bool = False, notify: bool = True) -> None:
        """Replace everything with ``tx`` (templates, import, ``load_request``); ``pinned``
        when the user brought its token (an imported request naming one)."""
        self.seen_names.remember(self.transaction.actions)
        self.seen_names.remember(tx.actions)
        self.seen_names.restore(tx.actions)
        self.action_pane.replace(tx.actions)
        self.result = None
        self.status.setText("")  # the last result is about another transaction
        self.token_row.load(tx.token, pinned=pinned)
        if not notify:
            self._notified = None  # this rebuild is not an edit: nothing said
        self.refresh()
        if not notify:
            self._notified = self.transaction.to_request()

    def imported(self, tx: Transaction, pinned: bool = False) -> None:
        """An accepted Import JSON: over unsent actions it asks Replace / Append / Cancel first."""
        self.drafts.import_transaction(tx, pinned)  # H3b (drafts_view)

    def request_json(self) -> dict[str, Any]:
        """The request as Import/Export JSON has it."""
        self.refresh()
        return request_json(self.transaction, self.preview)

    def has_unsent_actions(self) -> bool:
        """Whether the builder holds actions not written as they stand (the quit prompt)."""
        return bool(self.transaction.actions) and not self.send_flow.written_as(self.transaction)

    def refresh(self) -> None:
        """Rebuild the transaction, check it, and update preview, problems and rows."""
        self._timer.stop()
        actions, input_problems = self.action_pane.editor_stack.build()
        token = self.token_row.token_for([a.to_request() for a in actions])
        self.transaction = tx = Transaction(actions=actions, token=token)
        self.problems, self.preview = judge(tx, input_problems, tables_of(self.ctx), self.schema_of(tx),
                                            self.send_flow.missing)
        self.side.preview.set_text(self.preview)
        self.side.problem_list.set_problems(self.problems, empty=not actions)
        self.side.title_problems(self.problems)
        self.action_pane.show_checks(actions, self.problems)
        self.send_flow.edited(tx)
        self._update_execute()
        request = tx.to_request()
        if self._notified is not None and request != self._notified:
            self._notified = request
            self.transaction_changed.emit()

    # ---------------------------------------------------------------- the send

    def execute_block_reason(self) -> str | None:
        """Why Execute is disabled, as a sentence, or None when it may run."""
        conn = self.ctx.connection
        if conn is None:
            return self.tr("Connect to DynamoDB first: there is no connection to send to.")
        if conn.spec.read_only:
            return (self.tr(
                "This connection is read-only: transactions cannot be executed. Reconnect without "
                    "read-only to write."))
        if not self.transaction.actions:
            return self.tr("Add an action first.")
        if len(self.transaction.actions) > MAX_ACTIONS or has_errors(self.problems):
            return self.tr("Fix the problems listed first: nothing is sent while the transaction has errors.")
        if self.send_flow.running():
            return self.tr("The transaction is being executed.")
        return None

    def _update_execute(self) -> None:
        reason = self.execute_block_reason()
        self.toolbar.send_bar.block(reason)
        if reason is not None and self.ctx.connection is not None and self.ctx.connection.spec.read_only:
            self.status.setText(reason)

    def check_preflight(self) -> None:
        """Run the preflight alone and show its answer (nothing is sent)."""
        self._start(execute_after=False)

    def execute(self) -> None:
        """Preflight first (in the background), then confirmation, then the guarded send."""
        self._start(execute_after=True)

    def _start(self, *, execute_after: bool) -> None:
        self.refresh()
        reason = self.execute_block_reason() if execute_after else None
        if not execute_after and (self.ctx.reader is None or not self.transaction.actions
                                  or has_errors(self.problems)):
            reason = self.tr("Connect and fix the problems listed first: the preflight reads the live table.")
        tx = self.transaction.copy()

        def env(renewed: bool = False) -> SendEnv | str:
            # ``renewed``: once the tables ``tx`` names are described, judged again with their
            # keys and rules; a sentence when that finds an error (nothing is sent then).
            if renewed:
                self.refresh()
                if has_errors(self.problems):
                    return self.tr("Fix the problems listed first: nothing is sent while the "
                                   "transaction has errors.")
            return SendEnv(self.schema_of(tx), tables_of(self.ctx), self.action_log, self.token_row.pinned,
                           self.drafts.logged_token, renew=functools.partial(env, True))

        first = env()
        assert isinstance(first, SendEnv)  # only a renewed one can be a sentence
        if reason is not None or not self.send_flow.check(tx, first, execute_after=execute_after):
            self.status.setText(reason or "")
        self._update_execute()  # off while the preflight runs (its task starts after the render)

    def ask_confirmation(self, requirement: Any, preview: str,
                         answer: Callable[[str | bool | None], None]) -> None:
        """Open the confirmation dialog (no nested loop); ``answer`` gets None when cancelled."""
        self.dialog = dialog = ConfirmDialog(requirement, preview, self, preflight=self.preflight)
        dialog.finished.connect(lambda code: answer(
            dialog.confirmation() if code == ConfirmDialog.DialogCode.Accepted else None))
        dialog.open()

    def ask_override(self, preflight: Preflight, table: str, answer: Callable[[bool], None]) -> None:
        """The explicit override of a refusal or a warning: the user types the table name."""
        self.dialog = dialog = OverrideDialog(preflight, table, self)
        dialog.finished.connect(lambda code: answer(code == OverrideDialog.DialogCode.Accepted))
        dialog.open()

    def _render(self, step: SendStep) -> None:
        """Show one state of the send; the questions are asked last (their answers may move on)."""
        view = self.side.preflight_view
        if step.message:
            self.status.setText(step.message)
        if step.state not in (State.REFUSED, State.WARNED, State.CONFIRMING):
            close_question(self.dialog)  # not asked any more (the connection changed)
        if step.state is State.CHECKING:
            self.preflight = None
            view.show_running()
            self.side.title_preflight(None)
            self.side.show_pane(view)  # the answer appears where the user is looking
        elif step.error is not None and step.state is State.EDITING:
            view.clear(self.tr("The preflight could not read the table; nothing was sent."))
        elif step.preflight is not self.preflight or (step.state is State.EDITING and step.preflight is None):
            self.preflight = step.preflight
            if step.preflight is None:
                view.clear()
            else:
                view.show_preflight(step.preflight)
                view.set_guards(step.guards)
                # Its reads are newer than what other views show: they compare (the grid's rows).
                self.ctx.items_changed.emit(ItemsChanged(preflight=step.preflight))
            self.side.title_preflight(step.preflight)
        if step.state is State.SETTLED and step.result is not None:
            self._settled(step.result, step.tx or self.transaction)
        self._update_execute()
        if step.state in (State.REFUSED, State.WARNED) and step.preflight is not None and step.tx:
            table = step.tx.actions[0].table if step.tx.actions else ""
            self.ask_override(step.preflight, table, self.send_flow.override)
        elif step.state is State.CONFIRMING and step.requirement is not None:
            self.ask_confirmation(step.requirement, self.preview, self.send_flow.confirm)

    def _settled(self, result: ExecutionResult, sent: Transaction) -> None:
        self.result = result
        self.action_pane.show_result(result)
        self.action_pane.show_checks(self.transaction.actions, self.problems)
        if self.send_flow.step.outcome is Outcome.WRITTEN:
            # The same token must not be reused for a different transaction.
            self.token_row.regenerate()
            # Cleared now, not after the edit timers (a kill between would restore it as unsent).
            self.drafts.save_now()
        self.ctx.items_written.emit(written_keys(result, sent, tables_of(self.ctx), self.schema_of(sent)))
        changed = cancelled_keys(result, sent, tables_of(self.ctx), self.schema_of(sent),
                                 self.send_flow.preflight)
        if changed:  # nothing written, but these items are not as they were read
            self.ctx.items_changed.emit(ItemsChanged(changed))

    def add_guards(self) -> None:
        """Load the transaction with the preflight's guards added (the preview shows them) and
        check it again at once, as Check preflight does: the verdict shown was about the
        transaction without them (and the table may have changed since), so the guarded one
        is judged and its verdict shown; Execute is off until that check ends."""
        guarded = self.send_flow.take_guards()
        if guarded is None:
            return
        self.set_transaction(guarded[0])
        added = self.tr("Added {guarded_count} guard(s); the preview shows the exact request. "
                        "Execute checks the preflight again.").format(guarded_count=len(guarded[1]))
        self.check_preflight()  # the edit cleared the old verdict; this shows the new one
        self.status.setText(f"{added} {self.status.text()}".rstrip())  # and what the check is doing

    def load_suggestion(self, tx: Transaction) -> None:
        """Load the refusal's suggested transaction and check it again at once, as Add guards
        does: it passed its preflight on the refused one's reads, so the verdict shown is about
        what is loaded and the table now."""
        self.set_transaction(tx)
        self.check_preflight()

    # ---------------------------------------------------------------- import / export / log

    def import_dialog(self) -> None:
        self.dialog = dialog = ImportDialog(self)

        def accepted() -> None:
            if dialog.transaction is not None:
                # A pasted request that names its token keeps it (resending a logged transaction).
                self.imported(dialog.transaction, text_carries_token(dialog.text.toPlainText()))

        dialog.accepted.connect(accepted)
        dialog.open()

    def export_text(self, kind: str) -> tuple[str, str | None, str | None]:
        """(code, file name, file content) for boto3, cli or js."""
        request = self.transaction.to_request()
        conn = self.ctx.connection
        region = conn.region if conn is not None else None
        endpoint = conn.spec.endpoint_url if conn is not None else None
        # The connection's profile too: without it the code writes through the default chain,
        # maybe another account than the one the preflight read.
        profile = conn.spec.profile if conn is not None and not conn.spec.demo else None
        if kind == "cli":
            cli = code_export.to_aws_cli(request, region=region, endpoint_url=endpoint, profile=profile)
            return cli.command, cli.file_name, cli.file_content
        write = code_export.to_boto3 if kind == "boto3" else code_export.to_javascript
        return write(request, region=region, endpoint_url=endpoint, profile=profile), None, None

    def export(self, kind: str) -> None:
        self.refresh()
        try:
            code, name, content = self.export_text(kind)
        except RequestShapeError as exc:
            self.status.setText(exc.message)
            return
        self.dialog = ExportDialog(self.tr(
            "Export as {EXPORT_TITLES}").format(EXPORT_TITLES=EXPORT_TITLES[kind]), code, name, content, self)
        self.dialog.open()

    def show_action_log(self) -> None:
        self.dialog = dialog = ActionLogDialog(self.action_log.entries(), str(self.action_log.path), self)
        forget_on_close(self, "dialog", dialog)
        dialog.open()

    def first_field(self) -> QWidget:
        """Where the keyboard starts when the tab opens: the action list once it has actions
        (arrows pick one, Tab goes to its editor), else the Templates menu (Space opens it)."""
        return self.action_list if self.action_list.count() else self.templates_button

    # ---------------------------------------------------------------- context

    def _context_changed(self, *, clear_status: bool = False) -> None:
        self.action_pane.editor_stack.refresh_tables()
        if clear_status:
            self.status.setText("")
            self.send_flow.connection_changed()  # after the clear: its status says why nothing was sent
        self.refresh()
        # Unsent actions carried to another connection keep the one they were made on, and the
        # builder says where Execute now sends them (draft_origin).
        self.drafts.origin.context_changed()

    def schema_of(self, tx: Transaction) -> UniquenessSchema:
        """The rules ``tx`` is judged and sent by: its tables' (``AppContext.schema_for``: a
        change staged in an extra Items tab, or while another table is in the main tab, is of
        its own table), a locks table going with its accounts'; the open table's when the
        tables it writes have different rules."""
        schemas = {name: self.ctx.schema_for(name) for name in dict.fromkeys(a.table for a in tx.actions)}
        locks_tables = {o.locks.name for n, o in schemas.items() if o.locks is not None and o.locks.name != n}
        homes = [one for name, one in schemas.items() if name not in locks_tables]
        return homes[0] if homes and all(one == homes[0] for one in homes) else self.schema

    def _schema_changed(self, schema: UniquenessSchema) -> None:
        self.schema = schema
        self.templates.schema_changed(schema)
        self._timer.start()  # validation names locks by the schema
