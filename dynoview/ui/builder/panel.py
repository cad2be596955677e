"""The transaction builder panel: action list, editors, live exact preview, validation,
templates, import/export, guarded execution and per-action outcomes."""

from __future__ import annotations

import dataclasses
import functools
import textwrap
import time
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QWidget,
)

from dynoview.core.preflight.check import Preflight
from dynoview.core.preflight.guards import Guard, add_guards
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import code_export
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.applicability import Evidence
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.idempotency import (
    stale_token_warning,
    text_carries_token,
    token_first_sent,
)
from dynoview.core.tx.model import (
    CONDITION_CHECK,
    KINDS,
    MAX_ACTIONS,
    Transaction,
)
from dynoview.core.tx.outcomes import (
    APPLIED,
    CANCELLED,
    SUCCEEDED,
    UNKNOWN,
    WRITTEN,
    ExecutionResult,
)
from dynoview.core.tx.validation import has_errors
from dynoview.core.tx.wire import RequestShapeError
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.controller import BuilderController
from dynoview.ui.builder.dialogs import (
    ActionLogDialog,
    ConfirmDialog,
    ExportDialog,
    ImportDialog,
)
from dynoview.ui.builder.editing import TransactionEditing
from dynoview.ui.builder.preflight_view import OverrideDialog, needs_override
from dynoview.ui.builder.template_forms import (
    NO_SUBJECT_HINT,
    TemplateEntry,
    TemplateForm,
    menu_text,
)
from dynoview.ui.builder.template_runner import TemplateRunner
from dynoview.ui.context import AppContext, Subject, WrittenKey


