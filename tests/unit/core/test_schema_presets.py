"""Schema presets: each library's marker keys exactly as its source builds them, detection
from a sample (with and without the table's description), and the CLI's preset choice."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.presets import (
    PRESET_ARTICLE,
    PRESET_ELECTRODB,
    PRESET_ONETABLE,
    PRESET_ONETABLE_COLON,
    PRESET_ONETABLE_SCOPED,
    PRESET_TYPEDORM,
    PRESETS,
    detect_preset,
    get_preset,
    preset_names,
    preset_schema,
)
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import NORMALISE_NONE, SchemaError, article_schema, default_schema
from dynoview.core.uniqueness.schema_file import schema_from_json

ONETABLE = TableInfo("app", KeyAttribute("pk", "S"), KeyAttribute("sk", "S"),
                     gsis=(IndexInfo("gs1", "GSI", KeyAttribute("email", "S"), None, "ALL"),))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def onetable_user(user_id: str, email: str, username: str) -> dict[str, Any]:
    """A User item as OneTable writes it for pk 'user#${id}', sk 'user#' (plus _type)."""
    return {"pk": s(f"user#{user_id}"), "sk": s("user#"), "_type": s("User"), "id": s(user_id),
            "email": s(email), "username": s(username), "created": {"N": "1700000000000"}}


def onetable_marker(model: str, attribute: str, value: str) -> dict[str, Any]:
    """A unique marker as OneTable's createUnique writes it through its _Unique model."""
    return {"pk": s(f"_unique#{model}#{attribute}#{value}"), "sk": s("_unique#"), "_type": s("_Unique")}


ONETABLE_SAMPLE = [
    onetable_user("01", "ada@lovelace.io", "ada"),
    onetable_marker("User", "email", "ada@lovelace.io"),
    onetable_marker("User", "username", "ada"),
    onetable_user("02", "grace@navy.mil", "grace"),
    onetable_marker("User", "email", "grace@navy.mil"),  # grace's username marker is missing
    onetable_marker("User", "email", "old#grace@navy.mil"),  # a stale marker, '#' in the value
    {"pk": s("account#acme"), "sk": s("account#"), "_type": s("Account"), "name": s("Acme")},
]


def test_presets_are_listed_with_their_sources() -> None:
    assert preset_names() == (PRESET_ARTICLE, PRESET_ONETABLE, PRESET_ONETABLE_COLON, PRESET_TYPEDORM,
                              PRESET_ELECTRODB, PRESET_ONETABLE_SCOPED)
    for preset in PRESETS:
        assert preset.title and preset.description and preset.source and preset.example
    with pytest.raises(SchemaError, match=r"no schema preset called 'dynamoose'.*onetable"):
        get_preset("dynamoose")


@pytest.mark.parametrize(("name", "sk_name", "pk", "sk"), [
    (PRESET_ARTICLE, "SK", "UNIQ#EMAIL#a@x", "LOCK"),
    (PRESET_ONETABLE, "sk", "_unique#User#email#a@x", "_unique#"),
    (PRESET_ONETABLE, None, "_unique#User#email#a@x", None),
    (PRESET_ONETABLE_COLON, "sk", "_unique:User:email:a@x", "_unique:"),
    (PRESET_TYPEDORM, "SK", "DRM_GEN_USER.EMAIL#a@x", "DRM_GEN_USER.EMAIL#a@x"),
    (PRESET_TYPEDORM, None, "DRM_GEN_USER.EMAIL#a@x", None),
])
def test_built_rules_write_the_library_keys(name: str, sk_name: str | None, pk: str,
                                            sk: str | None) -> None:
    preset = get_preset(name)
    schema = preset.build("pk" if name != PRESET_ARTICLE else "PK", sk_name, entity="User",
                          attributes=("email", "username", "email"), account_pk_prefix="user#",
                          account_sk_value="user#", index_names={"email": "gs1"})
    assert [r.name for r in schema.rules] == ["email", "username"]
    rule = schema.rule("email")
    assert (rule.normalisation, rule.owner_attribute, rule.index_name) == (NORMALISE_NONE, None, "gs1")
    key = schema.lock_key(rule, "a@x")
    assert key[schema.pk_name] == s(pk)
    assert (key[sk_name] if sk_name else None) == (s(sk) if sk else None)
    assert schema.match_lock(key) == (rule, "a@x")
    assert schema_from_json(json.loads(json.dumps(schema.to_json()))) == schema
    # TypeDORM's key upper-cases the entity: building from it again gives the same keys.
    assert preset.entity_of(schema) == {PRESET_ARTICLE: None, PRESET_TYPEDORM: "USER"}.get(name, "User")


def test_article_preset_is_the_article_layout() -> None:
    built = get_preset(PRESET_ARTICLE).build(attributes=("email", "username"),
                                             account_pk_prefix="ACCT#", account_sk_value="PROFILE")
    assert built == article_schema()


def test_onetable_is_detected_with_accounts_attributes_and_index() -> None:
    proposal = propose_schema(ONETABLE_SAMPLE, ONETABLE)
    assert proposal.confident
    schema = proposal.schema
    assert (schema.pk_name, schema.sk_name) == ("pk", "sk")
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("user#", "user#")
    assert [(r.name, r.pk_template, r.sk_value, r.index_name) for r in schema.rules] == [
        ("email", "_unique#User#email#{value}", "_unique#", "gs1"),
        ("username", "_unique#User#username#{value}", "_unique#", None)]
    assert all(r.owner_attribute is None for r in schema.rules)
    assert proposal.notes[0].startswith("Preset OneTable (dynamodb-onetable) matched: 4 marker(s) like "
                                        "_unique#User#email#ada@example.com / _unique#, for User: ")
    assert "Accounts: pk begins with user# and sk = user#; items whose _type is User." in proposal.notes[0]
    assert any("stream and the action log" in n for n in proposal.notes)
    # The schema audits the sample: one missing marker, one stale marker.
    findings = [(f.status, f.rule, f.value) for f in classify(ONETABLE_SAMPLE, schema).findings()]
    assert findings == [(ORPHAN_LOCK, "email", "old#grace@navy.mil"), (MISSING_LOCK, "username", "grace")]


