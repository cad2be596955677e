"""TransactWriteItems: request building and execution (minimal; the builder extends it)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from dynoview.core.connection import Connection


def new_token() -> str:
    """A fresh ClientRequestToken (DynamoDB allows up to 36 characters)."""
    return str(uuid.uuid4())


def signup_request(
    table: str,
    account_item: Mapping[str, Any],
    lock_keys: list[Mapping[str, Any]],
    *,
    pk_name: str = "PK",
    token: str | None = None,
) -> dict[str, Any]:
    """The article's signup: Put the account and one lock per protected value,
    every Put guarded by attribute_not_exists so a taken value cancels the lot."""
    guard = {
        "ConditionExpression": "attribute_not_exists(#pk)",
        "ExpressionAttributeNames": {"#pk": pk_name},
    }
    items: list[dict[str, Any]] = [{"Put": {"TableName": table, "Item": dict(account_item), **guard}}]
    for key in lock_keys:
        items.append({"Put": {"TableName": table, "Item": dict(key), **guard,
                              "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}})
    return {"TransactItems": items, "ClientRequestToken": token or new_token()}


def execute(conn: Connection, request: Mapping[str, Any]) -> dict[str, Any]:
    """Send a TransactWriteItems request as it is (read-only connections refuse it)."""
    return conn.client.transact_write_items(**request)
