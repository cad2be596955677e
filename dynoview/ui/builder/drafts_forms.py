"""An open template form as a draft keeps it: which template, what it is about, and the values
typed into it; and the form made again from that at the next start.

``form_state`` reads the fields generically (line edits, combo boxes, check and radio buttons,
in the order the form built them), so a form needs nothing of its own to be kept; what it is
about (the account, the lock, the duplicates) comes from its own attributes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QAbstractButton, QComboBox, QLineEdit, QWidget

from dynoview.core.tx.template_inputs import account_key
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.ui.builder.lock_forms import ClaimLockForm, ReleaseLockForm, ResolveDuplicateForm
from dynoview.ui.builder.template_forms import ChangeValueForm, DeleteAccountForm, SignUpForm, TemplateForm


def _item_json(item: dict[str, Any]) -> dict[str, Any]:
    return {name: to_dynamodb_json(av) for name, av in item.items()}


def _item(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("not an item")
    return {name: from_dynamodb_json(av, name) for name, av in data.items()}


def _fields(form: QWidget) -> list[tuple[str, QWidget]]:
    """The form's input widgets with a key each: their object name, else kind and position."""
    found: list[tuple[str, QWidget]] = []
    counts: dict[str, int] = {}
    for widget in form.findChildren(QWidget):
        if isinstance(widget, QLineEdit) and isinstance(widget.parent(), QComboBox):
            continue  # an editable combo box's own line edit: the combo box is the field
        if isinstance(widget, QLineEdit | QComboBox) or (isinstance(widget, QAbstractButton)
                                                         and widget.isCheckable()):
            kind = type(widget).__name__
            counts[kind] = counts.get(kind, 0) + 1
            found.append((widget.objectName() or f"{kind}-{counts[kind]}", widget))
    return found


def field_values(form: QWidget) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, widget in _fields(form):
        if isinstance(widget, QLineEdit):
            values[key] = widget.text()
        elif isinstance(widget, QComboBox):
            values[key] = widget.currentIndex()
        elif isinstance(widget, QAbstractButton):
            values[key] = widget.isChecked()
    return values


def set_field_values(form: QWidget, values: dict[str, Any]) -> None:
    """Put saved values back (signals on: the form checks them as if typed)."""
    for key, widget in _fields(form):
        value = values.get(key)
        if isinstance(widget, QLineEdit) and isinstance(value, str):
            widget.setText(value)
        elif isinstance(widget, QComboBox) and isinstance(value, int) and 0 <= value < widget.count():
            widget.setCurrentIndex(value)
        elif isinstance(widget, QAbstractButton) and isinstance(value, bool):
            widget.setChecked(value)


def form_state(form: TemplateForm) -> dict[str, Any]:
    """What a draft keeps of an open form (JSON)."""
    subject: dict[str, Any] = {}
    if isinstance(form, SignUpForm):
        subject = {"account_id": form.account_id}
    elif isinstance(form, ChangeValueForm | ClaimLockForm):
        subject = {"account": _item_json(form.account), "rule": form.rule.name}
    elif isinstance(form, DeleteAccountForm):
        subject = {"account": _item_json(form.account)}
    elif isinstance(form, ReleaseLockForm):
        subject = {"lock": _item_json(form.lock_key), "holders": list(form.holders)}
    elif isinstance(form, ResolveDuplicateForm):
        subject = {"accounts": [_item_json(a) for a in form.accounts], "rule": form.rule.name,
                   "kept_lock": form.kept_lock}  # claim or check the lock: not the same transaction
    return {"template": form.template, "title": form.windowTitle(), "table": form.table,
            "subject": subject, "fields": field_values(form)}


_MAKERS: dict[str, Callable[[UniquenessSchema, str, dict[str, Any], QWidget | None], TemplateForm]] = {
    SignUpForm.template: lambda schema, table, _s, parent: SignUpForm(schema, table, parent),
    ChangeValueForm.template: lambda schema, table, s, parent: ChangeValueForm(
        schema, table, _item(s.get("account")), str(s.get("rule")), parent=parent),
    DeleteAccountForm.template: lambda schema, table, s, parent: DeleteAccountForm(
        schema, table, _item(s.get("account")), parent),
    ClaimLockForm.template: lambda schema, table, s, parent: ClaimLockForm(
        schema, table, _item(s.get("account")), str(s.get("rule")), parent),
    ReleaseLockForm.template: lambda schema, table, s, parent: ReleaseLockForm(
        schema, table, _item(s.get("lock")), [str(h) for h in s.get("holders") or []], parent=parent),
    ResolveDuplicateForm.template: lambda schema, table, s, parent: ResolveDuplicateForm(
        schema, table, str(s.get("rule")), [_item(a) for a in s.get("accounts") or []], parent,
        kept_lock=s.get("kept_lock") is not False),  # an older draft: as it was made then
}


def form_from_state(state: dict[str, Any], schema: UniquenessSchema, parent: QWidget | None) -> TemplateForm:
    """The form ``state`` describes, with its values typed back in; ``ValueError`` with a
    sentence when it cannot be made again (another schema, a damaged entry)."""
    title = str(state.get("title") or "template")
    maker = _MAKERS.get(str(state.get("template")))
    table, subject = state.get("table"), state.get("subject")
    if maker is None or not isinstance(table, str) or not isinstance(subject, dict):
        raise ValueError(f"The {title} form could not be opened again: its saved state is incomplete.")
    try:
        form = maker(schema, table, subject, parent)
    except (KeyError, ValueError, ValueParseError) as exc:
        # A rule the table's schema no longer has, an item that is not a lock any more.
        raise ValueError(f"The {title} form could not be opened again ({exc}).") from exc
    account_id = subject.get("account_id")
    if isinstance(form, SignUpForm) and isinstance(account_id, str) and account_id:
        form.account_id = account_id  # the id the user saw, not a new one
        key = account_key(schema, account_id)
        form.id_label.setText(", ".join(f"{k} = {v['S']}" for k, v in key.items()))
    fields = state.get("fields")
    if isinstance(fields, dict):
        set_field_values(form, fields)
    form.revalidate()
    return form
