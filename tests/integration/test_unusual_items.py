"""Items and tables the app did not design for, over HTTP to moto.

400 KB items, maps nested 32 levels deep, attribute names with dots, spaces, unicode
and reserved words, binary keys, partition-key-only tables and numeric keys: browse
(build_request, PageCursor, the ItemsModel display), the audit and the transaction
builder core (validation, request building, execution) all cope, and read back
exactly what was written.
"""

from __future__ import annotations

import base64
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.audit.run import run_audit
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.execution import TransactionInvalidError, execute_transaction
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.tx.wire import request_body
from dynoview.core.uniqueness.schema import default_schema
from dynoview.core.values.display import display_text
from dynoview.core.values.equality import values_equal
from dynoview.core.values.sizes import item_size
from dynoview.core.values.types import MAX_NESTING_DEPTH
from dynoview.ui.items.model import ItemsModel, RawValueRole

pytestmark = pytest.mark.integration

ODD_NAMES = ["name", "status", "ttl", "a.b", "with space", "ключ", "🙂", "#x", ":v", "[0]", "x]y", "Key"]


def create(conn: Connection, keys: list[tuple[str, str, str]]) -> str:
    name = f"odd-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": n, "KeyType": role} for n, _, role in keys],
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": t} for n, t, _ in keys])
    return name


@pytest.fixture
def tables(conn: Connection) -> Iterator[dict[str, str]]:
    made = {
        "binary": create(conn, [("pk", "B", "HASH"), ("sk", "B", "RANGE")]),
        "numeric": create(conn, [("id", "N", "HASH"), ("seq", "N", "RANGE")]),
        "pk_only": create(conn, [("PK", "S", "HASH")]),
    }
    yield made
    for name in made.values():
        conn.client.delete_table(TableName=name)


def nested(depth: int) -> dict[str, Any]:
    """A value ``depth`` levels deep: maps (and one list) around a string."""
    value: dict[str, Any] = {"S": "bottom"}
    for level in range(depth - 1):
        value = {"L": [value]} if level == 3 else {"M": {f"level{depth - 1 - level}": value}}
    return value


def odd_attributes() -> dict[str, Any]:
    attrs = {n: {"S": f"value of {n}"} for n in ODD_NAMES}
    attrs["deep"] = nested(MAX_NESTING_DEPTH)
    attrs["n38"] = {"N": "-1234567890123456789012345678901234567.8"}
    attrs["tiny"] = {"N": "1E-130"}
    attrs["bin"] = {"B": bytes(range(256))}
    attrs["sets"] = {"BS": [b"\x00", b"\xff"]}
    return attrs


def big_item(key: dict[str, Any], target: int = 395 * 1024) -> dict[str, Any]:
    item = {**key, "blob": {"S": ""}}
    item["blob"] = {"S": "x" * (target - item_size(item))}
    assert item_size(item) == target
    return item


