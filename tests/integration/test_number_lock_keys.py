"""A protected value or scope attribute held as a Number typed another way (``1.50``, ``0028``,
``007``: the Items editor keeps N text as typed): every template keys its lock on the text
DynamoDB stores (``1.5``, ``28``, ``7``), so the builder's own transaction passes its own
preflight, and once sent the audit finds the account holding its lock: no missing lock, no
orphan. DynamoDB Local is the judge (it stores numbers canonically); on moto, which keeps the
text as sent, the templates write the stored spelling themselves, so both agree."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from dynoview.core.uniqueness.scope import fill_scope
from dynoview.core.values.user_text import parse_value
from tests.helpers import empty_keys_table

pytestmark = pytest.mark.integration

SIGN_UP_ADVICE = "Use the Sign up template"


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def table(conn: Connection) -> Iterator[TableInfo]:
    with empty_keys_table(conn, "numlocks") as info:
        yield info


def _send(conn: Connection, reader: Reader, table: TableInfo, schema: UniquenessSchema,
          tx: Transaction) -> None:
    """The builder's order: its own preflight passes (and never sends the user to the Sign up
    template that built it), then the transaction is sent."""
    check = run_preflight(reader, tx, schema, {table.name: table})
    messages = [r.message for r in check.refusals]
    assert not check.refused, messages
    assert not any(SIGN_UP_ADVICE in m for m in messages)
    sent = execute_transaction(conn, tx, confirmation=True, schema=schema, reader=reader)
    assert sent.status == "succeeded"


def _audit(reader: Reader, table: TableInfo, schema: UniquenessSchema) -> list[tuple[str, Any]]:
    result = run_audit(reader, table, schema, segments=1, consistent=True, now=datetime.now(UTC))
    return [(f.status, f.value) for f in result.findings]


def _lock_pks(tx: Transaction) -> list[str]:
    return [a.item["PK"]["S"] for a in tx.actions
            if a.kind == "Put" and a.item["PK"]["S"].startswith("UNIQ#")]


def test_sign_up_and_edit_key_number_locks_as_stored(conn: Connection, reader: Reader,
                                                     table: TableInfo) -> None:
    schema = article_schema()
    # Sign up with email N "1.50": DynamoDB stores 1.5, so the lock is UNIQ#EMAIL#1.5.
    account = {"PK": s("ACCT#n2"), "SK": s("PROFILE"), "email": {"N": "1.50"}, "username": s("numuser2")}
    tx = templates.sign_up(schema, table.name, account)
    _send(conn, reader, table, schema, tx)
    assert _lock_pks(tx) == ["UNIQ#EMAIL#1.5", "UNIQ#HANDLE#numuser2"]
    # An Items edit of an account holding N 27 to N "0028", as the editor parses it.
    first = {"PK": s("ACCT#n1"), "SK": s("PROFILE"), "email": {"N": "27"}, "username": s("numuser")}
    _send(conn, reader, table, schema, templates.sign_up(schema, table.name, first))
    old = reader.get_item(table.name, {"PK": s("ACCT#n1"), "SK": s("PROFILE")})
    assert old is not None
    typed = parse_value("N", "0028")
    assert typed == {"N": "0028"}
    edit = templates.edit_account(schema, table, old, {**old, "email": typed, "nickname": s("x")})
    _send(conn, reader, table, schema, edit)
    assert [(a.kind, (a.key or a.item)["PK"]["S"]) for a in edit.actions] == [
        ("Update", "ACCT#n1"), ("Put", "UNIQ#EMAIL#28"), ("Delete", "UNIQ#EMAIL#27")]
    stored = reader.get_item(table.name, {"PK": s("ACCT#n1"), "SK": s("PROFILE")})
    assert stored is not None and stored["email"] == {"N": "28"}
    assert _audit(reader, table, schema) == []


def test_scope_attribute_held_as_a_number_is_keyed_as_stored(conn: Connection, reader: Reader,
                                                             table: TableInfo) -> None:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#",
                    "lowercase", scope="${tenantId}")
    schema = UniquenessSchema(rules=(rule,))
    account = {"PK": s("ACCT#gil"), "SK": s("PROFILE"), "tenantId": {"N": "007"}, "email": s("Gil@x.io")}
    tx = templates.sign_up(schema, table.name, account)
    _send(conn, reader, table, schema, tx)
    assert [a.item["PK"]["S"] for a in tx.actions[1:]] == ["_unique#7#User#email#gil@x.io"]
    assert fill_scope("${tenantId}", account) == "7"
    assert templates.lock_value(rule, account, "gil@x.io") == "7#User#email#gil@x.io"
    assert _audit(reader, table, schema) == []
