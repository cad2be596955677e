"""The lock of the exact spelling an account holds, deleted inside a case clash: the audit folds
the missing lock into the clash, but the other spelling's lock does not guard that spelling (a
guarded sign-up with it passes: a duplicate), so the preflight refuses it (``compare.exposed``,
``refusals``). Releasing a spelling no account holds, or moving the account to the kept
spelling in the same transaction, still passes. On a stub reader, the table read whole and (too
large for that) by point reads and index lookups."""

from __future__ import annotations

from typing import Any, cast

import pytest

from dynoview.core.preflight import compare
from dynoview.core.preflight.check import Preflight, run_preflight
from dynoview.core.preflight.model import Forms
from dynoview.core.reads.reader import Reader
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import CASE_CLASH, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import UniquenessSchema
from tests.unit.core.preflight.stub_reader import (
    INDEXED_SCHEMA,
    SCHEMA,
    TABLE,
    StubReader,
    acct,
    lock,
    table_info,
)

#: Two accounts, one spelling each, each with its own lock: a case clash the audit reports.
ANN = [acct("a1", "Ann@x.com"), lock("EMAIL", "Ann@x.com"),
       acct("a2", "ann@x.com"), lock("EMAIL", "ann@x.com")]
#: One account with its lock, and a lock of another spelling no account holds (the demo's margaret).
MARGARET = [acct("m1", "margaret@x.io"), lock("EMAIL", "margaret@x.io"), lock("EMAIL", "Margaret@x.io")]

READS = pytest.mark.parametrize("whole", [True, False], ids=["whole", "lookups"])


def preflight(items: list[dict[str, Any]], tx: Transaction, whole: bool = True) -> Preflight:
    schema: UniquenessSchema = SCHEMA if whole else INDEXED_SCHEMA
    info = table_info() if whole else table_info(item_count=10**7, email_index=True)
    return run_preflight(cast(Reader, StubReader(items)), tx, schema, {TABLE: info})


def delete(item: dict[str, Any]) -> Action:
    return Action("Delete", TABLE, key={"PK": item["PK"], "SK": item["SK"]})


def set_email(acct_id: str, old: str, new: str) -> Action:
    return Action("Update", TABLE, key={"PK": {"S": f"ACCT#{acct_id}"}, "SK": {"S": "PROFILE"}},
                  update="SET email = :n", condition="email = :o",
                  values={":n": {"S": new}, ":o": {"S": old}})


# ------------------------------------------------------------------ compare.exposed


def _forms(**spellings: tuple[tuple[str, ...], bool]) -> Forms:
    return {"email": dict(spellings)}


def test_exposed_names_a_held_spelling_whose_lock_is_gone() -> None:
    before = _forms(a=(("ACCT#a2",), True), b=(("ACCT#a1",), True))
    gone = _forms(a=(("ACCT#a2",), False), b=(("ACCT#a1",), True))
    assert compare.exposed(before, gone, {"email": {"a", "b"}}, {}) == [("email", "a")]
    # Already refused as a missing lock: not twice.
    assert compare.exposed(before, gone, {"email": {"a"}}, {("email", "a"): [MISSING_LOCK]}) == []
    # Not in play: not this transaction's business.
    assert compare.exposed(before, gone, {"email": {"b"}}, {}) == []


def test_exposed_leaves_out_what_is_no_new_missing_lock() -> None:
    before = _forms(a=(("ACCT#a2",), True), b=((), True))
    moved = _forms(b=(("ACCT#a2",), True))  # the account moved to the other spelling
    assert compare.exposed(before, moved, {"email": {"a", "b"}}, {}) == []
    orphan_released = _forms(a=(("ACCT#a2",), True))  # the spelling no account held
    assert compare.exposed(before, orphan_released, {"email": {"a", "b"}}, {}) == []
    never_locked = _forms(a=(("ACCT#a2",), False), b=((), True))
    arrived = _forms(a=(("ACCT#a2",), False), b=((), True))
    assert compare.exposed(never_locked, arrived, {"email": {"a"}}, {}) == []


# ------------------------------------------------------------------ the refusal


