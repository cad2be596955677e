"""Detection never proposes two rules with one name.

Where each account's username equals its email, both lock prefixes matched the attribute
``email`` and both rules were named ``email``: the audit then reported the HANDLE locks'
findings under the email rule, and a repair refused the report's schema.
"""

from __future__ import annotations

from typing import Any

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema_file import schema_from_json

TABLE = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
Item = dict[str, Any]


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _lock(name: str, value: str) -> Item:
    return {"PK": s(f"UNIQ#{name}#{value}"), "SK": s("LOCK")}


def _rules(items: list[Item]) -> list[tuple[str, str, str]]:
    schema = propose_schema(items, TABLE).schema
    assert schema_from_json(schema.to_json()) == schema  # what a schema file must pass
    return [(r.name, r.attribute, r.pk_template) for r in schema.rules]


def _article_layout(attrs: tuple[str, str] = ("email", "username")) -> list[Item]:
    """Accounts whose username is their email: a clean table, plus ACCT#9 missing its handle
    lock and an orphan handle lock."""
    mail, handle = attrs
    items: list[Item] = []
    for i in [*range(4), 9]:
        v = f"user{i}@x.io"
        items += [{"PK": s(f"ACCT#{i}"), "SK": s("PROFILE"), mail: s(v), handle: s(v)},
                  _lock("EMAIL", v)]
        if i != 9:
            items.append(_lock("HANDLE", v))
    items.append(_lock("HANDLE", "ghost@x.io"))
    return items


def test_equal_attributes_are_told_apart_by_their_names() -> None:
    items = _article_layout()
    proposal = propose_schema(items, TABLE)
    assert _rules(items) == [("email", "email", "UNIQ#EMAIL#{value}"),
                             ("username", "username", "UNIQ#HANDLE#{value}")]
    assert any("UNIQ#HANDLE# locks hold the values of email and username alike" in n
               for n in proposal.notes)
    pairing = Pairing(proposal.schema)
    pairing.feed(items)
    assert sorted((f.status, f.rule, f.value, f.account_ids) for f in pairing.findings()) == [
        ("MISSING_LOCK", "username", "user9@x.io", ("ACCT#9",)),
        ("ORPHAN_LOCK", "username", "ghost@x.io", ())]


def test_handle_attribute_named_handle() -> None:
    assert _rules(_article_layout(("mail", "handle"))) == [
        ("mail", "mail", "UNIQ#EMAIL#{value}"), ("handle", "handle", "UNIQ#HANDLE#{value}")]


def test_names_saying_nothing_give_each_rule_its_own_attribute_and_the_lock_word() -> None:
    items: list[Item] = []
    for i in range(3):
        items += [{"PK": s(f"ACCT#{i}"), "SK": s("PROFILE"), "x": s(f"v{i}"), "y": s(f"v{i}")},
                  _lock("ALPHA", f"v{i}"), _lock("BETA", f"v{i}")]
    rules = _rules(items)
    assert [r[0] for r in rules] == ["alpha", "beta"]
    assert sorted(r[1] for r in rules) == ["x", "y"]  # one attribute each


def test_one_attribute_locked_under_two_prefixes_gets_two_names() -> None:
    items: list[Item] = []
    for i in range(3):
        items += [{"PK": s(f"ACCT#{i}"), "SK": s("PROFILE"), "email": s(f"u{i}@x.io")},
                  _lock("EMAIL", f"u{i}@x.io"), _lock("LOGIN", f"u{i}@x.io")]
    assert _rules(items) == [("email", "email", "UNIQ#EMAIL#{value}"),
                             ("login", "email", "UNIQ#LOGIN#{value}")]


def test_clear_matches_keep_their_attribute_names() -> None:
    items: list[Item] = []
    for i in range(3):
        items += [{"PK": s(f"USER#{i}"), "SK": s("META"), "mail": s(f"u{i}@x.io"), "nick": s(f"n{i}")},
                  _lock("MAIL", f"u{i}@x.io"), _lock("NICK", f"n{i}")]
    assert _rules(items) == [("mail", "mail", "UNIQ#MAIL#{value}"), ("nick", "nick", "UNIQ#NICK#{value}")]
