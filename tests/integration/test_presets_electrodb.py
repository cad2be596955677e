"""A table written the way ElectroDB's unique-constraint recipe writes it (the items and
guards of electrodb 3.9.3's ``service.transaction.write(...).params()``), on both engines:
the preset is detected, the audit pairs constraints with agents by value (a stuck signup,
a missing constraint and a case-only duplicate found exactly), diagnose and ``--preset``
agree."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.origin import LEFT_BY_CHANGE, SOURCE_STREAM
from dynoview.core.uniqueness.proposal import propose_schema

pytestmark = pytest.mark.integration

# ElectroDB's create(): attribute_not_exists on both keys.
_CREATE_GUARD = {"ConditionExpression": "attribute_not_exists(#pk) AND attribute_not_exists(#sk)",
                 "ExpressionAttributeNames": {"#pk": "pk", "#sk": "sk"}}


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _agent_put(table: str, agent_id: str, email: str) -> dict[str, Any]:
    item = {"id": s(agent_id), "email": s(email), "pk": s(f"$mi6#id_{agent_id}"), "sk": s("$agent_1"),
            "__edb_e__": s("agent"), "__edb_v__": s("1")}
    return {"Put": {"TableName": table, "Item": item, **_CREATE_GUARD}}


def _constraint_put(table: str, value: str) -> dict[str, Any]:
    item = {"name": s("email"), "value": s(value), "entity": s("agent"),
            "pk": s(f"$mi6#value_{value.lower()}"), "sk": s("$constraint_1#name_email#entity_agent"),
            "__edb_e__": s("constraint"), "__edb_v__": s("1")}
    return {"Put": {"TableName": table, "Item": item, **_CREATE_GUARD}}


@pytest.fixture
def mi6(conn: Connection) -> Iterator[str]:
    name = f"presets-edb-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    tx = conn.client.transact_write_items
    # createNewAgent: the agent and its constraint in one service.transaction.write.
    tx(TransactItems=[_agent_put(name, "007", "James.Bond@MI6.gov.uk"),
                      _constraint_put(name, "James.Bond@MI6.gov.uk")])
    tx(TransactItems=[_agent_put(name, "002", "bill@mi6.co.uk"), _constraint_put(name, "bill@mi6.co.uk")])
    # A second agent with the same address in another case is refused, as ElectroDB is.
    with pytest.raises(conn.client.exceptions.TransactionCanceledException):
        tx(TransactItems=[_agent_put(name, "006", "JAMES.BOND@mi6.gov.uk"),
                          _constraint_put(name, "JAMES.BOND@mi6.gov.uk")])
    # ... but agent.patch({id}).set({email}) alone changes it: a duplicate by value.
    conn.client.update_item(TableName=name, Key={"pk": s("$mi6#id_002"), "sk": s("$agent_1")},
                            UpdateExpression="SET #email = :email",
                            ExpressionAttributeNames={"#email": "email"},
                            ExpressionAttributeValues={":email": s("JAMES.BOND@mi6.gov.uk")})
    # A stuck signup: the constraint written on its own, the agent never.
    tx(TransactItems=[_constraint_put(name, "Stuck@MI6.gov.uk")])
    # A missing constraint: agent.create().go() outside the transaction.
    conn.client.put_item(**_agent_put(name, "005", "stuart@mi6.co.uk")["Put"])
    yield name
    conn.client.delete_table(TableName=name)


FINDINGS = [
    (ORPHAN_LOCK, "bill@mi6.co.uk", ()),  # left by 002's patch
    (DUPLICATE_VALUE, "james.bond@mi6.gov.uk", ("$mi6#id_002", "$mi6#id_007")),
    (MISSING_LOCK, "stuart@mi6.co.uk", ("$mi6#id_005",)),
    (ORPHAN_LOCK, "stuck@mi6.gov.uk", ()),
]


def test_electrodb_table_is_detected_audited_and_diagnosed(conn: Connection, reader: Reader,
                                                            mi6: str) -> None:
    info = describe_table(conn, mi6)
    sample = reader.read("Scan", {"TableName": mi6}).get("Items", [])
    proposal = propose_schema(sample, info)
    assert proposal.confident
    assert proposal.notes[0].startswith("Preset ElectroDB (unique-constraint recipe) matched: 3 marker(s)")
    schema = proposal.schema
    assert (schema.account_pk_prefix, schema.account_sk_value) == ("$mi6#id_", "$agent_1")
    [rule] = schema.rules
    assert (rule.pk_template, rule.sk_value, rule.normalisation) == (
        "$mi6#value_{value}", "$constraint_1#name_email#entity_agent", "lowercase")

    result = run_audit(reader, info, schema, segments=2)
    assert [(f.status, f.value, f.account_ids) for f in result.findings] == FINDINGS
    assert result.counts[OK] == 0  # 007's constraint is held by 002 too
    assert result.findings[3].lock_keys == ({"pk": s("$mi6#value_stuck@mi6.gov.uk"),
                                             "sk": s("$constraint_1#name_email#entity_agent")},)

    # Diagnose takes the value as a user types it: lower-cased into ElectroDB's key.
    stuck = diagnose(reader, info, schema, "email", "Stuck@MI6.gov.uk", use_stream=False)
    assert stuck.status == ORPHAN_LOCK and stuck.lock_key == result.findings[3].lock_keys[0]
    # Accounts are found by the rule's form of their value (the lowercase rule folds 007's
    # James.Bond@MI6.gov.uk and 002's JAMES.BOND@mi6.gov.uk into one constraint): both hold it.
    bond = diagnose(reader, info, schema, "email", "James.Bond@MI6.gov.uk", use_stream=False)
    assert (bond.status, bond.lock_key, sorted(bond.account_ids)) == (
        DUPLICATE_VALUE,
        {"pk": s("$mi6#value_james.bond@mi6.gov.uk"), "sk": s("$constraint_1#name_email#entity_agent")},
        ["$mi6#id_002", "$mi6#id_007"])
    missing = diagnose(reader, info, schema, "email", "stuart@mi6.co.uk", use_stream=False)
    assert (missing.status, missing.account_ids) == (MISSING_LOCK, ["$mi6#id_005"])
    # The constraint names no agent: the stream shows whose value it was (by value again).
    stale = diagnose(reader, info, schema, "email", "bill@mi6.co.uk")
    assert stale.status == ORPHAN_LOCK and stale.origin is not None
    assert (stale.origin.kind, stale.origin.source, stale.origin.account_id) == (
        LEFT_BY_CHANGE, SOURCE_STREAM, "$mi6#id_002")


def test_cli_electrodb_preset(capsys: pytest.CaptureFixture[str], endpoint_url: str, mi6: str) -> None:
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", mi6, "--preset", "electrodb",
                 "--format", "json", "--no-receipts"])
    out, err = capsys.readouterr()
    assert code == 1, err
    data = json.loads(out)
    assert [(f["status"], f["value"]) for f in data["findings"]] == [(st, v) for st, v, _ in FINDINGS]