@READS
def test_deleting_an_accounts_own_lock_in_a_clash_is_refused(whole: bool) -> None:
    # a1's own lock deleted: the lookups probe "ann@x.com" too, so both reads see the clash.
    result = preflight(ANN, Transaction([delete(lock("EMAIL", "Ann@x.com"))]), whole)
    (refusal,) = result.refusals
    assert refusal.status == MISSING_LOCK and refusal.action == 0 and refusal.value == "Ann@x.com"
    assert refusal.message.startswith(
        "Action 1: ACCT#a1 still holds email Ann@x.com, exactly this spelling, so its lock "
        "UNIQ#EMAIL#Ann@x.com must stay: the lock of ann@x.com (the other spelling in the case clash) "
        "does not guard it, and without its own lock anyone could sign up with exactly Ann@x.com")
    # The kept spelling is another account's: moving a1 there is refused too, and it says why.
    assert "changing it to ann@x.com is refused too (ann@x.com is held by ACCT#a2" in refusal.message
    assert refusal.suggestion is None
    (pair,) = [p for p in result.pairs if p.value == "Ann@x.com"]
    assert pair.breaks and pair.worse and pair.status_after == CASE_CLASH
    assert pair.line() == ("after: ACCT#a1 holds email Ann@x.com with no lock of its own ✗ missing lock "
                           "(the lock of ann@x.com does not guard it)")
    assert result.summary().startswith("Refused by the preflight")
    assert not [n for n in result.notes if "audit reports" in n]  # no "so it is not refused" note


def test_the_tester_case_deleting_the_lowercase_lock_is_refused() -> None:
    result = preflight(ANN, Transaction([delete(lock("EMAIL", "ann@x.com"))]))
    (refusal,) = result.refusals
    assert refusal.status == MISSING_LOCK and refusal.value == "ann@x.com"
    assert "ACCT#a2 still holds email ann@x.com, exactly this spelling" in refusal.message


@READS
def test_the_refusal_offers_moving_the_account_to_the_kept_spelling(whole: bool) -> None:
    # The lookups probe a value's lower-case spelling: there the capitalised one is held.
    held, kept = ("margaret@x.io", "Margaret@x.io") if whole else ("Margaret@x.io", "margaret@x.io")
    items = [acct("m1", held), lock("EMAIL", held), lock("EMAIL", kept)]
    tx = Transaction([delete(lock("EMAIL", held))])
    (refusal,) = preflight(items, tx, whole).refusals
    assert refusal.status == MISSING_LOCK and refusal.template == "change_value"
    assert refusal.message.endswith(
        f"To keep one spelling, change ACCT#m1's email to {kept} in the same transaction: use this "
        f"transaction with ACCT#m1's guarded Update to {kept} added.")
    suggestion = refusal.suggestion
    assert suggestion is not None and suggestion.token != tx.token
    assert [a.kind for a in suggestion.actions] == ["Delete", "Update"]
    update = suggestion.actions[1].to_request()["Update"]
    assert list(update["ExpressionAttributeValues"].values()) == [{"S": kept}, {"S": held}]  # new, guard
    checked = preflight(items, suggestion, whole)
    assert not checked.refused
    # Looked up by index, a released lock's other spellings are not all seen: a warning, no refusal.
    assert {w.status for w in checked.warnings} == (set() if whole else {"UNSEEN_HOLDER"})


def test_a_second_write_of_the_holder_is_not_suggested() -> None:
    # The transaction writes the holder already: one more Update of it DynamoDB would refuse.
    tx = Transaction([delete(lock("EMAIL", "margaret@x.io")),
                      Action("Update", TABLE, key={"PK": {"S": "ACCT#m1"}, "SK": {"S": "PROFILE"}},
                             update="SET displayName = :d", values={":d": {"S": "M"}})])
    refusals = [r for r in preflight(MARGARET, tx).refusals if r.status == MISSING_LOCK]
    (refusal,) = refusals
    assert refusal.suggestion is None
    assert "Keep the lock, or change ACCT#m1's email in the same transaction" in refusal.message


# ------------------------------------------------------------------ what still passes


def test_releasing_the_spelling_no_account_holds_passes() -> None:
    result = preflight(MARGARET, Transaction([delete(lock("EMAIL", "Margaret@x.io"))]))
    assert not result.refused and not result.warnings and len(result.repairs) == 1


def test_deleting_the_lock_while_moving_the_account_to_the_other_spelling_passes() -> None:
    tx = Transaction([delete(lock("EMAIL", "margaret@x.io")),
                      set_email("m1", "margaret@x.io", "Margaret@x.io")])
    result = preflight(MARGARET, tx)
    assert not result.refused and not result.warnings
    assert result.summary().startswith("Preflight passed")


def test_the_other_folded_symptoms_stay_notes() -> None:
    # A lone lock of another spelling of a held value: an orphan the audit folds into a new clash.
    items = [acct("m1", "mallory@x.io")]
    result = preflight(items, Transaction([Action("Put", TABLE, item=lock("EMAIL", "Mallory@x.io"))]))
    assert not result.refused and [w.status for w in result.warnings] == [CASE_CLASH]
    assert any(n.startswith("Lock UNIQ#EMAIL#Mallory@x.io would be held by no account") and
               f"not as an {ORPHAN_LOCK.replace('_', ' ').lower()}" in n for n in result.notes)
