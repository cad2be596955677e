"""The preflight is the audit of the after-state (issue 21): a seeded copy of the demo table over
HTTP, on moto and on DynamoDB Local.

Whatever the audit flags after a write, the preflight flags before it: a new breaking finding
refuses, a new warning needs confirmation; every right transaction it offers passes its own
preflight, and where none exists it says so and lists the choices.
"""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.preflight.check import Preflight, run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    Finding,
)
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key as _acct
from tests.helpers import lock_key as _lock
from tests.helpers import s as _s

pytestmark = pytest.mark.integration


SCHEMA = article_schema(email_index="email-index")  # the demo's: email normalisation "none"


def _run(reader: Reader, table: str, tx: Transaction) -> Preflight:
    return run_preflight(reader, tx, SCHEMA, {table: describe_table(reader.conn, table)})


def _audit(reader: Reader, table: str) -> list[Finding]:
    """The live audit's engine over the whole table (a consistent Scan)."""
    items: list[dict[str, Any]] = []
    for page in reader.conn.client.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(page["Items"])
    return classify(items, SCHEMA).findings()


def _send(reader: Reader, tx: Transaction) -> str:
    return execute_transaction(reader.conn, tx, confirmation=True, schema=SCHEMA, reader=reader).status


def _lone_lock(table: str, value: str) -> Transaction:
    return Transaction([Action("Put", table, item=_lock("EMAIL", value), condition="attribute_not_exists(#p)",
                               names={"#p": "PK"})])


def test_a_signup_with_a_case_variant_is_a_warning_the_audit_then_lists(reader: Reader,
                                                                         accounts_table: str) -> None:
    tx = templates.sign_up(SCHEMA, accounts_table, {**_acct("ada2acct"), "email": _s("ADA@Lovelace.io"),
                                                    "username": _s("ada2")})
    result = _run(reader, accounts_table, tx)
    assert not result.refused and result.needs_confirmation
    assert "every account keeps its locks" not in result.summary()
    (warning,) = result.warnings
    assert warning.status == CASE_CLASH and warning.rule == "email" and warning.action == 0
    assert set(warning.forms) == {"ADA@Lovelace.io", "ada@lovelace.io"}
    assert set(warning.accounts) == {"ACCT#a1f9c3", "ACCT#ada2acct"}
    assert "ACCT#a1f9c3" in warning.message and "confirm" in warning.message
    assert any("⚠ case or normalisation clash" in line for line in result.lines())
    # Sent anyway: the audit lists the very clash the preflight warned of, and nothing else new.
    before = {(f.status, f.rule, f.value) for f in _audit(reader, accounts_table)}
    assert _send(reader, tx) == "succeeded"
    new = {(f.status, f.rule, f.value) for f in _audit(reader, accounts_table)} - before
    assert new == {(CASE_CLASH, "email", warning.value)}


def test_a_lookalike_signup_is_a_warning(reader: Reader, accounts_table: str) -> None:
    cyrillic = "\u0430da@lovelace.io"  # a Cyrillic а before "da@lovelace.io"
    tx = templates.sign_up(SCHEMA, accounts_table, {**_acct("fake01"), "email": _s(cyrillic),
                                                    "username": _s("ada-real")})
    result = _run(reader, accounts_table, tx)
    assert not result.refused
    assert [w.status for w in result.warnings] == [LOOKALIKE_CLASH]
    assert "ACCT#a1f9c3" in result.warnings[0].message


def test_a_lone_lock_is_refused_and_no_right_transaction_is_offered(reader: Reader,
                                                                    accounts_table: str) -> None:
    result = _run(reader, accounts_table, _lone_lock(accounts_table, "mallory@example.com"))
    (refusal,) = result.refusals
    assert refusal.status == ORPHAN_LOCK and refusal.action == 0
    assert refusal.suggestion is None and refusal.template is None
    assert "No right transaction" in refusal.message and "mallory@example.com" in refusal.message
    assert [c.text for c in refusal.choices] == [
        "write it together with the account that is to hold email mallory@example.com (the Sign up "
        "template for a new account, the Change email template for an existing one)",
        "do not write it (this transaction has nothing else to send)"]
    assert all(c.suggestion is None for c in refusal.choices)


