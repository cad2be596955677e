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
