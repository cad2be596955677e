"""The account an id names, read as it is now (strongly consistent): the owner a lock's
owner attribute names, or the account of a finding whose key lacks its sort key.

An id makes the account's key when the accounts share one sort key (``account_sk_value``) or
the table has none: a GetItem. When the accounts' sort keys vary (TypeDORM's layout, a Number
version), the id is only the partition key, and a GetItem by it alone is refused by DynamoDB:
the key is never guessed; the items under that partition key are found by a Query instead.
Diagnose (``origin``) and repair's re-checks (``repair.run``) read accounts this way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema

#: Items one Query reads under an account's partition key: one account is one item there, so
#: more than this is another layout (several entities per partition) and a person's decision.
PARTITION_ITEMS_MAX = 10


@dataclass(frozen=True)
class AccountRead:
    """What an account id found: its items now (none when it is gone), or why it cannot tell."""

    items: list[dict[str, Any]] = field(default_factory=list)
    problem: str | None = None  # a sentence: the id finds no single item to read or guard
    by_query: bool = False  # the items were found under the partition key (no key from the id)
    whole: bool = True  # every item under it was read (False: more than PARTITION_ITEMS_MAX)

    @property
    def item(self) -> dict[str, Any] | None:
        """The one item, or None when there is none (``problem`` says when there are several)."""
        return self.items[0] if len(self.items) == 1 else None


def needs_query(schema: UniquenessSchema, table: TableInfo) -> bool:
    """Whether an account id alone does not make its key in ``table``: the table has a sort key
    and the accounts' differ (``account_sk_value`` null), or it is not a String."""
    sk = table.sort_key
    return sk is not None and (schema.account_sk_value is None or sk.type != "S")


def key_fits(table: TableInfo, key: Mapping[str, Any]) -> bool:
    """Whether ``key`` names exactly the table's key attributes, each of the table's type (an
    audit report's account key without a Number sort key does not)."""
    types = {table.partition_key.name: table.partition_key.type}
    if table.sort_key is not None:
        types[table.sort_key.name] = table.sort_key.type
    return set(key) == set(types) and all(
        isinstance(av, Mapping) and list(av) == [types[name]] for name, av in key.items())


def item_key(table: TableInfo, item: Mapping[str, Any]) -> dict[str, Any]:
    """An item's primary key, with the types it has."""
    return {name: item[name] for name in table.key_names if name in item}


def read_account(reader: Reader, table: TableInfo, schema: UniquenessSchema, account_id: str,
                 receipts: list[ReadReceipt] | None = None) -> AccountRead:
    """The account ``account_id`` names, by its key, else by a Query on its partition key."""
    key = schema.account_key(account_id)
    if not needs_query(schema, table):
        response, receipt = reader.read_with_receipt(
            "GetItem", {"TableName": table.name, "Key": key, "ConsistentRead": True})
        _keep(receipts, receipt)
        return AccountRead([response["Item"]] if response.get("Item") else [])
    pk = key[schema.pk_name]["S"]
    sort = table.sort_key.name if table.sort_key else ""
    if table.partition_key.name != schema.pk_name or table.partition_key.type != "S":
        return AccountRead(problem=f"Account {pk} cannot be read: its id is no key of {table.name} "
                                   f"(keyed on {table.partition_key.name}), and its sort key {sort} "
                                   "is not known.", by_query=True)
    response, receipt = reader.read_with_receipt("Query", {
        "TableName": table.name, "KeyConditionExpression": "#pk = :pk",
        "ExpressionAttributeNames": {"#pk": schema.pk_name}, "ExpressionAttributeValues": {":pk": {"S": pk}},
        "ConsistentRead": True, "Limit": PARTITION_ITEMS_MAX})
    _keep(receipts, receipt)
    items = [i for i in response.get("Items") or [] if schema.is_account(i)]
    more = bool(response.get("LastEvaluatedKey"))
    if len(items) > 1 or more:
        return AccountRead(items, f"Account {pk} has {'more than ' if more else ''}{len(items)} items "
                                  f"under its partition key (its sort key {sort} differs per item), so "
                                  "which one is the account is not known.", True, not more)
    return AccountRead(items, by_query=True)


def _keep(receipts: list[ReadReceipt] | None, receipt: ReadReceipt) -> None:
    if receipts is not None:
        receipts.append(receipt)
