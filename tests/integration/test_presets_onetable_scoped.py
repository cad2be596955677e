"""A table written the way dynamodb-onetable 2.7.7 writes scoped unique fields (Model.create's
transaction: each marker Put guarded by attribute_not_exists, then the item), on both
engines: the preset is detected, each account is paired with its own scope's marker (the same
email in two tenants is no duplicate), the planted stuck signup, missing marker and duplicate
are found exactly by the one audit engine (in-process, with worker processes, and by
``dynoview audit --preset onetable-scoped``); diagnose, the preflight and the export audit
judge the same layout."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.run import run_audit
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports
from dynoview.core.exports.writer import write_export
from dynoview.core.preflight.check import FREE, run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.proposal import propose_schema

pytestmark = pytest.mark.integration

_EXISTS_NOT = {"ConditionExpression": "attribute_not_exists(#_0)",
               "ExpressionAttributeNames": {"#_0": "pk"}}  # OneTable's guard for exists: false


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _marker_put(table: str, scope: str, value: str) -> dict[str, Any]:
    """createUnique: `_unique#${scope}#User#email#${value}` / `_unique#` through _Unique."""
    item = {"pk": s(f"_unique#{scope}#User#email#{value}"), "sk": s("_unique#"), "_type": s("_Unique")}
    return {"Put": {"TableName": table, "Item": item, **_EXISTS_NOT}}


def _user_put(table: str, user_id: str, tenant: str, email: str) -> dict[str, Any]:
    item = {"pk": s(f"user#{user_id}"), "sk": s("user#"), "id": s(user_id), "tenantId": s(tenant),
            "email": s(email), "_type": s("User")}
    return {"Put": {"TableName": table, "Item": item, **_EXISTS_NOT}}


@pytest.fixture
def tenants(conn: Connection) -> Iterator[str]:
    name = f"presets-ots-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    tx = conn.client.transact_write_items
    for user_id, tenant, email in (("1", "acme", "ada@x.io"), ("2", "globex", "ada@x.io"),
                                   ("3", "acme", "bob@x.io")):
        tx(TransactItems=[_marker_put(name, tenant, email), _user_put(name, user_id, tenant, email)])
    # Ada again in acme: OneTable's transaction is cancelled by the marker's guard.
    with pytest.raises(conn.client.exceptions.TransactionCanceledException):
        tx(TransactItems=[_marker_put(name, "acme", "ada@x.io"), _user_put(name, "9", "acme", "ada@x.io")])
    # A stuck signup: the marker alone. A missing marker: the user put without createUnique.
    tx(TransactItems=[_marker_put(name, "globex", "stuck@x.io")])
    conn.client.put_item(**_user_put(name, "4", "globex", "cy@x.io")["Put"])
    # A duplicate: user 5 moved to acme with bob's address by a plain update (no updateUnique).
    tx(TransactItems=[_marker_put(name, "globex", "eve@x.io"), _user_put(name, "5", "globex", "eve@x.io")])
    conn.client.update_item(TableName=name, Key={"pk": s("user#5"), "sk": s("user#")},
                            UpdateExpression="SET tenantId = :t, email = :e",
                            ExpressionAttributeValues={":t": s("acme"), ":e": s("bob@x.io")})
    yield name
    conn.client.delete_table(TableName=name)


FINDINGS = [  # scope by scope: acme, then globex (a scoped value is its form: scope included)
    (DUPLICATE_VALUE, "acme#User#email#bob@x.io", ("user#3", "user#5"), "_unique#acme#User#email#bob@x.io"),
    (MISSING_LOCK, "globex#User#email#cy@x.io", ("user#4",), None),
    (ORPHAN_LOCK, "globex#User#email#eve@x.io", (), "_unique#globex#User#email#eve@x.io"),
    (ORPHAN_LOCK, "globex#User#email#stuck@x.io", (), "_unique#globex#User#email#stuck@x.io"),
]


def test_scoped_table_is_detected_and_audited_per_scope(conn: Connection, reader: Reader,
                                                        tenants: str) -> None:
    info = describe_table(conn, tenants)
    proposal = propose_schema(reader.read("Scan", {"TableName": tenants}).get("Items", []), info)
    assert proposal.confident
    assert proposal.notes[0].startswith("Preset OneTable, scoped unique fields matched: 5 marker(s)")
    [rule] = proposal.schema.rules
    assert (rule.pk_template, rule.sk_value, rule.scope) == (
        "_unique#{scope}#User#email#{value}", "_unique#", "${tenantId}")
    for workers in (0, 2):  # in-process, and worker processes classifying the pages
        result = run_audit(reader, info, proposal.schema, segments=2, workers=workers)
        assert [(f.status, f.value, f.account_ids, f.lock_keys[0]["pk"]["S"] if f.lock_keys else None)
                for f in result.findings] == FINDINGS
        # ada@x.io is held in acme and in globex, each with its own marker: two OKs, no duplicate.
        assert result.counts[OK] == 2
        assert (result.items_read, result.pairing.other_items) == (10, 0)


def test_cli_scoped_preset(capsys: pytest.CaptureFixture[str], endpoint_url: str, tenants: str) -> None:
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", tenants, "--preset", "onetable-scoped",
                 "--format", "json", "--no-receipts"])
    out, err = capsys.readouterr()
    assert code == 1, err
    data = json.loads(out)
    assert [(f["status"], f["value"]) for f in data["findings"]] == [(st, v) for st, v, _, _ in FINDINGS]
    assert data["schema"]["rules"][0]["scope"] == "${tenantId}"
    # The plain OneTable preset finds no unscoped marker here, and says so (exit 2).
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", tenants, "--preset", "onetable"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    # Diagnose needs the value's scope: without one it says so (exit 2) rather than answer for
    # the wrong scope; with --scope, or the value written SCOPE#VALUE, it answers for that scope.
    diagnose = ["diagnose", "--endpoint-url", endpoint_url, "--table", tenants,
                "--schema-preset", "onetable-scoped", "--rule", "email"]
    code = main([*diagnose, "ada@x.io"])
    out, err = capsys.readouterr()
    assert code == 2 and "unique per scope (${tenantId}): say which scope" in err
    code = main([*diagnose, "--scope", "acme", "--format", "json", "ada@x.io", "bob@x.io"])
    out, err = capsys.readouterr()
    assert code == 1, err
    ada, bob = json.loads(out)
    assert (ada["status"], bob["status"]) == (OK, DUPLICATE_VALUE)
    assert ada["lock_key"]["pk"]["S"] == "_unique#acme#User#email#ada@x.io"
    assert sorted(bob["accounts"]) == ["user#3", "user#5"]
    code = main([*diagnose, "--format", "json", "globex#stuck@x.io", "globex#bob@x.io"])
    out, err = capsys.readouterr()
    stuck, free = json.loads(out)
    assert (code, stuck["status"], free["status"]) == (1, ORPHAN_LOCK, "FREE"), err


def test_preflight_judges_each_sign_up_in_its_own_scope(reader: Reader, tenants: str) -> None:
    info = describe_table(reader.conn, tenants)
    schema = propose_schema(reader.read("Scan", {"TableName": tenants}).get("Items", []), info).schema

    def sign_up(user_id: str, tenant: str, email: str) -> Transaction:
        puts = [_marker_put(tenants, tenant, email)["Put"], _user_put(tenants, user_id, tenant, email)["Put"]]
        return Transaction([Action("Put", tenants, item=p["Item"], condition=p["ConditionExpression"],
                                   names=p["ExpressionAttributeNames"]) for p in puts])

    # Ada's address is held in acme: a second acme sign-up with it is refused, by the same
    # finding the audit would report after it.
    taken = run_preflight(reader, sign_up("9", "acme", "ada@x.io"), schema, {tenants: info})
    assert taken.refused
    dup = next(p for p in taken.pairs if p.value == "acme#User#email#ada@x.io")
    assert (dup.status_before, dup.status_after) == (OK, DUPLICATE_VALUE)
    assert set(dup.holders_after) == {"user#1", "user#9"}
    assert dup.lock_text == "_unique#acme#User#email#ada@x.io"
    # The same address in a tenant that does not hold it is a sign-up like any other.
    free = run_preflight(reader, sign_up("9", "initech", "ada@x.io"), schema, {tenants: info})
    assert not free.refused and not free.warnings
    assert [(p.value, p.status_before, p.status_after) for p in free.pairs] == [
        ("initech#User#email#ada@x.io", FREE, OK)]


def test_export_audit_gives_the_live_findings(conn: Connection, reader: Reader, tenants: str,
                                              tmp_path: Path) -> None:
    # The export audit's SQL (DuckDB) pairs each account with its own scope's marker as the
    # live audit does: the same findings, word for word, and the same counts.
    info = describe_table(conn, tenants)
    schema = propose_schema(reader.read("Scan", {"TableName": tenants}).get("Items", []), info).schema
    now = datetime.now(UTC)
    live = run_audit(reader, info, schema, consistent=True, now=now)
    items = reader.read("Scan", {"TableName": tenants, "ConsistentRead": True})["Items"]
    folder = write_export(tmp_path, tenants, items, files=2)
    exported = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=now)).result
    assert exported.findings == live.findings
    assert exported.counts == live.counts
    assert [(f.status, f.value) for f in exported.findings] == [(st, v) for st, v, _, _ in FINDINGS]
