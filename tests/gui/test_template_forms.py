"""The template forms on their own: one field per value, errors at the field, OK gated."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.template_forms import (
    ChangeValueForm,
    DeleteAccountForm,
    ReleaseLockForm,
    ResolveDuplicateForm,
    SignUpForm,
    template_entries,
)

pytestmark = pytest.mark.gui
S = article_schema()


def s(v: str) -> dict[str, str]:
    return {"S": v}


def account(acct: str, email: str, username: str) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{acct}"), "SK": s("PROFILE"), "email": s(email), "username": s(username)}


def lock_pks(form: Any) -> list[str]:
    return [a.item["PK"]["S"] if a.kind == "Put" else a.key["PK"]["S"] for a in form.build().actions]


def test_sign_up_asks_each_value_once_and_derives_every_lock(qtbot: Any) -> None:
    form = SignUpForm(S, "accounts")
    qtbot.addWidget(form)
    assert list(form.fields) == ["email", "username"]
    assert not form.ok_button.isEnabled()
    assert form.id_label.text() == f"PK = ACCT#{form.account_id}, SK = PROFILE"
    form.fields["email"].edit.setText("grace@new.io")
    assert not form.ok_button.isEnabled()  # username still missing, but not shown in red yet
    assert form.fields["username"].message.text() == ""
    assert form.fields["email"].message.text() == "Lock key: UNIQ#EMAIL#grace@new.io"
    form.fields["username"].edit.setText(" gh")
    assert form.fields["username"].message.text().startswith("Remove the spaces at the start or end")
    assert form.fields["username"].message.property("role") == "error"
    assert not form.ok_button.isEnabled()
    form.fields["username"].edit.setText("gh")
    assert form.ok_button.isEnabled()
    assert "UNIQ#HANDLE#gh" in form.summary.text()
    form.accept()
    tx = form.transaction
    assert tx is not None
    acct, email_lock, handle_lock = tx.actions
    assert acct.item == {"PK": s(f"ACCT#{form.account_id}"), "SK": s("PROFILE"),
                         "email": s("grace@new.io"), "username": s("gh")}
    assert email_lock.item["PK"] == s("UNIQ#EMAIL#grace@new.io")
    assert handle_lock.item["PK"] == s("UNIQ#HANDLE#gh")


def test_sign_up_form_cannot_produce_unlinked_values(qtbot: Any) -> None:
    """Typing another email changes the account and its lock together, whatever is typed."""
    form = SignUpForm(S, "accounts")
    qtbot.addWidget(form)
    form.fields["username"].edit.setText("u1")
    for typed in ("first@x.io", "second@x.io", "Third@X.io", "a#b@x.io"):
        form.fields["email"].edit.setText(typed)
        acct, email_lock, _handle = form.build().actions
        assert acct.item["email"] == s(typed)
        assert email_lock.item["PK"] == s(S.rule("email").lock_pk(acct.item["email"]["S"]))
    # There is no other place to type an email: one field per rule, nothing else editable.
    assert [f.rule.attribute for f in form.fields.values()] == ["email", "username"]


def test_change_value_shows_the_account_and_current_value(qtbot: Any) -> None:
    form = ChangeValueForm(S, "accounts", account("a1f9c3", "ada@lovelace.io", "ada"), "email")
    qtbot.addWidget(form)
    assert form.windowTitle() == "Change email of ACCT#a1f9c3"
    assert form.current_label.text() == "ada@lovelace.io   (lock UNIQ#EMAIL#ada@lovelace.io)"
    assert not form.ok_button.isEnabled()
    form.field.edit.setText("ada@lovelace.io")
    assert form.field.message.text().startswith("This is the account's current email")
    assert not form.ok_button.isEnabled()
    form.field.edit.setText("ada@new.io")
    assert form.field.message.text() == "Lock key: UNIQ#EMAIL#ada@new.io"
    assert form.ok_button.isEnabled()
    assert lock_pks(form) == ["UNIQ#EMAIL#ada@new.io", "UNIQ#EMAIL#ada@lovelace.io", "ACCT#a1f9c3"]


def test_delete_account_lists_the_locks_it_removes(qtbot: Any) -> None:
    form = DeleteAccountForm(S, "accounts", account("a1f9c3", "ada@lovelace.io", "ada"))
    qtbot.addWidget(form)
    assert form.locks == ["UNIQ#EMAIL#ada@lovelace.io", "UNIQ#HANDLE#ada"]
    assert form.ok_button.isEnabled()
    assert lock_pks(form) == ["ACCT#a1f9c3", "UNIQ#EMAIL#ada@lovelace.io", "UNIQ#HANDLE#ada"]


def test_resolve_duplicate_asks_who_keeps_the_value(qtbot: Any) -> None:
    one = account("2a3b4c", "shared@example.com", "dup1")
    two = account("3b4c5d", "shared@example.com", "dup2")
    form = ResolveDuplicateForm(S, "accounts", "email", [one, two])
    qtbot.addWidget(form)
    radios = [form.keep_group.button(i).text() for i in range(2)]
    assert radios == ["ACCT#2a3b4c — username dup1", "ACCT#3b4c5d — username dup2"]
    assert form.keep_index() is None and not form.ok_button.isEnabled()  # never decided for the user
    assert form.keep_error.text() == "Choose the account that keeps shared@example.com."
    form.choose_keeper("ACCT#3b4c5d")
    assert form.other.currentText() == "ACCT#2a3b4c — username dup1"
    assert not form.ok_button.isEnabled()  # the other's new value is still empty
    form.field.edit.setText("shared@example.com")
    assert form.field.message.text().startswith("This is the account's current email")
    form.field.edit.setText("dup1@example.com")
    assert form.ok_button.isEnabled()
    update = form.build().actions[-1]
    assert update.key["PK"] == s("ACCT#2a3b4c") and update.update.startswith("SET")
    form.remove_radio.setChecked(True)
    assert not form.field.isEnabled() and form.ok_button.isEnabled()
    assert form.build().actions[-1].update.startswith("REMOVE")


def test_release_refuses_a_lock_an_account_holds(qtbot: Any) -> None:
    lock = {"PK": s("UNIQ#EMAIL#ada@lovelace.io"), "SK": s("LOCK")}
    form = ReleaseLockForm(S, "accounts", lock, ["ACCT#a1f9c3"])
    qtbot.addWidget(form)
    assert not form.ok_button.isEnabled()
    assert form.owner_message.text().startswith("ACCT#a1f9c3 holds email ada@lovelace.io")
    free = ReleaseLockForm(S, "accounts", {"PK": s("UNIQ#EMAIL#barbara@mit.edu"), "SK": s("LOCK")})
    qtbot.addWidget(free)
    free.owner.setText("4c5d6e")
    check = free.build().actions[1]
    assert check.kind == "ConditionCheck" and check.key == {"PK": s("ACCT#4c5d6e"), "SK": s("PROFILE")}


def test_menu_titles_name_the_subject() -> None:
    titles = [e.title for e in template_entries(S, account("a1f9c3", "ada@lovelace.io", "ada"))]
    assert titles[:4] == ["Sign up (new account)…", "Change email of ACCT#a1f9c3 (ada@lovelace.io)…",
                          "Change username of ACCT#a1f9c3 (ada)…",
                          "Delete account ACCT#a1f9c3 and its locks…"]
    assert [e.title for e in template_entries(S, None)] == ["Sign up (new account)…"]
    lock = {"PK": s("UNIQ#EMAIL#ken@thompson.dev"), "SK": s("LOCK")}
    assert [e.title for e in template_entries(S, lock)][1] == "Release lock UNIQ#EMAIL#ken@thompson.dev…"
