"""An account holding a value no lock can exist for (its lock key over DynamoDB's key limits: the
audit's MISSING_LOCK "Change the account's email to a shorter value") can be changed, moved and
deleted (moto and DynamoDB Local).

Reported: Change email, Delete account, an Items edit (edit_account and the staged edits) each
built a guarded Delete of the old lock at that impossible key, so the validator (and DynamoDB)
refused the whole transaction ("Action 2 › Key › PK: A partition key holds at most 2048 bytes;
this one has 2056"): the audit's only advised fix could not be made. Now that Delete (or check)
is left out and the account action's label says why; each transaction validates, passes its
preflight, is sent, and the audit is clean after (the resolved duplicate's kept value excepted).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.edits.staging import StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import DELETE, Transaction
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, NORMALISE_NONE, LockRule, UniquenessSchema
from tests.helpers import account_key, empty_accounts_table, s

pytestmark = pytest.mark.integration

#: (normalisation, value, sort key of the lock): 2,045 bytes, which still fits the email-index
#: key but not UNIQ#EMAIL#<value>; 1,405 bytes that lower-casing makes 2,105; 1,105 bytes in a
#: sort key (1,024 at most) beside a partition key that fits.
CASES = {
    "none": (NORMALISE_NONE, "x" * 2040 + "@x.io", "LOCK"),
    "lowercase": (NORMALISE_LOWER, "İ" * 700 + "@x.io", "LOCK"),
    "sort-key": (NORMALISE_NONE, "y" * 1100 + "@x.io", "V#{value}"),
}
SHORT = "short@x.io"


def _schema(case: str) -> UniquenessSchema:
    norm, _value, sk = CASES[case]
    return UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", sk, norm,
                                            index_name="email-index"),
                                   LockRule("username", "username", "UNIQ#HANDLE#{value}", "LOCK")))


@pytest.fixture(params=sorted(CASES))
def case(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "unlockable-fix") as name:
        yield name


def _seed(conn: Connection, table: str, schema: UniquenessSchema, email: str,
          acct: str = "a1", username: str = "ada") -> dict[str, Any]:
    """The account with its (long) email and no email lock, its username with its lock."""
    account = {**account_key(acct), "email": s(email), "username": s(username)}
    conn.client.put_item(TableName=table, Item=account)
    conn.client.put_item(TableName=table, Item=schema.lock_key(schema.rules[1], username))
    return account


def _audit(conn: Connection, table: str, schema: UniquenessSchema) -> list[tuple[str, str, str]]:
    items: list[dict[str, Any]] = []
    for page in conn.client.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(page["Items"])
    return [(f.status, f.rule, f.value) for f in classify(items, schema).findings()]


def _send(reader: Reader, table: str, schema: UniquenessSchema, tx: Transaction) -> None:
    """Validated, accepted by its preflight and sent, as the builder and ``transact`` do."""
    info = {table: describe_table(reader.conn, table)}
    problems = validate(tx, info, schema)
    assert not has_errors(problems), [f"{p.location()}: {p.message}" for p in problems]
    preflight = run_preflight(reader, tx, schema, info)
    assert not preflight.refused, preflight.lines()
    result = execute_transaction(reader.conn, tx, confirmation=True, schema=schema, reader=reader)
    assert result.status == "succeeded", result


def _released(tx: Transaction, schema: UniquenessSchema, value: str) -> list[str]:
    """The labels of the Deletes at the long value's lock key (none may be left)."""
    key = schema.lock_key(schema.rules[0], value)
    return [a.label for a in tx.actions if a.kind == DELETE and a.key == key]


def _says_why(label: str) -> None:
    assert "no email lock to release, as none can exist: its " in label
    assert "DynamoDB allows at most" in label


def test_the_audit_reports_the_value_as_one_to_change(case: str, conn: Connection, table: str) -> None:
    schema, value = _schema(case), CASES[case][1]
    _seed(conn, table, schema, value)
    assert _audit(conn, table, schema) == [(MISSING_LOCK, "email", schema.rules[0].form_of(value))]


def test_change_email_to_a_shorter_value(case: str, conn: Connection, reader: Reader, table: str) -> None:
    schema, value = _schema(case), CASES[case][1]
    account = _seed(conn, table, schema, value)
    tx = templates.change_value(schema, table, account, "email", SHORT)
    _send(reader, table, schema, tx)
    assert not _released(tx, schema, value)
    _says_why(tx.actions[-1].label)
    assert _audit(conn, table, schema) == []


def test_delete_the_account(case: str, conn: Connection, reader: Reader, table: str) -> None:
    schema, value = _schema(case), CASES[case][1]
    tx = templates.delete_account(schema, table, _seed(conn, table, schema, value))
    _send(reader, table, schema, tx)
    assert not _released(tx, schema, value)
    _says_why(tx.actions[0].label)
    assert len(tx.actions) == 2  # the account and its username lock
    assert _audit(conn, table, schema) == []
    assert conn.client.scan(TableName=table)["Items"] == []


