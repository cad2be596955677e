"""Which templates apply to a selection: repairs only where their problem is, from the audit's
findings, a diagnosis or a read of the account's locks."""

from __future__ import annotations

from typing import Any

from dynoview.core.tx.applicability import (
    AUDIT,
    CHANGE_VALUE,
    CLAIM_LOCK,
    DELETE_ACCOUNT,
    DELETE_ITEM,
    DIAGNOSIS,
    LOCK_READ,
    RELEASE_LOCK,
    RESOLVE_DUPLICATE,
    SIGN_UP,
    Evidence,
    Offer,
    diagnosis_evidence,
    read_lock_evidence,
    row_evidence,
    templates_for,
)
from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
    Cell,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema, article_schema

S = article_schema()
REPAIRS = {CLAIM_LOCK, RESOLVE_DUPLICATE, RELEASE_LOCK}


def s(v: str) -> dict[str, str]:
    return {"S": v}


def account(acct: str, email: str | None, username: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": s(f"ACCT#{acct}"), "SK": s("PROFILE")}
    if email is not None:
        item["email"] = s(email)
    if username is not None:
        item["username"] = s(username)
    return item


def lock(pk: str) -> dict[str, Any]:
    return {"PK": s(pk), "SK": s("LOCK")}


def finding(status: str, rule: str, value: str, accts: tuple[str, ...] = (),
            locks: tuple[str, ...] = ()) -> Finding:
    return Finding(status, rule, value, accts, tuple(lock(k) for k in locks), "", "")


def repairs(schema: UniquenessSchema, item: dict[str, Any], evidence: Evidence | None) -> set[Offer]:
    return {o for o in templates_for(schema, item, evidence).offers if o.name in REPAIRS}


def audit_evidence(items: list[dict[str, Any]], acct_or_lock: str,
                   schema: UniquenessSchema = S) -> Evidence:
    """The evidence the locks view passes for one row of a real audit of ``items``."""
    rows = classify(items, schema).rows()
    row = next(r for r in rows if r.account_id == acct_or_lock or r.key["PK"]["S"] == acct_or_lock)
    evidence = row_evidence(row)
    assert evidence is not None
    return evidence


ADA = account("a1f9c3", "ada@lovelace.io", "ada")
LINUS = account("1d2e3f", "linus@kernel.org", "linus")
DUP1 = account("2a3b4c", "shared@example.com", "dup1")
DUP2 = account("3b4c5d", "shared@example.com", "dup2")
TABLE = [ADA, LINUS, DUP1, DUP2,
         lock("UNIQ#EMAIL#ada@lovelace.io"), lock("UNIQ#HANDLE#ada"),
         lock("UNIQ#EMAIL#linus@kernel.org"),  # linus has no username lock
         lock("UNIQ#EMAIL#shared@example.com"), lock("UNIQ#HANDLE#dup1"), lock("UNIQ#HANDLE#dup2"),
         lock("UNIQ#EMAIL#ken@thompson.dev")]  # an orphan


def test_a_healthy_audited_account_gets_no_repair_and_says_why() -> None:
    applicable = templates_for(S, ADA, audit_evidence(TABLE, "ACCT#a1f9c3"))
    assert applicable.names() == [SIGN_UP, CHANGE_VALUE, CHANGE_VALUE, DELETE_ACCOUNT]
    assert applicable.notes == ("No repair applies: the audit found email and username locked and "
                                "held once.",)


def test_claim_only_for_the_rule_whose_lock_is_missing() -> None:
    assert repairs(S, LINUS, audit_evidence(TABLE, "ACCT#1d2e3f")) == {Offer(CLAIM_LOCK, "username")}


def test_resolve_only_for_the_duplicated_rule() -> None:
    assert repairs(S, DUP1, audit_evidence(TABLE, "ACCT#2a3b4c")) == {Offer(RESOLVE_DUPLICATE, "email")}


def test_release_only_for_an_orphan_lock() -> None:
    orphan = lock("UNIQ#EMAIL#ken@thompson.dev")
    assert repairs(S, orphan, audit_evidence(TABLE, "UNIQ#EMAIL#ken@thompson.dev")) == {
        Offer(RELEASE_LOCK, "email")}
    held = lock("UNIQ#EMAIL#ada@lovelace.io")  # a healthy lock: the audit found its holder
    applicable = templates_for(S, held, Evidence((), AUDIT))
    assert applicable.names() == [SIGN_UP]
    assert applicable.notes == ("Release is not offered: the audit found an account holding "
                                "ada@lovelace.io.",)


def test_a_lock_in_a_clash_is_not_offered_a_release() -> None:
    variant = lock("UNIQ#EMAIL#Margaret@hamilton.space")
    clash = Evidence((finding(CASE_CLASH, "email", "margaret@hamilton.space", ("ACCT#1",),
                              ("UNIQ#EMAIL#Margaret@hamilton.space",)),))
    applicable = templates_for(S, variant, clash)
    assert applicable.names() == [SIGN_UP]
    assert applicable.notes == ("Release is not offered: the audit found a case or normalisation "
                                "clash on Margaret@hamilton.space (see Accounts & locks).",)


def test_an_expired_lock_no_account_holds_may_be_released_but_not_one_held() -> None:
    pending = lock("UNIQ#EMAIL#pending@signup.test")
    free = Evidence((finding(EXPIRED, "email", "pending@signup.test",
                             locks=("UNIQ#EMAIL#pending@signup.test",)),))
    assert repairs(S, pending, free) == {Offer(RELEASE_LOCK, "email")}
    held = Evidence((finding(EXPIRED, "email", "pending@signup.test", ("ACCT#9",),
                             ("UNIQ#EMAIL#pending@signup.test",)),))
    assert repairs(S, pending, held) == set()


def test_nothing_known_offers_only_the_always_valid_templates_and_says_why() -> None:
    applicable = templates_for(S, LINUS, None)
    assert applicable.names() == [SIGN_UP, CHANGE_VALUE, CHANGE_VALUE, DELETE_ACCOUNT]
    assert applicable.notes[0].startswith("Claim and resolve are offered only for a value missing "
                                          "its lock or held twice")
    orphan = templates_for(S, lock("UNIQ#EMAIL#ken@thompson.dev"), None)
    assert orphan.names() == [SIGN_UP]
    assert orphan.notes == ("Release is offered only for an orphan lock: Diagnose email "
                            "ken@thompson.dev or run the audit to see whether an account holds it.",)
    assert templates_for(S, None).names() == [SIGN_UP]
    other = {"PK": s("ORDER#1"), "SK": s("X")}
    assert templates_for(S, other).names() == [SIGN_UP, DELETE_ITEM]


def test_a_finding_about_a_value_the_account_no_longer_holds_is_ignored() -> None:
    old = Evidence((finding(MISSING_LOCK, "username", "linus", ("ACCT#1d2e3f",)),))
    renamed = account("1d2e3f", "linus@kernel.org", "torvalds")
    assert repairs(S, renamed, old) == set()
    assert repairs(S, LINUS, old) == {Offer(CLAIM_LOCK, "username")}
    someone_else = Evidence((finding(MISSING_LOCK, "username", "linus", ("ACCT#other",)),))
    assert repairs(S, LINUS, someone_else) == set()


def test_findings_match_the_normalised_value() -> None:
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER),))
    mixed = account("7", "Ada@X.io")
    items = [mixed, account("8", "ada@x.io"), lock("UNIQ#EMAIL#ada@x.io")]
    assert repairs(lower, mixed, audit_evidence(items, "ACCT#7", lower)) == {
        Offer(RESOLVE_DUPLICATE, "email")}


