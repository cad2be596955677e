"""``preflight.compare``: which findings are the transaction's business and which are new harm;
the verdict on a stub reader (a new orphan refuses, an old finding does not)."""

from __future__ import annotations

from typing import Any, cast

from dynoview.core.preflight import compare
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import (
    BREAKING,
    CASE_CLASH,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    Finding,
)
from dynoview.core.uniqueness.pairing import classify
from tests.unit.core.preflight.stub_reader import ADA, SCHEMA, TABLE, StubReader, acct, lock, table_info

EMAIL = SCHEMA.rule("email")


def findings(items: list[dict[str, Any]]) -> list[Finding]:
    return classify(items, SCHEMA).findings()


def only(status: str, items: list[dict[str, Any]]) -> Finding:
    (found,) = [f for f in findings(items) if f.status == status]
    return found


# ------------------------------------------------------------------ the scope


def test_the_scope_holds_a_finding_by_value_by_clash_key_and_by_what_is_touched() -> None:
    clash = only(CASE_CLASH, [*ADA, lock("EMAIL", "Ada@x.io")])
    orphan = only(ORPHAN_LOCK, [lock("EMAIL", "zed@x.io")])
    scope = compare.Scope()
    assert not scope.holds(clash) and not scope.holds(orphan)
    scope.add(EMAIL, "ADA@X.IO")  # a third spelling: its clash key is the group's
    assert scope.holds(clash) and not scope.holds(orphan)
    touching = compare.Scope(locks={compare.lock_id(lock("EMAIL", "zed@x.io"))})
    assert touching.holds(orphan)  # the lock the transaction touches
    by_account = compare.Scope(accounts={"ACCT#a1"})
    assert by_account.holds(clash)


def test_the_scope_holds_a_lookalike_group_by_its_skeleton() -> None:
    group = only(LOOKALIKE_CLASH, [*ADA, lock("EMAIL", "\u0430da@x.io")])
    scope = compare.Scope()
    scope.add(EMAIL, "\u0430da@x.io")
    assert scope.holds(group)


def test_lock_ids_compare_keys_whatever_their_order() -> None:
    assert compare.lock_id({"PK": {"S": "a"}, "SK": {"S": "LOCK"}}) == \
        compare.lock_id({"SK": {"S": "LOCK"}, "PK": {"S": "a"}})


# ------------------------------------------------------------------ new harm


def test_a_new_orphan_lock_is_a_breaking_change() -> None:
    scope = compare.Scope()
    scope.add(EMAIL, "zed@x.io")
    (change,) = compare.changes(findings(ADA), findings([*ADA, lock("EMAIL", "zed@x.io")]), scope)
    assert change.status == ORPHAN_LOCK and change.breaking and ORPHAN_LOCK in BREAKING
    assert change.before is None


def test_an_orphan_that_was_there_already_is_no_change() -> None:
    before = [*ADA, lock("EMAIL", "zed@x.io")]
    after = [*before, acct("b1", "bob@x.io"), lock("EMAIL", "bob@x.io")]
    scope = compare.Scope()
    for value in ("zed@x.io", "bob@x.io"):
        scope.add(EMAIL, value)
    assert compare.changes(findings(before), findings(after), scope) == []


def test_about_names_a_values_own_findings_and_its_groups_only_when_present() -> None:
    after = findings([*ADA, lock("EMAIL", "Ada@x.io")])
    assert [f.status for f in compare.about(after, EMAIL, "Ada@x.io", True)] == [CASE_CLASH]
    assert compare.about(after, EMAIL, "ADA@X.IO", False) == []  # absent: not a member
    assert compare.about(after, SCHEMA.rule("username"), "Ada@x.io", True) == []


def test_holders_by_form_lists_the_members_of_one_group() -> None:
    forms = {"ada@x.io": (("ACCT#a1",), True), "Ada@x.io": ((), True), "bob@x.io": (("ACCT#b1",), True)}
    assert compare.holders_by_form(forms, EMAIL, CASE_CLASH, "ada@x.io") == {
        "Ada@x.io": (), "ada@x.io": ("ACCT#a1",)}


