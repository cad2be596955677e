"""Value checks on requests loaded into the builder, judged by DynamoDB Local: every value the
core refuses (``tx.validation`` on a request opened in memory form, ``parse_request`` on
DynamoDB JSON) is refused by DynamoDB with a ValidationException, and the edge values it accepts
(38 digits, 1E+125, -1E-130, an empty string outside the key) DynamoDB stores."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.model import Transaction, TransactionImportError, parse_request
from dynoview.core.tx.validation import validate
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from tests.helpers import connect, empty_accounts_table

pytestmark = [pytest.mark.integration, pytest.mark.dynamodb_local]

# name: (type, attribute, value in memory form); the builder's own checks say each first.
REFUSED: dict[str, tuple[str, str, dict[str, Any]]] = {
    "infinity": ("N", "n", {"N": "inf"}),
    "nan": ("N", "n", {"N": "NaN"}),
    "1e400": ("N", "n", {"N": "1e400"}),
    "1E+126": ("N", "n", {"N": "1E+126"}),
    "1E-131": ("N", "n", {"N": "1E-131"}),
    "39-digits": ("N", "n", {"N": "1" * 39}),
    "empty-string-set": ("SS", "tags", {"SS": []}),
    "empty-number-set": ("NS", "nums", {"NS": []}),
    "duplicate-strings": ("SS", "tags", {"SS": ["a", "a"]}),
    "duplicate-numbers": ("NS", "nums", {"NS": ["1", "1.0"]}),
    "duplicate-binaries": ("BS", "blobs", {"BS": [b"x", b"x"]}),
    "key-of-wrong-type": ("N", "PK", {"N": "1"}),
    "empty-key-string": ("S", "SK", {"S": ""}),
    "binary-not-base64": ("B", "blob", {"B": "not base64!"}),
}
VALID: dict[str, tuple[str, dict[str, Any]]] = {
    "38-digits": ("n", {"N": "9" * 38}),
    "1E+125": ("n", {"N": "1E+125"}),
    "-1E-130": ("n", {"N": "-1E-130"}),
    "largest": ("n", {"N": "9.9999999999999999999999999999999999999E+125"}),
    "empty-string-attribute": ("note", {"S": ""}),
    "binary": ("blob", {"B": b"\x00\xff"}),
}


def put_request(table: str, field: str, av: dict[str, Any], acct: str = "loaded") -> dict[str, Any]:
    """A one-Put request in memory form whose item holds ``av`` at ``field``."""
    item = {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, field: av}
    return {"TransactItems": [{"Put": {"TableName": table, "Item": item}}]}


@pytest.fixture(scope="module")
def conn(dynamodb_local_endpoint: str) -> Connection:
    return connect(dynamodb_local_endpoint)


@pytest.fixture(scope="module")
def table(conn: Connection) -> Iterator[TableInfo]:
    with empty_accounts_table(conn, prefix="values") as name:
        yield describe_table(conn, name)


def _send_raw(conn: Connection, table: str, field: str, wire: dict[str, Any]) -> None:
    """TransactWriteItems with ``wire`` (DynamoDB JSON, as it goes on the wire) at ``field``:
    the body is written here, so even text boto3 would encode reaches DynamoDB as it is."""
    body = json.dumps({"TransactItems": [{"Put": {"TableName": table, "Item": {
        "PK": {"S": f"ACCT#{uuid.uuid4().hex[:8]}"}, "SK": {"S": "PROFILE"}, field: wire}}}]})
    client = conn.new_client()

    def replace(request: Any, **_: Any) -> None:
        request.data = body.encode()

    client.meta.events.register("before-sign.dynamodb.TransactWriteItems", replace)
    # A valid placeholder passes botocore's own checks; the body above replaces it.
    client.transact_write_items(TransactItems=[{"ConditionCheck": {
        "TableName": table, "Key": {"PK": {"S": "x"}}, "ConditionExpression": "attribute_exists(PK)"}}])


def _wire(av: dict[str, Any]) -> dict[str, Any]:
    (code, member), = av.items()
    if code == "B" and isinstance(member, str):
        return {"B": member}  # the text itself, as a careless loader would send it
    return dict(to_dynamodb_json(av))


@pytest.mark.parametrize("name", list(REFUSED))
def test_every_value_the_builder_refuses_dynamodb_refuses(
        conn: Connection, table: TableInfo, name: str) -> None:
    _kind, field, av = REFUSED[name]
    with pytest.raises(ClientError) as refused:
        _send_raw(conn, table.name, field, _wire(av))
    error = refused.value.response
    if name == "binary-not-base64":
        # DynamoDB Local cannot even decode the body: a 500 InternalFailure, nothing stored.
        assert error["Error"]["Code"] in ("ValidationException", "SerializationException",
                                          "InternalFailure"), error
    elif error["Error"]["Code"] == "TransactionCanceledException":
        # A key of the wrong type is the action's ValidationError inside the cancellation.
        assert [r["Code"] for r in error["CancellationReasons"]] == ["ValidationError"], error
    else:
        assert error["Error"]["Code"] == "ValidationException", error
    request = put_request(table.name, field, av)
    try:
        problems = validate(Transaction.from_request(request), {table.name: table})
        where = [p.field for p in problems if p.is_error]
    except TransactionImportError as exc:  # a binary held as text cannot even be opened
        where = [p.field for p in exc.problems]
    assert where and where[0].startswith(f"item.{field}"), where
    # The same value as DynamoDB JSON (a draft, an Import JSON): refused where it is opened.
    if not (av.get("B") and isinstance(av["B"], str)):
        json_request = json.loads(json.dumps(request | {"TransactItems": [{"Put": {
            "TableName": table.name, "Item": {k: to_dynamodb_json(v) for k, v in
                                              request["TransactItems"][0]["Put"]["Item"].items()}}}]},
            default=str))
        try:
            problems = validate(parse_request(json_request), {table.name: table})
            assert any(p.field.startswith(f"item.{field}") and p.is_error for p in problems)
        except TransactionImportError as exc:
            assert exc.problems[0].field.startswith(f"item.{field}")


@pytest.mark.parametrize("name", list(VALID))
def test_valid_edge_values_pass_the_checks_and_dynamodb_stores_them(
        conn: Connection, table: TableInfo, name: str) -> None:
    field, av = VALID[name]
    acct = uuid.uuid4().hex[:8]
    request = put_request(table.name, field, av, acct)
    tx = Transaction.from_request(request)
    assert validate(tx, {table.name: table}) == []
    conn.client.transact_write_items(**request)
    key = {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}}
    stored = conn.client.get_item(TableName=table.name, Key=key, ConsistentRead=True)["Item"][field]
    if "N" in av:  # DynamoDB gives numbers back in its own spelling: equal by value
        assert Decimal(stored["N"]) == Decimal(av["N"])
    else:
        assert stored == av
