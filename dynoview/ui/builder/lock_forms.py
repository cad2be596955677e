"""The lock repair forms: claim a missing lock, release an orphan lock, and resolve a
duplicated value (the user picks which account keeps it; never decided for them).

Each builds a guarded ``Transaction`` the builder shows for review; nothing is written here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.tx import templates
from dynoview.core.tx.applicability import CLAIM_LOCK, RELEASE_LOCK, RESOLVE_DUPLICATE
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.template_inputs import (
    account_key,
    check_value,
    scope_problem,
)
from dynoview.core.tx.templates import lock_value
from dynoview.core.uniqueness.schema import UniquenessSchema, normalise
from dynoview.core.uniqueness.schema import protected_text as text_of
from dynoview.core.values.visible_text import visible
from dynoview.ui.builder.form_base import (
    TemplateForm,
    ValueField,
    pk_shown,
    pk_text,
    restyle,
    shown_text,
    wrapped_label,
)


class ClaimLockForm(TemplateForm):
    """Write the missing lock of an account's value."""

    template = CLAIM_LOCK

    def __init__(self, schema: UniquenessSchema, table: str, account: Mapping[str, Any], rule_name: str,
                 parent: QWidget | None = None) -> None:
        self.rule = schema.rule(rule_name)
        self.account = dict(account)
        self.value = text_of(account.get(self.rule.attribute))
        who = pk_shown(schema, account)  # titles and labels escape; the transaction is exact
        super().__init__(
            schema, table, self.tr("Claim the {name} lock of {who}").format(name=self.rule.name, who=who),
            f"Writes the lock this account's {self.rule.name} should have: a Put guarded by "
            "attribute_not_exists (if someone else holds the lock, nothing is written) and a "
            f"check that the account still holds the {self.rule.name}.", parent)
        self.form.addRow(self.tr("Account"), wrapped_label(who))
        self.form.addRow(self.rule.name.capitalize(),
                         wrapped_label(shown_text(self.value) if self.value else "(none)"))
        # A scoped rule's lock is keyed by the account's scope: one it cannot fill is an error here.
        self.problem = scope_problem(self.rule, self.account)
        self.lock_label = wrapped_label(
            self.problem or shown_text(self.rule.lock_pk(lock_value(self.rule, self.account, self.value)))
            if self.value else self.tr(
                "The account has no {name}: there is no lock to claim.").format(name=self.rule.name))
        self.lock_label.setObjectName("claim-lock")
        if self.problem is not None:
            restyle(self.lock_label, "error")
        self.form.addRow(self.tr("Lock to write"), self.lock_label)
        self.revalidate()

    def validate(self) -> bool:
        return self.value is not None and self.problem is None

    def build(self) -> Transaction:
        return templates.claim_missing_lock(self.schema, self.table, self.account, self.rule)

    def code_values(self) -> dict[str, Any]:
        return {"account": self.account, "rule": self.rule.name}


