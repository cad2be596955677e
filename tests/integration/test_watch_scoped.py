"""`dynoview watch` on a table written the way dynamodb-onetable 2.7.7 writes scoped unique fields
(``unique: true, scope: '${tenantId}'``), on moto and on DynamoDB Local: replayed from its stream,
then beside new writes, the watch ends holding exactly the findings `dynoview audit` reports for
the same table (a finding's value carries its scope); the same email signed up in another tenant
is nothing, a lone marker an orphan in its scope, and a user moved to another tenant without its
marker a missing marker in the new scope and an orphan in the old one. Seeded by an audit, the
findings present at start are the audit's."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.integration.test_cli_watch import Watch
from tests.integration.test_presets_onetable_scoped import _marker_put, _user_put

pytestmark = pytest.mark.integration
PRESET = ("--preset", "onetable-scoped")
#: Seconds without a record after which the watch ends itself (the test's writes come faster).
IDLE_S = "4"


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def tenants(conn: Connection) -> Iterator[str]:
    """OneTable's layout with a stream: ada in acme and in globex (two OKs), a stuck signup and
    a user without a marker in globex, and user 5 moved to acme with bob's address by a plain
    update (a duplicate in acme, eve's marker left in globex). No cancelled transaction: moto
    undoes one by putting back a copy of the table, which its stream readers then replay."""
    name = f"watch-ots-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    tx = conn.client.transact_write_items
    for user_id, tenant, email in (("1", "acme", "ada@x.io"), ("2", "globex", "ada@x.io"),
                                   ("3", "acme", "bob@x.io"), ("5", "globex", "eve@x.io")):
        tx(TransactItems=[_marker_put(name, tenant, email), _user_put(name, user_id, tenant, email)])
    tx(TransactItems=[_marker_put(name, "globex", "stuck@x.io")])
    conn.client.put_item(**_user_put(name, "4", "globex", "cy@x.io")["Put"])
    _move(conn, name, "5", "acme", "bob@x.io")
    yield name
    conn.client.delete_table(TableName=name)


def _move(conn: Connection, table: str, user_id: str, tenant: str, email: str | None = None) -> None:
    """A plain update of a user's tenant (and email): no updateUnique, so its marker stays."""
    names = "SET tenantId = :t" + (", email = :e" if email else "")
    values = {":t": s(tenant), **({":e": s(email)} if email else {})}
    conn.client.update_item(TableName=table, Key={"pk": s(f"user#{user_id}"), "sk": s("user#")},
                            UpdateExpression=names, ExpressionAttributeValues=values)


def _audit(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str) -> list[dict[str, Any]]:
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", table, *PRESET, "--format", "json",
                 "--no-receipts"])
    out, err = capsys.readouterr()
    assert code == 1, err
    return list(json.loads(out)["findings"])


FIELDS = ("status", "rule", "value", "accounts", "account_keys", "lock_keys", "sentence")


def _held(objects: list[dict[str, Any]]) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The findings a watch ended holding: each appeared or changed one, less those resolved."""
    held: dict[tuple[Any, ...], dict[str, Any]] = {}
    for o in objects:
        if o["type"] != "finding":
            continue
        key = (o["status"], o["rule"], o["value"])
        if o["change"] == "resolved":
            del held[key]
        else:
            held[key] = {f: o[f] for f in FIELDS}
    return held


def test_a_replayed_watch_ends_with_the_audits_findings(capsys: pytest.CaptureFixture[str], conn: Connection,
                                                        endpoint_url: str, tenants: str) -> None:
    at_start = _audit(capsys, endpoint_url, tenants)
    assert [(f["status"], f["value"]) for f in at_start] == [
        ("DUPLICATE_VALUE", "acme#User#email#bob@x.io"), ("MISSING_LOCK", "globex#User#email#cy@x.io"),
        ("ORPHAN_LOCK", "globex#User#email#eve@x.io"), ("ORPHAN_LOCK", "globex#User#email#stuck@x.io")]
    watch = Watch(endpoint_url, tenants, *PRESET, "--seed", "replay", "--format", "json",
                  "--until-idle", IDLE_S).ready()
    assert watch.objects()[0]["schema"].startswith("the OneTable, scoped unique fields preset")
    # The same email signed up whole in another tenant: nothing.
    conn.client.transact_write_items(TransactItems=[_marker_put(tenants, "initech", "ada@x.io"),
                                                    _user_put(tenants, "6", "initech", "ada@x.io")])
    # A marker alone: an orphan in its scope.
    conn.client.transact_write_items(TransactItems=[_marker_put(tenants, "acme", "lone@x.io")])
    # Ada moved to beta without her marker: missing in beta, an orphan in acme.
    _move(conn, tenants, "1", "beta")
    assert watch.finish() == 0, watch.err
    objects = watch.objects()
    assert objects[-1]["type"] == "summary" and objects[-1]["ended"] == f"idle for {IDLE_S} s"
    held = _held(objects)
    now = _audit(capsys, endpoint_url, tenants)
    assert sorted(held.values(), key=lambda f: (f["status"], f["value"])) == sorted(
        ({f: a[f] for f in FIELDS} for a in now), key=lambda f: (f["status"], f["value"]))
    new = {(f["status"], f["value"], tuple(f["accounts"])) for f in now} - {
        (f["status"], f["value"], tuple(f["accounts"])) for f in at_start}
    assert new == {("ORPHAN_LOCK", "acme#User#email#lone@x.io", ()),
                   ("MISSING_LOCK", "beta#User#email#ada@x.io", ("user#1",)),
                   ("ORPHAN_LOCK", "acme#User#email#ada@x.io", ())}
    # The move's record names the scope it left and the one it entered.
    [move] = [o for o in objects if o["type"] == "finding" and o["value"] == "beta#User#email#ada@x.io"]
    assert move["caused_by"][0]["protected"] == [{"rule": "email", "attribute": "email",
                                                 "old": "acme#User#email#ada@x.io",
                                                 "new": "beta#User#email#ada@x.io"}]
    assert "'ada@x.io' in scope beta" in move["sentence"]


def test_an_audit_seeded_watch_starts_from_the_audits_findings(capsys: pytest.CaptureFixture[str],
                                                               conn: Connection, endpoint_url: str,
                                                               tenants: str) -> None:
    watch = Watch(endpoint_url, tenants, *PRESET, "--seed", "audit", "--fail-on", "breaking").ready()
    assert any("Findings present at start (not counted for --fail-on): 4 (1 duplicate value, "
               "1 missing lock, 2 orphan locks)" in line for line in watch.err), watch.err
    _move(conn, tenants, "2", "acme")  # ada of globex into acme, where ada already is
    assert watch.finish() == 1, watch.err
    text = "\n".join(watch.out)
    assert "APPEARED  Duplicate value  email 'acme#User#email#ada@x.io' (account user#1, user#2)" in text
    assert "hold the email 'ada@x.io' in scope acme, which is locked" in text
    assert "email: 'globex#User#email#ada@x.io' → 'acme#User#email#ada@x.io'" in text