def test_a_lone_lock_of_another_spelling_is_the_clash_the_audit_then_lists(reader: Reader,
                                                                            accounts_table: str) -> None:
    # mallory holds her email without its lock; someone writes the lock of a capitalised
    # spelling: the audit folds that orphan into a new case clash, so the preflight warns.
    reader.conn.client.put_item(TableName=accounts_table, Item={**_acct("ma1101"),
                                                                 "email": _s("mallory@example.com")})
    tx = _lone_lock(accounts_table, "Mallory@example.com")
    result = _run(reader, accounts_table, tx)
    assert not result.refused and result.needs_confirmation
    (warning,) = result.warnings
    assert warning.status == CASE_CLASH and set(warning.accounts) == {"ACCT#ma1101"}
    assert any("not as a orphan lock" in n or "not as an orphan lock" in n for n in result.notes)
    before = {(f.status, f.rule, f.value) for f in _audit(reader, accounts_table)}
    assert _send(reader, tx) == "succeeded"
    after = {(f.status, f.rule, f.value) for f in _audit(reader, accounts_table)}
    assert after - before == {(CASE_CLASH, "email", "mallory@example.com")}


def test_changing_email_to_a_held_address_says_who_holds_it(reader: Reader, accounts_table: str) -> None:
    ada = reader.get_item(accounts_table, _acct("a1f9c3"))
    assert ada is not None
    tx = templates.change_value(SCHEMA, accounts_table, ada, "email", "grace@hopper.dev")
    result = _run(reader, accounts_table, tx)
    (refusal,) = result.refusals
    assert refusal.status == DUPLICATE_VALUE and refusal.action == 2
    assert refusal.message == "Action 3: grace@hopper.dev is held by ACCT#b27d10: pick another email for " \
                              "ACCT#a1f9c3."
    assert refusal.suggestion is None and refusal.template is None
    assert "template" not in refusal.message


def test_deleting_the_held_lock_of_a_case_clash_is_refused(reader: Reader, accounts_table: str) -> None:
    # The demo's margaret holds margaret@hamilton.space; Margaret@Hamilton.space is locked too.
    # The audit folds margaret's missing lock into that clash, but the other spelling's lock does
    # not guard her exact spelling: refused (tests/integration/test_preflight_clash_own_lock.py).
    tx = Transaction([Action("Delete", accounts_table, key=_lock("EMAIL", "margaret@hamilton.space"))])
    result = _run(reader, accounts_table, tx)
    assert [r.status for r in result.refusals] == [MISSING_LOCK]
    assert not [n for n in result.notes if "audit reports" in n]
    # Releasing the other spelling is the repair: it passes, and it is no warning.
    fix = templates.release_orphan_lock(SCHEMA, accounts_table, _lock("EMAIL", "Margaret@Hamilton.space"))
    result = _run(reader, accounts_table, fix)
    assert not result.refused and not result.warnings and len(result.repairs) == 1


@pytest.mark.parametrize("case", ["update-email", "delete-account", "account-without-locks",
                                  "account-and-wrong-lock"])
def test_every_offered_transaction_passes_its_own_preflight(case: str, reader: Reader,
                                                            accounts_table: str) -> None:
    t = accounts_table
    tx = {
        "update-email": Transaction([Action("Update", t, key=_acct("a1f9c3"), update="SET email = :e",
                                            values={":e": _s("ada@elsewhere.io")})]),
        "delete-account": Transaction([Action("Delete", t, key=_acct("c3e511"))]),
        "account-without-locks": Transaction([Action("Put", t, item={**_acct("nolock"),
                                                                     "email": _s("n@x.io")})]),
        "account-and-wrong-lock": Transaction([
            Action("Put", t, item={**_acct("wrong1"), "email": _s("w@x.io"), "username": _s("w1")}),
            Action("Put", t, item=_lock("EMAIL", "other@x.io")),
            Action("Put", t, item=_lock("HANDLE", "w1"))]),
    }[case]
    result = _run(reader, t, tx)
    assert result.refused
    offered = [r.suggestion for r in result.refusals if r.suggestion is not None]
    offered += [c.suggestion for r in result.refusals for c in r.choices if c.suggestion is not None]
    assert offered, [r.message for r in result.refusals]
    for suggestion in offered:
        again = _run(reader, t, suggestion)
        assert not again.refused, [r.message for r in again.refusals]
