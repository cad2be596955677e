"""``session.operations``: a backtick (Ion) literal is a value to the read-only guard's own comment
and ``;`` scans, as it is to the lexer, so ``--``, ``/*`` or ``;`` inside one does not make a
SELECT a write; a comment or second statement outside any literal is still refused."""

from __future__ import annotations

import pytest

from dynoview.core.errors import DynoViewError, ReadOnlyError
from dynoview.core.reads.partiql import StatementSpec, prepare
from dynoview.core.session.operations import check_read_only, partiql_has_comment, partiql_is_read

SELECTS_WITH_ION = [
    'SELECT * FROM "accounts" WHERE PK = \'a\' AND n = `(-- 1)`',
    'SELECT * FROM "accounts" WHERE PK = \'a\' AND n = `/*x*/1`',
    "SELECT * FROM t WHERE a = `(; 1)`",
    "SELECT * FROM t WHERE a = `(-- 1)`;",
    "SELECT * FROM t WHERE a = `{b: '--'}` AND c = '/*' AND \"d--\" = `1`",
]


@pytest.mark.parametrize("statement", SELECTS_WITH_ION)
def test_a_select_with_comment_marks_inside_backticks_is_a_read(statement: str) -> None:
    assert not partiql_has_comment(statement)
    assert partiql_is_read(statement)
    check_read_only("ExecuteStatement", {"Statement": statement})  # no refusal


@pytest.mark.parametrize("read_only", [False, True])
@pytest.mark.parametrize("statement", SELECTS_WITH_ION[:2])
def test_the_partiql_tab_prepares_it_on_any_connection(statement: str, read_only: bool) -> None:
    request = prepare(StatementSpec(statement), read_only=read_only)
    assert request["Statement"] == statement


@pytest.mark.parametrize("statement", [
    "SELECT * FROM t WHERE a = `1` -- x",  # after the literal: a comment
    "SELECT * FROM t WHERE a = `1` /* x */",
    "SELECT * FROM t WHERE a = `1 -- x",  # never closed: what follows cannot be read safely
    "SELECT * FROM t WHERE a = `a`` -- x",  # the second backtick opens a literal never closed
    "SELECT * FROM t WHERE a = `'` -- x",  # a quote inside backticks opens no string
    "SELECT * FROM t WHERE a = `\"` -- x",
    "SELECT * FROM t WHERE a = '`' -- x",  # a backtick inside a string opens no literal
    "SELECT * FROM \"`\" -- x",
    "SELECT * FROM t WHERE a = 'it''s' -- x",
    "SELECT * FROM t WHERE a = 'unterminated -- x",
])
def test_a_comment_outside_every_literal_is_still_caught(statement: str) -> None:
    assert partiql_has_comment(statement)
    assert not partiql_is_read(statement)
    with pytest.raises(ReadOnlyError, match="read-only"):
        check_read_only("ExecuteStatement", {"Statement": statement})


@pytest.mark.parametrize("statement", [
    "SELECT * FROM t WHERE a = `1`; DELETE FROM t WHERE PK = 'a'",
    "SELECT * FROM t WHERE a = `;`; DELETE FROM t WHERE PK = 'a'",
    "SELECT * FROM t WHERE a = '`'; DELETE FROM t WHERE PK = 'a'",
    "SELECT * FROM \"`\"; DELETE FROM t WHERE PK = 'a'",
])
def test_a_second_statement_after_a_literal_is_still_caught(statement: str) -> None:
    assert not partiql_is_read(statement)
    with pytest.raises(ReadOnlyError, match="read-only"):
        check_read_only("ExecuteStatement", {"Statement": statement})
    with pytest.raises(DynoViewError):
        prepare(StatementSpec(statement), read_only=False)
