"""PartiQL core: parameters, and the request a statement becomes."""

from __future__ import annotations

import pytest

from dynoview.core.errors import ConsistentReadOnGsiError, DynoViewError, ReadOnlyError
from dynoview.core.reads import partiql as pq
from dynoview.core.reads import partiql_statements as ps
from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.values.types import ValueParseError

STATEMENT = ("-- who holds ada?\n"
             'SELECT * FROM "accounts"."email-index" /* a note\n over two lines ? */\n'
             "WHERE email = ? AND note = 'it''s ? here' AND n > 1.5e3")


def test_parameters_from_the_editor_and_the_command_line() -> None:
    assert pq.parse_parameter("S", "ada@lovelace.io") == {"S": "ada@lovelace.io"}
    assert pq.parse_parameter("N", "12345678901234567890.5") == {"N": "12345678901234567890.5"}
    assert pq.parse_parameter(pq.DYNAMODB_JSON, '{"SS": ["a", "b"]}') == {"SS": ["a", "b"]}
    with pytest.raises(ValueParseError, match="quote the number"):
        pq.parse_parameter(pq.DYNAMODB_JSON, '{"N": 1.50}')
    with pytest.raises(ValueParseError, match="not valid JSON"):
        pq.parse_parameter(pq.DYNAMODB_JSON, "{")
    assert pq.parse_cli_parameter('{"N": "1.50"}') == {"N": "1.50"}
    assert pq.parse_cli_parameter("1.50") == {"N": "1.50"}  # plain JSON numbers stay exact
    assert pq.parse_cli_parameter('"x"') == {"S": "x"}
    assert pq.parse_cli_parameter('{"a": 1}') == {"M": {"a": {"N": "1"}}}
    for av in ({"S": "x"}, {"N": "2"}, {"BOOL": False}, {"NULL": True}, {"B": b"\x00\xff"},
               {"L": [{"S": "a"}]}, {"NS": ["1", "2"]}):
        assert pq.parse_parameter(*pq.parameter_text(av)) == av


def test_prepare_builds_the_exact_request() -> None:
    spec = pq.StatementSpec(STATEMENT, ({"S": "ada@lovelace.io"},), consistent=False, page_size=25)
    assert pq.prepare(spec, read_only=False) == {
        "Statement": ps.strip_comments(STATEMENT), "ConsistentRead": False,
        "Parameters": [{"S": "ada@lovelace.io"}], "Limit": 25}
    assert pq.prepare(pq.StatementSpec("SELECT * FROM t"), read_only=True) == {
        "Statement": "SELECT * FROM t", "ConsistentRead": False}


def test_prepare_refuses_with_the_field_to_fix() -> None:
    def refused(spec: pq.StatementSpec, read_only: bool = False, **kw: object) -> DynoViewError:
        with pytest.raises(DynoViewError) as info:
            pq.prepare(spec, read_only=read_only, **kw)  # type: ignore[arg-type]
        return info.value

    assert refused(pq.StatementSpec("  -- nothing\n")).field == "statement"
    err = refused(pq.StatementSpec("DELETE FROM t WHERE PK = 'a'"), read_only=True)
    assert isinstance(err, ReadOnlyError) and err.field == "statement"
    assert "read-only" in err.message
    err = refused(pq.StatementSpec("INSERT INTO t VALUE {'PK': 'a'}"))
    assert err.field == "statement" and "transaction builder" in err.message
    err = refused(pq.StatementSpec("SELECT * FROM t WHERE a = ? AND b = ?", ({"S": "x"},)))
    assert err.field == "parameters" and "2 ? placeholders and 1 value is given" in err.message
    gsi = IndexInfo("email-index", "GSI", KeyAttribute("email", "S"), None, "ALL")
    table = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), gsis=(gsi,))
    err = refused(pq.StatementSpec('SELECT * FROM "accounts"."email-index"', consistent=True),
                  table=table)
    assert isinstance(err, ConsistentReadOnGsiError) and err.field == "consistency"


def test_receipts_estimate_a_statement_from_what_it_returned() -> None:
    from dynoview.core.reads.estimates import explain_read

    estimate = explain_read("ExecuteStatement", {"Statement": "SELECT * FROM t", "ConsistentRead": True},
                            {"Items": [{"a": {"S": "x" * 5000}}]})
    assert (estimate.units, estimate.lower_bound) == (2.0, True)  # 5 KB strong: 2 units, at least


def test_an_unclosed_block_comment_is_refused_not_stripped_with_the_rest() -> None:
    """Stripped, ``/* WHERE PK = 'x'`` left a valid SELECT of the whole table: the statement
    run would not be the one typed."""
    with pytest.raises(DynoViewError) as err:
        pq.prepare(pq.StatementSpec("SELECT * FROM \"accounts\" /* WHERE PK = 'x'"), read_only=False)
    assert err.value.field == "statement" and "never closed" in err.value.message
    closed = pq.prepare(pq.StatementSpec("SELECT * FROM \"accounts\" /* all */"), read_only=False)
    assert closed["Statement"] == 'SELECT * FROM "accounts"'


@pytest.mark.parametrize(("statement", "said"), [
    ("SELEKT * FROM accounts", "starts with 'SELEKT', not SELECT"),
    ("(x", "starts with 'x', not SELECT"),
    ("DELETE FROM accounts WHERE PK = 'a'", pq.WRITE_REFUSED),
    ("update accounts SET a = 1 WHERE PK = 'a'", pq.WRITE_REFUSED),
    ("SELECT * FROM accounts; DELETE FROM accounts", pq.WRITE_REFUSED),
])
def test_a_statement_that_is_not_one_select_is_refused_with_the_reason(statement: str, said: str) -> None:
    """A typo is not called a write; a write is said to be one."""
    with pytest.raises(DynoViewError) as err:
        pq.prepare(pq.StatementSpec(statement), read_only=False)
    assert err.value.field == "statement" and said in err.value.message