# ------------------------------------------------------------------ the verdict, on a stub reader


def verdict(items: list[dict[str, Any]], tx: Transaction) -> Any:
    return run_preflight(cast(Reader, StubReader(items)), tx, SCHEMA, {TABLE: table_info()})


def test_the_preflight_refuses_a_new_orphan_lock() -> None:
    result = verdict(ADA, Transaction([Action("Put", TABLE, item=lock("EMAIL", "zed@x.io"))]))
    (refusal,) = result.refusals
    assert result.refused and refusal.status == ORPHAN_LOCK and refusal.action == 0
    assert refusal.message.startswith("Action 1: lock UNIQ#EMAIL#zed@x.io would be held by no account")


def test_the_preflight_passes_a_transaction_that_leaves_an_old_orphan_as_it_was() -> None:
    items = [*ADA, lock("EMAIL", "zed@x.io")]
    result = verdict(items, templates.sign_up(SCHEMA, TABLE, acct("b1", "bob@x.io", "bob")))
    assert not result.refused and not result.warnings


def test_the_preflight_passes_the_release_of_an_orphan_as_a_repair() -> None:
    items = [*ADA, lock("EMAIL", "zed@x.io")]
    result = verdict(items, templates.release_orphan_lock(SCHEMA, TABLE, lock("EMAIL", "zed@x.io"), None))
    assert not result.refused and not result.warnings and len(result.repairs) == 1


LONG = "a" * 2100 + "@x.io"  # its lock's key would be over DynamoDB's 2,048 bytes: no lock can exist


def test_a_missing_lock_folded_into_a_duplicate_of_an_unlockable_value_is_no_change() -> None:
    """Two accounts held a value no lock can exist for; the one left with it has no lock, as
    before and for ever (a resolve of such a duplicate passes its own preflight)."""
    before = [acct("a1", LONG), acct("a2", LONG)]
    after = [acct("a1", LONG), acct("a2", "other@x.io"), lock("EMAIL", "other@x.io")]
    scope = compare.Scope(accounts={"ACCT#a2"})
    for value in (LONG, "other@x.io"):
        scope.add(EMAIL, value)
    assert compare.changes(findings(before), findings(after), scope, SCHEMA) == []


def test_a_missing_lock_left_by_a_duplicate_of_a_lockable_value_is_new_harm() -> None:
    """The same with a value that can be locked: the holder left is one account missing its lock,
    which the audit of the after state reports (the property test's counterexample: a sign-up
    that replaced one holder's item whole)."""
    before = [acct("a1", "ada@x.io"), acct("a2", "ada@x.io")]
    after = [acct("a1", "ada@x.io"), acct("a2", "other@x.io"), lock("EMAIL", "other@x.io")]
    scope = compare.Scope(accounts={"ACCT#a2"})
    for value in ("ada@x.io", "other@x.io"):
        scope.add(EMAIL, value)
    (change,) = compare.changes(findings(before), findings(after), scope, SCHEMA)
    assert change.status == MISSING_LOCK and change.breaking


def test_a_missing_lock_after_a_locked_duplicate_is_new_harm() -> None:
    """The duplicate's lock kept the value taken; deleting it leaves the kept account unprotected."""
    before = [acct("a1", "ada@x.io"), acct("a2", "ada@x.io"), lock("EMAIL", "ada@x.io")]
    after = [acct("a1", "ada@x.io"), acct("a2", "other@x.io"), lock("EMAIL", "other@x.io")]
    scope = compare.Scope(accounts={"ACCT#a2"}, locks={compare.lock_id(lock("EMAIL", "ada@x.io"))})
    for value in ("ada@x.io", "other@x.io"):
        scope.add(EMAIL, value)
    (change,) = compare.changes(findings(before), findings(after), scope)
    assert change.status == MISSING_LOCK and change.breaking
