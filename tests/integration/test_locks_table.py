"""Locks in a table of their own (the "uniques table" pattern), on moto and DynamoDB Local:
the audit pairs two real tables and names every broken case exactly."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.audit.two_tables import run_two_table_audit
from dynoview.core.errors import DynoViewError
from dynoview.core.preflight.check import Preflight, run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import OK
from dynoview.core.uniqueness.schema import LocksTable
from tests.integration.locks_table_seed import FINDINGS, HEALTHY, TwoTables, seeded_two_tables

pytestmark = pytest.mark.integration


@pytest.fixture
def two(conn: Connection) -> Iterator[TwoTables]:
    with seeded_two_tables(conn) as tables:
        yield tables


def found(findings: list) -> set[tuple[str, str | None, str | None, tuple[str, ...]]]:
    return {(f.status, f.rule, f.value, f.account_ids) for f in findings}


@pytest.mark.parametrize("fast_parse", [True, False])
def test_audit_pairs_the_two_tables(conn: Connection, reader: Reader, two: TwoTables,
                                    fast_parse: bool) -> None:
    users, uniques = describe_table(conn, two.users), describe_table(conn, two.uniques)
    result = run_two_table_audit(reader, users, uniques, two.schema, segments=2, consistent=True,
                                 fast_parse=fast_parse)
    assert found(result.findings) == FINDINGS
    assert result.counts[OK] == HEALTHY
    assert result.items_read == 15 and result.pairing.other_items == 0
    assert result.table == two.users and result.schema == two.schema and result.complete
    orphan = next(f for f in result.findings if f.status == "ORPHAN_LOCK")
    assert orphan.lock_keys == ({"pk": {"S": "email#ghost@x.io"}},)  # the locks table's key
    missing = next(f for f in result.findings if f.status == "MISSING_LOCK")
    assert missing.account_keys == ({"ID": {"S": "bob"}},)
    assert {r.table for r in result.receipts} == {two.users, two.uniques}
    rows = {(r.kind, r.account_id): r for r in result.pairing.rows()}
    assert rows[("account", "ada")].cells["email"].lock_key == {"pk": {"S": "email#ada@x.io"}}


def test_audit_with_worker_processes(conn: Connection, reader: Reader, two: TwoTables) -> None:
    # The window's path for large tables: pages classified in other processes, both tables.
    users, uniques = describe_table(conn, two.users), describe_table(conn, two.uniques)
    result = run_two_table_audit(reader, users, uniques, two.schema, segments=2, workers=2)
    assert result.workers == 2
    assert found(result.findings) == FINDINGS and result.counts[OK] == HEALTHY


def test_audit_refuses_a_locks_table_that_cannot_hold_the_keys(conn: Connection, reader: Reader,
                                                             two: TwoTables) -> None:
    users, uniques = describe_table(conn, two.users), describe_table(conn, two.uniques)
    wrong = dataclasses.replace(two.schema, locks=LocksTable(two.uniques, "key", None))
    with pytest.raises(DynoViewError, match=r"keyed on pk: set locks_table\.pk_name to pk"):
        run_two_table_audit(reader, users, uniques, wrong)
    same = dataclasses.replace(two.schema, locks=LocksTable(two.users, "ID", None))
    with pytest.raises(DynoViewError, match="the accounts' own table"):
        run_two_table_audit(reader, users, users, same)


@pytest.mark.parametrize(("value", "status", "accounts"), [
    ("ghost@x.io", "ORPHAN_LOCK", []),
    ("bob@x.io", "MISSING_LOCK", ["bob"]),
    ("carol@x.io", "DUPLICATE_VALUE", ["carol1", "carol2"]),
    ("Dan@x.io", "CASE_CLASH", ["dan"]),
    ("ada@x.io", "OK", ["ada"]),
    ("nobody@x.io", "FREE", []),
])
def test_diagnose_reads_the_lock_from_the_locks_table(conn: Connection, reader: Reader, two: TwoTables,
                                                      value: str, status: str,
                                                      accounts: list[str]) -> None:
    users, uniques = describe_table(conn, two.users), describe_table(conn, two.uniques)
    d = diagnose(reader, users, two.schema, "email", value, locks_table=uniques, use_stream=False)
    assert (d.status, sorted(d.account_ids)) == (status, accounts), d.sentence
    assert d.lock_key == {"pk": {"S": f"email#{d.stored}"}}
    assert (d.lock_item is not None) == (status in ("ORPHAN_LOCK", "DUPLICATE_VALUE", "OK", "CASE_CLASH"))
    gets = {r.table for r in d.receipts if r.operation == "GetItem"}
    assert gets == {two.uniques}  # every lock read from the locks table, by its key


def test_diagnose_describes_the_locks_table_itself(conn: Connection, reader: Reader,
                                                  two: TwoTables) -> None:
    users = describe_table(conn, two.users)
    d = diagnose(reader, users, two.schema, "email", "ada@x.io", use_stream=False)
    assert d.status == "OK" and d.lock_item == {"pk": {"S": "email#ada@x.io"}}
    with pytest.raises(DynoViewError, match=f"keeps its locks in table {two.uniques}, not {two.users}"):
        diagnose(reader, users, two.schema, "email", "ada@x.io", locks_table=users)


def _preflight(conn: Connection, reader: Reader, two: TwoTables, tx: Transaction) -> Preflight:
    infos = {t: describe_table(conn, t) for t in (two.users, two.uniques)}
    return run_preflight(reader, tx, two.schema, infos)


def _account(conn: Connection, two: TwoTables, acct: str) -> dict:
    return conn.client.get_item(TableName=two.users, Key={"ID": {"S": acct}})["Item"]


def test_preflight_refuses_an_account_write_that_leaves_its_lock_behind(
        conn: Connection, reader: Reader, two: TwoTables) -> None:
    # ada's email changed in the accounts table only: ada2@x.io unlocked, ada@x.io orphaned.
    tx = Transaction(actions=[Action(kind=UPDATE, table=two.users, key={"ID": {"S": "ada"}},
                                     update="SET email = :e", values={":e": {"S": "ada2@x.io"}})])
    pre = _preflight(conn, reader, two, tx)
    assert {(r.status, r.value) for r in pre.refusals} == {
        ("MISSING_LOCK", "ada2@x.io"), ("ORPHAN_LOCK", "ada@x.io")}
    # The suggestion writes the locks in the locks table, and passed its own preflight.
    suggestion = next(r.suggestion for r in pre.refusals if r.suggestion is not None)
    assert {(a.kind, a.table) for a in suggestion.actions} >= {(PUT, two.uniques), (DELETE, two.uniques)}


def test_preflight_refuses_releasing_a_held_lock_in_the_locks_table(
        conn: Connection, reader: Reader, two: TwoTables) -> None:
    tx = Transaction(actions=[templates.lock_delete(two.schema, two.users, two.schema.rule("email"),
                                                    "ada@x.io")])
    assert tx.actions[0].table == two.uniques and tx.actions[0].key == {"pk": {"S": "email#ada@x.io"}}
    pre = _preflight(conn, reader, two, tx)
    assert [(r.status, r.value, r.action) for r in pre.refusals] == [("MISSING_LOCK", "ada@x.io", 0)]


def test_preflight_passes_the_templates_that_span_both_tables(
        conn: Connection, reader: Reader, two: TwoTables, tmp_path: Path) -> None:
    change = templates.change_value(two.schema, two.users, _account(conn, two, "ada"), "email", "ada2@x.io")
    assert [(a.kind, a.table) for a in change.actions] == [
        (PUT, two.uniques), (DELETE, two.uniques), (UPDATE, two.users)]
    assert not _preflight(conn, reader, two, change).refused
    erin = {"ID": {"S": "erin"}, "email": {"S": "erin@x.io"}, "username": {"S": "erin"}}
    signup = templates.sign_up(two.schema, two.users, erin)
    assert [a.table for a in signup.actions] == [two.users, two.uniques, two.uniques]
    assert signup.actions[1].item == {"pk": {"S": "email#erin@x.io"}}
    assert not _preflight(conn, reader, two, signup).refused
    # Sending it writes the account and both locks: the audit then finds erin healthy.
    sent = execute_transaction(conn, signup, confirmation=True, schema=two.schema,
                               log=ActionLog(tmp_path / "actions.jsonl"))
    assert sent.written, sent.message
    taken = templates.sign_up(two.schema, two.users, {**erin, "ID": {"S": "erin2"},
                                                      "username": {"S": "erin2"}})
    pre = _preflight(conn, reader, two, taken)
    assert [(r.status, r.value) for r in pre.refusals] == [("DUPLICATE_VALUE", "erin@x.io")]
    delete = templates.delete_account(two.schema, two.users, _account(conn, two, "erin"))
    assert [a.table for a in delete.actions] == [two.users, two.uniques, two.uniques]
    assert not _preflight(conn, reader, two, delete).refused


def test_preflight_of_a_lock_alone_reads_the_accounts_table_itself(
        conn: Connection, reader: Reader, two: TwoTables) -> None:
    # The caller described only the locks table (the one the transaction touches): the
    # preflight still looks up who holds the value in the accounts table.
    tx = Transaction(actions=[templates.lock_delete(two.schema, two.users, two.schema.rule("email"),
                                                    "ada@x.io")])
    pre = run_preflight(reader, tx, two.schema, {two.uniques: describe_table(conn, two.uniques)})
    assert [(r.status, r.value) for r in pre.refusals] == [("MISSING_LOCK", "ada@x.io")]
    # Releasing the orphan passes: nobody holds ghost@x.io.
    release = Transaction(actions=[templates.lock_delete(two.schema, two.users, two.schema.rule("email"),
                                                         "ghost@x.io")])
    pre = run_preflight(reader, release, two.schema, {two.uniques: describe_table(conn, two.uniques)})
    assert not pre.refused and [(p.status_before, p.status_after) for p in pre.pairs] == [
        ("ORPHAN_LOCK", "FREE")]


def test_preflight_refuses_a_lock_whose_accounts_table_is_unknown(
        conn: Connection, reader: Reader, two: TwoTables) -> None:
    assert two.schema.locks is not None
    unknown = dataclasses.replace(two.schema, locks=dataclasses.replace(two.schema.locks,
                                                                        accounts_table=None))
    tx = Transaction(actions=[templates.lock_delete(unknown, two.users, unknown.rule("email"), "ghost@x.io")])
    pre = run_preflight(reader, tx, unknown, {two.uniques: describe_table(conn, two.uniques)})
    assert [(r.action, r.value) for r in pre.refusals] == [(0, "ghost@x.io")]
    assert "does not say which table holds its accounts" in pre.refusals[0].message
