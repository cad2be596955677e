"""Deleting an account is guarded on every rule, the values it lacks included.

Built from a read of an account without a username, the delete must not go through once the
account has gained a username and its lock: it would delete the account and leave that lock
behind, blocking the username for good. The builder's template and the exported code alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dynoview.core.codegen.template import template_code
from dynoview.core.session.connection import Connection
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import CANCELLED
from dynoview.core.tx.template_inputs import account_key
from dynoview.core.tx.templates import delete_account
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import items_of, load

pytestmark = pytest.mark.integration

S = article_schema()


def _seed(conn: Connection, table: str) -> dict[str, Any]:
    """Account a1 with an email and its lock, no username: what the caller reads."""
    account = {**account_key(S, "a1"), "email": {"S": "ada@x.io"}}
    conn.client.put_item(TableName=table, Item=account)
    conn.client.put_item(TableName=table, Item=S.lock_key(S.rules[0], "ada@x.io"))
    return account


def _gain_username(conn: Connection, table: str) -> None:
    """Meanwhile the account takes the username ada, with its lock (as sign-up would)."""
    conn.client.update_item(TableName=table, Key=account_key(S, "a1"),
                            UpdateExpression="SET username = :u",
                            ExpressionAttributeValues={":u": {"S": "ada"}})
    conn.client.put_item(TableName=table, Item=S.lock_key(S.rules[1], "ada"))


def test_a_delete_built_before_the_account_gained_a_username_is_cancelled(conn: Connection) -> None:
    with empty_accounts_table(conn, "delete-guard") as table:
        tx = delete_account(S, table, _seed(conn, table))
        _gain_username(conn, table)
        before = items_of(conn, table)
        result = execute_transaction(conn, tx, confirmation=True)
        assert result.status == CANCELLED
        assert result.actions[0].code == "ConditionalCheckFailed"
        assert items_of(conn, table) == before  # nothing deleted, no lock left behind


def test_the_exported_delete_is_cancelled_the_same_way(conn: Connection, tmp_path: Path) -> None:
    with empty_accounts_table(conn, "delete-guard-code") as table:
        account = _seed(conn, table)
        code = template_code(S, table, "delete_account", {"account": account}, lang="python")
        generated = load(code, tmp_path)
        _gain_username(conn, table)
        before = items_of(conn, table)
        with pytest.raises(generated.AccountChangedError):
            generated.delete_account(conn.client, account_id="a1", email="ada@x.io")
        assert items_of(conn, table) == before