def every_item(reader: Reader, table: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    cursor = reader.cursor("Scan", {"TableName": table, "Limit": 2})
    for page in cursor:
        out.extend(page.items)
    return out


def show(info: TableInfo, items: list[dict[str, Any]]) -> ItemsModel:
    """Put the items in the table model and render every cell, as the view would."""
    model = ItemsModel()
    model.reset(info)
    model.append_page(items, True)
    for row in range(model.rowCount()):
        for col in range(model.columnCount()):
            index = model.index(row, col)
            text = model.data(index, Qt.ItemDataRole.DisplayRole)
            assert isinstance(text, str) and len(text) <= 400  # a 395 KB cell is not painted whole
            model.data(index, Qt.ItemDataRole.ToolTipRole)
            model.data(index, Qt.ItemDataRole.BackgroundRole)
            raw = model.data(index, RawValueRole)
            name = model.columns()[col]
            if raw is not None:
                assert values_equal(raw, items[row][name])
    return model


def cell(model: ItemsModel, row: int, name: str) -> str:
    return model.data(model.index(row, model.columns().index(name)), Qt.ItemDataRole.DisplayRole)


def execute(conn: Connection, info: TableInfo, actions: list[Action]) -> None:
    tx = Transaction(actions=actions)
    problems = validate(tx, {info.name: info})
    assert not has_errors(problems), problems
    request_body(tx.to_request())  # the exact bytes would be built
    result = execute_transaction(conn, tx, confirmation=True, tables={info.name: info})
    assert result.status == SUCCEEDED, result.message


def test_binary_keys_and_odd_attributes(qapp: Any, conn: Connection, reader: Reader,
                                        tables: dict[str, str]) -> None:
    info = describe_table(conn, tables["binary"])
    keys = [{"pk": {"B": bytes([i, 0, 255])}, "sk": {"B": b"\x00" * i + b"\x01"}} for i in range(5)]
    execute(conn, info, [Action(PUT, info.name, item={**k, **odd_attributes()}) for k in keys[:4]]
            + [Action(PUT, info.name, item=big_item(keys[4]))])

    items = every_item(reader, info.name)  # pages of 2: binary LastEvaluatedKeys go back out
    assert len(items) == 5
    stored = {bytes(i["pk"]["B"]): i for i in items}
    first = stored[bytes([0, 0, 255])]
    assert first["deep"] == nested(MAX_NESTING_DEPTH) and first["bin"] == {"B": bytes(range(256))}
    assert all(first[n] == {"S": f"value of {n}"} for n in ODD_NAMES)

    # The user types a binary key as base64; filters on awkward names go through placeholders.
    typed = base64.b64encode(bytes([2, 0, 255])).decode()
    for flt in [FilterSpec(n, "=", f"value of {n}") for n in ("a.b", "with space", "🙂", "name", "#x")]:
        op, request = build_request(info, BrowseSpec(table=info.name, mode="Query", pk_value=typed,
                                                     filter=flt))
        page = reader.cursor(op, request, info).next_page()
        assert [bytes(i["pk"]["B"]) for i in page.items] == [bytes([2, 0, 255])], flt
    op, request = build_request(info, BrowseSpec(table=info.name, mode="Query", pk_value=typed,
                                                 sk_operator="begins_with", sk_values=("AAA=",)))
    assert reader.cursor(op, request, info).next_page().items

    model = show(info, items)
    row = next(r for r in range(model.rowCount()) if model.item(r)["pk"] == {"B": bytes([0, 0, 255])})
    assert cell(model, row, "pk") == "b64:" + base64.b64encode(bytes([0, 0, 255])).decode()
    assert cell(model, row, "🙂") == "value of 🙂"
    assert cell(model, row, "n38") == "-1234567890123456789012345678901234567.8"

    # Delete by binary key, with a condition on a dotted name (no nested path is meant).
    execute(conn, info, [Action(DELETE, info.name, key=keys[0], condition="#d = :v",
                                names={"#d": "a.b"}, values={":v": {"S": "value of a.b"}})])
    assert len(every_item(reader, info.name)) == 4

    # One segment: moto cannot split binary partition keys into segments (it crashes hashing
    # bytes); DynamoDB can. Pages of 2 still send binary LastEvaluatedKeys back (fast parser).
    for fast in (True, False):
        result = run_audit(reader, info, default_schema(info), segments=1, page_limit=2, fast_parse=fast)
        assert result.items_read == 4 and result.findings == []  # no account or lock here


def test_numeric_keys_update_reserved_words_and_audit(qapp: Any, conn: Connection, reader: Reader,
                                                      tables: dict[str, str]) -> None:
    info = describe_table(conn, tables["numeric"])
    keys = [{"id": {"N": str(i)}, "seq": {"N": f"-{i}.5E+3"}} for i in range(4)]
    keys.append({"id": {"N": "99999999999999999999999999999999999999"}, "seq": {"N": "0"}})
    execute(conn, info, [Action(PUT, info.name, item={**k, "name": {"S": "n"}}) for k in keys])
    execute(conn, info, [Action(UPDATE, info.name, key=keys[1],
                                update="SET #name = :n, #status = :s, #deep = :d, #dot = :x",
                                names={"#name": "name", "#status": "status", "#deep": "deep",
                                       "#dot": "a.b"},
                                values={":n": {"S": "renamed"}, ":s": {"NULL": True},
                                        ":d": nested(MAX_NESTING_DEPTH), ":x": {"N": "0.000001"}})])
    items = every_item(reader, info.name)
    assert len(items) == 5
    updated = next(i for i in items if i["id"] == {"N": "1"})
    assert updated["name"] == {"S": "renamed"} and updated["a.b"] == {"N": "0.000001"}
    assert updated["deep"] == nested(MAX_NESTING_DEPTH)

    # Numeric key text as a user types it: exact digits, exponents, a sort key range.
    op, request = build_request(info, BrowseSpec(table=info.name, mode="Query",
                                                 pk_value="99999999999999999999999999999999999999"))
    assert reader.cursor(op, request, info).next_page().items[0]["seq"] == {"N": "0"}
    op, request = build_request(info, BrowseSpec(table=info.name, mode="Query", pk_value="3",
                                                 sk_operator="between", sk_values=("-4E3", "-3.5e3")))
    found = [i["seq"] for i in reader.cursor(op, request, info).next_page().items]
    assert len(found) == 1 and values_equal(found[0], {"N": "-3500"})  # moto keeps "-3.5E+3" as sent

    model = show(info, items)
    assert "99999999999999999999999999999999999999" in [cell(model, r, "id") for r in range(5)]

    result = run_audit(reader, info, default_schema(info), segments=3, page_limit=1)
    assert result.items_read == 5 and result.findings == []


def test_partition_key_only_table_with_big_and_deep_items(qapp: Any, conn: Connection, reader: Reader,
                                                          tables: dict[str, str]) -> None:
    info = describe_table(conn, tables["pk_only"])
    assert info.sort_key is None
    big = big_item({"PK": {"S": "BIG"}})
    execute(conn, info, [Action(PUT, info.name, item=big),
                         Action(PUT, info.name, item={"PK": {"S": "ACCT#solo"}, "email": {"S": "s@x.io"},
                                                      **odd_attributes()}),
                         Action(PUT, info.name, item={"PK": {"S": "UNIQ#EMAIL#s@x.io"}})])
    items = every_item(reader, info.name)
    assert len(items) == 3
    assert next(i for i in items if i["PK"] == {"S": "BIG"}) == big  # 395 KB back, byte for byte
    model = show(info, items)
    assert model.columns()[0] == "PK"
    assert len(display_text(big["blob"])) <= 200

    op, request = build_request(info, BrowseSpec(table=info.name, mode="Query", pk_value="BIG"))
    assert reader.cursor(op, request, info).next_page().items == [big]
    with pytest.raises(Exception, match="no sort key"):
        build_request(info, BrowseSpec(table=info.name, mode="Query", pk_value="BIG", sk_operator="="))

    # Over the 400 KB limit or 32 levels: refused with a located problem, nothing sent.
    too_big = big_item({"PK": {"S": "TOOBIG"}}, 400 * 1024 + 1)
    too_deep = {"PK": {"S": "DEEP"}, "deep": nested(MAX_NESTING_DEPTH + 1)}
    sent: list[str] = []
    conn.client.meta.events.register("before-send.dynamodb.TransactWriteItems",
                                     lambda **_: sent.append("sent"))
    for item, field in ((too_big, "item"), (too_deep, "item.deep")):
        with pytest.raises(TransactionInvalidError) as info_err:
            execute_transaction(conn, Transaction(actions=[Action(PUT, info.name, item=item)]),
                                confirmation=True, tables={info.name: info})
        assert any(p.field.startswith(field) for p in info_err.value.problems), info_err.value.problems
        assert sent == []

    # The audit of a table keyed by PK alone: the article layout without SK still pairs.
    result = run_audit(reader, info, default_schema(info), segments=2, page_limit=1)
    assert result.items_read == 3
    assert {f.status for f in result.findings} <= {"missing_lock"}  # no username lock for ACCT#solo