class ReleaseLockForm(TemplateForm):
    """Release a lock no account holds; optionally check a former owner no longer holds it.

    A condition cannot normalise (``email <> "ada@x.io"`` passes for ``Ada@X.io``), so with a
    former owner OK first asks for it to be read (``read_owner``, answered by
    ``owner_was_read``): an owner holding the value by the rule's normalisation is refused
    here, and otherwise the transaction requires the owner unchanged since that read."""

    template = RELEASE_LOCK
    read_owner = Signal(object)  # the former owner's key: read it (strongly consistent)

    def __init__(self, schema: UniquenessSchema, table: str, lock: Mapping[str, Any],
                 holders: Sequence[str] = (), evidence: str = "",
                 parent: QWidget | None = None) -> None:
        match = schema.match_lock(lock)
        if match is None:
            raise ValueError("This item is not a lock of the table's uniqueness schema; pick a "
                             "lock item.")
        self.rule, self.value = match
        self.lock_key = {k: v for k, v in lock.items() if k in (schema.pk_name, schema.sk_name)}
        self.holders = list(holders)
        # A scoped lock's value is its form: shown as "'ada@x.io' in scope acme" (``visible``:
        # the scope is the table's too; the quoted part is already escaped). Titles and labels
        # escape the value; the transaction is built from the exact one.
        shown = visible(self.rule.spelled(self.value)) if self.rule.middle is not None \
            else shown_text(self.value)
        super().__init__(
            schema, table, self.tr(
                "Release the {name} lock {value}").format(name=self.rule.name, value=shown),
            self.tr("Deletes the lock, only while it exists, so the {name} {value} can be "
            "used again. Release a lock only when no account holds its value: otherwise that "
            "account's value is no longer protected.").format(name=self.rule.name, value=shown), parent)
        self.form.addRow(self.tr("Lock"), wrapped_label(pk_shown(schema, lock)))
        self.form.addRow(self.tr("Who holds it"), wrapped_label(visible(evidence) or (
            ", ".join(map(shown_text, self.holders)) if self.holders else
            self.tr("Not checked here: run Diagnose on the value if unsure."))))
        self.owner = QLineEdit()
        self.owner.setPlaceholderText(self.tr(
            "optional, e.g. {account_pk_prefix}4c5d6e").format(account_pk_prefix=schema.account_pk_prefix))
        self.owner.setAccessibleName(self.tr("Former owner"))
        self.owner.textChanged.connect(lambda _t: self.revalidate())
        self.owner_seen: templates.OwnerRead | None = None  # what was read of the owner
        self.owner_hint = self.tr(
            "If the lock was left by an account that changed its value, "
                                    "name it: the transaction then also checks that it no longer "
                                    "holds {value}.").format(value=shown_text(self.value))
        self.owner_message = wrapped_label(self.owner_hint)
        restyle(self.owner_message, "hint")
        owner_box = QWidget()
        owner_layout = QVBoxLayout(owner_box)
        owner_layout.setContentsMargins(0, 0, 0, 0)
        owner_layout.addWidget(self.owner)
        owner_layout.addWidget(self.owner_message)
        self.form.addRow(self.tr("Former owner"), owner_box)
        self.revalidate()

    def owner_key(self) -> dict[str, Any] | None:
        text = self.owner.text().strip()
        if not text:
            return None
        prefix = self.schema.account_pk_prefix
        return account_key(self.schema, text[len(prefix):] if text.startswith(prefix) else text)

    def validate(self) -> bool:
        if self.holders:
            self.owner_message.setText(
                self.tr("{value} holds {name} {value2}: this lock is "
                "not an orphan, and releasing it would leave that value unprotected. Change or "
                "delete the account instead.").format(
                    value=', '.join(map(shown_text, self.holders)), name=self.rule.name,
                    value2=shown_text(self.value)))
            restyle(self.owner_message, "error")
            return False
        seen = self.seen()
        if seen is not None and templates.owner_holds(self.rule, seen.item, self.value):
            self.owner_message.setText(self.tr(
                "{owner} holds {name} {value} (as the rule normalises it): this lock is not an "
                "orphan, and releasing it would leave that value unprotected.").format(
                    owner=pk_shown(self.schema, seen.key), name=self.rule.name,
                    value=shown_text(self.value)))
            restyle(self.owner_message, "error")
            return False
        self.owner_message.setText(self.owner_hint)
        restyle(self.owner_message, "hint")
        return True

    def seen(self) -> templates.OwnerRead | None:
        """What was read of the owner now named, if it was read."""
        key, seen = self.owner_key(), self.owner_seen
        return seen if seen is not None and key is not None and dict(seen.key) == key else None

    def build(self) -> Transaction:
        # Before the owner is read the summary shows the Delete alone; OK reads it first.
        return templates.release_orphan_lock(self.schema, self.table, self.lock_key, self.seen())

    def accept(self) -> None:
        key = self.owner_key()
        if key is not None and self.seen() is None:
            if self.revalidate():
                self.owner_message.setText(self.tr("Reading the former owner…"))
                self.read_owner.emit(key)
            return
        super().accept()

    def owner_was_read(self, seen: templates.OwnerRead) -> None:
        """The owner as read: accepted when it does not hold the value, else refused here."""
        self.owner_seen = seen
        if self.revalidate():
            self.accept()

    def owner_read_failed(self, message: str) -> None:
        """The owner could not be read: said at its field; OK reads it again."""
        self.owner_message.setText(message)
        restyle(self.owner_message, "error")

    def code_values(self) -> dict[str, Any]:
        return {"lock": self.lock_key, "owner_id": self.owner.text().strip() or None}


