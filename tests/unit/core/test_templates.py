"""Templates from the article: exact requests, every action guarded."""

from __future__ import annotations

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.templates import (
    change_value,
    claim_missing_lock,
    delete_account,
    delete_item,
    edit_item,
    release_orphan_lock,
    resolve_duplicate,
    sign_up,
    templates_for,
)
from dynoview.core.tx.validation import validate
from dynoview.core.uniqueness.schema import article_schema

S = article_schema()
ACCT = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@lovelace.io"},
        "username": {"S": "ada"}}
ACCT_KEY = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}
EMAIL_LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}
NOT_EXISTS = {"ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}
EXISTS = {"ConditionExpression": "attribute_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}


def test_sign_up() -> None:
    tx = sign_up(S, "accounts", ACCT)
    assert tx.to_request()["TransactItems"] == [
        {"Put": {"TableName": "accounts", "Item": ACCT, **NOT_EXISTS}},
        {"Put": {"TableName": "accounts", "Item": EMAIL_LOCK, **NOT_EXISTS,
                 "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#HANDLE#ada"}, "SK": {"S": "LOCK"}},
                 **NOT_EXISTS, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]
    assert validate(tx, schema=S) == []


def test_change_email() -> None:
    items = change_value(S, "accounts", ACCT, "email", "ada@analytical.engine").to_request()["TransactItems"]
    assert items == [
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#EMAIL#ada@analytical.engine"},
                                                    "SK": {"S": "LOCK"}},
                 **NOT_EXISTS, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"Delete": {"TableName": "accounts", "Key": EMAIL_LOCK, **EXISTS}},
        {"Update": {"TableName": "accounts", "Key": ACCT_KEY, "UpdateExpression": "SET #n0 = :v0",
                    "ConditionExpression": "#n0 = :v1", "ExpressionAttributeNames": {"#n0": "email"},
                    "ExpressionAttributeValues": {":v0": {"S": "ada@analytical.engine"},
                                                  ":v1": {"S": "ada@lovelace.io"}},
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]


def test_delete_account_deletes_every_lock_guarded() -> None:
    items = delete_account(S, "accounts", ACCT).to_request()["TransactItems"]
    assert items[0] == {"Delete": {
        "TableName": "accounts", "Key": ACCT_KEY, "ConditionExpression": "#n0 = :v0 AND #n1 = :v1",
        "ExpressionAttributeNames": {"#n0": "email", "#n1": "username"},
        "ExpressionAttributeValues": {":v0": {"S": "ada@lovelace.io"}, ":v1": {"S": "ada"}},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}
    assert items[1:] == [
        {"Delete": {"TableName": "accounts", "Key": EMAIL_LOCK, **EXISTS}},
        {"Delete": {"TableName": "accounts", "Key": {"PK": {"S": "UNIQ#HANDLE#ada"}, "SK": {"S": "LOCK"}},
                    **EXISTS}},
    ]


def test_release_orphan_lock_with_owner() -> None:
    lock = {"PK": {"S": "UNIQ#EMAIL#barbara@mit.edu"}, "SK": {"S": "LOCK"}}
    owner = {"PK": {"S": "ACCT#4c5d6e"}, "SK": {"S": "PROFILE"}}
    items = release_orphan_lock(S, "accounts", lock, owner).to_request()["TransactItems"]
    assert items == [
        {"Delete": {"TableName": "accounts", "Key": lock, **EXISTS}},
        {"ConditionCheck": {
            "TableName": "accounts", "Key": owner,
            "ConditionExpression": "attribute_not_exists(#n0) OR attribute_not_exists(#n1) OR #n1 <> :v0",
            "ExpressionAttributeNames": {"#n0": "PK", "#n1": "email"},
            "ExpressionAttributeValues": {":v0": {"S": "barbara@mit.edu"}},
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]


def test_release_refuses_a_non_lock() -> None:
    with pytest.raises(ValueError, match="not a lock"):
        release_orphan_lock(S, "accounts", ACCT_KEY)


def test_claim_missing_lock() -> None:
    linus = {"PK": {"S": "ACCT#1d2e3f"}, "SK": {"S": "PROFILE"}, "username": {"S": "linus"}}
    items = claim_missing_lock(S, "accounts", linus, "username").to_request()["TransactItems"]
    assert items == [
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#HANDLE#linus"}, "SK": {"S": "LOCK"}},
                 **NOT_EXISTS, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"ConditionCheck": {"TableName": "accounts", "Key": {"PK": {"S": "ACCT#1d2e3f"},
                                                             "SK": {"S": "PROFILE"}},
                            "ConditionExpression": "#n0 = :v0",
                            "ExpressionAttributeNames": {"#n0": "username"},
                            "ExpressionAttributeValues": {":v0": {"S": "linus"}},
                            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]


def test_resolve_duplicate_moves_the_other_account() -> None:
    keep = {"PK": {"S": "ACCT#2a3b4c"}, "SK": {"S": "PROFILE"}, "email": {"S": "shared@example.com"}}
    other = {"PK": {"S": "ACCT#3b4c5d"}, "SK": {"S": "PROFILE"}, "email": {"S": "shared@example.com"}}
    tx = resolve_duplicate(S, "accounts", keep, other, "email", new_value="dup2@example.com")
    kinds = [next(iter(a)) for a in tx.to_request()["TransactItems"]]
    assert kinds == ["ConditionCheck", "ConditionCheck", "Put", "Update"]
    assert tx.actions[3].update == "SET #n0 = :v0"
    assert tx.actions[3].condition == "#n0 = :v1"
    assert validate(tx, schema=S) == []


def test_edit_item_is_guarded_on_the_values_seen() -> None:
    info = TableInfo("metrics", KeyAttribute("deviceId", "N"), None)
    old = {"deviceId": {"N": "1"}, "name": {"S": "a"}}
    new = {"deviceId": {"N": "1"}, "name": {"S": "b"}}
    assert edit_item(info, old, new).to_request()["TransactItems"] == [{"Put": {
        "TableName": "metrics", "Item": new, "ConditionExpression": "attribute_exists(#n0) AND #n1 = :v0",
        "ExpressionAttributeNames": {"#n0": "deviceId", "#n1": "name"},
        "ExpressionAttributeValues": {":v0": {"S": "a"}}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]
    deleted = delete_item(info, old).to_request()["TransactItems"][0]["Delete"]
    assert deleted["Key"] == {"deviceId": {"N": "1"}}


def test_edit_item_with_a_new_key_deletes_and_puts() -> None:
    info = TableInfo("metrics", KeyAttribute("deviceId", "N"), None)
    tx = edit_item(info, {"deviceId": {"N": "1"}}, {"deviceId": {"N": "2"}})
    assert [a.kind for a in tx.actions] == ["Delete", "Put"]
    assert tx.actions[1].condition == "attribute_not_exists(#n0)"


def test_templates_for_items() -> None:
    assert "release_orphan_lock" in templates_for(S, EMAIL_LOCK)
    assert "change_value" in templates_for(S, ACCT)


def test_release_keeps_the_stored_spelling_under_a_normalising_rule() -> None:
    from dynoview.core.tx.templates import release_orphan_lock
    from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema

    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              NORMALISE_LOWER),))
    key = {"PK": {"S": "UNIQ#EMAIL#Old@Case.io"}, "SK": {"S": "LOCK"}}
    tx = release_orphan_lock(schema, "t", key)
    # A lock written before the rule lower-cased values is released where it is, not at a
    # lower-cased key that does not exist.
    assert tx.actions[0].key == key
