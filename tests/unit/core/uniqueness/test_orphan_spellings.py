"""Locks that differ only by the rule's normalisation (case, spacing) and that no account holds:
two stuck signups, each an orphan lock the repair releases, not a case clash with advice about
an account that does not exist. A clash stays a clash once an account holds one spelling."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.repair.plan import DECIDE, RELEASE, plan_repairs
from dynoview.core.uniqueness.findings import CASE_CLASH, EXPLANATIONS, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.pairing import Pairing, classify
from dynoview.core.uniqueness.rules import group_holds
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
)


def schema(mode: str) -> UniquenessSchema:
    return UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def lock(value: str) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#EMAIL#{value}"), "SK": s("LOCK")}


def acct(acct_id: str, email: str) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{acct_id}"), "SK": s("PROFILE"), "email": s(email)}


def found(p: Pairing) -> list[tuple[str, str | None, tuple[str, ...]]]:
    return sorted((f.status, f.value, f.account_ids) for f in p.findings())


SPELLINGS = [
    (NORMALISE_NONE, ["Ada@x.io", "ada@x.io"]),
    (NORMALISE_LOWER, ["Ada@x.io", "ada@x.io"]),
    (NORMALISE_TRIM_LOWER, ["", "   "]),
    (NORMALISE_NFKC_CASEFOLD, ["", "   "]),
    (NORMALISE_NONE, ["jörg@x.io", "jo\u0308rg@x.io", "JÖRG@x.io"]),  # NFC, NFD, capitals
]


@pytest.mark.parametrize(("mode", "spellings"), SPELLINGS)
def test_spellings_no_account_holds_are_orphans_each(mode: str, spellings: list[str]) -> None:
    p = classify([lock(v) for v in spellings], schema(mode))
    assert found(p) == sorted((ORPHAN_LOCK, v, ()) for v in spellings)
    assert not any("Keep one spelling" in f.sentence for f in p.findings())


@pytest.mark.parametrize(("mode", "spellings"), SPELLINGS)
def test_the_repair_plan_releases_every_one(mode: str, spellings: list[str]) -> None:
    """Spelled against the rule's normalisation or not: the release deletes the key as stored."""
    p = classify([lock(v) for v in spellings], schema(mode))
    plan = plan_repairs(p.findings(), schema(mode), "accounts")
    assert [(i.kind, i.finding.value) for i in plan.items] == [(RELEASE, v) for v in sorted(spellings)]
    assert plan.decisions == []


def test_a_clash_stays_a_clash_when_an_account_holds_a_spelling() -> None:
    items = [acct("ada", "Ada@x.io"), lock("Ada@x.io"), lock("ada@x.io")]
    p = classify(items, schema(NORMALISE_NONE))
    assert found(p) == [(CASE_CLASH, "ada@x.io", ("ACCT#ada",))]
    (item,) = plan_repairs(p.findings(), schema(NORMALISE_NONE), "accounts").items
    assert item.kind == DECIDE
    # An account holding a spelling without its lock makes a clash of the orphan just the same.
    p = classify([acct("ada", "ADA@x.io"), lock("ada@x.io")], schema(NORMALISE_NONE))
    assert found(p) == [(CASE_CLASH, "ada@x.io", ("ACCT#ada",))]


def test_an_account_read_later_makes_the_orphans_a_clash() -> None:
    """The live audit feeds a pairing page by page: the verdict follows what has been read."""
    p = Pairing(schema(NORMALISE_NONE))
    p.feed([lock("Ada@x.io"), lock("ada@x.io")])
    assert [f.status for f in p.findings()] == [ORPHAN_LOCK, ORPHAN_LOCK]
    p.feed([acct("ada", "ADA@x.io")])
    assert found(p) == [(CASE_CLASH, "ada@x.io", ("ACCT#ada",))]


def test_the_rule_table_needs_a_holder_for_a_case_clash() -> None:
    assert group_holds(CASE_CLASH, {"forms": 2, "held": 1})
    assert not group_holds(CASE_CLASH, {"forms": 2, "held": 0})
    assert "no account holds are no clash" in EXPLANATIONS[CASE_CLASH]


def test_a_report_of_an_older_version_is_not_advice_about_an_account() -> None:
    """A CASE_CLASH naming no account (written before this fix) is left to a person, with a
    sentence that says what it is and what to do, not "normalise the account value"."""
    old = Finding(CASE_CLASH, "email", "ada@x.io", (), ({"PK": s("UNIQ#EMAIL#Ada@x.io"), "SK": s("LOCK")},
                  {"PK": s("UNIQ#EMAIL#ada@x.io"), "SK": s("LOCK")}), "old", EXPLANATIONS[CASE_CLASH])
    (item,) = plan_repairs([old], schema(NORMALISE_NONE), "accounts").items
    assert item.kind == DECIDE
    assert "No account holds any of these spellings" in item.reason and "run the audit again" in item.reason
    assert "account value" not in item.reason
