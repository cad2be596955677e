"""The preflight's verdict: the audit engine's findings before and after, compared on the values
in play (``preflight.compare``), the probe spellings (``preflight.probes``), and ``judge`` on a
table held in memory (a ``Source`` whose reads are a dict: no endpoint)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from dynoview.core.preflight import compare
from dynoview.core.preflight.check import judge
from dynoview.core.preflight.model import FREE, item_ident, pk_text
from dynoview.core.preflight.probes import ascii_respelling, probe_forms
from dynoview.core.preflight.source import Holders, Ident, Source
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.holders import holds_any
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema

SCHEMA = article_schema()
EMAIL = SCHEMA.rule("email")
TABLE = "accounts"


def _s(v: str) -> dict[str, str]:
    return {"S": v}


def acct(acct_id: str, email: str | None = None, username: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": _s(f"ACCT#{acct_id}"), "SK": _s("PROFILE")}
    if email is not None:
        item["email"] = _s(email)
    if username is not None:
        item["username"] = _s(username)
    return item


def lock(kind: str, value: str) -> dict[str, Any]:
    return {"PK": _s(f"UNIQ#{kind}#{value}"), "SK": _s("LOCK")}


def findings(items: Iterable[Mapping[str, Any]]) -> list[Any]:
    return classify(items, SCHEMA).findings()


def scope(*emails: str, accounts: Iterable[str] = ()) -> compare.Scope:
    out = compare.Scope(accounts=set(accounts))
    for value in emails:
        out.add(EMAIL, value)
    return out


ADA = [acct("a1", "ada@x.io", "ada"), lock("EMAIL", "ada@x.io"), lock("HANDLE", "ada")]
#: Each judge test on a table read whole, and on one too large for that (point reads and lookups).
WHOLE = pytest.mark.parametrize("whole", [True, False], ids=["whole", "lookups"])


# ------------------------------------------------------------------ compare.changes


def test_a_new_spelling_of_a_held_value_is_a_new_case_clash() -> None:
    after = [*ADA, acct("n1", "ADA@x.io"), lock("EMAIL", "ADA@x.io")]
    (change,) = compare.changes(findings(ADA), findings(after), scope("ADA@x.io"))
    assert change.status == CASE_CLASH and not change.breaking and change.before is None
    assert change.after.value == "ada@x.io" and set(change.after.account_ids) == {"ACCT#a1", "ACCT#n1"}


def test_a_finding_that_was_there_before_is_not_new() -> None:
    before = [*ADA, lock("EMAIL", "Ada@x.io")]  # a clash already
    after = [*before, acct("b2", "bob@x.io"), lock("EMAIL", "bob@x.io")]
    assert compare.changes(findings(before), findings(after), scope("bob@x.io", "Ada@x.io")) == []


def test_a_duplicate_that_grows_is_a_change_and_one_that_stays_is_not() -> None:
    before = [acct("d1", "d@x.io"), acct("d2", "d@x.io"), lock("EMAIL", "d@x.io")]
    grown = [*before, acct("d3", "d@x.io")]
    (change,) = compare.changes(findings(before), findings(grown), scope("d@x.io"))
    assert change.status == DUPLICATE_VALUE and change.breaking and change.before is not None
    # The same two accounts, one of them now with another username: nothing new.
    same = [acct("d1", "d@x.io", "new"), acct("d2", "d@x.io"), lock("EMAIL", "d@x.io")]
    assert compare.changes(findings(before), findings(same), scope("d@x.io")) == []


def test_a_finding_whose_members_change_is_new_and_one_that_shrinks_is_not() -> None:
    before = [acct("d1", "d@x.io"), acct("d2", "d@x.io"), lock("EMAIL", "d@x.io")]
    swapped = [acct("d1", "d@x.io"), acct("d3", "d@x.io"), lock("EMAIL", "d@x.io")]
    (change,) = compare.changes(findings(before), findings(swapped), scope("d@x.io"))
    assert change.status == DUPLICATE_VALUE and change.before is not None
    shrunk = [*before, acct("d3", "d@x.io")]
    assert compare.changes(findings(shrunk), findings(before), scope("d@x.io")) == []
    # One lookalike spelling's lock swapped for another: a clash of other members, new harm.
    cyr, cyr_upper = "\u0430da@x.io", "\u0410DA@X.IO"
    old = [lock("EMAIL", "ada@x.io"), lock("EMAIL", cyr)]
    new = [lock("EMAIL", "ada@x.io"), lock("EMAIL", cyr_upper)]
    statuses = [c.status for c in compare.changes(findings(old), findings(new), scope(cyr, cyr_upper))]
    assert LOOKALIKE_CLASH in statuses


def test_a_warning_grows_with_a_third_spelling_lock() -> None:
    before = [*ADA, lock("EMAIL", "Ada@x.io")]
    after = [*before, lock("EMAIL", "ADA@x.io")]
    (change,) = compare.changes(findings(before), findings(after), scope("ADA@x.io"))
    assert change.status == CASE_CLASH and change.before is not None


def test_findings_about_values_out_of_play_do_not_count() -> None:
    # bob's missing lock is not the transaction's business: only ada's values are in play.
    after = [*ADA, acct("b2", "bob@x.io")]
    assert compare.changes(findings(ADA), findings(after), scope("ada@x.io")) == []
    assert [c.status for c in compare.changes(findings(ADA), findings(after), scope("bob@x.io"))] \
        == [MISSING_LOCK]


def test_new_breaking_findings_are_breaking() -> None:
    after = [acct("a1", "ada@x.io", "ada"), lock("HANDLE", "ada")]  # the email lock deleted
    (change,) = compare.changes(findings(ADA), findings(after), scope("ada@x.io"))
    assert change.status == MISSING_LOCK and change.breaking


# ------------------------------------------------------------------ statuses of one value


def test_value_status_names_the_clash_a_value_is_in() -> None:
    after = findings([*ADA, acct("n1", "ADA@x.io"), lock("EMAIL", "ADA@x.io")])
    assert compare.value_status(after, EMAIL, "ADA@x.io", True) == CASE_CLASH
    assert compare.value_status(after, EMAIL, "ada@x.io", True) == CASE_CLASH
    assert compare.value_status(after, EMAIL, "nobody@x.io", False) == FREE
    assert compare.value_status(findings(ADA), EMAIL, "ada@x.io", True) == OK


def test_value_status_prefers_the_breaking_finding() -> None:
    # A duplicate inside a clash group: both are reported; the line shows the duplicate.
    items = [acct("d1", "d@x.io"), acct("d2", "d@x.io"), lock("EMAIL", "d@x.io"), lock("EMAIL", "D@x.io")]
    assert compare.value_status(findings(items), EMAIL, "d@x.io", True) == DUPLICATE_VALUE


@pytest.mark.parametrize(("before", "after", "status", "expected"), [
    (OK, MISSING_LOCK, CASE_CLASH, MISSING_LOCK),  # the held lock deleted, another spelling kept
    (FREE, ORPHAN_LOCK, CASE_CLASH, ORPHAN_LOCK),  # a lone lock of another spelling
    (MISSING_LOCK, MISSING_LOCK, CASE_CLASH, None),  # already so
    (OK, MISSING_LOCK, MISSING_LOCK, None),  # the engine names it itself
    (FREE, OK, CASE_CLASH, None),  # a clash, and nothing else
])
def test_folded_names_the_symptom_the_audit_counts_in_a_clash(before: str, after: str, status: str,
                                                              expected: str | None) -> None:
    assert compare.folded(before, after, status) == expected


# ------------------------------------------------------------------ probe spellings


def test_probe_forms() -> None:
    assert probe_forms("ada@x.io", EMAIL) == ["ada@x.io"]
    assert probe_forms("ADA@x.io", EMAIL) == ["ADA@x.io", "ada@x.io"]
    cyrillic = "m\u0430llory@example.com"  # a Cyrillic а
    forms = probe_forms(cyrillic, EMAIL)
    assert forms[0] == cyrillic and "mallory@example.com" in forms
    assert ascii_respelling("mallory@example.com") is None


# ------------------------------------------------------------------ judge, on a table in memory


class MemorySource(Source):
    """The preflight's reads served from a list of items; counts every read. ``whole``: the
    table is small enough to read whole (else only point reads and lookups of spellings)."""

    def __init__(self, items: Iterable[Mapping[str, Any]], whole: bool = True) -> None:
        info = TableInfo(TABLE, KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), item_count=10)
        super().__init__(None, {TABLE: info}, SCHEMA)  # type: ignore[arg-type]
        self.table = {item_ident(TABLE, {"PK": i["PK"], "SK": i["SK"]}): dict(i) for i in items}
        self.whole = whole
        self.reads = 0

    def read_whole(self, table: str) -> list[dict[str, Any]] | None:
        self.reads += 1
        return list(self.table.values()) if self.whole else None

    def items(self, keys: Iterable[tuple[str, dict[str, Any]]]) -> dict[Ident, dict[str, Any] | None]:
        out = {}
        for table, key in keys:
            ident = item_ident(table, key)
            out[ident] = self.table.get(ident)
            self.reads += 1
        return out

    def holders(self, table: str, rule: Any, values: Iterable[str], forms: Iterable[str] = ()) -> Holders:
        wanted, folded = set(values), set(forms)
        return {pk_text(i, SCHEMA) or "": i for i in self.table.values()
                if SCHEMA.is_account(i) and holds_any(rule, i, folded, wanted)}


@WHOLE
def test_judge_warns_of_a_case_clash_and_does_not_refuse(whole: bool) -> None:
    source = MemorySource(ADA, whole)
    tx = templates.sign_up(SCHEMA, TABLE, acct("n1", "ADA@x.io", "ada2"))
    result = judge(tx, SCHEMA, source)
    assert not result.refused and result.needs_confirmation
    (warning,) = result.warnings
    assert warning.status == CASE_CLASH and warning.action == 0
    assert set(warning.forms) == {"ADA@x.io", "ada@x.io"} and "ACCT#a1" in warning.message
    assert "every account keeps its locks" not in result.summary()
    assert result.to_json()["warnings"][0]["status"] == CASE_CLASH


@WHOLE
def test_judge_refuses_a_lone_lock_and_offers_no_right_transaction(whole: bool) -> None:
    result = judge(Transaction([Action("Put", TABLE, item=lock("EMAIL", "m@x.io"))]), SCHEMA,
                   MemorySource(ADA, whole))
    (refusal,) = result.refusals
    assert refusal.status == ORPHAN_LOCK and refusal.suggestion is None and refusal.template is None
    assert "No right transaction" in refusal.message
    assert [c.suggestion for c in refusal.choices] == [None, None]  # nothing to load
    assert refusal.choices[0].text.startswith("write it together with the account")
    assert refusal.choices[1].text == "do not write it (this transaction has nothing else to send)"


def test_judge_a_lone_lock_without_it_sends_the_rest() -> None:
    tx = Transaction([Action("Put", TABLE, item=lock("EMAIL", "m@x.io")),
                      *templates.sign_up(SCHEMA, TABLE, acct("n1", "n@x.io")).actions])
    (refusal,) = judge(tx, SCHEMA, MemorySource(ADA)).refusals
    rest = refusal.choices[-1]
    assert rest.text == "do not write it: send the other actions without action 1"
    assert rest.suggestion is not None and len(rest.suggestion.actions) == 2
    assert rest.suggestion.token != tx.token  # another request: another token
    assert not judge(rest.suggestion, SCHEMA, MemorySource(ADA)).refused


@WHOLE
def test_judge_a_lone_lock_of_another_spelling_is_the_clash_the_audit_reports(whole: bool) -> None:
    # mallory holds her email without a lock; a lock of the capitalised spelling is written:
    # the audit folds the orphan into a case clash, so the preflight warns (and notes why).
    source = MemorySource([*ADA, acct("m1", "mallory@x.io")], whole)
    result = judge(Transaction([Action("Put", TABLE, item=lock("EMAIL", "Mallory@x.io"))]), SCHEMA, source)
    assert not result.refused
    assert [w.status for w in result.warnings] == [CASE_CLASH]
    assert any(n.startswith("Lock UNIQ#EMAIL#Mallory@x.io would be held by no account: the audit reports "
                            "this as part of the case or normalisation clash with mallory@x.io")
               for n in result.notes)


def test_judge_deleting_the_held_lock_of_a_clash_is_refused() -> None:
    # The audit folds margaret's missing lock into the clash that was already there, but the
    # other spelling's lock does not guard margaret@x.io itself: refused (compare.exposed), with
    # the transaction that moves her to the kept spelling as its suggestion.
    items = [acct("m1", "margaret@x.io"), lock("EMAIL", "margaret@x.io"), lock("EMAIL", "Margaret@x.io")]
    tx = Transaction([Action("Delete", TABLE, key=lock("EMAIL", "margaret@x.io"))])
    result = judge(tx, SCHEMA, MemorySource(items))
    (refusal,) = result.refusals
    assert refusal.status == MISSING_LOCK and refusal.suggestion is not None
    assert not [n for n in result.notes if "audit reports" in n]
    # Releasing the other spelling instead repairs the clash.
    fix = Transaction([Action("Delete", TABLE, key=lock("EMAIL", "Margaret@x.io"))])
    result = judge(fix, SCHEMA, MemorySource(items))
    assert not result.refused and not result.warnings and len(result.repairs) == 1
    assert not [n for n in result.notes if "audit reports" in n]


@WHOLE
def test_judge_duplicate_says_what_is_wrong_with_the_value_not_which_template(whole: bool) -> None:
    items = [*ADA, acct("g1", "grace@x.io", "grace"), lock("EMAIL", "grace@x.io")]
    tx = templates.change_value(SCHEMA, TABLE, ADA[0], "email", "grace@x.io")
    (refusal,) = judge(tx, SCHEMA, MemorySource(items, whole)).refusals
    assert refusal.status == DUPLICATE_VALUE and refusal.suggestion is None
    assert refusal.message == "Action 3: grace@x.io is held by ACCT#g1: pick another email for ACCT#a1."


@WHOLE
def test_every_suggestion_passes_its_own_preflight_on_the_same_reads(whole: bool) -> None:
    source = MemorySource(ADA, whole)
    update = Transaction([Action("Update", TABLE, key=acct("a1"), update="SET email = :e",
                                 values={":e": _s("ada@new.io")})])
    result = judge(update, SCHEMA, source)
    assert {r.status for r in result.refusals} == {MISSING_LOCK, ORPHAN_LOCK}
    suggested = [r.suggestion for r in result.refusals if r.suggestion is not None]
    assert suggested and all(s.actions[-1].kind == "Update" for s in suggested)
    reads = source.reads
    for tx in suggested:
        assert not judge(tx, SCHEMA, source).refused
    assert source.reads > reads  # MemorySource counts; the real Source answers these from memory


def test_two_accounts_changed_get_the_transaction_with_its_locks_not_one_template() -> None:
    items = [*ADA, acct("b1", "bob@x.io", "bob"), lock("EMAIL", "bob@x.io"), lock("HANDLE", "bob")]
    tx = Transaction([
        Action("Update", TABLE, key=acct("a1"), update="SET email = :e", values={":e": _s("ada@new.io")}),
        Action("Update", TABLE, key=acct("b1"), update="SET email = :e", values={":e": _s("bob@new.io")}),
    ])
    result = judge(tx, SCHEMA, MemorySource(items))
    suggestion = next(r.suggestion for r in result.refusals if r.suggestion is not None)
    assert len(suggestion.actions) == 6  # both updates, two lock Puts, two lock Deletes
    assert not judge(suggestion, SCHEMA, MemorySource(items)).refused


@WHOLE
def test_a_lookalike_signup_is_a_warning(whole: bool) -> None:
    tx = templates.sign_up(SCHEMA, TABLE, acct("n1", "\u0430da@x.io", "ada2"))  # Cyrillic а
    result = judge(tx, SCHEMA, MemorySource(ADA, whole))
    assert not result.refused
    assert [w.status for w in result.warnings] == [LOOKALIKE_CLASH]
    assert "ACCT#a1" in result.warnings[0].message


def test_a_spelling_the_lookups_cannot_reach_is_compared_when_the_table_is_read_whole() -> None:
    # Ada@x.io is neither ADA@x.io nor its clash key (ada@x.io): only a whole read finds it.
    items = [acct("a1", "Ada@x.io"), lock("EMAIL", "Ada@x.io")]
    tx = templates.sign_up(SCHEMA, TABLE, acct("n1", "ADA@x.io"))
    whole = judge(tx, SCHEMA, MemorySource(items, whole=True))
    assert [w.status for w in whole.warnings] == [CASE_CLASH]
    assert "accounts was read whole (a consistent Scan of 2 items)" in " ".join(whole.notes)
    looked_up = judge(tx, SCHEMA, MemorySource(items, whole=False))
    assert not looked_up.warnings and not looked_up.refused
    assert any(n.startswith("accounts is too large to read whole") for n in looked_up.notes)


def test_a_lock_for_a_duplicated_value_is_refused_with_what_to_do_first() -> None:
    items = [acct("d1", "d@x.io"), acct("d2", "d@x.io")]
    tx = Transaction([Action("Put", TABLE, item=lock("EMAIL", "d@x.io"))])
    (refusal,) = judge(tx, SCHEMA, MemorySource(items)).refusals
    assert refusal.status == DUPLICATE_VALUE and refusal.suggestion is None
    assert refusal.message.startswith("Action 1: d@x.io is held by ACCT#d1, ACCT#d2, more than one account: "
                                      "writing its lock UNIQ#EMAIL#d@x.io does not make it unique.")


@pytest.mark.parametrize("owner_check", [True, False], ids=["release-template", "bare-delete"])
def test_ending_a_clash_that_hid_a_missing_lock_is_refused(owner_check: bool) -> None:
    # ada holds ada@x.io with no lock of its own; ADA@x.io's lock made it a case clash, which
    # the audit reported instead. Releasing that lock as an orphan leaves ada unprotected.
    items = [acct("a1", "ada@x.io"), lock("EMAIL", "ADA@x.io")]
    tx = templates.release_orphan_lock(SCHEMA, TABLE, lock("EMAIL", "ADA@x.io"),
                                       templates.OwnerRead(acct("a1"), items[0]) if owner_check else None)
    result = judge(tx, SCHEMA, MemorySource(items))
    (refusal,) = result.refusals
    assert refusal.status == MISSING_LOCK and refusal.value == "ada@x.io" and refusal.action == 0
    assert "the case clash with ADA@x.io hid that" in refusal.message
    assert "after: ACCT#a1 holds email ada@x.io with no lock ✗ missing lock" in result.lines()
    # The right transaction claims ada's lock in the same transaction, and passes.
    assert refusal.suggestion is not None and refusal.template == "with_locks"
    assert [a.kind for a in refusal.suggestion.actions] == [a.kind for a in tx.actions] + ["Put"]
    assert not judge(refusal.suggestion, SCHEMA, MemorySource(items)).refused
