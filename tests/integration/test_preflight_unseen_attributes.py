"""An attribute another writer added after the item was opened, and a Delete guarded only on the
attributes seen (``preflight.unseen``), on moto and on DynamoDB Local.

A key-changing Edit as JSON… (``templates.edit_item`` → ``_move_item``) and a Delete from the
browser (``delete_item``) delete the item guarded on every attribute seen; DynamoDB has no
condition for "no attribute besides these", so an added one passes the guard and is lost with
the item. The preflight reads the item and refuses the Delete, naming the attribute, and
nothing is written; without one, it passes and the write does what it says.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.preflight.unseen import UNSEEN_ATTRIBUTES, preflight_with_unseen
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import delete_item, edit_account, edit_item
from dynoview.core.uniqueness.schema import article_schema

pytestmark = pytest.mark.integration
SCHEMA = article_schema()


def s(text: str) -> dict[str, str]:
    return {"S": text}


def key(pk: str, sk: str = "ITEM") -> dict[str, Any]:
    return {"PK": s(pk), "SK": s(sk)}


@pytest.fixture
def table(conn: Connection) -> Iterator[TableInfo]:
    name = f"unseen-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    yield describe_table(conn, name)
    conn.client.delete_table(TableName=name)


def now(conn: Connection, table: str, item_key: dict[str, Any]) -> dict[str, Any] | None:
    item: dict[str, Any] | None = conn.client.get_item(TableName=table, Key=item_key,
                                                       ConsistentRead=True).get("Item")
    return item


def shown(conn: Connection, info: TableInfo, item: dict[str, Any]) -> dict[str, Any]:
    """Write ``item`` and read it back as the browser shows it."""
    conn.client.put_item(TableName=info.name, Item=item)
    return now(conn, info.name, info.key_of(item)) or {}


def other_writer_adds(conn: Connection, table: str, item_key: dict[str, Any], name: str,
                      av: dict[str, Any]) -> None:
    conn.client.update_item(TableName=table, Key=item_key, UpdateExpression="SET #a = :v",
                            ExpressionAttributeNames={"#a": name}, ExpressionAttributeValues={":v": av})


def preflight(reader: Reader, info: TableInfo, tx: Transaction) -> Any:
    return preflight_with_unseen(reader, tx, SCHEMA, {info.name: info})


def send(conn: Connection, info: TableInfo, tx: Transaction) -> Any:
    return execute_transaction(conn, tx, confirmation=True, tables={info.name: info}, schema=SCHEMA)


def test_a_move_is_refused_when_an_attribute_was_added_since_the_item_was_opened(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    seen = shown(conn, table, {**key("SESSION#1"), "user": s("ada"), "note": s("old")})
    tx = edit_item(table, seen, {**seen, "PK": s("SESSION#2")})
    assert [a.kind for a in tx.actions] == ["Delete", "Put"]
    other_writer_adds(conn, table.name, key("SESSION#1"), "revoked", {"BOOL": True})
    check = preflight(reader, table, tx)
    assert check.refused
    (refusal,) = check.refusals
    assert (refusal.action, refusal.status) == (0, UNSEEN_ATTRIBUTES)
    assert "the item now also holds revoked, added since you opened it" in refusal.message
    assert "Nothing was sent. Reopen the item (it is read again, revoked included)" in refusal.message
    assert check.summary().startswith("Refused by the preflight: an item this transaction deletes "
                                      "holds attributes added since it was opened")
    # Nothing written: the old item keeps what the other writer added, and no new one exists.
    assert now(conn, table.name, key("SESSION#1")) == {**seen, "revoked": {"BOOL": True}}
    assert now(conn, table.name, key("SESSION#2")) is None


def test_a_move_without_an_added_attribute_passes_and_moves_the_item(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    seen = shown(conn, table, {**key("SESSION#3"), "user": s("ada"), "note": s("old")})
    moved = {**seen, "PK": s("SESSION#4"), "note": s("moved")}
    tx = edit_item(table, seen, moved)
    check = preflight(reader, table, tx)
    assert not check.refused, [r.message for r in check.refusals]
    result = send(conn, table, tx)
    assert result.status == SUCCEEDED, result.message
    assert now(conn, table.name, key("SESSION#3")) is None
    assert now(conn, table.name, key("SESSION#4")) == moved


def test_a_browser_delete_is_refused_when_an_attribute_was_added_since(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    seen = shown(conn, table, {**key("SESSION#5"), "user": s("ada")})
    tx = delete_item(table, seen)
    assert not preflight(reader, table, tx).refused  # as seen: deleting it loses nothing unseen
    other_writer_adds(conn, table.name, key("SESSION#5"), "audit note", s("keep me"))
    other_writer_adds(conn, table.name, key("SESSION#5"), "owner", s("bob"))
    (refusal,) = preflight(reader, table, tx).refusals
    assert refusal.status == UNSEEN_ATTRIBUTES
    assert "also holds " in refusal.message and "those attributes would be lost" in refusal.message
    assert "audit note" in refusal.message and "owner" in refusal.message
    assert now(conn, table.name, key("SESSION#5")) == {**seen, "audit note": s("keep me"), "owner": s("bob")}


def test_an_account_move_keeps_the_uniqueness_preflight_and_adds_the_refusal(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    """An account is read by the uniqueness preflight too: its pairs stay, the refusal is added."""
    info = describe_table(conn, accounts_table)
    old_key = {"PK": s("ACCT#c3e511"), "SK": s("PROFILE")}
    seen = reader.get_item(accounts_table, old_key, consistent=True)
    assert seen is not None
    tx = edit_account(SCHEMA, info, seen, {**seen, "PK": s("ACCT#c3e512")})
    assert tx.actions[0].kind == "Delete" and tx.actions[0].seen == tuple(seen)
    clean = preflight(reader, info, tx)
    assert not any(r.status == UNSEEN_ATTRIBUTES for r in clean.refusals)
    other_writer_adds(conn, accounts_table, old_key, "lastLogin", {"N": "1700000000"})
    check = preflight(reader, info, tx)
    unseen = [r for r in check.refusals if r.status == UNSEEN_ATTRIBUTES]
    assert [(r.action, "also holds lastLogin" in r.message) for r in unseen] == [(0, True)]
    assert check.checked and [p.line() for p in check.pairs] == [p.line() for p in clean.pairs]
    assert now(conn, accounts_table, old_key) == {**seen, "lastLogin": {"N": "1700000000"}}
