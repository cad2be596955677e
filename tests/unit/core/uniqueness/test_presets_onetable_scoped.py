"""OneTable's scoped unique fields: the marker key with its scope first (src/Model.js
createUnique), the scope filled from the account as runTemplate fills it, the schema's JSON
round trip, detection, and the one engine pairing each account with its own scope's marker
(by ``Pairing.feed`` and by the audit's page classifier alike)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.audit.pages import PageClassifier
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import Pairing, classify
from dynoview.core.uniqueness.presets import (
    PRESET_ONETABLE,
    PRESET_ONETABLE_SCOPED,
    Marker,
    detect_preset,
    get_preset,
)
from dynoview.core.uniqueness.presets.scoped import onetable_scoped_parse, scope_of
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import LockRule, SchemaError, UniquenessSchema, article_schema
from dynoview.core.uniqueness.schema_file import schema_from_json

APP = TableInfo("app", KeyAttribute("pk", "S"), KeyAttribute("sk", "S"))
RULE = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", scope="${tenantId}")


def s(text: str) -> dict[str, str]:
    return {"S": text}


def user(tenant: str, user_id: str, email: str) -> dict[str, Any]:
    """A User whose model says pk 'user#${id}', sk 'user#' and email {unique, scope '${tenantId}'}."""
    return {"pk": s(f"user#{user_id}"), "sk": s("user#"), "_type": s("User"), "id": s(user_id),
            "tenantId": s(tenant), "email": s(email)}


def marker(scope: str, value: str, model: str = "User", attribute: str = "email") -> dict[str, Any]:
    """createUnique's marker: `_unique#${scope}#${this.name}#${field.attribute}#${value}`."""
    return {"pk": s(f"_unique#{scope}#{model}#{attribute}#{value}"), "sk": s("_unique#"),
            "_type": s("_Unique")}


def test_the_rule_builds_and_reads_onetables_key() -> None:
    preset = get_preset(PRESET_ONETABLE_SCOPED)
    schema = preset.build("pk", "sk", entity="User", attributes=("email",), account_pk_prefix="user#",
                          account_sk_value="user#", context=("email=${tenantId}",))
    [rule] = schema.rules
    assert rule == RULE
    assert scope_of(rule, user("acme", "1", "a@x")) == "acme"
    # The engine's form: the key between its fixed prefix and suffix, scope and value included.
    assert (rule.fixed_prefix, rule.middle) == ("_unique#", "#User#email#")
    with pytest.raises(SchemaError, match="unique per scope"):
        _ = rule.prefix  # no fixed text before a scoped value: refused rather than match nothing
    assert rule.held_form(user("acme", "1", "a@x")) == "acme#User#email#a@x"
    assert schema.lock_key(rule, "acme#User#email#a@x") == {"pk": s("_unique#acme#User#email#a@x"),
                                                            "sk": s("_unique#")}
    assert rule.value_from_pk("_unique#acme#User#email#old#a@x") == "acme#User#email#old#a@x"
    assert (rule.scope_part("acme#User#email#old#a@x"), rule.value_part("acme#User#email#old#a@x")) == (
        "acme", "old#a@x")
    assert rule.value_from_pk("_unique#acme#Account#name#Acme") is None  # another model's marker
    assert schema.match_lock({"pk": s("_unique#acme#User#email#a@x"), "sk": s("_unique#")}) == (
        rule, "acme#User#email#a@x")
    assert onetable_scoped_parse("_unique#acme#User#email#a@x", "_unique#") == Marker(
        "User", "email", "a@x", scope="acme")
    assert onetable_scoped_parse("_unique#User#email#a@x", "_unique#") is None  # unscoped
    assert preset.entity_of(schema) == "User"
    # The scope survives the schema store's JSON round trip; schemas without one are unchanged.
    data = json.loads(json.dumps(schema.to_json()))
    assert data["rules"][0]["scope"] == "${tenantId}"
    assert schema_from_json(data) == schema
    assert "scope" not in article_schema().to_json()["rules"][0]
    assert schema_from_json(article_schema().to_json()) == article_schema()


def test_a_scoped_rules_template_is_checked_where_it_is_wrong() -> None:
    with pytest.raises(SchemaError, match=r"rules\[0\]\.pk_template: a scoped rule's pk_template"):
        schema_from_json({"rules": [{"attribute": "email", "pk_template": "_unique#User#{value}",
                                     "scope": "${tenantId}"}]})
    with pytest.raises(SchemaError, match=r"rules\[0\]\.sk_value: a scoped rule's sk_value must be fixed"):
        schema_from_json({"rules": [{"attribute": "email", "pk_template": "_unique#{scope}#User#{value}",
                                     "sk_value": "S#{value}", "scope": "${tenantId}"}]})


