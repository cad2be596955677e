"""One form per template: each value is asked once and everything that must agree on it
(the account attribute, the lock key, the guards) is derived from that one answer.

A form never writes: accepting it builds a ``Transaction`` (``form.transaction``) that
the builder shows for review before anything is sent. Field errors are shown under
their field and the accept button stays disabled until the form is valid. Forms are
opened with ``open()`` and report through ``finished``, never a nested ``exec()``.

This module holds the account forms and the template menu's entries; the shared base is in
``form_base`` and the lock repairs in ``lock_forms`` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.tx import templates
from dynoview.core.tx.applicability import (
    CHANGE_VALUE,
    CLAIM_LOCK,
    DELETE_ACCOUNT,
    DELETE_ITEM,
    RELEASE_LOCK,
    RESOLVE_DUPLICATE,
    SIGN_UP,
    Evidence,
    templates_for,
)
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.template_inputs import (
    account_key,
    check_distinct,
    check_scope,
    check_value,
    new_account_id,
    sign_up_account,
)
from dynoview.core.tx.templates import lock_value, scope_attributes
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.uniqueness.schema import protected_text as text_of
from dynoview.core.values.visible_text import visible
from dynoview.ui.builder.form_base import (
    TemplateForm,
    ValueField,
    pk_shown,
    restyle,
    shown_text,
    wrapped_label,
)
from dynoview.ui.builder.lock_forms import ClaimLockForm, ReleaseLockForm, ResolveDuplicateForm
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_tooltip

__all__ = [
    "CHANGE_VALUE", "CLAIM_LOCK", "DELETE_ACCOUNT", "DELETE_ITEM", "NO_SUBJECT_HINT", "READING_HINT",
    "RELEASE_LOCK", "RESOLVE_DUPLICATE", "SIGN_UP", "ChangeValueForm", "ClaimLockForm", "DeleteAccountForm",
    "ReleaseLockForm", "ResolveDuplicateForm", "SignUpForm", "TemplateEntry", "TemplateForm",
    "ValueField", "menu_text", "template_entries",
]


class SignUpForm(TemplateForm):
    """A new account and its locks, from one value per rule and a generated account id."""

    template = SIGN_UP

    def __init__(self, schema: UniquenessSchema, table: str, parent: QWidget | None = None) -> None:
        super().__init__(
            schema, table, self.tr("Sign up (new account)"),
            "Creates the account and one lock per protected value in one transaction. Each "
            "value is typed once: the account's attribute and its lock key are both made from "
            "it, and every Put is guarded by attribute_not_exists, so a value already taken "
            "cancels the whole signup.", parent)
        self.account_id = new_account_id()
        self.id_label = wrapped_label("")
        regen = QPushButton(self.tr("New id"))
        regen.setToolTip(self.tr("Generate another account id (ids are generated, never made from a value)"))
        regen.clicked.connect(self.regenerate_id)
        id_row = QHBoxLayout()
        id_row.addWidget(self.id_label, 1)
        id_row.addWidget(regen)
        self.form.addRow(self.tr("Account"), id_row)
        # A scoped rule's locks are keyed by the account's scope (OneTable's tenantId): asked
        # first, once per attribute the scopes read.
        self.scope_fields: dict[str, tuple[QLineEdit, QLabel]] = {}
        for attribute in scope_attributes(schema):
            self.scope_fields[attribute] = self._scope_row(attribute)
        self.fields: dict[str, ValueField] = {}
        for rule in schema.rules:
            field = ValueField(rule, self.tr("the {name}, as the person types it").format(name=rule.name))
            field.edit.textChanged.connect(lambda _t: self.revalidate())
            self.fields[rule.name] = field
            self.form.addRow(rule.name.capitalize(), field)
        self._show_id()
        self.revalidate()

    def _scope_row(self, attribute: str) -> tuple[QLineEdit, QLabel]:
        edit = QLineEdit()
        edit.setObjectName(f"scope-{attribute}")
        edit.setAccessibleName(attribute)
        edit.setPlaceholderText(self.tr("the account's {attribute}: values are unique per "
                                        "{attribute}").format(attribute=attribute))
        edit.textChanged.connect(lambda _t: self.revalidate())
        message = wrapped_label("")
        message.setObjectName(f"message-scope-{attribute}")
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(edit)
        layout.addWidget(message)
        self.form.addRow(attribute, box)
        return edit, message

    def scope_values(self) -> dict[str, str]:
        return {attribute: edit.text() for attribute, (edit, _m) in self.scope_fields.items()}

    def _scope_ok(self) -> bool:
        """Each scope attribute checked at its own field (an error once typed, else a hint)."""
        ok = True
        for attribute, (edit, message) in self.scope_fields.items():
            problem = check_scope(attribute, edit.text())
            ok = ok and problem is None
            message.setText(problem or "")
            restyle(message, "error" if problem and edit.text() else "hint")
            edit.setToolTip(plain_tooltip(message.text()))
        return ok

    def regenerate_id(self) -> None:
        self.account_id = new_account_id()
        self._show_id()
        self.revalidate()

    def _show_id(self) -> None:
        key = account_key(self.schema, self.account_id)
        self.id_label.setText(", ".join(f"{k} = {v['S']}" for k, v in key.items()))

    def values(self) -> dict[str, str]:
        return {name: f.edit.text() for name, f in self.fields.items()}

    def validate(self) -> bool:
        scoped = self._scope_ok()
        # The locks' keys as the account will have them (scope included, once it is typed).
        account = self.account_item() if scoped and self.scope_fields else None
        checks = check_distinct([check_value(f.rule, f.edit.text(), account=account)
                                 for f in self.fields.values()])
        for field, check in zip(self.fields.values(), checks, strict=True):
            field.show_check(check, touched=bool(field.edit.text()))
        return scoped and all(c.ok for c in checks)

    def account_item(self) -> dict[str, Any]:
        return sign_up_account(self.schema, self.account_id, self.values(), self.scope_values())

    def build(self) -> Transaction:
        return templates.sign_up(self.schema, self.table, self.account_item())

    def code_values(self) -> dict[str, Any]:
        return {"account_id": self.account_id, "values": self.values()}


class ChangeValueForm(TemplateForm):
    """Move one protected value of an account: new lock, old lock released, account updated."""

    template = CHANGE_VALUE

    def __init__(self, schema: UniquenessSchema, table: str, account: Mapping[str, Any], rule_name: str,
                 new_value: str = "", note: str = "", parent: QWidget | None = None) -> None:
        self.rule = schema.rule(rule_name)
        self.account = dict(account)
        self.current = text_of(account.get(self.rule.attribute))
        rule = self.rule
        who = pk_shown(schema, account)  # titles and labels escape; the transaction is exact
        super().__init__(
            schema, table, self.tr("Change {name} of {who}").format(name=rule.name, who=who),
            self.tr("Moves the {name} and its lock together, in one transaction: the new lock is "
            "Put only where none exists (a taken value cancels everything), the old lock is "
            "released, and the account is updated only while it still holds "
            "{value}.").format(
                name=rule.name,
                value=shown_text(self.current) if self.current is not None else f'no {rule.name}'), parent)
        if note:
            self.note = wrapped_label(note)
            restyle(self.note, "hint")
            self.main_layout.insertWidget(1, self.note)
        self.form.addRow(self.tr("Account"), wrapped_label(who))
        current = "(none)" if self.current is None else \
            f"{shown_text(self.current)}   " \
            f"(lock {shown_text(rule.lock_pk(lock_value(rule, self.account, self.current)))})"
        self.current_label = wrapped_label(current)
        self.form.addRow(self.tr("Current {name}").format(name=rule.name), self.current_label)
        self.field = ValueField(rule, self.tr("the new {name}").format(name=rule.name))
        self.field.edit.setAccessibleName(self.tr("New {name}").format(name=rule.name))
        self.field.edit.setText(new_value)
        self.field.edit.textChanged.connect(lambda _t: self.revalidate())
        self.form.addRow(self.tr("New {name}").format(name=rule.name), self.field)
        self.revalidate()

    def validate(self) -> bool:
        text = self.field.edit.text()
        # The account's scope keys the new lock (a scoped rule): an account without one is
        # told so at the field.
        check = check_value(self.rule, text, self.current, account=self.account)
        self.field.show_check(check, touched=bool(text))
        return check.ok

    def build(self) -> Transaction:
        return templates.change_value(self.schema, self.table, self.account, self.rule.name,
                                      self.field.edit.text())

    def code_values(self) -> dict[str, Any]:
        return {"account": self.account, "rule": self.rule.name, "new_value": self.field.edit.text()}


class DeleteAccountForm(TemplateForm):
    """Delete an account and every lock it holds, after showing them."""

    template = DELETE_ACCOUNT

    def __init__(self, schema: UniquenessSchema, table: str, account: Mapping[str, Any],
                 parent: QWidget | None = None) -> None:
        who = pk_shown(schema, account)  # titles and labels escape; the transaction is exact
        super().__init__(
            schema, table, self.tr("Delete account {who}").format(who=who),
            self.tr("Deletes the account and the locks of its values in one transaction, so no lock is "
            "left behind to block a value forever. The account is deleted only while it still "
            "holds the values below; each lock only while it exists."), parent)
        self.account = dict(account)
        self.form.addRow(self.tr("Account"), wrapped_label(who))
        self.locks: list[str] = []
        for rule in schema.rules:
            value = text_of(account.get(rule.attribute))
            if value is None:
                self.form.addRow(rule.name.capitalize(),
                                 wrapped_label(self.tr(
                                     "(none: no {name} lock to remove)").format(name=rule.name)))
                continue
            lock = rule.lock_pk(lock_value(rule, account, value))
            self.locks.append(lock)
            self.form.addRow(rule.name.capitalize(), wrapped_label(self.tr(
                "{value}   → removes lock {lock}").format(value=shown_text(value), lock=shown_text(lock))))
        self.revalidate()

    def build(self) -> Transaction:
        return templates.delete_account(self.schema, self.table, self.account)

    def code_values(self) -> dict[str, Any]:
        return {"account": self.account}


NEW = "New"
CHANGE = QT_TRANSLATE_NOOP("builder.template_forms", "Change or delete the selection")
REPAIR = QT_TRANSLATE_NOOP(
    "builder.template_forms", "Repairs (each reads the table first, or says what it checks)")
WHY = QT_TRANSLATE_NOOP("builder.template_forms", "Not offered")


@dataclass(frozen=True)
class TemplateEntry:
    """A menu or palette line: its title names the subject ("Change email of ACCT#a1 (a@x)…").
    A line without a template name is a note saying why a repair is not offered."""

    title: str
    name: str
    rule: str | None = None
    group: str = CHANGE  # the menu section it is listed under

    @property
    def is_note(self) -> bool:
        return not self.name


def menu_text(title: str) -> str:
    """A title as a QMenu action's text: a single '&' would mark a mnemonic and vanish
    ("Accounts _locks"), so it is doubled to be shown."""
    return title.replace("&", "&&")


NO_SUBJECT_HINT = (QT_TRANSLATE_NOOP(
    "builder.template_forms", "Select an account or lock (in Items, Accounts & locks or a diagnosis) to "
                   "change, delete or repair it"))
READING_HINT = QT_TRANSLATE_NOOP(
    "builder.template_forms",
    "Reading the account's locks (strongly consistent GetItem) to see which repairs apply…")


def template_entries(schema: UniquenessSchema, item: Mapping[str, Any] | None,
                     evidence: Evidence | None = None, *, reading: bool = False) -> list[TemplateEntry]:
    """The templates that apply to the selected item, titled with that item, then the notes
    saying why a repair is not offered (``reading``: the account's locks are being read)."""
    applicable = templates_for(schema, item, evidence)
    entries = [TemplateEntry(QCoreApplication.translate(
        "builder.template_forms", "Sign up (new account)…"), SIGN_UP, group=NEW)]
    if item is None:
        return entries
    who = pk_shown(schema, item)  # the titles quote the table's id and values escaped
    values = {r.name: text_of(item.get(r.attribute)) for r in schema.rules}
    for offer in applicable.offers:
        rule = offer.rule
        value = values.get(rule) if rule is not None else None
        shown = shown_text(value) if value is not None else None
        if offer.name == CHANGE_VALUE and rule is not None:
            entries.append(TemplateEntry(QCoreApplication.translate(
                "builder.template_forms", "Change {rule} of {who} ({value})…").format(
                    rule=rule, who=who, value=shown or f'no {rule}'),
                                         CHANGE_VALUE, rule))
        elif offer.name == DELETE_ACCOUNT:
            entries.append(TemplateEntry(QCoreApplication.translate(
                "builder.template_forms", "Delete account {who} and its locks…").format(
                    who=who), DELETE_ACCOUNT))
        elif offer.name == CLAIM_LOCK:
            entries.append(TemplateEntry(QCoreApplication.translate(
                "builder.template_forms", "Claim the missing {rule} lock of {who} ({shown})…").format(
                    rule=rule, who=who, shown=shown),
                                         CLAIM_LOCK, rule, REPAIR))
        elif offer.name == RESOLVE_DUPLICATE:
            entries.append(TemplateEntry(QCoreApplication.translate(
                "builder.template_forms", "Resolve duplicate {rule} {shown} of {who}…").format(
                    rule=rule, shown=shown, who=who),
                                         RESOLVE_DUPLICATE, rule, REPAIR))
        elif offer.name == RELEASE_LOCK:
            entries.append(TemplateEntry(QCoreApplication.translate(
                "builder.template_forms", "Release lock {who}…").format(who=who), RELEASE_LOCK, rule, REPAIR))
        elif offer.name == DELETE_ITEM:
            entries.append(TemplateEntry(QCoreApplication.translate(
                "builder.template_forms", "Delete item {who} (guarded)").format(who=who), DELETE_ITEM))
    # A note may quote the item's value (core's sentence): escaped as the titles are (``visible``
    # leaves a translatable note, plain text, as it is).
    notes = [READING_HINT] if reading else [visible(n) for n in applicable.notes]
    entries.extend(TemplateEntry(note, "", group=WHY) for note in notes)
    return entries
