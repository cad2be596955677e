"""Copy to table… onto a target that already holds one of the items (neither an account nor a
lock), on moto and on DynamoDB Local, through the calls the dialog and the builder make
(``copy_plan``, ``run_preflight``, ``execute_transaction``). The preflight reads the copied items'
keys in the target and refuses the batch at the action whose item is there; an item written
between the preflight and the send cancels the batch with a sentence saying it already exists,
not "changed since this transaction was built" (a rebuild fails the same way)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.items.copy_to_table import copy_plan
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.model import CANCELLED as REFUSED_CANCELLED
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import CANCELLED
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import empty_accounts_table, s

pytestmark = pytest.mark.integration
S = article_schema()
STALE = "changed since this transaction was built"


def doc(n: int, v: str = "copied") -> dict[str, Any]:
    return {"PK": s(f"DOC#{n}"), "SK": s("D"), "v": s(v)}


def _scan(conn: Connection, table: str) -> list[dict[str, Any]]:
    return list(conn.client.scan(TableName=table, ConsistentRead=True)["Items"])


def test_the_preflight_refuses_a_copy_onto_an_item_the_target_holds(conn: Connection) -> None:
    with empty_accounts_table(conn, "copy-existing") as target:
        conn.client.put_item(TableName=target, Item=doc(2, "already in the target"))
        info = describe_table(conn, target)
        (tx,) = copy_plan([doc(i) for i in range(4)], info, S).batches
        for given in (False, True):  # not given: the preflight describes the table
            result = run_preflight(Reader(conn), tx, S, {target: info} if given else None)
            (refusal,) = result.refusals
            assert refusal.status == REFUSED_CANCELLED and refusal.action == 2
            assert f"An item with PK=DOC#2, SK=D already exists in {target}" in refusal.message
            assert STALE not in refusal.message
            assert result.summary().startswith("Refused by the preflight: DynamoDB would cancel")
        assert _scan(conn, target) == [doc(2, "already in the target")]  # the preflight only reads


def test_a_copy_onto_free_keys_passes(conn: Connection) -> None:
    with empty_accounts_table(conn, "copy-existing") as target:
        info = describe_table(conn, target)
        (tx,) = copy_plan([doc(i) for i in range(4)], info, S).batches
        result = run_preflight(Reader(conn), tx, S, {target: info})
        assert not result.refused and not result.checked


def test_an_item_written_after_the_preflight_cancels_saying_it_exists(conn: Connection) -> None:
    with empty_accounts_table(conn, "copy-existing") as target:
        info = describe_table(conn, target)
        (tx,) = copy_plan([doc(i) for i in range(4)], info, S).batches
        assert not run_preflight(Reader(conn), tx, S, {target: info}).refused
        conn.client.put_item(TableName=target, Item=doc(2, "written meanwhile"))
        result = execute_transaction(conn, tx, confirmation=True, tables={target: info}, schema=S)
        assert result.status == CANCELLED
        assert f"Action 3: An item with PK=DOC#2, SK=D already exists in {target}" in result.message
        assert "does not replace it" in result.message and STALE not in result.message
        assert _scan(conn, target) == [doc(2, "written meanwhile")]


@pytest.fixture
def id_table(conn: Connection) -> Iterator[str]:
    """A target keyed ``id`` alone: a copied item's PK and SK are plain attributes there."""
    name = f"copy-by-id-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
    conn.client.get_waiter("table_exists").wait(TableName=name)
    try:
        yield name
    finally:
        conn.client.delete_table(TableName=name)


def test_a_target_keyed_otherwise_is_read_by_its_own_key(conn: Connection, id_table: str) -> None:
    conn.client.put_item(TableName=id_table, Item={"id": s("n1"), "v": s("there")})
    info = describe_table(conn, id_table)
    items = [{"id": s(f"n{i}"), **doc(i)} for i in range(3)]
    (tx,) = copy_plan(items, info, S).batches
    (refusal,) = run_preflight(Reader(conn), tx, S).refusals  # its key names: described
    assert refusal.action == 1 and f"An item with id=n1 already exists in {id_table}" in refusal.message