def test_a_normalising_scoped_rule_normalises_the_value_only() -> None:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", "lowercase",
                    scope="${tenantId}")
    schema = UniquenessSchema("pk", "sk", "user#", "user#", (rule,))
    items = [user("Acme", "1", "Ada@X.io"), marker("Acme", "ada@x.io"), user("Acme", "2", "bob@x.io")]
    pairing = classify(items, schema)
    assert [(f.status, f.value) for f in pairing.findings()] == [(MISSING_LOCK, "Acme#User#email#bob@x.io")]
    assert "'bob@x.io' in scope Acme" in pairing.findings()[0].sentence
    assert rule.lock_pk("Acme#User#email#Ada@X.io") == "_unique#Acme#User#email#ada@x.io"
    assert pairing.counts()[OK] == 1


@pytest.mark.parametrize(("scope", "item", "expected"), [
    ("${tenantId}", {"tenantId": s("acme")}, "acme"),
    ("${org}-${team}", {"org": s("acme"), "team": {"N": "7"}}, "acme-7"),
    ("${n:4}", {"n": {"N": "7"}}, "0007"),  # runTemplate's ${name:len:pad}
    ("${n:4:x}", {"n": s("7")}, "xxx7"),
    # A missing variable leaves runTemplate undefined, and `undefined` + '#' is what
    # src/Model.js writes into the key.
    ("${tenantId}", {}, "undefined"),
    ("${org}-${team}", {"org": s("acme")}, "undefined"),
])
def test_the_scope_is_filled_like_run_template(scope: str, item: dict[str, Any], expected: str) -> None:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", scope=scope)
    assert scope_of(rule, item) == expected


SAMPLE = [
    user("acme", "1", "ada@x.io"), marker("acme", "ada@x.io"),
    user("globex", "2", "ada@x.io"), marker("globex", "ada@x.io"),  # the same value, another scope
    user("globex", "3", "bob@x.io"), marker("acme", "bob@x.io"),  # bob's marker is in the wrong scope
    user("acme", "4", "cy@x.io"), user("acme", "5", "cy@x.io"), marker("acme", "cy@x.io"),  # duplicate
    marker("acme", "stuck@x.io"),  # a stuck signup
    {"pk": s("tenant#acme"), "sk": s("tenant#"), "_type": s("Tenant"), "name": s("Acme")},
]
FINDINGS = [  # a scoped rule's value names its scope: the form between _unique# and the end
    (ORPHAN_LOCK, "acme#User#email#bob@x.io", (), "_unique#acme#User#email#bob@x.io"),
    (DUPLICATE_VALUE, "acme#User#email#cy@x.io", ("user#4", "user#5"), "_unique#acme#User#email#cy@x.io"),
    (ORPHAN_LOCK, "acme#User#email#stuck@x.io", (), "_unique#acme#User#email#stuck@x.io"),
    (MISSING_LOCK, "globex#User#email#bob@x.io", ("user#3",), None),
]


def test_detected_and_paired_per_scope() -> None:
    proposal = propose_schema(SAMPLE, APP)
    assert proposal.confident
    assert proposal.notes[0].startswith("Preset OneTable, scoped unique fields matched: 5 marker(s)")
    assert any("Each User's scope comes from its own attributes (email scoped by ${tenantId})" in n
               for n in proposal.notes)
    schema = proposal.schema
    assert (schema.account_pk_prefix, schema.account_sk_value, schema.rules) == ("user#", "user#", (RULE,))
    result = classify(SAMPLE, schema)
    got = [(f.status, f.value, f.account_ids, f.lock_keys[0]["pk"]["S"] if f.lock_keys else None)
           for f in result.findings()]
    assert got == FINDINGS
    assert result.counts()[OK] == 2  # ada in acme and ada in globex: no duplicate across scopes
    assert result.other_items == 1  # the Tenant
    # The audit's page classifier (what the parallel audit and its workers run) agrees.
    paged = Pairing(schema)
    PageClassifier(paged).feed(json.dumps({"Items": SAMPLE}).encode())
    assert paged.findings() == result.findings()
    assert (paged.counts(), paged.other_items) == (result.counts(), 1)
    assert [(r.kind, r.account_id, r.cells["email"].status) for r in paged.rows()] == [
        (r.kind, r.account_id, r.cells["email"].status) for r in result.rows()]
    # Unscoped, the same items give a wrong answer: ada@x.io would be one value held twice.
    unscoped = classify(SAMPLE, schema_from_json({**schema.to_json(), "rules": [
        {"attribute": "email", "pk_template": "_unique#acme#User#email#{value}", "sk_value": "_unique#"}]}))
    assert any(f.status == DUPLICATE_VALUE and f.value == "ada@x.io" for f in unscoped.findings())


