"""moto on the demo's server (dynoview/demo/moto_speedups.py): TransactWriteItems copies each
table once per transaction, for its roll-back, instead of once per item, and still rolls back;
item attributes are serialized by name, into the answers moto's own lookup gives; the demo's own
seed takes no copy."""

from __future__ import annotations

import copy
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.demo import moto_speedups
from dynoview.demo.backend import create_metrics_table
from dynoview.demo.json_protocol import HttpSender
from tests.helpers import FAKE_KEYS, connect, empty_accounts_table

pytestmark = pytest.mark.integration


@pytest.fixture
def moto_conn(moto_endpoint: str) -> Connection:  # the demo's server, speed-up installed
    return connect(moto_endpoint)


@pytest.fixture
def table(moto_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(moto_conn, "speedups") as name:
        yield name


def _put(table: str, pk: str, condition: str | None = None) -> dict[str, Any]:
    put: dict[str, Any] = {"TableName": table, "Item": {"PK": {"S": pk}, "SK": {"S": "LOCK"}}}
    if condition:
        put["ConditionExpression"] = condition
    return {"Put": put}


def test_a_transaction_copies_its_table_once(moto_conn: Connection, table: str,
                                             copied_tables: list[str]) -> None:
    copied = copied_tables
    moto_conn.client.transact_write_items(TransactItems=[_put(table, f"UNIQ#{n}") for n in range(3)])
    assert copied == [table]  # moto alone: three copies, one per item
    assert moto_conn.client.scan(TableName=table, Select="COUNT")["Count"] == 3


@pytest.fixture
def copied_tables(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the tables deep-copied from here on (the server runs in this process)."""
    from moto.dynamodb.models.table import Table

    copied: list[str] = []
    deepcopy = copy.deepcopy

    def counting(value: Any, memo: Any = None) -> Any:
        if isinstance(value, Table):
            copied.append(value.name)
        return deepcopy(value, memo)

    monkeypatch.setattr(copy, "deepcopy", counting)
    return copied


def test_only_the_seeds_own_transactions_take_no_copy(moto_endpoint: str, moto_conn: Connection,
                                                      table: str, copied_tables: list[str]) -> None:
    """The demo's child marks its seed's requests with a token of its own: their transactions
    take no roll-back copy; another token, no token, or any request once the seed is done, do."""
    def transact(pk: str, token: str | None) -> None:
        headers = {moto_speedups.SEED_HEADER: token} if token else None
        sender = HttpSender(moto_endpoint, access_key=FAKE_KEYS["aws_access_key_id"],
                            secret_key=FAKE_KEYS["aws_secret_access_key"], extra_headers=headers)
        try:
            sender.call("TransactWriteItems", {"TransactItems": [_put(table, pk)]})
        finally:
            sender.close()

    moto_speedups.trust_seeder("the-seed")
    try:
        transact("UNIQ#seed", "the-seed")
        assert copied_tables == []
        transact("UNIQ#other-token", "not-the-seed")
        transact("UNIQ#no-token", None)
        assert copied_tables == [table, table]
    finally:
        moto_speedups.trust_seeder(None)
    transact("UNIQ#after-the-seed", "the-seed")
    assert copied_tables == [table] * 3
    keys = {item["PK"]["S"] for item in moto_conn.client.scan(TableName=table)["Items"]}
    assert keys == {"UNIQ#seed", "UNIQ#other-token", "UNIQ#no-token", "UNIQ#after-the-seed"}


def test_a_cancelled_transaction_still_rolls_back(moto_conn: Connection, table: str) -> None:
    client = moto_conn.client
    client.put_item(TableName=table, Item={"PK": {"S": "UNIQ#taken"}, "SK": {"S": "LOCK"}})
    items = [_put(table, "UNIQ#first"), _put(table, "UNIQ#second"),
             _put(table, "UNIQ#taken", "attribute_not_exists(PK)")]
    with pytest.raises(client.exceptions.TransactionCanceledException):
        client.transact_write_items(TransactItems=items)
    keys = {item["PK"]["S"] for item in client.scan(TableName=table)["Items"]}
    assert keys == {"UNIQ#taken"}  # the two puts before the refused one are undone


def test_attribute_values_answer_as_motos_own_serializer_does(
        moto_endpoint: str, moto_conn: Connection, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every attribute type (the demo's metrics: numbers, sets, binary, maps, lists, booleans,
    NULL), in Scan and GetItem (stream records: test_demo_moto_app.py)."""
    from moto.core.serialize import BaseJSONSerializer

    name = f"speedups-metrics-{uuid.uuid4().hex[:8]}"
    create_metrics_table(moto_conn, name)
    sender = HttpSender(moto_endpoint, access_key=FAKE_KEYS["aws_access_key_id"],
                        secret_key=FAKE_KEYS["aws_secret_access_key"])
    try:
        def answers() -> list[dict[str, Any]]:
            return [sender.call("Scan", {"TableName": name}),
                    sender.call("GetItem", {"TableName": name, "Key": {"deviceId": {"N": "5"}}})]

        fast = answers()
        speedup: Any = BaseJSONSerializer._serialize_type_structure
        monkeypatch.setattr(BaseJSONSerializer, "_serialize_type_structure", speedup.__wrapped__)
        assert answers() == fast
        assert fast[0]["Count"] == 40 and fast[1]["Item"]["note"] == {"NULL": True}
    finally:
        sender.close()
        moto_conn.client.delete_table(TableName=name)


def test_reads_leave_no_model_object_behind(moto_conn: Connection, table: str) -> None:
    """moto kept every model object it made (each Scan's copies of the items too) for a
    dashboard no endpoint here shows, and never freed them: the demo's endpoint grew with every
    read (0.06 MB per audit of the demo table)."""
    from moto.dynamodb.models.dynamo_type import Item

    for n in range(20):
        moto_conn.client.put_item(TableName=table, Item={"PK": {"S": f"ACCT#{n}"}, "SK": {"S": "PROFILE"}})
    for _ in range(5):
        assert len(moto_conn.client.scan(TableName=table)["Items"]) == 20
    assert len(Item.instances_tracked) == 0  # type: ignore[attr-defined]
