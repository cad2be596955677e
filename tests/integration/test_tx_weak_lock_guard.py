"""A lock Put whose attribute_not_exists sits under OR or NOT guards nothing: DynamoDB lets it
overwrite a lock that is there. Validation warns as for no condition at all, and the
preflight's guards add the real one (which DynamoDB then enforces)."""

from __future__ import annotations

import pytest

from dynoview.core.preflight.guards import add_guards
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
from dynoview.core.tx.validation import validate
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import lock_key

pytestmark = pytest.mark.integration
SCHEMA = article_schema()
WEAK = ["attribute_not_exists(#p) OR attribute_exists(#p)", "NOT attribute_not_exists(#p)"]


def _lock_put(table: str, condition: str) -> Transaction:
    # ada@lovelace.io's lock is in the seeded table: a guarded Put of it must be cancelled.
    return Transaction([Action("Put", table, item={**lock_key("EMAIL", "ada@lovelace.io"),
                                                   "note": {"S": "overwritten"}},
                               condition=condition, names={"#p": "PK"})])


@pytest.mark.parametrize("condition", WEAK)
def test_a_guard_under_or_or_not_is_warned_and_dynamodb_indeed_overwrites(
        conn: Connection, accounts_table: str, condition: str) -> None:
    tx = _lock_put(accounts_table, condition)
    info = {accounts_table: describe_table(conn, accounts_table)}
    (problem,) = validate(tx, info, SCHEMA)
    assert (problem.index, problem.field, problem.is_error) == (0, "condition", False)
    assert "does not require attribute_not_exists(PK) on its own" in problem.message
    result = execute_transaction(conn, tx, confirmation=True, tables=info, schema=SCHEMA)
    assert result.status == SUCCEEDED  # what the warning is about: the lock was overwritten
    item = conn.client.get_item(TableName=accounts_table, Key=lock_key("EMAIL", "ada@lovelace.io"),
                                ConsistentRead=True)["Item"]
    assert item["note"] == {"S": "overwritten"}


@pytest.mark.parametrize("condition", WEAK)
def test_the_preflight_guard_is_added_and_holds(conn: Connection, accounts_table: str,
                                                condition: str) -> None:
    guarded, guards = add_guards(_lock_put(accounts_table, condition), SCHEMA, {})
    assert [g.text for g in guards] == ["attribute_not_exists(PK) on the new email lock ada@lovelace.io"]
    assert guarded.actions[0].condition.endswith(" AND attribute_not_exists(#p)")
    info = {accounts_table: describe_table(conn, accounts_table)}
    assert validate(guarded, info, SCHEMA) == []
    result = execute_transaction(conn, guarded, confirmation=True, tables=info, schema=SCHEMA)
    assert result.status == CANCELLED
    assert result.actions[0].code == "ConditionalCheckFailed"


def test_a_required_guard_beside_other_conditions_is_not_warned(accounts_table: str) -> None:
    tx = _lock_put(accounts_table,
                   "attribute_not_exists(#p) AND (attribute_not_exists(SK) OR attribute_exists(SK))")
    assert validate(tx, None, SCHEMA) == []
    assert add_guards(tx, SCHEMA, {})[1] == []
