"""Tables written the way OneTable and TypeDORM write them, on both engines: the preset is
detected from a sample, the audit names the stale, ownerless and missing markers, diagnose
finds each orphan's owner in the stream (the markers do not record it), and the CLI's
``--preset`` gives the same schema."""

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
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.origin import LEFT_BY_CHANGE, LEFT_BY_DELETE, SOURCE_STREAM
from dynoview.core.uniqueness.proposal import propose_schema

pytestmark = pytest.mark.integration

_EXISTS_NOT = {"ConditionExpression": "attribute_not_exists(#_0)",
               "ExpressionAttributeNames": {"#_0": "pk"}}  # OneTable's guard for exists: false


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _table(conn: Connection, pk: str, sk: str) -> str:
    name = f"presets-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": pk, "AttributeType": "S"},
                              {"AttributeName": sk, "AttributeType": "S"}],
        KeySchema=[{"AttributeName": pk, "KeyType": "HASH"}, {"AttributeName": sk, "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    return name


# --------------------------------------------------------------------------- OneTable


def _marker_put(table: str, model: str, attribute: str, value: str) -> dict[str, Any]:
    """createUnique's Put: the _Unique model's key and type field, guarded."""
    item = {"pk": s(f"_unique#{model}#{attribute}#{value}"), "sk": s("_unique#"), "_type": s("_Unique")}
    return {"Put": {"TableName": table, "Item": item, **_EXISTS_NOT}}


def _create_user(conn: Connection, table: str, user_id: str, email: str, username: str,
                 unique: tuple[str, ...] = ("email", "username")) -> None:
    """Model.create for a User whose email and username are unique: one transaction."""
    values = {"email": email, "username": username}
    user = {"pk": s(f"user#{user_id}"), "sk": s("user#"), "_type": s("User"), "id": s(user_id),
            "email": s(email), "username": s(username), "created": {"N": "1700000000000"},
            "updated": {"N": "1700000000000"}}
    actions = [_marker_put(table, "User", field, values[field]) for field in unique]
    actions.append({"Put": {"TableName": table, "Item": user, **_EXISTS_NOT}})
    conn.client.transact_write_items(TransactItems=actions)


@pytest.fixture
def onetable(conn: Connection) -> Iterator[str]:
    """A OneTable table: Users keyed user#<id> / user#, an Account with a unique name, and
    the three ways markers go wrong."""
    name = _table(conn, "pk", "sk")
    _create_user(conn, name, "01", "ada@lovelace.io", "ada")
    _create_user(conn, name, "02", "grace@old.mil", "grace")
    # A stale marker: the email changed with the new marker written but the old one kept
    # (what an update that skips updateUnique's removal leaves, e.g. OneTable issue #509).
    conn.client.transact_write_items(TransactItems=[
        _marker_put(name, "User", "email", "grace@navy.mil"),
        {"Update": {"TableName": name, "Key": {"pk": s("user#02"), "sk": s("user#")},
                    "UpdateExpression": "SET #e = :e", "ExpressionAttributeNames": {"#e": "email"},
                    "ExpressionAttributeValues": {":e": s("grace@navy.mil")}}}])
    # A missing marker: the username became unique after this user was created.
    _create_user(conn, name, "03", "linus@kernel.org", "linus", unique=("email",))
    # Ownerless markers: the user was deleted without removeUnique.
    _create_user(conn, name, "04", "ken@bell-labs.com", "ken")
    conn.client.delete_item(TableName=name, Key={"pk": s("user#04"), "sk": s("user#")})
    # Another model with a unique field: left out of a User schema, with a note.
    conn.client.transact_write_items(TransactItems=[
        _marker_put(name, "Account", "name", "Acme"),
        {"Put": {"TableName": name, "Item": {"pk": s("account#acme"), "sk": s("account#"),
                                             "_type": s("Account"), "name": s("Acme")}}}])
    yield name
    conn.client.delete_table(TableName=name)


ONETABLE_FINDINGS = [
    (ORPHAN_LOCK, "email", "grace@old.mil"),
    (ORPHAN_LOCK, "email", "ken@bell-labs.com"),
    (ORPHAN_LOCK, "username", "ken"),
    (MISSING_LOCK, "username", "linus"),
]


def test_onetable_table_is_detected_audited_and_diagnosed(conn: Connection, reader: Reader,
                                                           onetable: str) -> None:
    info = describe_table(conn, onetable)
    sample = reader.read("Scan", {"TableName": onetable, "Limit": 1000}).get("Items", [])
    proposal = propose_schema(sample, info)
    assert proposal.confident
    assert proposal.notes[0].startswith("Preset OneTable (dynamodb-onetable) matched: 9 marker(s)")
    assert any("Markers of Account (name) were found too" in n for n in proposal.notes)
    schema = proposal.schema
    assert (schema.pk_name, schema.sk_name, schema.account_pk_prefix, schema.account_sk_value) == (
        "pk", "sk", "user#", "user#")
    assert [(r.name, r.pk_template, r.sk_value, r.owner_attribute) for r in schema.rules] == [
        ("email", "_unique#User#email#{value}", "_unique#", None),
        ("username", "_unique#User#username#{value}", "_unique#", None)]

    result = run_audit(reader, info, schema, segments=2)
    assert [(f.status, f.rule, f.value) for f in result.findings] == ONETABLE_FINDINGS
    assert result.counts[OK] == 5
    assert result.findings[0].lock_keys == ({"pk": s("_unique#User#email#grace@old.mil"),
                                             "sk": s("_unique#")},)
    assert result.pairing.other_items == 2  # the Account and its name marker

    # The markers hold no owner: the stream names it.
    stale = diagnose(reader, info, schema, "email", "grace@old.mil")
    assert stale.status == ORPHAN_LOCK and stale.lock_key == result.findings[0].lock_keys[0]
    assert stale.origin is not None
    assert (stale.origin.kind, stale.origin.source, stale.origin.account_id,
            stale.origin.current_value) == (LEFT_BY_CHANGE, SOURCE_STREAM, "user#02", "grace@navy.mil")
    assert "The stream shows user#02's email changed from grace@old.mil to grace@navy.mil" \
        in stale.sentence
    gone = diagnose(reader, info, schema, "username", "ken")
    assert gone.origin is not None
    assert (gone.origin.kind, gone.origin.source, gone.origin.account_id) == (
        LEFT_BY_DELETE, SOURCE_STREAM, "user#04")
    missing = diagnose(reader, info, schema, "username", "linus")
    assert (missing.status, missing.account_ids) == (MISSING_LOCK, ["user#03"])


def test_cli_preset_flag(capsys: pytest.CaptureFixture[str], endpoint_url: str, onetable: str) -> None:
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", onetable, "--preset", "onetable",
                 "--format", "json", "--no-receipts"])
    out, err = capsys.readouterr()
    assert code == 1, err
    data = json.loads(out)
    assert [(f["status"], f["rule"], f["value"]) for f in data["findings"]] == ONETABLE_FINDINGS
    code = main(["diagnose", "--endpoint-url", endpoint_url, "--table", onetable,
                 "--schema-preset", "onetable", "--rule", "email", "--format", "json", "grace@old.mil"])
    out, err = capsys.readouterr()
    assert code == 1, err
    [d] = json.loads(out)
    assert (d["status"], d["origin"]["kind"], d["origin"]["account"]) == (
        ORPHAN_LOCK, LEFT_BY_CHANGE, "user#02")
    # A preset whose markers are not in the table is an error that says so (exit 2).
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", onetable, "--preset", "typedorm"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert "is a TypeDORM (@typedorm/core) marker" in err and "--schema FILE" in err


