"""Resolve duplicate on a value no lock holds (the audit's DUPLICATE_VALUE with no lock_keys):
the transaction claims the kept account's lock, a Put guarded by attribute_not_exists keyed by
the value the kept account holds, instead of checking a lock that never existed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dynoview.core.repair.plan import DECIDE, plan_repairs
from dynoview.core.tx.model import CONDITION_CHECK, PUT, UPDATE
from dynoview.core.tx.templates import ONETABLE_MARKER_ATTRIBUTES, resolve_duplicate
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, Finding
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema, article_schema

S = article_schema()


def _acct(acct: str, email: str) -> dict[str, Any]:
    return {"PK": {"S": acct}, "SK": {"S": "PROFILE"}, "email": {"S": email}}


def _shape(tx: Any) -> list[tuple[str, str, str]]:
    return [(a.kind, (a.item or a.key)["PK"]["S"], a.condition) for a in tx.actions]


def test_without_a_lock_the_kept_accounts_lock_is_claimed_with_the_other_change() -> None:
    keep, other = _acct("ACCT#d1", "dup@x.io"), _acct("ACCT#d2", "dup@x.io")
    for new in ("other@x.io", None):
        tx = resolve_duplicate(S, "accounts", keep, other, "email", new, kept_lock=False)
        kinds = [(k, pk) for k, pk, _ in _shape(tx)]
        assert kinds == [(CONDITION_CHECK, "ACCT#d1"), (PUT, "UNIQ#EMAIL#dup@x.io"),
                         *([(PUT, "UNIQ#EMAIL#other@x.io")] if new else []), (UPDATE, "ACCT#d2")]
        put = tx.actions[1]
        assert put.condition == "attribute_not_exists(#n0)" and put.names == {"#n0": "PK"}
        assert put.item == {"PK": {"S": "UNIQ#EMAIL#dup@x.io"}, "SK": {"S": "LOCK"}}
        assert not any(a.kind == CONDITION_CHECK and a.key.get("PK", {}).get("S", "").startswith("UNIQ#")
                       for a in tx.actions)
    # With the lock (the default), it is checked, as before.
    tx = resolve_duplicate(S, "accounts", keep, other, "email", None)
    assert [(k, pk) for k, pk, _ in _shape(tx)][:2] == [(CONDITION_CHECK, "ACCT#d1"),
                                                        (CONDITION_CHECK, "UNIQ#EMAIL#dup@x.io")]


def test_the_claimed_lock_is_keyed_by_the_kept_accounts_own_value() -> None:
    """"Dup3@x.io" locked while two accounts hold "dup3@x.io": under a rule that does not
    normalise, another spelling's lock is not theirs (the audit calls it a case clash), so the
    kept account's own "dup3@x.io" lock is claimed. Under lowercase the claimed key is the
    normalised one, whichever spelling the kept account stores."""
    keep, other = _acct("ACCT#d1", "dup3@x.io"), _acct("ACCT#d2", "dup3@x.io")
    tx = resolve_duplicate(S, "accounts", keep, other, "email", None, kept_lock=False)
    assert tx.actions[1].item["PK"] == {"S": "UNIQ#EMAIL#dup3@x.io"}
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER),))
    tx = resolve_duplicate(lower, "accounts", _acct("ACCT#d1", "Dup3@X.io"), other, "email", None,
                           kept_lock=False)
    assert tx.actions[1].item["PK"] == {"S": "UNIQ#EMAIL#dup3@x.io"}
    assert tx.actions[0].values == {":v0": {"S": "Dup3@X.io"}}  # the kept account guarded as stored


def test_a_onetable_marker_is_claimed_as_the_library_writes_it() -> None:
    rule = LockRule("email", "email", "_unique#User#email#{value}", "_unique#", "none")
    schema = UniquenessSchema(pk_name="pk", sk_name="sk", rules=(rule,), account_pk_prefix="User#",
                              account_sk_value="User#")
    keep = {"pk": {"S": "User#1"}, "sk": {"S": "User#"}, "email": {"S": "a@x.io"}}
    other = {"pk": {"S": "User#2"}, "sk": {"S": "User#"}, "email": {"S": "a@x.io"}}
    tx = resolve_duplicate(schema, "t", keep, other, "email", None, kept_lock=False)
    assert tx.actions[1].kind == PUT
    marker = {k: v for k, v in tx.actions[1].item.items() if k not in ("pk", "sk")}
    assert marker == ONETABLE_MARKER_ATTRIBUTES


def test_the_repair_plan_says_the_resolve_claims_the_missing_lock() -> None:
    """`repair` lists a duplicate for a person; for one no lock holds its reason says the resolve
    claims the lock (it used to send people to a resolve that could never be applied)."""
    nolock = Finding(DUPLICATE_VALUE, "email", "dup@x.io", ("ACCT#d1", "ACCT#d2"), (), "", "")
    locked = replace(nolock, lock_keys=({"PK": {"S": "UNIQ#EMAIL#dup@x.io"}, "SK": {"S": "LOCK"}},))
    [a, b] = plan_repairs([nolock, locked], S, "accounts").items
    assert a.kind == b.kind == DECIDE
    assert "No lock holds the value, so the resolve claims the kept account's lock" in a.reason
    assert b.reason == ("Which account keeps the value is a person's decision: use Resolve duplicate "
                        "on one of the accounts.")