def test_unscoped_and_scoped_markers_are_told_apart() -> None:
    plain = [user("acme", "1", "a@x"), {"pk": s("_unique#User#email#old#a@x"), "sk": s("_unique#")},
             {"pk": s("_unique#User#email#a@x"), "sk": s("_unique#")}]
    found = detect_preset(plain, APP)
    assert found is not None and found.notes[0].startswith("Preset OneTable (dynamodb-onetable) matched")
    # Read scoped, the marker whose value holds '#' names the model "email": left out.
    scoped_read = detect_preset(plain, APP, only=PRESET_ONETABLE_SCOPED)
    assert scoped_read is None
    mixed = detect_preset([*SAMPLE, *plain[1:]], APP, only=PRESET_ONETABLE)
    assert mixed is not None and any("audit them with the onetable-scoped preset" in n for n in mixed.notes)


def test_a_scope_no_account_shows_is_a_placeholder() -> None:
    proposal = detect_preset([marker("acme", "a@x"), user("acme", "1", "b@x")], APP)
    assert proposal is not None
    assert proposal.schema.rules[0].scope == "${scope}"
    assert any("has a placeholder" in n for n in proposal.notes)


def test_rules_with_different_scopes_are_paired_apart() -> None:
    # What dynamodb-onetable 2.7.7 wrote for User {email: {unique, scope '${tenantId}'}, nick:
    # {unique, scope '${org}'}} created as {id 1, tenantId acme, email Ada@X.io, nick ada}: no
    # org, so the nick's scope is `undefined`.
    items = [{"pk": s("_unique#acme#User#email#Ada@X.io"), "sk": s("_unique#"), "_type": s("_Unique")},
             {"pk": s("_unique#undefined#User#nick#ada"), "sk": s("_unique#"), "_type": s("_Unique")},
             {"pk": s("user#1"), "sk": s("user#"), "id": s("1"), "tenantId": s("acme"),
              "email": s("Ada@X.io"), "nick": s("ada"), "_type": s("User")},
             # Another user in org "mi6" whose nick marker was never written.
             {"pk": s("user#2"), "sk": s("user#"), "tenantId": s("acme"), "org": s("mi6"),
              "email": s("b@x"), "nick": s("ada"), "_type": s("User")},
             marker("acme", "b@x")]
    nick = LockRule("nick", "nick", "_unique#{scope}#User#nick#{value}", "_unique#", scope="${org}")
    schema = UniquenessSchema("pk", "sk", "user#", "user#", (RULE, nick))
    assert schema_from_json(schema.to_json()) == schema
    result = classify(items, schema)
    assert [(f.status, f.rule, f.value, f.account_ids) for f in result.findings()] == [
        (MISSING_LOCK, "nick", "mi6#User#nick#ada", ("user#2",))]  # user#1's is in `undefined`
    assert result.counts()[OK] == 3
    paged = Pairing(schema)
    PageClassifier(paged).feed(json.dumps({"Items": items}).encode())
    assert paged.findings() == result.findings()


def test_the_same_value_in_two_tenants_is_two_oks_and_a_clash_within_one_is_a_duplicate() -> None:
    schema = UniquenessSchema("pk", "sk", "user#", "user#", (RULE,))
    two_tenants = [user("acme", "1", "ada@x.io"), marker("acme", "ada@x.io"),
                   user("globex", "2", "ada@x.io"), marker("globex", "ada@x.io")]
    assert classify(two_tenants, schema).counts()[OK] == 2
    assert classify(two_tenants, schema).findings() == []
    one_tenant = [*two_tenants, user("acme", "3", "ada@x.io")]
    [dup] = classify(one_tenant, schema).findings()
    assert (dup.status, dup.value, dup.account_ids) == (DUPLICATE_VALUE, "acme#User#email#ada@x.io",
                                                         ("user#1", "user#3"))


def test_a_bare_value_of_a_scoped_rule_names_no_lock() -> None:
    # The builder's templates pass an account's value: without its scope no key is made up.
    schema = UniquenessSchema("pk", "sk", "user#", "user#", (RULE,))
    with pytest.raises(SchemaError, match="unique per scope"):
        schema.lock_key(RULE, "ada@x.io")
    assert RULE.lock_pk("acme#User#email#ada@x.io") == "_unique#acme#User#email#ada@x.io"
