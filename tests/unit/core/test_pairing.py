"""Pairing classification: every status, odd values, several rules, memory-light state."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    NO_VALUE,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.pairing import Pairing, classify
from dynoview.core.uniqueness.schema import NORMALISE_TRIM_LOWER, LockRule, UniquenessSchema, article_schema

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
                      CASE_CLASH: 1}


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
