"""ElectroDB's unique-constraint recipe: the keys exactly as electrodb 3.9.3 builds them
(captured from ``service.transaction.write(...).params()`` on the docs' entities), casing,
the __edb_e__ / __edb_v__ tags, detection from a sample and the audit by value."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.presets import (
    PRESET_ELECTRODB,
    Marker,
    detect_preset,
    get_preset,
    preset_names,
    preset_schema,
)
from dynoview.core.uniqueness.presets.electrodb import electrodb_parse
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, NORMALISE_NONE, SchemaError
from dynoview.core.uniqueness.schema_file import schema_from_json

MI6 = TableInfo("MI6", KeyAttribute("pk", "S"), KeyAttribute("sk", "S"))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def agent(agent_id: str, email: str, call_sign: str = "") -> dict[str, Any]:
    """An agent as ElectroDB writes it: pk composite ["id"], sk composite [] (the test suite's
    createUniqueConstraintService), tagged with its entity and version."""
    item = {"pk": s(f"$mi6#id_{agent_id}"), "sk": s("$agent_1"), "id": s(agent_id), "email": s(email),
            "__edb_e__": s("agent"), "__edb_v__": s("1")}
    if call_sign:
        item["callSign"] = s(call_sign)
    return item


def constraint(name: str, value: str, entity: str = "agent") -> dict[str, Any]:
    """``constraint.create({name, value, entity})``: the keys lower-cased (value included), the
    attributes as written."""
    return {"pk": s(f"$mi6#value_{value}".lower()),
            "sk": s(f"$constraint_1#name_{name}#entity_{entity}".lower()),
            "name": s(name), "value": s(value), "entity": s(entity),
            "__edb_e__": s("constraint"), "__edb_v__": s("1")}


def test_the_keys_are_electrodbs() -> None:
    # electrodb 3.9.3 params for constraint.create({name: "email", value: "James.Bond@MI6.gov.uk",
    # entity: "agent"}) in service "MI6", entity "constraint" version "1":
    item = constraint("email", "James.Bond@MI6.gov.uk")
    assert (item["pk"], item["sk"]) == (s("$mi6#value_james.bond@mi6.gov.uk"),
                                        s("$constraint_1#name_email#entity_agent"))
    preset = get_preset(PRESET_ELECTRODB)
    assert PRESET_ELECTRODB in preset_names()
    schema = preset.build("pk", "sk", entity="agent", attributes=("email", "callSign"),
                          account_pk_prefix="$mi6#id_", account_sk_value="$agent_1",
                          context=("MI6", "constraint", "1", "lower"))
    email, call_sign = schema.rules
    assert (email.pk_template, email.sk_value, email.normalisation) == (
        "$mi6#value_{value}", "$constraint_1#name_email#entity_agent", NORMALISE_LOWER)
    # The whole key is lower-cased: the attribute name too.
    assert call_sign.sk_value == "$constraint_1#name_callsign#entity_agent"
    # An upper-case email is locked lower-cased: the rule builds ElectroDB's key from it.
    assert schema.lock_key(email, "James.Bond@MI6.gov.uk") == {"pk": item["pk"], "sk": item["sk"]}
    assert schema.match_lock(item) == (email, "james.bond@mi6.gov.uk")
    # Both rules share the partition prefix: the sort key tells them apart, and the JSON
    # round trip (the schema store) accepts it.
    assert schema.match_lock(constraint("callSign", "Eagle")) == (call_sign, "eagle")
    assert schema_from_json(json.loads(json.dumps(schema.to_json()))) == schema
    assert preset.marker_of(schema) == Marker("agent", "email", "x", ("mi6", "constraint", "1", "lower"))


def test_casing_none_keeps_the_keys_as_written() -> None:
    marker = electrodb_parse("$MI6#value_Ada@X.io", "$Constraint_1#name_email#entity_Agent")
    assert marker == Marker("Agent", "email", "Ada@X.io", ("MI6", "Constraint", "1", "none"))
    rule = get_preset(PRESET_ELECTRODB).make_rule("Agent", "email", True, marker.context)
    assert (rule.pk_template, rule.sk_value, rule.normalisation) == (
        "$MI6#value_{value}", "$Constraint_1#name_email#entity_Agent", NORMALISE_NONE)


@pytest.mark.parametrize(("pk", "sk"), [
    ("$mi6#id_7", "$agent_1"),  # an agent
    ("mi6#value_x", "$constraint_1#name_email#entity_agent"),  # no $
    ("$mi6#value_x", "$constraint_1#name_email"),  # no entity label
    ("$mi6#value_x", "$constraint#name_email#entity_agent"),  # no version
    ("$a#b#value_x", "$constraint_1#name_email#entity_agent"),  # a service never holds '#'
])
def test_other_keys_are_not_constraints(pk: str, sk: str) -> None:
    assert electrodb_parse(pk, sk) is None


SAMPLE = [
    agent("007", "James.Bond@MI6.gov.uk", "eagle"),
    constraint("email", "James.Bond@MI6.gov.uk"),
    constraint("callSign", "eagle"),
    agent("005", "stuart@mi6.co.uk", "falcon"),  # created with agent.create().go(): no constraints
    constraint("email", "gone@mi6.co.uk"),  # a stuck signup: the agent's write failed
    agent("006", "JAMES.BOND@mi6.gov.uk"),  # patched without the constraint: a duplicate
]


def test_detected_from_a_sample_and_audited_by_value() -> None:
    proposal = propose_schema(SAMPLE, MI6)
    assert proposal.confident
    schema = proposal.schema
    assert (schema.pk_name, schema.sk_name, schema.account_pk_prefix, schema.account_sk_value) == (
        "pk", "sk", "$mi6#id_", "$agent_1")
    assert [(r.name, r.attribute, r.pk_template, r.sk_value, r.normalisation) for r in schema.rules] == [
        ("callSign", "callSign", "$mi6#value_{value}", "$constraint_1#name_callsign#entity_agent",
         NORMALISE_LOWER),
        ("email", "email", "$mi6#value_{value}", "$constraint_1#name_email#entity_agent",
         NORMALISE_LOWER)]
    assert proposal.notes[0].startswith("Preset ElectroDB (unique-constraint recipe) matched: 3 marker(s)")
    assert "Accounts: pk begins with $mi6#id_ and sk = $agent_1; items whose __edb_e__ is agent." \
        in proposal.notes[0]
    assert any("lower-cases its keys" in n for n in proposal.notes)
    result = classify(SAMPLE, schema)
    findings = [(f.status, f.rule, f.value, tuple(f.account_ids)) for f in result.findings()]
    assert findings == [
        (MISSING_LOCK, "callSign", "falcon", ("$mi6#id_005",)),
        (ORPHAN_LOCK, "email", "gone@mi6.co.uk", ()),
        # Upper-cased by 006, lower-cased by the key: one value to ElectroDB, held twice.
        (DUPLICATE_VALUE, "email", "james.bond@mi6.gov.uk", ("$mi6#id_006", "$mi6#id_007")),
        (MISSING_LOCK, "email", "stuart@mi6.co.uk", ("$mi6#id_005",)),
    ]
    assert result.counts()[OK] == 1  # 007's call sign
    # Without the table's description (an export), the key names come from the markers.
    exported = detect_preset(SAMPLE, None)
    assert exported is not None and exported.schema == schema


def test_untagged_look_alikes_are_not_electrodb() -> None:
    untagged = {"pk": s("$mi6#value_x"), "sk": s("$constraint_1#name_email#entity_agent")}
    proposal = detect_preset([*SAMPLE, untagged], MI6)
    assert proposal is not None and proposal.notes[0].startswith(
        "Preset ElectroDB (unique-constraint recipe) matched: 3 marker(s)")
    sample = [agent("1", "a@x"), {"pk": s("$mi6#value_a@x"), "sk": s("$constraint_1#name_email#entity_agent"),
                                  "__edb_e__": s("constraint"), "__edb_v__": s("2")}]
    assert detect_preset(sample, MI6, only=PRESET_ELECTRODB) is None
    with pytest.raises(SchemaError, match="is a ElectroDB"):
        preset_schema(PRESET_ELECTRODB, lambda: sample, MI6)
    # A table without a sort key cannot hold the recipe's constraints.
    no_sk = TableInfo("t", KeyAttribute("pk", "S"), None)
    sample = [agent("1", "a@x"), constraint("email", "a@x")]
    assert detect_preset(sample, no_sk, only=PRESET_ELECTRODB) is None
