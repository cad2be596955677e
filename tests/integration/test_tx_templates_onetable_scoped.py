"""The builder's templates on OneTable's scoped unique fields, on both engines: a sign-up writes
the items dynamodb-onetable 2.7.7 writes (its create transaction, as
``test_presets_onetable_scoped`` replays it), the same email signs up in two tenants and is
refused twice in one (by the preflight before sending, and by DynamoDB's condition), the change,
move, claim, release and resolve templates (and the bulk repair's) leave a table the audit finds
nothing wrong with, and each suggestion of a preflight refusal passes its own preflight and,
applied, the audit."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import plan_repairs
from dynoview.core.repair.run import EXIT_OK, MAX_RATE, run_repairs
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
from dynoview.core.tx.templates import (
    OwnerRead,
    change_scope,
    change_value,
    claim_missing_lock,
    release_orphan_lock,
    resolve_duplicate,
    sign_up,
)
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

pytestmark = pytest.mark.integration

SCHEMA = UniquenessSchema(pk_name="pk", sk_name="sk", account_pk_prefix="user#", account_sk_value="user#",
                          rules=(LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#",
                                          scope="${tenantId}"),))
_EXISTS_NOT = {"ConditionExpression": "attribute_not_exists(#_0)",
               "ExpressionAttributeNames": {"#_0": "pk"}}  # OneTable's guard for exists: false


def s(text: str) -> dict[str, str]:
    return {"S": text}


def user(user_id: str, tenant: str, email: str) -> dict[str, Any]:
    return {"pk": s(f"user#{user_id}"), "sk": s("user#"), "id": s(user_id), "tenantId": s(tenant),
            "email": s(email), "_type": s("User")}


def onetable_create(table: str, user_id: str, tenant: str, email: str) -> list[dict[str, Any]]:
    """Model.create's transaction for a User with a scoped unique email (createUnique's marker
    through the _Unique model, then the item), as test_presets_onetable_scoped replays it."""
    mark = {"pk": s(f"_unique#{tenant}#User#email#{email}"), "sk": s("_unique#"), "_type": s("_Unique")}
    return [{"Put": {"TableName": table, "Item": mark, **_EXISTS_NOT}},
            {"Put": {"TableName": table, "Item": user(user_id, tenant, email), **_EXISTS_NOT}}]


def _create(conn: Connection) -> str:
    name = f"tpl-ots-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    return name


@pytest.fixture
def tables(conn: Connection) -> Iterator[tuple[str, str]]:
    names = (_create(conn), _create(conn))
    yield names
    for name in names:
        conn.client.delete_table(TableName=name)


def scan(reader: Reader, table: str) -> list[dict[str, Any]]:
    items = reader.read("Scan", {"TableName": table, "ConsistentRead": True}).get("Items", [])
    return sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["S"]))


def findings(reader: Reader, info: TableInfo) -> list[tuple[str, str | None]]:
    return [(f.status, f.value) for f in run_audit(reader, info, SCHEMA, consistent=True).findings]


def send(conn: Connection, tx: Transaction) -> str:
    return execute_transaction(conn, tx, confirmation=True).status


def test_sign_up_writes_what_onetable_writes(conn: Connection, reader: Reader,
                                             tables: tuple[str, str]) -> None:
    theirs, ours = tables
    people = [("1", "acme", "ada@x.io"), ("2", "globex", "ada@x.io"), ("3", "acme", "bob@x.io")]
    for person in people:
        conn.client.transact_write_items(TransactItems=onetable_create(theirs, *person))
        assert send(conn, sign_up(SCHEMA, ours, user(*person))) == SUCCEEDED
    assert scan(reader, ours) == scan(reader, theirs)
    assert findings(reader, describe_table(conn, ours)) == []


def test_same_email_in_two_tenants_but_not_twice_in_one(conn: Connection, reader: Reader,
                                                        tables: tuple[str, str]) -> None:
    table = tables[0]
    info = describe_table(conn, table)
    for person in (("1", "acme", "ada@x.io"), ("2", "globex", "ada@x.io")):
        tx = sign_up(SCHEMA, table, user(*person))
        assert not run_preflight(reader, tx, SCHEMA, {table: info}).refused
        assert send(conn, tx) == SUCCEEDED
    again = sign_up(SCHEMA, table, user("9", "acme", "ada@x.io"))
    check = run_preflight(reader, again, SCHEMA, {table: info})
    assert check.refused  # before sending: the audit would find a duplicate in acme
    [refusal] = check.refusals
    assert (refusal.status, refusal.value) == (DUPLICATE_VALUE, "acme#User#email#ada@x.io")
    assert refusal.message == ("Action 1: 'ada@x.io' in scope acme is held by user#1: pick another email "
                               "for user#9.")
    # Sent anyway: DynamoDB refuses it at the marker's slot, and the slot names the email.
    result = execute_transaction(conn, again, confirmation=True, schema=SCHEMA)
    assert result.status == CANCELLED
    assert [a.code for a in result.actions] == [None, "ConditionalCheckFailed"]
    assert result.actions[1].attribute == "email"
    assert result.actions[1].message.startswith("Email 'ada@x.io' in scope acme is already taken.")
    assert reader.get_item(table, {"pk": s("user#9"), "sk": s("user#")}, consistent=True) is None
    assert findings(reader, info) == []


def test_change_move_claim_release_and_resolve_leave_nothing_to_find(
        conn: Connection, reader: Reader, tables: tuple[str, str]) -> None:
    table = tables[0]
    info = describe_table(conn, table)
    ada, bob = user("1", "acme", "ada@x.io"), user("3", "acme", "bob@x.io")
    for person in (ada, bob):
        assert send(conn, sign_up(SCHEMA, table, person)) == SUCCEEDED
    # Planted as OneTable's own bugs would leave them: a user without its marker, a marker
    # alone, and a user moved into acme with bob's address by a plain update.
    cy, eve = user("4", "globex", "cy@x.io"), user("5", "acme", "bob@x.io")
    conn.client.put_item(TableName=table, Item=cy)
    conn.client.put_item(TableName=table, Item=eve)
    stuck = {"pk": s("_unique#globex#User#email#stuck@x.io"), "sk": s("_unique#")}
    conn.client.put_item(TableName=table, Item={**stuck, "_type": s("_Unique")})
    assert findings(reader, info) == [(DUPLICATE_VALUE, "acme#User#email#bob@x.io"),
                                      (MISSING_LOCK, "globex#User#email#cy@x.io"),
                                      (ORPHAN_LOCK, "globex#User#email#stuck@x.io")]
    repairs = [claim_missing_lock(SCHEMA, table, cy, "email"),
               release_orphan_lock(SCHEMA, table, stuck, OwnerRead(
                   {"pk": s("user#4"), "sk": s("user#")},
                   reader.get_item(table, {"pk": s("user#4"), "sk": s("user#")}))),
               resolve_duplicate(SCHEMA, table, bob, eve, "email", "eve@x.io")]
    for tx in repairs:
        assert not run_preflight(reader, tx, SCHEMA, {table: info}).refused
        assert send(conn, tx) == SUCCEEDED
    assert findings(reader, info) == []
    # Ada changes her address, then moves to globex: the marker follows each time.
    assert send(conn, change_value(SCHEMA, table, ada, "email", "ada@y.io")) == SUCCEEDED
    moved = reader.get_item(table, {"pk": s("user#1"), "sk": s("user#")}, consistent=True)
    assert moved is not None
    tx = change_scope(SCHEMA, table, moved, "tenantId", "globex")
    assert not run_preflight(reader, tx, SCHEMA, {table: info}).refused
    assert send(conn, tx) == SUCCEEDED
    markers = [i["pk"]["S"] for i in scan(reader, table) if i["sk"]["S"] == "_unique#"]
    assert markers == ["_unique#acme#User#email#bob@x.io", "_unique#acme#User#email#eve@x.io",
                       "_unique#globex#User#email#ada@y.io", "_unique#globex#User#email#cy@x.io"]
    assert findings(reader, info) == []
    # Dan signs up in acme with Ada's new address (she is in globex now), but cannot follow her
    # there: refused by the preflight, and by the new marker's guard when sent anyway.
    dan = user("6", "acme", "ada@y.io")
    assert send(conn, sign_up(SCHEMA, table, dan)) == SUCCEEDED
    follow = change_scope(SCHEMA, table, dan, "tenantId", "globex")
    check = run_preflight(reader, follow, SCHEMA, {table: info})
    assert [(r.status, r.value) for r in check.refusals] == [(DUPLICATE_VALUE, "globex#User#email#ada@y.io")]
    result = execute_transaction(conn, follow, confirmation=True, schema=SCHEMA)
    assert [a.code for a in result.actions] == ["ConditionalCheckFailed", None, None]
    assert findings(reader, info) == []


def _raw(kind: str, table: str, item: dict[str, Any], update: str = "",
         values: dict[str, Any] | None = None) -> Transaction:
    """A write with no marker of its own, as a hand-built transaction would be."""
    key = {"pk": item["pk"], "sk": item["sk"]}
    if kind == PUT:
        return Transaction([Action(PUT, table, item=item)])
    if kind == DELETE:
        return Transaction([Action(DELETE, table, key=key)])
    return Transaction([Action(UPDATE, table, key=key, update=update, values=values or {})])


OFFERS = {
    "sign_up": "the Sign up template (the account and one guarded lock per value)",
    "change_value": "the Change email template (new lock, old lock released, account updated, all guarded)",
    "change_scope": "the move to another tenantId with its locks (each lock put in the new scope and "
                    "released in the old one, the account updated, all guarded)",
    "delete_account": "the Delete account template (the account and all its locks together)",
}


def test_each_refusal_suggests_a_template_that_passes_its_own_preflight(
        conn: Connection, reader: Reader, tables: tuple[str, str]) -> None:
    table = tables[0]
    info = describe_table(conn, table)
    ada, grace = user("1", "acme", "ada@x.io"), user("2", "acme", "grace@x.io")
    for person in (ada, grace):
        assert send(conn, sign_up(SCHEMA, table, person)) == SUCCEEDED
    cases = [
        ("sign_up", _raw(PUT, table, user("7", "initech", "new@x.io"))),
        ("change_value", _raw(UPDATE, table, ada, "SET email = :e", {":e": s("ada@y.io")})),
        ("change_scope", _raw(UPDATE, table, grace, "SET tenantId = :t", {":t": s("globex")})),
        ("delete_account", _raw(DELETE, table, user("7", "initech", "new@x.io"))),
    ]
    for template, tx in cases:
        check = run_preflight(reader, tx, SCHEMA, {table: info})
        assert check.refused, template
        refusal = check.refusals[0]
        assert (refusal.template, refusal.suggestion is not None) == (template, True), refusal.message
        assert refusal.message.endswith(f"Use {OFFERS[template]}."), refusal.message
        assert refusal.suggestion is not None
        # The suggestion, read afresh, passes its own preflight; applied, the audit finds nothing.
        assert not run_preflight(reader, refusal.suggestion, SCHEMA, {table: info}).refused, template
        assert send(conn, refusal.suggestion) == SUCCEEDED, template
        assert findings(reader, info) == [], template
    markers = [i["pk"]["S"] for i in scan(reader, table) if i["sk"]["S"] == "_unique#"]
    assert markers == ["_unique#acme#User#email#ada@y.io", "_unique#globex#User#email#grace@x.io"]


def test_bulk_repair_claims_and_releases_scoped_markers(conn: Connection, reader: Reader,
                                                        tables: tuple[str, str], tmp_path: Path) -> None:
    # The repair run's templates on scoped findings: the missing marker is claimed in the
    # account's own scope, the stuck one released; the audit then finds nothing.
    table = tables[0]
    info = describe_table(conn, table)
    conn.client.put_item(TableName=table, Item=user("4", "globex", "cy@x.io"))
    conn.client.put_item(TableName=table, Item={"pk": s("_unique#acme#User#email#stuck@x.io"),
                                                "sk": s("_unique#"), "_type": s("_Unique")})
    found = run_audit(reader, info, SCHEMA, consistent=True).findings
    assert [(f.status, f.value) for f in found] == [(ORPHAN_LOCK, "acme#User#email#stuck@x.io"),
                                                    (MISSING_LOCK, "globex#User#email#cy@x.io")]
    plan = plan_repairs(found, SCHEMA, table)
    run = run_repairs(conn, plan, SCHEMA, info, reader=reader, log=ActionLog(tmp_path / "log.jsonl"),
                      rate=MAX_RATE)
    assert run.exit_code == EXIT_OK
    assert findings(reader, info) == []
    markers = [i["pk"]["S"] for i in scan(reader, table) if i["sk"]["S"] == "_unique#"]
    assert markers == ["_unique#globex#User#email#cy@x.io"]