def test_a_clash_is_named_but_not_offered_a_repair() -> None:
    clash = Evidence((finding(CASE_CLASH, "email", "margaret@hamilton.space", ("ACCT#1",)),))
    margaret = account("1", "margaret@hamilton.space", "mh")
    applicable = templates_for(S, margaret, clash)
    assert not set(applicable.names()) & REPAIRS
    assert ("The audit found case or normalisation clash on email: no template here repairs that "
            "(see Accounts & locks).") in applicable.notes


def test_a_diagnosis_covers_its_rule_only() -> None:
    d = Diagnosis("username", "linus", "linus", MISSING_LOCK, "no lock", lock("UNIQ#HANDLE#linus"),
                  None, [LINUS], ["ACCT#1d2e3f"], "scan", None)
    evidence = diagnosis_evidence(d)
    assert evidence.source == DIAGNOSIS and evidence.covers("username") and not evidence.covers("email")
    applicable = templates_for(S, LINUS, evidence)
    assert repairs(S, LINUS, evidence) == {Offer(CLAIM_LOCK, "username")}
    assert applicable.notes == ("The diagnosis did not check email: run the audit to see whether a "
                                "repair applies there.",)
    ok = Diagnosis("email", "ada@lovelace.io", "ada@lovelace.io", OK, "ok",
                   lock("UNIQ#EMAIL#ada@lovelace.io"), lock("UNIQ#EMAIL#ada@lovelace.io"), [ADA],
                   ["ACCT#a1f9c3"], "index", "email-index")
    assert diagnosis_evidence(ok).findings == ()
    orphan = Diagnosis("email", "ken@thompson.dev", "ken@thompson.dev", ORPHAN_LOCK, "orphan",
                       lock("UNIQ#EMAIL#ken@thompson.dev"), lock("UNIQ#EMAIL#ken@thompson.dev"), [], [],
                       "scan", None)
    assert repairs(S, lock("UNIQ#EMAIL#ken@thompson.dev"), diagnosis_evidence(orphan)) == {
        Offer(RELEASE_LOCK, "email")}


