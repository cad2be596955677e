"""Uniqueness schema: JSON round trip, located validation errors, detection from a sample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    LockRule,
    SchemaError,
    UniquenessSchema,
    article_schema,
    default_schema,
    lock_key_problem,
)
from dynoview.core.uniqueness.schema_file import load_schema_file, schema_from_json
from dynoview.core.uniqueness.schema_store import SchemaStore


def s(text: str) -> dict[str, str]:
    return {"S": text}


TABLE = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                  gsis=(IndexInfo("by-mail", "GSI", KeyAttribute("mail", "S"), None, "ALL"),))


def test_round_trip_keeps_every_field() -> None:
    schema = UniquenessSchema("pk", "sk", "USER#", "META", (
        LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER, "email-index"),
        LockRule("status", "status", "U#ST#{value}#X", None),
    ))
    assert schema_from_json(json.loads(json.dumps(schema.to_json()))) == schema
    assert schema_from_json(schema.to_json()) == schema


def test_owner_attribute_round_trips_and_keeps_positional_rules() -> None:
    # The older positional form still builds the same rule; owner_attribute comes last.
    old = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER, "email-index")
    assert old.owner_attribute is None
    owned = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER, "email-index",
                     "owner")
    schema = UniquenessSchema(rules=(owned,))
    data = schema.to_json()
    assert data["rules"][0]["owner_attribute"] == "owner"
    assert schema_from_json(json.loads(json.dumps(data))) == schema
    assert UniquenessSchema(rules=(old,)).to_json()["rules"][0]["owner_attribute"] is None
    # Files written before the field existed still load.
    legacy = {"rules": [{"attribute": "email", "pk_template": "UNIQ#EMAIL#{value}"}]}
    assert schema_from_json(legacy).rules[0].owner_attribute is None


@pytest.mark.parametrize(("owner", "location", "message"), [
    (3, "rules[0].owner_attribute", "owner_attribute must be a non-empty string"),
    ("PK", "rules[0].owner_attribute", "not the key 'PK'"),
    ("SK", "rules[0].owner_attribute", "not the key 'SK'"),
])
def test_owner_attribute_is_validated(owner: object, location: str, message: str) -> None:
    data = {"rules": [{"attribute": "email", "pk_template": "UNIQ#EMAIL#{value}",
                       "owner_attribute": owner}]}
    with pytest.raises(SchemaError, match=message) as info:
        schema_from_json(data)
    assert info.value.location == location


def test_stored_lock_key_keeps_the_spelling_and_account_key_adds_the_prefix() -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              NORMALISE_LOWER),))
    rule = schema.rule("email")
    assert schema.lock_key(rule, "Ada@X") == {"PK": s("UNIQ#EMAIL#ada@x"), "SK": s("LOCK")}
    assert schema.stored_lock_key(rule, "Ada@X") == {"PK": s("UNIQ#EMAIL#Ada@X"), "SK": s("LOCK")}
    assert schema.account_key("a1") == schema.account_key("ACCT#a1") == {
        "PK": s("ACCT#a1"), "SK": s("PROFILE")}


@pytest.mark.parametrize(("table", "message"), [
    (TableInfo("ok", KeyAttribute("PK", "S"), KeyAttribute("SK", "S")), None),
    (TableInfo("metrics", KeyAttribute("deviceId", "N"), None),
     "partition key is PK, but table metrics is keyed on deviceId"),
    (TableInfo("metrics", KeyAttribute("PK", "N"), KeyAttribute("SK", "S")),
     "Table metrics cannot hold lock keys: its partition key PK holds numbers"),
    (TableInfo("bin", KeyAttribute("PK", "S"), KeyAttribute("SK", "B")),
     "its sort key SK holds binary values"),
    (TableInfo("flat", KeyAttribute("PK", "S"), None), "has no sort key"),
    (TableInfo("other", KeyAttribute("PK", "S"), KeyAttribute("kind", "S")),
     "sort key is SK, but table other sorts on kind"),
])
def test_lock_key_problem_names_what_the_table_cannot_hold(table: TableInfo,
                                                           message: str | None) -> None:
    schema = article_schema()
    problem = lock_key_problem(schema, schema.rule("email"), table)
    if message is None:
        assert problem is None
    else:
        assert problem is not None and message in problem
    flat = article_schema(sk_name=None)
    assert lock_key_problem(flat, flat.rule("email"), TableInfo("flat", KeyAttribute("PK", "S"),
                                                                None)) is None


@pytest.mark.parametrize(("data", "location"), [
    ({"rules": []}, "rules"),
    ({"rules": [{"attribute": "email"}]}, "rules[0].pk_template"),
    ({"rules": [{"attribute": "email", "pk_template": "UNIQ#E#"}]}, "rules[0].pk_template"),
    ({"rules": [{"attribute": "email", "pk_template": "{value}"}]}, "rules[0].pk_template"),
    ({"rules": [{"attribute": "e", "pk_template": "U#{value}", "normalisation": "upper"}]},
     "rules[0].normalisation"),
    ({"rules": [{"attribute": "e", "pk_template": "U#{value}"},
                {"attribute": "e", "pk_template": "V#{value}"}]}, "rules[1].name"),
    ({"rules": [{"attribute": "e", "pk_template": "U#{value}", "colour": 1}]}, "rules[0].colour"),
    ({"account_pk_prefix": "", "rules": [{"attribute": "e", "pk_template": "U#{value}"}]},
     "account_pk_prefix"),
    ({"typo": 1}, "typo"),
    ({"rules": [{"attribute": "e", "pk_template": "U#{value}", "sk_value": "{value}#{value}"}]},
     "rules[0].sk_value"),
])
def test_validation_errors_are_located(data: dict, location: str) -> None:
    with pytest.raises(SchemaError) as info:
        schema_from_json(data)
    assert info.value.location == location
    assert str(info.value).startswith(location)


def rules(*pairs: tuple[str, str | None], sk_name: str | None = "SK") -> dict:
    return {"sk_name": sk_name, "rules": [{"name": f"r{i}", "attribute": f"a{i}", "pk_template": pk,
                                           "sk_value": sk} for i, (pk, sk) in enumerate(pairs)]}


def test_overlapping_lock_prefixes_are_refused_naming_both_rules() -> None:
    data = {"rules": [{"name": "email", "attribute": "email", "pk_template": "UNIQ#EMAIL#{value}"},
                      {"name": "username", "attribute": "username", "pk_template": "UNIQ#{value}"}]}
    with pytest.raises(SchemaError) as info:
        schema_from_json(data, "overlap.json")
    # The username EMAIL#bob@x.io would write (and hold) UNIQ#EMAIL#bob@x.io, bob@x.io's email lock.
    assert info.value.location == "rules[1].pk_template"
    assert info.value.message == (
        "the lock keys of the email rule (UNIQ#EMAIL#{value}) and the username rule (UNIQ#{value}) "
        "overlap: a username beginning with 'EMAIL#' would write, and hold, a lock of the email rule. "
        "Give each rule a prefix that does not begin another's (e.g. UNIQ#EMAIL#{value} and "
        "UNIQ#HANDLE#{value}), or, in a table with a sort key, its own sk_value.")
    assert info.value.source == "overlap.json"


@pytest.mark.parametrize("data", [
    rules(("UNIQ#{value}", "LOCK"), ("UNIQ#EMAIL#{value}", "LOCK")),  # the shorter one first
    rules(("UNIQ#EMAIL#{value}", None), ("UNIQ#{value}", None), sk_name=None),  # no sort key
    rules(("U#{value}", "S#x"), ("U#E#{value}", "S#{value}")),  # S#x is S#{value} of x
    rules(("U#{value}", "S#{value}"), ("U#E#{value}", "S#E#{value}")),  # two templates that can meet
    rules(("U#{value}", "LOCKED"), ("U#E#{value}", "LOCK{value}")),  # LOCK + ED
])
def test_lock_keys_that_can_meet_are_refused(data: dict) -> None:
    with pytest.raises(SchemaError, match="overlap") as info:
        schema_from_json(data)
    assert info.value.location == "rules[1].pk_template"


@pytest.mark.parametrize("data", [
    rules(("UNIQ#EMAIL#{value}", "LOCK"), ("UNIQ#EMAIL2#{value}", "LOCK")),  # neither begins the other
    rules(("UNIQ#{value}", "HANDLE"), ("UNIQ#EMAIL#{value}", "EMAIL")),  # the sort keys tell them apart
    rules(("U#{value}", "LOCK"), ("U#E#{value}", "S#{value}")),  # LOCK is never S#<value>
    rules(("U#{value}#a", "LOCK"), ("U#E#{value}#b", "LOCK")),  # different suffixes
    rules(("$app#value_{value}", "$c#name_email"), ("$app#value_{value}", "$c#name_handle")),  # ElectroDB
])
def test_lock_keys_that_cannot_meet_are_accepted(data: dict) -> None:
    assert len(schema_from_json(data).rules) == 2


def test_schema_file_errors_name_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "schema.json"
    bad.write_text('{\n  "rules": [\n    {"attribute": "email",}\n  ]\n}\n')
    with pytest.raises(SchemaError) as info:
        load_schema_file(bad)
    assert info.value.source == str(bad)
    assert info.value.location.startswith("line 3")
    with pytest.raises(SchemaError, match="cannot read"):
        load_schema_file(tmp_path / "missing.json")


def test_default_schema_uses_table_keys_and_email_gsi() -> None:
    table = TableInfo("t", KeyAttribute("id", "S"), None,
                      gsis=(IndexInfo("email-index", "GSI", KeyAttribute("email", "S"), None, "ALL"),))
    schema = default_schema(table)
    assert (schema.pk_name, schema.sk_name) == ("id", None)
    assert schema.rule("email").index_name == "email-index"
    assert schema.lock_key(schema.rule("email"), "a@b") == {"id": {"S": "UNIQ#EMAIL#a@b"}}


def test_values_with_hash_round_trip_through_lock_keys() -> None:
    schema = article_schema()
    rule = schema.rule("email")
    key = schema.lock_key(rule, "we#ird value@x")
    assert key["PK"] == s("UNIQ#EMAIL#we#ird value@x")
    assert schema.match_lock(key) == (rule, "we#ird value@x")


def test_sort_key_holding_the_value_builds_and_matches_both_keys() -> None:
    # TypeDORM writes the same text to both keys: the SK must carry the PK's value.
    rule = LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}",
                    NORMALISE_LOWER)
    assert (rule.sk_template, rule.fixed_sk) == (("DRM_GEN_USER.EMAIL#", ""), None)
    assert (article_schema().rules[0].sk_template, article_schema().rules[0].fixed_sk) == (None, "LOCK")
    schema = UniquenessSchema("PK", "SK", "USER#", None, (rule,))
    key = schema.lock_key(rule, "Ada@X.io")
    assert key == {"PK": s("DRM_GEN_USER.EMAIL#ada@x.io"), "SK": s("DRM_GEN_USER.EMAIL#ada@x.io")}
    assert schema.stored_lock_key(rule, "Ada@X.io")["SK"] == s("DRM_GEN_USER.EMAIL#Ada@X.io")
    assert schema.match_lock(key) == (rule, "ada@x.io")
    assert schema.match_lock({"PK": key["PK"], "SK": s("DRM_GEN_USER.EMAIL#other")}) is None
    assert schema.match_lock({"PK": key["PK"], "SK": s("LOCK")}) is None
    assert schema_from_json(json.loads(json.dumps(schema.to_json()))) == schema
    # Without a sort key the template only shapes the PK.
    bare = UniquenessSchema("PK", None, "USER#", None, (rule,))
    assert bare.lock_key(rule, "a") == {"PK": s("DRM_GEN_USER.EMAIL#a")}
    assert bare.match_lock({"PK": s("DRM_GEN_USER.EMAIL#a")}) == (rule, "a")


def test_detection_finds_prefixes_attributes_and_index() -> None:
    items = [
        {"PK": s("USER#1"), "SK": s("META"), "mail": s("a@x.io"), "handle": s("ann"), "n": {"N": "1"}},
        {"PK": s("USER#2"), "SK": s("META"), "mail": s("B@x.io"), "handle": s("bob")},
        {"PK": s("UNIQ#MAIL#a@x.io"), "SK": s("U")},
        {"PK": s("UNIQ#MAIL#b@x.io"), "SK": s("U")},
        {"PK": s("UNIQ#NICK#ann"), "SK": s("U")},
        {"PK": s("UNIQ#NICK#bob"), "SK": s("U")},
        {"PK": s("ORDER#9"), "SK": s("LINE#1"), "mail": s("zzz")},
        {"PK": {"B": b"\x00"}, "SK": s("x")},
    ]
    proposal = propose_schema(items, TABLE)
    assert proposal.confident
    schema = proposal.schema
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("USER#", "META")
    mail = schema.rule("mail")
    assert mail.pk_template == "UNIQ#MAIL#{value}"
    assert mail.sk_value == "U"
    assert mail.normalisation == NORMALISE_LOWER  # B@x.io is locked as b@x.io
    assert mail.index_name == "by-mail"
    assert schema.rule("handle").pk_template == "UNIQ#NICK#{value}"


def test_detection_without_locks_falls_back_to_default() -> None:
    proposal = propose_schema([{"PK": s("ACCT#1"), "SK": s("PROFILE")}], TABLE)
    assert not proposal.confident
    assert proposal.schema == default_schema(TABLE)
    assert "No items" in proposal.notes[0]


def test_store_saves_loads_and_sets_corrupt_files_aside(tmp_path: Path) -> None:
    store = SchemaStore(tmp_path)
    assert store.load("conn/1", "t").schema is None
    schema = article_schema()
    path = store.save("conn/1", "t", schema)
    assert path.parent.name == "conn%2F1"
    assert store.load("conn/1", "t").schema == schema
    path.write_text("{not json")
    result = store.load("conn/1", "t")
    assert result.schema is None
    assert result.problem and "default layout" in result.problem
    assert result.moved_to is not None and result.moved_to.exists()
    assert not path.exists()
