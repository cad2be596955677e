"""A preflight refusal's suggestion on a scoped rule whose scope holds the rule's middle text
(tenantId ``Org#User#email#EU`` under ``_unique#{scope}#User#email#{value}``, lowercase), on
moto and on DynamoDB Local: "this transaction with the lock writes it lacks added" puts the lock
the Sign up template writes for the account (its scope as spelled, its value normalised), and
names each lock in its own scope. It re-cut the form at its first middle and lowercased the
rest: another lock, which its own preflight let through as a case clash, so the suggestion
offered left the account without its lock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.refusals import WITH_LOCKS
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from tests.helpers import empty_keys_table

pytestmark = pytest.mark.integration

RULE = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", "lowercase",
                scope="${tenantId}")
SCHEMA = UniquenessSchema(rules=(RULE,))
BOB_LOCK = "_unique#Org#User#email#EU#User#email#bob@x.io"  # what the Sign up template writes


def s(text: str) -> dict[str, str]:
    return {"S": text}


def account(name: str, tenant: str, email: str) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{name}"), "SK": s("PROFILE"), "tenantId": s(tenant), "email": s(email)}


@pytest.fixture
def table(conn: Connection) -> Iterator[TableInfo]:
    with empty_keys_table(conn, "scopemiddle-refusal") as info:
        yield info


@pytest.mark.parametrize(("tenant", "email", "lock", "label"), [
    ("Org#User#email#EU", "Bob@x.io", BOB_LOCK, "email lock 'bob@x.io' in scope Org#User#email#EU"),
    ("Org", "EU#User#email#Cy@x.io", "_unique#Org#User#email#eu#user#email#cy@x.io",
     "email lock 'eu#user#email#cy@x.io' in scope Org"),
], ids=["scope-holds-middle", "value-holds-middle"])
def test_the_lock_writes_added_are_the_locks_the_account_holds(
        conn: Connection, reader: Reader, table: TableInfo, tenant: str, email: str, lock: str,
        label: str) -> None:
    # The account without its lock, and a second write: the refusal offers this transaction
    # with its missing lock added (the Sign up template would drop the note).
    note = {"PK": s("NOTE#1"), "SK": s("NOTE"), "text": s("hello")}
    tx = Transaction([Action(PUT, table.name, item=account("bob", tenant, email)),
                      Action(PUT, table.name, item=note)])
    check = run_preflight(reader, tx, SCHEMA, {table.name: table})
    (refusal,) = check.refusals
    assert refusal.status == MISSING_LOCK
    assert refusal.template == WITH_LOCKS, refusal.message
    suggestion = refusal.suggestion
    assert suggestion is not None
    added = suggestion.actions[-1]
    assert (added.kind, added.item["PK"], added.label) == (PUT, s(lock), label)
    assert not run_preflight(reader, suggestion, SCHEMA, {table.name: table}).refused
    # Sent: the account holds its lock, as the audit and the Sign up template say.
    sent = execute_transaction(conn, suggestion, confirmation=True, schema=SCHEMA, reader=reader)
    assert sent.status == "succeeded"
    signed_up = templates.sign_up(SCHEMA, table.name, account("bob", tenant, email))
    assert signed_up.actions[-1].item["PK"] == s(lock)


def test_a_move_to_another_middle_holding_scope_moves_the_locks_it_names(
        conn: Connection, reader: Reader, table: TableInfo) -> None:
    bob = account("bob", "Org#User#email#EU", "Bob@x.io")
    sent = execute_transaction(conn, templates.sign_up(SCHEMA, table.name, bob), confirmation=True,
                               schema=SCHEMA, reader=reader)
    assert sent.status == "succeeded"
    # Moved to another tenant with a note, its locks left where they were.
    note = {"PK": s("NOTE#1"), "SK": s("NOTE"), "text": s("moved")}
    tx = Transaction([Action(PUT, table.name, item=account("bob", "Org#User#email#US", "Bob@x.io")),
                      Action(PUT, table.name, item=note)])
    check = run_preflight(reader, tx, SCHEMA, {table.name: table})
    assert check.refused
    suggestions = {r.template for r in check.refusals}
    assert suggestions == {WITH_LOCKS}, [r.message for r in check.refusals]
    suggestion = check.refusals[0].suggestion
    assert suggestion is not None
    assert sorted((a.kind, (a.item or a.key)["PK"]["S"], a.label) for a in suggestion.actions[2:]) == [
        ("Delete", BOB_LOCK, "release email lock 'bob@x.io' in scope Org#User#email#EU"),
        (PUT, "_unique#Org#User#email#US#User#email#bob@x.io",
         "email lock 'bob@x.io' in scope Org#User#email#US")]
    assert not run_preflight(reader, suggestion, SCHEMA, {table.name: table}).refused