def test_an_export_sample_finds_the_key_names_from_the_markers() -> None:
    proposal = detect_preset(ONETABLE_SAMPLE, None)
    assert proposal is not None and proposal.confident
    assert (proposal.schema.pk_name, proposal.schema.sk_name) == ("pk", "sk")
    assert proposal.schema.rule("email").index_name is None


def test_other_models_and_scoped_markers_are_left_out_with_notes() -> None:
    sample = [*ONETABLE_SAMPLE,
              onetable_marker("Account", "name", "Acme"),
              # scope '${accountId}' before the model: _unique#<scope>#User#email#...
              {"pk": s("_unique#acme#User#email#x@y"), "sk": s("_unique#")}]
    proposal = detect_preset(sample, ONETABLE)
    assert proposal is not None
    assert [r.name for r in proposal.schema.rules] == ["email", "username"]
    notes = " ".join(proposal.notes)
    assert "Markers of Account (name) were found too" in notes
    assert "carry a scope before the model (acme)" in notes


def test_varying_sort_keys_and_shared_partitions_are_said() -> None:
    sample = [
        {"pk": s("acct#1"), "sk": s("user#a@x"), "_type": s("User"), "email": s("a@x")},
        {"pk": s("acct#1"), "sk": s("user#b@x"), "_type": s("User"), "email": s("b@x")},
        onetable_marker("User", "email", "a@x"),
    ]
    proposal = detect_preset(sample, ONETABLE)
    assert proposal is not None
    assert (proposal.schema.account_pk_prefix, proposal.schema.account_sk_value) == ("acct#", None)
    notes = " ".join(proposal.notes)
    assert "their sk varies" in notes and "share a partition key" in notes


def test_markers_without_accounts_give_an_unconfident_guess() -> None:
    proposal = detect_preset([onetable_marker("User", "email", "a@x")], ONETABLE)
    assert proposal is not None and not proposal.confident
    assert proposal.schema.account_pk_prefix == "User#"
    assert any("is a guess" in n for n in proposal.notes)


def test_onetable_colon_layout_is_detected() -> None:
    sample = [{"pk": s("user:1"), "sk": s("user:"), "_type": s("User"), "email": s("a@x")},
              {"pk": s("_unique:User:email:a@x"), "sk": s("_unique:"), "_type": s("_Unique")}]
    proposal = propose_schema(sample, ONETABLE)
    assert proposal.notes[0].startswith("Preset OneTable, early releases (colon separators) matched")
    assert proposal.schema.rule("email").pk_template == "_unique:User:email:{value}"
    assert (proposal.schema.account_pk_prefix, proposal.schema.account_sk_value) == ("user:", "user:")
    assert classify(sample, proposal.schema).counts()[OK] == 1


def test_typedorm_is_detected_and_its_upper_cased_attribute_found() -> None:
    table = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    sample = [
        {"PK": s("USER#1"), "SK": s("USER#1"), "__en": s("user"), "id": s("1"), "email": s("a@x"),
         "EMAIL_HINT": s("nope")},
        {"PK": s("DRM_GEN_USER.EMAIL#a@x"), "SK": s("DRM_GEN_USER.EMAIL#a@x")},
        {"PK": s("DRM_GEN_USER.EMAIL#b@x"), "SK": s("DRM_GEN_USER.EMAIL#b@x")},
        # Not a marker: the SK does not repeat the PK.
        {"PK": s("DRM_GEN_USER.EMAIL#c@x"), "SK": s("OTHER")},
    ]
    proposal = propose_schema(sample, table)
    assert proposal.notes[0].startswith("Preset TypeDORM (@typedorm/core) matched: 2 marker(s)")
    schema = proposal.schema
    rule = schema.rule("email")
    assert (rule.attribute, rule.pk_template, rule.sk_value) == (
        "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}")
    # Accounts' SK repeats their id, so it varies: every USER# item is an account.
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("USER#", None)
    findings = [(f.status, f.value) for f in classify(sample, schema).findings()]
    assert findings == [(ORPHAN_LOCK, "b@x")]
    assert detect_preset(sample, None) is not None  # key names found from the markers


def test_the_article_layout_is_not_a_preset_match() -> None:
    sample = [{"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("a@x")},
              {"PK": s("UNIQ#EMAIL#a@x"), "SK": s("LOCK")}]
    assert detect_preset(sample, None) is None
    assert propose_schema(sample, None).notes[0].startswith("Accounts: PK begins with ACCT#")


def test_preset_schema_for_the_cli() -> None:
    def no_sample() -> list[dict[str, Any]]:
        raise AssertionError("the article's preset needs no sample")

    schema, origin = preset_schema(PRESET_ARTICLE, no_sample, ONETABLE)
    assert schema == default_schema(ONETABLE)
    assert origin == "the article preset (the source article's layout)"
    schema, origin = preset_schema(PRESET_ONETABLE, lambda: list(ONETABLE_SAMPLE), ONETABLE)
    assert schema.rule("email").pk_template == "_unique#User#email#{value}"
    assert origin.startswith("the OneTable (dynamodb-onetable) preset: Preset OneTable")
    with pytest.raises(SchemaError, match="none of the 7 items sampled is a TypeDORM"):
        preset_schema(PRESET_TYPEDORM, lambda: list(ONETABLE_SAMPLE), ONETABLE)
