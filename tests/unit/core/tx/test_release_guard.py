"""The release of an orphan lock is guarded on the lock as read (``tx.release_reads``), and a
refusal for an owner holding the value names that account and the lock: exact requests."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.release_reads import LockRead, OwnerHoldsError, OwnerRead
from dynoview.core.tx.templates import delete_account, delete_item, release_orphan_lock
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, article_schema

S = article_schema()
OWNED = dataclasses.replace(S, rules=(dataclasses.replace(S.rules[0], owner_attribute="owner",
                                                          normalisation=NORMALISE_LOWER), S.rules[1]))
LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@x.io"}, "SK": {"S": "LOCK"}}
OWNER = {"PK": {"S": "ACCT#n1"}, "SK": {"S": "PROFILE"}}
UNTIL = {"N": "1800000000"}


def _delete(tx: Any) -> dict[str, Any]:
    return dict(tx.to_request()["TransactItems"][0]["Delete"])


def test_a_lock_read_without_a_ttl_is_released_only_while_it_has_none() -> None:
    delete = _delete(release_orphan_lock(S, "t", LOCK, lock_read=LockRead(LOCK, "expiresAt")))
    assert delete == {"TableName": "t", "Key": LOCK,
                      "ConditionExpression": "attribute_exists(#n0) AND attribute_not_exists(#n1)",
                      "ExpressionAttributeNames": {"#n0": "PK", "#n1": "expiresAt"},
                      "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}


def test_a_lock_read_with_a_ttl_is_released_only_while_it_holds_that_ttl() -> None:
    delete = _delete(release_orphan_lock(S, "t", LOCK, lock_read=LockRead({**LOCK, "expiresAt": UNTIL},
                                                                           "expiresAt")))
    assert (delete["ConditionExpression"], delete["ExpressionAttributeValues"]) == (
        "attribute_exists(#n0) AND #n1 = :v0", {":v0": UNTIL})


def test_the_owner_attribute_is_guarded_as_read_then_the_ttl() -> None:
    named = release_orphan_lock(OWNED, "t", LOCK, lock_read=LockRead({**LOCK, "owner": {"S": "ACCT#old"}},
                                                                     "expiresAt"))
    delete = _delete(named)
    assert delete["ConditionExpression"] == (
        "attribute_exists(#n0) AND #n1 = :v0 AND attribute_not_exists(#n2)")
    assert delete["ExpressionAttributeNames"] == {"#n0": "PK", "#n1": "owner", "#n2": "expiresAt"}
    assert named.actions[0].label == ("release email lock ada@x.io (only while its owner and expiresAt "
                                      "are as read)")
    # No TTL on the table: the owner alone; neither (nor a read): attribute_exists alone, as before.
    assert _delete(release_orphan_lock(OWNED, "t", LOCK, lock_read=LockRead(LOCK)))[
        "ConditionExpression"] == "attribute_exists(#n0) AND attribute_not_exists(#n1)"
    for tx in (release_orphan_lock(S, "t", LOCK, lock_read=LockRead(LOCK)),
               release_orphan_lock(S, "t", LOCK)):
        assert _delete(tx) == {"TableName": "t", "Key": LOCK, "ConditionExpression": "attribute_exists(#n0)",
                               "ExpressionAttributeNames": {"#n0": "PK"}}


def test_an_owner_holding_the_value_is_named_as_former_owner_or_as_the_locks_account() -> None:
    holding = OwnerRead(OWNER, {**OWNER, "email": {"S": "Ada@x.io"}})
    with pytest.raises(OwnerHoldsError) as former:  # named by the caller (the window's form)
        release_orphan_lock(OWNED, "t", LOCK, holding)
    assert str(former.value) == ("The former owner ACCT#n1 still holds email 'ada@x.io' (as 'Ada@x.io'): "
                                 "the lock PK=UNIQ#EMAIL#ada@x.io, SK=LOCK is not an orphan, so it is not "
                                 "released.")
    read = LockRead({**LOCK, "owner": {"S": "ACCT#n1"}}, "expiresAt")
    with pytest.raises(OwnerHoldsError) as named:  # the account the lock names now (repair)
        release_orphan_lock(OWNED, "t", LOCK, holding, lock_read=read)
    assert str(named.value).startswith("ACCT#n1, which the lock PK=UNIQ#EMAIL#ada@x.io, SK=LOCK names now, "
                                       "holds email 'ada@x.io' (as 'Ada@x.io'): a new account took the value")
    assert named.value.named and not former.value.named and named.value.account == "ACCT#n1"


ACCOUNT = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@x.io"},
           "plan": {"S": "free"}}
INFO = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def test_an_account_deleted_as_read_is_guarded_as_any_item_the_browser_deletes() -> None:
    read = delete_account(S, "t", ACCOUNT, as_read=True)
    account = read.actions[0]
    # Every attribute seen (the rules' first), then the value it lacks still lacking.
    assert account.condition == (
        "attribute_exists(#n0) AND #n1 = :v0 AND #n2 = :v1 AND attribute_not_exists(#n3)")
    assert account.names == {"#n0": "PK", "#n1": "email", "#n2": "plan", "#n3": "username"}
    assert account.seen == tuple(ACCOUNT) == delete_item(INFO, ACCOUNT).actions[0].seen
    assert account.label == "account" and account.return_values == "ALL_OLD"
    assert [a.to_request() for a in read.actions[1:]] == [
        a.to_request() for a in delete_account(S, "t", ACCOUNT).actions[1:]]  # its locks as before
    assert delete_account(S, "t", ACCOUNT).actions[0].seen is None  # not as read: the rules only
