"""Cancellation reasons and refusals mapped to sentences (no network)."""

from __future__ import annotations

from botocore.exceptions import ClientError

from dynoview.core.tx.cancellation import cancellation_summary, explain_cancellation, render_expression
from dynoview.core.tx.execution import _failure_message
from dynoview.core.tx.templates import change_value, sign_up
from dynoview.core.uniqueness.schema import article_schema

S = article_schema()
ACCT = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@lovelace.io"},
        "username": {"S": "ada"}}


def test_slot_mapping_for_a_taken_username() -> None:
    tx = sign_up(S, "accounts", ACCT)
    outcomes = explain_cancellation(tx, [{"Code": "None"}, {"Code": "None"},
                                         {"Code": "ConditionalCheckFailed"}], S)
    assert [o.code for o in outcomes] == [None, None, "ConditionalCheckFailed"]
    assert outcomes[2].attribute == "username"
    assert outcomes[2].message.startswith("Username ada is already taken.")


def test_other_codes_say_what_to_do() -> None:
    tx = sign_up(S, "accounts", ACCT)
    outcomes = explain_cancellation(tx, [{"Code": "TransactionConflict"}, {"Code": "ThrottlingError"},
                                         {"Code": "ItemCollectionSizeLimitExceeded"}], S)
    assert "execute it again" in outcomes[0].message
    assert "capacity" in outcomes[1].message
    assert "10 GB" in outcomes[2].message
    validation = explain_cancellation(tx, [{"Code": "ValidationError", "Message": "bad"}], S)[0]
    assert validation.message.startswith("DynamoDB rejected this action as invalid: bad.")


def test_a_conflict_on_a_lock_is_try_again_at_the_field_never_taken() -> None:
    """TransactionConflict (another transaction on the same lock) says nothing about the value."""
    tx = sign_up(S, "accounts", ACCT)
    outcomes = explain_cancellation(tx, [{"Code": "None"}, {"Code": "TransactionConflict",
                                                            "Message": "Transaction is ongoing for the item"},
                                         {"Code": "None"}], S)
    conflict = outcomes[1]
    assert conflict.code == "TransactionConflict"
    assert conflict.attribute == "email"
    assert "try again" in conflict.message
    assert "already taken" not in conflict.message
    assert "email lock for ada@lovelace.io" in conflict.message
    summary = cancellation_summary(outcomes)
    assert "already taken" not in summary and "try again" in summary
    # Releasing a lock (Delete) that another transaction is writing: also try again at the field.
    change = change_value(S, "accounts", ACCT, "email", "new@x.io")
    codes = [{"Code": "None"}] * len(change.actions)
    released = next(i for i, a in enumerate(change.actions) if a.kind == "Delete")
    codes[released] = {"Code": "TransactionConflict"}
    outcome = explain_cancellation(change, codes, S)[released]
    assert outcome.attribute == "email" and "try again" in outcome.message


def test_update_guard_failure_names_the_condition_in_words() -> None:
    tx = change_value(S, "accounts", ACCT, "email", "new@x.io")
    outcome = explain_cancellation(tx, [{"Code": "None"}, {"Code": "None"},
                                        {"Code": "ConditionalCheckFailed"}], S)[2]
    assert outcome.field == "condition"
    assert 'email = "ada@lovelace.io"' in outcome.message


def test_idempotent_parameter_mismatch_is_explained() -> None:
    tx = sign_up(S, "accounts", ACCT)
    exc = ClientError({"Error": {"Code": "IdempotentParameterMismatchException", "Message": "x"}},
                      "TransactWriteItems")
    message, code = _failure_message(exc, tx)
    assert code == "IdempotentParameterMismatchException"
    assert f"The token {tx.token} was already used" in message
    assert "Regenerate the token" in message


def test_render_expression() -> None:
    assert render_expression("#n0 = :v0 AND size(#n1) > :v1", {"#n0": "email", "#n1": "tags"},
                             {":v0": {"S": "a"}, ":v1": {"N": "2"}}) == 'email = "a" AND size(tags) > 2'
