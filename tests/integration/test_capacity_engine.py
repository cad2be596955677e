"""The app's capacity estimate against DynamoDB Local's ConsumedCapacity (AWS's own engine).

GetItem, Query and Scan (both consistencies), TransactGetItems and TransactWriteItems over
items of 100 bytes to 400 KB. Reads must agree exactly: the receipt's estimate is what the
read log shows next to the engine's figure. TransactWriteItems does not, and cannot: the
estimate follows the Developer Guide (2 WCU per 1 KB of each item), while DynamoDB Local
reports twice that per action and counts actions of equal cost in one table once. Those
differences are asserted as they are, so a DynamoDB Local that changes them fails here and
docs/capacity.md gets updated (it explains each one).

``comparison_rows`` builds the table docs/capacity.md prints; run this module's ``main`` to
print it again.
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from dynoview.core.reads.estimates import estimate_write_request
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import consumed_read_units
from dynoview.core.session.connection import Connection
from dynoview.core.values.sizes import item_size
from tests.helpers import connect

pytestmark = [pytest.mark.integration, pytest.mark.dynamodb_local]

#: 0.1 KB to 400 KB, with the 1 KB and 4 KB boundaries on both sides.
SIZES = (100, 1024, 1025, 4096, 4097, 10_000, 100_000, 409_500)


@dataclass(frozen=True)
class Row:
    operation: str
    size: str  # "4097 B", "3 x 409500 B", ...
    app: float | None
    local: float | None
    note: str = ""


def sized_item(pk: str, size: int, sk: str = "ITEM") -> dict[str, Any]:
    """An item of exactly ``size`` bytes by DynamoDB's rules, with mixed types (a 38-digit
    number, a negative decimal, binary, a set, a map) so the size rules are all exercised."""
    item: dict[str, Any] = {
        "PK": {"S": pk}, "SK": {"S": sk},
        "n": {"N": "12345678901234567890123456789012345678"}, "neg": {"N": "-0.000123"},
        "b": {"B": b"\x00\xff" * 10}, "ns": {"NS": ["1", "-3.5"]}, "m": {"M": {"k": {"L": []}}},
    }
    pad = size - item_size({**item, "d": {"S": ""}})
    if pad < 0:  # too small for the mixed attributes: a plain item
        item = {"PK": {"S": pk}, "SK": {"S": sk}}
        pad = size - item_size({**item, "d": {"S": ""}})
    item["d"] = {"S": "x" * pad}
    assert item_size(item) == size
    return item


def key_of(item: dict[str, Any]) -> dict[str, Any]:
    return {"PK": item["PK"], "SK": item["SK"]}


def _create(conn: Connection, name: str) -> None:
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}])


def _local_units(response: dict[str, Any]) -> float | None:
    return consumed_read_units(response.get("ConsumedCapacity"))


def _read_rows(conn: Connection, table: str, label: str, items: list[dict[str, Any]]) -> list[Row]:
    """GetItem (first item), Query (the partition) and Scan (the table), both consistencies."""
    reader = Reader(conn)
    rows = []
    for strong in (True, False):
        mode = "strong" if strong else "eventual"
        query = {"TableName": table, "KeyConditionExpression": "PK = :p",
                 "ExpressionAttributeValues": {":p": items[0]["PK"]}, "ConsistentRead": strong}
        requests = [("GetItem", {"TableName": table, "Key": key_of(items[0]), "ConsistentRead": strong}),
                    ("Query", query), ("Scan", {"TableName": table, "ConsistentRead": strong})]
        for operation, request in requests:
            response, receipt = reader.read_with_receipt(operation, request)
            if operation != "GetItem":
                assert response["Count"] == len(items) and "LastEvaluatedKey" not in response
            rows.append(Row(f"{operation} {mode}", label if operation != "GetItem" else
                            f"{item_size(items[0])} B", receipt.estimated_capacity,
                            receipt.consumed_capacity))
    return rows


def _transact_get(conn: Connection, table: str, keys: list[dict[str, Any]], label: str) -> Row:
    _response, receipt = Reader(conn).read_with_receipt(
        "TransactGetItems", {"TransactItems": [{"Get": {"TableName": table, "Key": k}} for k in keys]})
    return Row("TransactGetItems", label, receipt.estimated_capacity, receipt.consumed_capacity)


def _transact_write(conn: Connection, label: str, actions: list[dict[str, Any]],
                    stored: list[dict[str, Any] | None], note: str = "") -> Row:
    request = {"TransactItems": actions, "ClientRequestToken": str(uuid.uuid4())}
    app = estimate_write_request("TransactWriteItems", request, stored)
    assert not app.lower_bound or any("Update" in a for a in actions)
    response = conn.client.transact_write_items(**request, ReturnConsumedCapacity="TOTAL")
    return Row("TransactWriteItems", label, app.units, _local_units(response), note)


def comparison_rows(conn: Connection) -> list[Row]:
    """Every comparison, on fresh tables (dropped afterwards)."""
    rows: list[Row] = []
    tables: list[str] = []

    def table() -> str:
        name = f"capacity-{uuid.uuid4().hex[:8]}"
        _create(conn, name)
        tables.append(name)
        return name

    try:
        for size in SIZES:
            name = table()
            item = sized_item(f"SIZE#{size}", size)
            conn.client.put_item(TableName=name, Item=item)
            rows += _read_rows(conn, name, f"{size} B", [item])
            rows.append(_transact_get(conn, name, [key_of(item)], f"{size} B"))
            fresh = sized_item(f"NEW#{size}", size)
            rows.append(_transact_write(conn, f"{size} B", [{"Put": {"TableName": name, "Item": fresh}}],
                                        [None], "Put, new item"))
            rows.append(_transact_write(conn, f"{size} B",
                                        [{"Delete": {"TableName": name, "Key": key_of(fresh)}}], [fresh],
                                        "Delete"))
            rows.append(_transact_write(conn, f"{size} B", [
                {"ConditionCheck": {"TableName": name, "Key": key_of(item),
                                    "ConditionExpression": "attribute_exists(PK)"}},
                {"Put": {"TableName": name, "Item": sized_item("OTHER", 100)}}], [item, None],
                "ConditionCheck + Put of 100 B"))
        # Pages of several items: Query and Scan round the page's total once.
        many = table()
        small = [sized_item("MANY", 1000, f"{i:02d}") for i in range(10)]
        for item in small:
            conn.client.put_item(TableName=many, Item=item)
        rows += [r for r in _read_rows(conn, many, "10 x 1000 B", small) if r.operation[:3] != "Get"]
        big_table = table()
        big = [sized_item("BIG", 409_500, str(i)) for i in range(3)]
        for item in big:
            conn.client.put_item(TableName=big_table, Item=item)
        rows += [r for r in _read_rows(conn, big_table, "3 x 409500 B", big) if r.operation[:3] != "Get"]
        rows.append(_transact_get(conn, many, [key_of(small[0]), key_of(small[1])], "2 x 1000 B"))
        rows.append(_transact_get(conn, many, [key_of(small[0]), key_of(small[1]),
                                               {"PK": {"S": "MANY"}, "SK": {"S": "absent"}}],
                                  "2 x 1000 B + 1 missing key"))
        rows.append(_transact_get(conn, big_table, [key_of(i) for i in big], "3 x 409500 B"))
        # Several actions of equal cost in one table: DynamoDB Local counts them once.
        puts = [{"Put": {"TableName": many, "Item": sized_item("SIGNUP", 100, f"{i}")}} for i in range(3)]
        rows.append(_transact_write(conn, "3 x 100 B", puts, [None] * 3, "3 Puts (a signup)"))
        rows.append(_transact_write(conn, "100 B + 5000 B", [
            {"Put": {"TableName": many, "Item": sized_item("MIX", 100, "a")}},
            {"Put": {"TableName": many, "Item": sized_item("MIX", 5000, "b")}}], [None, None], "2 Puts"))
        rows.append(_transact_write(conn, "0 B", [{"Delete": {"TableName": many, "Key": {
            "PK": {"S": "MANY"}, "SK": {"S": "absent"}}}}], [None], "Delete of no item"))
    finally:
        for name in tables:
            conn.client.delete_table(TableName=name)
    return rows


@pytest.fixture(scope="module")
def rows(dynamodb_local_endpoint: str) -> list[Row]:
    return comparison_rows(connect(dynamodb_local_endpoint))


def test_reads_agree_exactly_with_the_engine(rows: list[Row]) -> None:
    reads = [r for r in rows if r.operation != "TransactWriteItems"]
    assert len(reads) == len(SIZES) * 7 + 2 * 4 + 3
    assert [r for r in reads if r.app != r.local] == []


def _local_rule(row: Row, app_per_action: list[float]) -> float:
    """DynamoDB Local 1.25.1's TransactWriteItems figure: twice the documented cost of each
    action (a Delete of no item excepted), and actions of equal cost in a table once."""
    if row.note == "Delete of no item":
        return sum(app_per_action)
    return sum(2 * cost for cost in set(app_per_action))


def test_transactional_writes_follow_the_guide_and_the_engine_doubles_them(rows: list[Row]) -> None:
    writes = {(r.size, r.note): r for r in rows if r.operation == "TransactWriteItems"}
    for size in SIZES:
        units = -(-size // 1024)  # 1 KB write units, rounded up
        put = writes[(f"{size} B", "Put, new item")]
        assert put.app == 2 * units  # the guide: 2 WCU per 1 KB of each item
        assert put.local == _local_rule(put, [2 * units])
        delete = writes[(f"{size} B", "Delete")]
        assert delete.app == 2 * units and delete.local == _local_rule(delete, [2 * units])
        check = writes[(f"{size} B", "ConditionCheck + Put of 100 B")]
        check_units = 2 * -(-size // 4096)  # a transactional read of the checked item
        assert check.app == check_units + 2
        assert check.local == _local_rule(check, [check_units, 2])
    signup = writes[("3 x 100 B", "3 Puts (a signup)")]
    assert (signup.app, signup.local) == (6, 4)
    mixed = writes[("100 B + 5000 B", "2 Puts")]
    assert (mixed.app, mixed.local) == (2 + 10, 4 + 20)
    nothing = writes[("0 B", "Delete of no item")]
    assert (nothing.app, nothing.local) == (2, 2)


def _table(rows: list[Row]) -> Iterator[str]:
    yield "| operation | item size | app estimate | DynamoDB Local | note |"
    yield "|---|---|---|---|---|"
    for r in rows:
        yield f"| {r.operation} | {r.size} | {r.app:g} | {r.local:g} | {r.note} |"


def main(url: str) -> None:
    """Print the comparison as a Markdown table (``python -m tests.integration.test_capacity_engine URL``)."""
    for line in _table(comparison_rows(connect(url))):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
