"""A BatchGetItem across two tables, one read strongly and one not, on a real endpoint: its
receipt says "mixed" with each table's mode, and each table's capacity as the answer gave it."""

from __future__ import annotations

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import EVENTUAL, STRONG
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration

KEY = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}


def test_a_batch_get_over_a_strong_and_an_eventual_table_is_mixed(
        conn: Connection, reader: Reader, engine: str) -> None:
    with empty_accounts_table(conn, "strong") as strong, empty_accounts_table(conn, "eventual") as eventual:
        for table in (strong, eventual):
            conn.client.put_item(TableName=table, Item={**KEY, "email": {"S": "ada@lovelace.io"}})
        response = reader.read("BatchGetItem", {"RequestItems": {
            strong: {"Keys": [KEY], "ConsistentRead": True},
            eventual: {"Keys": [KEY]},
        }})
    receipt = reader.log.last()
    assert receipt is not None and receipt.count == 2
    assert receipt.consistency == "mixed"  # not "eventual" as a whole
    assert [(t.table, t.consistency) for t in receipt.tables] == [(strong, STRONG), (eventual, EVENTUAL)]
    reported = {e["TableName"]: float(e["CapacityUnits"]) for e in response["ConsumedCapacity"]}
    assert {t.table: t.consumed_capacity for t in receipt.tables} == reported
    if engine == "dynamodb-local":  # real units: an eventual read of a small item costs half
        assert reported == {strong: 1.0, eventual: 0.5}
    total = receipt.consumed_capacity
    assert total is not None
    assert receipt.summary().startswith(
        f"BatchGetItem, mixed: strong for {strong}; eventual for {eventual}, {total:g} RCU "
        f"({strong} {reported[strong]:g}, {eventual} {reported[eventual]:g}), ")