def test_edit_the_account_in_the_items_view(case: str, conn: Connection, reader: Reader, table: str) -> None:
    schema, value = _schema(case), CASES[case][1]
    account = _seed(conn, table, schema, value)
    info: TableInfo = describe_table(conn, table)
    tx = templates.edit_account(schema, info, account, {**account, "email": s(SHORT), "note": s("hi")})
    _send(reader, table, schema, tx)
    assert not _released(tx, schema, value)
    _says_why(tx.actions[0].label)
    assert _audit(conn, table, schema) == []


def test_edit_that_also_moves_the_account_to_another_key(case: str, conn: Connection, reader: Reader,
                                                         table: str) -> None:
    schema, value = _schema(case), CASES[case][1]
    account = _seed(conn, table, schema, value)
    tx = templates.edit_account(schema, describe_table(conn, table), account,
                                {**account, **account_key("a9"), "email": s(SHORT)})
    _send(reader, table, schema, tx)
    assert not _released(tx, schema, value)
    _says_why(tx.actions[1].label)  # the account's Put under its new key
    assert _audit(conn, table, schema) == []


def test_staged_cell_edits_of_the_account(case: str, conn: Connection, reader: Reader, table: str) -> None:
    schema, value = _schema(case), CASES[case][1]
    account = _seed(conn, table, schema, value)
    info = describe_table(conn, table)
    staged = StagedEdits()
    staged.stage(info, account, "email", s(SHORT), schema=schema)
    tx = build_transaction(staged, {table: info}, schema)
    _send(reader, table, schema, tx)
    assert not _released(tx, schema, value)
    _says_why(tx.actions[-1].label)
    assert _audit(conn, table, schema) == []


def test_resolve_a_duplicate_of_a_value_no_lock_can_exist_for(case: str, conn: Connection, reader: Reader,
                                                               table: str) -> None:
    """Neither a check nor a claim of the kept value's lock is built: the transaction is valid,
    and passes its own preflight: the kept account's value is left without a lock as before (the
    audit folded that into the duplicate), which only changing that value fixes."""
    schema, value = _schema(case), CASES[case][1]
    keep = _seed(conn, table, schema, value)
    other = _seed(conn, table, schema, value, acct="a2", username="bob")
    info = {table: describe_table(conn, table)}
    key = schema.lock_key(schema.rules[0], value)
    for kept_lock in (True, False):
        tx = templates.resolve_duplicate(schema, table, keep, other, "email", SHORT, kept_lock=kept_lock)
        assert all(a.key != key and a.item != key for a in tx.actions)
        what = "check" if kept_lock else "claim"
        assert f"no email lock to {what}, as none can exist" in tx.actions[0].label
        assert not has_errors(validate(tx, info, schema))
    preflight = run_preflight(reader, tx, schema, info)
    assert not preflight.refused and not preflight.warnings
    form = schema.rules[0].form_of(value)
    assert [(p.value, p.status_after) for p in preflight.pairs if p.rule == "email" and p.value == form] == [
        (form, MISSING_LOCK)]  # said, not hidden
    sent = execute_transaction(conn, tx, confirmation=True, schema=schema, reader=reader)
    assert sent.status == "succeeded"
    assert _audit(conn, table, schema) == [(MISSING_LOCK, "email", schema.rules[0].form_of(value))]
    # The audit's advice for what is left, the kept account's change, now goes through.
    kept = conn.client.get_item(TableName=table, Key=account_key("a1"), ConsistentRead=True)["Item"]
    _send(reader, table, schema, templates.change_value(schema, table, kept, "email", "kept@x.io"))
    assert _audit(conn, table, schema) == []


#: OneTable's scoped unique field: the scope is part of the lock key, so moving tenant can take a
#: value no lock could exist for (a long tenant id) to one whose lock fits.
SCOPED = UniquenessSchema(pk_name="pk", sk_name="sk", account_pk_prefix="user#", account_sk_value="user#",
                          rules=(LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#",
                                          scope="${tenantId}"),))


@pytest.fixture
def tenants(conn: Connection) -> Iterator[str]:
    name = f"unlockable-scope-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    try:
        yield name
    finally:
        conn.client.delete_table(TableName=name)


def test_change_scope_away_from_a_tenant_too_long_to_lock_in(conn: Connection, reader: Reader,
                                                             tenants: str) -> None:
    email, tenant = "z" * 1950 + "@x.io", "t" * 100  # form 2,081 bytes in its key; 1,982 in tenant b
    account = {"pk": s("user#u1"), "sk": s("user#"), "tenantId": s(tenant), "email": s(email)}
    conn.client.put_item(TableName=tenants, Item=account)
    old_form = templates.lock_value(SCOPED.rules[0], account, email)
    assert _audit(conn, tenants, SCOPED) == [(MISSING_LOCK, "email", old_form)]
    tx = templates.change_scope(SCOPED, tenants, account, "tenantId", "b")
    assert all(a.key != SCOPED.lock_key(SCOPED.rules[0], old_form) for a in tx.actions)
    _says_why(tx.actions[-1].label)
    _send(reader, tenants, SCOPED, tx)
    assert _audit(conn, tenants, SCOPED) == []
