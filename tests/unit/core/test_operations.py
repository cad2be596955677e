"""The read-only guard's rules: which operations read, which PartiQL statements are one SELECT."""

import pytest

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session.operations import check_read_only, is_read_operation, partiql_is_read


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
