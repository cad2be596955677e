"""Staged cell edits sent as one guarded transaction, on moto and on DynamoDB Local: two cells on
two items written together; a change made between staging and sending cancels the lot and is
not overwritten; a protected email edit moves its lock."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.edits.staging import StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
from dynoview.core.uniqueness.schema import article_schema

pytestmark = pytest.mark.integration
S = article_schema()


def key(pk: str, sk: str = "PROFILE") -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def get(reader: Reader, table: str, pk: str, sk: str = "PROFILE") -> dict[str, Any] | None:
    return reader.get_item(table, key(pk, sk), consistent=True)


def shown(reader: Reader, table: str, pk: str) -> dict[str, Any]:
    item = get(reader, table, pk)
    assert item is not None
    return item


def send(conn: Connection, info: TableInfo, staged: StagedEdits) -> Any:
    tx = build_transaction(staged, {info.name: info}, S)
    return execute_transaction(conn, tx, confirmation=True, tables={info.name: info}, schema=S)


def test_two_cells_on_two_items_are_written_together(conn: Connection, reader: Reader,
                                                      accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    alan, grace = shown(reader, accounts_table, "ACCT#c3e511"), shown(reader, accounts_table, "ACCT#b27d10")
    staged = StagedEdits()
    staged.stage_text(info, alan, "displayName", "S", "Alan M. Turing", schema=S)
    staged.stage_text(info, alan, "visits", "N", "12345678901234567890123456789012345678", schema=S)
    staged.stage_text(info, grace, "tags", "SS", '["navy", "cobol"]', schema=S)
    staged.stage(info, grace, "createdAt", None, schema=S)
    result = send(conn, info, staged)
    assert result.status == SUCCEEDED, result.message
    alan_now = shown(reader, accounts_table, "ACCT#c3e511")
    grace_now = shown(reader, accounts_table, "ACCT#b27d10")
    assert alan_now == {**alan, "displayName": {"S": "Alan M. Turing"},
                        "visits": {"N": "12345678901234567890123456789012345678"}}
    assert sorted(grace_now.pop("tags")["SS"]) == ["cobol", "navy"]
    assert grace_now == {k: v for k, v in grace.items() if k != "createdAt"}
    # Each cell whose value the table holds is dropped.
    assert staged.settle(accounts_table, key("ACCT#c3e511"), alan_now)
    # tags popped above: the createdAt removal, written, leaves; tags stays staged.
    assert staged.settle(accounts_table, key("ACCT#b27d10"), grace_now) and staged.count == 1
    assert staged.settle(accounts_table, key("ACCT#b27d10"), shown(reader, accounts_table, "ACCT#b27d10"))
    assert not staged


def test_a_change_made_meanwhile_cancels_and_is_not_overwritten(conn: Connection, reader: Reader,
                                                                  accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    alan, grace = shown(reader, accounts_table, "ACCT#c3e511"), shown(reader, accounts_table, "ACCT#b27d10")
    staged = StagedEdits()
    staged.stage_text(info, alan, "displayName", "S", "Staged name", schema=S)
    staged.stage_text(info, grace, "note", "S", "staged note", schema=S)
    # Someone else changes Grace's note (absent when staged) before the send.
    conn.client.update_item(TableName=accounts_table, Key=key("ACCT#b27d10"),
                            UpdateExpression="SET note = :n",
                            ExpressionAttributeValues={":n": {"S": "theirs"}})
    result = send(conn, info, staged)
    assert result.status == CANCELLED
    codes = [o.code for o in result.actions]
    assert codes[1] == "ConditionalCheckFailed" and codes[0] in (None, "None")
    assert shown(reader, accounts_table, "ACCT#b27d10") == {**grace, "note": {"S": "theirs"}}
    assert shown(reader, accounts_table, "ACCT#c3e511") == alan  # nothing of the lot written


def test_a_deleted_item_is_not_brought_back(conn: Connection, reader: Reader, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    lock = get(reader, accounts_table, "UNIQ#EMAIL#ken@thompson.dev", "LOCK")
    assert lock is not None
    staged = StagedEdits()
    staged.stage_text(info, lock, "note", "S", "x", schema=S)  # absent when staged
    conn.client.delete_item(TableName=accounts_table, Key=key("UNIQ#EMAIL#ken@thompson.dev", "LOCK"))
    assert send(conn, info, staged).status == CANCELLED
    assert get(reader, accounts_table, "UNIQ#EMAIL#ken@thompson.dev", "LOCK") is None


def test_a_protected_email_edit_moves_the_lock(conn: Connection, reader: Reader, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    alan = shown(reader, accounts_table, "ACCT#c3e511")
    old_email = alan["email"]["S"]
    staged = StagedEdits()
    staged.stage_text(info, alan, "email", "S", "alan@bletchley.uk", schema=S)
    staged.stage_text(info, alan, "displayName", "S", "A. M. Turing", schema=S)
    result = send(conn, info, staged)
    assert result.status == SUCCEEDED, result.message
    now = shown(reader, accounts_table, "ACCT#c3e511")
    assert now["email"] == {"S": "alan@bletchley.uk"} and now["displayName"] == {"S": "A. M. Turing"}
    assert get(reader, accounts_table, "UNIQ#EMAIL#alan@bletchley.uk", "LOCK") is not None
    assert get(reader, accounts_table, f"UNIQ#EMAIL#{old_email}", "LOCK") is None
    # A taken email cancels: the account keeps its value and no lock moves.
    taken = StagedEdits()
    grace = shown(reader, accounts_table, "ACCT#b27d10")
    taken.stage_text(info, grace, "email", "S", "alan@bletchley.uk", schema=S)
    again = send(conn, info, taken)
    assert again.status == CANCELLED
    assert again.actions[0].message.startswith("Email alan@bletchley.uk is already taken.")
    assert shown(reader, accounts_table, "ACCT#b27d10") == grace
