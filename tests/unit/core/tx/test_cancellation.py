"""``tx.cancellation``: each CancellationReasons entry as a sentence at its action and field."""

from __future__ import annotations

from dynoview.core.tx import templates
from dynoview.core.tx.cancellation import (
    cancellation_summary,
    explain_cancellation,
    key_text,
    render_expression,
)
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.schema import article_schema

SCHEMA = article_schema()
ACCOUNT = {"PK": {"S": "ACCT#n1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@x.io"},
           "username": {"S": "ada"}}
SIGN_UP = templates.sign_up(SCHEMA, "accounts", ACCOUNT)  # account, email lock, username lock
PASSED = {"Code": "None"}


def test_a_taken_value_is_named_at_its_field_and_the_others_passed() -> None:
    outcomes = explain_cancellation(SIGN_UP, [PASSED, {"Code": "ConditionalCheckFailed"}, PASSED], SCHEMA)
    passed, taken, _ = outcomes
    assert passed.code is None and passed.message.startswith("This action passed its checks; it was not "
                                                              "written because another action was cancelled")
    assert taken.code == "ConditionalCheckFailed" and taken.attribute == "email"
    assert taken.field == "item.PK"
    assert taken.message.startswith("Email ada@x.io is already taken. Choose another email")
    assert cancellation_summary(outcomes) == f"Nothing was written. Action 2: {taken.message}"


def test_an_existing_account_says_use_another_id() -> None:
    (account, _, _) = explain_cancellation(SIGN_UP, [{"Code": "ConditionalCheckFailed"}], SCHEMA)
    assert account.message.startswith("An account with PK=ACCT#n1, SK=PROFILE already exists in accounts")


def test_a_conflict_on_a_lock_is_try_again_never_taken() -> None:
    outcomes = explain_cancellation(SIGN_UP, [PASSED, PASSED, {"Code": "TransactionConflict"}], SCHEMA)
    conflict = outcomes[2]
    assert "This does not mean ada is taken" in conflict.message and conflict.attribute == "username"
    assert "taken." not in conflict.message.replace("is taken", "")


def test_a_failed_condition_elsewhere_is_shown_as_people_read_it() -> None:
    action = Action("Update", "accounts", key={"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}},
                    update="SET #e = :new", condition="#e = :old", names={"#e": "email"},
                    values={":new": {"S": "b@x.io"}, ":old": {"S": "a@x.io"}})
    (outcome,) = explain_cancellation(Transaction([action]), [{"Code": "ConditionalCheckFailed"}], SCHEMA)
    assert outcome.field == "condition"
    assert 'was not met: email = "a@x.io"' in outcome.message


def test_a_missing_reason_counts_as_passed_and_unknown_codes_keep_their_message() -> None:
    outcomes = explain_cancellation(SIGN_UP, [{"Code": "SomethingNew", "Message": "details"}], SCHEMA)
    assert outcomes[0].message == "DynamoDB cancelled this action with SomethingNew: details."
    assert [o.code for o in outcomes[1:]] == [None, None]
    assert cancellation_summary(explain_cancellation(SIGN_UP, [], SCHEMA)) == (
        "DynamoDB cancelled the transaction without saying why; nothing was written.")


def test_keys_and_expressions_for_people() -> None:
    assert key_text({"PK": {"S": "UNIQ#EMAIL#a"}, "n": {"N": "7"}}) == "PK=UNIQ#EMAIL#a, n=7"
    assert render_expression("#a = :v AND :missing", {"#a": "age"}, {":v": {"N": "42"}}) == \
        "age = 42 AND :missing"


def test_an_expression_for_people_quotes_names_and_strings_one_way() -> None:
    text = render_expression("#n = :v", {"#n": "e\nmail"}, {":v": {"S": "a\\\nb"}})
    assert text == 'e\\nmail = "a\\\\\\nb"' and "\n" not in text


def _lock_put(condition: str, names: dict[str, str] | None = None) -> Transaction:
    item = {"PK": {"S": "UNIQ#EMAIL#b@x.io"}, "SK": {"S": "LOCK"}}
    return Transaction([Action("Put", "accounts", item=item, condition=condition, names=names or {},
                               values={":v": {"S": "x"}})])


def test_a_lock_put_is_taken_only_when_the_lock_is_shown_there_and_had_to_be_absent() -> None:
    failed = {"Code": "ConditionalCheckFailed"}
    there = {**failed, "Item": {"PK": {"S": "UNIQ#EMAIL#b@x.io"}, "SK": {"S": "LOCK"}}}
    (plain,) = explain_cancellation(_lock_put("attribute_not_exists(#p)", {"#p": "PK"}), [failed], SCHEMA)
    assert plain.message.startswith("Email b@x.io is already taken.")
    # More than the guard, nothing returned: which part failed is unknown.
    (more,) = explain_cancellation(_lock_put("attribute_not_exists(PK) AND note = :v"), [failed], SCHEMA)
    assert "taken" not in more.message and more.message.startswith(
        'The condition on the email lock for b@x.io (PK=UNIQ#EMAIL#b@x.io, SK=LOCK in accounts) was not '
        'met: attribute_not_exists(PK) AND note = "x". DynamoDB returned no item')
    (shown,) = explain_cancellation(_lock_put("attribute_not_exists(PK) AND note = :v"), [there], SCHEMA)
    assert shown.message.startswith("Email b@x.io is already taken. The item in the table: {")
    # Under OR the absence is not required: the lock being there does not say why it failed.
    (either,) = explain_cancellation(_lock_put("attribute_not_exists(PK) OR note = :v"), [there], SCHEMA)
    assert "taken" not in either.message and "DynamoDB returned the lock as it is now: {" in either.message


def test_a_lock_check_is_gone_only_when_it_had_to_exist_and_nothing_came_back() -> None:
    key = {"PK": {"S": "UNIQ#EMAIL#b@x.io"}, "SK": {"S": "LOCK"}}
    absent = Action("ConditionCheck", "accounts", key=key, condition="attribute_not_exists(PK)")
    (claimed,) = explain_cancellation(Transaction([absent]), [{"Code": "ConditionalCheckFailed"}], SCHEMA)
    assert "no longer exists" not in claimed.message
    assert "was not met: attribute_not_exists(PK). The lock is in the table" in claimed.message
    exists = Action("ConditionCheck", "accounts", key=key, condition="attribute_exists(PK)")
    (gone,) = explain_cancellation(Transaction([exists]), [{"Code": "ConditionalCheckFailed"}], SCHEMA)
    assert gone.message.startswith("The email lock for b@x.io no longer exists")