def test_a_lock_read_offers_claim_and_says_duplicates_need_more() -> None:
    evidence = Evidence((finding(MISSING_LOCK, "username", "linus", ("ACCT#1d2e3f",)),), LOCK_READ)
    applicable = templates_for(S, LINUS, evidence)
    assert repairs(S, LINUS, evidence) == {Offer(CLAIM_LOCK, "username")}
    assert applicable.notes == ("Resolve duplicate is offered only for a value two accounts hold, "
                                "which a read of the locks cannot show: run the audit or Diagnose "
                                "the value.",)
    healthy = templates_for(S, ADA, Evidence((), LOCK_READ))
    assert healthy.notes[0] == "No repair applies: the lock read found email and username locked."


def test_a_lock_row_without_its_own_finding_stands_for_one() -> None:
    row = PairRow("lock", None, lock("UNIQ#EMAIL#x@y.io"),
                  cells={"email": Cell("x@y.io", ORPHAN_LOCK, lock("UNIQ#EMAIL#x@y.io"))})
    assert repairs(S, lock("UNIQ#EMAIL#x@y.io"), row_evidence(row)) == {Offer(RELEASE_LOCK, "email")}
    # A row written since the audit (or seen before it ended) says nothing: the builder reads.
    assert row_evidence(row, stale=True) is None and row_evidence(None) is None
    dup = PairRow("account", "ACCT#2a3b4c", DUP1, cells={
        "email": Cell("shared@example.com", DUPLICATE_VALUE), "username": Cell("dup1", OK)})
    assert repairs(S, DUP1, row_evidence(dup)) == {Offer(RESOLVE_DUPLICATE, "email")}


class FakeReader:
    """The reads ``read_lock_evidence`` makes, answered from a dict (a unit test of which keys
    it reads and how it reads them; the GUI tests read a real endpoint)."""

    def __init__(self, items: list[dict[str, Any]]) -> None:
        self.items = {i["PK"]["S"]: i for i in items}
        self.reads: list[tuple[str, str, bool]] = []

    def get_item(self, table: str, key: dict[str, Any], *, consistent: bool = True) -> dict[str, Any] | None:
        self.reads.append((table, key["PK"]["S"], consistent))
        return self.items.get(key["PK"]["S"])


def test_read_lock_evidence_reads_each_lock_strongly_consistent() -> None:
    reader = FakeReader(TABLE)
    evidence = read_lock_evidence(reader, "accounts", S, LINUS)  # type: ignore[arg-type]
    assert reader.reads == [("accounts", "UNIQ#EMAIL#linus@kernel.org", True),
                            ("accounts", "UNIQ#HANDLE#linus", True)]
    assert [(f.status, f.rule, f.value) for f in evidence.findings] == [(MISSING_LOCK, "username", "linus")]
    assert evidence.source == LOCK_READ and not evidence.holders_known
    # The keys are the rule's: a lowercase rule reads the lower-cased lock.
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER),))
    reader = FakeReader([lock("UNIQ#EMAIL#ada@x.io")])
    found = read_lock_evidence(reader, "t", lower, account("9", "Ada@X.io"))  # type: ignore[arg-type]
    assert reader.reads == [("t", "UNIQ#EMAIL#ada@x.io", True)] and found.findings == ()
