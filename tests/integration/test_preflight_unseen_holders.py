"""The preflight on a table too large to read whole, whose holders of a value it cannot all look
up (no index on the attribute, or an index under a normalising rule that finds only the spellings
asked for). Before, a new account taking a username held by a live account, or the release of
that account's lock, passed ("repairs 1 problem", "username ada is free ✓") and the audit after
found a duplicate or a missing lock. Now each needs the user's explicit confirmation, named."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.model import UNSEEN_HOLDER
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.model import DELETE, PUT, Action, Transaction
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import account_key, empty_accounts_table, lock_key, s
from tests.integration.test_folded_spellings import TOO_LARGE_TO_SCAN, lowercase

pytestmark = pytest.mark.integration


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """ACCT#ada holds the username ada and the email Ada@Example.io, with both locks."""
    with empty_accounts_table(conn, "unseen") as name:
        conn.client.put_item(TableName=name, Item={**account_key("ada"), "email": s("Ada@Example.io"),
                                                   "username": s("ada")})
        conn.client.put_item(TableName=name, Item=lock_key("HANDLE", "ada"))
        conn.client.put_item(TableName=name, Item=lock_key("EMAIL", "ada@example.io"))
        yield name


def big(conn: Connection, name: str) -> TableInfo:
    return replace(describe_table(conn, name), item_count=TOO_LARGE_TO_SCAN)


def test_a_new_account_taking_a_username_no_one_could_look_up_needs_confirmation(
        reader: Reader, conn: Connection, table: str) -> None:
    info = big(conn, table)
    schema = default_schema(info)
    assert schema.rule("username").index_name is None  # the article's schema: no index on username
    tx = Transaction([Action(PUT, table, item={**account_key("mallory"), "username": s("ada")},
                             condition="attribute_not_exists(PK)")])
    result = run_preflight(reader, tx, schema, {table: info})
    assert not result.refused and result.needs_confirmation, result.summary()
    assert "repairs" not in result.summary()
    [warning] = [w for w in result.warnings if w.status == UNSEEN_HOLDER]
    assert (warning.rule, warning.value) == ("username", "ada")
    assert "no index on username" in warning.message and "a duplicate" in warning.message
    [pair] = [p for p in result.pairs if p.rule == "username"]
    assert pair.unseen and "✓" not in pair.line()


def test_releasing_a_lock_no_one_could_look_up_needs_confirmation(
        reader: Reader, conn: Connection, table: str) -> None:
    info = big(conn, table)
    tx = Transaction([Action(DELETE, table, key=lock_key("HANDLE", "ada"), condition="attribute_exists(PK)")])
    result = run_preflight(reader, tx, default_schema(info), {table: info})
    assert not result.refused and result.needs_confirmation, result.summary()
    [warning] = [w for w in result.warnings if w.status == UNSEEN_HOLDER]
    assert "would lose its lock" in warning.message
    [pair] = result.pairs
    assert "is free" not in pair.line() and "✓" not in pair.line()


def test_a_new_spelling_claimed_through_an_index_that_cannot_fold_needs_confirmation(
        reader: Reader, conn: Connection, table: str) -> None:
    """A lower-casing rule: ACCT#ada's Ada@Example.io holds ada@example.io, which the email index
    (asked for ada@example.io) does not find."""
    info = big(conn, table)
    tx = Transaction([Action(PUT, table, item={**account_key("eve"), "email": s("ada@example.io")},
                             condition="attribute_not_exists(PK)")])
    result = run_preflight(reader, tx, lowercase(info), {table: info})
    assert not result.refused and result.needs_confirmation, result.summary()
    assert "repairs" not in result.summary()
    [warning] = [w for w in result.warnings if w.status == UNSEEN_HOLDER]
    assert "another spelling" in warning.message and "a duplicate" in warning.message
