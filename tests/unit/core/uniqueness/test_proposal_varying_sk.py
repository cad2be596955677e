"""Detection of accounts whose sort key varies per account (``USER#<id>`` / ``USER#<id>``).

It used to group candidate accounts by (PK prefix, exact SK), so each such account was a group
of its own and the proposal took ONE account's sort key (``USER#0``) as every account's: the
other accounts' locks were then orphans, and a repair planned to delete them.
"""

from __future__ import annotations

from typing import Any

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import UniquenessSchema

TABLE = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
Item = dict[str, Any]


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _lock(value: str, name: str = "EMAIL") -> Item:
    return {"PK": s(f"UNIQ#{name}#{value}"), "SK": s("LOCK")}


def _findings(schema: UniquenessSchema, items: list[Item]) -> list[tuple[str, str | None]]:
    pairing = Pairing(schema)
    pairing.feed(items)
    return [(f.status, f.value) for f in pairing.findings()]


def test_accounts_whose_sort_key_repeats_their_id_have_no_fixed_sort_key() -> None:
    items: list[Item] = []
    for i in range(6):
        items += [{"PK": s(f"USER#{i}"), "SK": s(f"USER#{i}"), "email": s(f"user{i}@x.io")},
                  _lock(f"user{i}@x.io")]
    proposal = propose_schema(items, TABLE)
    schema = proposal.schema
    assert proposal.confident
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("USER#", None)
    [rule] = schema.rules
    assert (rule.name, rule.attribute, rule.pk_template, rule.sk_value) == (
        "email", "email", "UNIQ#EMAIL#{value}", "LOCK")
    assert [schema.is_account(i) for i in items] == [True, False] * 6  # locks are never accounts
    assert "SK varies" in proposal.notes[0]
    assert _findings(schema, items) == []  # every account has its lock: nothing to repair


def test_per_account_sort_keys_of_any_kind_vary_too() -> None:
    items: list[Item] = []
    for i, sk in enumerate(["a1f9", "77c0", "e3d2", "0b5e"]):
        items += [{"PK": s(f"USER#{i}"), "SK": s(sk), "email": s(f"u{i}@x.io")}, _lock(f"u{i}@x.io")]
    schema = propose_schema(items, TABLE).schema
    assert schema.account_sk_value is None
    assert _findings(schema, items) == []


def test_a_shared_sort_key_is_still_the_accounts_and_other_items_stay_out() -> None:
    """ACCT#<id>/PROFILE beside per-account items (orders, an audit trail copying the email):
    PROFILE marks the accounts, and the copies are not counted as accounts."""
    items: list[Item] = []
    for i in range(4):
        items += [{"PK": s(f"ACCT#{i}"), "SK": s("PROFILE"), "email": s(f"u{i}@x.io")},
                  {"PK": s(f"ACCT#{i}"), "SK": s(f"ORDER#{i}"), "total": {"N": "3"}},
                  _lock(f"u{i}@x.io")]
    items.append({"PK": s("ACCT#1"), "SK": s("AUDIT#2024-01-01"), "email": s("u1@x.io")})
    schema = propose_schema(items, TABLE).schema
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("ACCT#", "PROFILE")
    assert _findings(schema, items) == []


def test_one_account_in_the_sample_keeps_its_sort_key_unless_it_repeats_its_id() -> None:
    alone = [{"PK": s("ACCT#a1"), "SK": s("PROFILE"), "email": s("a@x.io")}, _lock("a@x.io")]
    assert propose_schema(alone, TABLE).schema.account_sk_value == "PROFILE"
    own = [{"PK": s("USER#a1"), "SK": s("USER#a1"), "email": s("a@x.io")}, _lock("a@x.io")]
    assert propose_schema(own, TABLE).schema.account_sk_value is None


def test_other_items_of_the_prefix_are_named_when_any_sort_key_is_an_account() -> None:
    items: list[Item] = []
    for i in range(3):
        items += [{"PK": s(f"USER#{i}"), "SK": s(f"USER#{i}"), "email": s(f"u{i}@x.io")},
                  {"PK": s(f"USER#{i}"), "SK": s("SETTINGS"), "theme": s("dark")},
                  _lock(f"u{i}@x.io")]
    proposal = propose_schema(items, TABLE)
    assert proposal.schema.account_sk_value is None
    assert any("3 other item(s) whose PK begins USER# (SK SETTINGS) count as accounts too; they "
               "hold no email" in n for n in proposal.notes)
    assert _findings(proposal.schema, items) == []


def test_keys_of_the_lock_family_are_never_candidate_accounts() -> None:
    """A UNIQ# key outside the UNIQ#<NAME># pattern (no value part) holding an email is no
    account: the accounts are the USER# items."""
    items: list[Item] = [{"PK": s(f"UNIQ#STATS{i}"), "SK": s(f"S{i}"), "email": s(f"u{j}@x.io")}
                         for i in range(5) for j in range(2)]
    for i in range(2):
        items += [{"PK": s(f"USER#{i}"), "SK": s(f"USER#{i}"), "email": s(f"u{i}@x.io")},
                  _lock(f"u{i}@x.io")]
    schema = propose_schema(items, TABLE).schema
    assert schema.account_pk_prefix == "USER#"
