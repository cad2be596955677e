"""Template form inputs: one value per rule, checked the way its lock is keyed."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import (
    account_key,
    check_distinct,
    check_value,
    describe_account,
    new_account_id,
    other_changes,
    protected_changes,
    sign_up_account,
)
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
    article_schema,
)

S = article_schema()
EMAIL = S.rule("email")


def s(v: str) -> dict[str, str]:
    return {"S": v}


def ada(**extra: Any) -> dict[str, Any]:
    return {"PK": s("ACCT#a1f9c3"), "SK": s("PROFILE"), "email": s("ada@lovelace.io"),
            "username": s("ada"), "displayName": s("Ada"), **extra}


def test_a_valid_value_names_the_lock_key_it_writes() -> None:
    check = check_value(EMAIL, "ada@new.io", "ada@lovelace.io")
    assert check.ok and check.lock_pk == "UNIQ#EMAIL#ada@new.io"


def test_empty_padded_too_long_and_unchanged_values_are_refused() -> None:
    assert check_value(EMAIL, "").error == "Type the email: it cannot be empty."
    assert check_value(EMAIL, "   ").error == "Type the email: it cannot be empty."
    padded = check_value(EMAIL, " ada@x.io")
    assert padded.error is not None and padded.error.startswith("Remove the spaces at the start or end")
    assert "too long" in (check_value(EMAIL, "a" * 2100).error or "")
    same = check_value(EMAIL, "ada@lovelace.io", "ada@lovelace.io")
    assert same.error == ("This is the account's current email (lock UNIQ#EMAIL#ada@lovelace.io): "
                          "type a different one.")


def test_a_new_spelling_the_lock_cannot_see_is_accepted_with_a_note() -> None:
    lower = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER)
    check = check_value(lower, "BOB@x.io", "Bob@x.io")
    # The lock stays (UNIQ#EMAIL#bob@x.io): change_value only updates the account.
    assert check.ok and check.lock_pk == "UNIQ#EMAIL#bob@x.io"
    assert check.note == ("Only the spelling changes: the lock stays under the rule's lowercase "
                          "normalisation, so only the account is updated.")
    assert check.preview == "lock UNIQ#EMAIL#bob@x.io; the account stores BOB@x.io. " + check.note
    # Only the value itself is refused: nothing would change.
    assert check_value(lower, "Bob@x.io", "Bob@x.io").error == (
        "This is the account's current email (lock UNIQ#EMAIL#bob@x.io): type a different one.")
    # Moving off a lock another account holds (resolve_duplicate): its other spellings stay on it.
    shared = check_value(lower, "BOB@x.io", "bob@x.io", shared=True)
    assert shared.error == ("This is bob@x.io under the rule's lowercase normalisation (lock "
                            "UNIQ#EMAIL#bob@x.io), the value the account shares: type a different one.")
    # Without normalisation a case change is another lock key, so it may be moved.
    plain = check_value(EMAIL, "Ada@lovelace.io", "ada@lovelace.io")
    assert plain.ok and plain.note is None
    trim = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_TRIM_LOWER)
    assert check_value(trim, " New@x.io ").lock_pk == "UNIQ#EMAIL#new@x.io"


@pytest.mark.parametrize(("mode", "typed", "lock_pk", "preview"), [
    (NORMALISE_NONE, "Ada@x.io", "UNIQ#EMAIL#Ada@x.io",
     "lock UNIQ#EMAIL#Ada@x.io; the account stores Ada@x.io"),
    (NORMALISE_LOWER, "Ada@x.io", "UNIQ#EMAIL#ada@x.io",
     "lock UNIQ#EMAIL#ada@x.io; the account stores Ada@x.io"),
    (NORMALISE_TRIM_LOWER, " Ada@x.io", "UNIQ#EMAIL#ada@x.io",
     "lock UNIQ#EMAIL#ada@x.io; the account stores ' Ada@x.io'"),
    (NORMALISE_NFKC_CASEFOLD, "\uff21da\u200b@x.io ", "UNIQ#EMAIL#ada@x.io",
     "lock UNIQ#EMAIL#ada@x.io; the account stores '\uff21da\\u200b@x.io '"),
])
def test_the_lock_key_is_the_rules_and_the_account_keeps_what_was_typed(
        mode: str, typed: str, lock_pk: str, preview: str) -> None:
    check = check_value(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode), typed)
    assert check.ok, check.error
    assert (check.lock_pk, check.value, check.preview) == (lock_pk, typed, preview)


def test_spaces_are_refused_only_where_the_rule_keeps_them() -> None:
    for mode in (NORMALISE_NONE, NORMALISE_LOWER):
        rule = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode)
        assert (check_value(rule, "a@x.io ").error or "").startswith("Remove the spaces")
    for mode in (NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD):
        rule = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode)
        assert check_value(rule, "a@x.io ").lock_pk == "UNIQ#EMAIL#a@x.io"


def test_a_sort_key_holding_the_value_is_checked_against_1024_bytes() -> None:
    typedorm = LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}")
    long = "a" * 1500 + "@x.io"  # a 1524-byte key: a partition key may hold it, a sort key not
    assert check_value(typedorm, long).error == (
        "This email is too long: its lock's sort key would be 1,524 bytes, and DynamoDB allows "
        "1024 for a sort key.")
    fits = "a" * (1024 - len("DRM_GEN_USER.EMAIL#") - 5) + "@x.io"
    assert check_value(typedorm, fits).ok
    assert check_value(EMAIL, long).ok  # a fixed sort key (LOCK) does not grow with the value
    # Counted in UTF-8 bytes after the rule's normalisation, as the lock stores it.
    lower = LockRule("email", "email", "U#{value}", "S#{value}", NORMALISE_LOWER)
    assert check_value(lower, "\u00c9" * 511).ok  # 2 + 1022 bytes
    assert (check_value(lower, "\u00c9" * 512).error or "").startswith("This email is too long")


def test_a_value_the_normalisation_empties_is_refused() -> None:
    nfkc = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_NFKC_CASEFOLD)
    assert check_value(nfkc, "\u200b\u200b").error == (
        "This email is empty once the rule's nfkc+casefold normalisation removes its invisible "
        "characters: type a visible value.")
    assert check_value(EMAIL, "\u200b").ok  # without normalisation it is a (strange) value


def test_two_fields_cannot_write_one_lock() -> None:
    same = UniquenessSchema(rules=(LockRule("a", "a", "U#{value}"), LockRule("b", "b", "U#{value}x")))
    checks = check_distinct([check_value(same.rules[0], "vx"), check_value(same.rules[1], "v")])
    assert checks[0].ok
    assert checks[1].error == "The a field writes the same lock key; each value needs its own."


def test_sign_up_account_builds_account_and_locks_from_the_same_strings() -> None:
    acct = new_account_id()
    assert len(acct) == 6 and acct != new_account_id()
    item = sign_up_account(S, "abc123", {"email": "x@y.io", "username": "xy"})
    assert item == {"PK": s("ACCT#abc123"), "SK": s("PROFILE"), "email": s("x@y.io"), "username": s("xy")}
    tx = templates.sign_up(S, "accounts", item)
    assert [a.item["PK"]["S"] for a in tx.actions] == ["ACCT#abc123", "UNIQ#EMAIL#x@y.io", "UNIQ#HANDLE#xy"]
    assert account_key(S, "abc123") == {"PK": s("ACCT#abc123"), "SK": s("PROFILE")}
    assert describe_account(S, item) == "ACCT#abc123 (x@y.io)"


def test_protected_and_other_changes_of_an_edit() -> None:
    edited = {**ada(), "email": s("ada@new.io"), "displayName": s("Countess")}
    (change,) = protected_changes(S, ada(), edited)
    assert (change.rule.name, change.old, change.new) == ("email", "ada@lovelace.io", "ada@new.io")
    assert other_changes(S, ada(), edited) == ["displayName"]
    removed = {k: v for k, v in ada().items() if k != "username"}
    assert [(c.rule.name, c.new) for c in protected_changes(S, ada(), removed)] == [("username", None)]
    lock = {"PK": s("UNIQ#EMAIL#a@x"), "SK": s("LOCK")}
    assert protected_changes(S, lock, {**lock, "email": s("b@x")}) == []  # not an account
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER),))
    assert protected_changes(lower, ada(), {**ada(), "email": s("ADA@lovelace.io")}) == []


def test_edit_account_moves_each_changed_lock_in_the_same_transaction() -> None:
    info = TableInfo(name="accounts", partition_key=KeyAttribute("PK", "S"),
                     sort_key=KeyAttribute("SK", "S"))
    edited = {**ada(), "email": s("ada@new.io"), "displayName": s("Countess")}
    request = templates.edit_account(S, info, ada(), edited).to_request()["TransactItems"]
    update, new_lock, old_lock = request
    # Only what the edit changed is written, each guarded on its value as seen (the old email
    # too); username, untouched, is neither written nor erased.
    assert update["Update"] == {
        "TableName": "accounts", "Key": {"PK": s("ACCT#a1f9c3"), "SK": s("PROFILE")},
        "UpdateExpression": "SET #n1 = :v0, #n2 = :v2",
        "ConditionExpression": "attribute_exists(#n0) AND #n1 = :v1 AND #n2 = :v3",
        "ExpressionAttributeNames": {"#n0": "PK", "#n1": "email", "#n2": "displayName"},
        "ExpressionAttributeValues": {":v0": s("ada@new.io"), ":v1": s("ada@lovelace.io"),
                                      ":v2": s("Countess"), ":v3": s("Ada")},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}
    assert new_lock["Put"]["Item"] == {"PK": s("UNIQ#EMAIL#ada@new.io"), "SK": s("LOCK")}
    assert new_lock["Put"]["ConditionExpression"] == "attribute_not_exists(#n0)"
    assert old_lock["Delete"]["Key"] == {"PK": s("UNIQ#EMAIL#ada@lovelace.io"), "SK": s("LOCK")}
    assert old_lock["Delete"]["ConditionExpression"] == "attribute_exists(#n0)"


def test_a_number_value_is_checked_and_keyed_as_dynamodb_stores_it() -> None:
    """Where the account holds a Number, a new value must be one, and its lock is keyed on the
    text DynamoDB will store (``0043.0`` -> ``43``); the same number spelled otherwise is the
    current value."""
    handle = S.rule("username")
    held = ada(username={"N": "42"})
    check = check_value(handle, "0043.0", "42", account=held)
    assert check.ok and check.lock_pk == "UNIQ#HANDLE#43"
    assert "as a number" in (check_value(handle, "forty", "42", account=held).error or "")
    assert "current username" in (check_value(handle, "4.2e1", "42", account=held).error or "")
    tx = templates.change_value(S, "t", held, "username", "1e2")
    written = list(tx.actions[-1].values.values())
    assert {"N": "100"} in written and {"S": "1e2"} not in written


def test_one_text_for_two_rules_is_two_locks_when_their_sort_keys_differ() -> None:
    """docs/locks-table.md's value + type layout: the same text as email and as username is two
    marker items (type=email, type=username), not one lock key twice."""
    email = LockRule("email", "email", "{value}", "email")
    username = LockRule("username", "username", "{value}", "username")
    checks = check_distinct([check_value(email, "ada@x.io"), check_value(username, "ada@x.io")])
    assert all(c.ok for c in checks), [c.error for c in checks]
    same_sk = LockRule("handle", "handle", "{value}", "email")
    clash = check_distinct([check_value(email, "ada@x.io"), check_value(same_sk, "ada@x.io")])
    assert clash[1].error == "The email field writes the same lock key; each value needs its own."
