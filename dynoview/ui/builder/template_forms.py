"""One form per template: each value is asked once and everything that must agree on it
(the account attribute, the lock key, the guards) is derived from that one answer.

A form never writes: accepting it builds a ``Transaction`` (``form.transaction``) that
the builder shows for review before anything is sent. Field errors are shown under
their field and the accept button stays disabled until the form is valid. Forms are
opened with ``open()`` and report through ``finished``, never a nested ``exec()``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.tx import templates
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.template_inputs import (
    ValueCheck,
    account_key,
    check_distinct,
    check_value,
    new_account_id,
    sign_up_account,
)
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.schema import protected_text as text_of

ACCEPT_TEXT = "Open in builder"


def _restyle(widget: QWidget, role: str) -> None:
    """Switch a label between the theme's "error" and "hint" styles."""
    widget.setProperty("role", role)
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def _pk(schema: UniquenessSchema, item: Mapping[str, Any]) -> str:
    av = item.get(schema.pk_name)
    return av.get("S", "?") if isinstance(av, Mapping) else "?"


def _label(text: str, *, rich: bool = False) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ValueField(QWidget):
    """A line edit for one protected value, with its message underneath: the lock key it
    will write when valid, or why it cannot be used."""

    def __init__(self, rule: LockRule, placeholder: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rule = rule
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(placeholder)
        self.edit.setObjectName(f"value-{rule.name}")
        self.message = _label("")
        self.message.setObjectName(f"message-{rule.name}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit)
        layout.addWidget(self.message)
        self.check: ValueCheck | None = None

    @property
    def error(self) -> str | None:
        return self.check.error if self.check is not None else None

    def show_check(self, check: ValueCheck, *, touched: bool) -> None:
        """Show the lock key, or the error once the user has typed something (an empty
        form does not open covered in red)."""
        self.check = check
        if check.ok:
            self.message.setText(f"Lock key: {check.lock_pk}")
            _restyle(self.message, "hint")
        elif touched:
            self.message.setText(check.error or "")
            _restyle(self.message, "error")
        else:
            self.message.setText("")
        self.edit.setToolTip(self.message.text())


class TemplateForm(QDialog):
    """Common frame: an intro, the fields, a live summary of the actions, and the buttons."""

    def __init__(self, schema: UniquenessSchema, table: str, title: str, intro: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(520)
        self.schema = schema
        self.table = table
        self.transaction: Transaction | None = None
        self.intro = _label(intro)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.summary = _label("", rich=True)
        self.summary.setObjectName("template-summary")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.addButton(ACCEPT_TEXT, QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(self.form)
        box = QGroupBox("The transaction")
        box_layout = QVBoxLayout(box)
        # A fixed-height, scrolling summary: the form keeps its size while the list grows.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.summary)
        scroll.setFixedHeight(self.fontMetrics().lineSpacing() * 10)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        box_layout.addWidget(scroll)
        layout.addWidget(box)
        layout.addStretch(1)  # spare height below the summary, not between the labels
        layout.addWidget(self.buttons)

    # Subclasses: validate() updates the field messages and says whether OK may run;
    # build() makes the transaction from the fields; actions() lists it for the summary.
    def validate(self) -> bool:
        return True

    def build(self) -> Transaction:
        raise NotImplementedError

    def fit_height(self, *, shrink: bool = False) -> None:
        """Take the height the wrapped texts need at this width: grow when a message appears
        under a field (it must not squeeze the field); shrink only when first shown (Qt's first
        guess for wrapped labels is far too tall)."""
        layout = self.layout()
        need = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() \
            else layout.totalSizeHint().height()
        if need > self.height() or shrink:
            self.resize(self.width(), need)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_height(shrink=True)

    def revalidate(self) -> bool:
        ok = self.validate()
        self.ok_button.setEnabled(ok)
        if ok:
            lines = [html.escape(a.summary()) for a in self.build().actions]
            self.summary.setText("<ol>" + "".join(f"<li>{line}</li>" for line in lines) + "</ol>"
                                 "<p>Nothing is sent yet: the builder shows the exact request to "
                                 "review, then Execute asks for confirmation.</p>")
        else:
            self.summary.setText("<p>Fill in the form: the actions appear here once it is "
                                 "valid.</p>")
        if self.isVisible():
            self.fit_height()
        return ok

    def accept(self) -> None:
        if not self.revalidate():
            return
        self.transaction = self.build()
        super().accept()


class SignUpForm(TemplateForm):
    """A new account and its locks, from one value per rule and a generated account id."""

    def __init__(self, schema: UniquenessSchema, table: str, parent: QWidget | None = None) -> None:
        super().__init__(
            schema, table, "Sign up (new account)",
            "Creates the account and one lock per protected value in one transaction. Each "
            "value is typed once: the account's attribute and its lock key are both made from "
            "it, and every Put is guarded by attribute_not_exists, so a value already taken "
            "cancels the whole signup.", parent)
        self.account_id = new_account_id()
        self.id_label = _label("")
        regen = QPushButton("New id")
        regen.setToolTip("Generate another account id (ids are generated, never made from a value)")
        regen.clicked.connect(self.regenerate_id)
        id_row = QHBoxLayout()
        id_row.addWidget(self.id_label, 1)
        id_row.addWidget(regen)
        self.form.addRow("Account", id_row)
        self.fields: dict[str, ValueField] = {}
        for rule in schema.rules:
            field = ValueField(rule, f"the {rule.name}, as the person types it")
            field.edit.textChanged.connect(lambda _t: self.revalidate())
            self.fields[rule.name] = field
            self.form.addRow(rule.name.capitalize(), field)
        self._show_id()
        self.revalidate()

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
        checks = check_distinct([check_value(f.rule, f.edit.text()) for f in self.fields.values()])
        for field, check in zip(self.fields.values(), checks, strict=True):
            field.show_check(check, touched=bool(field.edit.text()))
        return all(c.ok for c in checks)

    def account_item(self) -> dict[str, Any]:
        return sign_up_account(self.schema, self.account_id, self.values())

    def build(self) -> Transaction:
        return templates.sign_up(self.schema, self.table, self.account_item())


class ChangeValueForm(TemplateForm):
    """Move one protected value of an account: new lock, old lock released, account updated."""

    def __init__(self, schema: UniquenessSchema, table: str, account: Mapping[str, Any], rule_name: str,
                 new_value: str = "", note: str = "", parent: QWidget | None = None) -> None:
        self.rule = schema.rule(rule_name)
        self.account = dict(account)
        self.current = text_of(account.get(self.rule.attribute))
        rule = self.rule
        who = _pk(schema, account)
        super().__init__(
            schema, table, f"Change {rule.name} of {who}",
            f"Moves the {rule.name} and its lock together, in one transaction: the new lock is "
            "Put only where none exists (a taken value cancels everything), the old lock is "
            f"released, and the account is updated only while it still holds "
            f"{self.current if self.current is not None else f'no {rule.name}'}.", parent)
        if note:
            self.note = _label(note)
            _restyle(self.note, "hint")
            self.layout().insertWidget(1, self.note)
        self.form.addRow("Account", _label(who))
        current = "(none)" if self.current is None else \
            f"{self.current}   (lock {rule.lock_pk(self.current)})"
        self.current_label = _label(current)
        self.form.addRow(f"Current {rule.name}", self.current_label)
        self.field = ValueField(rule, f"the new {rule.name}")
        self.field.edit.setText(new_value)
        self.field.edit.textChanged.connect(lambda _t: self.revalidate())
        self.form.addRow(f"New {rule.name}", self.field)
        self.revalidate()

    def validate(self) -> bool:
        text = self.field.edit.text()
        check = check_value(self.rule, text, self.current)
        self.field.show_check(check, touched=bool(text))
        return check.ok

    def build(self) -> Transaction:
        return templates.change_value(self.schema, self.table, self.account, self.rule.name,
                                      self.field.edit.text())


class DeleteAccountForm(TemplateForm):
    """Delete an account and every lock it holds, after showing them."""

    def __init__(self, schema: UniquenessSchema, table: str, account: Mapping[str, Any],
                 parent: QWidget | None = None) -> None:
        who = _pk(schema, account)
        super().__init__(
            schema, table, f"Delete account {who}",
            "Deletes the account and the locks of its values in one transaction, so no lock is "
            "left behind to block a value forever. The account is deleted only while it still "
            "holds the values below; each lock only while it exists.", parent)
        self.account = dict(account)
        self.form.addRow("Account", _label(who))
        self.locks: list[str] = []
        for rule in schema.rules:
            value = text_of(account.get(rule.attribute))
            if value is None:
                self.form.addRow(rule.name.capitalize(), _label(f"(none: no {rule.name} lock to remove)"))
                continue
            lock = rule.lock_pk(value)
            self.locks.append(lock)
            self.form.addRow(rule.name.capitalize(), _label(f"{value}   → removes lock {lock}"))
        self.revalidate()

    def build(self) -> Transaction:
        return templates.delete_account(self.schema, self.table, self.account)


class ClaimLockForm(TemplateForm):
    """Write the missing lock of an account's value."""

    def __init__(self, schema: UniquenessSchema, table: str, account: Mapping[str, Any], rule_name: str,
                 parent: QWidget | None = None) -> None:
        self.rule = schema.rule(rule_name)
        self.account = dict(account)
        self.value = text_of(account.get(self.rule.attribute))
        who = _pk(schema, account)
        super().__init__(
            schema, table, f"Claim the {self.rule.name} lock of {who}",
            f"Writes the lock this account's {self.rule.name} should have: a Put guarded by "
            "attribute_not_exists (if someone else holds the lock, nothing is written) and a "
            f"check that the account still holds the {self.rule.name}.", parent)
        self.form.addRow("Account", _label(who))
        self.form.addRow(self.rule.name.capitalize(), _label(self.value or "(none)"))
        self.lock_label = _label(self.rule.lock_pk(self.value) if self.value else
                                 f"The account has no {self.rule.name}: there is no lock to claim.")
        self.form.addRow("Lock to write", self.lock_label)
        self.revalidate()

    def validate(self) -> bool:
        return self.value is not None

    def build(self) -> Transaction:
        return templates.claim_missing_lock(self.schema, self.table, self.account, self.rule)


class ReleaseLockForm(TemplateForm):
    """Release a lock no account holds; optionally check a former owner no longer holds it."""

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
        super().__init__(
            schema, table, f"Release the {self.rule.name} lock {self.value}",
            f"Deletes the lock, only while it exists, so the {self.rule.name} {self.value} can be "
            "used again. Release a lock only when no account holds its value: otherwise that "
            "account's value is no longer protected.", parent)
        self.form.addRow("Lock", _label(_pk(schema, lock)))
        self.form.addRow("Who holds it", _label(evidence or (
            ", ".join(self.holders) if self.holders else
            "Not checked here: run Diagnose on the value if unsure.")))
        self.owner = QLineEdit()
        self.owner.setPlaceholderText(f"optional, e.g. {schema.account_pk_prefix}4c5d6e")
        self.owner.textChanged.connect(lambda _t: self.revalidate())
        self.owner_message = _label("If the lock was left by an account that changed its value, "
                                    "name it: the transaction then also checks that it no longer "
                                    f"holds {self.value}.")
        _restyle(self.owner_message, "hint")
        owner_box = QWidget()
        owner_layout = QVBoxLayout(owner_box)
        owner_layout.setContentsMargins(0, 0, 0, 0)
        owner_layout.addWidget(self.owner)
        owner_layout.addWidget(self.owner_message)
        self.form.addRow("Former owner", owner_box)
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
                f"{', '.join(self.holders)} holds {self.rule.name} {self.value}: this lock is "
                "not an orphan, and releasing it would leave that value unprotected. Change or "
                "delete the account instead.")
            _restyle(self.owner_message, "error")
            return False
        return True

    def build(self) -> Transaction:
        return templates.release_orphan_lock(self.schema, self.table, self.lock_key, self.owner_key())


class ResolveDuplicateForm(TemplateForm):
    """Two or more accounts hold one value: ask which keeps it and what another one gets."""

    def __init__(self, schema: UniquenessSchema, table: str, rule_name: str,
                 accounts: Sequence[Mapping[str, Any]], parent: QWidget | None = None) -> None:
        self.rule = schema.rule(rule_name)
        self.accounts = [dict(a) for a in accounts]
        values = {text_of(a.get(self.rule.attribute)) for a in self.accounts}
        if len(self.accounts) < 2 or len(values) != 1 or None in values:
            raise ValueError(f"Pick two or more accounts that hold the same {self.rule.name}.")
        self.shared = str(next(iter(values)))
        rule = self.rule
        super().__init__(
            schema, table, f"Resolve duplicate {rule.name} {self.shared}",
            f"{len(self.accounts)} accounts hold the {rule.name} {self.shared}: uniqueness is "
            "already broken. Choose the account that keeps it; another one gives it up, in one "
            "transaction that checks the kept account and its lock and changes the other only "
            "while it still holds the value.", parent)
        self.keep_group = QButtonGroup(self)
        keep_box = QWidget()
        keep_layout = QVBoxLayout(keep_box)
        keep_layout.setContentsMargins(0, 0, 0, 0)
        for i, account in enumerate(self.accounts):
            radio = QRadioButton(self.describe(account))
            radio.setObjectName(f"keep-{_pk(schema, account)}")
            self.keep_group.addButton(radio, i)
            keep_layout.addWidget(radio)
        self.keep_group.idToggled.connect(lambda _i, _on: self._keeper_changed())
        self.keep_error = _label("")
        keep_layout.addWidget(self.keep_error)
        self.form.addRow(f"Keeps {rule.name}", keep_box)
        self.other = QComboBox()
        self.other.currentIndexChanged.connect(lambda _i: self.revalidate())
        self.form.addRow(f"Gives up {rule.name}", self.other)
        self.new_radio = QRadioButton(f"A new {rule.name}:")
        self.remove_radio = QRadioButton(f"No {rule.name} (remove the attribute)")
        self.gets_group = QButtonGroup(self)
        self.gets_group.addButton(self.new_radio)
        self.gets_group.addButton(self.remove_radio)
        self.new_radio.setChecked(True)
        self.field = ValueField(rule, f"the other account's new {rule.name}")
        self.field.edit.textChanged.connect(lambda _t: self.revalidate())
        self.new_radio.toggled.connect(lambda _on: self.revalidate())
        gets_box = QWidget()
        gets_layout = QVBoxLayout(gets_box)
        gets_layout.setContentsMargins(0, 0, 0, 0)
        gets_layout.addWidget(self.new_radio)
        gets_layout.addWidget(self.field)
        gets_layout.addWidget(self.remove_radio)
        self.form.addRow("It gets", gets_box)
        self._keeper_changed()

    def describe(self, account: Mapping[str, Any]) -> str:
        """ "ACCT#2a3b4c — username dup1": the id and the account's other protected values."""
        parts = [f"{r.name} {v}" for r in self.schema.rules if r is not self.rule
                 for v in [text_of(account.get(r.attribute))] if v]
        return _pk(self.schema, account) + (f" — {', '.join(parts)}" if parts else "")

    def keep_index(self) -> int | None:
        index = self.keep_group.checkedId()
        return index if index >= 0 else None

    def choose_keeper(self, account_pk: str) -> None:
        for i, account in enumerate(self.accounts):
            if _pk(self.schema, account) == account_pk:
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
            self.keep_error.setText(f"Choose the account that keeps {self.shared}.")
            _restyle(self.keep_error, "hint")
            ok = False
        else:
            self.keep_error.setText("")
        if self.new_radio.isChecked():
            text = self.field.edit.text()
            check = check_value(self.rule, text, self.shared)
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
                                           self.rule, self.new_value())


# ------------------------------------------------------------------ which templates apply

SIGN_UP = "sign_up"
CHANGE_VALUE = "change_value"
DELETE_ACCOUNT = "delete_account"
CLAIM_LOCK = "claim_missing_lock"
RESOLVE_DUPLICATE = "resolve_duplicate"
RELEASE_LOCK = "release_orphan_lock"
DELETE_ITEM = "delete_item"


NEW = "New"
CHANGE = "Change or delete the selection"
REPAIR = "Repairs (each reads the table first, or says what it checks)"


@dataclass(frozen=True)
class TemplateEntry:
    """A menu or palette line: its title names the subject ("Change email of ACCT#a1 (a@x)…")."""

    title: str
    name: str
    rule: str | None = None
    group: str = CHANGE  # the menu section it is listed under


NO_SUBJECT_HINT = ("Select an account or lock (in Items, Accounts & locks or a diagnosis) to "
                   "change, delete or repair it")


def template_entries(schema: UniquenessSchema, item: Mapping[str, Any] | None) -> list[TemplateEntry]:
    """The templates that apply to the selected item, titled with that item."""
    entries = [TemplateEntry("Sign up (new account)…", SIGN_UP, group=NEW)]
    if item is None:
        return entries
    who = _pk(schema, item)
    if schema.is_account(item):
        values = {r.name: text_of(item.get(r.attribute)) for r in schema.rules}
        for rule in schema.rules:
            shown = values[rule.name] or f"no {rule.name}"
            entries.append(TemplateEntry(f"Change {rule.name} of {who} ({shown})…", CHANGE_VALUE,
                                         rule.name))
        entries.append(TemplateEntry(f"Delete account {who} and its locks…", DELETE_ACCOUNT))
        for rule in schema.rules:
            value = values[rule.name]
            if value is not None:
                entries.append(TemplateEntry(f"Claim the missing {rule.name} lock of {who} ({value})…",
                                             CLAIM_LOCK, rule.name, REPAIR))
        for rule in schema.rules:
            value = values[rule.name]
            if value is not None:
                entries.append(TemplateEntry(f"Resolve duplicate {rule.name} {value} of {who}…",
                                             RESOLVE_DUPLICATE, rule.name, REPAIR))
    elif schema.match_lock(item) is not None:
        entries.append(TemplateEntry(f"Release lock {who}…", RELEASE_LOCK, group=REPAIR))
    else:
        entries.append(TemplateEntry(f"Delete item {who} (guarded)", DELETE_ITEM))
    return entries