# --------------------------------------------------------------------------- TypeDORM


def test_typedorm_markers_with_the_value_in_both_keys(conn: Connection, reader: Reader) -> None:
    name = _table(conn, "PK", "SK")
    try:
        def marker(value: str) -> dict[str, Any]:
            key = s(f"DRM_GEN_USER.EMAIL#{value}")
            return {"Put": {"TableName": name, "Item": {"PK": key, "SK": key},
                            "ConditionExpression": "(attribute_not_exists(#CE_PK)) AND "
                                                   "(attribute_not_exists(#CE_SK))",
                            "ExpressionAttributeNames": {"#CE_PK": "PK", "#CE_SK": "SK"}}}

        for user_id, email in (("1", "a@x.io"), ("2", "b@x.io")):
            user = {"PK": s(f"USER#{user_id}"), "SK": s(f"USER#{user_id}"), "id": s(user_id),
                    "email": s(email)}
            conn.client.transact_write_items(TransactItems=[
                {"Put": {"TableName": name, "Item": user}}, marker(email)])
        conn.client.transact_write_items(TransactItems=[marker("gone@x.io")])
        conn.client.put_item(TableName=name, Item={"PK": s("USER#3"), "SK": s("USER#3"),
                                                   "email": s("c@x.io")})
        info = describe_table(conn, name)
        proposal = propose_schema(reader.read("Scan", {"TableName": name}).get("Items", []), info)
        assert proposal.notes[0].startswith("Preset TypeDORM (@typedorm/core) matched: 3 marker(s)")
        result = run_audit(reader, info, proposal.schema, segments=2)
        assert [(f.status, f.value) for f in result.findings] == [
            (MISSING_LOCK, "c@x.io"), (ORPHAN_LOCK, "gone@x.io")]
        assert result.findings[1].lock_keys == ({"PK": s("DRM_GEN_USER.EMAIL#gone@x.io"),
                                                 "SK": s("DRM_GEN_USER.EMAIL#gone@x.io")},)
        d = diagnose(reader, info, proposal.schema, "email", "gone@x.io", use_stream=False)
        assert d.status == ORPHAN_LOCK and d.lock_key == result.findings[1].lock_keys[0]
    finally:
        conn.client.delete_table(TableName=name)
