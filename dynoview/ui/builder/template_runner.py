"""Starts the builder's templates on the current selection, and the browser's edits and deletes.

Most templates open their form (``open()``, no nested loop); claim and resolve first read
the table's current state as a task on the qasync loop (``async def`` here, never on the
panel). An accepted form's transaction goes to the panel through ``transaction_ready``;
sentences for the status line go through ``status``.

Repairs are offered only where their problem is (``applicability``): from what the view the
item was selected in knows (an audit row's findings, a diagnosis), else from a strongly
consistent read of the selected account's locks, started here when the selection changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QDialog, QWidget

from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.applicability import Applicable, Evidence, read_lock_evidence, templates_for
from dynoview.core.tx.item_writes import same_key
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.template_inputs import describe_account, other_changes, protected_changes
from dynoview.core.tx.templates import lock_value
from dynoview.core.uniqueness.diagnose import Diagnosis, diagnose
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, normalise, protected_text
from dynoview.core.uniqueness.scope import fill_scope
from dynoview.ui.builder.owner_read import connect_owner_read
from dynoview.ui.builder.template_forms import (
    CHANGE_VALUE,
    CLAIM_LOCK,
    DELETE_ACCOUNT,
    DELETE_ITEM,
    RELEASE_LOCK,
    RESOLVE_DUPLICATE,
    SIGN_UP,
    ChangeValueForm,
    ClaimLockForm,
    DeleteAccountForm,
    ReleaseLockForm,
    ResolveDuplicateForm,
    SignUpForm,
    TemplateEntry,
    TemplateForm,
    template_entries,
)
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.transfer.opened_on import OpenedOn

READ_TASK = "builder-template-read"
EVIDENCE_TASK = "builder-template-evidence"  # its own name: a form's read must not cancel it
NO_SELECTION = QT_TRANSLATE_NOOP(
    "builder.template_runner",
    "Select an account or lock first (in Items, Accounts & locks or a diagnosis): the "
    "templates act on the selection.")


class TemplateRunner(QObject):
    """The selection the templates act on, the open form, and the reads some templates need."""

    transaction_ready = Signal(object, str)  # Transaction, status sentence ("" for none)
    status = Signal(str)
    evidence_changed = Signal()  # what is known about the selection changed (menus refill)

    def __init__(self, ctx: AppContext, tables: Callable[[], dict[str, TableInfo]],
                 default_table: Callable[[], str], forms_parent: QWidget) -> None:
        super().__init__(forms_parent)
        self.ctx = ctx
        self._tables = tables
        self._default_table = default_table
        self._parent = forms_parent
        self.selected_item: dict[str, Any] | None = None
        self.selected_table: str | None = None
        self.evidence: Evidence | None = None  # what is known about the selection's values
        self.reading = False  # the selected account's locks are being read
        self.current_form: TemplateForm | None = None  # the open template form, if any

    @property
    def schema(self) -> UniquenessSchema:
        """The rules of the selection's table (``AppContext.schema_for``), not the main tab's: an
        item selected in an extra Items tab or staged there is of a table with rules of its own."""
        return self.schema_of(self.subject_table())

    @schema.setter
    def schema(self, _schema: UniquenessSchema) -> None:
        """The main tab's schema changed (the builder says so): ``schema`` reads it from the
        context when asked, as it reads every table's."""

    def schema_of(self, table: str) -> UniquenessSchema:
        return self.ctx.schema_for(table, self._tables().get(table))

    def select(self, item: Mapping[str, Any] | None, table: str | None = None,
               evidence: Evidence | None = None) -> None:
        """The item the templates act on, with what its view knows about its values."""
        self.selected_item = dict(item) if item is not None else None
        self.selected_table = table if item is not None else None
        self.evidence = evidence if item is not None else None
        if self.reading:
            self.ctx.tasks.cancel(EVIDENCE_TASK)
            self.reading = False
        self.evidence_changed.emit()

    def ensure_evidence(self) -> None:
        """Without what a view knows, read the selected account's locks (strongly consistent
        GetItems) so the repairs can be offered; only when the templates are asked for, so
        moving through rows reads nothing."""
        reader, chosen = self.ctx.reader, self.selected_item
        if self.evidence is not None or self.reading or reader is None or chosen is None \
                or not self.schema.is_account(chosen):
            return
        self.reading = True
        self.ctx.tasks.start(EVIDENCE_TASK, self.read_evidence(reader, self.subject_table(), chosen),
                             on_error=self._evidence_failed)

    async def read_evidence(self, reader: Reader, table: str, item: dict[str, Any]) -> None:
        evidence = await self.ctx.tasks.call(read_lock_evidence, reader, table, self.schema_of(table), item)
        if self.selected_item is item:  # else the selection moved on meanwhile
            self.evidence, self.reading = evidence, False
            self.evidence_changed.emit()

    def _evidence_failed(self, exc: BaseException) -> None:
        if not self.reading:
            return  # the selection moved on
        self.reading = False
        self.evidence_changed.emit()
        self.status.emit(self.tr("Could not read the selected account's locks, so no repair is offered: ")
                         + self.ctx.report(exc, operation="GetItem").message)

    def applicable(self) -> Applicable:
        return templates_for(self.schema, self.selected_item, self.evidence)

    def entries(self) -> list[TemplateEntry]:
        """The menu's lines for the selection: what applies, then why a repair is not offered
        (reading the account's locks first when nothing is known about them)."""
        self.ensure_evidence()
        return template_entries(self.schema, self.selected_item, self.evidence, reading=self.reading)

    def subject_table(self) -> str:
        return self.selected_table or self._default_table()

    # ---------------------------------------------------------------- templates

    def run(self, name: str, rule: str | None = None) -> None:
        """Start a template on the current selection."""
        item, table = self.selected_item, self.subject_table()
        if name == SIGN_UP:
            self.sign_up()
            return
        if item is None:
            self.status.emit(QCoreApplication.translate("builder.template_runner", NO_SELECTION))
            return
        if name in (CLAIM_LOCK, RESOLVE_DUPLICATE, RELEASE_LOCK) and not any(
                o.name == name and rule in (None, o.rule) for o in self.applicable().offers):
            # A palette line or a menu shown before the selection changed: repairs only where
            # their problem is.
            notes = self.applicable().notes
            self.status.emit(" ".join(notes) if notes and not self.reading else
                             self.tr(
                                 "{replace} does not apply to the selection.").format(
                                     replace=name.replace('_', ' ').capitalize()))
            return
        if name == CHANGE_VALUE and rule is not None:
            self.change(rule)
        elif name == DELETE_ACCOUNT:
            self.delete_account()
        elif name == CLAIM_LOCK and rule is not None:
            self.claim(rule)
        elif name == RESOLVE_DUPLICATE and rule is not None:
            self.resolve(rule)
        elif name == RELEASE_LOCK:
            self.release()
        elif name == DELETE_ITEM:
            info = self._tables().get(table)
            if info is not None:
                self.transaction_ready.emit(templates.delete_item(info, item), "")

    def open_form(self, form: TemplateForm) -> None:
        """Show a template form; its transaction is loaded when it is accepted."""
        if self.current_form is not None:
            self.current_form.close()
        self.current_form = form
        connect_owner_read(form, self.ctx)  # a release form reads its former owner on OK
        # Built from what was read on this connection: after File › Connect… it would load into
        # the builder of another one, where the item of the same key is another item.
        opened_on = OpenedOn(self.ctx, form)
        opened_on.left.connect(lambda: form.set_moved(opened_on.stale_text()))
        form.finished.connect(functools.partial(self._form_finished, form, opened_on))
        form.open()

    def _form_finished(self, form: TemplateForm, opened_on: OpenedOn, code: int) -> None:
        if self.current_form is form:
            self.current_form = None
        if code == QDialog.DialogCode.Accepted and opened_on.stale:  # accepted all the same
            self.status.emit(self.tr("{title}: nothing was opened in the builder. {why}").format(
                title=form.windowTitle(), why=opened_on.stale_text()))
        elif code == QDialog.DialogCode.Accepted and form.transaction is not None:
            self.transaction_ready.emit(form.transaction,
                                        self.tr(
                                            "{windowTitle}: review the request, then Execute.").format(
                                                windowTitle=form.windowTitle()))
        form.deleteLater()

    def sign_up(self) -> None:
        table = self._default_table()
        self.open_form(SignUpForm(self.schema_of(table), table, self._parent))

    def change(self, rule_name: str, new_value: str = "", note: str = "") -> None:
        if self.selected_item is not None:
            self.open_form(ChangeValueForm(self.schema, self.subject_table(), self.selected_item,
                                           rule_name, new_value, note, self._parent))

    def delete_account(self) -> None:
        if self.selected_item is not None:
            self.open_form(DeleteAccountForm(self.schema, self.subject_table(), self.selected_item,
                                             self._parent))

    def release(self, holders: list[str] | None = None, evidence: str = "") -> None:
        if self.selected_item is None:
            return
        try:
            form = ReleaseLockForm(self.schema, self.subject_table(), self.selected_item, holders or [],
                                   evidence, self._parent)
        except ValueError as exc:
            self.status.emit(str(exc))
            return
        self.open_form(form)

    def claim(self, rule_name: str) -> None:
        """Claim a lock, after checking (strongly consistent GetItem) that it is missing."""
        item, reader = self.selected_item, self.ctx.reader
        if item is None or reader is None:
            return
        rule = self.schema.rule(rule_name)
        value = protected_text(item.get(rule.attribute))
        if value is None:
            self.status.emit(self.tr("{describe_account} has no {name}: there is "
                             "no lock to claim.").format(
                                 describe_account=describe_account(self.schema, item), name=rule.name))
            return
        value = lock_value(rule, item, value)  # a scoped rule's lock is in the account's scope
        self.status.emit(self.tr(
            "Reading the {name} lock {lock_pk}…").format(name=rule.name, lock_pk=rule.lock_pk(value)))
        self.ctx.tasks.start(READ_TASK, self.claim_after_read(reader, self.subject_table(), item, rule,
                                                              value), on_error=self._read_failed)

    async def claim_after_read(self, reader: Reader, table: str, item: dict[str, Any], rule: LockRule,
                               value: str) -> None:
        """``value``: what the lock stores (``templates.lock_value``)."""
        schema = self.schema_of(table)
        lock = await self.ctx.tasks.call(reader.get_item, schema.locks_table_name(table),
                                         schema.lock_key(rule, value))
        if lock is not None:
            self.status.emit(self.tr("The {name} lock {lock_pk} already exists: "
                             "nothing to claim. Diagnose the value to see who holds it.").format(
                                 name=rule.name, lock_pk=rule.lock_pk(value)))
            return
        self.open_form(ClaimLockForm(schema, table, item, rule.name, self._parent))

    def resolve(self, rule_name: str) -> None:
        """Find every account holding the selected account's value, then ask which keeps it."""
        item, reader = self.selected_item, self.ctx.reader
        info = self._tables().get(self.subject_table())
        if item is None or reader is None or info is None:
            return
        rule = self.schema.rule(rule_name)
        value = protected_text(item.get(rule.attribute))
        if value is None:
            self.status.emit(self.tr(
                "{describe_account} has no {name}.").format(
                    describe_account=describe_account(self.schema, item), name=rule.name))
            return
        self.status.emit(self.tr(
            "Looking for the accounts holding {name} {value}…").format(name=rule.name, value=value))
        self.ctx.tasks.start(READ_TASK, self.resolve_after_read(reader, info, rule, value, item),
                             on_error=self._read_failed)

    async def resolve_after_read(self, reader: Reader, info: TableInfo, rule: LockRule, value: str,
                                 item: Mapping[str, Any] | None = None) -> None:
        """Diagnose ``value`` (a scoped rule's in the scope of ``item``, the selected account)."""
        schema = self.schema_of(info.name)
        scope = fill_scope(rule.scope, item or {}) if rule.scope is not None else None
        d: Diagnosis = await self.ctx.tasks.call(functools.partial(
            diagnose, reader, info, schema, rule.name, value, scope=scope))
        # The holders of this value after the rule's normalisation (what a duplicate is); a
        # variant the normalisation keeps apart is a clash, not a duplicate. A scoped rule's
        # duplicate is one value in one scope: the forms agree, scope included.
        held = normalise(value, rule.normalisation)
        holders = [a for a in d.accounts
                   if normalise(protected_text(a.get(rule.attribute)) or "", rule.normalisation) == held
                   and (scope is None or rule.held_form(a) == rule.held_form(item or {}))]
        if len(holders) < 2:
            who = ", ".join(d.account_ids) or self.tr("no account")
            self.status.emit(self.tr(
                "Only {who} holds {name} {value}: there is no duplicate to resolve.").format(
                    who=who, name=rule.name, value=value))
            return
        # No lock holds the value: the kept account claims it (a check that it exists would
        # always cancel), as the Accounts & locks tab and Diagnose build it.
        self.open_form(ResolveDuplicateForm(schema, info.name, rule.name, holders, self._parent,
                                            kept_lock=d.lock_item is not None))

    def _read_failed(self, exc: BaseException) -> None:
        self.status.emit(self.ctx.report(exc, operation="GetItem").message)

    # ---------------------------------------------------------------- the browser's edits

    def open_edit(self, table: TableInfo, old_item: Mapping[str, Any], new_item: Mapping[str, Any]) -> None:
        """A browser edit: an Update of only the attributes changed, each conditioned on the
        value the user saw (a key change moves the item); an edit of an account's protected
        value moves its lock too, so it never leaves a duplicate or an orphan lock behind. The
        item's own table's rules say what is protected, whatever the main tab shows."""
        schema = self.schema_of(table.name)
        changes = protected_changes(schema, old_item, new_item)
        if not changes:
            self.transaction_ready.emit(templates.edit_item(table, old_item, new_item), "")
            return
        names = ", ".join(c.rule.name for c in changes)
        others = other_changes(schema, old_item, new_item)
        unmoved = same_key(table.key_names, old_item, new_item)
        only = changes[0]
        if len(changes) == 1 and only.new is not None and not others and unmoved:
            # Only the protected value changed: that is exactly the change-value template.
            self.select(old_item, table.name)
            self.change(only.rule.name, only.new, note=(
                self.tr("{name} is a protected value: your edit opens as the Change "
                "{name} template, which moves its lock in the same transaction.").format(
                    name=only.rule.name)))
            return
        # Protected and other attributes changed together: one guarded transaction writes
        # the edited account and moves each changed value's lock, so nothing is half-done.
        tx: Transaction = templates.edit_account(schema, table, old_item, new_item)
        moved = "; ".join(c.described() for c in changes)
        self.transaction_ready.emit(tx, (
            self.tr("{names} (is a protected value|are protected values) ({moved}): the edited account "
                    "is written only if it still holds the values you saw, and the same transaction puts "
                    "each new lock (only where none exists) and releases each old one. Review, then "
                    "Execute.", "", len(changes)).format(names=names, moved=moved)))

    def open_delete(self, table: TableInfo, item: Mapping[str, Any]) -> None:
        """Delete from the browser: an account with its locks, a lock through the release
        form, anything else as a guarded Delete (by the rules of the item's own table)."""
        schema = self.schema_of(table.name)
        if schema.is_account(item):
            self.select(item, table.name)
            self.open_form(_ReadAccountDeleteForm(schema, table.name, item, self._parent))
        elif schema.match_lock(item) is not None:
            self.select(item, table.name)
            self.release()
        else:
            self.transaction_ready.emit(templates.delete_item(table, item), "")


class _ReadAccountDeleteForm(DeleteAccountForm):
    """Delete account from the browser, which read the whole item: its Delete is guarded as the
    browser's Delete of any other item, on every attribute seen (``templates.delete_account``)."""

    def build(self) -> Transaction:
        return templates.delete_account(self.schema, self.table, self.account, as_read=True)
