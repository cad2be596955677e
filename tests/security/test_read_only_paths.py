"""Read-only, beyond the connection's own client (tests/integration/test_read_only.py covers that):
the audit's dedicated client, the transaction path, the headless command, the Streams
client and PartiQL statements dressed up to look like reads. The proof is always a
loopback socket that counts connections: it must see none.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.cli import main as cli_main
from dynoview.core.audit import fast_reader
from dynoview.core.connection import Connection, ConnectionSpec, partiql_is_read
from dynoview.core.errors import ReadOnlyError
from dynoview.core.locks import article_schema
from dynoview.core.reads import Reader
from dynoview.core.templates import sign_up
from dynoview.core.tx_execution import execute_transaction
from tests.integration.test_read_only import CountingListener, sample, write_operations

pytestmark = [pytest.mark.security, pytest.mark.integration]
KEYS = {"aws_access_key_id": "k", "aws_secret_access_key": "s"}


@pytest.fixture
def listener() -> Iterator[CountingListener]:
    lst = CountingListener()
    yield lst
    lst.close()


@pytest.fixture
def ro(listener: CountingListener) -> Connection:
    return Connection(ConnectionSpec(name="ro", endpoint_url=listener.url, region="us-east-1",
                                     read_only=True), credentials=KEYS)


def test_the_audit_client_refuses_every_write_too(ro: Connection, listener: CountingListener) -> None:
    client = fast_reader(Reader(ro)).conn.client
    assert client is not ro.client
    model = client.meta.service_model
    methods = {api: method for method, api in client.meta.method_to_api_mapping.items()}
    ops = write_operations(ro)
    assert len(ops) > 20
    for op in ops:
        with pytest.raises(ReadOnlyError, match="read-only"):
            getattr(client, methods[op])(**(sample(model.operation_model(op).input_shape) or {}))
    assert listener.accepted == 0


def test_transactions_are_refused_before_anything_else(ro: Connection, listener: CountingListener,
                                                       tmp_path: Path) -> None:
    tx = sign_up(article_schema(), "accounts", {"PK": {"S": "ACCT#x"}, "SK": {"S": "PROFILE"},
                                                "email": {"S": "x@x.io"}, "username": {"S": "x"}})
    for confirmation in (True, "accounts", None):
        with pytest.raises(ReadOnlyError, match="read-only"):
            execute_transaction(ro, tx, confirmation=confirmation)
    request = tmp_path / "tx.json"
    request.write_text(json.dumps(tx.to_request(), default=str))
    code = cli_main(["transact", str(request), "--endpoint-url", ro.spec.endpoint_url or "",
                     "--read-only", "--yes"])
    assert code != 0
    assert listener.accepted == 0


def test_streams_api_has_no_write_operation(ro: Connection) -> None:
    streams = ro.streams_client()
    assert all(op.startswith(("Describe", "Get", "List"))
               for op in streams.meta.service_model.operation_names)


DRESSED_UP = [
    "/* SELECT */ DELETE FROM t WHERE PK = 'a'",
    "-- SELECT * FROM t\nDELETE FROM t WHERE PK = 'a'",
    "\ufeffDELETE FROM t WHERE PK = 'a'",
    "selectx DELETE",
    "SELECTED",
    "(INSERT INTO t VALUE {'PK': 'a'})",
    "  \n\tupdate t SET x = 1 WHERE PK = 'a'",
    "/* unterminated SELECT",
    "EXISTS(SELECT * FROM t WHERE PK = 'a')",
    "",
]


@pytest.mark.parametrize("statement", DRESSED_UP)
def test_dressed_up_partiql_writes_are_refused(ro: Connection, listener: CountingListener,
                                               statement: str) -> None:
    with pytest.raises(ReadOnlyError):
        ro.client.execute_statement(Statement=statement or " ")
    with pytest.raises(ReadOnlyError):
        ro.client.batch_execute_statement(Statements=[{"Statement": "SELECT * FROM t"},
                                                      {"Statement": statement or " "}])
    assert listener.accepted == 0


JUNK = st.lists(st.sampled_from([" ", "\n", "\t", "(", "/* SELECT */", "-- SELECT\n", "/**/", "\ufeff"]),
                max_size=6).map("".join)
WRITES = st.sampled_from(["INSERT INTO t VALUE {'a': 1}", "UPDATE t SET a = 1", "DELETE FROM t",
                          "delete from t", "UpSeRt t", "REPLACE INTO t VALUE {}", "EXISTS(SELECT 1)"])


@settings(max_examples=200, deadline=None)
@given(JUNK, WRITES, st.text(max_size=20))
def test_no_prefix_makes_a_write_look_like_a_read(junk: str, write: str, tail: str) -> None:
    assert not partiql_is_read(junk + write + tail)
