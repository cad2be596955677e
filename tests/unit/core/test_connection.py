import pytest

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session.connection import (
    ConnectionSpec,
    check_read_only,
    endpoint_is_local,
    is_read_operation,
    partiql_is_read,
    spec_from_environment,
)


@pytest.mark.parametrize("op", ["GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems",
                                "DescribeTable", "ListTables", "DescribeTimeToLive"])
def test_reads_are_reads(op: str) -> None:
    assert is_read_operation(op)


@pytest.mark.parametrize("op", ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
                                "TransactWriteItems", "CreateTable", "DeleteTable", "UpdateTable",
                                "UpdateTimeToLive", "TagResource", "RestoreTableFromBackup"])
def test_writes_are_refused(op: str) -> None:
    assert not is_read_operation(op)
    with pytest.raises(ReadOnlyError, match=f"read-only: {op} writes"):
        check_read_only(op, {})


@pytest.mark.parametrize("statement, is_read", [
    ('SELECT * FROM "t"', True),
    ("  select email from t where PK = ?", True),
    # A comment is refused, never stripped: it is how a write gets dressed up as a read.
    ("-- comment\nSELECT * FROM t", False),
    ("/* hi */ SELECT 1 FROM t", False),
    ("SELECT * FROM t -- trailing", False),
    ("SELECT * FROM t WHERE a = 'x' /* hi */", False),
    # Inside quotes, -- and /* are text, not comments.
    ("SELECT * FROM t WHERE email = 'a--b/*c'", True),
    ('SELECT * FROM "weird--name" WHERE a = \'it\'\'s -- fine\'', True),
    ("SELECT * FROM t WHERE a = 'unterminated", False),
    ("SELECT * FROM t; DELETE FROM t", False),
    ("SELECT * FROM t WHERE a = ';x';", True),
    ("INSERT INTO t VALUE {'PK': 'a'}", False),
    ("UPDATE t SET a = 1 WHERE PK = 'x'", False),
    ("DELETE FROM t WHERE PK = 'x'", False),
    ("SELECTED", False),
    ("", False),
])
def test_partiql_classification(statement: str, is_read: bool) -> None:
    assert partiql_is_read(statement) is is_read


def test_partiql_batch_with_one_write_is_refused() -> None:
    params = {"Statements": [{"Statement": "SELECT * FROM t"}, {"Statement": "DELETE FROM t"}]}
    with pytest.raises(ReadOnlyError, match="PartiQL BatchExecuteStatement"):
        check_read_only("BatchExecuteStatement", params)
    check_read_only("ExecuteTransaction", {"TransactStatements": [{"Statement": "SELECT * FROM t"}]})


def test_partiql_with_a_comment_is_refused_with_its_reason() -> None:
    with pytest.raises(ReadOnlyError, match="has a comment"):
        check_read_only("ExecuteStatement", {"Statement": "/* just a read */ SELECT * FROM t"})


@pytest.mark.parametrize("url, local", [
    ("http://localhost:8000", True), ("http://127.0.0.1:4566", True), ("http://[::1]:8000", True),
    ("https://dynamodb.eu-west-1.amazonaws.com", False), ("http://10.0.0.5:8000", False),
    (None, False),
])
def test_endpoint_is_local(url: str | None, local: bool) -> None:
    assert endpoint_is_local(url) is local


def test_environment_is_honoured_and_flags_win() -> None:
    env = {"AWS_PROFILE": "dev", "AWS_DEFAULT_REGION": "eu-west-1",
           "AWS_ENDPOINT_URL": "http://localhost:9000",
           "AWS_ENDPOINT_URL_DYNAMODB": "http://localhost:8000"}
    spec = spec_from_environment(environ=env)
    assert (spec.profile, spec.region, spec.endpoint_url) == ("dev", "eu-west-1",
                                                              "http://localhost:8000")
    spec = spec_from_environment(profile="prod", region="us-west-2", environ={
        "AWS_REGION": "eu-central-1", "AWS_DEFAULT_REGION": "eu-west-1"})
    assert (spec.profile, spec.region, spec.endpoint_url) == ("prod", "us-west-2", None)
    assert spec_from_environment(environ={"AWS_REGION": "eu-central-1",
                                          "AWS_DEFAULT_REGION": "x"}).region == "eu-central-1"


def test_settings_round_trip_keeps_no_secrets() -> None:
    spec = ConnectionSpec(name="prod", profile="p", region="eu-west-1", read_only=True,
                          extra={"aws_secret_access_key": "SECRET"})
    data = spec.to_settings()
    assert "SECRET" not in repr(data)
    assert ConnectionSpec.from_settings(data) == ConnectionSpec(name="prod", profile="p",
                                                                region="eu-west-1", read_only=True)


def test_settings_without_name_are_rejected() -> None:
    with pytest.raises(ValueError, match="no name"):
        ConnectionSpec.from_settings({"profile": "x"})
