"""Locks in a table of their own: the schema's locks_table, its JSON, and pairing two tables."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dynoview.core.preflight.guards import add_guards
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.uniqueness.locks_table import (
    NO_ACCOUNT_PREFIX,
    home_table,
    locks_view,
    pair_tables,
    with_accounts_table,
    with_locks_table,
)
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import (
    LockRule,
    LocksTable,
    SchemaError,
    UniquenessSchema,
    article_schema,
    lock_key_problem,
)
from dynoview.core.uniqueness.schema_file import schema_from_json, schema_to_text
from dynoview.core.uniqueness.schema_store import SchemaStore

NOW = datetime(2026, 1, 1, tzinfo=UTC)

#: The pattern as advancedweb.hu's example writes it: users keyed ID, uniques keyed (value, type).
VALUE_TYPE = UniquenessSchema(
    pk_name="ID", sk_name=None, account_pk_prefix="", account_sk_value=None,
    rules=(LockRule("email", "email", "{value}", "email"),
           LockRule("username", "username", "{value}", "username")),
    locks=LocksTable("uniques", "value", "type", "users"))

#: The brief's: uniques keyed on pk alone, one marker per value.
MARKERS = UniquenessSchema(
    pk_name="ID", sk_name=None, account_pk_prefix="", account_sk_value=None,
    rules=(LockRule("email", "email", "email#{value}", None),),
    locks=LocksTable("uniques", "pk", None))


def S(text: str) -> dict[str, str]:
    return {"S": text}


def table(name: str, pk: str, sk: str | None = None, ttl: str | None = None) -> TableInfo:
    return TableInfo(name=name, partition_key=KeyAttribute(pk, "S"),
                     sort_key=KeyAttribute(sk, "S") if sk else None, ttl_attribute=ttl)


# ------------------------------------------------------------------ the schema and its JSON


def test_lock_keys_use_the_locks_tables_key_names() -> None:
    assert VALUE_TYPE.lock_key(VALUE_TYPE.rule("email"), "ada@x.io") == {
        "value": S("ada@x.io"), "type": S("email")}
    assert MARKERS.lock_key(MARKERS.rule("email"), "ada@x.io") == {"pk": S("email#ada@x.io")}
    assert VALUE_TYPE.lock_key_names == ("value", "type") and VALUE_TYPE.key_names == ("ID",)
    assert VALUE_TYPE.locks_table_name("users") == "uniques"
    # One table: the locks' key names are the accounts'.
    article = article_schema()
    assert article.lock_key_names == ("PK", "SK") and article.locks_table_name("t") == "t"


def test_match_lock_reads_the_locks_tables_keys() -> None:
    # Rules sharing the empty prefix are told apart by their fixed sort key.
    assert VALUE_TYPE.match_lock({"value": S("ada"), "type": S("username")}) == (
        VALUE_TYPE.rule("username"), "ada")
    assert VALUE_TYPE.match_lock({"value": S("ada@x.io"), "type": S("email")}) == (
        VALUE_TYPE.rule("email"), "ada@x.io")
    assert VALUE_TYPE.match_lock({"value": S("ada"), "type": S("phone")}) is None
    assert VALUE_TYPE.match_lock({"ID": S("ada")}) is None  # an account's key is no lock


def test_json_round_trip_and_old_files(tmp_path: Path) -> None:
    for schema in (VALUE_TYPE, MARKERS):
        assert schema_from_json(json.loads(schema_to_text(schema))) == schema
    text = schema_to_text(VALUE_TYPE)
    assert json.loads(text)["locks_table"] == {"name": "uniques", "pk_name": "value", "sk_name": "type",
                                               "accounts_table": "users"}
    # A file written before locks_table existed loads as before: locks beside the accounts.
    old = json.loads(schema_to_text(article_schema()))
    assert "locks_table" not in old
    assert schema_from_json(old) == article_schema() and schema_from_json(old).locks is None
    store = SchemaStore(tmp_path)
    store.save("local", "users", VALUE_TYPE)
    assert store.load("local", "users").schema == VALUE_TYPE


def test_locks_table_key_names_default_to_the_accounts() -> None:
    data = json.loads(schema_to_text(article_schema()))
    data["locks_table"] = {"name": "uniques"}
    schema = schema_from_json(data)
    assert schema.locks == LocksTable("uniques", "PK", "SK")


@pytest.mark.parametrize(("change", "location"), [
    ({"locks_table": "uniques"}, "locks_table"),
    ({"locks_table": {"pk_name": "pk"}}, "locks_table.name"),
    ({"locks_table": {"name": "uniques", "hash": "pk"}}, "locks_table.hash"),
])
def test_bad_locks_table_says_where(change: dict, location: str) -> None:
    data = {**json.loads(schema_to_text(MARKERS)), **change}
    with pytest.raises(SchemaError) as info:
        schema_from_json(data)
    assert info.value.location == location


def test_empty_prefixes_only_for_a_table_of_their_own() -> None:
    data = json.loads(schema_to_text(VALUE_TYPE))
    single = {k: v for k, v in data.items() if k != "locks_table"}
    with pytest.raises(SchemaError, match="account_pk_prefix must not be empty"):
        schema_from_json(single)
    single["account_pk_prefix"] = "ACCT#"
    with pytest.raises(SchemaError, match="fixed prefix"):
        schema_from_json(single)
    # Two rules with the empty prefix and no sort key to tell them apart: refused.
    data["locks_table"]["sk_name"] = None
    for rule in data["rules"]:
        rule["sk_value"] = None
    with pytest.raises(SchemaError, match="own sk_value"):
        schema_from_json(data)


def test_lock_key_problem_checks_the_locks_table() -> None:
    rule = MARKERS.rule("email")
    assert lock_key_problem(MARKERS, rule, table("uniques", "pk")) is None
    assert "keyed on key: set locks_table.pk_name to key" in (
        lock_key_problem(MARKERS, rule, table("uniques", "key")) or "")
    assert "keeps its locks in table uniques, not users" in (
        lock_key_problem(MARKERS, rule, table("users", "ID")) or "")
    assert lock_key_problem(VALUE_TYPE, VALUE_TYPE.rule("email"), table("uniques", "value", "type")) is None


def test_with_locks_table_takes_the_key_names_and_drops_a_sort_key_the_table_lacks() -> None:
    schema = with_locks_table(article_schema(), table("uniques", "pk"), "accounts")
    assert schema.locks == LocksTable("uniques", "pk", None, "accounts")
    assert {r.sk_value for r in schema.rules} == {None}
    assert schema.lock_key(schema.rule("email"), "ada@x.io") == {"pk": S("UNIQ#EMAIL#ada@x.io")}
    keyed = with_locks_table(article_schema(), table("uniques", "PK", "SK"))
    assert {r.sk_value for r in keyed.rules} == {"LOCK"} and keyed.locks == LocksTable("uniques", "PK", "SK")


def test_home_table_and_accounts_table() -> None:
    assert home_table(VALUE_TYPE, "uniques") == "users" and home_table(VALUE_TYPE, "users") == "users"
    assert home_table(MARKERS, "uniques") == "uniques"  # no accounts table known yet
    known = with_accounts_table(MARKERS, ["uniques", "people"])
    assert known.locks is not None and known.locks.accounts_table == "people"
    assert with_accounts_table(MARKERS, ["uniques"]) == MARKERS


# ------------------------------------------------------------------ pairing two tables


USERS = [{"ID": S("ada"), "email": S("ada@x.io"), "username": S("ada")},
         {"ID": S("bob"), "email": S("bob@x.io"), "username": S("bob")},
         {"ID": S("c1"), "email": S("c@x.io")}, {"ID": S("c2"), "email": S("c@x.io")},
         {"ID": S("dan"), "email": S("Dan@x.io")}]
UNIQUES = [{"value": S(v), "type": S(t), "exp": {"N": "1767000000" if v == "old@x.io" else "4102444800"}}
           for v, t in [("ada@x.io", "email"), ("ada", "username"), ("bob", "username"),
                        ("ghost@x.io", "email"), ("c@x.io", "email"), ("Dan@x.io", "email"),
                        ("dan@x.io", "email"), ("old@x.io", "email")]]


def found(pairing: Pairing) -> set[tuple[str, str | None, str | None, tuple[str, ...]]]:
    return {(f.status, f.rule, f.value, f.account_ids) for f in pairing.findings()}


def test_pairing_across_the_two_tables_names_every_case() -> None:
    pairing = pair_tables(VALUE_TYPE, USERS, UNIQUES, locks_ttl="exp", now=NOW)
    assert found(pairing) == {
        ("MISSING_LOCK", "email", "bob@x.io", ("bob",)),
        ("ORPHAN_LOCK", "email", "ghost@x.io", ()),
        ("DUPLICATE_VALUE", "email", "c@x.io", ("c1", "c2")),
        ("CASE_CLASH", "email", "dan@x.io", ("dan",)),
        ("EXPIRED", "email", "old@x.io", ()),  # the locks table's own TTL
    }
    orphan = next(f for f in pairing.findings() if f.status == "ORPHAN_LOCK")
    assert orphan.lock_keys == ({"value": S("ghost@x.io"), "type": S("email")},)
    assert pairing.items_seen == 13 and pairing.other_items == 0
    lock_rows = [r for r in pairing.rows() if r.kind == "lock"]
    assert {r.key["value"]["S"] for r in lock_rows} == {"ghost@x.io", "dan@x.io", "old@x.io"}
    assert {r.cells["email"].status for r in lock_rows if r.key["value"]["S"] == "ghost@x.io"} == {
        "ORPHAN_LOCK"}


def test_neither_table_is_read_as_the_other() -> None:
    # The accounts table's items are never locks (even when they look like one), and the locks
    # table's never accounts (even with an empty account prefix, which matches every key).
    pairing = Pairing(VALUE_TYPE, now=NOW)
    pairing.feed([{"ID": S("x"), "value": S("ada@x.io"), "type": S("email")}])
    assert all(not s.locks for s in pairing.rules.values()) and set(pairing.accounts) == {"x"}
    view = locks_view(VALUE_TYPE)
    assert view.account_pk_prefix == NO_ACCOUNT_PREFIX and view.locks is None
    assert view.key_names == ("value", "type")
    lock_pairing = Pairing(view, now=NOW)
    lock_pairing.feed(UNIQUES)
    assert not lock_pairing.accounts and len(lock_pairing.rules["email"].locks) == 6
    assert locks_view(article_schema()) == article_schema()


def test_one_table_schema_pairs_as_before() -> None:
    schema = article_schema()
    items = [{"PK": S("ACCT#1"), "SK": S("PROFILE"), "email": S("a@x.io")},
             {"PK": S("UNIQ#EMAIL#b@x.io"), "SK": S("LOCK")}]
    assert found(pair_tables(schema, items, [], now=NOW)) == found(_fed(schema, items)) == {
        ("MISSING_LOCK", "email", "a@x.io", ("ACCT#1",)), ("ORPHAN_LOCK", "email", "b@x.io", ())}


def _fed(schema: UniquenessSchema, items: list[dict]) -> Pairing:
    pairing = Pairing(schema, now=NOW)
    pairing.feed(items)
    return pairing


# ------------------------------------------------------------------ templates write into the locks table


def test_templates_put_and_delete_locks_in_the_locks_table() -> None:
    ada = USERS[0]
    signup = templates.sign_up(VALUE_TYPE, "users", ada)
    assert [(a.kind, a.table) for a in signup.actions] == [(PUT, "users"), (PUT, "uniques"), (PUT, "uniques")]
    lock = signup.actions[1]
    assert lock.item == {"value": S("ada@x.io"), "type": S("email")}
    assert lock.names.get(lock.condition.split("(")[1].rstrip(")"), "value") == "value"
    change = templates.change_value(VALUE_TYPE, "users", ada, "email", "new@x.io")
    assert [(a.kind, a.table) for a in change.actions] == [(PUT, "uniques"), (DELETE, "uniques"),
                                                          (UPDATE, "users")]
    assert change.actions[2].key == {"ID": S("ada")}
    delete = templates.delete_account(VALUE_TYPE, "users", ada)
    assert [(a.kind, a.table) for a in delete.actions] == [(DELETE, "users"), (DELETE, "uniques"),
                                                          (DELETE, "uniques")]
    claim = templates.claim_missing_lock(VALUE_TYPE, "users", USERS[1], "email")
    assert [(a.kind, a.table) for a in claim.actions] == [(PUT, "uniques"), (CONDITION_CHECK, "users")]
    release = templates.release_orphan_lock(VALUE_TYPE, "users", {"value": S("g@x.io"), "type": S("email")},
                                            templates.OwnerRead({"ID": S("ada")}, None))
    assert [(a.kind, a.table) for a in release.actions] == [(DELETE, "uniques"), (CONDITION_CHECK, "users")]
    dup = templates.resolve_duplicate(VALUE_TYPE, "users", USERS[2], USERS[3], "email", "c2@x.io")
    assert [(a.kind, a.table) for a in dup.actions] == [
        (CONDITION_CHECK, "users"), (CONDITION_CHECK, "uniques"), (PUT, "uniques"), (UPDATE, "users")]


def test_preflight_guards_use_the_locks_tables_key() -> None:
    tx = Transaction(actions=[
        Action(kind=PUT, table="uniques", item={"pk": S("email#ada@x.io")}),
        Action(kind=DELETE, table="uniques", key={"pk": S("email#old@x.io")}),
        # With an empty account prefix every key of the accounts table looks like an account,
        # and with the locks' key name it could look like a lock: it is only ever an account.
        Action(kind=PUT, table="users", item={"ID": S("email#x"), "pk": S("email#x")}),
    ])
    guarded, guards = add_guards(tx, MARKERS, {("users", "email#x"): None})
    assert [(g.index, g.text) for g in guards] == [
        (0, "attribute_not_exists(pk) on the new email lock ada@x.io"),
        (1, "attribute_exists(pk) on the released email lock old@x.io"),
        (2, "attribute_not_exists(ID): account email#x is new")]
    assert guarded.actions[0].names[guarded.actions[0].condition[len("attribute_not_exists("):-1]] == "pk"