class ResolveDuplicateForm(TemplateForm):
    """Two or more accounts hold one value: ask which keeps it and what another one gets."""

    template = RESOLVE_DUPLICATE

    def __init__(self, schema: UniquenessSchema, table: str, rule_name: str,
                 accounts: Sequence[Mapping[str, Any]], parent: QWidget | None = None, *,
                 kept_lock: bool = True) -> None:
        self.rule = schema.rule(rule_name)
        # False: no lock holds the value (the audit's or diagnosis' word): the kept account's
        # lock is claimed, as a check that it exists would cancel every time.
        self.kept_lock = kept_lock
        self.accounts = [dict(a) for a in accounts]
        held = [text_of(a.get(self.rule.attribute)) for a in self.accounts]
        # One value after the rule's normalisation: that is what makes them duplicates.
        values = {normalise(v, self.rule.normalisation) if v is not None else None for v in held}
        if len(self.accounts) < 2 or len(values) != 1 or None in values:
            raise ValueError(f"Pick two or more accounts that hold the same {self.rule.name}.")
        self.shared = str(held[0])
        shared = shown_text(self.shared)  # what titles and labels quote; the checks take the exact one
        rule = self.rule
        super().__init__(
            schema, table, self.tr(
                "Resolve duplicate {name} {shared}").format(name=rule.name, shared=shared),
            self.tr("{accounts_count} accounts hold the {name} {shared}: uniqueness is "
            "already broken. Choose the account that keeps it; another one gives it up, in one "
            "transaction that checks the kept account and its lock and changes the other only "
            "while it still holds the value.").format(
                accounts_count=len(self.accounts), name=rule.name, shared=shared), parent)
        self.keep_group = QButtonGroup(self)
        keep_box = QWidget()
        keep_layout = QVBoxLayout(keep_box)
        keep_layout.setContentsMargins(0, 0, 0, 0)
        for i, account in enumerate(self.accounts):
            radio = QRadioButton(self.describe(account))
            radio.setObjectName(f"keep-{pk_text(schema, account)}")
            self.keep_group.addButton(radio, i)
            keep_layout.addWidget(radio)
        self.keep_group.idToggled.connect(lambda _i, _on: self._keeper_changed())
        self.keep_error = wrapped_label("")
        keep_layout.addWidget(self.keep_error)
        self.form.addRow(self.tr("Keeps {name}").format(name=rule.name), keep_box)
        self.other = QComboBox()
        self.other.currentIndexChanged.connect(lambda _i: self.revalidate())
        self.form.addRow(self.tr("Gives up {name}").format(name=rule.name), self.other)
        self.new_radio = QRadioButton(self.tr("A new {name}:").format(name=rule.name))
        self.remove_radio = QRadioButton(self.tr("No {name} (remove the attribute)").format(name=rule.name))
        self.gets_group = QButtonGroup(self)
        self.gets_group.addButton(self.new_radio)
        self.gets_group.addButton(self.remove_radio)
        self.new_radio.setChecked(True)
        self.field = ValueField(rule, self.tr("the other account's new {name}").format(name=rule.name))
        self.field.edit.setAccessibleName(self.tr("The other account's new {name}").format(name=rule.name))
        self.field.edit.textChanged.connect(lambda _t: self.revalidate())
        self.new_radio.toggled.connect(lambda _on: self.revalidate())
        gets_box = QWidget()
        gets_layout = QVBoxLayout(gets_box)
        gets_layout.setContentsMargins(0, 0, 0, 0)
        gets_layout.addWidget(self.new_radio)
        gets_layout.addWidget(self.field)
        gets_layout.addWidget(self.remove_radio)
        self.form.addRow(self.tr("It gets"), gets_box)
        self._keeper_changed()

    def describe(self, account: Mapping[str, Any]) -> str:
        """ "ACCT#2a3b4c — username dup1": the id and the account's other protected values."""
        parts = [f"{r.name} {shown_text(v)}" for r in self.schema.rules if r is not self.rule
                 for v in [text_of(account.get(r.attribute))] if v]
        return pk_shown(self.schema, account) + (f" — {', '.join(parts)}" if parts else "")

    def keep_index(self) -> int | None:
        index = self.keep_group.checkedId()
        return index if index >= 0 else None

    def choose_keeper(self, account_pk: str) -> None:
        for i, account in enumerate(self.accounts):
            if pk_text(self.schema, account) == account_pk:
                self.keep_group.button(i).setChecked(True)

    def _keeper_changed(self) -> None:
        keep = self.keep_index()
        self.other.blockSignals(True)
        self.other.clear()
        for i, account in enumerate(self.accounts):
            if i != keep:
                self.other.addItem(self.describe(account), i)
        self.other.blockSignals(False)
        # With two accounts the other one is implied; a list only when there is a choice.
        self.other.setEnabled(keep is not None and self.other.count() > 1)
        self.revalidate()

    def other_account(self) -> dict[str, Any] | None:
        index = self.other.currentData()
        return self.accounts[index] if self.keep_index() is not None and index is not None else None

    def new_value(self) -> str | None:
        return self.field.edit.text() if self.new_radio.isChecked() else None

    def validate(self) -> bool:
        self.field.setEnabled(self.new_radio.isChecked())
        ok = True
        if self.keep_index() is None:
            self.keep_error.setText(self.tr(
                "Choose the account that keeps {shared}.").format(shared=shown_text(self.shared)))
            restyle(self.keep_error, "hint")
            ok = False
        else:
            self.keep_error.setText("")
        if self.new_radio.isChecked():
            text = self.field.edit.text()
            # shared: a new spelling of the shared value would still share its lock
            check = check_value(self.rule, text, self.shared, account=self.other_account(), shared=True)
            self.field.show_check(check, touched=bool(text))
            ok = ok and check.ok
        else:
            self.field.message.setText("")
        return ok

    def build(self) -> Transaction:
        keep = self.keep_index()
        other = self.other_account()
        assert keep is not None and other is not None
        return templates.resolve_duplicate(self.schema, self.table, self.accounts[keep], other,
                                           self.rule, self.new_value(), kept_lock=self.kept_lock)

    def code_values(self) -> dict[str, Any]:
        keep = self.keep_index()
        return {"rule": self.rule.name, "keep": self.accounts[keep] if keep is not None else None,
                "other": self.other_account(), "new_value": self.new_value(),
                "kept_lock": self.kept_lock}
