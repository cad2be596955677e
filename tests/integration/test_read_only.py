"""A read-only connection refuses every write in botocore's service model before sending."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from botocore.model import Shape

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.operations import is_read_operation

pytestmark = pytest.mark.integration


class CountingListener:
    """A loopback socket that counts connection attempts: the proof nothing was sent."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.accepted = 0
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.accepted += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self.thread.join()
        self.sock.close()


@pytest.fixture
def listener() -> Iterator[CountingListener]:
    lst = CountingListener()
    yield lst
    lst.close()


def sample(shape: Shape | None, depth: int = 0) -> Any:
    """A minimal value that passes botocore's parameter validation for a shape."""
    if shape is None:
        return None
    kind = shape.type_name
    if kind == "structure":
        return {name: sample(shape.members[name], depth + 1)
                for name in shape.required_members} if depth < 8 else {}
    if kind == "list":
        count = max(1, shape.metadata.get("min", 0))
        return [sample(shape.member, depth + 1) for _ in range(count)]
    if kind == "map":
        return {"k": sample(shape.value, depth + 1)}
    if kind == "string":
        if shape.enum:
            return shape.enum[0]
        return "x" * max(3, shape.metadata.get("min", 0))
    if kind in {"integer", "long"}:
        return max(1, shape.metadata.get("min", 1))
    if kind in {"double", "float"}:
        return 1.0
    if kind == "boolean":
        return False
    if kind == "blob":
        return b"x"
    if kind == "timestamp":
        return 0
    return None


def write_operations(conn: Connection) -> list[str]:
    model = conn.client.meta.service_model
    return [op for op in model.operation_names if not is_read_operation(op)]


def test_every_write_operation_is_refused_locally(listener: CountingListener) -> None:
    spec = ConnectionSpec(name="ro", endpoint_url=listener.url, region="us-east-1", read_only=True)
    conn = Connection(spec, credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"})
    model = conn.client.meta.service_model
    ops = write_operations(conn)
    method_names = {api: method for method, api in conn.client.meta.method_to_api_mapping.items()}
    assert {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems",
            "CreateTable", "DeleteTable", "UpdateTable", "UpdateTimeToLive"} <= set(ops)
    for op in ops:
        params = sample(model.operation_model(op).input_shape) or {}
        method = getattr(conn.client, method_names[op])
        with pytest.raises(ReadOnlyError, match="read-only"):
            method(**params)
    assert listener.accepted == 0


@pytest.mark.parametrize("call, params", [
    ("execute_statement", {"Statement": "INSERT INTO accounts VALUE {'PK': 'a', 'SK': 'b'}"}),
    ("execute_statement", {"Statement": "update accounts SET x = 1 WHERE PK = 'a'"}),
    ("execute_statement", {"Statement": "  DELETE FROM accounts WHERE PK = 'a'"}),
    ("batch_execute_statement", {"Statements": [{"Statement": "SELECT * FROM accounts"},
                                                {"Statement": "DELETE FROM accounts"}]}),
    ("execute_transaction", {"TransactStatements": [{"Statement": "INSERT INTO t VALUE {'a':1}"}]}),
])
def test_partiql_writes_are_refused(listener: CountingListener, call: str,
                                    params: dict[str, Any]) -> None:
    spec = ConnectionSpec(name="ro", endpoint_url=listener.url, region="us-east-1", read_only=True)
    conn = Connection(spec, credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"})
    with pytest.raises(ReadOnlyError, match="PartiQL"):
        getattr(conn.client, call)(**params)
    assert listener.accepted == 0


def test_reads_still_work_read_only(endpoint_url: str, accounts_table: str) -> None:
    spec = ConnectionSpec(name="ro", endpoint_url=endpoint_url, region="us-east-1",
                          read_only=True)
    conn = Connection(spec, credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"})
    assert accounts_table in conn.list_tables()
    items = conn.client.execute_statement(
        Statement=f'SELECT * FROM "{accounts_table}" WHERE PK = \'ACCT#a1f9c3\'')["Items"]
    assert items[0]["email"] == {"S": "ada@lovelace.io"}
    with pytest.raises(ReadOnlyError):
        conn.client.put_item(TableName=accounts_table, Item={"PK": {"S": "x"}, "SK": {"S": "y"}})
    assert conn.client.get_item(TableName=accounts_table,
                                Key={"PK": {"S": "x"}, "SK": {"S": "y"}}).get("Item") is None
