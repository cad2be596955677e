"""Edit as JSON… and Delete from the browser (``templates.edit_item``, ``edit_account``,
``delete_item``) against another writer, on moto and on DynamoDB Local.

An edit that keeps the key writes only the attributes it changes: an attribute another writer
added after the item was shown stays, and on a wide item (45 attributes, past the 40 the old
full-item Put guarded) a change to an attribute the user did not edit stays as the other writer
set it, while a change to one the user edited cancels the edit. A key-changing edit deletes the
old item only while every attribute seen is unchanged. The guards at DynamoDB's limit (300
operators) are accepted by DynamoDB Local, the judge of what DynamoDB accepts.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
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
    name = f"tpl-edit-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    yield describe_table(conn, name)
    conn.client.delete_table(TableName=name)


def shown(conn: Connection, info: TableInfo, item: dict[str, Any]) -> dict[str, Any]:
    """Write ``item`` and read it back as the browser shows it."""
    conn.client.put_item(TableName=info.name, Item=item)
    return now(conn, info, item["PK"]["S"], item["SK"]["S"]) or {}


def now(conn: Connection, info: TableInfo, pk: str, sk: str = "ITEM") -> dict[str, Any] | None:
    item: dict[str, Any] | None = conn.client.get_item(TableName=info.name, Key=key(pk, sk),
                                                       ConsistentRead=True).get("Item")
    return item


def other_writer_sets(conn: Connection, info: TableInfo, pk: str, name: str, av: dict[str, Any]) -> None:
    conn.client.update_item(TableName=info.name, Key=key(pk), UpdateExpression="SET #a = :v",
                            ExpressionAttributeNames={"#a": name}, ExpressionAttributeValues={":v": av})


def send(conn: Connection, info: TableInfo, tx: Transaction) -> Any:
    return execute_transaction(conn, tx, confirmation=True, tables={info.name: info})


def wide(pk: str, count: int) -> dict[str, Any]:
    return {**key(pk), **{f"a{i:03d}": s(f"v{i}") for i in range(count)}}


def last_shown(item: dict[str, Any]) -> str:
    """The attribute the read returned last (each engine has its own order): past any cut of
    the first attributes seen, as the old guard's first 40."""
    return [name for name in item if name not in ("PK", "SK")][-1]


def test_an_attribute_another_writer_added_since_is_kept(conn: Connection, table: TableInfo) -> None:
    seen = shown(conn, table, {**key("SESSION#1"), "user": s("ada"), "note": s("old")})
    edited = {**seen, "note": s("edited in DynoView")}
    other_writer_sets(conn, table, "SESSION#1", "revoked", {"BOOL": True})  # after it was shown
    result = send(conn, table, edit_item(table, seen, edited))
    assert result.status == SUCCEEDED, result.message
    assert now(conn, table, "SESSION#1") == {**edited, "revoked": {"BOOL": True}}


def test_a_wide_item_keeps_another_writers_change_to_an_attribute_not_edited(
        conn: Connection, table: TableInfo) -> None:
    seen = shown(conn, table, wide("WIDE#1", 45))
    theirs, mine = last_shown(seen), next(n for n in seen if n.startswith("a"))
    other_writer_sets(conn, table, "WIDE#1", theirs, s("changed by someone else"))
    result = send(conn, table, edit_item(table, seen, {**seen, mine: s("changed by me")}))
    assert result.status == SUCCEEDED, result.message
    assert now(conn, table, "WIDE#1") == {**seen, mine: s("changed by me"),
                                           theirs: s("changed by someone else")}


def test_a_wide_item_edit_is_cancelled_when_an_attribute_it_edits_changed(
        conn: Connection, table: TableInfo) -> None:
    seen = shown(conn, table, wide("WIDE#2", 45))
    both = last_shown(seen)
    tx = edit_item(table, seen, {**seen, "a000": s("mine"), both: s("mine too")})
    other_writer_sets(conn, table, "WIDE#2", both, s("theirs"))
    result = send(conn, table, tx)
    assert result.status == CANCELLED
    assert result.actions[0].code == "ConditionalCheckFailed"
    assert now(conn, table, "WIDE#2") == {**seen, both: s("theirs")}  # nothing of mine written


def test_a_key_changing_edit_moves_the_item_only_while_everything_seen_holds(
        conn: Connection, table: TableInfo) -> None:
    seen = shown(conn, table, wide("WIDE#3", 45))
    moved = {**seen, "PK": s("WIDE#4"), "a000": s("moved")}
    result = send(conn, table, edit_item(table, seen, moved))
    assert result.status == SUCCEEDED, result.message
    assert now(conn, table, "WIDE#3") is None and now(conn, table, "WIDE#4") == moved
    # The last attribute shown changed meanwhile: the Delete's guard checks it, nothing moves.
    shown_moved = now(conn, table, "WIDE#4") or {}
    tx = edit_item(table, shown_moved, {**shown_moved, "PK": s("WIDE#5")})
    theirs = last_shown(shown_moved)
    other_writer_sets(conn, table, "WIDE#4", theirs, s("theirs"))
    assert send(conn, table, tx).status == CANCELLED
    assert now(conn, table, "WIDE#5") is None
    assert now(conn, table, "WIDE#4") == {**moved, theirs: s("theirs")}


def test_guards_at_dynamodbs_operator_limit_are_accepted(conn: Connection, table: TableInfo) -> None:
    """149 attributes edited (299 operators in the guard) and a delete of a 180-attribute item
    guarded on the 149 that fit: what the templates build at the limit is what DynamoDB takes."""
    seen = shown(conn, table, wide("WIDE#6", 180))
    edited = {**seen, **{f"a{i:03d}": s("mine") for i in range(149)}}
    assert send(conn, table, edit_item(table, seen, edited)).status == SUCCEEDED
    assert now(conn, table, "WIDE#6") == edited
    tx = delete_item(table, edited)
    assert tx.actions[0].label.startswith("item, guarded on 149 of its 180 attributes")
    assert send(conn, table, tx).status == SUCCEEDED
    assert now(conn, table, "WIDE#6") is None


def test_an_account_edit_keeps_an_added_attribute_and_moves_its_lock(
        conn: Connection, reader: Reader, accounts_table: str) -> None:
    """The account's Update, its lock moves and the preflight's view of them, end to end."""
    info = describe_table(conn, accounts_table)
    alan_key = {"PK": s("ACCT#c3e511"), "SK": s("PROFILE")}
    seen = reader.get_item(accounts_table, alan_key, consistent=True)
    assert seen is not None
    edited = {**seen, "email": s("alan@bletchley.uk"), "displayName": s("A. M. Turing")}
    tx = edit_account(SCHEMA, info, seen, edited)
    assert [a.kind for a in tx.actions] == ["Update", "Put", "Delete"]
    conn.client.update_item(TableName=accounts_table, Key=alan_key, UpdateExpression="SET revoked = :r",
                            ExpressionAttributeValues={":r": {"BOOL": True}})
    check = run_preflight(reader, tx, SCHEMA, {info.name: info})
    assert not check.refused, check.lines()
    assert any("alan@bletchley.uk" in line for line in check.lines())
    result = execute_transaction(conn, tx, confirmation=True, tables={info.name: info}, schema=SCHEMA)
    assert result.status == SUCCEEDED, result.message
    assert reader.get_item(accounts_table, alan_key, consistent=True) == {**edited, "revoked": {"BOOL": True}}
    found = run_audit(reader, info, SCHEMA, consistent=True).findings
    assert [f for f in found if f.value in ("alan@bletchley.uk", seen["email"]["S"])] == []
