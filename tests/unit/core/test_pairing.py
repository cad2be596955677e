"""Pairing classification: every status, odd values, several rules, memory-light state."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import orjson
import pytest

from dynoview.core.audit.pages import PageClassifier
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    NO_VALUE,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.pairing import Pairing, classify
from dynoview.core.uniqueness.schema import (
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
    article_schema,
)

NOW = datetime(2026, 6, 1, tzinfo=UTC)
PAST = str(int(NOW.timestamp()) - 7200)
FUTURE = str(int(NOW.timestamp()) + 7200)


def s(text: str) -> dict[str, str]:
    return {"S": text}


def acct(acct_id: str, **attrs: Any) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": s(f"ACCT#{acct_id}"), "SK": s("PROFILE")}
    for k, v in attrs.items():
        item[k] = v if isinstance(v, dict) else s(v)
    return item


def lock(kind: str, value: str, **extra: Any) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#{kind}#{value}"), "SK": s("LOCK"), **extra}


def statuses(p: Pairing) -> list[tuple[str, str | None, str | None]]:
    return [(f.status, f.rule, f.value) for f in p.findings()]


def test_healthy_account_is_ok() -> None:
    p = classify([acct("1", email="a@x", username="a"), lock("EMAIL", "a@x"), lock("HANDLE", "a")],
                 article_schema())
    assert p.findings() == []
    assert p.counts()[OK] == 2
    [row] = p.rows()
    assert row.status == OK and row.cells["email"].lock_key == {"PK": s("UNIQ#EMAIL#a@x"),
                                                               "SK": s("LOCK")}


def test_every_status() -> None:
    items = [
        acct("1", email="a@x", username="a"), lock("EMAIL", "a@x"),  # username lock missing
        lock("EMAIL", "stuck@x"),  # orphan
        acct("2", email="dup@x"), acct("3", email="dup@x"), lock("EMAIL", "dup@x"),  # duplicate
        lock("EMAIL", "old@x", expiresAt={"N": PAST}),  # expired, no account
        lock("EMAIL", "fresh@x", expiresAt={"N": FUTURE}),  # pending TTL: just an orphan
        acct("4", email="m@x"), lock("EMAIL", "m@x"), lock("EMAIL", "M@x"),  # case clash
    ]
    p = classify(items, article_schema(), "expiresAt", NOW)
    assert statuses(p) == [
        (DUPLICATE_VALUE, "email", "dup@x"),
        (ORPHAN_LOCK, "email", "fresh@x"),
        (CASE_CLASH, "email", "m@x"),
        (EXPIRED, "email", "old@x"),
        (ORPHAN_LOCK, "email", "stuck@x"),
        (MISSING_LOCK, "username", "a"),
    ]
    dup = p.findings()[0]
    assert dup.account_ids == ("ACCT#2", "ACCT#3")
    assert dup.lock_keys == ({"PK": s("UNIQ#EMAIL#dup@x"), "SK": s("LOCK")},)
    clash = p.findings()[2]
    assert clash.account_ids == ("ACCT#4",)
    assert {k["PK"]["S"] for k in clash.lock_keys} == {"UNIQ#EMAIL#m@x", "UNIQ#EMAIL#M@x"}
    assert p.findings()[4].sentence == ("stuck@x is locked, and no account uses it: a stuck signup or "
                                        "a value left behind by a change; diagnose it to see which.")
    assert all(f.explanation for f in p.findings())
    counts = p.counts()
    assert counts == {OK: 1, MISSING_LOCK: 1, ORPHAN_LOCK: 2, DUPLICATE_VALUE: 1, EXPIRED: 1,
                      CASE_CLASH: 1, LOOKALIKE_CLASH: 0}


def test_case_clash_between_accounts_without_normalisation() -> None:
    p = classify([acct("1", email="Ada@x"), lock("EMAIL", "Ada@x"),
                  acct("2", email="ada@x"), lock("EMAIL", "ada@x")], article_schema())
    [f] = p.findings()
    assert (f.status, f.value, f.account_ids) == (CASE_CLASH, "ada@x", ("ACCT#1", "ACCT#2"))


def test_account_value_differing_from_its_lock_only_by_case_is_a_clash_not_missing() -> None:
    p = classify([acct("1", email="Ada@X"), lock("EMAIL", "ada@x")], article_schema())
    assert statuses(p) == [(CASE_CLASH, "email", "ada@x")]


def test_normalised_rule_pairs_mixed_case_account_with_lower_lock() -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              NORMALISE_TRIM_LOWER),))
    p = classify([acct("1", email="  Ada@X "), lock("EMAIL", "ada@x"),
                  acct("2", email="BOB@x"), acct("3", email="bob@x ")], schema)
    assert statuses(p) == [(DUPLICATE_VALUE, "email", "bob@x")]
    assert p.counts()[OK] == 1


@pytest.mark.parametrize("value", ["a#b#c@x", "two words", "ünïcødé@例え.jp", "UPPER@CASE.IO", "#"])
def test_odd_values_pair_exactly(value: str) -> None:
    p = classify([acct("1", email=value), lock("EMAIL", value)], article_schema())
    assert p.findings() == []
    assert p.rows()[0].cells["email"].value == value
    p = classify([lock("EMAIL", value)], article_schema())
    assert statuses(p) == [(ORPHAN_LOCK, "email", value)]


def test_reserved_word_attribute_three_rules_custom_layout() -> None:
    schema = UniquenessSchema("id", "kind", "USER#", "USER", (
        LockRule("email", "email", "U#E#{value}", "U"),
        LockRule("status", "status", "U#S#{value}", "U"),
        LockRule("name", "name", "U#N#{value}#v1", "U"),
    ))
    items = [
        {"id": s("USER#1"), "kind": s("USER"), "email": s("a@x"), "status": s("gold"), "name": s("An")},
        {"id": s("U#E#a@x"), "kind": s("U"), "owner": s("USER#1"), "createdAt": s("2026")},
        {"id": s("U#S#gold"), "kind": s("U")},
        {"id": s("U#N#An#v1"), "kind": s("U")},
        {"id": s("U#N#Bo#v1"), "kind": s("U")},
        {"id": s("U#N#Bo"), "kind": s("U")},  # no #v1 suffix: not a lock of the name rule
    ]
    p = classify(items, schema)
    assert statuses(p) == [(ORPHAN_LOCK, "name", "Bo")]
    assert p.findings()[0].lock_keys == ({"id": s("U#N#Bo#v1"), "kind": s("U")},)
    assert p.counts()[OK] == 3
    assert p.other_items == 1


def test_missing_empty_and_odd_typed_attributes_have_no_value() -> None:
    items = [acct("1"), acct("2", email=""), acct("3", email={"NULL": True}),
             acct("4", email={"N": "42"}), lock("EMAIL", "42")]
    p = classify(items, article_schema())
    assert p.findings() == []
    cells = [r.cells["email"].status for r in p.rows()]
    assert cells == [NO_VALUE, NO_VALUE, NO_VALUE, OK]


def test_foreign_keys_and_items_never_crash() -> None:
    items = [{"PK": {"B": b"\x00\x01"}, "SK": s("x")}, {"PK": {"N": "12"}, "SK": {"N": "3"}},
             {"PK": s("ACCT#9")}, {"other": s("no key")}, {"PK": s("UNIQ#EMAIL#x"), "SK": {"B": b"1"}}]
    p = classify(items, article_schema())
    assert p.findings() == [] and p.accounts == {} and p.other_items == 5


def test_expired_account_is_reported_once() -> None:
    p = classify([acct("1", email="a@x", expiresAt={"N": PAST}), lock("EMAIL", "a@x")],
                 article_schema(), "expiresAt", NOW)
    assert statuses(p) == [(EXPIRED, None, None)]
    assert p.rows()[0].status == EXPIRED


def test_expired_lock_held_by_account_is_expired_not_ok() -> None:
    p = classify([acct("1", email="a@x"), lock("EMAIL", "a@x", expiresAt={"N": PAST})],
                 article_schema(), "expiresAt", NOW)
    assert statuses(p) == [(EXPIRED, "email", "a@x")]
    assert p.findings()[0].account_ids == ("ACCT#1",)


def test_incremental_feed_in_any_order_matches_one_shot() -> None:
    items = [lock("EMAIL", "a@x"), acct("2", email="b@x"), acct("1", email="a@x"), lock("EMAIL", "z@x")]
    whole = classify(items, article_schema())
    p = Pairing(article_schema())
    for item in reversed(items):
        p.feed([item])
        p.findings()  # asking mid-way must not disturb the result
    assert p.findings() == whole.findings()
    assert p.items_seen == 4


def test_state_keeps_values_not_items() -> None:
    big = "x" * 10_000
    p = classify([acct("1", email="a@x", bio=s(big)), lock("EMAIL", "a@x", note=s(big))],
                 article_schema())
    assert p.account("ACCT#1") == (("a@x", None), False, None)
    assert isinstance(p.accounts["ACCT#1"], str)  # packed: invisible to the cyclic GC
    assert p.rules["email"].locks == {"a@x": False}


def test_locks_whose_sort_key_repeats_the_value() -> None:
    # TypeDORM's layout: the SK must hold the PK's value, or the item is not that lock.
    rule = LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}")
    schema = UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (rule,))

    def marker(pk_value: str, sk_value: str) -> dict[str, Any]:
        return {"PK": s(f"DRM_GEN_USER.EMAIL#{pk_value}"), "SK": s(f"DRM_GEN_USER.EMAIL#{sk_value}")}

    p = classify([acct("1", email="a@x"), marker("a@x", "a@x"), acct("2", email="b@x"),
                  marker("b@x", "c@x"), marker("old@x", "old@x")], schema)
    assert statuses(p) == [(MISSING_LOCK, "email", "b@x"), (ORPHAN_LOCK, "email", "old@x")]
    assert p.other_items == 1  # the marker whose SK names another value
    [orphan] = [f for f in p.findings() if f.status == ORPHAN_LOCK]
    assert orphan.lock_keys == (marker("old@x", "old@x"),)
    assert p.rows()[0].cells["email"].lock_key == marker("a@x", "a@x")


def test_values_containing_the_record_separator_survive() -> None:
    odd = "a\x1fb@x"
    p = classify([acct("1", email=odd, username="u"), lock("EMAIL", odd)], article_schema())
    assert p.account("ACCT#1") == ((odd, "u"), False, None)
    assert statuses(p) == [(MISSING_LOCK, "username", "u")]


# --------------------------------------------------------------------------- Unicode forms

CYRILLIC_ADA = "\u0430da@x.io"  # Cyrillic а, then Latin "da@x.io"


def _email_rule(mode: str) -> UniquenessSchema:
    return UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),))


@pytest.mark.parametrize(("variant", "key"), [
    ("jose\u0301@x.io", "jos\u00e9@x.io"),  # NFD beside NFC
    ("\uff41da@x.io", "ada@x.io"),  # fullwidth a
    ("a\u200bda@x.io", "ada@x.io"),  # a zero-width space
    ("ADA@X.IO", "ada@x.io"),  # capitals
    ("stra\u00dfe@x.io", "strasse@x.io"),  # ß case-folds to ss
])
def test_forms_one_person_cannot_tell_apart_are_a_case_clash(variant: str, key: str) -> None:
    plain = "jos\u00e9@x.io" if key.startswith("jos") else "strasse@x.io" if key.startswith("str") \
        else "ada@x.io"
    p = classify([acct("1", email=plain), lock("EMAIL", plain),
                  acct("2", email=variant), lock("EMAIL", variant)], article_schema())
    assert statuses(p) == [(CASE_CLASH, "email", key)]
    [f] = p.findings()
    assert f.account_ids == ("ACCT#1", "ACCT#2") and len(f.lock_keys) == 2
    assert p.certain_findings() == p.findings()
    assert p.counts()[OK] == 0


def test_cyrillic_lookalike_is_a_lookalike_clash_naming_the_letter() -> None:
    p = classify([acct("1", email="ada@x.io"), lock("EMAIL", "ada@x.io"),
                  acct("2", email=CYRILLIC_ADA), lock("EMAIL", CYRILLIC_ADA)], article_schema())
    [f] = p.findings()
    assert (f.status, f.value, f.account_ids) == (LOOKALIKE_CLASH, "ada@x.io", ("ACCT#1", "ACCT#2"))
    assert {k["PK"]["S"] for k in f.lock_keys} == {"UNIQ#EMAIL#ada@x.io", f"UNIQ#EMAIL#{CYRILLIC_ADA}"}
    assert "U+0430 CYRILLIC SMALL LETTER A" in f.sentence and "impersonating" in f.sentence
    assert p.certain_findings() == [f]
    assert p.counts()[LOOKALIKE_CLASH] == 1 and p.counts()[OK] == 0
    assert [r.cells["email"].status for r in p.rows()] == [LOOKALIKE_CLASH, LOOKALIKE_CLASH]
    assert p.findings_of("email", CYRILLIC_ADA) == [f] == p.findings_of("email", "ada@x.io")
    assert p.members(f) == ["ada@x.io", CYRILLIC_ADA]


def test_a_clash_is_not_about_another_value_its_account_holds_on_another_item() -> None:
    # Accounts' sort keys vary (TypeDORM): USER#1's PROFILE item holds 'Bob' (a case clash with
    # the lock 'bob'), its USER item 'x' (locked, healthy). Diagnosing 'x' names no clash.
    rule = LockRule("email", "email", "E#{value}", "E#{value}")
    schema = UniquenessSchema("PK", "SK", "USER#", None, (rule,))
    p = classify([{"PK": s("USER#1"), "SK": s("PROFILE"), "email": s("Bob")},
                  {"PK": s("USER#1"), "SK": s("USER"), "email": s("x")},
                  {"PK": s("E#bob"), "SK": s("E#bob")}, {"PK": s("E#x"), "SK": s("E#x")}], schema)
    [f] = p.findings()
    assert (f.status, f.value, f.account_ids) == (CASE_CLASH, "bob", ("USER#1",))
    assert p.findings_of("email", "Bob") == [f] == p.findings_of("email", "bob")
    assert p.findings_of("email", "x") == []


def test_lookalike_keeps_its_members_orphans_and_missing_locks() -> None:
    """A lookalike is another value: its own lock problems are still reported (unlike a case
    clash, whose orphans and missing locks are its symptoms)."""
    p = classify([acct("1", email="ada@x.io"), lock("EMAIL", "ada@x.io"),
                  acct("2", email=CYRILLIC_ADA), lock("EMAIL", "\u0430DA@x.io")], article_schema())
    assert sorted(statuses(p)) == sorted([
        (LOOKALIKE_CLASH, "email", "ada@x.io"),
        (CASE_CLASH, "email", CYRILLIC_ADA),  # the Cyrillic account and its capitalised lock
    ])
    p = classify([acct("1", email="ada@x.io"), lock("EMAIL", "ada@x.io"),
                  acct("2", email=CYRILLIC_ADA), lock("EMAIL", "ad\u0430@x.io")], article_schema())
    assert sorted(statuses(p)) == sorted([
        (LOOKALIKE_CLASH, "email", "ada@x.io"),
        (MISSING_LOCK, "email", CYRILLIC_ADA),
        (ORPHAN_LOCK, "email", "ad\u0430@x.io"),
    ])
    [alike] = [f for f in p.findings() if f.status == LOOKALIKE_CLASH]
    assert len(alike.lock_keys) == 2 and alike.account_ids == ("ACCT#1", "ACCT#2")
    # The cell shows the worse finding; the lock row its orphan.
    cells = {r.account_id: r.cells["email"].status for r in p.rows()}
    assert cells == {"ACCT#1": LOOKALIKE_CLASH, "ACCT#2": MISSING_LOCK, None: ORPHAN_LOCK}


@pytest.mark.parametrize(("one", "other"), [("bob1@x.io", "bobl@x.io"), ("emma@x.io", "ernrna@x.io"),
                                             ("a`b@x.io", "a'b@x.io")])
def test_ascii_lookalikes_are_not_flagged(one: str, other: str) -> None:
    """ASCII skeletons (l and 1, rn and m, ` and ') would flag every table of usernames: only a
    form outside ASCII starts a lookalike clash."""
    p = classify([acct("1", email=one), lock("EMAIL", one), acct("2", email=other), lock("EMAIL", other)],
                 article_schema())
    assert [f.status for f in p.findings()] == ([CASE_CLASH] if one.lower() == other.lower() else [])


def test_a_case_clash_and_a_lookalike_of_one_value() -> None:
    p = classify([acct("1", email="ada@x.io"), lock("EMAIL", "ada@x.io"), lock("EMAIL", "Ada@x.io"),
                  acct("2", email=CYRILLIC_ADA), lock("EMAIL", CYRILLIC_ADA)], article_schema())
    assert statuses(p) == [(CASE_CLASH, "email", "ada@x.io"), (LOOKALIKE_CLASH, "email", "ada@x.io")]
    alike = p.findings()[1]
    assert p.members(alike) == ["Ada@x.io", "ada@x.io", CYRILLIC_ADA]
    assert len(alike.lock_keys) == 3


def test_trimming_rules_compare_trimmed_forms() -> None:
    # Without trimming, spaces make different values (a lock key can hold them), which look
    # the same: a lookalike clash (forms.lookalike_key tidies whitespace), not a case clash.
    p = classify([acct("1", email="ada@x.io"), lock("EMAIL", "ada@x.io"),
                  acct("2", email=" ada@x.io"), lock("EMAIL", " ada@x.io")], article_schema())
    assert statuses(p) == [(LOOKALIKE_CLASH, "email", "ada@x.io")]
    # With trim+lowercase, an untrimmed lock clashes with the account's trimmed value.
    p = classify([acct("1", email=" Ada@x.io "), lock("EMAIL", " ada@x.io")],
                 _email_rule(NORMALISE_TRIM_LOWER))
    assert statuses(p) == [(CASE_CLASH, "email", "ada@x.io")]
    # An ideographic space trims like any other (the non-ASCII path).
    p = classify([acct("1", email="\u0430da@x.io\u3000"), lock("EMAIL", "\u0430da@x.io"),
                  acct("2", email="ada@x.io"), lock("EMAIL", "ada@x.io")],
                 _email_rule(NORMALISE_TRIM_LOWER))
    assert statuses(p) == [(LOOKALIKE_CLASH, "email", "ada@x.io")]


def test_nfkc_casefold_rule_stores_the_clash_key() -> None:
    schema = _email_rule(NORMALISE_NFKC_CASEFOLD)
    # Every spelling of one value needs the one lock: capitals, fullwidth, NFD, invisible, spaces.
    p = classify([acct("1", email=" \uff21da@X.io\u200b"), lock("EMAIL", "ada@x.io"),
                  acct("2", email="Jose\u0301@x.io"), lock("EMAIL", "jos\u00e9@x.io")], schema)
    assert p.findings() == [] and p.counts()[OK] == 2
    assert p.rows()[0].cells["email"].lock_key == {"PK": s("UNIQ#EMAIL#ada@x.io"), "SK": s("LOCK")}
    # Two accounts whose values are one clash key are a duplicate; a lock stored otherwise clashes.
    p = classify([acct("1", email="ADA@x.io"), acct("2", email="\uff41da@x.io"), lock("EMAIL", "ada@x.io"),
                  acct("3", email="bo@x.io"), lock("EMAIL", "Bo@x.io")], schema)
    assert statuses(p) == [(DUPLICATE_VALUE, "email", "ada@x.io"), (CASE_CLASH, "email", "bo@x.io")]
    # Lookalikes still differ after the normalisation.
    p = classify([acct("1", email="ADA@x.io"), lock("EMAIL", "ada@x.io"),
                  acct("2", email="\u0410DA@x.io"), lock("EMAIL", CYRILLIC_ADA)], schema)
    assert statuses(p) == [(LOOKALIKE_CLASH, "email", "ada@x.io")]


def test_a_table_without_non_ascii_values_never_keys_lookalikes(monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.core.uniqueness import clash_groups, scoped_keys

    def refuse(*_args: object) -> list[str]:
        raise AssertionError("lookalike keys computed for an ASCII-only table")

    # Every rule's lookalike key goes through scoped_keys (a scoped one's per scope).
    for module in (clash_groups, scoped_keys):
        monkeypatch.setattr(module, "lookalike_key", refuse)
    monkeypatch.setattr(clash_groups, "ascii_lookalike_keys", refuse)
    monkeypatch.setattr(clash_groups, "_spellings", refuse)
    p = classify([acct(str(i), email=f"u{i}@x.io") for i in range(50)]
                 + [lock("EMAIL", f"u{i}@x.io") for i in range(50)] + [lock("EMAIL", "U3@x.io")],
                 article_schema())
    assert statuses(p) == [(CASE_CLASH, "email", "u3@x.io")]


@pytest.mark.parametrize("feed", ["items", "batches"])
def test_lookalikes_with_many_ascii_spellings_are_found_too(feed: str) -> None:
    """A key of many l's has millions of ASCII spellings: every ASCII form is keyed instead."""
    latin, digits = "a" + "l" * 14 + "@x.io", "a" + "1l" * 7 + "@x.io"  # ASCII lookalikes of each other
    items = [acct("1", email=latin), lock("EMAIL", latin), acct("2", email="\u0430" + latin[1:]),
             lock("EMAIL", "\u0430" + latin[1:]), acct("3", email=digits), lock("EMAIL", digits),
             acct("4", email="A" + latin[1:]), lock("EMAIL", "A" + latin[1:])]
    p = classify(items, article_schema()) if feed == "items" else Pairing(article_schema())
    if feed == "batches":  # as the audit's page classifier applies them
        PageClassifier(p).feed(orjson.dumps({"Items": items}))
    alike = [f for f in p.findings() if f.status == LOOKALIKE_CLASH]
    assert [(f.value, f.account_ids) for f in alike] == [(latin, ("ACCT#1", "ACCT#2", "ACCT#3", "ACCT#4"))]
    assert statuses(p)[0] == (CASE_CLASH, "email", latin)  # a... and A...: one value


@pytest.mark.parametrize("expired_first", [True, False])
@pytest.mark.parametrize("feed", ["items", "batches"])
def test_an_account_with_several_items_is_expired_if_any_is(expired_first: bool, feed: str) -> None:
    """Where accounts' sort keys vary, one account has several items: whatever order a Scan
    reads them in, one expired item makes the account expired (one finding)."""
    schema = UniquenessSchema("PK", "SK", "ACCT#", None, article_schema().rules)
    old = {"PK": s("ACCT#1"), "SK": s("OLD"), "email": s("a@x"), "expiresAt": {"N": PAST}}
    new = {"PK": s("ACCT#1"), "SK": s("NEW"), "email": s("a@x")}
    items = [old, new, lock("EMAIL", "a@x")] if expired_first else [new, old, lock("EMAIL", "a@x")]
    p = Pairing(schema, "expiresAt", NOW)
    if feed == "items":
        p.feed(items)
    else:
        PageClassifier(p).feed(orjson.dumps({"Items": items}))
    assert statuses(p) == [(EXPIRED, None, None)]
    assert p.rows()[0].expired
