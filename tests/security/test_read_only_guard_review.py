"""Read-only, reviewed as an attacker and as a careless user: only operations listed as reads
pass (never a name that merely starts with Get, List or Describe), every PartiQL statement
that is not one plain SELECT is refused on the wire with a sentence that names it and says what
to do, a production connection's refusal says how production writes, and harmless SELECTs in
odd spellings still reach the table. Writes are tried on moto and DynamoDB Local and the table
is read back unchanged; a loopback socket that counts connections proves what was not sent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import botocore.session
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from dynoview.core.errors import DynoViewError, ReadOnlyError
from dynoview.core.reads import partiql as pq
from dynoview.core.session.connection import PRODUCTION_NOTE, Connection, ConnectionSpec
from dynoview.core.session.operations import WRITABLE_ADVICE, check_read_only, is_read_operation
from tests.helpers import FAKE_KEYS, connect, seeded_accounts_copy
from tests.integration.test_read_only import CountingListener, sample

pytestmark = [pytest.mark.security, pytest.mark.integration]

ONE_TRY = Config(retries={"total_max_attempts": 1}, read_timeout=1, connect_timeout=1)


@pytest.fixture
def listener() -> Iterator[CountingListener]:
    lst = CountingListener()
    yield lst
    lst.close()


def _spec(url: str, *, production: bool = False) -> ConnectionSpec:
    return ConnectionSpec(name="ro", endpoint_url=url, region="us-east-1", read_only=True,
                          production=production)


# ------------------------------------------------------------------ which operations read


@pytest.mark.parametrize("op", ["GetAndDeleteItem", "GetItemThenPut", "ListAppendItems",
                                "DescribeAndUpdateTable", "Getitem2Put"])
def test_a_name_that_only_starts_like_a_read_is_a_write(op: str) -> None:
    """Fail closed: an operation botocore adds later is a write until it is listed as a read."""
    assert not is_read_operation(op)
    with pytest.raises(ReadOnlyError, match=f"read-only: {op} writes"):
        check_read_only(op, {})


def test_every_read_listed_is_an_operation_and_streams_reads_are_listed() -> None:
    """The list has no typo (each name is one of botocore's), and the Streams API is read (the
    integrity check verifies GetRecords' answers because of it)."""
    session = botocore.session.get_session()
    dynamodb = set(session.get_service_model("dynamodb").operation_names)
    streams = set(session.get_service_model("dynamodbstreams").operation_names)
    reads = {op for op in dynamodb | streams if is_read_operation(op)}
    assert streams <= reads
    assert {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems", "DescribeTable",
            "ListTables", "GetResourcePolicy", "SearchVectors"} <= reads
    writes = dynamodb - reads
    assert {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems",
            "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction", "CreateTable",
            "DeleteTable", "UpdateTable", "UpdateTimeToLive", "TagResource", "UntagResource",
            "ImportTable", "RestoreTableFromBackup", "RestoreTableToPointInTime",
            "UpdateContinuousBackups", "CreateBackup", "DeleteBackup", "PutResourcePolicy",
            "DeleteResourcePolicy", "UpdateKinesisStreamingDestination",
            "EnableKinesisStreamingDestination", "DisableKinesisStreamingDestination",
            "ExportTableToPointInTime", "StartBulkPutItems", "CancelBulkOperation",
            "CreateGlobalTable", "UpdateGlobalTable", "UpdateGlobalTableSettings",
            "UpdateContributorInsights", "UpdateTableReplicaAutoScaling"} <= writes
    assert all(op.startswith(("Get", "List", "Describe", "Query", "Scan", "Search", "Batch",
                              "Transact")) for op in reads)


def test_a_vector_search_is_a_read_and_reaches_the_endpoint(listener: CountingListener) -> None:
    """SearchVectors returns items and writes none: it was refused as "SearchVectors writes"."""
    conn = Connection(_spec(listener.url), credentials=FAKE_KEYS)
    client = conn.new_client(config=ONE_TRY)
    params = sample(client.meta.service_model.operation_model("SearchVectors").input_shape) or {}
    with pytest.raises(Exception) as caught:
        client.search_vectors(**params)
    assert not isinstance(caught.value, ReadOnlyError)
    assert listener.accepted >= 1


# ------------------------------------------------------------------ PartiQL refusals


def test_a_batch_entry_that_is_not_a_statement_object_is_refused_not_skipped() -> None:
    params = {"Statements": [{"Statement": "SELECT * FROM t"}, "DELETE FROM t"]}
    with pytest.raises(ReadOnlyError, match="statement 2 of 2 is empty"):
        check_read_only("BatchExecuteStatement", params)
    with pytest.raises(ReadOnlyError, match="holds no statement"):
        check_read_only("ExecuteTransaction", {"TransactStatements": "SELECT * FROM t"})


@pytest.mark.parametrize("call, params, said", [
    # The write is named, not the comment beside it: removing the comment would not help.
    ("batch_execute_statement", {"Statements": [
        {"Statement": "SELECT * FROM accounts -- note"},
        {"Statement": "delete FROM accounts WHERE PK = 'a'"}]},
     "statement 2 of 2 is a DELETE, which writes, so the PartiQL BatchExecuteStatement was not "
     "sent. " + WRITABLE_ADVICE),
    ("execute_transaction", {"TransactStatements": [
        {"Statement": "EXISTS(SELECT * FROM accounts WHERE PK = 'a')"}]},
     "the statement is an EXISTS condition check, which only runs in a transaction that writes"),
    ("execute_transaction", {"TransactStatements": [
        {"Statement": "SELECT * FROM accounts WHERE PK = 'a'"},
        {"Statement": "\tINSERT INTO accounts VALUE {'PK': 'a', 'SK': 'b'}"}]},
     "statement 2 of 2 is an INSERT, which writes"),
    ("execute_statement", {"Statement": "SELECT * FROM accounts; UPDATE accounts SET a = 1"},
     "the statement is not one plain SELECT (a comment, text after its ;"),
    ("execute_statement", {"Statement": "SELEKT * FROM accounts"},
     "the statement starts with 'SELEKT', not SELECT, so the PartiQL ExecuteStatement was not "
     "sent. Check the spelling"),
    ("execute_statement", {"Statement": "/* read */ SELECT * FROM accounts"},
     "the statement has a comment (-- or /* */), and a comment can hide a write"),
])
def test_a_refused_statement_is_named_with_what_to_do(listener: CountingListener, call: str,
                                                      params: dict[str, Any], said: str) -> None:
    conn = Connection(_spec(listener.url), credentials=FAKE_KEYS)
    with pytest.raises(ReadOnlyError) as caught:
        getattr(conn.session.client("dynamodb", region_name="us-east-1",
                                    endpoint_url=listener.url), call)(**params)
    assert caught.value.message.startswith("This connection is read-only: ")
    assert said in caught.value.message
    assert listener.accepted == 0


def test_a_production_refusal_says_how_production_writes_not_to_open_another_connection(
        listener: CountingListener) -> None:
    conn = Connection(_spec(listener.url, production=True), credentials=FAKE_KEYS)
    assert conn.spec.production and conn.read_only
    for call in (lambda: conn.client.put_item(TableName="accounts", Item={"PK": {"S": "a"}}),
                 lambda: conn.new_client().execute_statement(
                     Statement="DELETE FROM accounts WHERE PK = 'a'")):
        with pytest.raises(ReadOnlyError) as caught:
            call()
        assert caught.value.message.startswith("This connection is read-only: ")
        assert caught.value.message.endswith(PRODUCTION_NOTE)
        assert WRITABLE_ADVICE not in caught.value.message
    with pytest.raises(ReadOnlyError) as caught:
        conn.client.execute_statement(Statement="SELECT * FROM accounts -- why")
    assert "Remove the comments and run the SELECT again. " + PRODUCTION_NOTE in caught.value.message
    assert listener.accepted == 0


# ------------------------------------------------------------------ the PartiQL tab's sentence


def test_the_tab_calls_a_typo_a_typo_on_a_read_only_connection_too() -> None:
    """On a read-only connection a misspelt SELECT was said to be "a statement that writes"."""
    with pytest.raises(DynoViewError) as caught:
        pq.prepare(pq.StatementSpec("SELEKT * FROM accounts"), read_only=True)
    assert caught.value.field == "statement"
    assert "starts with 'SELEKT', not SELECT" in caught.value.message
    assert "writes" not in caught.value.message.split(":")[0]


@pytest.mark.parametrize("production, said", [(False, pq.READ_ONLY_TOO), (True, pq.PRODUCTION_TOO)])
def test_the_tab_says_a_write_runs_only_in_the_builder_and_the_connection_is_read_only(
        production: bool, said: str) -> None:
    """It said "open a writable connection", where the write is refused anyway (only a SELECT
    runs in the tab): the builder is the way, once the connection writes."""
    with pytest.raises(ReadOnlyError) as caught:
        pq.prepare(pq.StatementSpec("DELETE FROM accounts WHERE PK = 'a'"), read_only=True,
                   production=production)
    assert caught.value.field == "statement"
    assert caught.value.message == f"{pq.WRITE_REFUSED} {said}"
    with pytest.raises(DynoViewError) as caught:
        pq.prepare(pq.StatementSpec("DELETE FROM accounts WHERE PK = 'a'"), read_only=False)
    assert caught.value.message == pq.WRITE_REFUSED


# ------------------------------------------------------------------ on real endpoints

DRESSED_WRITES = [
    "/* nested /* */ SELECT */ DELETE FROM \"{t}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'",
    "-- SELECT\nDELETE FROM \"{t}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'",
    "SELECT * FROM \"{t}\";\u2028DELETE FROM \"{t}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'",
    "SELECT * FROM \"{t}\" WHERE PK = 'x';\tDELETE FROM \"{t}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'",
    "\u00a0DeLeTe FROM \"{t}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'",
    "\x0cUPDATE \"{t}\" SET email = 'x@x.io' WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'",
    "(UPDATE \"{t}\" SET email = 'x@x.io' WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE')",
    "INSERT INTO \"{t}\" VALUE {{'PK': 'UNIQ#EMAIL#mallory@x.io', 'SK': 'LOCK'}}",
    "ſELECT * FROM \"{t}\"",
]


def _snapshot(conn: Connection, table: str) -> list[dict[str, Any]]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(items, key=lambda i: json.dumps(i, sort_keys=True))


def test_dressed_up_writes_leave_the_table_unchanged_and_odd_selects_still_read(
        endpoint_url: str, engine: str) -> None:
    writer = connect(endpoint_url)
    with seeded_accounts_copy(writer) as table:
        before = _snapshot(writer, table)
        ro = connect(endpoint_url, read_only=True)
        clients = [ro.client, ro.new_client(),
                   ro.session.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint_url)]
        for client in clients:
            for statement in (s.format(t=table) for s in DRESSED_WRITES):
                for call, params in (
                        ("execute_statement", {"Statement": statement}),
                        ("batch_execute_statement", {"Statements": [
                            {"Statement": f'SELECT * FROM "{table}" WHERE PK = \'a\''},
                            {"Statement": statement}]}),
                        ("execute_transaction", {"TransactStatements": [{"Statement": statement}]})):
                    with pytest.raises(ReadOnlyError, match="This connection is read-only"):
                        getattr(client, call)(**params)
            with pytest.raises(ReadOnlyError):
                client.put_item(TableName=table, Item={"PK": {"S": "x"}, "SK": {"S": "y"}})
        table_resource = ro.session.resource("dynamodb", region_name="us-east-1",
                                             endpoint_url=endpoint_url).Table(table)
        with pytest.raises(ReadOnlyError):
            table_resource.delete_item(Key={"PK": "ACCT#a1f9c3", "SK": "PROFILE"})
        assert _snapshot(writer, table) == before
        # Harmless SELECTs in odd spellings still read: mixed case, tabs and line breaks,
        # keywords as quoted names and in strings, a trailing ;.
        for statement in (
                f"\t(sElEcT \"email\" FROM \"{table}\"\r\n WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE');",
                f"SELECT * FROM \"{table}\" WHERE PK = 'ACCT#a1f9c3' AND \"SK\" = 'PROFILE' "
                "AND email <> 'DELETE FROM x; -- /* INSERT'",
        ):
            try:
                items = ro.new_client(config=ONE_TRY).execute_statement(Statement=statement)["Items"]
            except ClientError:
                assert engine == "moto"  # moto's parser takes neither; DynamoDB Local judges
                continue
            assert engine == "moto" or items[0]["email"] == {"S": "ada@lovelace.io"}
        page = ro.client.batch_execute_statement(Statements=[
            {"Statement": f"SELECT email FROM \"{table}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'"}])
        # moto answers a batch without the Item; DynamoDB Local as DynamoDB does.
        assert engine == "moto" or page["Responses"][0]["Item"]["email"] == {"S": "ada@lovelace.io"}
