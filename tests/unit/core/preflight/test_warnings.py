"""``preflight.warnings``: a new case or lookalike clash in words (the spellings, their accounts
and the action that writes the new one), on a stub reader."""

from __future__ import annotations

from typing import Any, cast

from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import CASE_CLASH, LOOKALIKE_CLASH
from tests.unit.core.preflight.stub_reader import ADA, SCHEMA, TABLE, StubReader, acct, lock, table_info


def preflight(items: list[dict[str, Any]], tx: Transaction) -> Any:
    return run_preflight(cast(Reader, StubReader(items)), tx, SCHEMA, {TABLE: table_info()})


def test_a_new_case_clash_is_a_warning_naming_both_spellings_and_their_accounts() -> None:
    result = preflight(ADA, templates.sign_up(SCHEMA, TABLE, acct("n1", "ADA@x.io", "ada2")))
    assert not result.refused and result.needs_confirmation
    (warning,) = result.warnings
    assert (warning.status, warning.action, warning.rule) == (CASE_CLASH, 0, "email")
    assert warning.forms == ("ADA@x.io", "ada@x.io")
    assert warning.message == (
        "Action 1: email ADA@x.io (ACCT#n1) and ada@x.io (ACCT#a1) would be one value to a person "
        "(equal once case-folded and normalised) but different lock keys, so DynamoDB does not "
        "enforce uniqueness between them (a case or normalisation clash). Pick another email, or "
        "confirm to send it anyway.")


def test_a_new_lookalike_clash_says_one_account_could_impersonate_another() -> None:
    cyrillic = "\u0430da@x.io"
    (warning,) = preflight(ADA, templates.sign_up(SCHEMA, TABLE, acct("n1", cyrillic, "ada2"))).warnings
    assert warning.status == LOOKALIKE_CLASH
    assert warning.message.startswith(f"Action 1: email {cyrillic} (ACCT#n1) would look like ada@x.io "
                                      "(ACCT#a1) on screen but be different values")
    assert "one account could impersonate another" in warning.message


def test_two_new_spellings_no_account_holds_are_two_orphans_not_a_clash() -> None:
    """As the audit has it: spellings no account holds are stuck signups, each refused as an
    orphan lock (a clash needs an account holding one of them)."""
    tx = Transaction([Action("Put", TABLE, item=lock("EMAIL", "Bo@x.io")),
                      Action("Put", TABLE, item=lock("EMAIL", "bo@x.io"))])
    result = preflight([], tx)
    assert result.warnings == [] and result.refused
    assert [r.message.split(":")[0] for r in result.refusals] == ["Action 1", "Action 2"]
    assert all("would be held by no account" in r.message for r in result.refusals)


def test_the_warning_names_the_action_that_writes_the_new_spelling() -> None:
    tx = Transaction([*templates.sign_up(SCHEMA, TABLE, acct("b1", "bob@x.io", "bob")).actions,
                      *templates.sign_up(SCHEMA, TABLE, acct("n1", "ADA@x.io", "ada2")).actions])
    (warning,) = preflight(ADA, tx).warnings
    assert warning.action == 3 and warning.message.startswith("Action 4: email ADA@x.io (ACCT#n1)")


def test_a_clash_that_was_there_before_is_no_warning() -> None:
    items = [*ADA, acct("n1", "ADA@x.io"), lock("EMAIL", "ADA@x.io")]
    result = preflight(items, templates.sign_up(SCHEMA, TABLE, acct("b1", "bob@x.io", "bob")))
    assert result.warnings == [] and not result.needs_confirmation
