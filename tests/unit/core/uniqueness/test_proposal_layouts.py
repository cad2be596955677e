"""Detection on real layouts it used to get confidently wrong.

1. Locks repeating their PK in the SK (``UNIQ#EMAIL#<v>`` / the same): the most common SK (one
   lock's) was taken as every lock's, so a healthy table audited as MISSING_LOCK.
2. Orders copying the customer's email (``ORDER#<id>`` / ``ORDER``, three per customer): raw
   value hits made the orders the accounts, the username rule was dropped.
3. Orders in each account's collection (``ACCT#<id>`` / ``ORDER#<id>-<n>``): every ACCT# item
   was an account, the username rule was dropped, a broken table audited clean.
4. NFKC + casefold locks (``Straße`` -> ``strasse``, fullwidth letters): proposed trim+lowercase,
   so a healthy table audited with CASE_CLASHes.

Where the sample cannot decide, the proposal says so (``confident`` False, a note naming it).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import SchemaProposal, UniquenessSchema
from dynoview.core.uniqueness.schema_file import schema_from_json

TABLE = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
Item = dict[str, Any]
ACCOUNTS = [("a1", "ada@x.io", "ada"), ("a2", "bob@x.io", "bob"), ("a3", "cy@x.io", "cy")]


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _item(pk: str, sk: str, **attrs: str) -> Item:
    return {"PK": s(pk), "SK": s(sk), **{k: s(v) for k, v in attrs.items()}}


def _findings(schema: UniquenessSchema, items: list[Item]) -> list[tuple[str, str, str | None]]:
    pairing = Pairing(schema)
    pairing.feed(items)
    return sorted((f.status, f.rule, f.value) for f in pairing.findings())


def _propose(items: list[Item]) -> SchemaProposal:
    proposal = propose_schema(items, TABLE)
    assert schema_from_json(proposal.schema.to_json()) == proposal.schema
    return proposal


# --------------------------------------------------------------- 1. lock SK repeating the PK


def _repeating(emails: list[str]) -> list[Item]:
    items: list[Item] = []
    for i, e in enumerate(emails):
        items += [_item(f"ACCT#{i}", "PROFILE", email=e),
                  _item(f"UNIQ#EMAIL#{e}", f"UNIQ#EMAIL#{e}")]
    return items


def test_lock_sort_keys_repeating_the_pk_become_a_template() -> None:
    items = _repeating(["ada@x.io", "bob@x.io", "cy@x.io"])
    proposal = _propose(items)
    assert proposal.confident, proposal.notes
    [rule] = proposal.schema.rules
    assert (rule.pk_template, rule.sk_value) == ("UNIQ#EMAIL#{value}", "UNIQ#EMAIL#{value}")
    assert _findings(proposal.schema, items) == []
    # Broken: an account without its lock, and an orphan lock; exactly those are found.
    broken = [*items[:-1], _item("ACCT#9", "PROFILE", email="zed@x.io"),
              _item("UNIQ#EMAIL#ghost@x.io", "UNIQ#EMAIL#ghost@x.io")]
    assert _findings(_propose(broken).schema, broken) == [
        ("MISSING_LOCK", "email", "cy@x.io"), ("MISSING_LOCK", "email", "zed@x.io"),
        ("ORPHAN_LOCK", "email", "ghost@x.io")]


def test_a_single_lock_repeating_its_pk_and_a_value_inside_another_pattern() -> None:
    assert _propose(_repeating(["ada@x.io"])).schema.rules[0].sk_value == "UNIQ#EMAIL#{value}"
    items: list[Item] = []
    for i, e in enumerate(["a#1@x.io", "b@x.io"]):
        items += [_item(f"ACCT#{i}", "PROFILE", email=e), _item(f"UNIQ#EMAIL#{e}", f"V#{e}#1")]
    proposal = _propose(items)
    assert proposal.confident
    assert proposal.schema.rules[0].sk_value == "V#{value}#1"
    assert _findings(proposal.schema, items) == []


def test_lock_sort_keys_that_vary_without_a_pattern_are_unsure() -> None:
    items: list[Item] = []
    for i, (e, sk) in enumerate([("ada@x.io", "LOCK"), ("bob@x.io", "LOCK"), ("cy@x.io", "V2")]):
        items += [_item(f"ACCT#{i}", "PROFILE", email=e), _item(f"UNIQ#EMAIL#{e}", sk)]
    proposal = _propose(items)
    assert not proposal.confident
    assert any("UNIQ#EMAIL# locks' sort keys differ ('LOCK', 'V2')" in n for n in proposal.notes)


# --------------------------------------------------------------- 2. and 3. copies of the values


def _locks(broken: bool = False) -> list[Item]:
    items: list[Item] = []
    for _, e, u in ACCOUNTS:
        items.append(_item(f"UNIQ#EMAIL#{e}", "LOCK"))
        if not (broken and u == "cy"):
            items.append(_item(f"UNIQ#HANDLE#{u}", "LOCK"))
    return items + ([_item("UNIQ#HANDLE#ghost", "LOCK")] if broken else [])


def test_orders_copying_the_email_are_not_the_accounts() -> None:
    items = _locks()
    for i, e, u in ACCOUNTS:
        items.append(_item(f"ACCT#{i}", "PROFILE", email=e, username=u))
        items += [_item(f"ORDER#{i}-{n}", "ORDER", email=e, customer=i) for n in range(3)]
    proposal = _propose(items)
    schema = proposal.schema
    assert proposal.confident, proposal.notes
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("ACCT#", "PROFILE")
    assert [r.name for r in schema.rules] == ["email", "username"]
    assert _findings(schema, items) == []


def test_orders_in_the_account_collection_leave_the_profile_as_the_account() -> None:
    items = _locks(broken=True)
    for i, e, u in ACCOUNTS:
        items.append(_item(f"ACCT#{i}", "PROFILE", email=e, username=u))
        items += [_item(f"ACCT#{i}", f"ORDER#{i}-{n}", email=e, total="10") for n in range(3)]
    proposal = _propose(items)
    schema = proposal.schema
    assert proposal.confident, proposal.notes
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("ACCT#", "PROFILE")
    assert [r.name for r in schema.rules] == ["email", "username"]
    assert _findings(schema, items) == [("MISSING_LOCK", "username", "cy"),
                                        ("ORPHAN_LOCK", "username", "ghost")]


def test_accounts_and_copies_that_cannot_be_told_apart_are_unsure() -> None:
    """Each account's sort key is its own (USER#<id>) and so is each order's: no sort key
    marks the accounts, and every email is held by four items."""
    items = _locks()
    for i, e, u in ACCOUNTS:
        items.append(_item(f"USER#{i}", f"USER#{i}", email=e, username=u))
        items += [_item(f"USER#{i}", f"ORDER#{i}-{n}", email=e) for n in range(3)]
    proposal = _propose(items)
    assert not proposal.confident
    assert any("3 of the 3 email values locked under UNIQ#EMAIL# are each held by several" in n
               for n in proposal.notes), proposal.notes


def test_two_kinds_of_item_holding_the_values_alike_are_unsure() -> None:
    items = _locks()
    for i, e, u in ACCOUNTS:
        items += [_item(f"ACCT#{i}", "PROFILE", email=e, username=u),
                  _item(f"LOGIN#{i}", "AUTH", email=e, username=u)]
    proposal = _propose(items)
    assert not proposal.confident
    assert any("hold the locked values alike (6 and 6" in n for n in proposal.notes), proposal.notes


def test_other_items_of_a_varying_prefix_holding_locked_values_are_unsure() -> None:
    items = _locks()
    for i, e, u in ACCOUNTS:
        items += [_item(f"USER#{i}", f"USER#{i}", email=e, username=u),
                  _item(f"USER#{i}", "SETTINGS", email=e)]
    proposal = _propose(items)
    assert proposal.schema.account_sk_value is None
    assert not proposal.confident
    assert any("other items of the prefix hold locked values too" in n for n in proposal.notes)


# --------------------------------------------------------------- 4. normalisation


def _normalised(values: list[str], norm: Any) -> list[Item]:
    items: list[Item] = []
    for i, e in enumerate(values):
        items += [_item(f"ACCT#{i}", "PROFILE", email=e), _item(f"UNIQ#EMAIL#{norm(e)}", "LOCK")]
    return items


def test_nfkc_casefold_locks_are_detected() -> None:
    items = _normalised(["Ada@X.io", "bob@x.io", "Straße@x.io", "ｃｙ@x.io", " Dee@x.io "],
                        lambda e: unicodedata.normalize("NFKC", e).casefold().strip())
    proposal = _propose(items)
    assert proposal.confident, proposal.notes
    assert proposal.schema.rules[0].normalisation == "nfkc+casefold"
    assert _findings(proposal.schema, items) == []


def test_ascii_values_keep_the_simplest_normalisation_that_explains_them() -> None:
    trimmed = _normalised([" Ada@x.io", "Bob@x.io", "cy@x.io"], lambda e: e.strip().lower())
    assert _propose(trimmed).schema.rules[0].normalisation == "trim+lowercase"
    lowered = _normalised(["Ada@x.io", "Bob@x.io"], str.lower)
    assert _propose(lowered).schema.rules[0].normalisation == "lowercase"
    exact = _normalised(["ada@x.io", "bob@x.io"], str)
    assert _propose(exact).schema.rules[0].normalisation == "none"


def test_locks_the_chosen_normalisation_never_writes_are_unsure() -> None:
    items = _normalised(["Ada@x.io", "Bob@x.io", "Cy@x.io"], str.lower)
    items += [_item("ACCT#9", "PROFILE", email="Dee@x.io"), _item("UNIQ#EMAIL#Dee@x.io", "LOCK")]
    proposal = _propose(items)
    assert proposal.schema.rules[0].normalisation == "lowercase"
    assert not proposal.confident
    assert any("1 UNIQ#EMAIL# lock(s) ('Dee@x.io'…) are not in the form lowercase writes" in n
               for n in proposal.notes), proposal.notes
