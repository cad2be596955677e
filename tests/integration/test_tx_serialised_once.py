"""A transaction is serialised once: validation, the preview and the send (on another thread,
as the import sends) share botocore's serialisation, and the body DynamoDB gets is that one.
Requests that differ only in key order or value type are told apart."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.tx import wire
from dynoview.core.tx.wire import WireMismatchError, request_body, send_exact
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration


class _Counting:
    """botocore's serializer, counting the TransactWriteItems it serialises."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.count = inner, 0

    def serialize_to_request(self, parameters: Any, operation_model: Any) -> Any:
        self.count += operation_model.name == "TransactWriteItems"
        return self.inner.serialize_to_request(parameters, operation_model)


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "once") as name:
        yield name


def _request(table: str, n: int) -> dict[str, Any]:
    return {"TransactItems": [{"Put": {"TableName": table, "Item": {
        "PK": {"S": f"DOC#{n}"}, "SK": {"S": "META"}, "blob": {"B": b"\x00\xff"}, "n": {"N": "1.50"}}}}],
        "ClientRequestToken": uuid.uuid4().hex}


def test_validation_preview_and_send_serialise_once(conn: Connection, table: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    wire.install_guard(conn)
    ours = _Counting(wire._operation_and_serializer()[1])
    monkeypatch.setitem(wire._state, "serializer", ours)
    client = _Counting(conn.client._serializer._inner)
    monkeypatch.setattr(conn.client._serializer, "_inner", client)
    request = _request(table, 1)
    body = request_body(request)
    assert request_body(_request(table, 1) | {"ClientRequestToken": request["ClientRequestToken"]}) == body
    sent: list[Any] = []
    worker = threading.Thread(target=lambda: sent.append(send_exact(conn, request, body)))
    worker.start()
    worker.join()
    assert sent and ours.count == 1 and client.count == 0  # one serialisation in all
    got = conn.client.get_item(TableName=table, Key={"PK": {"S": "DOC#1"}, "SK": {"S": "META"}})
    assert got["Item"]["blob"]["B"] == b"\x00\xff" and float(got["Item"]["n"]["N"]) == 1.5
    send_exact(conn, _request(table, 2))  # serialised here, once, and sent as it is
    assert ours.count == 2 and client.count == 0
    with pytest.raises(WireMismatchError):  # a body that is not its serialisation: botocore
        send_exact(conn, _request(table, 3), b"{}")  # serialises it and the guard refuses
    assert client.count == 1
    assert "Item" not in conn.client.get_item(TableName=table, Key={"PK": {"S": "DOC#3"},
                                                                    "SK": {"S": "META"}})


def test_key_order_and_types_are_told_apart() -> None:
    a = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"a": {"S": "1"}, "b": {"S": "2"}}}}]}
    b = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"b": {"S": "2"}, "a": {"S": "1"}}}}]}
    c = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"a": {"B": b"1"}, "b": {"S": "2"}}}}]}
    bodies = [request_body(r) for r in (a, b, c, a)]
    assert bodies[0] != bodies[1] and bodies[0] != bodies[2] and bodies[0] == bodies[3]
    assert bodies[1].index(b'"b"') < bodies[1].index(b'"a"')
