"""Copy to table on moto and on DynamoDB Local: an account and its locks travel in one
transaction, so a batch cancelled by a value the target already holds leaves neither the
account nor its locks behind, and the batches sent before it hold whole accounts."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.items.copy_to_table import copy_plan
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration
S = article_schema()


def account(acct: str, email: str, handle: str) -> dict[str, Any]:
    return {**account_key(acct), "email": s(email), "username": s(handle)}


def test_a_cancelled_batch_never_leaves_an_account_without_its_locks(conn: Connection) -> None:
    items = [account("ada", "ada@x.io", "ada"), lock_key("EMAIL", "ada@x.io"),
             lock_key("HANDLE", "ada"), account("bob", "bob@x.io", "bob"),
             lock_key("EMAIL", "bob@x.io"), lock_key("HANDLE", "bob")]
    with empty_accounts_table(conn, "copy-target") as target:
        info = describe_table(conn, target)
        # Someone already holds bob's handle in the target: his group must not go in.
        conn.client.put_item(TableName=target, Item=lock_key("HANDLE", "bob"))
        plan = copy_plan(items, info, S, max_actions=4)
        assert plan.incomplete == []
        assert [len(t.actions) for t in plan.batches] == [3, 3]  # not [4, 2]: bob's locks apart
        outcomes = [execute_transaction(conn, tx, confirmation=True, tables={target: info},
                                        schema=S).status for tx in plan.batches]
        assert outcomes == [SUCCEEDED, CANCELLED]
        held = {i["PK"]["S"] for i in conn.client.scan(TableName=target, ConsistentRead=True)["Items"]}
        assert held == {"ACCT#ada", "UNIQ#EMAIL#ada@x.io", "UNIQ#HANDLE#ada", "UNIQ#HANDLE#bob"}
