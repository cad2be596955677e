"""A scoped rule whose scope holds the rule's middle text (tenantId ``Org#User#email#EU`` under
``_unique#{scope}#User#email#{value}``), and protected Numbers typed another way: the forms the
code joins keep the scope as spelled and normalise only the value, and every way the audit
classifies items (``Pairing.feed``, the page classifier, batches sent by worker processes)
pairs an account with the lock the templates write for it."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import msgspec
import orjson
import pytest

from dynoview.core.audit.pages import PageClassifier
from dynoview.core.audit.rows import build_rows
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx import templates
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_state import Batch
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from dynoview.core.uniqueness.scope import split_form

MIDDLE = "#User#email#"


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _schema(mode: str) -> tuple[LockRule, UniquenessSchema]:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                    scope="${tenantId}")
    return rule, UniquenessSchema(rules=(rule,))


def _account(name: str, tenant: str, email: str) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{name}"), "SK": s("PROFILE"), "tenantId": s(tenant), "email": s(email)}


ACCOUNTS = [_account("bob", "Org#User#email#EU", "Bob@x.io"),
            _account("cy", "Org", "EU#User#email#Cy@x.io"),
            _account("em", "Org#User#email#", "   ")]  # trimmed away: no value, no lock


def test_a_joined_form_keeps_its_scope_and_normalises_its_value() -> None:
    rule, schema = _schema("lowercase")
    form = templates.lock_value(rule, ACCOUNTS[0], "Bob@x.io")
    assert split_form(MIDDLE, form) == ("Org#User#email#EU", "Bob@x.io")
    assert rule.form_of(form) == rule.held_form(ACCOUNTS[0]) == "Org#User#email#EU#User#email#bob@x.io"
    assert rule.lock_pk(form) == "_unique#Org#User#email#EU#User#email#bob@x.io"
    assert rule.spelled(form) == "'Bob@x.io' in scope Org#User#email#EU"
    for kept in (copy.copy(form), copy.deepcopy(form), pickle.loads(pickle.dumps(form))):
        assert split_form(MIDDLE, kept) == ("Org#User#email#EU", "Bob@x.io")
    put = templates.lock_put(schema, "t", rule, form)
    assert put.item["PK"] == s("_unique#Org#User#email#EU#User#email#bob@x.io")
    assert put.label == "email lock 'Bob@x.io' in scope Org#User#email#EU"
    # Text read from a table names no scope: it is still cut at its first middle.
    plain = str(form)
    assert rule.form_of(plain) == "Org#User#email#eu#user#email#bob@x.io"


def _items(rule: LockRule) -> list[dict[str, Any]]:
    """The accounts and their locks as OneTable writes them: the scope as spelled, the value
    normalised (``held_form``); none for a value the rule empties."""
    items: list[dict[str, Any]] = []
    for account in ACCOUNTS:
        form = rule.held_form(account)
        items.append(account)
        if form is not None and not form.endswith(MIDDLE):
            items.append({"PK": s(f"_unique#{form}"), "SK": s("_unique#"), "_type": s("_Unique")})
    return items


@pytest.mark.parametrize("mode", ["lowercase", "trim+lowercase", "nfkc+casefold"])
def test_every_classifier_pairs_each_account_with_its_template_lock(mode: str) -> None:
    rule, schema = _schema(mode)
    items = _items(rule)
    body = orjson.dumps({"Items": items, "Count": len(items), "ScannedCount": len(items)})
    fed = Pairing(schema)
    fed.feed(items)
    paged = Pairing(schema)
    PageClassifier(paged).feed(body)
    sent = Pairing(schema)  # as audit worker processes do: classify, take, MessagePack, apply
    worker = PageClassifier(Pairing(schema))
    worker.classify(body)
    sent.apply(msgspec.msgpack.decode(msgspec.msgpack.encode(worker.take()), type=Batch))
    for pairing in (fed, paged, sent):
        assert pairing.findings() == []
        assert pairing.ok_count() == (3 if mode == "lowercase" else 2)
    for pairing in (fed, paged, sent):  # the view's rows name each account's lock
        rows = {row.account_id: row for row in pairing.rows() if row.account_id}
        assert rows["ACCT#bob"].cells["email"].lock_key == {
            "PK": s("_unique#Org#User#email#EU#User#email#bob@x.io"), "SK": s("_unique#")}
        assert rows["ACCT#cy"].cells["email"].lock_key == {
            "PK": s("_unique#Org#User#email#eu#user#email#cy@x.io"), "SK": s("_unique#")}
        audit_rows = build_rows(pairing, [])
        bob = audit_rows.ids.index("ACCT#bob")
        assert audit_rows.pair_row(bob).cells["email"].lock_key == rows["ACCT#bob"].cells["email"].lock_key
    # The Sign up template writes exactly these items.
    assert [a.item for account in ACCOUNTS for a in templates.sign_up(schema, "t", account).actions] == items


def _table() -> TableInfo:
    return TableInfo(name="t", partition_key=KeyAttribute("PK", "S"), sort_key=KeyAttribute("SK", "S"))


def test_number_values_and_scopes_are_keyed_and_written_as_stored() -> None:
    schema = article_schema()
    email = schema.rule("email")
    assert templates.lock_value(email, {"email": {"N": "27"}}, "0028") == "28"
    assert templates.lock_value(email, {"email": s("27")}, "0028") == "0028"  # a string stays as typed
    tx = templates.sign_up(schema, "t", {"PK": s("ACCT#n"), "SK": s("PROFILE"), "email": {"N": "1.50"},
                                         "username": s("n"), "age": {"N": "07"}})
    assert tx.actions[0].item["email"] == {"N": "1.5"}  # as DynamoDB will store it
    assert tx.actions[0].item["age"] == {"N": "07"}  # no lock reads it: written as typed
    assert [a.item["PK"]["S"] for a in tx.actions[1:]] == ["UNIQ#EMAIL#1.5", "UNIQ#HANDLE#n"]
    old = {"PK": s("ACCT#n"), "SK": s("PROFILE"), "email": {"N": "27"}, "username": s("n")}
    edit = templates.edit_account(schema, _table(), old, {**old, "email": {"N": "0028"}})
    assert [(a.kind, (a.key or a.item)["PK"]["S"]) for a in edit.actions] == [
        ("Update", "ACCT#n"), ("Put", "UNIQ#EMAIL#28"), ("Delete", "UNIQ#EMAIL#27")]
    assert {"N": "28"} in edit.actions[0].values.values()
    # A scope read from a Number, in the Sign up template and in a lock asked for by value.
    rule, scoped = _schema("lowercase")
    account = {"PK": s("ACCT#g"), "SK": s("PROFILE"), "tenantId": {"N": "007"}, "email": s("Gil@x.io")}
    assert templates.sign_up(scoped, "t", account).actions[1].item["PK"] == s("_unique#7#User#email#gil@x.io")
    assert rule.lock_pk(templates.lock_value(rule, account, "Gil@x.io")) == "_unique#7#User#email#gil@x.io"