class BuilderPanel(TransactionEditing):
    """Build, preview and execute one TransactWriteItems.

    ``load_request(request)`` replaces the transaction with a request dict (as
    ``ctx.open_builder_requested`` carries it); ``set_selected_item(item)`` tells the
    templates which account or lock is selected.
    """

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.action_log = ActionLog()
        self.dialog: QDialog | None = None  # the dialog open now (kept alive while it is shown)
        self.preflight: Preflight | None = None
        self._preflight_for: list[Any] | None = None  # the actions the shown preflight judged
        # The actions whose refusal or warnings the user confirmed (typed the table name):
        # nothing the preflight refused or warned about is sent without it.
        self._overridden_for: list[Any] | None = None
        self._guarded: tuple[Transaction, list[Guard]] | None = None
        self.executed_transaction: Transaction | None = None  # the last one sent
        self.controller = BuilderController(ctx, self)
        self.controller.preflight_done.connect(self._after_preflight)
        self.controller.preflight_failed.connect(self._on_preflight_error)
        self.controller.executed.connect(self._on_result)
        self.controller.execute_failed.connect(self._on_error)
        self.controller.idle.connect(self._update_execute)
        self.template_runner = TemplateRunner(ctx, self._tables, self.default_table, self)
        self.template_runner.transaction_ready.connect(self._template_ready)
        self.template_runner.status.connect(self._set_status)
        self.template_runner.evidence_changed.connect(self._evidence_changed)
        self._connect_ui()
        ctx.connection_changed.connect(lambda _c: self._connection_changed())
        ctx.table_changed.connect(lambda _t: self._tables_changed())
        ctx.schema_changed.connect(self._schema_changed)
        ctx.subject_changed.connect(self._subject_changed)
        self._subject_changed(ctx.subject)
        self.refresh()

    def _connect_ui(self) -> None:
        for kind in KINDS:
            self.add_menu.addAction(kind, functools.partial(self.add_action, kind))
        self.remove_button.clicked.connect(self.remove_current)
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button.clicked.connect(lambda: self.move_current(1))
        self.templates_menu.aboutToShow.connect(self._fill_templates_menu)
        self.import_button.clicked.connect(self.import_dialog)
        self.export_menu.addAction("boto3 (Python)", lambda: self.export("boto3"))
        self.export_menu.addAction("AWS CLI", lambda: self.export("cli"))
        self.export_menu.addAction("JavaScript SDK v3", lambda: self.export("js"))
        self.log_button.clicked.connect(self.show_action_log)
        self.check_button.clicked.connect(self.check_preflight)
        self.execute_button.clicked.connect(self.execute)
        self.preflight_view.suggestion_requested.connect(self.set_transaction)
        self.preflight_view.guards_requested.connect(self.add_guards)
        QShortcut(QKeySequence("Ctrl+Return"), self, self.execute)
        QShortcut(QKeySequence("Ctrl+Shift+K"), self, self.check_preflight)
        QShortcut(QKeySequence("Ctrl+Up"), self, lambda: self.move_current(-1))
        QShortcut(QKeySequence("Ctrl+Down"), self, lambda: self.move_current(1))

    def _refreshed(self, tx: Transaction | None) -> None:
        """Enable Execute for the rebuilt transaction; a preflight about other actions goes."""
        self._update_execute()
        if tx is not None and self._preflight_for is not None \
                and self._preflight_for != tx.to_request()["TransactItems"]:
            # An answer about other actions would mislead: the next Execute checks again.
            self._preflight_for = None
            self.preflight = None
            self.preflight_view.clear()
            self._title_preflight_tab(None)

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

    # ---------------------------------------------------------------- execution

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
        self._overridden_for = None
        self.preflight_view.show_running()
        self.show_pane(self.preflight_view)  # the answer appears where the user is looking
        self._set_status("Preflight: reading the accounts and locks this transaction touches…")
        self.controller.start_preflight(reader, tx, self.schema, self._tables(), execute_after=execute_after)
        self._update_execute()

    def _on_preflight_error(self, exc: BaseException) -> None:
        self.preflight_view.clear("The preflight could not read the table; nothing was sent.")
        # The read's own operation names what failed: never "TransactWriteItems", not sent.
        err = self.ctx.report(exc)
        self._set_status("The preflight could not read the items this transaction touches, so "
                         f"nothing was sent. {err.message}")
        self._update_execute()

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
        if needs_override(preflight):
            # A refusal or a new warning (a case or lookalike clash): the same explicit
            # confirmation before the usual one.
            table = tx.actions[0].table if tx.actions else ""
            self._set_status(preflight.summary())
            self.ask_override(preflight, table, functools.partial(self._overridden, tx, preflight))
            return
        self._confirm(tx)

    def _overridden(self, tx: Transaction, preflight: Preflight, typed: bool) -> None:
        if not typed:
            fix = "Use the proposed template, or fix the actions." if preflight.refused else \
                "Change the value, or Execute again and confirm the warning."
            self._set_status(f"{preflight.summary()} {fix}")
            return
        self._overridden_for = tx.to_request()["TransactItems"]
        self._confirm(tx)

    def _unconfirmed(self, tx: Transaction) -> bool:
        """Whether the preflight refused or warned about ``tx`` and the user has not typed the
        confirmation for exactly these actions (or no preflight judged them)."""
        items = tx.to_request()["TransactItems"]
        preflight = self.preflight
        if preflight is None or self._preflight_for != items:
            return True
        return needs_override(preflight) and self._overridden_for != items

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
        if self._unconfirmed(tx):
            self._set_status("Not executed: the preflight's refusal or warning for these actions was "
                             "not confirmed. Execute again to see it.")
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
        # Sends an earlier session was killed in the middle of, settled by reads before this one.
        earlier = "".join(f" Earlier: {sentence}" for sentence in result.recovered)
        self._set_status(f"{prefix}: {result.message}{earlier}")
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

    def set_selected_item(self, item: Mapping[str, Any] | None, table: str | None = None,
                          evidence: Evidence | None = None) -> None:
        """The account or lock the templates start from (the window's current selection), with
        what its view knows about its values (an audit row's findings, a diagnosis)."""
        self.template_runner.select(item, table, evidence)

    def _subject_changed(self, subject: Subject | None) -> None:
        if subject is None:
            self.set_selected_item(None)
        else:
            self.set_selected_item(subject.item, subject.table, subject.evidence)

    def _schema_changed(self, schema: UniquenessSchema) -> None:
        runner = self.template_runner
        self.schema = runner.schema = schema
        # What was known about the selection was judged by the old rules (their lock keys).
        runner.select(runner.selected_item, runner.selected_table)
        self._schedule()  # validation names locks by the schema

    def template_entries(self) -> list[TemplateEntry]:
        """The templates for the current selection, titled with it, then the notes saying why
        a repair is not offered (menu and palette)."""
        return self.template_runner.entries()

    def _fill_templates_menu(self) -> None:
        menu = self.templates_menu
        menu.clear()
        menu.setToolTipsVisible(True)
        group = None
        for entry in self.template_entries():
            if entry.group != group and group is not None:
                menu.addSection(entry.group)  # a heading: what the lines below do
            group = entry.group
            if entry.is_note:
                # A menu line cannot wrap: a long note is cut, and whole in its tooltip.
                note = menu.addAction(menu_text(textwrap.shorten(entry.title, 90, placeholder="…")))
                note.setToolTip(entry.title)
                note.setEnabled(False)
            else:
                menu.addAction(menu_text(entry.title),
                               functools.partial(self.run_template, entry.name, entry.rule))
        if self.selected_item is None:
            menu.addAction(menu_text(NO_SUBJECT_HINT)).setEnabled(False)

    def _evidence_changed(self) -> None:
        """The selection's locks were read: an open menu shows what applies now."""
        if self.templates_menu.isVisible():
            self._fill_templates_menu()

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
