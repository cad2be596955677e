"""The invariant preflight against a seeded copy of the demo table over HTTP."""

from __future__ import annotations

import pytest

from dynoview.core.preflight.check import FREE, run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key as _acct
from tests.helpers import lock_key as _lock
from tests.helpers import s as _s

pytestmark = pytest.mark.integration


SCHEMA = article_schema(email_index="email-index")


def _run(reader: Reader, table: str, tx: Transaction):
    info = describe_table(reader.conn, table)
    return run_preflight(reader, tx, SCHEMA, {table: info})


def test_update_email_without_locks_is_refused(reader: Reader, accounts_table: str) -> None:
    tx = Transaction([Action("Update", accounts_table, key=_acct("a1f9c3"), update="SET #e = :e",
                             names={"#e": "email"}, values={":e": _s("ada@new.io")})])
    result = _run(reader, accounts_table, tx)
    assert result.refused
    statuses = {(p.rule, p.value): p.status_after for p in result.pairs}
    assert statuses[("email", "ada@new.io")] == MISSING_LOCK
    assert statuses[("email", "ada@lovelace.io")] == ORPHAN_LOCK
    messages = " ".join(r.message for r in result.refusals)
    assert "ACCT#a1f9c3" in messages and "ada@new.io" in messages and "Change email" in messages
    change = next(r for r in result.refusals if r.suggestion is not None)
    assert change.template == "change_value"
    # The suggested transaction is the guarded template, and it passes the preflight.
    assert not _run(reader, accounts_table, change.suggestion).refused


def test_put_account_on_a_taken_email_is_refused(reader: Reader, accounts_table: str) -> None:
    item = {**_acct("ffff01"), "email": _s("grace@hopper.dev"), "username": _s("newbie")}
    tx = templates.sign_up(SCHEMA, accounts_table, item)
    tx.actions = [a for a in tx.actions if "HANDLE" in str(a.item.get("PK")) or a.label == "account"]
    result = _run(reader, accounts_table, tx)
    assert result.refused
    dup = next(p for p in result.pairs if p.value == "grace@hopper.dev")
    assert dup.status_after == DUPLICATE_VALUE
    assert set(dup.holders_after) == {"ACCT#b27d10", "ACCT#ffff01"}
    assert any("ACCT#b27d10" in r.message for r in result.refusals)


def test_delete_account_leaving_locks_is_refused(reader: Reader, accounts_table: str) -> None:
    tx = Transaction([Action("Delete", accounts_table, key=_acct("c3e511"))])
    result = _run(reader, accounts_table, tx)
    assert result.refused
    assert {r.value for r in result.refusals} == {"alan@turing.uk", "alan"}
    assert {r.template for r in result.refusals} == {"delete_account"}
    suggestion = result.refusals[0].suggestion
    assert suggestion is not None and len(suggestion.actions) == 3
    assert not _run(reader, accounts_table, suggestion).refused


def test_delete_of_a_held_lock_is_refused(reader: Reader, accounts_table: str) -> None:
    tx = Transaction([Action("Delete", accounts_table, key=_lock("EMAIL", "ada@lovelace.io"))])
    result = _run(reader, accounts_table, tx)
    assert result.refused
    (refusal,) = result.refusals
    assert refusal.action == 0 and "ACCT#a1f9c3" in refusal.message and "missing lock" in refusal.message


def test_correct_templates_pass(reader: Reader, accounts_table: str) -> None:
    ada = reader.get_item(accounts_table, _acct("a1f9c3"))
    assert ada is not None
    change = templates.change_value(SCHEMA, accounts_table, ada, "email", "ada@analytical.engine")
    result = _run(reader, accounts_table, change)
    assert not result.refused, [r.message for r in result.refusals]
    after = {(p.rule, p.value): p.status_after for p in result.pairs}
    assert after[("email", "ada@analytical.engine")] == OK
    assert after[("email", "ada@lovelace.io")] == FREE
    assert any("held by ACCT#a1f9c3 ✓" in line for line in result.lines())

    signup = templates.sign_up(SCHEMA, accounts_table, {**_acct("abc123"), "email": _s("new@x.io"),
                                                        "username": _s("newx")})
    assert not _run(reader, accounts_table, signup).refused


def test_repairs_pass(reader: Reader, accounts_table: str) -> None:
    release = templates.release_orphan_lock(SCHEMA, accounts_table, _lock("EMAIL", "ken@thompson.dev"))
    result = _run(reader, accounts_table, release)
    assert not result.refused and len(result.repairs) == 1
    linus = reader.get_item(accounts_table, _acct("1d2e3f"))
    assert linus is not None
    claim = templates.claim_missing_lock(SCHEMA, accounts_table, linus, "username")
    result = _run(reader, accounts_table, claim)
    assert not result.refused and [p.status_before for p in result.repairs] == [MISSING_LOCK]


def test_unrelated_writes_are_not_checked(reader: Reader, accounts_table: str) -> None:
    tx = Transaction([Action("Put", accounts_table, item={"PK": _s("SESSION#x"), "SK": _s("SESSION")})])
    result = _run(reader, accounts_table, tx)
    assert not result.checked and not result.refused


def test_update_of_an_unpredictable_protected_value_is_refused(reader: Reader, accounts_table: str) -> None:
    tx = Transaction([Action("Update", accounts_table, key=_acct("a1f9c3"),
                             update="SET email = list_append(email, :l)",
                             values={":l": {"L": []}})])
    assert _run(reader, accounts_table, tx).refused


def test_added_guards_make_the_transaction_its_own_guard(reader: Reader, accounts_table: str) -> None:
    from dynoview.core.preflight.guards import add_guards
    from dynoview.core.tx.execution import execute_transaction

    ada = reader.get_item(accounts_table, _acct("a1f9c3"))
    assert ada is not None
    # A hand-written change of email with no conditions at all.
    tx = Transaction([
        Action("Put", accounts_table, item=_lock("EMAIL", "ada@guarded.io")),
        Action("Delete", accounts_table, key=_lock("EMAIL", "ada@lovelace.io")),
        Action("Update", accounts_table, key=_acct("a1f9c3"), update="SET #e = :e",
               names={"#e": "email"}, values={":e": _s("ada@guarded.io")}),
    ])
    result = _run(reader, accounts_table, tx)
    assert not result.refused
    guarded, guards = add_guards(tx, SCHEMA, result.seen)
    assert [g.index for g in guards] == [0, 1, 2]
    assert guarded.actions[0].condition == "attribute_not_exists(#pf0)"
    assert guarded.actions[1].condition == "attribute_exists(#pf0)"
    assert guarded.actions[2].condition == "#e = :pf0"
    assert guarded.actions[2].values[":pf0"] == _s("ada@lovelace.io")
    assert guards[2].text.startswith("email = ada@lovelace.io")
    assert tx.actions[2].condition == ""  # the original is left as it was
    # Someone changes ada's email between the preflight and the send: the guard cancels it.
    reader.conn.client.update_item(TableName=accounts_table, Key=_acct("a1f9c3"),
                                   UpdateExpression="SET email = :e",
                                   ExpressionAttributeValues={":e": _s("ada@raced.io")})
    outcome = execute_transaction(reader.conn, guarded, confirmation=True, schema=SCHEMA, reader=reader)
    assert outcome.status == "cancelled"
    assert reader.get_item(accounts_table, _lock("EMAIL", "ada@guarded.io")) is None
