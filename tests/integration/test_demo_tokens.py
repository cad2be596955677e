"""ClientRequestToken on both engines: DynamoDB Local keeps it as DynamoDB does, and the demo's
moto (dynoview/demo/moto_tokens.py) answers the same requests the same way: a replay writes
nothing again, other items under a used token are refused, a failed request's token is free.
The in-flight and ten-minute rules: tests/unit/demo/test_moto_tokens.py."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "tokens") as name:
        yield name


def _add_one(table: str, pk: str, by: str = "1") -> dict[str, Any]:
    return {"Update": {"TableName": table, "Key": {"PK": {"S": pk}, "SK": {"S": "PROFILE"}},
                       "UpdateExpression": "ADD n :by", "ExpressionAttributeValues": {":by": {"N": by}}}}


def _send(conn: Connection, items: list[dict[str, Any]], token: str, **extra: Any) -> dict[str, Any]:
    answer = conn.client.transact_write_items(TransactItems=items, ClientRequestToken=token, **extra)
    answer.pop("ResponseMetadata")
    return dict(answer)


def _count(conn: Connection, table: str, pk: str) -> str | None:
    item = conn.client.get_item(TableName=table, Key={"PK": {"S": pk}, "SK": {"S": "PROFILE"}},
                                ConsistentRead=True).get("Item")
    return item["n"]["N"] if item else None


def _code(error: pytest.ExceptionInfo[ClientError]) -> str:
    return str(error.value.response["Error"]["Code"])


def test_the_same_request_again_is_a_replay_that_writes_nothing(conn: Connection, table: str) -> None:
    token = str(uuid.uuid4())
    _send(conn, [_add_one(table, "A")], token, ReturnConsumedCapacity="TOTAL")
    replay = _send(conn, [_add_one(table, "A")], token, ReturnConsumedCapacity="TOTAL")
    _send(conn, [_add_one(table, "A")], token)  # what it asks back may change
    assert _count(conn, table, "A") == "1"  # moto alone: 3
    (used,) = replay["ConsumedCapacity"]
    assert used["TableName"] == table and used["ReadCapacityUnits"] == 2.0  # read, not written
    assert "WriteCapacityUnits" not in used


def test_other_items_under_a_used_token_are_refused(conn: Connection, table: str) -> None:
    token = str(uuid.uuid4())
    _send(conn, [_add_one(table, "B")], token)
    with pytest.raises(ClientError) as refused:
        _send(conn, [_add_one(table, "B", by="1.0")], token)  # the same number, spelled otherwise
    assert _code(refused) == "IdempotentParameterMismatchException"
    assert _count(conn, table, "B") == "1"


def test_a_failed_requests_token_is_free_to_send_again(conn: Connection, table: str) -> None:
    token = str(uuid.uuid4())
    guarded = [{"Update": {**_add_one(table, "C")["Update"], "ConditionExpression": "attribute_exists(PK)"}}]
    with pytest.raises(ClientError) as cancelled:
        _send(conn, guarded, token)
    assert _code(cancelled) == "TransactionCanceledException"
    conn.client.put_item(TableName=table, Item={"PK": {"S": "C"}, "SK": {"S": "PROFILE"}})
    _send(conn, guarded, token)  # runs now: its condition holds
    assert _count(conn, table, "C") == "1"
