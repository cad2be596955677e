"""Why a lock action was cancelled, when its condition is not the usual guard, said as DynamoDB
answered it (moto and DynamoDB Local): an owner-guarded release of a lock that is there but names
another account is not "no longer exists", and a refresh Put of a lock that is not there is not
"already taken"; the condition is quoted and what DynamoDB returned is shown."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import DELETE, PUT, Action, Transaction
from dynoview.core.tx.outcomes import CANCELLED, ActionOutcome

pytestmark = pytest.mark.integration


def s(text: str) -> dict[str, str]:
    return {"S": text}


def lock_key(value: str) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#EMAIL#{value}"), "SK": s("LOCK")}


def release(table: str, value: str, owner: str) -> Action:
    """The Delete of an email lock only while it names ``owner``, asking for the lock back."""
    return Action(DELETE, table, key=lock_key(value), condition="attribute_exists(PK) AND #o = :me",
                  names={"#o": "owner"}, values={":me": s(owner)}, return_values="ALL_OLD")


def only_failure(conn: Connection, tx: Transaction) -> ActionOutcome:
    result = execute_transaction(conn, tx, confirmation=True)
    assert result.status == CANCELLED, result.message
    (outcome,) = result.actions
    assert outcome.code == "ConditionalCheckFailed"
    return outcome


def test_an_owner_guarded_release_of_a_lock_held_by_another_is_not_gone(
        conn: Connection, accounts_table: str) -> None:
    conn.client.put_item(TableName=accounts_table,
                         Item={**lock_key("f2-held@x.io"), "owner": s("ACCT#f2held")})
    outcome = only_failure(conn, Transaction([release(accounts_table, "f2-held@x.io", "ACCT#zz")]))
    assert "no longer exists" not in outcome.message and "nothing to release" not in outcome.message
    assert outcome.message.startswith(
        "The condition on the email lock for f2-held@x.io (PK=UNIQ#EMAIL#f2-held@x.io, SK=LOCK in "
        f'{accounts_table}) was not met: attribute_exists(PK) AND owner = "ACCT#zz".')
    assert "DynamoDB returned the lock as it is now: {" in outcome.message
    assert "owner=ACCT#f2held" in outcome.message
    assert outcome.item is not None and outcome.item["owner"] == s("ACCT#f2held")
    assert outcome.field == "condition" and outcome.attribute == "email"


def test_an_owner_guarded_release_of_a_missing_lock_is_gone(conn: Connection, accounts_table: str) -> None:
    outcome = only_failure(conn, Transaction([release(accounts_table, "f2-none@x.io", "ACCT#zz")]))
    assert outcome.item is None
    assert outcome.message.startswith("The email lock for f2-none@x.io no longer exists, so there was "
                                      "nothing to release or check")


def test_a_refresh_put_of_a_missing_lock_is_not_taken(conn: Connection, accounts_table: str) -> None:
    refresh = Action(PUT, accounts_table, item={**lock_key("f2-nobody@x.io"), "note": s("r")},
                     condition="attribute_exists(PK)")
    outcome = only_failure(conn, Transaction([refresh]))
    assert "already taken" not in outcome.message and "Choose another" not in outcome.message
    assert outcome.message == (
        "The condition on the email lock for f2-nobody@x.io (PK=UNIQ#EMAIL#f2-nobody@x.io, SK=LOCK in "
        f"{accounts_table}) was not met: attribute_exists(PK). The lock is not in the table (its "
        "condition fails only then); DynamoDB returned no item (the action does not ask for one: its "
        "ReturnValuesOnConditionCheckFailure is not ALL_OLD). Read the lock again and rebuild the "
        "transaction.")
    assert outcome.field == "condition" and outcome.attribute == "email"


def test_a_guarded_put_of_a_lock_that_is_there_is_still_taken(conn: Connection, accounts_table: str) -> None:
    conn.client.put_item(TableName=accounts_table,
                         Item={**lock_key("f2-taken@x.io"), "owner": s("ACCT#f2taken")})
    claim = Action(PUT, accounts_table, item={**lock_key("f2-taken@x.io"), "owner": s("ACCT#me")},
                   condition="attribute_not_exists(PK) AND attribute_not_exists(#o)",
                   names={"#o": "owner"}, return_values="ALL_OLD")
    outcome = only_failure(conn, Transaction([claim]))
    assert outcome.message.startswith("Email f2-taken@x.io is already taken. The item in the table: {")
    assert outcome.field == "item.PK" and outcome.attribute == "email"
