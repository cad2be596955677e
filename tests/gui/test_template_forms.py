"""The template forms on their own: one field per value, errors at the field, OK gated."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.tx.applicability import Evidence
from dynoview.core.tx.templates import OwnerRead
from dynoview.core.uniqueness.findings import MISSING_LOCK, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
    article_schema,
)
from dynoview.ui.builder.template_forms import (
    CLAIM_LOCK,
    READING_HINT,
    RESOLVE_DUPLICATE,
    ChangeValueForm,
    DeleteAccountForm,
    ReleaseLockForm,
    ResolveDuplicateForm,
    SignUpForm,
    menu_text,
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
    assert form.fields["email"].message.text() == ("lock UNIQ#EMAIL#grace@new.io; the account stores "
                                                   "grace@new.io")
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
    assert form.field.message.text() == "lock UNIQ#EMAIL#ada@new.io; the account stores ada@new.io"
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


def test_resolve_duplicate_refuses_a_spelling_that_still_shares_the_lock(qtbot: Any) -> None:
    """Under a lowercasing rule "SHARED@…" keys the same lock as "shared@…": the other account
    would still share it, so the form refuses it (a change of one's own spelling is accepted)."""
    schema = UniquenessSchema(rules=(
        LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER),
        LockRule("username", "username", "UNIQ#HANDLE#{value}", "LOCK", NORMALISE_LOWER)))
    one = account("2a3b4c", "shared@example.com", "dup1")
    two = account("3b4c5d", "shared@example.com", "dup2")
    form = ResolveDuplicateForm(schema, "accounts", "email", [one, two])
    qtbot.addWidget(form)
    form.choose_keeper("ACCT#3b4c5d")
    form.field.edit.setText("SHARED@example.com")
    assert form.field.message.property("role") == "error" and not form.ok_button.isEnabled()
    form.field.edit.setText("dup1@example.com")
    assert form.ok_button.isEnabled()


def test_release_refuses_a_lock_an_account_holds(qtbot: Any) -> None:
    lock = {"PK": s("UNIQ#EMAIL#ada@lovelace.io"), "SK": s("LOCK")}
    form = ReleaseLockForm(S, "accounts", lock, ["ACCT#a1f9c3"])
    qtbot.addWidget(form)
    assert not form.ok_button.isEnabled()
    assert form.owner_message.text().startswith("ACCT#a1f9c3 holds email ada@lovelace.io")
    free = ReleaseLockForm(S, "accounts", {"PK": s("UNIQ#EMAIL#barbara@mit.edu"), "SK": s("LOCK")})
    qtbot.addWidget(free)
    free.owner.setText("4c5d6e")
    assert len(free.build().actions) == 1  # the owner is read on OK, then guarded on that read
    owner = {"PK": s("ACCT#4c5d6e"), "SK": s("PROFILE")}
    free.owner_seen = OwnerRead(owner, {**owner, "email": s("barbara@mit.edu")})
    assert not free.revalidate()  # the owner read holds the value: refused at the field
    assert free.owner_message.text().startswith("ACCT#4c5d6e holds email barbara@mit.edu")
    free.owner_seen = OwnerRead(owner, {**owner, "email": s("barbara@new.edu")})
    assert free.revalidate()
    check = free.build().actions[1]
    assert check.kind == "ConditionCheck" and check.key == {"PK": s("ACCT#4c5d6e"), "SK": s("PROFILE")}


def test_menu_titles_name_the_subject() -> None:
    titles = [e.title for e in template_entries(S, account("a1f9c3", "ada@lovelace.io", "ada"))]
    assert titles[:4] == ["Sign up (new account)…", "Change email of ACCT#a1f9c3 (ada@lovelace.io)…",
                          "Change username of ACCT#a1f9c3 (ada)…",
                          "Delete account ACCT#a1f9c3 and its locks…"]
    assert [e.title for e in template_entries(S, None)] == ["Sign up (new account)…"]
    lock = {"PK": s("UNIQ#EMAIL#ken@thompson.dev"), "SK": s("LOCK")}
    orphan = Evidence((Finding(ORPHAN_LOCK, "email", "ken@thompson.dev", (), (lock,), "", ""),))
    assert [e.title for e in template_entries(S, lock, orphan)][1] == \
        "Release lock UNIQ#EMAIL#ken@thompson.dev…"
    linus = account("1d2e3f", "linus@kernel.org", "linus")
    missing = Evidence((Finding(MISSING_LOCK, "username", "linus", ("ACCT#1d2e3f",), (), "", ""),))
    assert [e.title for e in template_entries(S, linus, missing) if e.name == CLAIM_LOCK] == [
        "Claim the missing username lock of ACCT#1d2e3f (linus)…"]


def test_without_evidence_the_menu_says_why_repairs_are_missing() -> None:
    entries = template_entries(S, account("1d2e3f", "linus@kernel.org", "linus"))
    assert not [e for e in entries if e.name in (CLAIM_LOCK, RESOLVE_DUPLICATE)]
    notes = [e.title for e in entries if e.is_note]
    assert len(notes) == 1 and notes[0].startswith("Claim and resolve are offered only for a value")
    reading = template_entries(S, account("1d2e3f", "linus@kernel.org", "linus"), reading=True)
    assert [e.title for e in reading if e.is_note] == [READING_HINT]
    assert menu_text("Items, Accounts & locks") == "Items, Accounts && locks"


@pytest.mark.parametrize(("mode", "shown"), [
    (NORMALISE_NONE, "lock UNIQ#EMAIL#Ada@X.io; the account stores Ada@X.io"),
    (NORMALISE_LOWER, "lock UNIQ#EMAIL#ada@x.io; the account stores Ada@X.io"),
    (NORMALISE_TRIM_LOWER, "lock UNIQ#EMAIL#ada@x.io; the account stores Ada@X.io"),
    (NORMALISE_NFKC_CASEFOLD, "lock UNIQ#EMAIL#ada@x.io; the account stores Ada@X.io"),
])
def test_the_key_preview_follows_the_typing(qtbot: Any, mode: str, shown: str) -> None:
    schema = UniquenessSchema(rules=(
        LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),
        LockRule("username", "username", "UNIQ#HANDLE#{value}", "LOCK", mode)))
    form = SignUpForm(schema, "accounts")
    qtbot.addWidget(form)
    field = form.fields["email"]
    assert field.message.text() == ""  # nothing typed, nothing in red
    qtbot.keyClicks(field.edit, "Ada@X")
    assert field.message.text().endswith("the account stores Ada@X")
    qtbot.keyClicks(field.edit, ".io")
    assert field.message.text() == shown
    assert field.message.property("role") == "hint"
    form.fields["username"].edit.setText("Countess")
    acct, email_lock, handle_lock = form.build().actions
    assert acct.item["email"] == s("Ada@X.io")  # what the form said the account stores
    assert "lock " + email_lock.item["PK"]["S"] + ";" in shown  # ...and the lock it said it writes
    assert handle_lock.item["PK"] == s(schema.rule("username").lock_pk("Countess"))
    field.edit.setText("Ada@X.io\u200b ")
    if mode in (NORMALISE_NONE, NORMALISE_LOWER):
        assert field.message.text().startswith("Remove the spaces at the start or end")
        assert field.message.property("role") == "error" and not form.ok_button.isEnabled()
    else:
        assert field.message.text().endswith("the account stores 'Ada@X.io\\u200b '")
